import { DEFAULT_BRAND_COLOR } from '../../shared/site-settings';
import { parseHexColor } from '../../shared/color';

/** The <style> in the page's head that carries a chosen brand colour's design tokens. */
export const BRAND_STYLE_ID = 'brand-tokens';

/**
 * The other shades of the brand scale, mixed from brand-600 (the colour the agency picks) with white for
 * the light ones and black for the dark ones, in proportions close to the default indigo scale of
 * styles/app.css. color-mix keeps it to a few bytes of CSS, worked out by the browser.
 */
const SHADES: ReadonlyArray<readonly [shade: number, mix: 'white' | 'black' | null, percent: number]> = [
  [50, 'white', 8],
  [100, 'white', 15],
  [200, 'white', 30],
  // Not a token of the stylesheet: drawings that need it fall back to the default scale's value.
  [300, 'white', 50],
  [500, 'white', 85],
  [600, null, 100],
  [700, 'black', 85],
  [800, 'black', 70],
  [900, 'black', 58],
];

/** The custom properties a brand colour sets, lightest first. */
export const BRAND_TOKEN_NAMES = SHADES.map(([shade]) => `--color-brand-${shade}`);

/** A valid colour other than the default, normalised; null when the design tokens stay as they are. */
function customColor(color: string | undefined): string | null {
  const value = color?.trim().toLowerCase() ?? '';
  if (!parseHexColor(value) || value === DEFAULT_BRAND_COLOR) return null;
  return value;
}

/**
 * CSS custom properties of the brand scale for `color`, or null for the default colour (whose tokens the
 * stylesheet already holds, so a fresh install looks exactly as it always has) and for anything invalid.
 */
export function brandTokens(color: string | undefined): Record<string, string> | null {
  const value = customColor(color);
  if (!value) return null;
  return Object.fromEntries(
    SHADES.map(([shade, mix, percent]) => [
      `--color-brand-${shade}`,
      mix ? `color-mix(in oklab, ${value} ${percent}%, ${mix})` : value,
    ]),
  );
}

/** The tokens as a stylesheet for the head ('' for the default colour). */
export function brandTokensCss(color: string | undefined): string {
  const tokens = brandTokens(color);
  if (!tokens) return '';
  return `:root{${Object.entries(tokens)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}

/** The browser's theme colour (address bar on phones): the brand colour, or the default one. */
export function themeColor(color: string | undefined): string {
  return customColor(color) ?? DEFAULT_BRAND_COLOR;
}
