import type { Kysely } from 'kysely';
import type { Database, EmailSettingsRow } from '../db/types';
import type { SecretBox } from '../secrets/secret-box';
import { AGENCY_WORKSPACE_ID } from '../modules/workspaces/workspaces.repository';
import { senderHeader } from './sender';
import type { SmtpSettings } from './smtp-send';

/** What the mail code needs of the configuration. */
export interface MailConfig {
  siteName: string;
  siteUrl: string;
  smtpUrl?: string;
  mailFrom?: string;
  allowPrivateSmtp: boolean;
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

export function settingsFromRow(row: EmailSettingsRow, box: SecretBox): SmtpSettings {
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

export async function workspaceTransport(ctx: MailContext, workspaceId: string): Promise<Transport | null> {
  const row = await ctx.db
    .selectFrom('email_settings')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row ? { settings: settingsFromRow(row, ctx.box), workspaceId } : null;
}

/** Mail of the platform itself: SMTP_URL when set, else the agency workspace's set-up. */
export async function platformTransport(ctx: MailContext): Promise<Transport | null> {
  const fromUrl = settingsFromUrl(ctx.config);
  if (fromUrl) return { settings: fromUrl, workspaceId: null };
  return workspaceTransport(ctx, AGENCY_WORKSPACE_ID);
}

/**
 * Whether any set-up would send a workspace's mail (its own, SMTP_URL or the agency's), without opening
 * a sealed password: the pages and flows that only need to know ask this.
 */
export async function hasTransport(ctx: MailContext, workspaceId: string | null): Promise<boolean> {
  if (ctx.config.smtpUrl) return true;
  const ids = [AGENCY_WORKSPACE_ID, ...(workspaceId ? [workspaceId] : [])];
  const row = await ctx.db
    .selectFrom('email_settings')
    .select('workspace_id')
    .where('workspace_id', 'in', ids)
    .executeTakeFirst();
  return Boolean(row);
}

/** The workspace's own set-up when it has one (via 'workspace'), else the platform's. */
export async function transportFor(
  ctx: MailContext,
  message: { workspace_id: string; via: 'workspace' | 'platform' },
): Promise<Transport | null> {
  if (message.via === 'workspace') {
    const own = await workspaceTransport(ctx, message.workspace_id);
    if (own) return own;
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
