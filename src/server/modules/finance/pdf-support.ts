import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the finance documents' PDFs share: the embedded fonts, dates and colours as printed, the A4 page's
 * measures, and the PDF/A pieces pdfkit leaves to its caller.
 */

export type Fonts = { regular: Buffer; bold: Buffer };

/** The PostScript names of the two files in assets/fonts. */
export const FACE = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' };

/** The repository's assets/fonts, found from this file in src/ (tests, tsx) and from the dist/server bundle. */
function fontDirectory(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ;) {
    const candidate = path.join(dir, 'assets', 'fonts');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('assets/fonts not found above the invoice renderer');
    dir = parent;
  }
}

let fontsLoading: Promise<Fonts> | null = null;

/** PDF/A admits only embedded fonts, and DejaVu Sans has the rupee sign the standard 14 fonts lack. */
export function loadFonts(): Promise<Fonts> {
  fontsLoading ??= (async () => {
    const dir = fontDirectory();
    const [regular, bold] = await Promise.all([
      readFile(path.join(dir, 'DejaVuSans.ttf')),
      readFile(path.join(dir, 'DejaVuSans-Bold.ttf')),
    ]);
    return { regular, bold };
  })().catch((error: unknown) => {
    fontsLoading = null;
    throw error;
  });
  return fontsLoading;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-28" → "28 Nov 2026", read from the digits so no time zone can move the day. */
export function showDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

export const HEX = /^#[0-9a-f]{6}$/i;

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** The colour mixed toward white (`toward` 255) or black (0): `amount` 0 leaves it, 1 reaches the target. */
export function mix(hex: string, amount: number, toward = 255): string {
  return `#${channels(hex)
    .map((c) =>
      Math.round(c + (toward - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Perceived lightness, 0 for black to 1 for white. */
export const lightness = (hex: string): number => {
  const [r = 0, g = 0, b = 0] = channels(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

/**
 * The Factur-X extension schema: PDF/A admits an XMP property only when the file declares its schema, and
 * Factur-X readers find the embedded XML by these four properties.
 */
export const FACTUR_X_XMP = `
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
  <fx:DocumentType>INVOICE</fx:DocumentType>
  <fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
  <fx:Version>1.0</fx:Version>
  <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
  <pdfaExtension:schemas>
    <rdf:Bag>
      <rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
        <pdfaSchema:property>
          <rdf:Seq>${[
            ['DocumentFileName', 'The name of the embedded XML document'],
            ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
            ['Version', 'The actual version of the standard applying to the embedded XML document'],
            ['ConformanceLevel', 'The conformance level of the embedded XML document'],
          ]
            .map(
              ([name, description]) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
            )
            .join('')}
          </rdf:Seq>
        </pdfaSchema:property>
      </rdf:li>
    </rdf:Bag>
  </pdfaExtension:schemas>
</rdf:Description>`;

/** What pdfkit does but @types/pdfkit does not declare. */
export interface PdfKitInternals {
  info: Record<string, unknown>;
  endMetadata(): void;
  /** Parses an image once; `image()` takes what it returns in place of the bytes. */
  openImage(src: Buffer): PDFKit.Mixins.ImageSrc;
}

// A4 in points, and the layout's fixed measures.
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN = 42;
export const CONTENT_W = PAGE_W - 2 * MARGIN;
export const BOTTOM = PAGE_H - 50;
export const INK = '#1f2933';
export const MUTED = '#6b7280';
export const RULE = '#d9dde3';
