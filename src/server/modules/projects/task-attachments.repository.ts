import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, TaskAttachmentsTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

const LISTED = [
  'id',
  'name',
  'content_type',
  'size',
  'uploaded_by',
  'uploaded_by_name',
  'uploader_kind',
  'visibility',
  'created_at',
] as const;

export function attachmentsOf(db: Db, taskId: string) {
  return db
    .selectFrom('task_attachments')
    .select(LISTED)
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function attachmentCount(db: Db, taskId: string): Promise<number> {
  const row = await db
    .selectFrom('task_attachments')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One attachment of the task, with its bytes. */
export function attachmentBytes(db: Db, taskId: string, id: string) {
  return db
    .selectFrom('task_attachments')
    .select(['name', 'content_type', 'size', 'data'])
    .where('task_id', '=', taskId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findAttachment(db: Db, taskId: string, id: string) {
  return db
    .selectFrom('task_attachments')
    .select(LISTED)
    .where('task_id', '=', taskId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAttachment(db: Db, row: Insertable<TaskAttachmentsTable>): Promise<void> {
  await db.insertInto('task_attachments').values(row).execute();
}

export async function deleteAttachment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('task_attachments').where('id', '=', id).execute();
}

export async function setAttachmentVisibility(
  db: Db,
  id: string,
  visibility: 'internal' | 'client',
): Promise<void> {
  await db.updateTable('task_attachments').set({ visibility }).where('id', '=', id).execute();
}
