import { OUTSIDE_INDIA } from '../../../shared/finance';
import { lineTaxShares } from '../../../shared/invoice-totals';
import type { InvoiceView } from '../../../shared/schemas/finance';
import type { InvoiceParty } from './invoice-document';

/**
 * The invoice as the Indian e-invoice JSON (schema INV-01 version 1.1 of the Invoice Registration Portal),
 * what an accountant uploads to the IRP or its offline tool to get the IRN. Every amount is the invoice's
 * own (the one totals function's); tax is printed per item as each group's tax split over its lines
 * (`lineTaxShares`), so the items add up to the document's figures exactly.
 */

/** "2026-11-29" → "29/11/2026", the portal's date form. */
const portalDate = (iso: string): string => iso.split('-').reverse().join('/');

/** Rupees as the JSON number the schema wants (two decimals), from paise. */
const rupees = (paise: number): number => Math.round(paise) / 100;

/** The party's street, city and PIN: kept in parts since estimates came, read from its printed lines before. */
export function addressOf(party: InvoiceParty) {
  if (party.address) return party.address;
  const lines = party.addressLines;
  // The city line ("Mumbai 400021") comes after the street lines, which may hold a six-digit plot number.
  const pinLine = lines.findLast((line) => /\b\d{6}\b/.test(line)) ?? '';
  const pin = [...pinLine.matchAll(/\b(\d{6})\b/g)].pop();
  return {
    line1: lines[0] ?? '',
    line2: lines.length > 3 ? (lines[1] ?? '') : '',
    city: pin
      ? `${pinLine.slice(0, pin.index)}${pinLine.slice(pin.index! + 6)}`.replace(/,.*$/, '').trim()
      : '',
    postalCode: pin?.[1] ?? '',
  };
}

const clip = (text: string, max: number) => text.slice(0, max);

export type EInvoiceResult = { json: Record<string, unknown> } | { missing: string[] };

/** The e-invoice of a final Indian invoice or credit note, or what its parties lack for one. */
export function eInvoiceJson(invoice: InvoiceView): EInvoiceResult {
  const exported = invoice.buyer.country !== 'IN';
  const seller = addressOf(invoice.seller);
  const buyer = addressOf(invoice.buyer);
  const missing: string[] = [];
  if (!invoice.seller.taxId) missing.push('your GSTIN');
  if (!seller.line1) missing.push('your address');
  if (!seller.city) missing.push('your city');
  if (!/^\d{6}$/.test(seller.postalCode)) missing.push('your PIN code');
  if (!exported) {
    if (!invoice.buyer.taxId) missing.push('the client’s GSTIN');
    if (!buyer.line1) missing.push('the client’s address');
    if (!buyer.city) missing.push('the client’s city');
    if (!/^\d{6}$/.test(buyer.postalCode)) missing.push('the client’s PIN code');
  }
  if (missing.length) return { missing };

  const shares = lineTaxShares(invoice.lines, invoice.totals);
  const igst = invoice.totals.groups.flatMap((g) => g.components).some((c) => c.name === 'IGST' && c.amount);
  const supplyType = exported ? (igst ? 'EXPWP' : 'EXPWOP') : 'B2B';
  const items = invoice.lines.map((line, index) => {
    const tax = shares[index]!;
    // An inclusive price is printed as its taxable value: the portal checks amount − discount = taxable.
    const gross = line.net + line.discount;
    const quantity = line.quantityMilli / 1000;
    return {
      SlNo: String(index + 1),
      PrdDesc: clip(line.description, 300),
      IsServc: 'Y',
      HsnCd: line.sac,
      Qty: quantity,
      UnitPrice: quantity ? Math.round((gross / quantity) * 10) / 1000 : rupees(gross),
      TotAmt: rupees(gross),
      Discount: rupees(line.discount),
      AssAmt: rupees(line.net),
      GstRt: line.category === 'standard' ? line.rateBp / 100 : 0,
      IgstAmt: rupees(tax.IGST),
      CgstAmt: rupees(tax.CGST),
      SgstAmt: rupees(tax.SGST),
      CesRt: 0,
      CesAmt: 0,
      CesNonAdvlAmt: 0,
      StateCesRt: 0,
      StateCesAmt: 0,
      StateCesNonAdvlAmt: 0,
      OthChrg: 0,
      TotItemVal: rupees(line.net + tax.IGST + tax.CGST + tax.SGST),
    };
  });
  const sum = (name: 'CGST' | 'SGST' | 'IGST') =>
    invoice.totals.groups
      .flatMap((g) => g.components)
      .reduce((s, c) => s + (c.name === name ? c.amount : 0), 0);

  const json: Record<string, unknown> = {
    Version: '1.1',
    TranDtls: {
      TaxSch: 'GST',
      SupTyp: supplyType,
      RegRev: invoice.lines.some((line) => line.category === 'reverse_charge') ? 'Y' : 'N',
      IgstOnIntra: 'N',
    },
    DocDtls: {
      Typ: invoice.kind === 'credit_note' ? 'CRN' : 'INV',
      No: invoice.number,
      Dt: portalDate(invoice.issueDate),
    },
    SellerDtls: {
      Gstin: invoice.seller.taxId,
      LglNm: clip(invoice.seller.name, 100),
      Addr1: clip(seller.line1, 100),
      ...(seller.line2 ? { Addr2: clip(seller.line2, 100) } : {}),
      Loc: clip(seller.city, 50),
      Pin: Number(seller.postalCode),
      Stcd: invoice.seller.stateCode,
      ...(invoice.seller.email ? { Em: invoice.seller.email } : {}),
    },
    BuyerDtls: exported
      ? {
          Gstin: 'URP',
          LglNm: clip(invoice.buyer.name, 100),
          Pos: OUTSIDE_INDIA,
          Addr1: clip(buyer.line1 || invoice.buyer.addressLines[0] || invoice.buyer.name, 100),
          Loc: clip(buyer.city || invoice.buyer.country, 50),
          Pin: 999999,
          Stcd: OUTSIDE_INDIA,
          ...(invoice.buyer.email ? { Em: invoice.buyer.email } : {}),
        }
      : {
          Gstin: invoice.buyer.taxId,
          LglNm: clip(invoice.buyer.name, 100),
          Pos: invoice.placeOfSupply,
          Addr1: clip(buyer.line1, 100),
          ...(buyer.line2 ? { Addr2: clip(buyer.line2, 100) } : {}),
          Loc: clip(buyer.city, 50),
          Pin: Number(buyer.postalCode),
          Stcd: invoice.buyer.taxId.slice(0, 2),
          ...(invoice.buyer.email ? { Em: invoice.buyer.email } : {}),
        },
    ItemList: items,
    ValDtls: {
      AssVal: rupees(invoice.totals.subtotal),
      CgstVal: rupees(sum('CGST')),
      SgstVal: rupees(sum('SGST')),
      IgstVal: rupees(sum('IGST')),
      CesVal: 0,
      StCesVal: 0,
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: 0,
      TotInvVal: rupees(invoice.totals.total),
    },
  };
  if (exported) json.ExpDtls = { CntCode: invoice.buyer.country };
  if (invoice.kind === 'credit_note' && invoice.corrects?.number)
    json.RefDtls = {
      PrecDocDtls: [{ InvNo: invoice.corrects.number, InvDt: portalDate(invoice.corrects.issueDate) }],
    };
  return { json };
}
