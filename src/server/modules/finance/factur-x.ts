import type { TaxCategory } from '../../../shared/invoice-totals';
import { escapeXml } from '../../lib/xml';
import { minorToDecimal } from '../../../shared/money';
import type { InvoiceDocument, InvoiceParty } from './invoice-document';

/**
 * The invoice as an EN 16931 Cross Industry Invoice (the XML a Factur-X / ZUGFeRD PDF carries), so an EU
 * buyer's accounts software books it without retyping. Every figure is the document's own, taken from
 * `doc.totals`: nothing is recomputed here, so the XML and the printed page cannot disagree.
 */

/** UNCL 5305 duty or tax category of each of ours. */
const CATEGORY_CODE: Record<TaxCategory, string> = {
  standard: 'S',
  zero: 'Z',
  exempt: 'E',
  reverse_charge: 'AE',
  out_of_scope: 'O',
};

/** EN 16931 requires a reason for these categories; the exempt one prefers the lines' own wording. */
const DEFAULT_REASON: Partial<Record<TaxCategory, string>> = {
  exempt: 'Exempt from VAT',
  reverse_charge: 'Reverse charge',
  out_of_scope: 'Not subject to VAT',
};

/** Basis points as a plain percentage: 1900 → "19", 1250 → "12.5", 550 → "5.5". */
const ratePercent = (rateBp: number): string => String(rateBp / 100);

