import type { BlogFields } from '../../../shared/schemas/blog';
import { PUBLISHING_LIMITS } from '../../../shared/blog';
import { PUBLISHING_MESSAGES } from '../../../shared/messages';
import { badRequest } from '../../http/errors';

const DAY_MS = 86_400_000;

/**
 * The form's publish time, checked against the server's clock: only a draft may wait for one, and it
 * must lie ahead (within PUBLISHING_LIMITS.scheduleMaxDays). Answers what to store (null: not scheduled).
 */
export function checkedPublishAt(fields: BlogFields, now: Date): string | null {
  const at = fields.publishAt;
  if (at === null) return null;
  const refuse = (message: string) => badRequest(message, [{ field: 'publishAt', message }]);
  if (fields.status !== 'draft') throw refuse(PUBLISHING_MESSAGES.publishAtNeedsDraft);
  const time = Date.parse(at);
  if (time <= now.getTime()) throw refuse(PUBLISHING_MESSAGES.publishAtPast);
  if (time > now.getTime() + PUBLISHING_LIMITS.scheduleMaxDays * DAY_MS)
    throw refuse(PUBLISHING_MESSAGES.publishAtInvalid);
  return at;
}
