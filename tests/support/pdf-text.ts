import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF opened with pdf.js, as a reader would (no script evaluation). */
export function openPdf(bytes: Buffer | Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
}

/** Every page's text, each page's items joined by single spaces. */
export async function pdfPageTexts(pdf: PDFDocumentProxy): Promise<string[]> {
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return pages;
}
