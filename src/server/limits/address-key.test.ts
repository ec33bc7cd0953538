import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('the limit key of a client address', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups an IPv6 address by its /64', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const other of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:abcd:ef01:2345:6789',
      '2001:0DB8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2::1%eth0',
    ])
      expect(addressKey(other), other).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(addressKey('::1')).toBe('::/64');
  });

  it('keeps a link-local address with its zone grouped by /64', () => {
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('keeps anything that is not an address as its own key', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('unknown')).toBe('unknown');
    // Not four decimal parts: never read as octal or hexadecimal shorthand of another address.
    expect(addressKey('0x7f.1')).toBe('0x7f.1');
    expect(addressKey('010.0.0.1')).toBe('010.0.0.1');
  });
});
