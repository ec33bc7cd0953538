import type { Kysely } from 'kysely';
import { EXPORT_BATCH, csvLine } from '../../lib/csv';
import {
  INVOICE_STATE_LABELS,
  PAYMENT_METHOD_LABELS,
  invoiceState,
  type PaymentMethod,
} from '../../../shared/finance';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { minorToDecimal } from '../../../shared/money';
import { addDays } from '../../../shared/time';
import type { FinanceSummary, GstSummary, Statement } from '../../../shared/schemas/finance';
import type { Database, SessionUser } from '../../db/types';
import { notFound } from '../../http/errors';
import { findClient } from '../clients/clients.service';
import {
  ageing,
  balanceBefore,
  clientLedger,
  draftCount,
  invoiceBatch,
  invoicedByMonth,
  outstandingByCurrency,
  paymentBatch,
  receivedByMonth,
  taxByRate,
} from './books.repository';
import { findFinanceSettings } from './invoices.repository';

const num = (value: number | string | null | undefined): number => Number(value ?? 0);

/** The first day of the month `back` months before the month of `day`. */
function monthStart(day: string, back: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 - back;
  const first = new Date(Date.UTC(year, month, 1));
  return first.toISOString().slice(0, 10);
}

const lastDayOf = (month: string): string => addDays(monthStart(`${month}-01`, -1), -1);

const INVOICE_CSV_HEADER = [
  'Number',
  'Type',
  'Status',
  'Client',
  'Client GSTIN / VAT',
  'Place of supply',
  'Issue date',
  'Due date',
  'Currency',
  'Taxable value',
  'Tax',
  'Total',
  'Paid',
  'Credited',
  'Balance',
];

const PAYMENT_CSV_HEADER = [
  'Date',
  'Type',
  'Client',
  'Method',
  'Reference',
  'Currency',
  'Amount',
  'Allocated',
  'Refunded',
  'Unallocated',
];

/**
 * The books (docs/product/finance.md#the-books): Billing & Payments' figures, a client's statement, the
 * month's GST summary and the accountant's CSVs, all from stored totals (no invoice is recomputed here).
 */
