/**
 * Mailing lists and consent (docs/product/marketing.md#lists-and-consent): the kinds, statuses and limits
 * the server and the web app share. Free of zod so the public subscribe pages import it cheaply.
 */

export const OPT_IN_KINDS = ['single', 'double'] as const;
export type OptInKind = (typeof OPT_IN_KINDS)[number];

export const MEMBER_STATUSES = ['unconfirmed', 'subscribed', 'unsubscribed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Where a person's consent came from: the public form, a CSV import, by hand, from the leads or a client's contacts. */
export const CONSENT_SOURCES = ['form', 'import', 'manual', 'lead', 'client'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const SUPPRESSION_REASONS = [
  'unsubscribed',
  'hard-bounce',
  'soft-bounce',
  'complaint',
  'manual',
] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const MAILING_LISTS = {
  nameMax: 100,
  descriptionMax: 500,
  consentTextMin: 10,
  consentTextMax: 1000,
  /** The stated basis of consent of an import or a hand-added person ('Signed up at our stand, 2026-10-01'). */
  basisMin: 3,
  basisMax: 300,
  emailMax: 254,
  personNameMax: 200,
  companyMax: 200,
  detailMax: 300,
  /** Rows of a members or suppressions page. */
  pageSize: 50,
  /** Public sign-ups per client address per window before 429. */
  signUpsPerIpLimit: 10,
  signUpsPerIpWindowMs: 15 * 60_000,
  /** Confirmation mails one address gets a day; more sign-ups are answered the same and send nothing. */
  confirmationsPerEmailLimit: 3,
  confirmationsPerEmailWindowMs: 24 * 60 * 60_000,
  /** A repeated sign-up of an unconfirmed address re-sends the confirmation at most this often. */
  resendAfterMs: 10 * 60_000,
  /** Unconfirmed sign-ups are erased after this long. */
  unconfirmedTtlMs: 7 * 24 * 60 * 60_000,
  /** A subscriber CSV: at most this many rows and bytes (parsed at once, so smaller than a lead import). */
  importMaxRows: 20_000,
  importMaxBytes: 5 * 1024 * 1024,
  /** Leads added to a list in one request. */
  fromLeadsMax: 20_000,
  /** Clients chosen in one request, and their contacts added at most. */
  fromClientsMax: 500,
  clientContactsMax: 20_000,
} as const;

/** The multipart field of the import that carries the basis of consent. */
export const CONSENT_BASIS_FIELD = 'consentBasis';
