import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../../shared/amount-in-words';
import { invoiceTotals } from '../../../shared/invoice-totals';
import { formatMoney, minorToDecimal } from '../../../shared/money';
import { facturXml } from './factur-x';
import type { InvoiceDocument, InvoiceDocumentLine, InvoiceParty } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';

const seller: InvoiceParty = {
  name: 'Brightwave Digital Pvt Ltd',
  addressLines: ['4th Floor, Prestige Meridian', '29 MG Road', 'Bengaluru 560001'],
  country: 'IN',
  stateCode: '29',
  stateName: 'Karnataka',
  taxId: '29AABCB1234C1Z5',
  email: 'accounts@brightwave.in',
};

const buyer: InvoiceParty = {
  name: 'Nilgiri Organics LLP',
  addressLines: ['12 Residency Road', 'Bengaluru 560025'],
  country: 'IN',
  stateCode: '29',
  stateName: 'Karnataka',
  taxId: '29AAFFN5678D1Z2',
  email: 'finance@nilgiri.example',
};

const line = (over: Partial<InvoiceDocumentLine>): InvoiceDocumentLine => ({
  description: 'Social media management, November 2026',
  sac: '998361',
  quantityMilli: 1000,
  unit: 'month',
  unitPrice: 1_800_000,
  discount: 0,
  category: 'standard',
  rateBp: 1800,
  exemptReason: '',
  ...over,
});

const LINES: InvoiceDocumentLine[] = [
  line({}),
  line({
    description: 'Search ads campaign setup',
    quantityMilli: 12_500,
    unit: 'hrs',
    unitPrice: 120_000,
    discount: 50_000,
  }),
  line({
    description: 'Marketing workshop for students',
    sac: '999293',
    unit: 'item',
    unitPrice: 250_000,
    category: 'exempt',
    rateBp: 0,
    exemptReason: 'Services to an educational institution',
  }),
];

/** An intra-state Indian invoice (Karnataka to Karnataka, so CGST and SGST), its figures from the one totals function. */
function invoice(over: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = over.lines ?? LINES;
  const scheme = over.scheme ?? 'gst-intra';
  const currency = over.currency ?? 'INR';
  const totals = invoiceTotals(lines, scheme);
  const paid = over.paid ?? 1_000_000;
  return {
    kind: 'invoice',
    number: 'INV/26-27/0001',
    corrects: null,
    issueDate: '2026-11-28',
    dueDate: '2026-12-28',
    currency,
    scheme,
    seller,
    buyer,
    placeOfSupply: '29 - Karnataka',
    lines,
    totals,
    amountInWords: amountInWords(totals.total, currency),
    paid,
    balance: totals.total - paid,
    notes: 'Thank you for your business.',
    terms: 'Payment due within 30 days.',
    logo: null,
    accentColor: '#0f766e',
    upiLink: 'upi://pay?pa=brightwave@okaxis&pn=Brightwave&cu=INR',
    paymentLines: ['HDFC Bank, MG Road branch', 'Account 50200012345678, IFSC HDFC0000123'],
    facturX: null,
    ...over,
  };
}

/** A German agency billing a French client under reverse charge, with its Factur-X XML. */
function euInvoice(): InvoiceDocument {
  const lines = [
    line({
      description: 'Brand strategy consulting & workshop',
      sac: '',
      quantityMilli: 10_000,
      unit: 'hrs',
      unitPrice: 15_000,
      category: 'reverse_charge',
      rateBp: 0,
    }),
    line({ description: 'Campaign licence', sac: '', unit: 'item', unitPrice: 50_000, rateBp: 1900 }),
  ];
  const doc = invoice({
    currency: 'EUR',
    scheme: 'vat',
    lines,
    paid: 0,
    seller: {
      ...seller,
      name: 'Nordlicht Media GmbH',
      country: 'DE',
      stateCode: '',
      stateName: '',
      taxId: 'DE123456789',
      addressLines: ['Torstraße 1', '10119 Berlin'],
    },
    buyer: {
      ...buyer,
      name: 'Maison Lumière SAS',
      country: 'FR',
      stateCode: '',
      stateName: '',
      taxId: 'FR12345678901',
      addressLines: ['5 rue de la Paix', '75002 Paris'],
    },
    placeOfSupply: '',
    upiLink: null,
  });
  return { ...doc, facturX: facturXml(doc) };
}

