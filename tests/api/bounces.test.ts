import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNCE_MESSAGES as M } from '../../src/shared/messages';
import { BOUNCES } from '../../src/shared/bounces';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startImapServer, type ImapTestServer } from '../support/imap-server';
import { arfMail, dsnMail, plainMail } from '../support/report-mails';
import {
  bouncesOf,
  campaignEventsOf,
  insertCampaignMessage,
  postWebhook,
  recipientStatus,
  saveBounceMailbox,
  suppressionOf,
  webhookBody,
  webhookSecret,
} from './support/bounces';

const DAY = 24 * 60 * 60_000;

/**
 * Bounces and complaints (docs/product/marketing.md#bounces-and-complaints) on SQLite and PostgreSQL,
 * with a real SMTP server refusing recipients at RCPT and a real IMAP server holding the reports.
 */
describe('bounces and complaints', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let imap: ImapTestServer;
  let now = new Date('2026-11-29T09:00:00.000Z');
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, allowPrivateSmtp: true, smtpAllowPlaintextLoopback: true });
    sink = await startSmtpSink();
    imap = await startImapServer({ folders: ['Bounces'] });
    const workspaceId = (await insertWorkspace(t, { name: 'Bounce Studio' })).id;
    owner = await insertUser(t, { workspaceId, role: 'Business Admin' });
    const setup = await call(t.app, 'POST', '/api/email/setup', owner.headers, {
      host: sink.host,
      port: sink.port,
      secure: false,
      auth: { user: sink.user, pass: sink.pass },
      from: 'Studio News <news@agency.test>',
    });
    expect(setup.statusCode).toBe(200);
    await saveBounceMailbox(t, owner, imap);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await imap?.close();
  });

  const outboxRow = (id: string) =>
    t.database.handle.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const check = () => t.app.bounceMailboxes.checkMailbox(owner.workspaceId, { force: true });

  it('a 550 at RCPT is a hard bounce at once: suppressed, logged with its code, the recipient bounced', async () => {
    const gone = uniqueEmail('gone.test');
    sink.refuseRecipient(gone, 550, '5.1.1 <gone>: Recipient address rejected: User unknown');
    const { recipientId, outboxId } = await insertCampaignMessage(t, owner.workspaceId, gone, {
      status: 'queued',
      now,
    });
    await t.app.outbox.deliverDue();
    expect((await outboxRow(outboxId)).status).toBe('failed');
    const suppression = await suppressionOf(t, owner.workspaceId, gone);
    expect(suppression).toMatchObject({ reason: 'hard-bounce', created_by: null });
    expect(suppression?.detail).toContain('5.1.1');
    expect(await bouncesOf(t, owner.workspaceId, gone)).toEqual([
      expect.objectContaining({
        kind: 'hard',
        source: 'smtp',
        status: '5.1.1',
        outbox_id: outboxId,
        campaign_recipient_id: recipientId,
      }),
    ]);
    expect(await campaignEventsOf(t, recipientId)).toEqual([
      expect.objectContaining({ kind: 'bounce-hard', detail: '5.1.1' }),
    ]);
    expect(await recipientStatus(t, recipientId)).toBe('bounced');
    expect(sink.messages.some((mail) => mail.envelopeTo.includes(gone))).toBe(false);
  });

  it('reads a DSN from the mailbox: the failed recipient hard, the delayed one soft; marks it seen and keeps it', async () => {
    const gone = uniqueEmail('gone.test');
    const delayed = uniqueEmail('delayed.test');
    const a = await insertCampaignMessage(t, owner.workspaceId, gone, { now });
    const b = await insertCampaignMessage(t, owner.workspaceId, delayed, { now, campaignId: a.campaignId });
    const count = imap.count();
    const uid = imap.deliver(
      dsnMail([
        {
          email: gone.toUpperCase(),
          action: 'failed',
          status: '5.1.1',
          diagnostic: '550 5.1.1 User unknown',
        },
        { email: delayed, action: 'delayed', status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full' },
      ]),
    );
    const other = imap.deliver(plainMail());
    expect(await check()).toEqual({ read: 2, recorded: 2, error: null });
    expect(await bouncesOf(t, owner.workspaceId, gone)).toEqual([
      expect.objectContaining({
        kind: 'hard',
        source: 'dsn',
        status: '5.1.1',
        diagnostic: '550 5.1.1 User unknown',
      }),
    ]);
    expect((await suppressionOf(t, owner.workspaceId, gone))?.reason).toBe('hard-bounce');
    expect(await recipientStatus(t, a.recipientId)).toBe('bounced');
    expect(await bouncesOf(t, owner.workspaceId, delayed)).toEqual([
      expect.objectContaining({ kind: 'soft', source: 'dsn', status: '4.2.2' }),
    ]);
    expect(await suppressionOf(t, owner.workspaceId, delayed)).toBeUndefined();
    expect(await campaignEventsOf(t, b.recipientId)).toEqual([
      expect.objectContaining({ kind: 'bounce-soft' }),
    ]);
    expect(imap.flagsOf(uid)).toContain('\\Seen');
    expect(imap.flagsOf(other)).toContain('\\Seen');
    expect(imap.count()).toBe(count + 2);
    // Read from where it stopped: nothing new, nothing counted twice.
    expect(await check()).toEqual({ read: 0, recorded: 0, error: null });
    const settings = (await call(t.app, 'GET', '/api/bounces/settings', owner.headers)).json();
    expect(settings.mailbox).toMatchObject({ checkedAt: now.toISOString(), lastError: null });
  });

  it('reads an ARF abuse report as a complaint: suppressed at once, with the campaign event', async () => {
    const angry = uniqueEmail('angry.test');
    const quiet = uniqueEmail('quiet.test');
    const a = await insertCampaignMessage(t, owner.workspaceId, angry, { now });
    await insertCampaignMessage(t, owner.workspaceId, quiet, { now });
    imap.deliver(arfMail(angry, { via: 'message' }));
    imap.deliver(arfMail(quiet, { feedbackType: 'not-spam' }));
    expect(await check()).toMatchObject({ read: 2, recorded: 1 });
    expect(await bouncesOf(t, owner.workspaceId, angry)).toEqual([
      expect.objectContaining({ kind: 'complaint', source: 'arf' }),
    ]);
    expect((await suppressionOf(t, owner.workspaceId, angry))?.reason).toBe('complaint');
    expect(await campaignEventsOf(t, a.recipientId)).toEqual([
      expect.objectContaining({ kind: 'complaint' }),
    ]);
    expect(await suppressionOf(t, owner.workspaceId, quiet)).toBeUndefined();
  });

  it('a signed provider webhook records bounces and complaints by their codes', async () => {
    const { path, secret } = await webhookSecret(t, owner);
    const hard = uniqueEmail('hard.test');
    const soft = uniqueEmail('soft.test');
    const complaint = uniqueEmail('complaint.test');
    for (const email of [hard, soft, complaint])
      await insertCampaignMessage(t, owner.workspaceId, email, { now });
    const response = await postWebhook(
      t,
      path,
      webhookBody([
        { type: 'bounce', email: hard, status: '5.1.1', diagnostic: 'smtp; 550 5.1.1 no such user' },
        { type: 'bounce', email: soft, status: '4.2.2' },
        { type: 'complaint', email: complaint },
      ]),
      { secret, at: now },
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: M.webhookAccepted(3), recorded: 3 });
    expect((await suppressionOf(t, owner.workspaceId, hard))?.reason).toBe('hard-bounce');
    expect(await suppressionOf(t, owner.workspaceId, soft)).toBeUndefined();
    expect((await suppressionOf(t, owner.workspaceId, complaint))?.reason).toBe('complaint');
    expect((await bouncesOf(t, owner.workspaceId, soft))[0]).toMatchObject({
      kind: 'soft',
      source: 'webhook',
    });
  });

  it('a rotated secret replaces the old one at once; the address stays', async () => {
    const first = await webhookSecret(t, owner);
    const second = await webhookSecret(t, owner);
    expect(second.path).toBe(first.path);
    expect(second.secret).not.toBe(first.secret);
    const body = webhookBody([{ type: 'bounce', email: uniqueEmail(), status: '5.1.1' }]);
    expect((await postWebhook(t, first.path, body, { secret: first.secret, at: now })).statusCode).toBe(401);
    expect((await postWebhook(t, second.path, body, { secret: second.secret, at: now })).statusCode).toBe(
      202,
    );
  });

  it('lists the bounce log newest first, by kind, in pages', async () => {
    const response = await call(t.app, 'GET', '/api/bounces?kind=hard', owner.headers);
    expect(response.statusCode).toBe(200);
    const { bounces, pagination } = response.json();
    expect(bounces.length).toBeGreaterThanOrEqual(3);
    expect(bounces.every((b: { kind: string }) => b.kind === 'hard')).toBe(true);
    expect(pagination).toMatchObject({ page: 1, limit: BOUNCES.pageSize });
    const times = bounces.map((b: { createdAt: string }) => b.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(bounces).toContainEqual(expect.objectContaining({ source: 'webhook', status: '5.1.1' }));
    expect(bounces.find((b: { source: string }) => b.source === 'smtp').campaignId).toEqual(
      expect.any(String),
    );
  });

  it('saves the mailbox keeping its password only for the same host, port and user; reads another folder from its start', async () => {
    const base = { host: imap.host, port: imap.port, secure: false, user: imap.user, folder: 'INBOX' };
    const keep = await call(t.app, 'PUT', '/api/bounces/mailbox', owner.headers, { ...base, pass: '' });
    expect(keep.statusCode).toBe(200);
    expect(keep.body).not.toContain(imap.pass);
    const moved = await call(t.app, 'PUT', '/api/bounces/mailbox', owner.headers, {
      ...base,
      user: 'someone@agency.test',
      pass: '',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(M.passwordRetype);
    const uid = imap.deliver(arfMail(uniqueEmail()), 'Bounces');
    expect(
      (
        await call(t.app, 'PUT', '/api/bounces/mailbox', owner.headers, {
          ...base,
          folder: 'Bounces',
          pass: '',
        })
      ).statusCode,
    ).toBe(200);
    const checked = await call(t.app, 'POST', '/api/bounces/mailbox/check', owner.headers);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ message: M.checked(1), read: 1 });
    expect(imap.flagsOf(uid, 'Bounces')).toContain('\\Seen');
    const missing = await call(t.app, 'PUT', '/api/bounces/mailbox', owner.headers, {
      ...base,
      folder: 'Nowhere',
      pass: '',
    });
    expect(missing.statusCode).toBe(200);
    const failed = await call(t.app, 'POST', '/api/bounces/mailbox/check', owner.headers);
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toEqual({ message: M.imapFolder('Nowhere') });
    const wrong = await call(t.app, 'PUT', '/api/bounces/mailbox', owner.headers, {
      ...base,
      pass: 'wrong-pass',
    });
    expect(wrong.statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/bounces/mailbox/check', owner.headers)).json()).toEqual({
      message: M.imapAuth,
    });
    expect((await call(t.app, 'GET', '/api/bounces/settings', owner.headers)).json().mailbox.lastError).toBe(
      M.imapAuth,
    );
    await saveBounceMailbox(t, owner, imap);
  });

  it('a 450 at RCPT is soft: retried, counted once per message, and the third message in 30 days suppresses', async () => {
    const full = uniqueEmail('full.test');
    sink.refuseRecipient(full, 450);
    const first = await insertCampaignMessage(t, owner.workspaceId, full, { status: 'queued', now });
    await t.app.outbox.deliverDue();
    expect((await outboxRow(first.outboxId)).status).toBe('queued');
    // Its retry refused again: still one soft bounce for this message.
    later(10 * 60_000);
    await t.app.outbox.deliverDue();
    expect(await bouncesOf(t, owner.workspaceId, full)).toHaveLength(1);
    expect(await suppressionOf(t, owner.workspaceId, full)).toBeUndefined();
    expect(await campaignEventsOf(t, first.recipientId)).toEqual([
      expect.objectContaining({ kind: 'bounce-soft', detail: '4.2.1' }),
    ]);
    expect(await recipientStatus(t, first.recipientId)).not.toBe('bounced');
    later(3 * DAY);
    await insertCampaignMessage(t, owner.workspaceId, full, { status: 'queued', now });
    await t.app.outbox.deliverDue();
    expect(await suppressionOf(t, owner.workspaceId, full)).toBeUndefined();
    later(20 * DAY);
    await insertCampaignMessage(t, owner.workspaceId, full, { status: 'queued', now });
    await t.app.outbox.deliverDue();
    expect(await bouncesOf(t, owner.workspaceId, full)).toHaveLength(3);
    expect((await suppressionOf(t, owner.workspaceId, full))?.reason).toBe('soft-bounce');
    sink.refuseRecipient(full, null);
  });

  it('three soft bounces spread over more than 30 days suppress nothing', async () => {
    const slow = uniqueEmail('slow.test');
    for (let i = 0; i < 3; i += 1) {
      await insertCampaignMessage(t, owner.workspaceId, slow, { now });
      imap.deliver(dsnMail([{ email: slow, action: 'delayed', status: '4.4.1' }]));
      await check();
      later(16 * DAY);
    }
    expect(await bouncesOf(t, owner.workspaceId, slow)).toHaveLength(3);
    expect(await suppressionOf(t, owner.workspaceId, slow)).toBeUndefined();
  });

  it('one instance reads a mailbox at a time; the periodic round skips a mailbox read lately', async () => {
    const [a, b] = await Promise.all([check(), check()]);
    expect([a, b].filter((result) => result === null)).toHaveLength(1);
    expect(await t.app.bounceMailboxes.checkMailbox(owner.workspaceId)).toBeNull();
    later(BOUNCES.checkEveryMs);
    expect(await t.app.bounceMailboxes.checkDue()).toBeGreaterThanOrEqual(1);
  });

  it('removes the mailbox: nothing is read any more', async () => {
    const removed = await call(t.app, 'DELETE', '/api/bounces/mailbox', owner.headers);
    expect(removed.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/bounces/settings', owner.headers)).json().mailbox).toBeNull();
    expect((await call(t.app, 'POST', '/api/bounces/mailbox/check', owner.headers)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/bounces/mailbox', owner.headers)).statusCode).toBe(404);
  });
});
