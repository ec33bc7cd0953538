import { describe, expect, it } from 'vitest';
import { compareTexts, unchanged } from './text-diff';

describe('compareTexts', () => {
  it('marks the words only in the revision as removed and those only in the editor as added', () => {
    const changes = compareTexts('Ten tips for SEO', 'Twelve tips for SEO')!;
    expect(changes.filter((c) => c.removed).map((c) => c.value.trim())).toEqual(['Ten']);
    expect(changes.filter((c) => c.added).map((c) => c.value.trim())).toEqual(['Twelve']);
    expect(unchanged(changes)).toBe(false);
  });

  it('finds nothing to show for equal texts', () => {
    expect(unchanged(compareTexts('<p>Same</p>', '<p>Same</p>')!)).toBe(true);
  });

  it('compares long texts line by line', () => {
    const line = (n: number) => `<p>${'word '.repeat(40)}${n}</p>\n`;
    const before = Array.from({ length: 200 }, (_, n) => line(n)).join('');
    const after = before.replace(line(7), '<p>new</p>\n');
    const changes = compareTexts(before, after)!;
    expect(changes.filter((c) => c.removed).map((c) => c.value)).toEqual([line(7)]);
    expect(changes.filter((c) => c.added).map((c) => c.value)).toEqual(['<p>new</p>\n']);
  });
});
