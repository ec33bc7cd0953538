import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, EmailTemplateRow, EmailTemplatesTable } from '../../db/types';
import { EMAIL_TEMPLATE_LIMITS } from '../../../shared/email-templates';

type Db = Kysely<Database> | Transaction<Database>;

/** The name as the unique index compares it: trimmed, lower-cased. */
export const nameKeyOf = (name: string) => name.trim().toLowerCase();

export function findTemplate(db: Db, workspaceId: string, id: string): Promise<EmailTemplateRow | undefined> {
  return db
    .selectFrom('email_templates')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Another template of the workspace with this name (whatever its case), besides `exceptId`. */
export async function nameTaken(
  db: Db,
  workspaceId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('email_templates')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('name_key', '=', nameKeyOf(name))
    .$if(Boolean(exceptId), (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return Boolean(row);
}

/** The workspace's templates, the last changed first. */
export function listTemplates(db: Db, workspaceId: string) {
  return db
    .selectFrom('email_templates')
    .select(['id', 'name', 'subject', 'updated_at'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(EMAIL_TEMPLATE_LIMITS.listMax)
    .execute();
}

export async function insertTemplate(db: Db, row: Insertable<EmailTemplatesTable>): Promise<void> {
  await db.insertInto('email_templates').values(row).execute();
}

export async function updateTemplate(
  db: Db,
  workspaceId: string,
  id: string,
  changes: Updateable<EmailTemplatesTable>,
): Promise<void> {
  await db
    .updateTable('email_templates')
    .set(changes)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTemplate(db: Db, workspaceId: string, id: string): Promise<void> {
  await db
    .deleteFrom('email_templates')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}
