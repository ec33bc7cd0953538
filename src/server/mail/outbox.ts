import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, MailKind, MailOutboxRow } from '../db/types';
import { engineOf } from '../db/engine';
import type { MailBody } from './templates';
import { takeMailSlot } from '../lib/plan-limits';

type Db = Kysely<Database> | Transaction<Database>;

export interface OutgoingMail extends MailBody {
  /** The workspace whose delivery log shows it (and whose own set-up sends it, with via 'workspace'). */
  workspaceId: string;
  kind: MailKind;
  via: 'workspace' | 'platform';
  /** '' sends it to the sending set-up's own address (contact messages reach the agency's inbox). */
  to: string;
  replyTo?: string;
  /** Files sent with it (an invoice's PDF): stored with the message until it is delivered or given up. */
  attachments?: MailAttachment[];
  /** List mail's unsubscribe URL on SITE_URL: its List-Unsubscribe headers (list-unsubscribe.ts). */
  listUnsubscribe?: string;
}

/** A campaign's copy for one person: bulk mail, claimed after everything a person waits for. */
export interface BulkMail extends Omit<OutgoingMail, 'attachments' | 'replyTo'> {
  listUnsubscribe: string;
  campaignRecipientId: string | null;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Delivery gives up after this many attempts (about 5 hours with the back-off below). */
export const MAX_ATTEMPTS = 8;
/** A claim is held this long (well past the 10 s waits of one send); a worker that died mid-send lets another instance take it over after it. */
export const CLAIM_LEASE_MS = 120_000;
/** Messages with one-time links lose their bodies once delivered or given up: the log keeps the rest. */
const SECRET_KINDS: readonly MailKind[] = [
  'password-reset',
  'invitation',
  'workspace-deleted',
  'email-confirmation',
  'portal-sign-in',
  'portal-invitation',
  'list-confirmation',
];

/** 30 s, 2 min, 8 min, 32 min, then hourly. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempt - 1), 60 * 60_000);
}

/**
 * Queues a message inside the caller's transaction: it exists exactly when its cause was committed, and
 * a restart loses nothing. The worker sends it.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail, now: Date): Promise<string> {
  // The mail a workspace causes counts against its e-mails a day (docs/product/workspace.md#plan-limits; platform mail never does):
  // past the plan's limit, 429 and the caller's transaction rolls back.
  await takeMailSlot(db, mail.workspaceId, mail.kind, now);
  return insertMail(db, mail, now, { status: 'queued', attempts: 0, last_error: null, sent_at: null });
}

/** Rows per INSERT: well under SQLite's 32,766 bound variables at this table's width. */
const BULK_INSERT_ROWS = 500;

/**
 * Queues bulk mail inside the caller's transaction (a campaign's batch: each message and its recipient's
 * 'queued' are one commit). The caller has taken the plan's mail slots for them (`takeMailSlots`).
 */
export async function enqueueBulkMail(
  db: Db,
  mails: (BulkMail & { id: string })[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  for (let i = 0; i < mails.length; i += BULK_INSERT_ROWS)
    await db
      .insertInto('mail_outbox')
      .values(
        mails.slice(i, i + BULK_INSERT_ROWS).map((mail) => ({
          id: mail.id,
          workspace_id: mail.workspaceId,
          kind: mail.kind,
          via: mail.via,
          to_address: mail.to,
          reply_to: null,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          status: 'queued' as const,
          attempts: 0,
          next_attempt_at: at,
          locked_until: null,
          last_error: null,
          created_at: at,
          sent_at: null,
          priority: 1,
          list_unsubscribe: mail.listUnsubscribe,
          campaign_recipient_id: mail.campaignRecipientId,
        })),
      )
      .execute();
}

/** A message sent (or not) on the spot, like a test e-mail: logged as done, never queued. */
export async function recordSentMail(
  db: Db,
  mail: OutgoingMail,
  now: Date,
  error: string | null,
): Promise<void> {
  await insertMail(db, mail, now, {
    status: error ? 'failed' : 'sent',
    attempts: 1,
    last_error: error,
    sent_at: error ? null : now.toISOString(),
  });
}

async function insertMail(
  db: Db,
  mail: OutgoingMail,
  now: Date,
  state: Pick<MailOutboxRow, 'status' | 'attempts' | 'last_error' | 'sent_at'>,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      workspace_id: mail.workspaceId,
      kind: mail.kind,
      via: mail.via,
      to_address: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      next_attempt_at: now.toISOString(),
      locked_until: null,
      created_at: now.toISOString(),
      list_unsubscribe: mail.listUnsubscribe ?? null,
      ...state,
    })
    .execute();
  if (mail.attachments?.length)
    await db
      .insertInto('mail_attachments')
      .values(
        mail.attachments.map((file) => ({
          id: randomUUID(),
          outbox_id: id,
          filename: file.filename,
          content_type: file.contentType,
          bytes: file.content,
        })),
      )
      .execute();
  return id;
}

/** The files a message carries, for its delivery. */
export async function attachmentsOf(db: Db, outboxId: string): Promise<MailAttachment[]> {
  const rows = await db
    .selectFrom('mail_attachments')
    .select(['filename', 'content_type', 'bytes'])
    .where('outbox_id', '=', outboxId)
    .execute();
  return rows.map((row) => ({
    filename: row.filename,
    contentType: row.content_type,
    content: Buffer.from(row.bytes),
  }));
}

/** A message done with (delivered or given up) no longer needs its files. */
async function dropAttachments(db: Db, outboxId: string): Promise<void> {
  await db.deleteFrom('mail_attachments').where('outbox_id', '=', outboxId).execute();
}

