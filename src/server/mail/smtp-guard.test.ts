import { describe, expect, it } from 'vitest';
import { isPublicAddress, resolveSmtpAddress } from './smtp-guard';
import { SmtpFailure } from './smtp-failure';

describe('SMTP target guard', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.5',
    '172.16.3.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fd00::1',
    'fe80::1',
    '224.0.0.1',
    '255.255.255.255',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('allows public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses a name when any of its addresses is private, before connecting', async () => {
    const lookup = async () => [{ address: '8.8.8.8' }, { address: '10.0.0.1' }];
    await expect(resolveSmtpAddress('mail.example', false, lookup)).rejects.toBeInstanceOf(SmtpFailure);
    await expect(resolveSmtpAddress('mail.example', false, lookup)).rejects.toThrow(/private or local/);
  });

  it('answers the checked address, so the connection cannot be rebound to another one', async () => {
    const lookup = async () => [{ address: '8.8.4.4' }];
    expect(await resolveSmtpAddress('mail.example', false, lookup)).toBe('8.8.4.4');
  });

  it('allows private targets only when told to', async () => {
    expect(await resolveSmtpAddress('127.0.0.1', true)).toBe('127.0.0.1');
    await expect(resolveSmtpAddress('127.0.0.1', false)).rejects.toThrow(/private or local/);
  });

  it('says when the name does not resolve', async () => {
    const lookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resolveSmtpAddress('nowhere.invalid', false, lookup)).rejects.toThrow(
      'The SMTP host nowhere.invalid could not be found.',
    );
  });
});
