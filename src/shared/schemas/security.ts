import { z } from 'zod';

/**
 * GET /api/security/encryption (docs/product/workspace.md#security-tab): what the running instance really protects, and how, read from
 * its configuration — the Security tab states it instead of a picture.
 */
export const encryptionStatusSchema = z.object({
  /** Account passwords: salted scrypt, N = 2^costExponent (PASSWORD_HASH_COST). */
  passwords: z.object({ algorithm: z.literal('scrypt'), costExponent: z.number() }),
  /** Stored secrets (SMTP passwords, two-factor secrets, preview-link tokens), sealed at rest. */
  storedSecrets: z.object({
    algorithm: z.literal('AES-256-GCM'),
    /** 'environment': SECRET_KEY is set apart from the data; 'database': generated and kept beside it. */
    keySource: z.enum(['environment', 'database']),
    /** SECRET_KEY_PREVIOUS is set: values of the old key are being re-sealed. */
    rotating: z.boolean(),
  }),
  /** Sessions: signed bearer tokens. */
  sessions: z.object({ algorithm: z.literal('HS256') }),
  /** Visitors' connections: HTTPS when SITE_URL says so (TLS is terminated by the proxy in front). */
  transport: z.object({ siteUrl: z.string(), https: z.boolean() }),
  /** The database's own files are not encrypted by AgencyHQ: the disk or the provider does that. */
  database: z.object({ engine: z.enum(['sqlite', 'postgres']) }),
});
export type EncryptionStatus = z.infer<typeof encryptionStatusSchema>;
