import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { engineOf } from '../../db/engine';

type Db = Kysely<Database> | Transaction<Database>;
type Amount = number | string | null;

/** What is left to pay on final invoices, as SQL. */
const LEFT = sql<number>`total - paid_amount - credited_amount`;

/** Outstanding per currency, and the count of open invoices. */
export function outstandingByCurrency(db: Db, workspaceId: string) {
  return db
    .selectFrom('invoices')
    .select([
      'currency',
      sql<Amount>`sum(${LEFT})`.as('amount'),
      (eb) => eb.fn.countAll<number | string>().as('count'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'open')
    .where('kind', '=', 'invoice')
    .groupBy('currency')
    .execute();
}

/**
 * Open invoices' balances by how many days past due, in one currency: `edges` are the due dates that start
 * each bucket (today, today − 30, − 60, − 90), compared as ISO days on both engines.
 */
export function ageing(
  db: Db,
  workspaceId: string,
  currency: string,
  edges: [string, string, string, string],
) {
  const [today, d30, d60, d90] = edges;
  return db
    .selectFrom('invoices')
    .select([
      sql<string>`case
        when due_date is null or due_date >= ${today} then 'current'
        when due_date >= ${d30} then '1-30'
        when due_date >= ${d60} then '31-60'
        when due_date >= ${d90} then '61-90'
        else '90+' end`.as('bucket'),
      sql<Amount>`sum(${LEFT})`.as('amount'),
      (eb) => eb.fn.countAll<number | string>().as('count'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'open')
    .where('kind', '=', 'invoice')
    .where('currency', '=', currency)
    .groupBy('bucket')
    .execute();
}

export async function draftCount(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'draft')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Final invoices less credit notes, by month of issue, from `from` (a YYYY-MM-DD). */
export function invoicedByMonth(db: Db, workspaceId: string, currency: string, from: string) {
  return db
    .selectFrom('invoices')
    .select([
      sql<string>`substr(issue_date, 1, 7)`.as('month'),
      sql<Amount>`sum(case when kind = 'invoice' then total else -total end)`.as('amount'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('status', '!=', 'draft')
    .where('currency', '=', currency)
    .where('issue_date', '>=', from)
    .groupBy(sql`substr(issue_date, 1, 7)`)
    .execute();
}

/** Money received less refunds, by month, from `from`. */
export function receivedByMonth(db: Db, workspaceId: string, currency: string, from: string) {
  return db
    .selectFrom('payments')
    .select([
      sql<string>`substr(date, 1, 7)`.as('month'),
      sql<Amount>`sum(case when kind = 'receipt' then amount else -amount end)`.as('amount'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('kind', 'in', ['receipt', 'refund'])
    .where('currency', '=', currency)
    .where('date', '>=', from)
    .groupBy(sql`substr(date, 1, 7)`)
    .execute();
}

/** A client's documents and money movements from `from` to `to`, in date order. */
export function clientLedger(
  db: Db,
  workspaceId: string,
  clientId: string,
  from: string | null,
  to: string | null,
) {
  const documents = db
    .selectFrom('invoices')
    .select([
      'id',
      'issue_date as date',
      sql<string>`kind`.as('kind'),
      sql<string>`coalesce(number, '')`.as('reference'),
      'total as amount',
      // On one day a ledger reads invoice, then its credit note, then the money.
      sql<number>`case when kind = 'invoice' then 0 else 1 end`.as('rank'),
      'created_at',
    ])
    .where('workspace_id', '=', workspaceId)
    .where('client_id', '=', clientId)
    .where('status', '!=', 'draft')
    .$if(from !== null, (qb) => qb.where('issue_date', '>=', from!))
    .$if(to !== null, (qb) => qb.where('issue_date', '<=', to!));
  const money = db
    .selectFrom('payments')
    .select([
      'id',
      'date',
      sql<string>`kind`.as('kind'),
      'reference',
      'amount',
      sql<number>`case when kind = 'receipt' then 2 else 3 end`.as('rank'),
      'created_at',
    ])
    .where('workspace_id', '=', workspaceId)
    .where('client_id', '=', clientId)
    .where('kind', 'in', ['receipt', 'refund'])
    .$if(from !== null, (qb) => qb.where('date', '>=', from!))
    .$if(to !== null, (qb) => qb.where('date', '<=', to!));
  return db
    .selectFrom(documents.unionAll(money).as('entries'))
    .selectAll()
    .orderBy('date')
    .orderBy('rank')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** What a client owed before a day: invoices and refunds less credit notes and payments. */
export async function balanceBefore(
  db: Db,
  workspaceId: string,
  clientId: string,
  before: string,
): Promise<number> {
  const [documents, money] = await Promise.all([
    db
      .selectFrom('invoices')
      .select(sql<Amount>`sum(case when kind = 'invoice' then total else -total end)`.as('amount'))
      .where('workspace_id', '=', workspaceId)
      .where('client_id', '=', clientId)
      .where('status', '!=', 'draft')
      .where('issue_date', '<', before)
      .executeTakeFirst(),
    db
      .selectFrom('payments')
      .select(sql<Amount>`sum(case when kind = 'refund' then amount else -amount end)`.as('amount'))
      .where('workspace_id', '=', workspaceId)
      .where('client_id', '=', clientId)
      .where('kind', 'in', ['receipt', 'refund'])
      .where('date', '<', before)
      .executeTakeFirst(),
  ]);
  return Number(documents?.amount ?? 0) + Number(money?.amount ?? 0);
}

/**
 * The month's tax by category and rate (credit notes taken off), summed from the stored tax groups. On
 * PostgreSQL each invoice's groups are read by their key (a LATERAL join): left to itself the planner hashes
 * the month's invoices against a scan of every tax row ever stored, so the summary grew with all history
 * (docs/benchmarks.md#finance). SQLite plans that nested loop by itself and has no LATERAL.
 */
export async function taxByRate(db: Db, workspaceId: string, currency: string, from: string, to: string) {
  const signed = (column: string) =>
    sql`sum(case when i.kind = 'invoice' then ${sql.ref(`t.${column}`)} else -${sql.ref(`t.${column}`)} end)`;
  const source =
    engineOf(db) === 'postgres'
      ? sql`invoices i cross join lateral (select * from invoice_taxes where invoice_id = i.id offset 0) t`
      : sql`invoice_taxes t join invoices i on i.id = t.invoice_id`;
  const { rows } = await sql<{
    category: string;
    rate_bp: number;
    base: Amount;
    cgst: Amount;
    sgst: Amount;
    igst: Amount;
    vat: Amount;
    documents: number | string;
  }>`select t.category, t.rate_bp, ${signed('base')} as base, ${signed('cgst')} as cgst,
      ${signed('sgst')} as sgst, ${signed('igst')} as igst, ${signed('vat')} as vat,
      count(distinct i.id) as documents
    from ${source}
    where i.workspace_id = ${workspaceId} and i.status <> 'draft' and i.currency = ${currency}
      and i.issue_date >= ${from} and i.issue_date <= ${to}
    group by t.category, t.rate_bp
    order by t.category, t.rate_bp desc`.execute(db);
  return rows;
}

/** A batch of final documents for the accountant's CSV, in issue order after `after`. */
export function invoiceBatch(
  db: Db,
  workspaceId: string,
  kind: 'invoice' | 'credit_note',
  after: { date: string; id: string } | null,
  limit: number,
) {
  return db
    .selectFrom('invoices')
    .innerJoin('clients', 'clients.id', 'invoices.client_id')
    .selectAll('invoices')
    .select(['clients.name as client_name', 'clients.tax_id as client_tax_id'])
    .where('invoices.workspace_id', '=', workspaceId)
    .where('invoices.kind', '=', kind)
    .where('invoices.status', '!=', 'draft')
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('invoices.issue_date', '>', after!.date),
          eb.and([eb('invoices.issue_date', '=', after!.date), eb('invoices.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('invoices.issue_date')
    .orderBy('invoices.id')
    .limit(limit)
    .execute();
}

/** A batch of payments for the CSV, in date order after `after`. */
export function paymentBatch(
  db: Db,
  workspaceId: string,
  after: { date: string; id: string } | null,
  limit: number,
) {
  return db
    .selectFrom('payments')
    .innerJoin('clients', 'clients.id', 'payments.client_id')
    .selectAll('payments')
    .select('clients.name as client_name')
    .where('payments.workspace_id', '=', workspaceId)
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('payments.date', '>', after!.date),
          eb.and([eb('payments.date', '=', after!.date), eb('payments.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('payments.date')
    .orderBy('payments.id')
    .limit(limit)
    .execute();
}
