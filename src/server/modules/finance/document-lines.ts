import { randomUUID } from 'node:crypto';
import { FINANCE_LIMITS } from '../../../shared/finance';
import { invoiceTotals, mulDivRound, type TaxScheme, type Totals } from '../../../shared/invoice-totals';
import { FINANCE_MESSAGES as M } from '../../../shared/messages';
import type { InvoiceLineInput } from '../../../shared/schemas/finance';
import type { InvoiceLineRow } from '../../db/types';
import { badRequest } from '../../http/errors';

/**
 * A finance document's lines (an invoice's, a credit note's, an estimate's): read back from their rows,
 * totalled by the one totals function and written as rows again, with the tax groups the books sum.
 */

const num = (value: number | string): number => Number(value);

export const totalsLine = (
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

export const lineInputOf = (
  row: Pick<
    InvoiceLineRow,
    | 'description'
    | 'sac'
    | 'quantity_milli'
    | 'unit'
    | 'unit_price'
    | 'discount'
    | 'category'
    | 'rate_bp'
    | 'exempt_reason'
    | 'inclusive'
  >,
): InvoiceLineInput => ({
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
export function checkedTotals(lines: InvoiceLineInput[], scheme: TaxScheme): Totals {
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
export function taxRows(workspaceId: string, invoiceId: string, totals: Totals) {
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

/** The lines as rows (without the document they belong to), each with its net from `totals`. */
export const lineRows = (workspaceId: string, lines: InvoiceLineInput[], totals: Totals) =>
  lines.map((line, position) => ({
    id: randomUUID(),
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
