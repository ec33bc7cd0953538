import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { amountInWords } from '../../../shared/amount-in-words';
import {
  FINANCE_LIMITS,
  documentNumber,
  fiscalYearLabel,
  invoiceState,
  placeOfSupply,
  seriesName,
  taxSchemeFor,
  type DocumentKind,
  type StoredInvoiceStatus,
} from '../../../shared/finance';
import { invoiceTotals, mulDivRound, type TaxScheme, type Totals } from '../../../shared/invoice-totals';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import { addDays } from '../../../shared/time';
import type {
  CreditNoteInput,
  FinanceSettings,
  InvoiceInput,
  InvoiceLineInput,
  InvoiceListQuery,
  InvoiceView,
} from '../../../shared/schemas/finance';
import type { WebhookInvoice } from '../../../shared/webhooks';
import type { Database, InvoiceLineRow, InvoiceRow, SessionUser } from '../../db/types';
import { takeNextNumber } from '../../db/number-sequences';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageInfo } from '../../http/page-info';
import { recordActivity } from '../activity/activity.service';
import { contactsOf, findClient } from '../clients/clients.service';
import { findProject } from '../projects/projects.service';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service';
import { buyerParty, sellerParty, settingsView } from './finance-settings';
import type { InvoiceParty } from './invoice-document';
import {
  claimBillableTime,
  creditNotesOf,
  deleteDraft,
  findFinanceSettings,
  findInvoice,
  insertInvoice,
  linesOf,
  listInvoices,
  paymentsOf,
  releaseTime,
  replaceLines,
  taskTitles,
  updateInvoice,
  workspaceName,
} from './invoices.repository';
import { releaseAllocations } from './payments.repository';
import { claimBillableExpenses, releaseExpenses } from './expenses.repository';

type Trx = Transaction<Database>;

