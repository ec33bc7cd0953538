import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { BounceKind } from '../../../shared/bounces';
import type { BounceMailboxesTable, BounceMailboxRow, Database, MailBounceRow } from '../../db/types';
import { BULK_MAIL_KINDS } from '../../../shared/mail';

export type Db = Kysely<Database> | Transaction<Database>;

// The bulk mail a report answers.

export interface BulkMessage {
  id: string;
  campaign_recipient_id: string | null;
}

/**
 * The newest bulk message (a campaign's or a sequence's) this workspace sent or tried to send to the
 * address since `since`: a report is only believed about an address the workspace actually mailed.
 */
export function latestBulkMessageTo(
  db: Db,
  workspaceId: string,
  email: string,
  since: string,
): Promise<BulkMessage | undefined> {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'campaign_recipient_id'])
    .where('workspace_id', '=', workspaceId)
    .where('to_address', '=', email)
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('priority', '=', 1), eb('kind', 'in', [...BULK_MAIL_KINDS])]))
    .where('status', 'in', ['sent', 'failed', 'queued', 'sending'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The campaign a recipient row belongs to, in this workspace only. */
export async function campaignOfRecipient(
  db: Db,
  workspaceId: string,
  recipientId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('campaign_recipients')
    .select('campaign_id')
    .where('id', '=', recipientId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row?.campaign_id ?? null;
}

// The bounce log.

/** Logs a bounce once per message and kind; answers whether it was new. */
export async function insertBounce(db: Db, row: Insertable<Database['mail_bounces']>): Promise<boolean> {
  const result = await db
    .insertInto('mail_bounces')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'outbox_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function softBouncesSince(
  db: Db,
  workspaceId: string,
  email: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('mail_bounces')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('workspace_id', '=', workspaceId)
    .where('email', '=', email)
    .where('kind', '=', 'soft')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A campaign recipient's bounce or complaint, once per recipient and kind, for the campaign's report. */
export async function insertCampaignEvent(
  db: Db,
  row: {
    workspace_id: string;
    campaign_id: string;
    recipient_id: string;
    kind: 'bounce-hard' | 'bounce-soft' | 'complaint';
    detail: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('campaign_events')
    .values({ id: randomUUID(), ...row })
    .onConflict((oc) => oc.columns(['recipient_id', 'kind', 'link_position']).doNothing())
    .execute();
}

export async function markRecipientBounced(db: Db, workspaceId: string, recipientId: string): Promise<void> {
  await db
    .updateTable('campaign_recipients')
    .set({ status: 'bounced' })
    .where('id', '=', recipientId)
    .where('workspace_id', '=', workspaceId)
    .execute();
}

export async function bouncePage(
  db: Db,
  workspaceId: string,
  kind: BounceKind | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: (MailBounceRow & { campaign_id: string | null })[]; total: number }> {
  const base = db
    .selectFrom('mail_bounces')
    .where('mail_bounces.workspace_id', '=', workspaceId)
    .$if(Boolean(kind), (q) => q.where('mail_bounces.kind', '=', kind!));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('campaign_recipients', 'campaign_recipients.id', 'mail_bounces.campaign_recipient_id')
      .selectAll('mail_bounces')
      .select('campaign_recipients.campaign_id')
      .orderBy('mail_bounces.created_at', 'desc')
      .orderBy('mail_bounces.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

// The bounce mailbox.

export function findMailbox(db: Db, workspaceId: string): Promise<BounceMailboxRow | undefined> {
  return db
    .selectFrom('bounce_mailboxes')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

export type MailboxValues = Omit<
  Insertable<BounceMailboxesTable>,
  'workspace_id' | 'pass_sealed' | 'pass_scope' | 'uid_validity' | 'last_uid' | 'locked_until'
>;

/** Saves with a newly typed password; a new host, user or folder starts reading from the start again. */
export async function saveMailboxWithPassword(
  db: Db,
  workspaceId: string,
  values: MailboxValues & { pass_sealed: string; pass_scope: string },
  restart: boolean,
): Promise<void> {
  const reset = restart ? { uid_validity: null, last_uid: 0 } : {};
  await db
    .insertInto('bounce_mailboxes')
    .values({ workspace_id: workspaceId, ...values })
    .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ ...values, ...reset }))
    .execute();
}

/** Saves keeping the stored password, only while it is still the one typed for `scope`. */
export async function saveMailboxKeepingPassword(
  db: Db,
  workspaceId: string,
  values: MailboxValues,
  scope: string,
  restart: boolean,
): Promise<boolean> {
  const reset = restart ? { uid_validity: null, last_uid: 0 } : {};
  const result = await db
    .updateTable('bounce_mailboxes')
    .set({ ...values, ...reset })
    .where('workspace_id', '=', workspaceId)
    .where('pass_scope', '=', scope)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMailbox(db: Db, workspaceId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('bounce_mailboxes')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Takes the lease of a workspace's check (one instance at a time): when no other holds it and, unless
 * `force`, the last check is at least `dueBefore` old. Answers the row when taken.
 */
export async function claimMailboxCheck(
  db: Kysely<Database>,
  workspaceId: string,
  now: string,
  lockedUntil: string,
  dueBefore: string | null,
): Promise<BounceMailboxRow | undefined> {
  const result = await db
    .updateTable('bounce_mailboxes')
    .set({ locked_until: lockedUntil })
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .$if(dueBefore !== null, (q) =>
      q.where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', dueBefore!)])),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findMailbox(db, workspaceId);
}

/** Mailboxes whose check is due, oldest first. */
export async function dueMailboxes(db: Db, dueBefore: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('bounce_mailboxes')
    .select('workspace_id')
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', dueBefore)]))
    .orderBy('checked_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.workspace_id);
}

/** Where reading got to; written after each message so a crash re-reads at most one. */
export async function recordMailboxProgress(
  db: Db,
  workspaceId: string,
  uidValidity: string,
  lastUid: number,
  lockedUntil: string,
): Promise<void> {
  await db
    .updateTable('bounce_mailboxes')
    .set({ uid_validity: uidValidity, last_uid: lastUid })
    .where('workspace_id', '=', workspaceId)
    .where('locked_until', '=', lockedUntil)
    .execute();
}

/** The check is over: its time and error, and the lease released. */
export async function finishMailboxCheck(
  db: Db,
  workspaceId: string,
  checkedAt: string,
  error: string | null,
  lockedUntil: string,
): Promise<void> {
  await db
    .updateTable('bounce_mailboxes')
    .set({ checked_at: checkedAt, last_error: error, locked_until: null })
    .where('workspace_id', '=', workspaceId)
    .where('locked_until', '=', lockedUntil)
    .execute();
}

// The provider webhook.

export function findWebhookKey(db: Db, workspaceId: string) {
  return db
    .selectFrom('bounce_webhook_keys')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

export function findWebhookByPublicKey(db: Db, publicKey: string) {
  return db
    .selectFrom('bounce_webhook_keys')
    .selectAll()
    .where('public_key', '=', publicKey)
    .executeTakeFirst();
}

export async function saveWebhookKey(
  db: Db,
  row: { workspace_id: string; public_key: string; secret_sealed: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('bounce_webhook_keys')
    .values(row)
    .onConflict((oc) =>
      oc.column('workspace_id').doUpdateSet({
        public_key: row.public_key,
        secret_sealed: row.secret_sealed,
        created_at: row.created_at,
      }),
    )
    .execute();
}

/** Remembers a signature or event id until it expires; false when it was already there (a replay). */
export async function rememberSeen(
  db: Db,
  workspaceId: string,
  token: string,
  expiresAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto('bounce_webhook_seen')
    .values({ workspace_id: workspaceId, token, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['workspace_id', 'token']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function forgetExpiredSeen(db: Db, workspaceId: string, now: string): Promise<void> {
  await db
    .deleteFrom('bounce_webhook_seen')
    .where('workspace_id', '=', workspaceId)
    .where('expires_at', '<', now)
    .execute();
}
