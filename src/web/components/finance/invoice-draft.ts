import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import { minorToDecimal, parseMoney } from '../../../shared/money';
import {
  DEFAULT_SAC,
  invoiceInputSchema,
  type FinanceSettings,
  type InvoiceInput,
  type InvoiceLineInput,
  type InvoiceView,
  type TaxCategory,
} from '../../../shared/schemas/finance';
import type { TotalsLine } from '../../../shared/invoice-totals';

/** One line as the editor holds it: the text people type, read into thousandths and minor units on save. */
export interface LineDraft {
  /** A key for React only; never sent. */
  key: string;
  description: string;
  sac: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discount: string;
  category: TaxCategory;
  rateBp: number;
  exemptReason: string;
}

export interface InvoiceDraft {
  clientId: string;
  projectId: string;
  issueDate: string;
  dueDate: string;
  placeOfSupply: string;
  /** The unit prices typed include their tax (every line's): the server takes it back out. */
  pricesIncludeTax: boolean;
  lines: LineDraft[];
  notes: string;
  terms: string;
}

/**
 * A quantity typed as a decimal ("1.5", "2", "0.125") in thousandths of a unit, with string and integer
 * arithmetic only; null when it is not a number above 0 with at most three decimals.
 */
export function parseQuantity(text: string): number | null {
  const match = /^(\d*)(?:\.(\d{0,3}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match || (!match[1] && !match[2])) return null;
  const whole = match[1] || '0';
  if (whole.length > 12) return null;
  const milli = Number(whole) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  return milli > 0 && Number.isSafeInteger(milli) ? milli : null;
}

/** Thousandths as the editor shows them: 1500 → "1.5", 2000 → "2". */
export function quantityText(milli: number): string {
  const whole = Math.trunc(milli / 1000);
  const fraction = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

let next = 0;
const newKey = () => `line-${(next += 1)}`;

export function newLine(settings: FinanceSettings | undefined): LineDraft {
  return {
    key: newKey(),
    description: '',
    sac: settings?.country === 'IN' || !settings ? settings?.defaultSac || DEFAULT_SAC : '',
    quantity: '1',
    unit: '',
    unitPrice: '',
    discount: '',
    category: 'standard',
    rateBp: settings?.defaultRateBp ?? 1800,
    exemptReason: '',
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/** A document's saved lines (an invoice's, an estimate's) as the line editor holds them. */
export function lineDraftsOf(lines: InvoiceView['lines'], currency: string): LineDraft[] {
  return lines.map((line) => ({
    key: newKey(),
    description: line.description,
    sac: line.sac,
    quantity: quantityText(line.quantityMilli),
    unit: line.unit,
    unitPrice: minorToDecimal(line.unitPrice, currency),
    discount: line.discount ? minorToDecimal(line.discount, currency) : '',
    category: line.category,
    rateBp: line.rateBp,
    exemptReason: line.exemptReason,
  }));
}

export function draftOf(invoice: InvoiceView | null, settings: FinanceSettings | undefined): InvoiceDraft {
  if (!invoice)
    return {
      clientId: '',
      projectId: '',
      issueDate: today(),
      dueDate: '',
      placeOfSupply: '',
      pricesIncludeTax: false,
      lines: [newLine(settings)],
      notes: '',
      terms: '',
    };
  return {
    clientId: invoice.clientId,
    projectId: invoice.projectId ?? '',
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate ?? '',
    // The stored place is the one the server worked out; '' lets the client's state decide again.
    placeOfSupply: invoice.placeOfSupply === '96' ? '' : invoice.placeOfSupply,
    pricesIncludeTax: invoice.lines.some((line) => line.inclusive),
    lines: lineDraftsOf(invoice.lines, invoice.currency),
    notes: invoice.notes,
    terms: invoice.terms,
  };
}

/** A line's figures for the live totals: what cannot be read counts as nothing yet. */
export function totalsLineOf(line: LineDraft, currency: string, inclusive = false): TotalsLine {
  return {
    quantityMilli: parseQuantity(line.quantity) ?? 0,
    unitPrice: parseMoney(line.unitPrice, currency) ?? 0,
    discount: line.discount.trim() ? (parseMoney(line.discount, currency) ?? 0) : 0,
    category: line.category,
    rateBp: line.rateBp,
    inclusive,
  };
}

/**
 * The line editor's lines as the API takes them, `inclusive` on every line; what cannot be read becomes a
 * field error in `errors` (`lines.<i>.<field>`), as the server would name it.
 */
export function readLines(
  drafts: readonly LineDraft[],
  currency: string,
  inclusive: boolean,
  errors: Record<string, string>,
): InvoiceLineInput[] {
  return drafts.map((line, i) => {
    const quantityMilli = parseQuantity(line.quantity);
    if (quantityMilli === null) errors[`lines.${i}.quantityMilli`] = M.quantityInvalid;
    const unitPrice = parseMoney(line.unitPrice, currency);
    if (unitPrice === null) errors[`lines.${i}.unitPrice`] = M.priceInvalid;
    const discount = line.discount.trim() ? parseMoney(line.discount, currency) : 0;
    if (discount === null || discount < 0) errors[`lines.${i}.discount`] = M.discountInvalid;
    return {
      description: line.description,
      sac: line.sac,
      quantityMilli: quantityMilli ?? 0,
      unit: line.unit,
      unitPrice: unitPrice ?? 0,
      discount: discount ?? 0,
      category: line.category,
      rateBp: line.category === 'standard' ? line.rateBp : 0,
      exemptReason: line.category === 'exempt' ? line.exemptReason : '',
      inclusive,
    };
  });
}

/** Reads the draft into the API's input; what cannot be read becomes a field error here, as the server would. */
export function readDraft(
  draft: InvoiceDraft,
  currency: string,
): { input?: InvoiceInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines = readLines(draft.lines, currency, draft.pricesIncludeTax, errors);
  const parsed = invoiceInputSchema.safeParse({
    clientId: draft.clientId,
    projectId: draft.projectId || null,
    issueDate: draft.issueDate,
    dueDate: draft.dueDate || null,
    placeOfSupply: draft.placeOfSupply,
    lines,
    notes: draft.notes,
    terms: draft.terms,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return Object.keys(errors).length || !parsed.success ? { errors } : { input: parsed.data, errors };
}
