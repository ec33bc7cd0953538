import { describe, expect, it } from 'vitest';
import { emailDomain, formatIndianNumber, groupThousands, slugify } from './text';
import { footerVisible } from './site';

describe('text helpers', () => {
  it('slugifies per docs/product/blog.md#slugs', () => {
    expect(slugify('  Hello, World! 2026 ')).toBe('hello-world-2026');
    expect(slugify('--Already--slugged--')).toBe('already-slugged');
  });
  it('takes the domain after the last at sign', () => {
    expect(emailDomain('Ann@Acme.Test')).toBe('acme.test');
    expect(emailDomain('no-at-sign')).toBe('');
  });
  it('groups whole numbers by thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 5000, 10_000, 50_000, 123_456, 1_000_000, 987_654_321])
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
  });
  it('groups numbers the Indian way', () => {
    expect(formatIndianNumber(1234567)).toBe('12,34,567');
    for (const value of [
      0,
      5,
      -5,
      999,
      1000,
      -1000,
      12_999,
      10_399,
      155_988,
      1_00_000,
      -98_76_54_321,
      2 ** 53 - 1,
      1234.5678,
      0.125,
      -42.5,
      1e21,
    ])
      expect(formatIndianNumber(value)).toBe(new Intl.NumberFormat('en-IN').format(value));
  });
});

describe('footer hide-list (docs/product/public-site.md#header-and-footer)', () => {
  it('hides the footer on sign-in, sign-up, dashboard, access-restricted and pricing only', () => {
    for (const path of [
      '/login',
      '/signup',
      '/dashboard',
      '/dashboard/users-roles',
      '/access-restricted',
      '/pricing',
    ]) {
      expect(footerVisible(path)).toBe(false);
    }
    for (const path of ['/', '/blog', '/blog/a-post', '/contact', '/terms', '/pricing-faq'])
      expect(footerVisible(path)).toBe(true);
  });
});
