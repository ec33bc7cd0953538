import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { invoiceState, upiPaymentLink } from '../../../shared/finance';
import { PORTAL_FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { InvoiceView, Statement } from '../../../shared/schemas/finance';
import type {
  PaymentNoticeInput,
  PortalInvoice,
  PortalInvoiceList,
} from '../../../shared/schemas/portal-finance';
import type { Database, InvoiceRow } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Limiter } from '../../limits/limiter';
import { tooMany } from '../../limits/per-address';
import { recordActivity } from '../activity/activity.service';
import { recordClientPortalEvent } from '../clients/clients.service';
import type { Books } from './books';
import { settingsView } from './finance-settings';
import { balanceOf, createInvoiceCore, num } from './invoice-core';
import type { InvoiceDelivery } from './invoice-delivery';
import { findFinanceSettings, workspaceName } from './invoices.repository';
import { insertPaymentNotice, noticesOfInvoice } from './payment-notices.repository';
import { findPortalInvoice, portalInvoices, type PortalScope } from './portal-finance.repository';
import type { PortalActor } from './portal-estimates';
import { tellStaff } from './portal-notify';
import { loadModule } from '../../lib/load-module';

/** The UPI QR as an image the portal shows: an SVG data URL, drawn from the link the invoice PDF prints. */
async function qrDataUrl(link: string): Promise<string> {
  const { default: QRCode } = await loadModule<{ default: typeof import('qrcode') }>('qrcode');
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * Invoices in the client portal (docs/product/portal.md#invoices-and-paying): the client's final invoices,
 * each through the staff's own view (the one totals function, the payments and credit notes kept on the
 * invoice) and PDF; how to pay, with the UPI QR the PDF prints; the statement from the books; and "I have
 * paid", which tells the agency, who records the payment.
 */
export function createPortalInvoices(
  db: Kysely<Database>,
  deps: { delivery: InvoiceDelivery; books: Books; noticeLimiter: Limiter; clock: () => Date },
) {
  const core = createInvoiceCore(db, deps.clock);
  const today = () => deps.clock().toISOString().slice(0, 10);

  async function mustFind(scope: PortalScope, id: string): Promise<InvoiceRow> {
    const row = await findPortalInvoice(db, scope, id);
    if (!row) throw notFound(M.invoiceNotFound);
    return row;
  }

  const stateOf = (row: InvoiceRow) =>
    invoiceState({ status: row.status, dueDate: row.due_date, paidAmount: num(row.paid_amount) }, today());

  async function view(scope: PortalScope, row: InvoiceRow): Promise<PortalInvoice> {
    const [full, settingsRow, name, notices] = await Promise.all([
      core.view(db, row),
      findFinanceSettings(db, scope.workspaceId),
      workspaceName(db, scope.workspaceId),
      noticesOfInvoice(db, row.id, { waiting: false }),
    ]);
    const settings = settingsView(settingsRow, name);
    const state = stateOf(row);
    // As the PDF prints it (invoice-source.ts): a UPI id, something due, in rupees.
    const upiLink =
      settings.upiId && full.balance > 0 && full.currency === 'INR'
        ? upiPaymentLink(settings.upiId, settings.legalName, full.balance, full.number!)
        : null;
    return {
      ...listItem({ ...full, total: full.totals.total }, state),
      scheme: full.scheme,
      placeOfSupply: full.placeOfSupply,
      seller: full.seller,
      buyer: full.buyer,
      lines: full.lines,
      totals: full.totals,
      amountInWords: full.amountInWords,
      paidAmount: full.paidAmount,
      creditedAmount: full.creditedAmount,
      notes: full.notes,
      terms: full.terms,
      payments: full.payments.map((p) => ({ date: p.date, amount: p.amount, method: p.method })),
      howToPay: {
        bankDetails: settings.bankDetails.split('\n').filter(Boolean),
        upiId: settings.upiId || null,
        upiLink,
        upiQr: upiLink ? await qrDataUrl(upiLink) : null,
      },
      paymentNotices: notices.map((n) => ({
        _id: n.id,
        paidOn: n.paid_on,
        amount: n.amount === null ? null : num(n.amount),
        method: n.method,
        reference: n.reference,
        createdAt: n.created_at,
        handled: n.handled_at !== null,
      })),
    };
  }

  const listItem = (
    invoice: Pick<InvoiceView, '_id' | 'number' | 'issueDate' | 'dueDate' | 'currency' | 'balance'> & {
      total: number;
    },
    state: InvoiceView['state'],
  ) => ({
    _id: invoice._id,
    number: invoice.number ?? '',
    state,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    total: invoice.total,
    balance: Math.max(0, invoice.balance),
    pastDue: state === 'overdue',
  });

  return {
    /** Open and past-due ones first, the oldest due first; then the settled ones, newest first. */
    async list(scope: PortalScope): Promise<PortalInvoiceList> {
      const rows = await portalInvoices(db, scope);
      const items = rows.map((row) =>
        listItem(
          {
            _id: row.id,
            number: row.number,
            issueDate: row.issue_date,
            dueDate: row.due_date,
            currency: row.currency,
            balance: balanceOf(row),
            total: num(row.total),
          },
          stateOf(row),
        ),
      );
      const open = items
        .filter((i) => i.balance > 0)
        .sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999'));
      return { invoices: [...open, ...items.filter((i) => i.balance <= 0)] };
    },

    /** One invoice; the first time each contact opens it goes on the client's timeline. */
    async get(actor: PortalActor, id: string) {
      const row = await mustFind(actor, id);
      await recordClientPortalEvent(db, {
        workspaceId: actor.workspaceId,
        clientId: actor.clientId,
        kind: 'portal-invoice-viewed',
        contact: actor.name || actor.email,
        data: { invoiceId: row.id, number: row.number ?? '' },
        at: deps.clock(),
        onceKey: `${actor.accessId}|${row.id}`,
      });
      return view(actor, row);
    },

    /** The same PDF the staff download and the e-mail carries. */
    async pdf(scope: PortalScope, id: string) {
      const row = await mustFind(scope, id);
      const { bytes, fileName } = await deps.delivery.pdfInWorkspace(scope.workspaceId, row.id);
      return { bytes, fileName };
    },

    /** The client's own statement, the books' figures exactly (docs/product/finance.md#the-books). */
    statement: (scope: PortalScope, from: string | null, to: string | null): Promise<Statement> =>
      deps.books.statement({ workspace_id: scope.workspaceId }, scope.clientId, from, to),

    /** "I have paid": kept on the invoice for staff, in their bell and on the timeline. 409 when nothing is due. */
    async notice(actor: PortalActor, id: string, input: PaymentNoticeInput) {
      const row = await mustFind(actor, id);
      const balance = balanceOf(row);
      if (row.status !== 'open' || balance <= 0) throw conflict(M.nothingToPay);
      if (input.amount !== null && input.amount > balance)
        throw badRequest(M.amountOverBalance(formatMoney(balance, row.currency)));
      if (input.paidOn > today()) throw badRequest(M.paidOnFuture);
      const wait = await deps.noticeLimiter.take(actor.accessId);
      if (wait > 0) throw tooMany(wait, (seconds) => M.noticesTooMany(Math.ceil(seconds / 60)));
      const at = deps.clock();
      const number = row.number ?? '';
      await db.transaction().execute(async (trx) => {
        const noticeId = randomUUID();
        await insertPaymentNotice(trx, {
          id: noticeId,
          workspace_id: actor.workspaceId,
          invoice_id: row.id,
          access_id: actor.accessId,
          contact_name: actor.name || actor.email,
          amount: input.amount,
          paid_on: input.paidOn,
          method: input.method,
          reference: input.reference,
          note: input.note,
          created_at: at.toISOString(),
          handled_at: null,
          handled_by: null,
        });
        await recordClientPortalEvent(trx, {
          workspaceId: actor.workspaceId,
          clientId: actor.clientId,
          kind: 'portal-payment-notice',
          contact: actor.name || actor.email,
          data: {
            invoiceId: row.id,
            number,
            amount: input.amount,
            currency: row.currency,
            paidOn: input.paidOn,
          },
          at,
        });
        await recordActivity(trx, {
          workspaceId: actor.workspaceId,
          userId: null,
          kind: 'payment-notice',
          action: M.noticeActivity(actor.name || actor.email, number),
          ip: actor.ip,
        });
        await tellStaff(trx, {
          workspaceId: actor.workspaceId,
          creatorId: row.created_by,
          kind: 'payment-notice',
          title: M.noticeTitle(number),
          message: M.noticeMessage(
            actor.name || actor.email,
            number,
            input.amount === null ? null : formatMoney(input.amount, row.currency),
            input.paidOn,
          ),
          dedupeKey: `payment-notice:${noticeId}`,
          at,
        });
      });
      return { message: M.noticeSent, invoice: await view(actor, row) };
    },
  };
}

export type PortalInvoices = ReturnType<typeof createPortalInvoices>;
