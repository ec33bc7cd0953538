import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { EstimateListQuery } from '../../../shared/schemas/estimates';
import { containsPattern } from '../../db/search';
import { engineOf } from '../../db/engine';
import type {
  Database,
  EstimateLineRow,
  EstimateLinesTable,
  EstimateRow,
  EstimatesTable,
} from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** The estimate of the workspace; `forWrite` holds its row until commit on PostgreSQL. */
export function findEstimate(
  db: Db,
  workspaceId: string,
  id: string,
  forWrite = false,
): Promise<EstimateRow | undefined> {
  return db
    .selectFrom('estimates')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .$if(forWrite && engineOf(db) === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export function findEstimateByTokenHash(db: Db, hash: string): Promise<EstimateRow | undefined> {
  return db.selectFrom('estimates').selectAll().where('share_token_hash', '=', hash).executeTakeFirst();
}

export function estimateLinesOf(db: Db, estimateId: string): Promise<EstimateLineRow[]> {
  return db
    .selectFrom('estimate_lines')
    .selectAll()
    .where('estimate_id', '=', estimateId)
    .orderBy('position')
    .execute();
}

export async function insertEstimate(db: Db, row: Insertable<EstimatesTable>): Promise<void> {
  await db.insertInto('estimates').values(row).execute();
}

export async function updateEstimate(db: Db, id: string, changes: Updateable<EstimatesTable>): Promise<void> {
  await db.updateTable('estimates').set(changes).where('id', '=', id).execute();
}

export async function replaceEstimateLines(
  db: Db,
  estimateId: string,
  rows: Insertable<EstimateLinesTable>[],
): Promise<void> {
  await db.deleteFrom('estimate_lines').where('estimate_id', '=', estimateId).execute();
  if (rows.length) await db.insertInto('estimate_lines').values(rows).execute();
}

export async function deleteEstimate(db: Db, id: string): Promise<void> {
  await db.deleteFrom('estimates').where('id', '=', id).execute();
}

/** The labels of the project and deposit invoice an estimate became, when they still exist. */
export async function estimateOutcome(db: Db, row: Pick<EstimateRow, 'project_id' | 'deposit_invoice_id'>) {
  const [project, invoice] = await Promise.all([
    row.project_id
      ? db
          .selectFrom('projects')
          .select(['id', 'code', 'name'])
          .where('id', '=', row.project_id)
          .executeTakeFirst()
      : undefined,
    row.deposit_invoice_id
      ? db
          .selectFrom('invoices')
          .select(['id', 'number'])
          .where('id', '=', row.deposit_invoice_id)
          .executeTakeFirst()
      : undefined,
  ]);
  return { project, invoice };
}

/** The list's filter for a state as people see it (Expired is a sent one past its date). */
function stateCondition(state: NonNullable<EstimateListQuery['state']>, today: string) {
  if (state === 'expired')
    return sql<boolean>`(estimates.status = 'sent' and estimates.valid_until < ${today})`;
  if (state === 'sent')
    return sql<boolean>`(estimates.status = 'sent' and estimates.valid_until >= ${today})`;
  return sql<boolean>`estimates.status = ${state}`;
}

export async function listEstimates(
  db: Db,
  workspaceId: string,
  query: EstimateListQuery,
  today: string,
): Promise<{ rows: (EstimateRow & { client_name: string })[]; total: number }> {
  let rows = db.selectFrom('estimates').where('estimates.workspace_id', '=', workspaceId);
  if (query.state) rows = rows.where(stateCondition(query.state, today));
  if (query.client) rows = rows.where('estimates.client_id', '=', query.client);
  if (query.search)
    rows = rows.where(
      sql<boolean>`estimates.search_text like ${containsPattern(query.search.toLowerCase())} escape '\\'`,
    );
  const [page, count] = await Promise.all([
    rows
      .innerJoin('clients', 'clients.id', 'estimates.client_id')
      .selectAll('estimates')
      .select('clients.name as client_name')
      .orderBy('estimates.issue_date', 'desc')
      .orderBy('estimates.created_at', 'desc')
      .orderBy('estimates.number', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    rows.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(count.total) };
}

/**
 * Marks an estimate sent with its new link and the hash of the PDF the mail carries, unless an answer was
 * recorded meanwhile: true when it was.
 */
export async function markEstimateSent(
  db: Db,
  id: string,
  at: string,
  tokenHash: string,
  pdfSha256: string,
): Promise<boolean> {
  const result = await db
    .updateTable('estimates')
    .set({
      status: 'sent',
      sent_at: at,
      share_token_hash: tokenHash,
      sent_pdf_sha256: pdfSha256,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', 'in', ['draft', 'sent'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records what an estimate became, in the UPDATE's own condition: of two conversions at the same moment
 * only the first finds it without a project. True when this one did.
 */
export async function claimEstimateConversion(
  db: Db,
  id: string,
  changes: { project_id: string; deposit_invoice_id: string | null; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('estimates')
    .set(changes)
    .where('id', '=', id)
    .where('project_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
