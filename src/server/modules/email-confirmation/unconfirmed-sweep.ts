import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { EMAIL_CONFIRMATION, WAITING_ROOM_WORKSPACE_ID } from '../../../shared/email-confirmation';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';

/**
 * Erases sign-ups never confirmed within 7 days (docs/product/auth.md#proven-addresses): their address and claimed domain are free
 * again. A Business Owner's or Freelancer's workspace goes with them when nobody else is in it (deleting
 * the workspace row erases everything of it, ON DELETE CASCADE). `email` limits it to one address (a new
 * sign-up with it); answers how many accounts were erased.
 */
export async function sweepUnconfirmed(db: Kysely<Database>, now: Date, email?: string): Promise<number> {
  const before = new Date(now.getTime() - EMAIL_CONFIRMATION.unconfirmedTtlMs).toISOString();
  const due = await db
    .selectFrom('users')
    .select(['id', 'workspace_id'])
    .where('email_confirmed_at', 'is', null)
    .where('created_at', '<', before)
    .$if(email !== undefined, (q) => q.where('email', '=', email!))
    .orderBy('created_at')
    .limit(500)
    .execute();
  for (const user of due) {
    await db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('users')
        .where('id', '=', user.id)
        .where('email_confirmed_at', 'is', null)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return;
      if (user.workspace_id === WAITING_ROOM_WORKSPACE_ID || user.workspace_id === AGENCY_WORKSPACE_ID)
        return;
      const others = await trx
        .selectFrom('users')
        .select('id')
        .where('workspace_id', '=', user.workspace_id)
        .executeTakeFirst();
      if (!others) await trx.deleteFrom('workspaces').where('id', '=', user.workspace_id).execute();
    });
  }
  return due.length;
}
