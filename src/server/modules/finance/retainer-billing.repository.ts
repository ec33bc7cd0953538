import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Active retainers that invoice themselves and have not billed `month` yet: the monthly run's work list
 * (started on or before the month's last day; at most `limit`, the rest wait for the next round).
 */
export function retainersToBill(db: Db, month: string, lastDay: string, limit: number) {
  return db
    .selectFrom('projects')
    .select(['projects.id', 'projects.workspace_id', 'projects.manager_id', 'projects.retainer_invoicing'])
    .where('projects.retainer_invoicing', 'in', ['draft', 'send'])
    .where('projects.status', '=', 'active')
    .where('projects.billing_type', '=', 'retainer')
    .where('projects.retainer_fee', 'is not', null)
    .where((eb) => eb.or([eb('projects.start_date', 'is', null), eb('projects.start_date', '<=', lastDay)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('retainer_invoices')
            .select('retainer_invoices.project_id')
            .whereRef('retainer_invoices.project_id', '=', 'projects.id')
            .where('retainer_invoices.month', '=', month),
        ),
      ),
    )
    .orderBy('projects.id')
    .limit(limit)
    .execute();
}

/** Claims a project's month for this invoice: false when it was already invoiced (by anyone, anywhere). */
export async function claimRetainerMonth(
  db: Db,
  row: { project_id: string; month: string; workspace_id: string; invoice_id: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('retainer_invoices')
    .values(row)
    .onConflict((oc) => oc.columns(['project_id', 'month']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Who the monthly run acts as when a project has no manager: the workspace's longest-standing admin. */
export function workspaceAdminId(db: Db, workspaceId: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('role', 'in', ['Business Admin', 'Admin'])
    .where('status', '=', 'Active')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}
