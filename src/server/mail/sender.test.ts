import { describe, expect, it } from 'vitest';
import { senderAddress, senderHeader } from './sender';

describe('sender header', () => {
  it('keeps a name with its address, or a bare address', () => {
    expect(senderHeader('Acme Agency <hello@acme.com>', 'login')).toBe('"Acme Agency" <hello@acme.com>');
    expect(senderHeader('hello@acme.com', 'login')).toBe('hello@acme.com');
  });
  it('gives a bare name the SMTP user when that is an address', () => {
    expect(senderHeader('Acme Agency', 'mailer@acme.com')).toBe('"Acme Agency" <mailer@acme.com>');
  });
  it('finds no sender when neither names an address, or when several are given', () => {
    expect(senderHeader('Acme Agency', 'apikey')).toBeNull();
    expect(senderHeader('a@b.com, c@d.com', 'apikey')).toBeNull();
  });
  it('cannot be used to inject headers or quotes', () => {
    expect(senderHeader('Acme\r\nBcc: victim@x.com <a@b.com>', 'u') ?? '').not.toMatch(/[\r\n]/);
    expect(senderHeader('Acme "Best" Agency', 'a@b.com')).toBe('"Acme Best Agency" <a@b.com>');
  });
  it('reads the bare address back', () => {
    expect(senderAddress('"Acme" <hello@acme.com>')).toBe('hello@acme.com');
  });
});