/** What a new draft has before anything is paid, credited, numbered or sent. */
const NEW_DRAFT = {
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
const num = (value: number | string): number => Number(value);

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

const totalsLine = (
  line: Pick<
    InvoiceLineInput,
    'quantityMilli' | 'unitPrice' | 'discount' | 'category' | 'rateBp' | 'inclusive'
  >,
) => ({
  quantityMilli: line.quantityMilli,
  unitPrice: line.unitPrice,
  discount: line.discount,
  category: line.category,
  rateBp: line.rateBp,
  inclusive: line.inclusive,
});

const lineInputOf = (row: InvoiceLineRow): InvoiceLineInput => ({
  description: row.description,
  sac: row.sac,
  quantityMilli: row.quantity_milli,
  unit: row.unit,
  unitPrice: num(row.unit_price),
  discount: num(row.discount),
  category: row.category as InvoiceLineInput['category'],
  rateBp: row.rate_bp,
  exemptReason: row.exempt_reason,
  inclusive: row.inclusive === 1,
});

/** The one totals function on these lines, refused when a figure could not be an invoice's. */
function checkedTotals(lines: InvoiceLineInput[], scheme: TaxScheme): Totals {
  let totals: Totals;
  try {
    const rows = lines.map(totalsLine);
    if (
      rows.some((line) => line.discount > Math.max(0, mulDivRound(line.quantityMilli, line.unitPrice, 1000)))
    )
      throw badRequest(M.discountInvalid);
    totals = invoiceTotals(rows, scheme);
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(M.totalTooLarge);
    throw error;
  }
  if (totals.total < 0) throw badRequest(M.totalNegative);
  if (totals.total > FINANCE_LIMITS.amountMax) throw badRequest(M.totalTooLarge);
  return totals;
}

/**
 * The tax groups as stored for the books, one row per category and rate (inclusive and exclusive lines of a
 * rate summed): each component's amount in its own column.
 */
function taxRows(workspaceId: string, invoiceId: string, totals: Totals) {
  const rows = new Map<
    string,
    { category: string; rate_bp: number; base: number; cgst: number; sgst: number; igst: number; vat: number }
  >();
  for (const group of totals.groups) {
    const key = `${group.category}|${group.rateBp}`;
    const row = rows.get(key) ?? {
      category: group.category,
      rate_bp: group.rateBp,
      base: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      vat: 0,
    };
    row.base += group.base;
    for (const component of group.components)
      row[component.name.toLowerCase() as 'cgst' | 'sgst' | 'igst' | 'vat'] += component.amount;
    rows.set(key, row);
  }
  return [...rows.values()].map((row) => ({ invoice_id: invoiceId, workspace_id: workspaceId, ...row }));
}

/** Writes a document's lines and its tax groups from the same totals. */
const writeLines = (
  trx: Trx,
  workspaceId: string,
  invoiceId: string,
  lines: InvoiceLineInput[],
  totals: Totals,
) =>
  replaceLines(
    trx,
    invoiceId,
    lineRows(workspaceId, invoiceId, lines, totals),
    taxRows(workspaceId, invoiceId, totals),
  );

const lineRows = (workspaceId: string, invoiceId: string, lines: InvoiceLineInput[], totals: Totals) =>
  lines.map((line, position) => ({
    id: randomUUID(),
    invoice_id: invoiceId,
    workspace_id: workspaceId,
    position,
    description: line.description,
    sac: line.sac,
    quantity_milli: line.quantityMilli,
    unit: line.unit,
    unit_price: line.unitPrice,
    discount: line.discount,
    category: line.category,
    rate_bp: line.category === 'standard' ? line.rateBp : 0,
    exempt_reason: line.category === 'exempt' ? line.exemptReason : '',
    inclusive: line.inclusive && line.category === 'standard' ? 1 : 0,
    net: totals.lineNets[position]!,
  }));

/**
 * Invoices and credit notes (docs/product/finance.md#invoices). Every caller passed the Finance guard;
 * another workspace's ids answer 404. A draft is edited and deleted freely; finalising numbers it from its
 * series and freezes it; after that only a credit note corrects it.
 */
export function createInvoicesService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
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
    const place = placeOfSupply(settings.country, { ...client, taxId: client.tax_id }, input.placeOfSupply);
    const scheme = taxSchemeFor(settings.country, settings.stateCode, place);
    const totals = checkedTotals(input.lines, scheme);
    const buyer = buyerParty(client, await contactsOf(trx, [client.id]), place);
    return {
      totals,
      columns: {
        client_id: client.id,
        project_id: input.projectId,
        issue_date: input.issueDate,
        due_date: input.dueDate ?? addDays(input.issueDate, client.payment_terms_days),
        currency: client.currency,
        scheme,
        place_of_supply: place,
        seller: JSON.stringify(sellerParty(settings)),
        buyer: JSON.stringify(buyer),
        subtotal: totals.subtotal,
        tax_total: totals.taxTotal,
        total: totals.total,
        notes: input.notes || settings.notes,
        terms: input.terms || settings.terms,
        search_text: [client.name, client.legal_name, ...input.lines.map((line) => line.description)]
          .join(' ')
          .toLowerCase()
          .slice(0, 2000),
        updated_at: clock().toISOString(),
      },
    };
  }

  async function view(trx: Kysely<Database> | Trx, row: InvoiceRow): Promise<InvoiceView> {
    const [lines, credits, payments, client, corrects] = await Promise.all([
      linesOf(trx, row.id),
      creditNotesOf(trx, row.id),
      paymentsOf(trx, row.id),
      findClient(trx, row.workspace_id, row.client_id),
      row.corrects_id ? findInvoice(trx, row.workspace_id, row.corrects_id) : undefined,
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

  return {
    async list(caller: SessionUser, query: InvoiceListQuery) {
      const { rows, total } = await listInvoices(db, caller.workspace_id, { query, today: today() });
      return {
        invoices: rows.map((row) => ({
          _id: row.id,
          kind: row.kind,
          number: row.number,
          state: invoiceState(
            { status: row.status, dueDate: row.due_date, paidAmount: num(row.paid_amount) },
            today(),
          ),
          clientId: row.client_id,
          clientName: row.client_name,
          projectId: row.project_id,
          corrects: row.corrects_id ? { _id: row.corrects_id, number: row.corrects_number } : null,
          issueDate: row.issue_date,
          dueDate: row.due_date,
          currency: row.currency,
          total: num(row.total),
          balance: balanceOf(row),
        })),
        pageInfo: pageInfo(query.page, query.limit, total),
      };
    },

    async get(caller: SessionUser, id: string): Promise<InvoiceView> {
      return view(db, await mustFind(db, caller, id));
    },

    /** Stops or resumes an invoice's payment reminders: a setting of its own, not a change to the invoice. */
    async setReminders(caller: SessionUser, id: string, paused: boolean) {
      const row = await mustFind(db, caller, id);
      if (row.kind !== 'invoice') throw notFound(M.invoiceNotFound);
      await updateInvoice(db, id, { reminders_paused: paused ? 1 : 0 });
      return {
        message: paused ? M.remindersPaused : M.remindersResumed,
        invoice: await view(db, { ...row, reminders_paused: paused ? 1 : 0 }),
      };
    },

    /** The same view for background work (reminders), which acts for a workspace and not for a person. */
    async getInWorkspace(workspaceId: string, id: string): Promise<InvoiceView> {
      const row = await findInvoice(db, workspaceId, id);
      if (!row) throw notFound(M.invoiceNotFound);
      return view(db, row);
    },

    async create(caller: SessionUser, input: InvoiceInput) {
      return db.transaction().execute(async (trx) => {
        const id = randomUUID();
        const { columns, totals } = await draftColumns(trx, caller, input);
        const now = clock().toISOString();
        await insertInvoice(trx, {
          id,
          workspace_id: caller.workspace_id,
          kind: 'invoice',
          status: 'draft',
          ...NEW_DRAFT,
          ...columns,
          created_by: caller.id,
          created_at: now,
        });
        await writeLines(trx, caller.workspace_id, id, input.lines, totals);
        return { message: M.created, invoice: await view(trx, (await mustFind(trx, caller, id))!) };
      });
    },

    async update(caller: SessionUser, id: string, input: InvoiceInput) {
      return db.transaction().execute(async (trx) => {
        const row = await mustFindDraft(trx, caller, id);
        const { columns, totals } = await draftColumns(trx, caller, input);
        // Time billed by the draft stays with it only while the draft stays with that project.
        if (row.project_id && row.project_id !== columns.project_id) {
          await releaseTime(trx, id);
          await releaseExpenses(trx, id);
        }
        await updateInvoice(trx, id, columns);
        await writeLines(trx, caller.workspace_id, id, input.lines, totals);
        return { message: M.updated, invoice: await view(trx, await mustFind(trx, caller, id)) };
      });
    },

    async remove(caller: SessionUser, id: string) {
      await db.transaction().execute(async (trx) => {
        await mustFindDraft(trx, caller, id);
        await releaseExpenses(trx, id);
        await deleteDraft(trx, id);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'invoice-deleted',
          action: `${caller.username} deleted a draft invoice`,
        });
      });
      return { success: true as const, message: M.deleted };
    },

    async finalise(caller: SessionUser, id: string) {
      return db.transaction().execute(async (trx) => {
        const draft = await mustFindDraft(trx, caller, id);
        const settings = await settingsOf(trx, caller.workspace_id);
        if (!settings.configured || !settings.legalName || !settings.addressLine1)
          throw conflict(M.profileRequired);
        const issued = await issue(trx, caller, draft, settings);
        const final = { ...issued, status: settledStatus(issued) };
        const { id: _id, workspace_id: _w, ...changes } = final;
        await updateInvoice(trx, id, changes);
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'invoice-finalised',
          action: `${caller.username} finalised invoice ${final.number}`,
        });
        await enqueueWebhookEvent(
          trx,
          caller.workspace_id,
          'invoice.finalized',
          { invoice: webhookInvoice(final), corrects: null },
          clock(),
        );
        return { message: M.finalised(final.number), invoice: await view(trx, final) };
      });
    },

    /**
     * A credit note against a final invoice: the whole of it, or the lines given, never more than is left
     * to credit. It is final at once, numbered from its own series; what it takes off beyond what was left
     * to pay (the invoice was paid) is kept as the client's credit.
     */
    async credit(caller: SessionUser, invoiceId: string, input: CreditNoteInput) {
      return db.transaction().execute(async (trx) => {
        const invoice = await mustFind(trx, caller, invoiceId, true);
        if (invoice.kind !== 'invoice' || invoice.status === 'draft') throw conflict(M.notFinal);
        const creditable = num(invoice.total) - num(invoice.credited_amount);
        if (creditable <= 0) throw conflict(M.creditNothing);
        const settings = await settingsOf(trx, caller.workspace_id);
        const lines = input.lines ?? (await linesOf(trx, invoice.id)).map(lineInputOf);
        const totals = checkedTotals(lines, invoice.scheme as TaxScheme);
        if (totals.total > creditable)
          throw badRequest(M.creditTooLarge(formatMoney(creditable, invoice.currency)));
        const id = randomUUID();
        const now = clock().toISOString();
        const draft: InvoiceRow = {
          ...invoice,
          id,
          kind: 'credit_note',
          corrects_id: invoice.id,
          project_id: invoice.project_id,
          status: 'draft',
          number: null,
          series: null,
          issue_date: input.issueDate ?? today(),
          due_date: null,
          subtotal: totals.subtotal,
          tax_total: totals.taxTotal,
          total: totals.total,
          paid_amount: 0,
          credited_amount: 0,
          notes: input.reason,
          terms: '',
          reminders_paused: 1,
          sent_at: null,
          created_by: caller.id,
          created_at: now,
          updated_at: now,
        };
        const note = { ...(await issue(trx, caller, draft, settings)), status: 'paid' as const };
        await insertInvoice(trx, note);
        await writeLines(trx, caller.workspace_id, id, lines, totals);
        // What the note takes off beyond what was left to pay was paid: it goes back to its payments as
        // the client's credit, so the invoice ends at zero and the money is counted once.
        const surplus = totals.total - Math.max(0, balanceOf(invoice));
        if (surplus > 0) await releaseAllocations(trx, invoice.id, surplus);
        const credited = {
          ...invoice,
          paid_amount: num(invoice.paid_amount) - Math.max(0, surplus),
          credited_amount: num(invoice.credited_amount) + totals.total,
        };
        await updateInvoice(trx, invoice.id, {
          paid_amount: credited.paid_amount,
          credited_amount: credited.credited_amount,
          status: settledStatus(credited),
          updated_at: now,
        });
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          kind: 'credit-note-issued',
          action: `${caller.username} issued credit note ${note.number} against ${invoice.number}`,
        });
        await enqueueWebhookEvent(
          trx,
          caller.workspace_id,
          'invoice.finalized',
          { invoice: webhookInvoice(note), corrects: { id: invoice.id, number: invoice.number } },
          clock(),
        );
        return { message: M.credited(note.number), invoice: await view(trx, note) };
      });
    },

    /**
     * "Invoice project": a draft billing the project's approved, billable hours not yet invoiced, up to
     * `through` (today by default), one line per task or per person and rate.
     */
    async fromProject(
      caller: SessionUser,
      projectId: string,
      groupBy: 'task' | 'person',
      through: string | null,
    ) {
      return db.transaction().execute(async (trx) => {
        const project = await findProject(trx, caller.workspace_id, projectId);
        if (!project) throw notFound(M.projectNotFound);
        const client = await clientOf(trx, caller, project.client_id);
        const settings = await settingsOf(trx, caller.workspace_id);
        const id = randomUUID();
        const now = clock().toISOString();
        // The row first, with no lines: the time entries point at it as they are claimed.
        await insertInvoice(trx, {
          id,
          workspace_id: caller.workspace_id,
          kind: 'invoice',
          status: 'draft',
          ...NEW_DRAFT,
          client_id: client.id,
          project_id: project.id,
          issue_date: today(),
          due_date: null,
          currency: client.currency,
          scheme: 'vat',
          place_of_supply: '',
          seller: '{}',
          buyer: '{}',
          subtotal: 0,
          tax_total: 0,
          total: 0,
          notes: '',
          terms: '',
          search_text: '',
          created_by: caller.id,
          created_at: now,
          updated_at: now,
        });
        const entries = await claimBillableTime(trx, project.id, id, through ?? today(), now);
        const spent = await claimBillableExpenses(trx, project.id, client.currency, id, through ?? today());
        if (!entries.length && !spent.length) throw conflict(M.nothingToBill);
        const titles = new Map(
          (
            await taskTitles(trx, [...new Set(entries.map((e) => e.task_id).filter((t): t is string => !!t))])
          ).map((task) => [task.id, `#${task.number} ${task.title}`]),
        );
        const groups = new Map<string, { label: string; minutes: number; rate: number }>();
        for (const entry of entries) {
          const rate = num(entry.hourly_rate ?? 0);
          const label =
            groupBy === 'task'
              ? (entry.task_id && titles.get(entry.task_id)) || 'General work'
              : entry.user_name;
          const key = `${label}|${rate}`;
          const group = groups.get(key) ?? { label, minutes: 0, rate };
          group.minutes += entry.minutes;
          groups.set(key, group);
        }
        const lines: InvoiceLineInput[] = [...groups.values()].map((group) => ({
          description: `${project.code} ${project.name}: ${group.label}`,
          sac: settings.country === 'IN' ? settings.defaultSac : '',
          // Hours to the thousandth (3.6 seconds): the line is quantity × rate like any other.
          quantityMilli: Math.round((group.minutes * 1000) / 60),
          unit: 'hrs',
          unitPrice: group.rate,
          discount: 0,
          category: 'standard',
          rateBp: settings.defaultRateBp,
          exemptReason: '',
          inclusive: false,
        }));
        // Re-billed expenses at their cost before the tax paid on them, with the workspace's tax on top.
        for (const expense of spent)
          lines.push({
            description: `Expense: ${expense.vendor}${expense.description ? `, ${expense.description}` : ''} (${expense.date})`,
            sac: settings.country === 'IN' ? settings.defaultSac : '',
            quantityMilli: 1000,
            unit: 'item',
            unitPrice: Number(expense.amount) - Number(expense.tax_amount),
            discount: 0,
            category: 'standard',
            rateBp: settings.defaultRateBp,
            exemptReason: '',
            inclusive: false,
          });
        const input: InvoiceInput = {
          clientId: client.id,
          projectId: project.id,
          issueDate: today(),
          dueDate: null,
          placeOfSupply: '',
          lines,
          notes: '',
          terms: '',
        };
        const { columns, totals } = await draftColumns(trx, caller, input);
        await updateInvoice(trx, id, columns);
        await writeLines(trx, caller.workspace_id, id, lines, totals);
        return { message: M.created, invoice: await view(trx, await mustFind(trx, caller, id)) };
      });
    },
  };
}

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export type InvoicesService = ReturnType<typeof createInvoicesService>;
