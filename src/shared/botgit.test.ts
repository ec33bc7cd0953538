import { describe, expect, it } from 'vitest';
import { cleanProfileUrl, formatScrapedDate, leadSourceFor, profileUrlKey } from './botgit';

describe('Botgit profile URLs', () => {
  it('ignores scheme, host case, trailing slash, query and fragment', () => {
    const key = profileUrlKey('https://www.linkedin.com/in/asha-rao');
    for (const variant of [
      'http://www.linkedin.com/in/asha-rao/',
      'HTTPS://WWW.LinkedIn.COM/in/asha-rao?trk=abc',
      'https://www.linkedin.com/in/asha-rao#about',
      '  https://www.linkedin.com/in/asha-rao//  ',
    ])
      expect(profileUrlKey(variant), variant).toBe(key);
    expect(profileUrlKey('https://www.linkedin.com/in/other')).not.toBe(key);
  });
  it('refuses what is not an http(s) URL', () => {
    for (const bad of ['', 'linkedin.com/in/x', 'javascript:alert(1)', 'ftp://x.test/a'])
      expect(profileUrlKey(bad), bad).toBeNull();
  });
  it('stores the URL without query and fragment', () => {
    expect(cleanProfileUrl('https://x.test/in/a?utm=1#top')).toBe('https://x.test/in/a');
  });
  it("formats dates as 'dd - Mon - yyyy' or '-'", () => {
    expect(formatScrapedDate(new Date(2025, 8, 7, 12).toISOString())).toBe('07 - Sep - 2025');
    expect(formatScrapedDate(null)).toBe('-');
    expect(formatScrapedDate('not a date')).toBe('-');
  });
  it('names LinkedIn as the lead source for LinkedIn profiles only', () => {
    expect(leadSourceFor('https://www.linkedin.com/in/a')).toBe('LinkedIn');
    expect(leadSourceFor('https://in.linkedin.com/in/a')).toBe('LinkedIn');
    expect(leadSourceFor('https://linkedin.com.evil.test/in/a')).toBe('Other');
    expect(leadSourceFor('https://github.com/a')).toBe('Other');
  });
});
