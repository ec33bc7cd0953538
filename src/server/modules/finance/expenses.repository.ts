import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { engineOf } from '../../db/engine';
import type { ExpenseListQuery } from '../../../shared/schemas/expenses';
import type { Database, ExpenseReceiptsTable, ExpenseRow, ExpensesTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

export function findExpense(
  db: Db,
  workspaceId: string,
  id: string,
  forWrite = false,
): Promise<ExpenseRow | undefined> {
  return db
    .selectFrom('expenses')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .$if(forWrite && engineOf(db) === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function insertExpense(db: Db, row: Insertable<ExpensesTable>): Promise<void> {
  await db.insertInto('expenses').values(row).execute();
}

export async function updateExpense(db: Db, id: string, changes: Updateable<ExpensesTable>): Promise<void> {
  await db.updateTable('expenses').set(changes).where('id', '=', id).execute();
}

export async function deleteExpense(db: Db, id: string): Promise<void> {
  await db.deleteFrom('expenses').where('id', '=', id).execute();
}

/** Adds `delta` to a project's approved expenses (relative, so concurrent decisions both count). */
export async function addProjectExpense(db: Db, projectId: string, delta: number): Promise<void> {
  await db
    .updateTable('projects')
    .set((eb) => ({ expense_amount: eb('expense_amount', '+', delta) }))
    .where('id', '=', projectId)
    .execute();
}

export function listExpenses(db: Db, workspaceId: string, query: ExpenseListQuery, mineOf: string | null) {
  let rows = db.selectFrom('expenses').where('expenses.workspace_id', '=', workspaceId);
  if (query.status) rows = rows.where('expenses.status', '=', query.status);
  if (query.project) rows = rows.where('expenses.project_id', '=', query.project);
  if (query.category) rows = rows.where('expenses.category', '=', query.category);
  if (mineOf) rows = rows.where('expenses.submitted_by', '=', mineOf);
  if (query.from) rows = rows.where('expenses.date', '>=', query.from);
  if (query.to) rows = rows.where('expenses.date', '<=', query.to);
  return Promise.all([
    rows
      .leftJoin('projects', 'projects.id', 'expenses.project_id')
      .leftJoin('expense_receipts', 'expense_receipts.expense_id', 'expenses.id')
      .selectAll('expenses')
      .select([
        'projects.code as project_code',
        'projects.name as project_name',
        'expense_receipts.name as receipt_name',
        'expense_receipts.content_type as receipt_type',
        'expense_receipts.size as receipt_size',
      ])
      .orderBy('expenses.date', 'desc')
      .orderBy('expenses.created_at', 'desc')
      .orderBy('expenses.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    rows.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
}

/** One expense with its project's name and its receipt's name, type and size. */
export function expenseWithParts(db: Db, id: string) {
  return db
    .selectFrom('expenses')
    .leftJoin('projects', 'projects.id', 'expenses.project_id')
    .leftJoin('expense_receipts', 'expense_receipts.expense_id', 'expenses.id')
    .selectAll('expenses')
    .select([
      'projects.code as project_code',
      'projects.name as project_name',
      'expense_receipts.name as receipt_name',
      'expense_receipts.content_type as receipt_type',
      'expense_receipts.size as receipt_size',
    ])
    .where('expenses.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Approved this month and waiting, in one currency. */
export async function expenseTotals(db: Db, workspaceId: string, currency: string, monthStart: string) {
  const row = await db
    .selectFrom('expenses')
    .select([
      sql<
        number | string | null
      >`sum(case when status = 'approved' and date >= ${monthStart} then amount else 0 end)`.as('approved'),
      sql<number | string | null>`sum(case when status = 'pending' then amount else 0 end)`.as('pending'),
      sql<number | string | null>`sum(case when status = 'pending' then 1 else 0 end)`.as('pending_count'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return {
    approvedThisMonth: Number(row?.approved ?? 0),
    pending: Number(row?.pending ?? 0),
    pendingCount: Number(row?.pending_count ?? 0),
  };
}

export async function replaceReceipt(db: Db, row: Insertable<ExpenseReceiptsTable>): Promise<void> {
  await db.deleteFrom('expense_receipts').where('expense_id', '=', row.expense_id).execute();
  await db.insertInto('expense_receipts').values(row).execute();
}

export function receiptOf(db: Db, expenseId: string) {
  return db.selectFrom('expense_receipts').selectAll().where('expense_id', '=', expenseId).executeTakeFirst();
}

/**
 * Claims a project's approved, billable expenses in its currency not yet billed, for this invoice, and
 * answers them: the condition is in the UPDATE, so two "Invoice project" at once never both bill one.
 */
export function claimBillableExpenses(
  db: Db,
  projectId: string,
  currency: string,
  invoiceId: string,
  through: string,
) {
  return db
    .updateTable('expenses')
    .set({ invoice_id: invoiceId })
    .where('project_id', '=', projectId)
    .where('status', '=', 'approved')
    .where('billable', '=', 1)
    .where('currency', '=', currency)
    .where('invoice_id', 'is', null)
    .where('date', '<=', through)
    .returning(['id', 'vendor', 'description', 'date', 'amount', 'tax_amount'])
    .execute();
}

/** Expenses a deleted draft billed, free to bill again. */
export async function releaseExpenses(db: Db, invoiceId: string): Promise<void> {
  await db.updateTable('expenses').set({ invoice_id: null }).where('invoice_id', '=', invoiceId).execute();
}
