import type { Kysely } from 'kysely';
import { EMAIL_SETUP_MESSAGES } from '../../shared/messages';
import type { Database, EmailSettingsRow } from '../db/types';
import type { SecretBox } from '../secrets/secret-box';
import { AGENCY_WORKSPACE_ID } from '../../shared/workspace-deletion';
import { senderHeader } from './sender';
import type { SmtpOptions, SmtpSettings } from './smtp-send';

/*
 * Which SMTP transport sends a message: a workspace's own e-mail set-up (the email_settings row the
 * email-setup module saves) or the platform's (SMTP_URL, else the agency workspace's set-up).
 */

/** What the mail code needs of the configuration. */
export interface MailConfig {
  siteName: string;
  siteUrl: string;
  smtpUrl?: string;
  mailFrom?: string;
  allowPrivateSmtp: boolean;
  /** SMTP_ALLOW_PLAINTEXT_LOOPBACK: a loopback relay may take the password without TLS. */
  smtpAllowPlaintextLoopback: boolean;
  /** LOG_MAIL_LINKS: the links of a message waiting for a mail set-up are printed in the log, once. */
  logMailLinks?: boolean;
  /** WORKER_LEASE_MS: how long a claim on queued mail holds (outbox.ts). */
  workerLeaseMs?: number;
}

/** How every send (tests, deliveries, SMTP_URL) may connect, from the configuration. */
export function smtpOptions(config: MailConfig): SmtpOptions {
  return {
    allowPrivate: config.allowPrivateSmtp,
    allowPlaintextLoopback: config.smtpAllowPlaintextLoopback,
  };
}

/** What a stored password was typed for (`email_settings.pass_scope`): it is never sent anywhere else. */
export function passScope(host: string, port: number, user: string): string {
  return `${host.toLowerCase()}:${port}:${user}`;
}

/** The row's host, port and user are the ones its password was typed for (a row without a scope is not). */
export function scopeMatches(row: Pick<EmailSettingsRow, 'host' | 'port' | 'auth_user' | 'pass_scope'>) {
  return row.pass_scope !== null && row.pass_scope === passScope(row.host, row.port, row.auth_user);
}

/**
 * A stored set-up whose host, port or user changed without its password being typed again (a write around
 * the API, a bug): its password is not opened, and the set-up counts as absent until saved again.
 */
export class UnusableSetup extends Error {
  constructor() {
    super(EMAIL_SETUP_MESSAGES.setupChanged);
  }
}

export interface MailContext {
  db: Kysely<Database>;
  box: SecretBox;
  config: MailConfig;
}

/** Which set-up sends a message: a workspace's own row (its health is recorded there) or SMTP_URL. */
export interface Transport {
  settings: SmtpSettings;
  /** The workspace whose stored set-up this is; null for SMTP_URL. */
  workspaceId: string | null;
}

/** The row as a set-up to send with; throws UnusableSetup rather than open a password out of its scope. */
export function settingsFromRow(row: EmailSettingsRow, box: SecretBox): SmtpSettings {
  if (!scopeMatches(row)) throw new UnusableSetup();
  return {
    host: row.host,
    port: row.port,
    secure: row.secure === 1,
    user: row.auth_user,
    pass: box.open(row.pass_sealed),
    from: senderHeader(row.from_address, row.auth_user) ?? row.from_address,
  };
}

/** SMTP_URL (`smtps://user:pass@host:465`): the platform's own mail server, when the operator sets one. */
export function settingsFromUrl(config: MailConfig): SmtpSettings | null {
  if (!config.smtpUrl) return null;
  const url = new URL(config.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  const fallbackFrom = `"${config.siteName}" <no-reply@${new URL(config.siteUrl).hostname}>`;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user,
    pass: decodeURIComponent(url.password),
    from: (config.mailFrom && senderHeader(config.mailFrom, user)) || fallbackFrom,
  };
}

/**
 * A workspace's stored set-up, or null when it has none. Throws UnusableSetup (and records the reason on the
 * row, where the set-up page shows it) when the row's host, port or user are not those of its password.
 */
export async function workspaceTransport(ctx: MailContext, workspaceId: string): Promise<Transport | null> {
  const row = await findEmailSettings(ctx.db, workspaceId);
  if (!row) return null;
  try {
    return { settings: settingsFromRow(row, ctx.box), workspaceId };
  } catch (error) {
    if (error instanceof UnusableSetup && row.last_error !== error.message)
      await ctx.db
        .updateTable('email_settings')
        .set({ last_error: error.message })
        .where('workspace_id', '=', workspaceId)
        // Only the row as read: a save meanwhile made a new, usable one.
        .where('updated_at', '=', row.updated_at)
        .execute();
    throw error;
  }
}

/** The workspace's stored SMTP set-up (its sealed password included), if it has one. */
export function findEmailSettings(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<EmailSettingsRow | undefined> {
  return db
    .selectFrom('email_settings')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/**
 * Mail of the platform itself: SMTP_URL when set, else the agency workspace's set-up (UnusableSetup when
 * that one changed without its password: platform mail then waits, never goes elsewhere).
 */
export async function platformTransport(ctx: MailContext): Promise<Transport | null> {
  const fromUrl = settingsFromUrl(ctx.config);
  if (fromUrl) return { settings: fromUrl, workspaceId: null };
  return workspaceTransport(ctx, AGENCY_WORKSPACE_ID);
}

/**
 * Whether any set-up would send a workspace's mail (its own, SMTP_URL or the agency's), without opening
 * a sealed password: the pages and flows that only need to know ask this. A set-up that changed without
 * its password does not count.
 */
export async function hasTransport(ctx: MailContext, workspaceId: string | null): Promise<boolean> {
  if (ctx.config.smtpUrl) return true;
  const ids = [AGENCY_WORKSPACE_ID, ...(workspaceId ? [workspaceId] : [])];
  const rows = await ctx.db
    .selectFrom('email_settings')
    .select(['host', 'port', 'auth_user', 'pass_scope'])
    .where('workspace_id', 'in', ids)
    .execute();
  return rows.some(scopeMatches);
}

/**
 * The workspace's own set-up when it has a usable one (via 'workspace'), else the platform's: an own set-up
 * that changed without its password counts as none (its page says why).
 */
export async function transportFor(
  ctx: MailContext,
  message: { workspace_id: string; via: 'workspace' | 'platform' },
): Promise<Transport | null> {
  if (message.via === 'workspace') {
    try {
      const own = await workspaceTransport(ctx, message.workspace_id);
      if (own) return own;
    } catch (error) {
      if (!(error instanceof UnusableSetup)) throw error;
    }
  }
  return platformTransport(ctx);
}

/** Records how the last test or delivery through a stored set-up went (the set-up page's status). */
export async function recordTransportHealth(
  db: Kysely<Database>,
  transport: Transport,
  error: string | null,
  now: Date,
): Promise<void> {
  if (!transport.workspaceId) return;
  await db
    .updateTable('email_settings')
    .set(error ? { last_error: error } : { last_error: null, verified_at: now.toISOString() })
    .where('workspace_id', '=', transport.workspaceId)
    .execute();
}
