/**
 * Business e-mail (docs/product/email.md#business-email-setup Business Email Setup) and the mail the product sends: limits and kinds (the
 * texts are in messages/mail.ts), free of zod so the public password-reset pages can import them cheaply.
 */

export const EMAIL_SETUP_LIMITS = {
  hostMax: 253,
  userMax: 320,
  passMax: 1024,
  fromMax: 320,
  /** Connect, greeting and each SMTP command: a stuck server never holds a request longer. */
  timeoutMs: 10_000,
  /** Messages shown in the delivery log. */
  logSize: 50,
} as const;

/** docs/product/email.md#business-email-setup: the secure flag defaults to true. */
export const EMAIL_SETUP_DEFAULTS = { host: '', port: 465, secure: true, user: '', from: '' } as const;

export const PASSWORD_RESET = {
  /** A reset link works once, for one hour. */
  tokenTtlMs: 60 * 60 * 1000,
  /** Reset e-mails per address per hour; more requests are answered the same but send nothing. */
  perEmailLimit: 3,
  perEmailWindowMs: 60 * 60 * 1000,
  /** Requests per client address per window before 429. */
  perIpLimit: 10,
  perIpWindowMs: 15 * 60 * 1000,
} as const;

export const INVITATION = {
  /** An invitation link works once, for seven days. */
  ttlMs: 7 * 24 * 60 * 60 * 1000,
  /** Pending invitations listed in Workspace Settings. */
  listLimit: 100,
  /**
   * Invitations one workspace may send (docs/product/workspace.md#invitations): this many an hour and a day, counted in the shared limit
   * store; more answer 429 with Retry-After. Each one is a mail under the platform's name.
   */
  hourlyLimit: 20,
  hourlyWindowMs: 60 * 60 * 1000,
  dailyLimit: 100,
  dailyWindowMs: 24 * 60 * 60 * 1000,
  /** A workspace's or inviter's name in an invitation: plain text on one line, cut to this many characters. */
  nameMax: 100,
} as const;

/** Every kind of message the product sends, with the delivery log's label. */
export const MAIL_KIND_LABELS = {
  contact: 'Contact form',
  'password-reset': 'Password reset',
  invitation: 'Invitation',
  test: 'Test',
  'workspace-deleted': 'Workspace deleted',
  'email-confirmation': 'E-mail confirmation',
  'member-joined': 'Member joined',
  'sign-in-alert': 'Sign-in alert',
  'follow-up-digest': 'Follow-up digest',
  'webhook-paused': 'Webhook paused',
  'access-removed': 'Set-up removed on proof',
  'credential-added': 'New key or webhook',
  'budget-warning': 'Budget warning',
  invoice: 'Invoice',
  'payment-reminder': 'Payment reminder',
  estimate: 'Estimate',
  'portal-sign-in': 'Portal sign-in link',
  'portal-invitation': 'Portal invitation',
  'portal-notice': 'Portal notification',
  'list-confirmation': 'Subscription confirmation',
  'template-test': 'Template test',
  campaign: 'Campaign',
  sequence: 'Sequence step',
} as const;
export type MailKind = keyof typeof MAIL_KIND_LABELS;
export const MAIL_KINDS = Object.keys(MAIL_KIND_LABELS) as [MailKind, ...MailKind[]];

/**
 * The mail a workspace itself sends to the people it works with, which a lead's timeline lists
 * (docs/product/leads.md#timeline). Mail about an account (a reset, a sign-in alert, a confirmation) or to
 * the team (digests, notices) is never a lead's: a lead with a colleague's address must not show it.
 */
export const LEAD_TIMELINE_MAIL_KINDS = [
  'invitation',
  'contact',
  'test',
] as const satisfies readonly MailKind[];

/** Bulk mail (campaigns, sequences): its send-time refusals feed the bounce rules (docs/product/marketing.md#bounces-and-complaints). */
export const BULK_MAIL_KINDS = ['campaign', 'sequence'] as const satisfies readonly MailKind[];
