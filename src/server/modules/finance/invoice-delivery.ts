import type { Kysely } from 'kysely';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { InvoiceView } from '../../../shared/schemas/finance';
import type { Database, SessionUser } from '../../db/types';
import { conflict } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import type { PortalNotifier } from '../../mail/portal-notice-mail';
import { invoiceMail } from '../../mail/templates';
import { findFinanceSettings, updateInvoice, workspaceName } from './invoices.repository';
import type { InvoicesService } from './invoices.service';
import { settingsView } from './finance-settings';
import { brandingOf, invoiceDocument, pdfFileName } from './invoice-source';
import { renderInvoicePdf } from './invoice-pdf';
import { eInvoiceJson } from './e-invoice';

/**
 * An invoice as a document (docs/product/finance.md#the-document): its PDF/A-3 file, downloaded or
 * e-mailed to the client through the outbox with the PDF attached.
 */
export function createInvoiceDelivery(
  db: Kysely<Database>,
  invoices: InvoicesService,
  mailer: Mailer,
  portal?: PortalNotifier,
) {
  async function pdfOf(workspaceId: string, invoice: InvoiceView) {
    const settings = settingsView(
      await findFinanceSettings(db, workspaceId),
      await workspaceName(db, workspaceId),
    );
    const document = invoiceDocument(invoice, settings, await brandingOf(db, workspaceId));
    return { settings, bytes: await renderInvoicePdf(document), fileName: pdfFileName(invoice) };
  }

  return {
    async pdf(caller: SessionUser, id: string) {
      return pdfOf(caller.workspace_id, await invoices.get(caller, id));
    },

    /** The PDF of an invoice of this workspace, for background work (reminders). */
    pdfInWorkspace: async (workspaceId: string, id: string) =>
      pdfOf(workspaceId, await invoices.getInWorkspace(workspaceId, id)),

    /** The Indian e-invoice JSON of a final invoice or credit note (docs/product/finance.md#e-invoices). */
    async eInvoice(caller: SessionUser, id: string) {
      const invoice = await invoices.get(caller, id);
      if (!invoice.number) throw conflict(M.eInvoiceDraft);
      if (invoice.scheme === 'vat') throw conflict(M.eInvoiceNotGst);
      const result = eInvoiceJson(invoice);
      if ('missing' in result) throw conflict(M.eInvoiceMissing(result.missing));
      return { json: result.json, fileName: pdfFileName(invoice).replace(/\.pdf$/, '.e-invoice.json') };
    },

    /** E-mails a final invoice or credit note to the client's first contact, or the address given. */
    async send(caller: SessionUser, id: string, input: { to: string; message: string }) {
      const invoice = await invoices.get(caller, id);
      if (!invoice.number) throw conflict(M.sendDraft);
      const to = input.to || invoice.buyer.email;
      if (!to) throw conflict(M.sendNoAddress);
      const { settings, bytes, fileName } = await pdfOf(caller.workspace_id, invoice);
      const now = mailer.now();
      const siteName = await mailer.siteName();
      await db.transaction().execute(async (trx) => {
        await enqueueMail(
          trx,
          {
            workspaceId: caller.workspace_id,
            kind: 'invoice',
            via: 'workspace',
            to,
            replyTo: settings.email || undefined,
            attachments: [{ filename: fileName, contentType: 'application/pdf', content: bytes }],
            ...invoiceMail(siteName, {
              seller: invoice.seller.name,
              kind: invoice.kind,
              number: invoice.number!,
              total: formatMoney(invoice.totals.total, invoice.currency),
              dueDate: invoice.kind === 'invoice' ? invoice.dueDate : null,
              message: input.message,
            }),
          },
          now,
        );
        await updateInvoice(trx, invoice._id, { sent_at: now.toISOString() });
        // A new invoice, the first time it goes out, to the client's contacts in the portal
        // (docs/product/portal.md#notifications); credit notes are not announced.
        if (portal && invoice.kind === 'invoice' && !invoice.sentAt)
          await portal.notify(trx, siteName, {
            kind: 'invoice',
            alreadyMailed: to,
            workspaceId: caller.workspace_id,
            clientId: invoice.clientId,
            targetId: invoice._id,
            number: invoice.number!,
            total: formatMoney(invoice.totals.total, invoice.currency),
            dueDate: invoice.dueDate,
          });
      });
      mailer.worker.kick();
      return { message: M.sent(to), invoice: await invoices.get(caller, id) };
    },
  };
}

export type InvoiceDelivery = ReturnType<typeof createInvoiceDelivery>;