async function open(pdf: Buffer): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
}

/** The Info dictionary, which pdf.js types as a bare Object. */
const documentInfo = async (pdf: PDFDocumentProxy) =>
  (await pdf.getMetadata()).info as Record<string, unknown>;

/** Every page's text, each page's items joined by single spaces. */
async function pageTexts(pdf: PDFDocumentProxy): Promise<string[]> {
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(text.replace(/\s+/g, ' '));
  }
  return pages;
}

/**
 * Enough of an XML parser to tell well-formed from not: one root, every tag closed in order, attributes
 * quoted, no stray "<" and no "&" that starts no entity.
 */
function expectWellFormed(xml: string): void {
  const body = xml.replace(/^\uFEFF?<\?xml[^>]*\?>/, '').replace(/<\?xpacket[^>]*\?>/g, '');
  const token =
    /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|(<)/g;
  const badAmpersand = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);)/i;
  const stack: string[] = [];
  let roots = 0;
  for (const [at, close, name, attributes, selfClosing, text, stray] of body.matchAll(token)) {
    expect(stray, `stray "<" in ${at}`).toBeUndefined();
    if (text !== undefined) {
      expect(badAmpersand.test(text), `bare "&" in ${text}`).toBe(false);
      if (stack.length === 0) expect(text.trim()).toBe('');
      continue;
    }
    expect(badAmpersand.test(attributes ?? ''), `bare "&" in ${at}`).toBe(false);
    if (close) expect(stack.pop(), `${at} closes another element`).toBe(name);
    else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name!);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

const latin1 = (pdf: Buffer) => pdf.toString('latin1');

/** The XMP packet, which pdfkit writes uncompressed as PDF/A wants it. */
function xmp(pdf: Buffer): string {
  const raw = latin1(pdf);
  const start = raw.indexOf('<?xpacket begin');
  const end = raw.indexOf('<?xpacket end="w"?>');
  expect(start).toBeGreaterThan(0);
  return Buffer.from(raw.slice(start, end + '<?xpacket end="w"?>'.length), 'latin1').toString('utf8');
}

const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(xml)?.[1];

