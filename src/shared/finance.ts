import type { TaxScheme } from './invoice-totals';
import { minorToDecimal } from './money';
import { EU_VAT_PREFIX, INDIAN_STATES, gstStateCode } from './clients';

export { TAX_CATEGORIES, type TaxCategory, type TaxScheme } from './invoice-totals';

/** Invoices, credit notes and payments (docs/product/finance.md). */
export const FINANCE_LIMITS = {
  linesMax: 200,
  descriptionMax: 1_000,
  unitMax: 20,
  sacMax: 8,
  notesMax: 2_000,
  reasonMax: 200,
  referenceMax: 100,
  /** A prefix leaves room for "26-27/" and five digits within the 16 characters CGST Rule 46(b) allows. */
  prefixMax: 5,
  numberMax: 16,
  /** 1,000,000 units in thousandths. */
  quantityMilliMax: 1_000_000_000,
  /** Minor units: ten thousand crore rupees, far past any agency's invoice and well inside 2^53. */
  amountMax: 1_000_000_000_000_000,
  rateBpMax: 10_000,
  allocationsMax: 50,
  pageSizeMax: 100,
} as const;

export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What is stored; what the screen shows is `invoiceState`. */
export const STORED_INVOICE_STATUSES = ['draft', 'open', 'paid', 'credited'] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];

export const INVOICE_STATES = ['draft', 'sent', 'partly_paid', 'overdue', 'paid', 'credited'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partly_paid: 'Partly paid',
  overdue: 'Overdue',
  paid: 'Paid',
  credited: 'Credited',
};

/**
 * The status people see: a final invoice with something left to pay is Overdue after its due date, Partly
 * paid once money arrived, else Sent (finalised and handed out). The list's filters ask the same rule.
 */
export function invoiceState(
  invoice: { status: StoredInvoiceStatus; dueDate: string | null; paidAmount: number },
  today: string,
): InvoiceState {
  if (invoice.status !== 'open') return invoice.status;
  if (invoice.dueDate && invoice.dueDate < today) return 'overdue';
  return invoice.paidAmount > 0 ? 'partly_paid' : 'sent';
}

export const PAYMENT_METHODS = ['bank_transfer', 'upi', 'card', 'cash', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  upi: 'UPI',
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
};

export const TAX_CATEGORY_LABELS = {
  standard: 'Standard',
  zero: 'Zero-rated',
  exempt: 'Exempt',
  reverse_charge: 'Reverse charge',
  out_of_scope: 'Out of scope',
} as const;

/** The rates an Indian service invoice uses; others may be typed. Basis points. */
export const GST_RATES_BP = [0, 500, 1200, 1800, 2800] as const;
/** SAC 998361: advertising services, the default an agency bills under. */
export const DEFAULT_SAC = '998361';

/** Letters, digits, "-" and "/": what an invoice number may hold (CGST Rule 46(b)). */
export const SERIES_CHARACTERS = /^[A-Za-z0-9/-]*$/;

/**
 * The financial year a day falls in, as its number shows it: "26-27" for 1 April 2026 to 31 March 2027
 * (a year starting in April), "2026" for a calendar year.
 */
export function fiscalYearLabel(day: string, startMonth: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (startMonth === 1) return String(year);
  const first = month >= startMonth ? year : year - 1;
  return `${String(first % 100).padStart(2, '0')}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/** INV/26-27/0001: the prefix, the financial year and the number in it, at least four digits. */
export const documentNumber = (prefix: string, fiscalYear: string, sequence: number): string =>
  `${prefix}${fiscalYear}/${String(sequence).padStart(4, '0')}`;

/** The sequence a document's number is taken from: one per kind and financial year. */
export const seriesName = (kind: DocumentKind, fiscalYear: string): string => `${kind}:${fiscalYear}`;

/**
 * How tax is charged: in India GST, split into CGST + SGST when the place of supply is the supplier's own
 * state and IGST otherwise (an export is a supply outside India: IGST, usually zero-rated); elsewhere VAT.
 */
export function taxSchemeFor(sellerCountry: string, sellerState: string, placeOfSupply: string): TaxScheme {
  if (sellerCountry !== 'IN') return 'vat';
  return placeOfSupply && placeOfSupply === sellerState ? 'gst-intra' : 'gst-inter';
}

/** GST's place of supply for a client outside India: "96 - Other Country". */
export const OUTSIDE_INDIA = '96';

/**
 * The place of supply of an invoice (docs/product/finance.md#tax), as the server stores it and the editor
 * shows it: outside India's GST none; a client abroad "96"; else the state chosen, the state of the client's
 * GSTIN, or the one its address names.
 */
export function placeOfSupply(
  sellerCountry: string,
  client: { country: string; state: string; taxId: string },
  chosen: string,
): string {
  if (sellerCountry !== 'IN') return '';
  if (client.country !== 'IN') return OUTSIDE_INDIA;
  if (chosen) return chosen;
  return /^\d{2}/.test(client.taxId) ? client.taxId.slice(0, 2) : (gstStateCode(client.state) ?? '');
}

/** The tax scheme of an invoice for this client, from the workspace's tax profile. */
export const schemeFor = (
  settings: { country: string; stateCode: string },
  client: { country: string; state: string; taxId: string },
  chosen: string,
): TaxScheme =>
  taxSchemeFor(settings.country, settings.stateCode, placeOfSupply(settings.country, client, chosen));

/** "18%", "12.5%" from basis points. */
export const rateText = (rateBp: number): string =>
  `${(rateBp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/** Whether a buyer's country is in the EU, whose buyers get the EN 16931 invoice inside the PDF (Factur-X). */
export const isEuCountry = (country: string): boolean => country in EU_VAT_PREFIX && country !== 'GB';

/** "29 - Karnataka", as an Indian invoice prints the place of supply; '' for no code. */
export function gstStateLabel(code: string): string {
  const state = INDIAN_STATES.find(([stateCode]) => stateCode === code);
  return state ? `${state[0]} - ${state[1]}` : '';
}

/**
 * The UPI payment link a QR code carries (NPCI's `upi://pay`): the payee's address and name, the amount in
 * rupees with two decimals, and the invoice number as the note and reference, so the payment names it.
 */
export function upiPaymentLink(
  upiId: string,
  payeeName: string,
  amountMinor: number,
  reference: string,
): string {
  const params = new URLSearchParams({
    pa: upiId,
    pn: payeeName,
    am: minorToDecimal(amountMinor, 'INR'),
    cu: 'INR',
    tn: `Invoice ${reference}`,
    tr: reference,
  });
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}

/** When payment reminders go, in days from the due date: 3 before, on it, 7 and 21 after. */
export const REMINDER_STEPS = [-3, 0, 7, 21] as const;

/** A UPI id: name@bank. */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;

/** "2026-11" → "November 2026", as a retainer's invoice names its month. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The last day (YYYY-MM-DD) of a month (YYYY-MM). */
export function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

/** The month before a month (YYYY-MM). */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}
