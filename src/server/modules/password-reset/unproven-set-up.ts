import type { Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/types';
import { enqueueMail } from '../../mail/outbox';
import { accessRemovedMail } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';
import { removeTwoFactor } from '../two-factor/two-factor.service';
import { removeWebhooksMadeBy, revokeKeysMadeBy } from '../sessions/sessions.service';
import { hasAnyTwoFactor } from './password-reset.repository';

/** What an account had set up before its address was proven, and lost when the address was proven. */
export interface EndedSetUp {
  /** Hosts of the webhooks removed. */
  webhooks: string[];
  /** Names of the API keys revoked (a connected Botgit's key among them). */
  apiKeys: string[];
  twoFactor: boolean;
}

/**
 * "Forgot password" proves an address nobody had proven (docs/security.md#proven-addresses-and-domains): whoever signed up
 * first with it may not have been its owner. Everything that account set up which would outlive the
 * take-over is ended in the same transaction: the webhooks it added (a workspace's data would keep going
 * to the squatter), its API keys (a connected Botgit's too), and a second factor (it would lock the owner
 * out). Its sessions end with the reset itself. The owner is told by mail what was removed, and the
 * workspace's activity says so. Nothing is done for an account whose address was already proven.
 */
export async function endUnprovenSetUp(
  trx: Transaction<Database>,
  user: UserRow,
  siteName: string,
  now: Date,
): Promise<EndedSetUp> {
  const ended: EndedSetUp = { webhooks: [], apiKeys: [], twoFactor: false };
  if (user.email_confirmed_at !== null) return ended;
  ended.webhooks = await removeWebhooksMadeBy(trx, user);
  ended.apiKeys = await revokeKeysMadeBy(trx, user.id, now.toISOString());
  if (await hasAnyTwoFactor(trx, user.id)) {
    await removeTwoFactor(trx, user.id);
    ended.twoFactor = true;
  }
  if (ended.webhooks.length + ended.apiKeys.length === 0 && !ended.twoFactor) return ended;
  await recordActivity(trx, {
    workspaceId: user.workspace_id,
    userId: user.id,
    action: `${user.username} proved their e-mail address: what was set up before it was removed`,
  });
  await enqueueMail(
    trx,
    {
      workspaceId: user.workspace_id,
      kind: 'access-removed',
      via: 'platform',
      to: user.email,
      ...accessRemovedMail(siteName, { username: user.username, ...ended }),
    },
    now,
  );
  return ended;
}
