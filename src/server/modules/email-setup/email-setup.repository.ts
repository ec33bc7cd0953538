import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, EmailSettingsTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** The set-up's columns a save writes, besides the password and its scope. */
export type EmailSettingsValues = Omit<
  Insertable<EmailSettingsTable>,
  'workspace_id' | 'pass_sealed' | 'pass_scope'
>;

/** Saves the set-up with a newly typed password (sealed) and the scope it was typed for. */
export async function saveWithPassword(
  trx: Transaction<Database>,
  workspaceId: string,
  typed: EmailSettingsValues & { pass_sealed: string; pass_scope: string },
): Promise<void> {
  await trx
    .insertInto('email_settings')
    .values({ workspace_id: workspaceId, ...typed })
    .onConflict((oc) => oc.column('workspace_id').doUpdateSet(typed))
    .execute();
}

/**
 * Saves the set-up keeping the stored password, on condition that it is still the one typed for `scope`
 * (a save of other settings meanwhile must not let this one move it). Answers whether it saved.
 */
export async function saveKeepingPassword(
  trx: Transaction<Database>,
  workspaceId: string,
  values: EmailSettingsValues,
  scope: string,
): Promise<boolean> {
  const kept = await trx
    .updateTable('email_settings')
    .set(values)
    .where('workspace_id', '=', workspaceId)
    .where('pass_scope', '=', scope)
    .executeTakeFirst();
  return Number(kept.numUpdatedRows) !== 0;
}

/** The workspace's newest messages, as its delivery log lists them. */
export function newestMail(db: Db, workspaceId: string, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'kind',
      'to_address',
      'subject',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
      'next_attempt_at',
    ])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
