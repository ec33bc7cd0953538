/**
 * The WCAG 2.x contrast ratio, written out (the formula is the standard itself, a few lines): the Web
 * Settings form checks a brand colour as it is typed, on public-page budgets where a colour library
 * would not pay its way.
 */

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** [r, g, b] 0–255 of '#rrggbb', or null. */
export function parseHexColor(value: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value.trim());
  if (!match) return null;
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

function relativeLuminance([r, g, b]: [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast of two '#rrggbb' colours, 1–21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [parseHexColor(a), parseHexColor(b)].map((rgb) => (rgb ? relativeLuminance(rgb) : 1)) as [
    number,
    number,
  ];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** White text on the colour, the same as the colour as text on white. */
export const contrastOnWhite = (color: string) => contrastRatio(color, '#ffffff');
