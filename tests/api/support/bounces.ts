import { randomUUID } from 'node:crypto';
import type { MailStatus } from '../../../src/server/db/types';
import { signBounceWebhook } from '../../../src/server/modules/bounces/webhook-signature';
import type { ImapTestServer } from '../../support/imap-server';
import type { TestApp } from './test-app';
import { call, type TestUser } from './users';

/**
 * A campaign's message to `email`, as the campaign engine writes it: a campaign, its recipient, and the
 * recipient's bulk message in the outbox (priority 1, kind 'campaign'). `status` 'queued' lets the outbox
 * worker send it; 'sent' stands for one already delivered.
 */
export async function insertCampaignMessage(
  t: TestApp,
  workspaceId: string,
  email: string,
  options: { status?: MailStatus; now?: Date; campaignId?: string } = {},
): Promise<{ campaignId: string; recipientId: string; outboxId: string }> {
  const db = t.database.handle.db;
  const at = (options.now ?? new Date()).toISOString();
  const campaignId = options.campaignId ?? randomUUID();
  if (!options.campaignId)
    await db
      .insertInto('campaigns')
      .values({
        id: campaignId,
        workspace_id: workspaceId,
        name: 'November news',
        template_id: null,
        list_id: null,
        segment: null,
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'november',
        status: 'sending',
        scheduled_at: null,
        started_at: at,
        finished_at: null,
        snapshot: null,
        audience_cursor: null,
        wait_reason: null,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  const recipientId = randomUUID();
  const outboxId = randomUUID();
  const status = options.status ?? 'sent';
  await db
    .insertInto('campaign_recipients')
    .values({
      id: recipientId,
      campaign_id: campaignId,
      workspace_id: workspaceId,
      subscriber_id: null,
      email: email.toLowerCase(),
      status: status === 'sent' ? 'sent' : 'queued',
      outbox_id: outboxId,
      queued_at: at,
      sent_at: status === 'sent' ? at : null,
    })
    .execute();
  await db
    .insertInto('mail_outbox')
    .values({
      id: outboxId,
      workspace_id: workspaceId,
      kind: 'campaign',
      via: 'workspace',
      to_address: email.toLowerCase(),
      reply_to: null,
      subject: 'Our November news',
      text_body: 'Hello, here is our news.',
      html_body: '<p>Hello, here is our news.</p>',
      status,
      attempts: status === 'sent' ? 1 : 0,
      next_attempt_at: at,
      locked_until: null,
      last_error: null,
      created_at: at,
      sent_at: status === 'sent' ? at : null,
      priority: 1,
      list_unsubscribe: null,
      campaign_recipient_id: recipientId,
      delivery_phase: null,
    })
    .execute();
  return { campaignId, recipientId, outboxId };
}

export function suppressionOf(t: TestApp, workspaceId: string, email: string) {
  return t.database.handle.db
    .selectFrom('suppressions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export function bouncesOf(t: TestApp, workspaceId: string, email?: string) {
  return t.database.handle.db
    .selectFrom('mail_bounces')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .$if(Boolean(email), (q) => q.where('email', '=', email!.toLowerCase()))
    .orderBy('created_at')
    .execute();
}

export function campaignEventsOf(t: TestApp, recipientId: string) {
  return t.database.handle.db
    .selectFrom('campaign_events')
    .selectAll()
    .where('recipient_id', '=', recipientId)
    .execute();
}

export function recipientStatus(t: TestApp, recipientId: string) {
  return t.database.handle.db
    .selectFrom('campaign_recipients')
    .select('status')
    .where('id', '=', recipientId)
    .executeTakeFirstOrThrow()
    .then((row) => row.status);
}

/** Points the user's workspace at the test IMAP server (plain text on loopback, as the tests allow). */
export async function saveBounceMailbox(t: TestApp, user: TestUser, imap: ImapTestServer, folder = 'INBOX') {
  const response = await call(t.app, 'PUT', '/api/bounces/mailbox', user.headers, {
    host: imap.host,
    port: imap.port,
    secure: false,
    user: imap.user,
    pass: imap.pass,
    folder,
  });
  if (response.statusCode !== 200) throw new Error(`mailbox not saved: ${response.body}`);
}

/** A new webhook secret for the user's workspace: its address (path only) and the secret. */
export async function webhookSecret(t: TestApp, user: TestUser): Promise<{ path: string; secret: string }> {
  const response = await call(t.app, 'POST', '/api/bounces/webhook-secret', user.headers);
  if (response.statusCode !== 200) throw new Error(`no webhook secret: ${response.body}`);
  const { url, secret } = response.json() as { url: string; secret: string };
  return { path: new URL(url).pathname, secret };
}

/** The signature header a provider holding `secret` sends for `body` at `at`. */
export function signatureHeader(secret: string, at: Date, body: string): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${signBounceWebhook(secret, timestamp, body)}`;
}

/** POSTs a body to a bounce webhook, signed with `secret` at `at` unless a header is given. */
export function postWebhook(
  t: TestApp,
  path: string,
  body: string,
  sign: { secret: string; at: Date } | { header: string | undefined },
) {
  const header = 'header' in sign ? sign.header : signatureHeader(sign.secret, sign.at, body);
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...(header ? { 'x-agencyhq-signature': header } : {}) },
    payload: body,
  });
}

/** The generic webhook body: one event per entry. */
export function webhookBody(
  events: {
    id?: string;
    type: 'bounce' | 'complaint';
    email: string;
    status?: string;
    diagnostic?: string;
  }[],
): string {
  return JSON.stringify({ events: events.map((event) => ({ id: event.id ?? randomUUID(), ...event })) });
}
