import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { containsPattern } from '../../db/search';
import { engineOf } from '../../db/engine';
import type { InvoiceListQuery } from '../../../shared/schemas/finance';
import type {
  Database,
  FinanceSettingsRow,
  FinanceSettingsTable,
  InvoiceLineRow,
  InvoiceLinesTable,
  InvoiceTaxesTable,
  InvoiceRow,
  InvoicesTable,
} from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;
const locked = (db: Db) => engineOf(db) === 'postgres';

export function findFinanceSettings(db: Db, workspaceId: string): Promise<FinanceSettingsRow | undefined> {
  return db
    .selectFrom('finance_settings')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

export async function saveFinanceSettings(db: Db, row: Insertable<FinanceSettingsTable>): Promise<void> {
  const { workspace_id: _, ...changes } = row;
  await db
    .insertInto('finance_settings')
    .values(row)
    .onConflict((oc) => oc.column('workspace_id').doUpdateSet(changes))
    .execute();
}

/** The invoice of the workspace; `forWrite` holds its row until commit on PostgreSQL. */
export function findInvoice(
  db: Db,
  workspaceId: string,
  id: string,
  forWrite = false,
): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .$if(forWrite && locked(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export function linesOf(db: Db, invoiceId: string): Promise<InvoiceLineRow[]> {
  return db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
}

export async function insertInvoice(db: Db, row: Insertable<InvoicesTable>): Promise<void> {
  await db.insertInto('invoices').values(row).execute();
}

export async function updateInvoice(db: Db, id: string, changes: Updateable<InvoicesTable>): Promise<void> {
  await db.updateTable('invoices').set(changes).where('id', '=', id).execute();
}

/** A draft's lines and tax groups replaced by these. */
export async function replaceLines(
  db: Db,
  invoiceId: string,
  rows: Insertable<InvoiceLinesTable>[],
  taxes: Insertable<InvoiceTaxesTable>[],
): Promise<void> {
  await db.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  await db.deleteFrom('invoice_taxes').where('invoice_id', '=', invoiceId).execute();
  if (rows.length) await db.insertInto('invoice_lines').values(rows).execute();
  if (taxes.length) await db.insertInto('invoice_taxes').values(taxes).execute();
}

/** The time a draft billed, free to bill again. */
export async function releaseTime(db: Db, invoiceId: string): Promise<void> {
  await db
    .updateTable('time_entries')
    .set({ invoice_id: null, invoiced_at: null })
    .where('invoice_id', '=', invoiceId)
    .execute();
}

/** Deletes a draft (its caller frees what it billed first). */
export async function deleteDraft(db: Db, id: string): Promise<void> {
  await releaseTime(db, id);
  await db.deleteFrom('invoices').where('id', '=', id).where('status', '=', 'draft').execute();
}

/** The credit notes issued against an invoice, oldest first. */
export function creditNotesOf(db: Db, invoiceId: string) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'issue_date', 'total'])
    .where('corrects_id', '=', invoiceId)
    .orderBy('created_at')
    .execute();
}

/** The payments allocated to an invoice, oldest first. */
export function paymentsOf(db: Db, invoiceId: string) {
  return db
    .selectFrom('payment_allocations as a')
    .innerJoin('payments as p', 'p.id', 'a.payment_id')
    .select(['p.id', 'p.date', 'a.amount', 'p.method', 'p.reference'])
    .where('a.invoice_id', '=', invoiceId)
    .orderBy('p.date')
    .orderBy('a.created_at')
    .execute();
}

export interface InvoiceFilters {
  query: InvoiceListQuery;
  today: string;
}

/** The stored conditions each shown state stands for (src/shared/finance.ts invoiceState). */
function stateCondition(state: string, today: string) {
  switch (state) {
    case 'overdue':
      return sql<boolean>`(invoices.status = 'open' and invoices.due_date < ${today})`;
    case 'partly_paid':
      return sql<boolean>`(invoices.status = 'open' and invoices.paid_amount > 0 and (invoices.due_date is null or invoices.due_date >= ${today}))`;
    case 'sent':
      return sql<boolean>`(invoices.status = 'open' and invoices.paid_amount = 0 and (invoices.due_date is null or invoices.due_date >= ${today}))`;
    default:
      return sql<boolean>`(invoices.status = ${state})`;
  }
}

