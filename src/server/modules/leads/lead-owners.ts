import type { Kysely, Transaction } from 'kysely';
import { normaliseImportName } from '../../../shared/lead-import-formats';
import type { Database, SessionUser } from '../../db/types';
import { mayOwnLeads, workspaceMembersForLeads, workspaceOwnerId } from '../users/users.service';
import { setOwnerOfUnowned } from './lead-writes.repository';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Who owns leads a user adds in bulk (Botgit's "Add to leads"): that user when they can use Client Leads,
 * else the workspace's own account.
 */
export async function leadOwnerFor(db: Db, caller: SessionUser): Promise<string | null> {
  return mayOwnLeads(caller) ? caller.id : workspaceOwnerId(db, caller.workspace_id);
}

/** A new workspace's sample leads go to the account that created it, once that account exists. */
export async function adoptUnownedLeads(trx: Transaction<Database>, workspaceId: string, userId: string) {
  await setOwnerOfUnowned(trx, workspaceId, userId);
}

/**
 * An import's owner column read against the workspace's members who may own leads: their name, username
 * or e-mail, compared as header names are (case, spaces and punctuation ignored). Anything else, the
 * importer.
 */
export async function importOwnerResolver(
  db: Db,
  workspaceId: string,
  importerId: string,
): Promise<(hint: string | undefined) => string> {
  const members = (await workspaceMembersForLeads(db, workspaceId)).filter(mayOwnLeads);
  const byName = new Map<string, string>();
  for (const member of members)
    for (const key of [member.email, member.username, member.name].map(normaliseImportName))
      if (key && !byName.has(key)) byName.set(key, member.id);
  return (hint) => (hint && byName.get(normaliseImportName(hint))) || importerId;
}
