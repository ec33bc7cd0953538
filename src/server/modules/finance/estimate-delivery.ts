import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ESTIMATE_MESSAGES as M } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { EstimateView } from '../../../shared/schemas/estimates';
import type { Database, EstimateRow, SessionUser } from '../../db/types';
import { hashToken, newOneTimeToken } from '../../auth/one-time-token';
import { conflict } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { enqueueMail } from '../../mail/outbox';
import type { PortalNotifier } from '../../mail/portal-notice-mail';
import { estimateMail } from '../../mail/templates';
import { findEstimateByTokenHash, markEstimateSent } from './estimates.repository';
import type { EstimatesService } from './estimates.service';
import { settingsView } from './finance-settings';
import type { InvoiceDocument } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import { brandingOf, type Branding } from './invoice-source';
import { findFinanceSettings, workspaceName } from './invoices.repository';

/** The estimate as the PDF prints it: its figures the view's, its validity date where an invoice's due date goes. */
function estimateDocument(estimate: EstimateView, branding: Branding): InvoiceDocument {
  return {
    kind: 'estimate',
    number: estimate.number,
    corrects: null,
    issueDate: estimate.issueDate,
    dueDate: estimate.validUntil,
    currency: estimate.currency,
    scheme: estimate.scheme,
    seller: estimate.seller,
    buyer: estimate.buyer,
    placeOfSupply:
      estimate.scheme === 'vat' || !estimate.placeOfSupply
        ? ''
        : `${estimate.placeOfSupply} - ${estimate.buyer.stateName}`,
    lines: estimate.lines,
    totals: estimate.totals,
    amountInWords: estimate.amountInWords,
    paid: 0,
    balance: estimate.totals.total,
    notes: estimate.notes,
    terms: estimate.terms,
    logo: branding.logo,
    accentColor: branding.accentColor,
    upiLink: null,
    paymentLines: [],
    facturX: null,
  };
}

/** Tokens in links are 43 characters; anything far from that is no link of ours. */
const plausibleToken = (token: string) => token.length >= 20 && token.length <= 100;

/**
 * An estimate as a document (docs/product/finance.md#estimates): its PDF, downloaded by staff, e-mailed
 * to the client through the outbox with the PDF attached and a link that opens it without signing in.
 */
export function createEstimateDelivery(
  db: Kysely<Database>,
  estimates: EstimatesService,
  mailer: Mailer,
  portal?: PortalNotifier,
) {
  async function pdfOf(workspaceId: string, estimate: EstimateView) {
    const bytes = await renderInvoicePdf(estimateDocument(estimate, await brandingOf(db, workspaceId)));
    return { bytes, fileName: `${estimate.number}.pdf` };
  }

  return {
    async pdf(caller: SessionUser, id: string) {
      return pdfOf(caller.workspace_id, await estimates.get(caller, id));
    },

    /** The PDF of an estimate row the caller already found in its scope (the client portal's). */
    pdfOfRow: async (row: EstimateRow) => pdfOf(row.workspace_id, await estimates.viewOf(row)),

    /**
     * The PDF behind the e-mail's link. The secret is the key; a link from an earlier e-mail stops working
     * when the estimate is sent again, and every link when it is deleted.
     */
    async pdfByToken(token: string) {
      if (!plausibleToken(token)) return null;
      const row = await findEstimateByTokenHash(db, hashToken(token));
      if (!row) return null;
      return pdfOf(row.workspace_id, await estimates.viewOf(row));
    },

    /** E-mails an open estimate to the client's first contact, or the address given; it is then Sent. */
    async send(caller: SessionUser, id: string, input: { to: string; message: string }) {
      const estimate = await estimates.get(caller, id);
      if (estimate.status !== 'draft' && estimate.status !== 'sent') throw conflict(M.locked);
      if (estimate.validUntil < mailer.now().toISOString().slice(0, 10)) throw conflict(M.validityPassed);
      const to = input.to || estimate.buyer.email;
      if (!to) throw conflict(M.sendNoAddress);
      const settings = settingsView(
        await findFinanceSettings(db, caller.workspace_id),
        await workspaceName(db, caller.workspace_id),
      );
      const { bytes, fileName } = await pdfOf(caller.workspace_id, estimate);
      const { token, hash } = newOneTimeToken();
      const now = mailer.now();
      const siteName = await mailer.siteName();
      await db.transaction().execute(async (trx) => {
        await enqueueMail(
          trx,
          {
            workspaceId: caller.workspace_id,
            kind: 'estimate',
            via: 'workspace',
            to,
            replyTo: settings.email || undefined,
            attachments: [{ filename: fileName, contentType: 'application/pdf', content: bytes }],
            ...estimateMail(siteName, {
              seller: estimate.seller.name,
              number: estimate.number,
              total: formatMoney(estimate.totals.total, estimate.currency),
              validUntil: estimate.validUntil,
              message: input.message,
              link: mailer.link(`/estimate/${token}`, {}),
            }),
          },
          now,
        );
        // The hash of the very bytes attached: what a client accepting in the portal agrees to
        // (docs/product/portal.md#estimates); a PDF drawn again later differs in its dates.
        const pdfHash = createHash('sha256').update(bytes).digest('hex');
        // Only a draft or sent one: an answer recorded while this mail was being made stands, and the mail
        // is not sent.
        if (!(await markEstimateSent(trx, estimate._id, now.toISOString(), hash, pdfHash)))
          throw conflict(M.locked);
        // Each sending is a version to answer: the client's contacts in the portal hear of it
        // (docs/product/portal.md#notifications).
        if (portal)
          await portal.notify(trx, siteName, {
            kind: 'estimate',
            alreadyMailed: to,
            workspaceId: caller.workspace_id,
            clientId: estimate.clientId,
            targetId: estimate._id,
            number: estimate.number,
            total: formatMoney(estimate.totals.total, estimate.currency),
            validUntil: estimate.validUntil,
          });
      });
      mailer.worker.kick();
      return { message: M.sent(to), estimate: await estimates.get(caller, id) };
    },
  };
}

export type EstimateDelivery = ReturnType<typeof createEstimateDelivery>;
