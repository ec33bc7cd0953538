import type { EncryptionStatus } from '../../../shared/schemas/security';

export type Tone = 'green' | 'amber' | 'grey';

export interface Row {
  what: string;
  state: string;
  tone: Tone;
  detail: string;
}

/** What each protection is, in words a workspace owner can check against their own set-up. */
export function encryptionRows(status: EncryptionStatus): Row[] {
  const { passwords, storedSecrets, transport, database } = status;
  return [
    {
      what: 'Passwords',
      state: 'Hashed',
      tone: 'green',
      detail: `Salted scrypt (N = 2^${passwords.costExponent}); no one can read them, not even an Admin.`,
    },
    {
      what: 'Stored secrets',
      state: 'Encrypted',
      tone: storedSecrets.keySource === 'environment' ? 'green' : 'amber',
      detail:
        `SMTP passwords, two-factor secrets and preview-link tokens are sealed with AES-256-GCM. ` +
        (storedSecrets.keySource === 'environment'
          ? 'The key (SECRET_KEY) is kept apart from the data.'
          : 'The key was generated and is kept in the database: set SECRET_KEY to keep it apart.') +
        (storedSecrets.rotating ? ' A key rotation is in progress.' : ''),
    },
    {
      what: 'Sessions',
      state: 'Signed',
      tone: 'green',
      detail: 'HS256-signed tokens; roles and status are read afresh on every request.',
    },
    transport.https
      ? {
          what: 'Connections',
          state: 'HTTPS',
          tone: 'green',
          detail: `${transport.siteUrl} is served over TLS, terminated by the proxy in front of AgencyHQ.`,
        }
      : {
          what: 'Connections',
          state: 'Not encrypted',
          tone: 'amber',
          detail: `The site address is ${transport.siteUrl}: put a TLS proxy in front and set SITE_URL to https://.`,
        },
    {
      what: 'Database files',
      state: 'Your disk',
      tone: 'grey',
      detail: `${database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} files are not encrypted by AgencyHQ: use an encrypted disk or your provider's encryption at rest.`,
    },
  ];
}
