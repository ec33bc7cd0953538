import type { Kysely } from 'kysely';
import { CAMPAIGN_MESSAGES as M } from '../../../shared/messages';
import type { Database } from '../../db/types';
import { badRequest } from '../../http/errors';
import type { SecretBox } from '../../secrets/secret-box';
import {
  findList,
  findMemberView,
  insertSuppression,
  recordCampaignUnsubscribe,
  unsubscribeMember,
  workspaceNameOf,
} from './mailing-lists.repository';
import { listUnsubscribeKeys, verifyListUnsubscribe } from './unsubscribe-token';

/** "ana@example.com" → "an•••@example.com": enough for its owner to recognise, little for anyone else. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}

/**
 * The unsubscribe link of marketing mail (docs/product/marketing.md#unsubscribing). Reading it changes
 * nothing (mail scanners open links); the page's button or a mail program's one-click POST unsubscribes the
 * one person from the one list the token names, and records it against the campaign the copy came from. The
 * page may also suppress the address for all the workspace's marketing mail. The token alone decides.
 */
export function createListUnsubscribe(deps: { db: Kysely<Database>; box: SecretBox; clock: () => Date }) {
  const { db } = deps;
  const keys = listUnsubscribeKeys(deps.box);

  async function resolve(token: string) {
    const subject = verifyListUnsubscribe(keys, token);
    const member = subject ? await findMemberView(db, subject.listId, subject.subscriberId) : undefined;
    const list = member ? await findList(db, member.workspace_id, member.list_id) : undefined;
    if (!subject || !member || !list) throw badRequest(M.unsubscribeInvalid);
    return { subject, member, list };
  }

  return {
    async info(token: string) {
      const { member, list } = await resolve(token);
      return {
        listName: list.name,
        workspaceName: await workspaceNameOf(db, list.workspace_id),
        email: maskedEmail(member.email),
        unsubscribed: member.status === 'unsubscribed',
      };
    },

    async unsubscribe(token: string, everything: boolean): Promise<string> {
      const { subject, member, list } = await resolve(token);
      const now = deps.clock().toISOString();
      const workspaceName = await workspaceNameOf(db, list.workspace_id);
      await db.transaction().execute(async (trx) => {
        await unsubscribeMember(trx, list.id, member.subscriber_id, now);
        if (subject.recipientId)
          await recordCampaignUnsubscribe(trx, list.workspace_id, subject.recipientId, now);
        if (everything)
          await insertSuppression(trx, {
            workspace_id: list.workspace_id,
            email: member.email,
            reason: 'unsubscribed',
            detail: `From the unsubscribe link of "${list.name}"`,
            created_by: null,
            created_at: now,
          });
      });
      return everything ? M.unsubscribedEverything(workspaceName) : M.unsubscribed(list.name);
    },
  };
}
export type ListUnsubscribe = ReturnType<typeof createListUnsubscribe>;
