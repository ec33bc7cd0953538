import { describe, expect, it } from 'vitest';
import type { EncryptionStatus } from '../../../shared/schemas/security';
import { encryptionRows } from './encryption-rows';

const status = (over: Partial<EncryptionStatus> = {}): EncryptionStatus => ({
  passwords: { algorithm: 'scrypt', costExponent: 17 },
  storedSecrets: { algorithm: 'AES-256-GCM', keySource: 'environment', rotating: false },
  sessions: { algorithm: 'HS256' },
  transport: { siteUrl: 'https://agency.example', https: true },
  database: { engine: 'postgres' },
  ...over,
});

describe('encryption status rows', () => {
  it('states each protection from the running configuration', () => {
    const rows = encryptionRows(status());
    expect(rows.map((row) => [row.what, row.state, row.tone])).toEqual([
      ['Passwords', 'Hashed', 'green'],
      ['Stored secrets', 'Encrypted', 'green'],
      ['Sessions', 'Signed', 'green'],
      ['Connections', 'HTTPS', 'green'],
      ['Database files', 'Your disk', 'grey'],
    ]);
    expect(rows[0]!.detail).toContain('2^17');
    expect(rows[4]!.detail).toContain('PostgreSQL');
  });

  it('warns when the key sits beside the data or the site is plain HTTP', () => {
    const rows = encryptionRows(
      status({
        storedSecrets: { algorithm: 'AES-256-GCM', keySource: 'database', rotating: true },
        transport: { siteUrl: 'http://localhost:3000', https: false },
        database: { engine: 'sqlite' },
      }),
    );
    expect(rows[1]).toMatchObject({ tone: 'amber' });
    expect(rows[1]!.detail).toContain('set SECRET_KEY');
    expect(rows[1]!.detail).toContain('rotation is in progress');
    expect(rows[3]).toMatchObject({ state: 'Not encrypted', tone: 'amber' });
    expect(rows[4]!.detail).toContain('SQLite');
  });
});
