import { describe, expect, it } from 'vitest';
import {
  canonicalLocale,
  canonicalTimeZone,
  longPublicDate,
  rssLanguage,
  shortPublicDate,
} from './public-dates';

describe('public dates', () => {
  it("are the spec's US formats in UTC by default", () => {
    const us = { locale: 'en-US', timeZone: 'UTC' };
    expect(shortPublicDate('2026-11-21T23:30:00.000Z', us)).toBe('Nov 21, 2026');
    expect(longPublicDate('2026-11-21T23:30:00.000Z', us)).toBe('November 21, 2026');
    expect(shortPublicDate('not a date', us)).toBe('');
  });

  it("follow the locale and give the day it was in the site's time zone", () => {
    const tokyo = { locale: 'en-GB', timeZone: 'Asia/Tokyo' };
    expect(shortPublicDate('2026-11-21T23:30:00.000Z', tokyo)).toBe('22 Nov 2026');
    expect(longPublicDate('2026-11-21T23:30:00.000Z', { locale: 'de-DE', timeZone: 'UTC' })).toBe(
      '21. November 2026',
    );
    // A setting this runtime cannot use falls back to the spec's format rather than failing the page.
    expect(longPublicDate('2026-11-21T12:00:00.000Z', { locale: 'en-US', timeZone: 'Mars/Base' })).toBe(
      'November 21, 2026',
    );
  });

  it('check and canonicalise locales and IANA zones', () => {
    expect(canonicalLocale('en-us')).toBe('en-US');
    expect(canonicalLocale('fr')).toBe('fr');
    for (const bad of ['', 'en US', 'qqq', '<b>', 'en-US-'.repeat(10)])
      expect(canonicalLocale(bad), bad).toBeNull();
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    for (const bad of ['', 'Mars/Base', '+05:30', 'New York', 'Europe/../etc'])
      expect(canonicalTimeZone(bad), bad).toBeNull();
    expect(rssLanguage('en-US')).toBe('en-us');
  });
});
