import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { engineOf } from '../../db/engine';
import type { PaymentListQuery } from '../../../shared/schemas/finance';
import type { Database, PaymentRow, PaymentsTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertPayment(db: Db, row: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

export function findPayment(
  db: Db,
  workspaceId: string,
  id: string,
  forWrite = false,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .$if(forWrite && engineOf(db) === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function updatePayment(db: Db, id: string, changes: Updateable<PaymentsTable>): Promise<void> {
  await db.updateTable('payments').set(changes).where('id', '=', id).execute();
}

export async function insertAllocations(
  db: Db,
  rows: {
    id: string;
    workspace_id: string;
    payment_id: string;
    invoice_id: string;
    amount: number;
    created_at: string;
  }[],
): Promise<void> {
  if (rows.length) await db.insertInto('payment_allocations').values(rows).execute();
}

export function allocationsOf(db: Db, paymentIds: string[]) {
  if (!paymentIds.length) return Promise.resolve([]);
  return db
    .selectFrom('payment_allocations as a')
    .innerJoin('invoices as i', 'i.id', 'a.invoice_id')
    .select(['a.payment_id', 'a.invoice_id', 'i.number', 'a.amount'])
    .where('a.payment_id', 'in', paymentIds)
    .orderBy('a.created_at')
    .execute();
}

export async function deletePayment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('payments').where('id', '=', id).execute();
}

export async function refundCount(db: Db, paymentId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('refund_of', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPayments(
  db: Db,
  workspaceId: string,
  query: PaymentListQuery,
): Promise<{ rows: (PaymentRow & { client_name: string })[]; total: number }> {
  let rows = db.selectFrom('payments').where('payments.workspace_id', '=', workspaceId);
  if (query.client) rows = rows.where('payments.client_id', '=', query.client);
  if (query.from) rows = rows.where('date', '>=', query.from);
  if (query.to) rows = rows.where('date', '<=', query.to);
  if (query.unallocated)
    rows = rows
      .where('payments.kind', '!=', 'refund')
      .where((eb) => eb('amount', '>', eb(eb.ref('allocated_amount'), '+', eb.ref('refunded_amount'))));
  const [page, count] = await Promise.all([
    rows
      .innerJoin('clients', 'clients.id', 'payments.client_id')
      .selectAll('payments')
      .select('clients.name as client_name')
      .orderBy('date', 'desc')
      .orderBy('payments.created_at', 'desc')
      .orderBy('payments.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    rows.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(count.total) };
}

/** The allocations of a payment, to reverse them when it is deleted. */
export function allocationRows(db: Db, paymentId: string) {
  return db
    .selectFrom('payment_allocations')
    .select(['invoice_id', 'amount'])
    .where('payment_id', '=', paymentId)
    .execute();
}

/**
 * Takes `amount` of what payments settled on an invoice back off it, the latest allocations first: the money
 * is again its payments' unallocated, the client's credit (a credit note took off what was already paid).
 */
export async function releaseAllocations(db: Db, invoiceId: string, amount: number): Promise<void> {
  const rows = await db
    .selectFrom('payment_allocations')
    .select(['id', 'payment_id', 'amount'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  let left = amount;
  for (const row of rows) {
    if (left <= 0) break;
    const take = Math.min(Number(row.amount), left);
    left -= take;
    if (take === Number(row.amount))
      await db.deleteFrom('payment_allocations').where('id', '=', row.id).execute();
    else
      await db
        .updateTable('payment_allocations')
        .set({ amount: Number(row.amount) - take })
        .where('id', '=', row.id)
        .execute();
    // Relative, so a concurrent write to the payment's other allocations is not lost.
    await db
      .updateTable('payments')
      .set((eb) => ({ allocated_amount: eb('allocated_amount', '-', take) }))
      .where('id', '=', row.payment_id)
      .execute();
  }
}