/** Thousandths as a decimal without trailing zeros: 1500 → "1.5", 2000 → "2". */
export function decimalQuantity(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(abs / 1000)}${fraction ? `.${fraction}` : ''}`;
}

/** UN/ECE Recommendation 20 unit codes: hours as HUR, anything else counted as pieces (C62). */
const unitCode = (unit: string): string => (/^(hrs?|hours?)$/i.test(unit.trim()) ? 'HUR' : 'C62');

const date102 = (iso: string): string => iso.replaceAll('-', '');

const el = (name: string, content: string, attributes = ''): string =>
  `<${name}${attributes}>${content}</${name}>`;
const text = (name: string, value: string, attributes = ''): string => el(name, escapeXml(value), attributes);

function party(tag: string, p: InvoiceParty): string {
  // The last printed address line is usually the city with its postcode; the others are street lines.
  const lines = p.addressLines.filter((line) => line.trim() !== '');
  const streets = lines.length > 1 ? lines.slice(0, -1) : lines;
  const city = lines.length > 1 ? lines.at(-1)! : '';
  const streetLines = [...streets.slice(0, 2), streets.slice(2).join(', ')].filter(Boolean);
  const address = [
    ...streetLines.map((line, i) => text(`ram:Line${['One', 'Two', 'Three'][i]}`, line)),
    city ? text('ram:CityName', city) : '',
    text('ram:CountryID', p.country),
    p.stateName ? text('ram:CountrySubDivisionName', p.stateName) : '',
  ].join('');
  return el(
    tag,
    [
      text('ram:Name', p.name),
      el('ram:PostalTradeAddress', address),
      p.email ? el('ram:URIUniversalCommunication', text('ram:URIID', p.email, ' schemeID="EM"')) : '',
      p.taxId ? el('ram:SpecifiedTaxRegistration', text('ram:ID', p.taxId, ' schemeID="VA"')) : '',
    ].join(''),
  );
}

/** The category and rate of a trade tax, which the CII schema puts last in it. */
function categoryAndRate(category: TaxCategory, rateBp: number): string {
  return [
    text('ram:CategoryCode', CATEGORY_CODE[category]),
    // An out-of-scope supply carries no rate at all (BR-O-5); every other category states one, 0 if none.
    category === 'out_of_scope'
      ? ''
      : text('ram:RateApplicablePercent', ratePercent(category === 'standard' ? rateBp : 0)),
  ].join('');
}

/** The CII XML of an invoice or credit note (EN 16931 profile). */
export function facturXml(doc: InvoiceDocument): string {
  const money = (minor: number) => minorToDecimal(minor, doc.currency);
  const amount = (name: string, minor: number, attributes = '') => text(name, money(minor), attributes);
  const dateTime = (name: string, iso: string, prefix = 'udt') =>
    el(name, text(`${prefix}:DateTimeString`, date102(iso), ' format="102"'));

  const lines = doc.lines.map((line, i) =>
    el(
      'ram:IncludedSupplyChainTradeLineItem',
      [
        el('ram:AssociatedDocumentLineDocument', text('ram:LineID', String(i + 1))),
        el('ram:SpecifiedTradeProduct', text('ram:Name', line.description)),
        el(
          'ram:SpecifiedLineTradeAgreement',
          // EN 16931 prices are net: a price that included its tax is given as the line's net for its
          // whole quantity (BasisQuantity), its discount already inside it.
          line.inclusive
            ? el(
                'ram:NetPriceProductTradePrice',
                amount('ram:ChargeAmount', doc.totals.lineNets[i]!) +
                  text(
                    'ram:BasisQuantity',
                    decimalQuantity(line.quantityMilli),
                    ` unitCode="${unitCode(line.unit)}"`,
                  ),
              )
            : el('ram:NetPriceProductTradePrice', amount('ram:ChargeAmount', line.unitPrice)),
        ),
        el(
          'ram:SpecifiedLineTradeDelivery',
          text(
            'ram:BilledQuantity',
            decimalQuantity(line.quantityMilli),
            ` unitCode="${unitCode(line.unit)}"`,
          ),
        ),
        el(
          'ram:SpecifiedLineTradeSettlement',
          [
            el(
              'ram:ApplicableTradeTax',
              text('ram:TypeCode', 'VAT') + categoryAndRate(line.category, line.rateBp),
            ),
            line.discount && !line.inclusive
              ? el(
                  'ram:SpecifiedTradeAllowanceCharge',
                  el('ram:ChargeIndicator', text('udt:Indicator', 'false')) +
                    amount('ram:ActualAmount', line.discount) +
                    text('ram:Reason', 'Discount'),
                )
              : '',
            el(
              'ram:SpecifiedTradeSettlementLineMonetarySummation',
              amount('ram:LineTotalAmount', doc.totals.lineNets[i]!),
            ),
          ].join(''),
        ),
      ].join(''),
    ),
  );

  const taxes = doc.totals.groups.map((group) => {
    const lineReasons = doc.lines
      .filter((line) => line.category === group.category && line.exemptReason.trim())
      .map((line) => line.exemptReason.trim());
    const reason =
      group.category === 'exempt' && lineReasons.length
        ? [...new Set(lineReasons)].join('; ')
        : DEFAULT_REASON[group.category];
    return el(
      'ram:ApplicableTradeTax',
      [
        amount('ram:CalculatedAmount', group.tax),
        text('ram:TypeCode', 'VAT'),
        reason ? text('ram:ExemptionReason', reason) : '',
        amount('ram:BasisAmount', group.base),
        categoryAndRate(group.category, group.rateBp),
      ].join(''),
    );
  });

  const terms = [
    doc.terms ? text('ram:Description', doc.terms) : '',
    doc.dueDate ? dateTime('ram:DueDateDateTime', doc.dueDate) : '',
  ].join('');

  const settlement = [
    text('ram:InvoiceCurrencyCode', doc.currency),
    ...taxes,
    terms ? el('ram:SpecifiedTradePaymentTerms', terms) : '',
    el(
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      [
        amount('ram:LineTotalAmount', doc.totals.subtotal),
        amount('ram:TaxBasisTotalAmount', doc.totals.subtotal),
        amount('ram:TaxTotalAmount', doc.totals.taxTotal, ` currencyID="${escapeXml(doc.currency)}"`),
        amount('ram:GrandTotalAmount', doc.totals.total),
        amount('ram:TotalPrepaidAmount', doc.paid),
        amount('ram:DuePayableAmount', doc.balance),
      ].join(''),
    ),
    doc.corrects
      ? el(
          'ram:InvoiceReferencedDocument',
          text('ram:IssuerAssignedID', doc.corrects.number) +
            dateTime('ram:FormattedIssueDateTime', doc.corrects.issueDate, 'qdt'),
        )
      : '',
  ].join('');

  const body = [
    el(
      'rsm:ExchangedDocumentContext',
      el('ram:GuidelineSpecifiedDocumentContextParameter', text('ram:ID', 'urn:cen.eu:en16931:2017')),
    ),
    el(
      'rsm:ExchangedDocument',
      [
        text('ram:ID', doc.number ?? 'DRAFT'),
        text('ram:TypeCode', doc.kind === 'credit_note' ? '381' : '380'),
        dateTime('ram:IssueDateTime', doc.issueDate),
        doc.notes ? el('ram:IncludedNote', text('ram:Content', doc.notes)) : '',
      ].join(''),
    ),
    el(
      'rsm:SupplyChainTradeTransaction',
      [
        ...lines,
        el(
          'ram:ApplicableHeaderTradeAgreement',
          party('ram:SellerTradeParty', doc.seller) + party('ram:BuyerTradeParty', doc.buyer),
        ),
        el('ram:ApplicableHeaderTradeDelivery', ''),
        el('ram:ApplicableHeaderTradeSettlement', settlement),
      ].join(''),
    ),
  ].join('');

  const namespaces = [
    'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"',
    'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
    'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
    'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
  ].join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice ${namespaces}>${body}</rsm:CrossIndustryInvoice>\n`;
}
