import type { Transaction } from 'kysely';
import { SESSION_MESSAGES as M } from '../../../shared/messages';
import type { Database, UserRow } from '../../db/types';
import { recordActivity } from '../activity/activity.service';
import { removeWebhooksMadeBy, revokeKeysMadeBy } from './sessions.repository';

export interface RevokedCredentials {
  /** Names of the API keys revoked. */
  apiKeys: string[];
  /** Hosts of the webhooks removed. */
  webhooks: string[];
}

/**
 * Takes back what a session used by someone else may have made (docs/security.md#lasting-credentials): the
 * account's API keys made since `since` are revoked and its webhooks made since then removed, in the
 * caller's transaction, with a line in the workspace's activity. "Sign out everywhere else" and the
 * password reset offer it.
 */
export async function revokeCredentialsMadeSince(
  trx: Transaction<Database>,
  user: Pick<UserRow, 'id' | 'workspace_id' | 'username'>,
  since: string,
  now: Date,
): Promise<RevokedCredentials> {
  const from = new Date(since).toISOString();
  const apiKeys = await revokeKeysMadeBy(trx, user.id, now.toISOString(), from);
  const webhooks = await removeWebhooksMadeBy(trx, user, from);
  if (apiKeys.length + webhooks.length > 0)
    await recordActivity(trx, {
      workspaceId: user.workspace_id,
      userId: user.id,
      action: M.revokedActivity(user.username, apiKeys.length, webhooks.length),
      kind: 'api-key',
    });
  return { apiKeys, webhooks };
}