export function createBooks(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const today = () => clock().toISOString().slice(0, 10);

  async function workspaceCurrency(workspaceId: string): Promise<string> {
    return (await findFinanceSettings(db, workspaceId))?.currency ?? 'INR';
  }

  return {
    async summary(caller: SessionUser): Promise<FinanceSummary> {
      const day = today();
      const currency = await workspaceCurrency(caller.workspace_id);
      const from = monthStart(day, 11);
      const [byCurrency, buckets, drafts, invoiced, received] = await Promise.all([
        outstandingByCurrency(db, caller.workspace_id),
        ageing(db, caller.workspace_id, currency, [
          day,
          addDays(day, -30),
          addDays(day, -60),
          addDays(day, -90),
        ]),
        draftCount(db, caller.workspace_id),
        invoicedByMonth(db, caller.workspace_id, currency, from),
        receivedByMonth(db, caller.workspace_id, currency, from),
      ]);
      const own = byCurrency.find((row) => row.currency === currency);
      const bucket = (name: string) => buckets.find((b) => b.bucket === name);
      const overdueBuckets = buckets.filter((b) => b.bucket !== 'current');
      const months = Array.from({ length: 12 }, (_, i) => monthStart(day, 11 - i).slice(0, 7));
      const thisMonth = day.slice(0, 7);
      return {
        currency,
        outstanding: num(own?.amount),
        openCount: num(own?.count),
        overdue: overdueBuckets.reduce((sum, b) => sum + num(b.amount), 0),
        overdueCount: overdueBuckets.reduce((sum, b) => sum + num(b.count), 0),
        receivedThisMonth: num(received.find((r) => r.month === thisMonth)?.amount),
        draftCount: drafts,
        ageing: (['current', '1-30', '31-60', '61-90', '90+'] as const).map((name) => ({
          bucket: name,
          amount: num(bucket(name)?.amount),
          count: num(bucket(name)?.count),
        })),
        months: months.map((month) => ({
          month,
          invoiced: num(invoiced.find((r) => r.month === month)?.amount),
          received: num(received.find((r) => r.month === month)?.amount),
        })),
        otherCurrencies: byCurrency
          .filter((row) => row.currency !== currency)
          .map((row) => ({ currency: row.currency, outstanding: num(row.amount) })),
      };
    },

    /** Also the client portal's statement, scoped to the contact's own client (the caller's workspace). */
    async statement(
      caller: Pick<SessionUser, 'workspace_id'>,
      clientId: string,
      from: string | null,
      to: string | null,
    ): Promise<Statement> {
      const client = await findClient(db, caller.workspace_id, clientId);
      if (!client) throw notFound(M.clientNotFound);
      const [opening, rows] = await Promise.all([
        from ? balanceBefore(db, caller.workspace_id, client.id, from) : Promise.resolve(0),
        clientLedger(db, caller.workspace_id, client.id, from, to),
      ]);
      let balance = opening;
      const entries = rows.map((row) => {
        const amount = num(row.amount);
        const raises = row.kind === 'invoice' || row.kind === 'refund';
        balance += raises ? amount : -amount;
        return {
          date: row.date,
          kind: (row.kind === 'receipt' ? 'payment' : row.kind) as Statement['entries'][number]['kind'],
          id: row.id,
          reference: row.reference,
          debit: raises ? amount : 0,
          credit: raises ? 0 : amount,
          balance,
        };
      });
      return {
        clientId: client.id,
        clientName: client.name,
        currency: client.currency,
        from,
        to,
        opening,
        entries,
        closing: balance,
      };
    },

    async gstSummary(caller: SessionUser, month: string): Promise<GstSummary> {
      const currency = await workspaceCurrency(caller.workspace_id);
      const rows = await taxByRate(db, caller.workspace_id, currency, `${month}-01`, lastDayOf(month));
      const shaped = rows.map((row) => ({
        category: row.category as GstSummary['rows'][number]['category'],
        rateBp: row.rate_bp,
        taxable: num(row.base),
        cgst: num(row.cgst),
        sgst: num(row.sgst),
        igst: num(row.igst),
        vat: num(row.vat),
        documents: num(row.documents),
      }));
      const sum = (key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'vat') =>
        shaped.reduce((s, r) => s + r[key], 0);
      return {
        month,
        currency,
        rows: shaped,
        totals: {
          taxable: sum('taxable'),
          cgst: sum('cgst'),
          sgst: sum('sgst'),
          igst: sum('igst'),
          vat: sum('vat'),
        },
      };
    },

    /** Final invoices (then credit notes) in issue order, a batch at a time. */
    async *invoicesCsv(caller: SessionUser): AsyncGenerator<string> {
      yield `\uFEFF${csvLine(INVOICE_CSV_HEADER)}`;
      const day = today();
      for (const kind of ['invoice', 'credit_note'] as const) {
        let after: { date: string; id: string } | null = null;
        for (;;) {
          const rows = await invoiceBatch(db, caller.workspace_id, kind, after, EXPORT_BATCH);
          if (!rows.length) break;
          yield rows
            .map((row) => {
              const money = (value: number | string) => minorToDecimal(num(value), row.currency);
              const left = num(row.total) - num(row.paid_amount) - num(row.credited_amount);
              const state = invoiceState(
                { status: row.status, dueDate: row.due_date, paidAmount: num(row.paid_amount) },
                day,
              );
              return csvLine([
                row.number ?? '',
                kind === 'invoice' ? 'Invoice' : 'Credit note',
                kind === 'invoice' ? INVOICE_STATE_LABELS[state] : 'Issued',
                row.client_name,
                row.client_tax_id,
                row.place_of_supply,
                row.issue_date,
                row.due_date ?? '',
                row.currency,
                money(row.subtotal),
                money(row.tax_total),
                money(row.total),
                money(row.paid_amount),
                money(row.credited_amount),
                kind === 'invoice' ? minorToDecimal(left, row.currency) : '',
              ]);
            })
            .join('');
          const last = rows[rows.length - 1]!;
          after = { date: last.issue_date, id: last.id };
        }
      }
    },

    async *paymentsCsv(caller: SessionUser): AsyncGenerator<string> {
      yield `\uFEFF${csvLine(PAYMENT_CSV_HEADER)}`;
      let after: { date: string; id: string } | null = null;
      for (;;) {
        const rows = await paymentBatch(db, caller.workspace_id, after, EXPORT_BATCH);
        if (!rows.length) return;
        yield rows
          .map((row) => {
            const money = (value: number) => minorToDecimal(value, row.currency);
            const unallocated =
              row.kind === 'refund'
                ? 0
                : num(row.amount) - num(row.allocated_amount) - num(row.refunded_amount);
            return csvLine([
              row.date,
              row.kind === 'receipt' ? 'Payment' : 'Refund',
              row.client_name,
              PAYMENT_METHOD_LABELS[row.method as PaymentMethod] ?? row.method,
              row.reference,
              row.currency,
              money(num(row.amount)),
              money(num(row.allocated_amount)),
              money(num(row.refunded_amount)),
              money(unallocated),
            ]);
          })
          .join('');
        const last = rows[rows.length - 1]!;
        after = { date: last.date, id: last.id };
      }
    },
  };
}

export type Books = ReturnType<typeof createBooks>;
