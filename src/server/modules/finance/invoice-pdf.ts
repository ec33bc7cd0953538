import type { TaxCategory } from '../../../shared/invoice-totals';
import { rateText } from '../../../shared/finance';
import { formatMoney } from '../../../shared/money';
import { escapeXml } from '../../lib/xml';
import { decimalQuantity } from './factur-x';
import type { InvoiceDocument, InvoiceParty } from './invoice-document';
import {
  BOTTOM,
  CONTENT_W,
  FACE,
  FACTUR_X_XMP,
  HEX,
  INK,
  MARGIN,
  MUTED,
  PAGE_H,
  PAGE_W,
  RULE,
  lightness,
  loadFonts,
  mix,
  showDate,
  type PdfKitInternals,
} from './pdf-support';
import { loadModule } from '../../lib/load-module';

/**
 * The invoice or credit note as a PDF/A-3b file: archivable for the years tax law keeps invoices, with the
 * EN 16931 XML embedded beside the page for EU buyers (Factur-X). Every amount goes through formatMoney and
 * every figure comes from `doc.totals`, so the paper shows exactly what the screen shows.
 */

const NON_STANDARD_GROUP: Partial<Record<TaxCategory, string>> = {
  zero: 'Zero-rated supplies',
  exempt: 'Exempt supplies',
  out_of_scope: 'Supplies outside the scope of tax',
};

/** How each kind of document names itself on the page. */
const KIND_WORDS: Record<
  InvoiceDocument['kind'],
  { heading: string; kindName: string; numberLabel: string; draftName: string }