describe('invoice PDF', () => {
  it('shows the parties, the number, every amount as the screen shows it, and the amount in words', async () => {
    const doc = invoice();
    const [text] = await pageTexts(await open(await renderInvoicePdf(doc)));
    const money = (minor: number) => formatMoney(minor, 'INR');

    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(seller.name);
    expect(text).toContain(buyer.name);
    expect(text).toContain('INV/26-27/0001');
    expect(text).toContain('28 Nov 2026');
    expect(text).toContain('29 - Karnataka');
    expect(text).toContain('SAC 998361');
    expect(text).toContain('Services to an educational institution');
    expect(text).toContain(money(doc.totals.total));
    expect(text).toContain(money(doc.totals.taxTotal));
    expect(text).toContain(money(doc.balance));
    for (const net of doc.totals.lineNets) expect(text).toContain(money(net));
    expect(money(doc.totals.total)).toMatch(/^₹/);
    // 18 % within the state: CGST and SGST at 9 % each on the standard-rated base.
    const base = money(doc.totals.groups[0]!.base);
    const half = money(doc.totals.groups[0]!.components[0]!.amount);
    expect(text).toContain(`CGST 9% on ${base} = ${half}`);
    expect(text).toContain(`SGST 9% on ${base} = ${half}`);
    expect(text).toContain(`Amount in words: ${doc.amountInWords}`);
    expect(text).toContain('Scan to pay with UPI');
    expect(text).toContain('Page 1 of 1');
  });

  it('embeds every font it uses and never falls back on a standard one, as PDF/A requires', async () => {
    const raw = latin1(await renderInvoicePdf(invoice()));
    const objects = raw.split(/\bendobj\b/);
    const descriptors = objects.filter((object) => object.includes('/Type /FontDescriptor'));
    expect(descriptors.length).toBeGreaterThanOrEqual(2);
    for (const descriptor of descriptors) expect(descriptor).toContain('/FontFile2');
    const baseFonts = [...raw.matchAll(/\/BaseFont \/([^\s/<>[\]]+)/g)].map((m) => m[1]!);
    expect(baseFonts.length).toBeGreaterThan(0);
    // A subset tag ("ABCDEF+") marks an embedded subset; a standard font would be named bare.
    for (const name of baseFonts) expect(name).toMatch(/^[A-Z]{6}\+DejaVuSans/);
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier|Symbol|ZapfDingbats)/);
  });

  it('declares PDF/A-3b in well-formed XMP, even for a seller whose name needs escaping', async () => {
    const doc = invoice({ seller: { ...seller, name: 'Ravi & Sons <Digital>' } });
    const pdfBytes = await renderInvoicePdf(doc);
    const packet = xmp(pdfBytes);
    expect(packet).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(packet).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(packet).toContain('Ravi &amp; Sons &lt;Digital&gt;');
    expectWellFormed(packet);
    expect(latin1(pdfBytes)).toMatch(/^%PDF-1\.7/);
    expect(latin1(pdfBytes)).toContain('/OutputIntents');

    const info = await documentInfo(await open(pdfBytes));
    expect(info.Title).toBe('Tax Invoice INV/26-27/0001');
    expect(info.Author).toBe('Ravi & Sons <Digital>');
  });

  it('is the same file every time for the same invoice', async () => {
    const doc = invoice();
    expect((await renderInvoicePdf(doc)).equals(await renderInvoicePdf(doc))).toBe(true);
  });

  it('draws an estimate with its validity date and total, without a balance, payments or a UPI code', async () => {
    const doc = invoice({ kind: 'estimate', number: 'EST-0007', upiLink: null, paymentLines: [], paid: 0 });
    const [text] = await pageTexts(await open(await renderInvoicePdf(doc)));
    for (const shown of [
      'ESTIMATE',
      'Estimate no.',
      'EST-0007',
      'Valid until',
      '28 Dec 2026',
      'ESTIMATE TOTAL',
    ])
      expect(text, shown).toContain(shown);
    expect(text).toContain(formatMoney(doc.totals.total, 'INR'));
    for (const absent of ['TAX INVOICE', 'Balance due', 'Paid', 'Due date', 'Scan to pay', 'DRAFT'])
      expect(text, absent).not.toContain(absent);
  });

  it('watermarks a draft and says "Draft" where the number goes', async () => {
    const pdfBytes = await renderInvoicePdf(invoice({ number: null }));
    const pdf = await open(pdfBytes);
    const [text] = await pageTexts(pdf);
    expect(text).toContain('DRAFT');
    expect(text).toContain('Invoice no. Draft');
    expect(text).not.toContain('INV/26-27/0001');
    const info = await documentInfo(pdf);
    expect(info.Title).toBe('Draft invoice');
  });

  it('names a credit note and the invoice it corrects', async () => {
    const doc = invoice({
      kind: 'credit_note',
      number: 'CN/26-27/0002',
      corrects: { number: 'INV/26-27/0001', issueDate: '2026-11-28' },
      upiLink: null,
    });
    const [text] = await pageTexts(await open(await renderInvoicePdf(doc)));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('Against invoice INV/26-27/0001 dated 28 Nov 2026');
    expect(text).not.toContain('Scan to pay with UPI');
  });

  it('runs a long invoice over several pages, repeating the table header and counting the pages', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      line({
        description: `Retainer hours, week ${String(i + 1).padStart(2, '0')}`,
        unit: 'hrs',
        unitPrice: 100_000 + i,
      }),
    );
    const doc = invoice({ lines, paid: 0 });
    const pdf = await open(await renderInvoicePdf(doc));
    expect(pdf.numPages).toBeGreaterThan(1);
    const pages = await pageTexts(pdf);
    const all = pages.join(' ');
    for (const l of lines) expect(all).toContain(l.description);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0 && page.includes('Retainer hours')) expect(page).toContain('Taxable value');
    });
    expect(all).toContain(formatMoney(doc.totals.total, 'INR'));
  });

  it('embeds the Factur-X XML as the invoice’s alternative form, and says so in the XMP', async () => {
    const doc = euInvoice();
    const pdfBytes = await renderInvoicePdf(doc);
    const pdf = await open(pdfBytes);
    const attachments = (await pdf.getAttachments()) as Record<string, { content: Uint8Array }>;
    expect(Object.keys(attachments)).toEqual(['factur-x.xml']);
    const embedded = Buffer.from(attachments['factur-x.xml']!.content).toString('utf8');
    expect(embedded).toBe(doc.facturX);
    expectWellFormed(embedded);

    const raw = latin1(pdfBytes);
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toMatch(/\/AF \[\d+ 0 R\]/);
    const packet = xmp(pdfBytes);
    expect(packet).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(packet).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expectWellFormed(packet);

    const [text] = await pageTexts(pdf);
    expect(text).toContain('Tax payable on reverse charge');
    expect(text).toContain(formatMoney(doc.totals.total, 'EUR'));
    expect(text).toContain('VAT no.: DE123456789');
  });
});

