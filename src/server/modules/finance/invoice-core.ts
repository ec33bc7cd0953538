import type { Kysely, Transaction } from 'kysely';
import { amountInWords } from '../../../shared/amount-in-words';
import {
  FINANCE_LIMITS,
  documentNumber,
  fiscalYearLabel,
  invoiceState,
  seriesName,
  type DocumentKind,
  type StoredInvoiceStatus,
} from '../../../shared/finance';
import { invoiceTotals, type TaxScheme, type Totals } from '../../../shared/invoice-totals';
import { lineInputOf, lineRows, taxRows, totalsLine } from './document-lines';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { addDays } from '../../../shared/time';
import type {
  FinanceSettings,
  InvoiceInput,
  InvoiceLineInput,
  InvoiceView,
  PaymentNoticeView,
} from '../../../shared/schemas/finance';
import type { WebhookInvoice } from '../../../shared/webhooks';
import type { Database, InvoicePaymentNoticeRow, InvoiceRow, SessionUser } from '../../db/types';
import { takeNextNumber } from '../../db/number-sequences';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findClient } from '../clients/clients.service';
import { findProject } from '../projects/projects.service';
import { sellerParty, settingsView } from './finance-settings';
import { documentBasis } from './document-basis';
import type { InvoiceParty } from './invoice-document';
import {
  creditNotesOf,
  findFinanceSettings,
  findInvoice,
  linesOf,
  paymentsOf,
  replaceLines,
  workspaceName,
} from './invoices.repository';
import { noticesOfInvoice } from './payment-notices.repository';

export type Trx = Transaction<Database>;

/** What a new draft has before anything is paid, credited, numbered or sent. */
export const NEW_DRAFT = {
  corrects_id: null,
  number: null,
  series: null,
  paid_amount: 0,
  credited_amount: 0,
  reminders_paused: 0,
  finalised_at: null,
  finalised_by: null,
  sent_at: null,
} as const;
export const num = (value: number | string): number => Number(value);

/** What is left to pay on an invoice (below zero when credits and payments passed its total). */
export const balanceOf = (row: Pick<InvoiceRow, 'total' | 'paid_amount' | 'credited_amount'>): number =>
  num(row.total) - num(row.paid_amount) - num(row.credited_amount);

/** The stored status an open invoice's figures give it: settled by credit notes, by payments, or still open. */
export function settledStatus(
  row: Pick<InvoiceRow, 'total' | 'paid_amount' | 'credited_amount'>,
): StoredInvoiceStatus {
  if (balanceOf(row) > 0) return 'open';
  return num(row.credited_amount) >= num(row.total) && num(row.total) > 0 ? 'credited' : 'paid';
}

export const webhookInvoice = (row: InvoiceRow): WebhookInvoice => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  clientId: row.client_id,
  projectId: row.project_id,
  issueDate: row.issue_date,
  dueDate: row.due_date,
  currency: row.currency,
  subtotal: num(row.subtotal),
  taxTotal: num(row.tax_total),
  total: num(row.total),
  paidAmount: num(row.paid_amount),
  creditedAmount: num(row.credited_amount),
  balance: balanceOf(row),
});

/** A client's "I have paid" as the staff's invoice page shows it. */
export const paymentNoticeView = (row: InvoicePaymentNoticeRow): PaymentNoticeView => ({
  _id: row.id,
  contactName: row.contact_name,
  amount: row.amount === null ? null : num(row.amount),
  paidOn: row.paid_on,
  method: row.method as PaymentNoticeView['method'],
  reference: row.reference,
  note: row.note,
  createdAt: row.created_at,
});

/** Writes a document's lines and its tax groups from the same totals. */
export const writeLines = (
  trx: Trx,
  workspaceId: string,
  invoiceId: string,
  lines: InvoiceLineInput[],
  totals: Totals,
) =>
  replaceLines(
    trx,
    invoiceId,
    lineRows(workspaceId, lines, totals).map((row) => ({ ...row, invoice_id: invoiceId })),
    taxRows(workspaceId, invoiceId, totals),
  );

/**
 * What invoices, credit notes and project billing share: the caller's workspace's settings and clients, a
 * draft's columns from its form, the full view of a document, finding one in the caller's workspace (404
 * otherwise), and numbering one from its series.
 */