> = {
  invoice: {
    heading: 'TAX INVOICE',
    kindName: 'Tax Invoice',
    numberLabel: 'Invoice no.',
    draftName: 'invoice',
  },
  credit_note: {
    heading: 'CREDIT NOTE',
    kindName: 'Credit Note',
    numberLabel: 'Credit note no.',
    draftName: 'credit note',
  },
  estimate: { heading: 'ESTIMATE', kindName: 'Estimate', numberLabel: 'Estimate no.', draftName: 'estimate' },
};

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  // Imported on the first PDF, not at start: pdfkit and its font tools would be a fifth of a start's module
  // loading (docs/architecture.md#start-up).
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([
    loadModule<{ default: typeof import('pdfkit') }>('pdfkit'),
    loadModule<{ default: typeof import('qrcode') }>('qrcode'),
  ]);
  const fonts = await loadFonts();
  const money = (minor: number) => formatMoney(minor, doc.currency);
  const accent = HEX.test(doc.accentColor) ? doc.accentColor : '#1d4ed8';
  // A pale brand colour still has to be read: as text on white it is darkened, and on the table header it
  // takes dark text instead of white.
  const accentInk = lightness(accent) > 0.6 ? mix(accent, 0.55, 0) : accent;
  const onAccent = lightness(accent) > 0.6 ? INK : '#ffffff';
  const isCredit = doc.kind === 'credit_note';
  // An estimate is a quote, not a tax document: no balance, no payment details, valid until a date.
  const isEstimate = doc.kind === 'estimate';
  const { heading, kindName, numberLabel, draftName } = KIND_WORDS[doc.kind];
  const title = doc.number ? `${kindName} ${doc.number}` : `Draft ${draftName}`;
  // The code's modules, drawn as vector squares: no PNG to encode and for pdfkit to decode again (a tenth of
  // a render), and sharp at any zoom or print size.
  const qr = doc.upiLink ? QRCode.create(doc.upiLink, { errorCorrectionLevel: 'M' }).modules : null;

  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    autoFirstPage: false,
    subset: 'PDF/A-3b',
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en',
    displayTitle: true,
    // pdfkit takes the font's bytes as well as a path; a default left unset would register Helvetica, which
    // PDF/A refuses because it is not embedded.
    font: fonts.regular as unknown as string,
    info: {
      Title: title,
      Author: doc.seller.name,
      Subject: `${kindName} for ${doc.buyer.name}`,
      CreationDate: new Date(`${doc.issueDate}T00:00:00Z`),
    },
  });
  // pdfkit keeps each embedded font under its PostScript name, and selecting it by that name reuses it.
  // Selecting through registerFont would not: when the font is already there under its name, pdfkit parses
  // the file again on every call and never caches the alias (half a second for a one-page invoice).
  pdf.font(fonts.bold);

  // pdfkit copies the info strings into the XMP packet unescaped: a seller named "Ravi & Sons" would make it
  // malformed XML, and a PDF/A reader would refuse the file. The Info dictionary is written before this runs
  // and keeps the plain text.
  const internals = pdf as unknown as PdfKitInternals;
  const endMetadata = internals.endMetadata.bind(pdf);
  internals.endMetadata = () => {
    for (const key of ['Title', 'Author', 'Subject'])
      if (typeof internals.info[key] === 'string') internals.info[key] = escapeXml(internals.info[key]);
    endMetadata();
  };

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const root = pdf.struct('Document');
  pdf.addStructure(root);
  const tagged = (type: string, draw: () => void, options: { alt?: string } = {}) =>
    root.add(pdf.struct(type, options, draw));
  const cell = (type: 'TH' | 'TD', draw: () => unknown) =>
    pdf.struct(type, {}, () => {
      draw();
    });
  const artifact = (draw: () => void) => {
    pdf.markContent('Artifact');
    draw();
    pdf.endMarkedContent();
  };

  type TextOptions = PDFKit.Mixins.TextOptions;
  const write = (
    text: string,
    x: number,
    y: number,
    width: number,
    {
      size = 9,
      bold = false,
      color = INK,
      ...rest
    }: TextOptions & { size?: number; bold?: boolean; color?: string } = {},
  ) => {
    pdf
      .font(bold ? FACE.bold : FACE.regular)
      .fontSize(size)
      .fillColor(color);
    pdf.text(text, x, y, { width, lineGap: 1.5, ...rest });
    return pdf.y;
  };
  const measure = (text: string, width: number, size = 9, bold = false) => {
    pdf.font(bold ? FACE.bold : FACE.regular).fontSize(size);
    return pdf.heightOfString(text, { width, lineGap: 1.5 });
  };

  const newPage = () => {
    pdf.addPage();
    artifact(() => pdf.rect(0, 0, PAGE_W, 8).fill(accent));
  };

  // Header: logo or the seller's name on the left, the document's kind and number on the right.
  newPage();
  let y = 34;
  let logoBottom = y;
  // A logo pdfkit cannot read leaves the invoice without one rather than without a PDF; it is opened before
  // anything is drawn so a failure cannot leave a marked-content sequence open.
  let logo: PDFKit.Mixins.ImageSrc | null = null;
  if (doc.logo)
    try {
      logo = internals.openImage(doc.logo);
    } catch {
      logo = null;
    }
  if (logo) {
    const image = logo;
    tagged('Figure', () => pdf.image(image, MARGIN, y, { fit: [170, 56] }), {
      alt: `${doc.seller.name} logo`,
    });
    logoBottom = y + 56;
  }
  if (logoBottom === y)
    tagged(
      'P',
      () =>
        (logoBottom = write(doc.seller.name, MARGIN, y + 6, 280, { size: 16, bold: true, color: accentInk })),
    );
  let headBottom = y;
  tagged(
    'H1',
    () =>
      (headBottom = write(heading, PAGE_W / 2, y, CONTENT_W / 2, {
        size: 22,
        bold: true,
        color: accentInk,
        align: 'right',
        characterSpacing: 1,
      })),
  );
  tagged(
    'P',
    () =>
      (headBottom = write(doc.number ?? 'Draft', PAGE_W / 2, headBottom + 2, CONTENT_W / 2, {
        size: 11,
        bold: true,
        align: 'right',
      })),
  );
  const corrects = doc.corrects;
  if (corrects)
    tagged(
      'P',
      () =>
        (headBottom = write(
          `Against invoice ${corrects.number} dated ${showDate(corrects.issueDate)}`,
          PAGE_W / 2 - 40,
          headBottom + 2,
          CONTENT_W / 2 + 40,
          { size: 8.5, color: MUTED, align: 'right' },
        )),
    );
  y = Math.max(logoBottom, headBottom) + 16;
  artifact(() =>
    pdf
      .moveTo(MARGIN, y)
      .lineTo(PAGE_W - MARGIN, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke(),
  );
  y += 14;

  const partyLines = (p: InvoiceParty) =>
    [
      ...p.addressLines,
      p.taxId ? `${p.country === 'IN' ? 'GSTIN' : 'VAT no.'}: ${p.taxId}` : '',
      p.stateCode ? `State: ${p.stateName} (${p.stateCode})` : '',
      p.email,
    ].filter(Boolean);
  const drawParty = (label: string, p: InvoiceParty, x: number, top: number, width: number) => {
    let bottom = top;
    tagged('P', () => {
      bottom = write(label.toUpperCase(), x, top, width, {
        size: 7.5,
        bold: true,
        color: accentInk,
        characterSpacing: 0.6,
      });
      bottom = write(p.name, x, bottom + 3, width, { size: 10, bold: true });
      bottom = write(partyLines(p).join('\n'), x, bottom + 2, width, { size: 8.5, color: '#374151' });
    });
    return bottom;
  };

  // Seller, buyer and the document's dates in three columns; what is due under the dates.
  const GAP = 18;
  const colW = (CONTENT_W - 2 * GAP) / 3;
  const metaX = MARGIN + 2 * (colW + GAP);
  const sellerBottom = drawParty('From', doc.seller, MARGIN, y, colW);
  const buyerBottom = drawParty('Bill to', doc.buyer, MARGIN + colW + GAP, y, colW);
  const meta: [string, string][] = [
    [numberLabel, doc.number ?? 'Draft'],
    ['Issue date', showDate(doc.issueDate)],
  ];
  if (doc.dueDate) meta.push([isEstimate ? 'Valid until' : 'Due date', showDate(doc.dueDate)]);
  if (doc.placeOfSupply) meta.push(['Place of supply', doc.placeOfSupply]);
  let metaBottom = y + 1;
  const labelW = 72;
  const table = pdf.struct('Table');
  root.add(table);
  for (const [label, value] of meta) {
    const row = pdf.struct('TR');
    table.add(row);
    const top = metaBottom;
    let bottom = top;
    row.add(cell('TH', () => write(label, metaX, top, labelW, { size: 8, color: MUTED })));
    row.add(
      cell('TD', () => {
        bottom = write(value, metaX + labelW, top, colW - labelW, { size: 8.5, bold: true, align: 'right' });
      }),
    );
    row.end();
    metaBottom = bottom + 4;
  }
  table.end();

  const dueLabel = isCredit
    ? 'Credit total'
    : isEstimate
      ? 'Estimate total'
      : doc.balance === 0 && doc.paid > 0
        ? 'Paid in full'
        : 'Balance due';
  const dueAmount = isCredit || isEstimate ? doc.totals.total : doc.balance;
  const boxTop = metaBottom + 8;
  const boxH = 46;
  artifact(() => pdf.roundedRect(metaX, boxTop, colW, boxH, 4).fill(mix(accent, 0.9)));
  tagged('P', () => {
    write(dueLabel.toUpperCase(), metaX + 10, boxTop + 9, colW - 20, {
      size: 7,
      bold: true,
      color: accentInk,
      characterSpacing: 0.6,
    });
    write(money(dueAmount), metaX + 10, boxTop + 21, colW - 20, { size: 15, bold: true });
  });
  y = Math.max(sellerBottom, buyerBottom, boxTop + boxH) + 22;

  // The lines table, its header repeated on every page it runs onto.
  const hasDiscount = doc.lines.some((line) => line.discount !== 0);
  const numW = 26;
  const qtyW = 58;
  const rateW = 72;
  const discW = hasDiscount ? 60 : 0;
  const netW = 84;
  const descW = CONTENT_W - numW - qtyW - rateW - discW - netW;
  const columns = [
    { label: '#', x: MARGIN, w: numW, align: 'left' as const },
    { label: 'Description', x: MARGIN + numW, w: descW, align: 'left' as const },
    { label: 'Qty', x: MARGIN + numW + descW, w: qtyW, align: 'right' as const },
    { label: 'Rate', x: MARGIN + numW + descW + qtyW, w: rateW, align: 'right' as const },
    ...(hasDiscount
      ? [{ label: 'Discount', x: MARGIN + numW + descW + qtyW + rateW, w: discW, align: 'right' as const }]
      : []),
    { label: 'Taxable value', x: PAGE_W - MARGIN - netW, w: netW, align: 'right' as const },
  ];
  const PAD = 6;
  const headerH = 22;
  const lines = pdf.struct('Table');
  root.add(lines);
  const drawHeader = (repeat: boolean) => {
    artifact(() => pdf.rect(MARGIN, y, CONTENT_W, headerH).fill(accent));
    const cells = () =>
      columns.forEach((c) =>
        write(c.label, c.x + PAD, y + 7, c.w - 2 * PAD, {
          size: 8,
          bold: true,
          color: onAccent,
          align: c.align,
          lineBreak: false,
        }),
      );
    if (repeat) artifact(cells);
    else {
      const row = pdf.struct('TR');
      lines.add(row);
      const top = y;
      columns.forEach((c) =>
        row.add(
          cell('TH', () =>
            write(c.label, c.x + PAD, top + 7, c.w - 2 * PAD, {
              size: 8,
              bold: true,
              color: onAccent,
              align: c.align,
              lineBreak: false,
            }),
          ),
        ),
      );
      row.end();
    }
    y += headerH;
  };
  const continuePage = () => {
    newPage();
    y = 30;
    artifact(() => write(`${title} (continued)`, MARGIN, y, CONTENT_W, { size: 8, color: MUTED }));
    y += 18;
  };
  drawHeader(false);

  doc.lines.forEach((line, i) => {
    const notes = [
      line.sac ? `SAC ${line.sac}` : '',
      line.category === 'exempt' && line.exemptReason ? `Exempt: ${line.exemptReason}` : '',
      line.inclusive ? 'Price includes tax' : '',
    ]
      .filter(Boolean)
      .join('\n');
    const values = [
      String(i + 1),
      line.description,
      `${decimalQuantity(line.quantityMilli)} ${line.unit}`.trim(),
      money(line.unitPrice),
      ...(hasDiscount ? [line.discount ? money(line.discount) : '—'] : []),
      money(doc.totals.lineNets[i]!),
    ];
    const notesH = notes ? measure(notes, descW - 2 * PAD, 7.5) + 2 : 0;
    const rowH =
      Math.max(...columns.map((c, col) => measure(values[col]!, c.w - 2 * PAD) + (col === 1 ? notesH : 0))) +
      2 * PAD;
    if (y + rowH > BOTTOM) {
      continuePage();
      drawHeader(true);
    }
    const top = y;
    if (i % 2 === 1) artifact(() => pdf.rect(MARGIN, top, CONTENT_W, rowH).fill('#f6f7f9'));
    const row = pdf.struct('TR');
    lines.add(row);
    columns.forEach((c, col) =>
      row.add(
        cell('TD', () => {
          const after = write(values[col]!, c.x + PAD, top + PAD, c.w - 2 * PAD, {
            align: c.align,
            color: col === 0 ? MUTED : INK,
          });
          if (col === 1 && notes)
            write(notes, c.x + PAD, after + 2, c.w - 2 * PAD, { size: 7.5, color: MUTED });
        }),
      ),
    );
    row.end();
    y += rowH;
    artifact(() =>
      pdf
        .moveTo(MARGIN, y)
        .lineTo(PAGE_W - MARGIN, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke(),
    );
  });
  lines.end();
  y += 16;

  const summary: string[] = [];
  for (const group of doc.totals.groups) {
    if (group.category === 'reverse_charge')
      summary.push(`Tax payable on reverse charge on ${money(group.base)}`);
    else if (group.components.length)
      for (const c of group.components)
        summary.push(`${c.name} ${rateText(c.rateBp)} on ${money(group.base)} = ${money(c.amount)}`);
    else if (NON_STANDARD_GROUP[group.category])
      summary.push(`${NON_STANDARD_GROUP[group.category]}: ${money(group.base)}`);
  }
  if (doc.totals.taxTotal !== 0) summary.push(`Total tax: ${money(doc.totals.taxTotal)}`);
  const totals: { label: string; value: string; strong?: boolean }[] = [
    { label: 'Subtotal', value: money(doc.totals.subtotal) },
  ];
  for (const group of doc.totals.groups)
    for (const c of group.components)
      totals.push({ label: `${c.name} ${rateText(c.rateBp)}`, value: money(c.amount) });
  totals.push({ label: 'Total', value: money(doc.totals.total), strong: true });
  if (!isCredit && !isEstimate) {
    totals.push({ label: 'Paid', value: money(doc.paid) });
    totals.push({ label: 'Balance due', value: money(doc.balance), strong: true });
  }
  // The tax summary, the amount in words, notes, terms and payment details run down the left column; the
  // totals and the UPI code stand in the right one.
  const leftW = 280;
  const rightW = 210;
  const rightX = PAGE_W - MARGIN - rightW;
  const qrSize = 112.5;
  const words = `Amount in words: ${doc.amountInWords}`;
  const summaryH =
    (summary.length ? 14 + summary.reduce((h, s) => h + measure(s, leftW, 8.5) + 2, 0) + 8 : 0) +
    measure(words, leftW, 9, true);
  const totalsH = totals.length * 18 + 6;
  if (y + Math.max(summaryH, totalsH) > BOTTOM) continuePage();
  const blockTop = y;
  const label = (text: string, x: number, top: number, width: number) =>
    write(text.toUpperCase(), x, top, width, {
      size: 7.5,
      bold: true,
      color: accentInk,
      characterSpacing: 0.6,
    });
  let left = y;
  if (summary.length)
    tagged('P', () => {
      left = label('Tax summary', MARGIN, left, leftW) + 4;
      for (const s of summary) left = write(s, MARGIN, left, leftW, { size: 8.5, color: '#374151' }) + 2;
      left += 6;
    });
  tagged('P', () => (left = write(words, MARGIN, left, leftW, { size: 9, bold: true })));

  let right = blockTop;
  const totalsTable = pdf.struct('Table');
  root.add(totalsTable);
  for (const t of totals) {
    const top = right;
    const isTotal = t.label === 'Total';
    if (isTotal) artifact(() => pdf.rect(rightX, top - 5, rightW, 23).fill(mix(accent, 0.88)));
    const row = pdf.struct('TR');
    totalsTable.add(row);
    const size = t.strong ? 10 : 9;
    const color = t.strong ? INK : '#374151';
    row.add(cell('TH', () => write(t.label, rightX + 8, top, 100, { size, bold: t.strong, color })));
    row.add(
      cell('TD', () =>
        write(t.value, rightX + 100, top, rightW - 108, { size, bold: t.strong, align: 'right' }),
      ),
    );
    row.end();
    right += isTotal ? 24 : 18;
  }
  totalsTable.end();

  const drawQr = (top: number) => {
    const { size, data } = qr!;
    const x = rightX + (rightW - qrSize) / 2;
    // One module of quiet zone each side (white page around it does the rest), runs of dark modules merged.
    const cell = qrSize / (size + 2);
    tagged(
      'Figure',
      () => {
        pdf.save();
        for (let row = 0; row < size; row++)
          for (let col = 0; col < size;) {
            if (!data[row * size + col]) {
              col++;
              continue;
            }
            let end = col;
            while (end < size && data[row * size + end]) end++;
            pdf.rect(x + (col + 1) * cell, top + (row + 1) * cell, (end - col) * cell, cell);
            col = end;
          }
        pdf.fill('#000000');
        pdf.restore();
      },
      { alt: 'UPI payment QR code' },
    );
    tagged('P', () =>
      write('Scan to pay with UPI', rightX, top + qrSize + 3, rightW, {
        size: 8,
        color: MUTED,
        align: 'center',
      }),
    );
  };
  y = left + 16;
  if (qr) {
    // Under the totals; when the page has no room left for it, the notes and payment details move to the
    // next page with it, so the code never stands apart from how to pay.
    if (right + 10 + qrSize + 16 <= BOTTOM) drawQr(right + 10);
    else {
      continuePage();
      drawQr(y);
    }
  }
  const sections = [
    { heading: 'Notes', body: doc.notes },
    { heading: 'Terms', body: doc.terms },
    { heading: 'Payment details', body: doc.paymentLines.join('\n') },
  ].filter((section) => section.body.trim());
  for (const section of sections) {
    // Paragraph by paragraph, so a long note runs onto the next page instead of off this one.
    const paragraphs = section.body.trim().split(/\n+/);
    if (y + 14 + measure(paragraphs[0]!, leftW, 8.5) > BOTTOM) continuePage();
    tagged('H2', () => (y = label(section.heading, MARGIN, y, leftW) + 3));
    for (const paragraph of paragraphs) {
      if (y + measure(paragraph, leftW, 8.5) > BOTTOM) continuePage();
      tagged('P', () => (y = write(paragraph, MARGIN, y, leftW, { size: 8.5, color: '#374151' })));
    }
    y += 10;
  }

  // Footer with the page count, known only now.
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    // Over the content rather than under it, where the table's shading would hide parts of it.
    if (doc.number === null)
      artifact(() => {
        pdf.save();
        pdf.rotate(-40, { origin: [PAGE_W / 2, PAGE_H / 2] });
        pdf.font(FACE.bold).fontSize(130).fillColor('#9ca3af').fillOpacity(0.16);
        pdf.text('DRAFT', 0, PAGE_H / 2 - 75, { width: PAGE_W, align: 'center', lineBreak: false });
        pdf.restore();
      });
    artifact(() => {
      pdf
        .moveTo(MARGIN, PAGE_H - 40)
        .lineTo(PAGE_W - MARGIN, PAGE_H - 40)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      write(`${doc.seller.name} · ${title}`, MARGIN, PAGE_H - 32, CONTENT_W - 100, {
        size: 7.5,
        color: MUTED,
        lineBreak: false,
      });
      write(`Page ${i + 1} of ${range.count}`, PAGE_W - MARGIN - 100, PAGE_H - 32, 100, {
        size: 7.5,
        color: MUTED,
        align: 'right',
        lineBreak: false,
      });
    });
  }

  if (doc.facturX) {
    const date = new Date(`${doc.issueDate}T00:00:00Z`);
    // pdfkit writes `relationship` as the file's /AFRelationship; @types/pdfkit does not declare it.
    const attachment: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
      name: 'factur-x.xml',
      type: 'text/xml',
      relationship: 'Alternative',
      description: 'Factur-X invoice',
      creationDate: date,
      modifiedDate: date,
    };
    pdf.file(Buffer.from(doc.facturX, 'utf8'), attachment);
    pdf.appendXML(FACTUR_X_XMP);
  }

  root.end();
  pdf.end();
  return done;
}
