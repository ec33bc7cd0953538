import { describe, expect, it } from 'vitest';
import { contrastOnWhite, contrastRatio, parseHexColor } from './color';

describe('WCAG contrast', () => {
  it('gives the standard’s extremes and known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WebAIM's checker: #767676 on white is 4.54:1 (the lightest grey that passes AA), #777777 4.48:1.
    expect(contrastOnWhite('#767676')).toBeCloseTo(4.54, 2);
    expect(contrastOnWhite('#777777')).toBeCloseTo(4.48, 2);
    // The design tokens' brand-600.
    expect(contrastOnWhite('#4f46e5')).toBeCloseTo(6.29, 2);
  });

  it('reads only #rrggbb', () => {
    expect(parseHexColor('#4F46E5')).toEqual([79, 70, 229]);
    for (const bad of ['4f46e5', '#fff', '#4f46e5ff', 'red', '#gggggg'])
      expect(parseHexColor(bad)).toBeNull();
  });
});
