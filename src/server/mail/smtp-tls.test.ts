import { describe, expect, it } from 'vitest';
import { SMTP_FAILURE_MESSAGES as F } from '../../shared/messages';
import { loadConfig } from '../config';
import type { EmailSettingsRow } from '../db/types';
import type { SecretBox } from '../secrets/secret-box';
import { UnusableSetup, passScope, scopeMatches, settingsFromRow } from './transport';
import { describeSmtpError } from './smtp-failure';
import { isLoopbackAddress } from './smtp-guard';

/** docs/security.md#mail-set-up-and-platform-mail: an SMTP password travels only over TLS, and only to the host, port and user it was typed for. */
describe('where an SMTP password may go', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('%s is loopback', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });
  it.each(['10.0.0.1', '192.168.1.1', '0.0.0.0', '::', 'fe80::1', '93.184.216.34', 'localhost', ''])(
    '%s is not loopback',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(false);
    },
  );

  it('reads SMTP_ALLOW_PLAINTEXT_LOOPBACK, off by default, and refuses other values', () => {
    expect(loadConfig({}).smtpAllowPlaintextLoopback).toBe(false);
    expect(loadConfig({ SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'true' }).smtpAllowPlaintextLoopback).toBe(true);
    expect(() => loadConfig({ SMTP_ALLOW_PLAINTEXT_LOOPBACK: 'yes' })).toThrow(
      /SMTP_ALLOW_PLAINTEXT_LOOPBACK/,
    );
  });

  it('says plainly when a server offers no STARTTLS while TLS is required', () => {
    const refused = Object.assign(new Error('Error upgrading connection with STARTTLS'), {
      code: 'ETLS',
      response: '502 5.5.1 Error: command not recognized',
      responseCode: 502,
    });
    expect(describeSmtpError(refused, 'relay.example', 587).message).toBe(F.noStartTls('relay.example', 587));
    const heloOnly = Object.assign(
      new Error('EHLO failed but HELO does not support required STARTTLS. response=500'),
      { code: 'ECONNECTION' },
    );
    expect(describeSmtpError(heloOnly, 'relay.example', 25).message).toBe(F.noStartTls('relay.example', 25));
  });

  const row = (values: Partial<EmailSettingsRow>): EmailSettingsRow => ({
    workspace_id: 'w',
    host: 'smtp.example.com',
    port: 587,
    secure: 0,
    auth_user: 'mailer@example.com',
    pass_sealed: 'v1.sealed',
    from_address: 'mailer@example.com',
    verified_at: null,
    last_error: null,
    updated_by: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    pass_scope: passScope('smtp.example.com', 587, 'mailer@example.com'),
    ...values,
  });
  const box = {
    open: () => 'the-password',
    seal: () => 'v1.sealed',
  } as unknown as SecretBox;

  it('opens a stored password only for the host, port and user it was typed for', () => {
    expect(passScope('SMTP.Example.com', 587, 'Mailer')).toBe('smtp.example.com:587:Mailer');
    expect(settingsFromRow(row({}), box).pass).toBe('the-password');
    const opened: string[] = [];
    const watching = { open: (sealed: string) => (opened.push(sealed), 'x') } as unknown as SecretBox;
    for (const changed of [
      { host: 'evil.example' },
      { port: 2525 },
      { auth_user: 'someone@else' },
      { pass_scope: null },
    ]) {
      expect(scopeMatches(row(changed))).toBe(false);
      expect(() => settingsFromRow(row(changed), watching)).toThrow(UnusableSetup);
    }
    expect(opened).toEqual([]);
  });
});
