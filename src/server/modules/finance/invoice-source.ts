import type { Kysely } from 'kysely';
import { isEuCountry, upiPaymentLink } from '../../../shared/finance';
import { DEFAULT_BRAND_COLOR, type SiteSettings } from '../../../shared/site-settings';
import type { FinanceSettings, InvoiceView } from '../../../shared/schemas/finance';
import { AGENCY_WORKSPACE_ID } from '../../../shared/workspace-deletion';
import type { Database } from '../../db/types';
import { facturXml } from './factur-x';
import { stateNameOf } from './finance-settings';
import type { InvoiceDocument } from './invoice-document';
import { liveSiteSettings, mediaBytes } from './invoices.repository';
import { loadModule } from '../../lib/load-module';

export interface Branding {
  logo: Buffer | null;
  accentColor: string;
}

/**
 * The look of a workspace's invoices: the agency's own workspace prints its Web Settings' logo and brand
 * colour (docs/product/web-settings.md); other workspaces have no public site here and print the product's.
 */
export async function brandingOf(db: Kysely<Database>, workspaceId: string): Promise<Branding> {
  if (workspaceId !== AGENCY_WORKSPACE_ID) return { logo: null, accentColor: DEFAULT_BRAND_COLOR };
  const live = await liveSiteSettings(db);
  const identity = live ? (JSON.parse(live) as Partial<SiteSettings>).identity : undefined;
  const accentColor = identity?.brandColor ?? DEFAULT_BRAND_COLOR;
  const media = identity?.logo ? await mediaBytes(db, identity.logo.mediaId) : undefined;
  if (!media) return { logo: null, accentColor };
  // PDF draws PNG and JPEG; an upload kept as WebP or AVIF is converted once here.
  const drawable = /^image\/(png|jpeg)$/.test(media.content_type)
    ? Buffer.from(media.bytes)
    : await (
        await loadModule<{ default: typeof import('sharp') }>('sharp')
      )
        .default(media.bytes)
        .png()
        .toBuffer();
  return { logo: drawable, accentColor };
}

/**
 * The document an invoice or credit note prints, from the same view the screen shows: every figure is
 * the view's (the one totals function's), so screen and paper never differ.
 */
export function invoiceDocument(
  invoice: InvoiceView,
  settings: FinanceSettings,
  branding: Branding,
): InvoiceDocument {
  const placeOfSupply =
    invoice.scheme === 'vat' || !invoice.placeOfSupply
      ? ''
      : `${invoice.placeOfSupply} - ${stateNameOf(invoice.placeOfSupply)}`;
  const payable = invoice.kind === 'invoice' && invoice.number !== null && invoice.balance > 0;
  const document: InvoiceDocument = {
    kind: invoice.kind,
    number: invoice.number,
    corrects: invoice.corrects?.number
      ? { number: invoice.corrects.number, issueDate: invoice.corrects.issueDate }
      : null,
    issueDate: invoice.issueDate,
    dueDate: invoice.kind === 'invoice' ? invoice.dueDate : null,
    currency: invoice.currency,
    scheme: invoice.scheme,
    seller: invoice.seller,
    buyer: invoice.buyer,
    placeOfSupply,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      sac: line.sac,
      quantityMilli: line.quantityMilli,
      unit: line.unit,
      unitPrice: line.unitPrice,
      discount: line.discount,
      category: line.category,
      rateBp: line.rateBp,
      exemptReason: line.exemptReason,
      inclusive: line.inclusive,
    })),
    totals: invoice.totals,
    amountInWords: invoice.amountInWords,
    paid: invoice.paidAmount + invoice.creditedAmount,
    balance: invoice.kind === 'invoice' ? Math.max(0, invoice.balance) : 0,
    notes: invoice.notes,
    terms: invoice.terms,
    logo: branding.logo,
    accentColor: branding.accentColor,
    upiLink:
      payable && settings.upiId && invoice.currency === 'INR'
        ? upiPaymentLink(settings.upiId, settings.legalName, invoice.balance, invoice.number!)
        : null,
    paymentLines: invoice.kind === 'invoice' ? settings.bankDetails.split('\n').filter(Boolean) : [],
    facturX: null,
  };
  // EN 16931 travels inside the PDF for EU buyers (Factur-X); a draft is no invoice yet.
  if (invoice.number && isEuCountry(invoice.buyer.country)) document.facturX = facturXml(document);
  return document;
}

/** "INV-26-27-0001.pdf": the number with its slashes made safe for a file name. */
export const pdfFileName = (invoice: Pick<InvoiceView, 'number' | 'kind' | '_id'>): string =>
  `${(invoice.number ?? `draft-${invoice._id.slice(0, 8)}`).replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
