import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('returns to the Connect Botgit page with its code', () => {
    expect(returnPath('/connect-botgit?code=abc')).toBe('/connect-botgit?code=abc');
  });

  it('goes nowhere else', () => {
    for (const next of [
      null,
      '',
      'https://evil.test/connect-botgit?code=abc',
      '//evil.test/connect-botgit',
      '/\\evil.test/connect-botgit',
      '/dashboard',
      '/connect-botgit/../logout',
      'javascript:alert(1)',
    ])
      expect(returnPath(next), String(next)).toBeNull();
  });
});