/**
 * Takes up to `limit` due messages for this worker in one statement: queued ones whose time has come,
 * and claims whose lease ran out. On PostgreSQL `FOR UPDATE SKIP LOCKED` lets several instances claim
 * side by side without ever taking the same message; SQLite has a single writer, so the one UPDATE is
 * already exclusive.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  now: Date,
  limit = 10,
  leaseMs = CLAIM_LEASE_MS,
): Promise<MailOutboxRow[]> {
  const nowIso = now.toISOString();
  const postgres = engineOf(db) === 'postgres';
  await settleHandedOver(db, nowIso);
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: 'sending',
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
      delivery_phase: null,
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'queued'), w('next_attempt_at', '<=', nowIso)]),
            w.and([w('status', '=', 'sending'), w('locked_until', '<', nowIso)]),
          ]),
        )
        // What a person waits for (a reset, an invoice) before any campaign's bulk.
        .orderBy('priority')
        .orderBy('next_attempt_at')
        .limit(limit)
        .$if(postgres, (q) => q.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute();
}

/**
 * Claims whose worker died after the server had the whole message but its final dot (`delivery_phase`
 * 'data-end', written just before the dot): the server almost surely has it, so it counts as sent rather
 * than going out twice (docs/product/email.md#outbox). A claim that died earlier is simply sent again: the
 * server never accepted a message whose data did not end.
 */
async function settleHandedOver(db: Kysely<Database>, nowIso: string): Promise<void> {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'sending')
    .where('delivery_phase', '=', 'data-end')
    .where('locked_until', '<', nowIso)
    .limit(100)
    .execute();
  for (const row of rows) await markSent(db, row, row.to_address, new Date(nowIso));
}

/** Written just before a message's final dot goes to the server (see settleHandedOver). */
export async function markDataEnd(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ delivery_phase: 'data-end' }).where('id', '=', id).execute();
}

const bodyAfterDelivery = (row: MailOutboxRow) =>
  SECRET_KINDS.includes(row.kind) ? { text_body: '', html_body: '' } : {};

export async function markSent(db: Kysely<Database>, row: MailOutboxRow, to: string, now: Date) {
  if (row.campaign_recipient_id) return markBulkSent(db, [{ row, to }], now);
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      to_address: to,
      sent_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      ...bodyAfterDelivery(row),
    })
    .where('id', '=', row.id)
    .execute();
  await dropAttachments(db, row.id);
}

/** A failed attempt: try again after the back-off, or give up when retrying cannot help or is used up. */
export async function markFailed(
  db: Kysely<Database>,
  row: MailOutboxRow,
  reason: string,
  permanent: boolean,
  now: Date,
): Promise<void> {
  const giveUp = permanent || row.attempts >= MAX_ATTEMPTS;
  if (giveUp && row.campaign_recipient_id)
    return db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('mail_outbox')
        .set({ status: 'failed', locked_until: null, last_error: reason })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0)
        await settleRecipient(trx, row.campaign_recipient_id!, 'failed', now);
    });
  await db
    .updateTable('mail_outbox')
    .set({
      status: giveUp ? 'failed' : 'queued',
      next_attempt_at: new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString(),
      locked_until: null,
      last_error: reason,
      ...(giveUp ? bodyAfterDelivery(row) : {}),
    })
    .where('id', '=', row.id)
    .execute();
  if (giveUp) await dropAttachments(db, row.id);
}

/** No set-up can send it yet: back in the queue without using up an attempt. */
export async function markWaiting(db: Kysely<Database>, row: MailOutboxRow, reason: string, now: Date) {
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'queued',
      attempts: Math.max(0, row.attempts - 1),
      next_attempt_at: new Date(now.getTime() + retryDelayMs(1)).toISOString(),
      locked_until: null,
      last_error: reason,
    })
    .where('id', '=', row.id)
    .execute();
}

/** A new or changed set-up: queued messages go now instead of at their back-off time. */
export async function retryQueuedNow(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: now.toISOString() })
    .where('status', '=', 'queued')
    .where('next_attempt_at', '>', now.toISOString())
    .execute();
}

/**
 * Bulk copies the server accepted, marked sent together (one commit for a run of them, not one each): safe
 * to defer, since each one's data-end record already keeps it from going out again. Only a claim that still
 * holds its row counts it, so a settled or re-claimed row is never counted twice.
 */
export async function markBulkSent(
  db: Kysely<Database>,
  sent: { row: MailOutboxRow; to: string }[],
  now: Date,
): Promise<void> {
  if (sent.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const { row, to } of sent) {
      const updated = await trx
        .updateTable('mail_outbox')
        .set({
          status: 'sent',
          to_address: to,
          sent_at: now.toISOString(),
          locked_until: null,
          last_error: null,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0 && row.campaign_recipient_id)
        await settleRecipient(trx, row.campaign_recipient_id, 'sent', now);
    }
  });
}

/** A campaign copy's outcome: the recipient's status, and the campaign's counters in the same commit. */
async function settleRecipient(
  trx: Transaction<Database>,
  recipientId: string,
  outcome: 'sent' | 'failed',
  now: Date,
): Promise<void> {
  const recipient = await trx
    .updateTable('campaign_recipients')
    .set({ status: outcome, ...(outcome === 'sent' ? { sent_at: now.toISOString() } : {}) })
    .where('id', '=', recipientId)
    .where('status', '=', 'queued')
    .returning('campaign_id')
    .executeTakeFirst();
  if (!recipient) return;
  await trx
    .updateTable('campaigns')
    .set((eb) => ({
      queued_count: eb('queued_count', '-', 1),
      ...(outcome === 'sent'
        ? { sent_count: eb('sent_count', '+', 1) }
        : { failed_count: eb('failed_count', '+', 1) }),
    }))
    .where('id', '=', recipient.campaign_id)
    .execute();
}
