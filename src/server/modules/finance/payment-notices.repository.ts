import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, InvoicePaymentNoticeRow, InvoicePaymentNoticesTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertPaymentNotice(
  db: Db,
  row: Insertable<InvoicePaymentNoticesTable>,
): Promise<void> {
  await db.insertInto('invoice_payment_notices').values(row).execute();
}

/** An invoice's notices, oldest first; `waiting`: only those staff have not handled. */
export function noticesOfInvoice(
  db: Db,
  invoiceId: string,
  { waiting }: { waiting: boolean },
): Promise<InvoicePaymentNoticeRow[]> {
  return db
    .selectFrom('invoice_payment_notices')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .$if(waiting, (qb) => qb.where('handled_at', 'is', null))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A payment allocated to these invoices answers their waiting notices. */
export async function markNoticesHandled(
  db: Db,
  invoiceIds: string[],
  by: string | null,
  at: string,
): Promise<void> {
  if (!invoiceIds.length) return;
  await db
    .updateTable('invoice_payment_notices')
    .set({ handled_at: at, handled_by: by })
    .where('invoice_id', 'in', invoiceIds)
    .where('handled_at', 'is', null)
    .execute();
}

/** Staff dismiss one waiting notice of an invoice of their workspace: true when there was one. */
export async function dismissNotice(
  db: Db,
  workspaceId: string,
  invoiceId: string,
  noticeId: string,
  by: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('invoice_payment_notices')
    .set({ handled_at: at, handled_by: by })
    .where('id', '=', noticeId)
    .where('invoice_id', '=', invoiceId)
    .where('workspace_id', '=', workspaceId)
    .where('handled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