describe('Factur-X XML', () => {
  it('carries the EN 16931 header, the parties and the document’s own totals', () => {
    const doc = euInvoice();
    const xml = facturXml(doc);
    const decimal = (minor: number) => minorToDecimal(minor, 'EUR');
    expectWellFormed(xml);
    expect(xml).toContain('xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"');
    expect(tag(xml, 'ram:ID')).toBe('urn:cen.eu:en16931:2017');
    expect(tag(xml, 'ram:TypeCode')).toBe('380');
    expect(xml).toContain('<udt:DateTimeString format="102">20261128</udt:DateTimeString>');
    expect(xml).toContain('<ram:Name>Nordlicht Media GmbH</ram:Name>');
    expect(xml).toContain('<ram:CountryID>FR</ram:CountryID>');
    expect(xml).toContain('<ram:ID schemeID="VA">DE123456789</ram:ID>');
    expect(xml).toContain('Brand strategy consulting &amp; workshop');
    expect(xml).toContain('<ram:BilledQuantity unitCode="HUR">10</ram:BilledQuantity>');
    expect(xml).toContain('<ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity>');
    expect(tag(xml, 'ram:LineTotalAmount')).toBe(decimal(doc.totals.lineNets[0]!));
    expect(tag(xml, 'ram:TaxBasisTotalAmount')).toBe(decimal(doc.totals.subtotal));
    expect(xml).toContain(
      `<ram:TaxTotalAmount currencyID="EUR">${decimal(doc.totals.taxTotal)}</ram:TaxTotalAmount>`,
    );
    expect(tag(xml, 'ram:GrandTotalAmount')).toBe(decimal(doc.totals.total));
    expect(tag(xml, 'ram:TotalPrepaidAmount')).toBe('0.00');
    expect(tag(xml, 'ram:DuePayableAmount')).toBe(decimal(doc.balance));
    // One trade tax per group: standard at 19 %, and reverse charge with its reason.
    expect(xml).toContain(
      `<ram:ApplicableTradeTax><ram:CalculatedAmount>${decimal(doc.totals.taxTotal)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>500.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
    );
    expect(xml).toContain(
      '<ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:ExemptionReason>Reverse charge</ram:ExemptionReason><ram:BasisAmount>1500.00</ram:BasisAmount><ram:CategoryCode>AE</ram:CategoryCode>',
    );
  });

  it('marks a credit note 381 with the invoice it corrects, and an exempt supply with its reason', () => {
    const doc = invoice({
      kind: 'credit_note',
      number: 'CN/26-27/0002',
      corrects: { number: 'INV/26-27/0001', issueDate: '2026-11-02' },
      currency: 'EUR',
      scheme: 'vat',
    });
    const xml = facturXml(doc);
    expectWellFormed(xml);
    expect(tag(xml, 'ram:TypeCode')).toBe('381');
    expect(xml).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>INV/26-27/0001</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20261102</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>',
    );
    expect(xml).toContain(
      '<ram:ExemptionReason>Services to an educational institution</ram:ExemptionReason>',
    );
    expect(xml).toContain(
      '<ram:CategoryCode>E</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent>',
    );
    expect(xml).toContain('<ram:BilledQuantity unitCode="HUR">12.5</ram:BilledQuantity>');
    expect(xml).toContain(
      '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>500.00</ram:ActualAmount><ram:Reason>Discount</ram:Reason></ram:SpecifiedTradeAllowanceCharge>',
    );
  });
});
