import type { TaxCategory, TaxScheme, Totals } from '../../../shared/invoice-totals';

/**
 * Everything an invoice or credit note shows on paper, gathered once by the finance service and handed to
 * the PDF, the e-mail and the exports, so none of them reads the database or computes a figure of its own:
 * `totals` is the one totals function's answer for `lines` (src/shared/invoice-totals.ts).
 */
export interface InvoiceParty {
  name: string;
  /** Street, city, postcode, each a line as printed. */
  addressLines: string[];
  /** ISO 3166-1 alpha-2 ("IN", "DE"). */
  country: string;
  /** For India the two-digit GST state code ("29"), with its name; elsewhere empty. */
  stateCode: string;
  stateName: string;
  /** GSTIN for India, VAT number in the EU, or empty. */
  taxId: string;
  email: string;
  /**
   * The address in its parts, as the Indian e-invoice asks for them. Parties frozen before it was kept (the
   * first release of invoices) lack it; their PIN is read from the printed lines.
   */
  address?: { line1: string; line2: string; city: string; postalCode: string };
}

export interface InvoiceDocumentLine {
  description: string;
  /** Services Accounting Code (India), or empty. */
  sac: string;
  /** Thousandths of a unit, as in the totals. */
  quantityMilli: number;
  /** "hrs", "item", "month"... */
  unit: string;
  unitPrice: number;
  discount: number;
  category: TaxCategory;
  rateBp: number;
  /** Why a line is exempt, printed beside it (required by law for an exempt supply). */
  exemptReason: string;
  /** Its price includes the tax: printed "incl. tax" under the rate; its taxable value is the net. */
  inclusive?: boolean;
}

export interface InvoiceDocument {
  /** An estimate prints its validity date as `dueDate` and no balance or payment details. */
  kind: 'invoice' | 'credit_note' | 'estimate';
  /** Null while a draft: the document is then watermarked "DRAFT" and says "Draft" where the number goes. */
  number: string | null;
  /** For a credit note: the number and date of the invoice it corrects. */
  corrects: { number: string; issueDate: string } | null;
  /** ISO dates (YYYY-MM-DD). */
  issueDate: string;
  dueDate: string | null;
  currency: string;
  scheme: TaxScheme;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** India: the state of the place of supply, "29 - Karnataka"; elsewhere empty. */
  placeOfSupply: string;
  lines: InvoiceDocumentLine[];
  totals: Totals;
  /** The total in words, as Indian tax invoices print it ("Indian Rupees ... Only"). */
  amountInWords: string;
  /** Already paid and credited against it, and what is left to pay (minor units). */
  paid: number;
  balance: number;
  notes: string;
  terms: string;
  /** Branding from Web Settings: the logo's bytes (PNG or JPEG) or null, and the accent colour "#RRGGBB". */
  logo: Buffer | null;
  accentColor: string;
  /** `upi://pay?...` when the workspace has a UPI id and something is left to pay; drawn as a QR code. */
  upiLink: string | null;
  /** Bank details to print under the totals, each a line. */
  paymentLines: string[];
  /** The EN 16931 invoice (CII XML) to embed as Factur-X, for EU buyers; null otherwise. */
  facturX: string | null;
}
