import { BLOG_MESSAGES, LEAD_MESSAGES, SERVER_MESSAGES } from '../../shared/messages';
import { HttpError } from '../http/errors';
import { perKeyLimit } from './work-gate';

const refused = (message: string) => () => new HttpError(429, message, undefined, { 'Retry-After': '5' });

/**
 * Heavy work one workspace may have under way at once, per process (docs/decisions/0007-bounded-work.md). Each kind also has a
 * process-wide bound (the work gates); these keep one tenant from filling those for every other.
 */
export const WORKSPACE_WORK = {
  /** Lead imports: one at a time, so two cannot race on the same e-mails. */
  imports: perKeyLimit(1, refused(LEAD_MESSAGES.importRunning)),
  /** Import previews (a parse and a read, nothing written): one at a time, apart from the imports. */
  importPreviews: perKeyLimit(1, refused(LEAD_MESSAGES.previewRunning)),
  /** CSV downloads (leads and scraped profiles), held until the stream closes. */
  exports: perKeyLimit(2, refused(SERVER_MESSAGES.exportsRunning)),
  /** Featured images being checked and re-encoded. */
  images: perKeyLimit(2, refused(BLOG_MESSAGES.imagesBusy)),
};
