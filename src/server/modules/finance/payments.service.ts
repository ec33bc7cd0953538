import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { PaymentInput, PaymentListQuery, PaymentView } from '../../../shared/schemas/finance';
import type { Database, InvoiceRow, PaymentRow, SessionUser } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import { recordActivity } from '../activity/activity.service';
import { findClient } from '../clients/clients.service';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service';
import { findInvoice, updateInvoice } from './invoices.repository';
import { balanceOf, settledStatus, webhookInvoice } from './invoice-core';
import { markNoticesHandled } from './payment-notices.repository';
import {
  allocationRows,
  allocationsOf,
  deletePayment,
  findPayment,
  insertAllocations,
  insertPayment,
  listPayments,
  refundCount,
  updatePayment,
} from './payments.repository';

type Trx = Transaction<Database>;
const num = (value: number | string): number => Number(value);
const unallocatedOf = (row: PaymentRow) =>
  num(row.amount) - num(row.allocated_amount) - num(row.refunded_amount);

/**
 * Payments (docs/product/finance.md#payments): money a client paid, split across its final invoices; what
 * is not allocated is the client's credit, used on a later invoice or refunded. Another workspace's ids
 * answer 404.
 */
export function createPaymentsService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  async function views(trx: Kysely<Database> | Trx, rows: (PaymentRow & { client_name?: string })[]) {
    const allocations = await allocationsOf(
      trx,
      rows.map((row) => row.id),
    );
    const names = new Map<string, string>();
    for (const row of rows)
      if (row.client_name === undefined && !names.has(row.client_id))
        names.set(row.client_id, (await findClient(trx, row.workspace_id, row.client_id))?.name ?? '');
    return rows.map((row): PaymentView => ({
      _id: row.id,
      kind: row.kind,
      clientId: row.client_id,
      clientName: row.client_name ?? names.get(row.client_id) ?? '',
      date: row.date,
      amount: num(row.amount),
      currency: row.currency,
      method: row.method,
      reference: row.reference,
      note: row.note,
      allocatedAmount: num(row.allocated_amount),
      refundedAmount: num(row.refunded_amount),
      unallocated: row.kind === 'refund' ? 0 : unallocatedOf(row),
      allocations: allocations
        .filter((a) => a.payment_id === row.id)
        .map((a) => ({ invoiceId: a.invoice_id, number: a.number, amount: num(a.amount) })),
      refundOf: row.refund_of,
      createdAt: row.created_at,
    }));
  }

  async function one(trx: Kysely<Database> | Trx, row: PaymentRow) {
    return (await views(trx, [row]))[0]!;
  }

  async function mustFind(trx: Kysely<Database> | Trx, caller: SessionUser, id: string, forWrite = false) {
    const row = await findPayment(trx, caller.workspace_id, id, forWrite);
    if (!row) throw notFound(M.paymentNotFound);
    return row;
  }

  /**
   * Settles invoices from a payment's money: each a final invoice of the payment's client and currency, none
   * given more than is left to pay on it. Invoices are locked in one order so two payments never deadlock.
   */
  async function allocate(
    trx: Trx,
    caller: SessionUser,
    payment: Pick<PaymentRow, 'id' | 'client_id' | 'currency'>,
    wanted: { invoiceId: string; amount: number }[],
    available: number,
  ) {
    const byInvoice = new Map<string, number>();
    for (const a of wanted) byInvoice.set(a.invoiceId, (byInvoice.get(a.invoiceId) ?? 0) + a.amount);
    const sum = [...byInvoice.values()].reduce((s, n) => s + n, 0);
    if (sum > available) throw badRequest(M.allocationTooLarge);
    const now = clock().toISOString();
    const settled: InvoiceRow[] = [];
    const done: { invoiceId: string; number: string | null; amount: number }[] = [];
    for (const invoiceId of [...byInvoice.keys()].sort()) {
      const amount = byInvoice.get(invoiceId)!;
      const invoice = await findInvoice(trx, caller.workspace_id, invoiceId, true);
      if (!invoice) throw notFound(M.invoiceNotFound);
      if (
        invoice.client_id !== payment.client_id ||
        invoice.currency !== payment.currency ||
        invoice.kind !== 'invoice'
      )
        throw badRequest(M.allocationWrongClient);
      if (invoice.status === 'draft') throw conflict(M.notFinal);
      if (amount > balanceOf(invoice)) throw badRequest(M.allocationOverBalance(invoice.number ?? ''));
      const paid = { ...invoice, paid_amount: num(invoice.paid_amount) + amount };
      const status = settledStatus(paid);
      await updateInvoice(trx, invoice.id, { paid_amount: paid.paid_amount, status, updated_at: now });
      if (status !== 'open') settled.push({ ...paid, status });
      done.push({ invoiceId, number: invoice.number, amount });
    }
    await insertAllocations(
      trx,
      done.map((a) => ({
        id: randomUUID(),
        workspace_id: caller.workspace_id,
        payment_id: payment.id,
        invoice_id: a.invoiceId,
        amount: a.amount,
        created_at: now,
      })),
    );
    // This payment answers the client's "I have paid" on these invoices
    // (docs/product/portal.md#invoices-and-paying).
    await markNoticesHandled(
      trx,
      done.map((a) => a.invoiceId),
      caller.id,
      now,
    );
    for (const invoice of settled)
      await enqueueWebhookEvent(
        trx,
        caller.workspace_id,
        'invoice.paid',
        { invoice: webhookInvoice(invoice) },
        clock(),
      );
    return { sum, done };
  }

  return {
    async list(caller: SessionUser, query: PaymentListQuery) {
      const { rows, total } = await listPayments(db, caller.workspace_id, query);
      return { payments: await views(db, rows), pageInfo: pageInfo(query.page, query.limit, total) };
    },

    async get(caller: SessionUser, id: string) {
      return one(db, await mustFind(db, caller, id));
    },

    async record(caller: SessionUser, input: PaymentInput) {
      return db.transaction().execute(async (trx) => {
        const client = await findClient(trx, caller.workspace_id, input.clientId);
        if (!client) throw badRequest(M.clientNotFound);
        const now = clock().toISOString();
        const row: PaymentRow = {
          id: randomUUID(),
          workspace_id: caller.workspace_id,
          client_id: client.id,
          kind: 'receipt',
          refund_of: null,
          date: input.date,
          amount: input.amount,
          currency: client.currency,
          method: input.method,
          reference: input.reference,
          note: input.note,
          allocated_amount: 0,
          refunded_amount: 0,
          created_by: caller.id,
          created_at: now,
        };
        await insertPayment(trx, row);
        const { sum, done } = await allocate(trx, caller, row, input.allocations, input.amount);
        row.allocated_amount = sum;
        await updatePayment(trx, row.id, { allocated_amount: sum });
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'payment-recorded',
          action: `${caller.username} recorded a payment of ${formatMoney(input.amount, client.currency)} from ${client.name}`,
        });
        await enqueueWebhookEvent(
          trx,
          caller.workspace_id,
          'payment.recorded',
          {
            payment: {
              id: row.id,
              clientId: client.id,
              date: row.date,
              amount: input.amount,
              currency: client.currency,
              method: row.method,
              reference: row.reference,
            },
            allocations: done,
          },
          clock(),
        );
        return { message: M.paymentRecorded, payment: await one(trx, row) };
      });
    },

    /** More of a payment's unallocated money (the client's credit) settles these invoices. */
    async allocate(caller: SessionUser, id: string, wanted: { invoiceId: string; amount: number }[]) {
      return db.transaction().execute(async (trx) => {
        const payment = await mustFind(trx, caller, id, true);
        if (payment.kind === 'refund') throw conflict(M.paymentNotFound);
        const { sum } = await allocate(trx, caller, payment, wanted, unallocatedOf(payment));
        const allocated = num(payment.allocated_amount) + sum;
        await updatePayment(trx, id, { allocated_amount: allocated });
        return {
          message: M.paymentRecorded,
          payment: await one(trx, { ...payment, allocated_amount: allocated }),
        };
      });
    },

    async refund(
      caller: SessionUser,
      id: string,
      input: { date: string; amount: number; method: string; reference: string },
    ) {
      return db.transaction().execute(async (trx) => {
        const payment = await mustFind(trx, caller, id, true);
        if (payment.kind === 'refund') throw conflict(M.paymentNotFound);
        const left = unallocatedOf(payment);
        if (input.amount > left) throw badRequest(M.refundTooLarge(formatMoney(left, payment.currency)));
        const now = clock().toISOString();
        await insertPayment(trx, {
          id: randomUUID(),
          workspace_id: caller.workspace_id,
          client_id: payment.client_id,
          kind: 'refund',
          refund_of: payment.id,
          date: input.date,
          amount: input.amount,
          currency: payment.currency,
          method: input.method,
          reference: input.reference,
          note: '',
          allocated_amount: 0,
          refunded_amount: 0,
          created_by: caller.id,
          created_at: now,
        });
        const refunded = num(payment.refunded_amount) + input.amount;
        await updatePayment(trx, id, { refunded_amount: refunded });
        return {
          message: M.refundRecorded,
          payment: await one(trx, { ...payment, refunded_amount: refunded }),
        };
      });
    },

    /** A mistaken payment or refund undone: its invoices are owed again. */
    async remove(caller: SessionUser, id: string) {
      await db.transaction().execute(async (trx) => {
        const payment = await mustFind(trx, caller, id, true);
        if (payment.kind === 'refund') {
          const original = await mustFind(trx, caller, payment.refund_of!, true);
          await updatePayment(trx, original.id, {
            refunded_amount: num(original.refunded_amount) - num(payment.amount),
          });
        } else {
          if ((await refundCount(trx, id)) > 0) throw conflict(M.paymentHasRefunds);
          const now = clock().toISOString();
          for (const a of (await allocationRows(trx, id)).sort((x, y) =>
            x.invoice_id.localeCompare(y.invoice_id),
          )) {
            const invoice = (await findInvoice(trx, caller.workspace_id, a.invoice_id, true))!;
            const paid = { ...invoice, paid_amount: num(invoice.paid_amount) - num(a.amount) };
            await updateInvoice(trx, invoice.id, {
              paid_amount: paid.paid_amount,
              status: settledStatus(paid),
              updated_at: now,
            });
          }
        }
        await deletePayment(trx, id);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'payment-deleted',
          action: `${caller.username} deleted a ${payment.kind === 'refund' ? 'refund' : 'payment'} of ${formatMoney(num(payment.amount), payment.currency)}`,
        });
      });
      return { success: true as const, message: M.paymentDeleted };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
