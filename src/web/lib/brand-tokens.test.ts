import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_COLOR } from '../../shared/site-settings';
import { brandTokens, brandTokensCss, themeColor } from './brand-tokens';

describe('brand tokens', () => {
  it('leave the design tokens alone for the default colour, in any case, and for anything not a colour', () => {
    for (const color of [
      DEFAULT_BRAND_COLOR,
      '#4F46E5',
      ' #4f46e5 ',
      undefined,
      '',
      'red',
      '#fff',
      '#12345g',
    ]) {
      expect(brandTokens(color), String(color)).toBeNull();
      expect(brandTokensCss(color), String(color)).toBe('');
    }
    expect(themeColor(undefined)).toBe(DEFAULT_BRAND_COLOR);
    expect(themeColor('nonsense')).toBe(DEFAULT_BRAND_COLOR);
  });

  it('set brand-600 to the chosen colour and mix every other shade of the scale from it', () => {
    const tokens = brandTokens('#0F766E')!;
    expect(Object.keys(tokens)).toEqual(
      [50, 100, 200, 300, 500, 600, 700, 800, 900].map((shade) => `--color-brand-${shade}`),
    );
    expect(tokens['--color-brand-600']).toBe('#0f766e');
    expect(tokens['--color-brand-50']).toBe('color-mix(in oklab, #0f766e 8%, white)');
    expect(tokens['--color-brand-900']).toMatch(/^color-mix\(in oklab, #0f766e \d+%, black\)$/);
    expect(brandTokensCss('#0f766e')).toMatch(
      /^:root\{--color-brand-50:[^;{}]+(;--color-brand-\d+:[^;{}]+){8}\}$/,
    );
    expect(themeColor('#0F766E')).toBe('#0f766e');
  });
});