export async function listInvoices(
  db: Db,
  workspaceId: string,
  { query, today }: InvoiceFilters,
): Promise<{
  rows: (InvoiceRow & { client_name: string; corrects_number: string | null })[];
  total: number;
}> {
  let rows = db
    .selectFrom('invoices')
    .where('invoices.workspace_id', '=', workspaceId)
    .where('invoices.kind', '=', query.kind);
  if (query.state?.length)
    rows = rows.where(
      sql<boolean>`(${sql.join(
        query.state.map((state) => stateCondition(state, today)),
        sql` or `,
      )})`,
    );
  if (query.client) rows = rows.where('invoices.client_id', '=', query.client);
  if (query.project) rows = rows.where('project_id', '=', query.project);
  if (query.from) rows = rows.where('invoices.issue_date', '>=', query.from);
  if (query.to) rows = rows.where('invoices.issue_date', '<=', query.to);
  if (query.search)
    rows = rows.where(
      sql<boolean>`invoices.search_text like ${containsPattern(query.search.toLowerCase())} escape '\\'`,
    );
  const [page, count] = await Promise.all([
    rows
      .innerJoin('clients', 'clients.id', 'invoices.client_id')
      .leftJoin('invoices as corrected', 'corrected.id', 'invoices.corrects_id')
      .selectAll('invoices')
      .select(['clients.name as client_name', 'corrected.number as corrects_number'])
      .orderBy('invoices.issue_date', 'desc')
      .orderBy('invoices.created_at', 'desc')
      .orderBy('invoices.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    rows.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(count.total) };
}

export async function workspaceName(db: Db, workspaceId: string): Promise<string> {
  const row = await db
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/**
 * Claims a project's approved, billable time not yet billed for this invoice, up to `through`, and answers
 * what it claimed. The condition is in the UPDATE itself: a second "Invoice project" at the same moment waits
 * for the first's row locks on PostgreSQL (SQLite writes one transaction at a time), then finds those rows no
 * longer free, so no hour is billed twice.
 */
export function claimBillableTime(
  db: Db,
  projectId: string,
  invoiceId: string,
  through: string,
  now: string,
) {
  return db
    .updateTable('time_entries')
    .set({ invoice_id: invoiceId, invoiced_at: now })
    .where('project_id', '=', projectId)
    .where('status', '=', 'approved')
    .where('billable', '=', 1)
    .where('invoice_id', 'is', null)
    .where('date', '<=', through)
    .returning(['id', 'task_id', 'user_id', 'user_name', 'minutes', 'hourly_rate', 'amount', 'date'])
    .execute();
}

/** The titles and numbers of these tasks, for the lines that bill them. */
export function taskTitles(db: Db, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('tasks').select(['id', 'number', 'title']).where('id', 'in', ids).execute();
}

/** The published Web Settings document (JSON), for the agency's invoices' look. */
export async function liveSiteSettings(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('site_settings')
    .select('data')
    .where('stage', '=', 'live')
    .executeTakeFirst();
  return row?.data;
}

export function mediaBytes(db: Db, id: string) {
  return db.selectFrom('media').select(['content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
}

/**
 * Final invoices with something left to pay whose reminders run, due between `from` and `to`, oldest due
 * first: the candidates of a reminder round.
 */
export function remindable(db: Db, from: string, to: string, limit: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'workspace_id', 'due_date'])
    .where('kind', '=', 'invoice')
    .where('status', '=', 'open')
    .where('reminders_paused', '=', 0)
    .where('due_date', '>=', from)
    .where('due_date', '<=', to)
    .orderBy('due_date')
    .limit(limit)
    .execute();
}

/** The reminder steps already claimed for these invoices. */
export function claimedSteps(db: Db, invoiceIds: string[]) {
  if (!invoiceIds.length) return Promise.resolve([]);
  return db
    .selectFrom('invoice_reminders')
    .select(['invoice_id', 'step'])
    .where('invoice_id', 'in', invoiceIds)
    .execute();
}

/** Claims a step; false when another round (or instance) already did. */
export async function claimStep(
  db: Db,
  row: { invoice_id: string; step: number; status: 'queued' | 'refused'; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('invoice_reminders')
    .values(row)
    .onConflict((oc) => oc.columns(['invoice_id', 'step']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
