/**
 * Bounces and complaints (docs/product/marketing.md#bounces-and-complaints): kinds, sources and limits the
 * server and the web app share. Free of zod.
 */

export const BOUNCE_KINDS = ['hard', 'soft', 'complaint'] as const;
export type BounceKind = (typeof BOUNCE_KINDS)[number];

/** Where a bounce was learnt: the SMTP reply at send time, a delivery report, a complaint report, a provider's webhook. */
export const BOUNCE_SOURCES = ['smtp', 'dsn', 'arf', 'webhook'] as const;
export type BounceSource = (typeof BOUNCE_SOURCES)[number];

export const BOUNCES = {
  /** A soft bounce of an address this many times within the window suppresses it. */
  softLimit: 3,
  softWindowMs: 30 * 24 * 60 * 60_000,
  /** The remote server's words, cut to one line of this length. */
  diagnosticMax: 300,
  /** Rows of a bounce-log page. */
  pageSize: 50,
  /** A reported address is matched to bulk mail this workspace sent to it within this long. */
  sentWithinMs: 60 * 24 * 60 * 60_000,
  /** The bounce mailbox is read this often by one instance. */
  checkEveryMs: 5 * 60_000,
  /** A check is held this long: an instance that died mid-check lets another take over after it. */
  checkLeaseMs: 3 * 60_000,
  /** Messages read in one check (the rest wait for the next); bigger ones are marked seen and skipped. */
  messagesPerCheck: 200,
  messageMaxBytes: 2 * 1024 * 1024,
  /** Connect, greeting and each IMAP command. */
  imapTimeoutMs: 15_000,
  hostMax: 253,
  userMax: 320,
  passMax: 1024,
  folderMax: 200,
  /** The provider webhook: body size, signature age, and how long signatures and event ids are remembered. */
  webhookBodyMax: 256 * 1024,
  webhookToleranceMs: 5 * 60_000,
  webhookEventsMax: 500,
} as const;

/** docs/product/marketing.md#provider-webhooks: the signature header and its scheme. */
export const BOUNCE_WEBHOOK_SIGNATURE_HEADER = 'x-agencyhq-signature';
