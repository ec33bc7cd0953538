import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** An access as its notices need it: who, what they turned off, and the workspace's name. */
export interface NoticeAccess {
  id: string;
  email: string;
  name: string;
  /** JSON array of the kinds turned off. */
  notifications_off: string;
  workspace_name: string;
}

const noticeAccess = (db: Db) =>
  db
    .selectFrom('portal_access')
    .innerJoin('workspaces', 'workspaces.id', 'portal_access.workspace_id')
    .select([
      'portal_access.id',
      'portal_access.email',
      'portal_access.name',
      'portal_access.notifications_off',
      'workspaces.name as workspace_name',
    ]);

/** Every access at a client (none while its workspace is deleted), in a stable order. */
export function accessesForNotice(db: Db, workspaceId: string, clientId: string): Promise<NoticeAccess[]> {
  return noticeAccess(db)
    .where('portal_access.workspace_id', '=', workspaceId)
    .where('portal_access.client_id', '=', clientId)
    .where('workspaces.deleted_at', 'is', null)
    .orderBy('portal_access.email')
    .execute();
}

/** One access by id: an unsubscribe link names only the access. */
export function accessForNotice(db: Db, accessId: string): Promise<NoticeAccess | undefined> {
  return noticeAccess(db).where('portal_access.id', '=', accessId).executeTakeFirst();
}

/** The kinds a signed-in contact turned off, read within the portal's scope. */
export async function notificationsOffOf(
  db: Db,
  scope: { accessId: string; workspaceId: string; clientId: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('portal_access')
    .select('notifications_off')
    .where('id', '=', scope.accessId)
    .where('workspace_id', '=', scope.workspaceId)
    .where('client_id', '=', scope.clientId)
    .executeTakeFirst();
  return row?.notifications_off;
}

/**
 * Writes the kinds turned off only while the stored list is still `before`: of two changes racing, the
 * second sees 0 rows and reads again, so neither is lost.
 */
export async function replaceNotificationsOff(
  db: Db,
  accessId: string,
  before: string,
  after: string,
): Promise<boolean> {
  const result = await db
    .updateTable('portal_access')
    .set({ notifications_off: after })
    .where('id', '=', accessId)
    .where('notifications_off', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
