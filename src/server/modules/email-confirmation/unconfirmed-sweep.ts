import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { EMAIL_CONFIRMATION, WAITING_ROOM_WORKSPACE_ID } from '../../../shared/email-confirmation';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import {
  deleteIfUnconfirmed,
  deleteWorkspaceIfEmpty,
  unconfirmedBefore,
} from './email-confirmation.repository';

/**
 * Erases sign-ups never confirmed within 7 days (docs/product/auth.md#proven-addresses): their address and claimed domain are free
 * again. A Business Owner's or Freelancer's workspace goes with them when nobody else is in it (deleting
 * the workspace row erases everything of it, ON DELETE CASCADE). `email` limits it to one address (a new
 * sign-up with it); answers how many accounts were erased.
 */
export async function sweepUnconfirmed(db: Kysely<Database>, now: Date, email?: string): Promise<number> {
  const before = new Date(now.getTime() - EMAIL_CONFIRMATION.unconfirmedTtlMs).toISOString();
  const due = await unconfirmedBefore(db, before, email, 500);
  for (const user of due) {
    await db.transaction().execute(async (trx) => {
      if (!(await deleteIfUnconfirmed(trx, user.id))) return;
      if (user.workspace_id === WAITING_ROOM_WORKSPACE_ID || user.workspace_id === AGENCY_WORKSPACE_ID)
        return;
      await deleteWorkspaceIfEmpty(trx, user.workspace_id);
    });
  }
  return due.length;
}