export function createInvoiceCore(db: Kysely<Database>, clock: () => Date) {
  const today = () => clock().toISOString().slice(0, 10);

  async function settingsOf(trx: Kysely<Database> | Trx, workspaceId: string): Promise<FinanceSettings> {
    return settingsView(await findFinanceSettings(trx, workspaceId), await workspaceName(trx, workspaceId));
  }

  async function clientOf(trx: Trx, caller: SessionUser, clientId: string) {
    const client = await findClient(trx, caller.workspace_id, clientId);
    if (!client) throw badRequest(M.clientNotFound);
    return client;
  }

  /** A draft's row from the form: its client, project, place of supply, scheme and totals. */
  async function draftColumns(trx: Trx, caller: SessionUser, input: InvoiceInput) {
    const client = await clientOf(trx, caller, input.clientId);
    if (input.projectId) {
      const project = await findProject(trx, caller.workspace_id, input.projectId);
      if (!project || project.client_id !== client.id) throw badRequest(M.projectNotFound);
    }
    const settings = await settingsOf(trx, caller.workspace_id);
    const { totals, columns } = await documentBasis(trx, settings, client, input);
    return {
      totals,
      columns: {
        ...columns,
        project_id: input.projectId,
        issue_date: input.issueDate,
        due_date: input.dueDate ?? addDays(input.issueDate, client.payment_terms_days),
        updated_at: clock().toISOString(),
      },
    };
  }

  async function view(trx: Kysely<Database> | Trx, row: InvoiceRow): Promise<InvoiceView> {
    const [lines, credits, payments, client, corrects, notices] = await Promise.all([
      linesOf(trx, row.id),
      creditNotesOf(trx, row.id),
      paymentsOf(trx, row.id),
      findClient(trx, row.workspace_id, row.client_id),
      row.corrects_id ? findInvoice(trx, row.workspace_id, row.corrects_id) : undefined,
      row.kind === 'invoice' && row.status !== 'draft'
        ? noticesOfInvoice(trx, row.id, { waiting: true })
        : [],
    ]);
    const totals = invoiceTotals(
      lines.map((line) => totalsLine(lineInputOf(line))),
      row.scheme as TaxScheme,
    );
    const ref = (r: { id: string; number: string | null; issue_date: string; total: number | string }) => ({
      _id: r.id,
      number: r.number,
      issueDate: r.issue_date,
      total: num(r.total),
    });
    return {
      _id: row.id,
      kind: row.kind,
      number: row.number,
      status: row.status,
      state: invoiceState(
        { status: row.status, dueDate: row.due_date, paidAmount: num(row.paid_amount) },
        today(),
      ),
      clientId: row.client_id,
      clientName: client?.name ?? '',
      projectId: row.project_id,
      corrects: corrects ? ref(corrects) : null,
      issueDate: row.issue_date,
      dueDate: row.due_date,
      currency: row.currency,
      scheme: row.scheme as TaxScheme,
      placeOfSupply: row.place_of_supply,
      seller: JSON.parse(row.seller) as InvoiceParty,
      buyer: JSON.parse(row.buyer) as InvoiceParty,
      lines: lines.map((line) => ({ _id: line.id, ...lineInputOf(line), net: num(line.net) })),
      totals,
      amountInWords: amountInWords(totals.total, row.currency),
      paidAmount: num(row.paid_amount),
      creditedAmount: num(row.credited_amount),
      balance: balanceOf(row),
      notes: row.notes,
      terms: row.terms,
      remindersPaused: row.reminders_paused === 1,
      creditNotes: credits.map(ref),
      payments: payments.map((p) => ({
        paymentId: p.id,
        date: p.date,
        amount: num(p.amount),
        method: p.method,
        reference: p.reference,
      })),
      paymentNotices: notices.map(paymentNoticeView),
      finalisedAt: row.finalised_at,
      sentAt: row.sent_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async function mustFind(trx: Kysely<Database> | Trx, caller: SessionUser, id: string, forWrite = false) {
    const row = await findInvoice(trx, caller.workspace_id, id, forWrite);
    if (!row) throw notFound(M.invoiceNotFound);
    return row;
  }

  async function mustFindDraft(trx: Trx, caller: SessionUser, id: string) {
    const row = await mustFind(trx, caller, id, true);
    if (row.status !== 'draft') throw conflict(M.notDraft);
    return row;
  }

  /**
   * Numbers a document from its series in the caller's transaction (the number comes back if it rolls
   * back): dated today, its due date keeping its terms, so numbers run in the order of their dates.
   */
  async function issue(trx: Trx, caller: SessionUser, row: InvoiceRow, settings: FinanceSettings) {
    const issueDate = today();
    const termDays = row.due_date ? Math.max(0, daysBetween(row.issue_date, row.due_date)) : null;
    const fiscalYear = fiscalYearLabel(issueDate, settings.fyStartMonth);
    const kind: DocumentKind = row.kind;
    const series = seriesName(kind, fiscalYear);
    const sequence = await takeNextNumber(trx, caller.workspace_id, series);
    const prefix = kind === 'invoice' ? settings.invoicePrefix : settings.creditNotePrefix;
    const number = documentNumber(prefix, fiscalYear, sequence);
    if (number.length > FINANCE_LIMITS.numberMax) throw conflict(M.seriesFull);
    const now = clock().toISOString();
    const changes = {
      number,
      series,
      issue_date: issueDate,
      due_date: termDays === null ? null : addDays(issueDate, termDays),
      seller: JSON.stringify(sellerParty(settings)),
      finalised_at: now,
      finalised_by: caller.id,
      updated_at: now,
    };
    return { ...row, ...changes };
  }

  return { today, settingsOf, clientOf, draftColumns, view, mustFind, mustFindDraft, issue };
}

export type InvoiceCore = ReturnType<typeof createInvoiceCore>;

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
