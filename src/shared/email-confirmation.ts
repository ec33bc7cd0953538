/**
 * Proven e-mail addresses (docs/product/auth.md#proven-addresses): constants shared by the server and the web app (texts: messages/).
 * An account's address is confirmed by a link mailed at sign-up; until then it joins no workspace, owns no
 * domain, invites nobody and configures no mail.
 */

export const EMAIL_CONFIRMATION = {
  /** A confirmation link works once, for 24 hours. */
  tokenTtlMs: 24 * 60 * 60 * 1000,
  /** "Resend" per account: this many links an hour; more answer 429 with Retry-After. */
  resendLimit: 3,
  resendWindowMs: 60 * 60 * 1000,
  /** Sign-ups never confirmed are erased after this long (their address and domain are free again). */
  unconfirmedTtlMs: 7 * 24 * 60 * 60 * 1000,
} as const;

/**
 * Where a Team Member who signed up by domain waits until the address is confirmed: a workspace with no
 * data and no domain that nobody can open, join or delete. Fixed id, made by migration 015.
 */
export const WAITING_ROOM_WORKSPACE_ID = '00000000-0000-4000-8000-000000000002';
