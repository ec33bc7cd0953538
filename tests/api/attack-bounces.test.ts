import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNCE_MESSAGES as M } from '../../src/shared/messages';
import { BOUNCES } from '../../src/shared/bounces';
import { createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { startImapServer, type ImapTestServer } from '../support/imap-server';
import { arfMail, dsnMail } from '../support/report-mails';
import {
  bouncesOf,
  insertCampaignMessage,
  postWebhook,
  saveBounceMailbox,
  signatureHeader,
  suppressionOf,
  webhookBody,
  webhookSecret,
} from './support/bounces';

/**
 * docs/security.md#e-mail-marketing: the attacks on bounce handling, on SQLite and PostgreSQL. A bounce
 * or complaint suppresses an address only in the workspace that received it, only about an address that
 * workspace sent bulk mail to, and a provider webhook is believed only with the workspace's signature,
 * once, fresh, and small. The mailbox is reached only where SMTP may go, never with its password in clear.
 */
describe('attacks on bounces and complaints', () => {
  let t: TestApp;
  let imap: ImapTestServer;
  let now = new Date('2026-11-29T09:00:00.000Z');
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, allowPrivateSmtp: true, smtpAllowPlaintextLoopback: true });
    imap = await startImapServer();
    owner = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Bounce Studio' })).id,
      role: 'Business Admin',
    });
    other = await insertUser(t, {
      workspaceId: (await insertWorkspace(t, { name: 'Other Studio' })).id,
      role: 'Business Admin',
    });
    await saveBounceMailbox(t, owner, imap);
  });
  afterAll(async () => {
    await t?.close();
    await imap?.close();
  });

  const check = () => t.app.bounceMailboxes.checkMailbox(owner.workspaceId, { force: true });

  it('refuses an unknown, unsigned, forged, altered or stale webhook call, and suppresses nothing', async () => {
    const victim = uniqueEmail('victim.test');
    await insertCampaignMessage(t, owner.workspaceId, victim, { now });
    const { path, secret } = await webhookSecret(t, owner);
    const theirs = await webhookSecret(t, other);
    const body = webhookBody([{ type: 'bounce', email: victim, status: '5.1.1' }]);

    expect(
      (await postWebhook(t, '/api/bounces/webhook/no-such-key', body, { secret, at: now })).statusCode,
    ).toBe(404);
    const unsigned = await postWebhook(t, path, body, { header: undefined });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ message: M.webhookSignature });
    // Another workspace's secret, a made-up one, and a signature of another body.
    expect((await postWebhook(t, path, body, { secret: theirs.secret, at: now })).statusCode).toBe(401);
    expect((await postWebhook(t, path, body, { secret: 'whsec_guess', at: now })).statusCode).toBe(401);
    const otherBody = webhookBody([{ type: 'bounce', email: 'x@example.org' }]);
    const header = signatureHeader(secret, now, otherBody);
    expect((await postWebhook(t, path, body, { header })).statusCode).toBe(401);
    expect((await postWebhook(t, path, otherBody, { header })).statusCode).toBe(202);
    const timestamp = Math.floor(now.getTime() / 1000);
    // A signature older (or newer) than 5 minutes.
    const stale = new Date(now.getTime() - BOUNCES.webhookToleranceMs - 60_000);
    const old = await postWebhook(t, path, body, { secret, at: stale });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: M.webhookStale });
    expect((await postWebhook(t, path, body, { header: `t=${timestamp},v1=zz` })).statusCode).toBe(401);
    expect(await suppressionOf(t, owner.workspaceId, victim)).toBeUndefined();
    expect(await bouncesOf(t, owner.workspaceId, victim)).toEqual([]);
  });

  it('refuses a replayed webhook call (409) and records its events once', async () => {
    const victim = uniqueEmail('victim.test');
    await insertCampaignMessage(t, owner.workspaceId, victim, { now });
    const { path, secret } = await webhookSecret(t, owner);
    const body = webhookBody([{ type: 'bounce', email: victim, status: '4.2.2' }]);
    const header = signatureHeader(secret, now, body);
    const first = await postWebhook(t, path, body, { header });
    expect(first.statusCode).toBe(202);
    now = new Date(now.getTime() + 60_000);
    const replay = await postWebhook(t, path, body, { header });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ message: M.webhookReplayed });
    // The same event re-signed (a provider's retry, or a replay of the body) counts once too.
    expect((await postWebhook(t, path, body, { secret, at: now })).json()).toMatchObject({ recorded: 0 });
    expect(await bouncesOf(t, owner.workspaceId, victim)).toHaveLength(1);
  });

  it('refuses a webhook body over 256 KB before reading it', async () => {
    const { path, secret } = await webhookSecret(t, owner);
    const victim = uniqueEmail('victim.test');
    await insertCampaignMessage(t, owner.workspaceId, victim, { now });
    const padding = 'x'.repeat(BOUNCES.webhookBodyMax);
    const body = JSON.stringify({
      events: [{ id: 'big', type: 'complaint', email: victim, diagnostic: padding }],
    });
    const response = await postWebhook(t, path, body, { secret, at: now });
    expect(response.statusCode).toBe(413);
    expect(await suppressionOf(t, owner.workspaceId, victim)).toBeUndefined();
  });

  it('never suppresses through a signed webhook an address the workspace sent no bulk mail to', async () => {
    const { path, secret } = await webhookSecret(t, owner);
    const stranger = uniqueEmail('stranger.test');
    // This workspace mailed them an invoice (transactional), never a campaign: not the bounce rules' business.
    const { outboxId } = await insertCampaignMessage(t, owner.workspaceId, stranger, { now });
    await t.database.handle.db
      .updateTable('mail_outbox')
      .set({ kind: 'invoice', priority: 0, campaign_recipient_id: null })
      .where('id', '=', outboxId)
      .execute();
    const response = await postWebhook(
      t,
      path,
      webhookBody([
        { type: 'complaint', email: stranger },
        { type: 'bounce', email: uniqueEmail('random.test'), status: '5.1.1' },
      ]),
      { secret, at: now },
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ recorded: 0 });
    expect(await suppressionOf(t, owner.workspaceId, stranger)).toBeUndefined();
    expect(await suppressionOf(t, other.workspaceId, stranger)).toBeUndefined();
  });

  it("a DSN or complaint in this workspace's mailbox about another workspace's recipient suppresses nothing anywhere", async () => {
    const theirs = uniqueEmail('their-reader.test');
    const { recipientId } = await insertCampaignMessage(t, other.workspaceId, theirs, { now });
    const dsn = imap.deliver(dsnMail([{ email: theirs, action: 'failed', status: '5.1.1' }]));
    const arf = imap.deliver(arfMail(theirs));
    const result = await check();
    expect(result).toMatchObject({ error: null, recorded: 0 });
    expect(await suppressionOf(t, other.workspaceId, theirs)).toBeUndefined();
    expect(await suppressionOf(t, owner.workspaceId, theirs)).toBeUndefined();
    expect(await bouncesOf(t, other.workspaceId, theirs)).toEqual([]);
    const recipient = await t.database.handle.db
      .selectFrom('campaign_recipients')
      .select('status')
      .where('id', '=', recipientId)
      .executeTakeFirstOrThrow();
    expect(recipient.status).toBe('sent');
    // Read and marked seen all the same, so it is not read again.
    expect(imap.flagsOf(dsn)).toContain('\\Seen');
    expect(imap.flagsOf(arf)).toContain('\\Seen');
  });

  it('a forged DSN cannot suppress arbitrary addresses: only those this workspace sent bulk mail to', async () => {
    const reader = uniqueEmail('reader.test');
    await insertCampaignMessage(t, owner.workspaceId, reader, { now });
    const strangers = [uniqueEmail('ceo.test'), uniqueEmail('rival.test'), owner.email];
    imap.deliver(
      dsnMail([
        ...strangers.map((email) => ({ email, action: 'failed' as const, status: '5.1.1' })),
        { email: reader, action: 'failed', status: '5.1.1' },
      ]),
    );
    expect(await check()).toMatchObject({ error: null, recorded: 1 });
    for (const email of strangers) expect(await suppressionOf(t, owner.workspaceId, email)).toBeUndefined();
    expect((await suppressionOf(t, owner.workspaceId, reader))?.reason).toBe('hard-bounce');
  });

  it('never answers the mailbox password or the webhook secret after it was shown', async () => {
    const settings = await call(t.app, 'GET', '/api/bounces/settings', owner.headers);
    expect(settings.statusCode).toBe(200);
    expect(settings.body).not.toContain(imap.pass);
    expect(settings.body).not.toContain('whsec_');
    expect(settings.json().mailbox).toMatchObject({ host: imap.host, user: imap.user, passwordSet: true });
    // Another workspace sees its own (none), never this one's.
    expect((await call(t.app, 'GET', '/api/bounces/settings', other.headers)).json().mailbox).toBeNull();
    const log = await call(t.app, 'GET', '/api/bounces', other.headers);
    expect(log.json().bounces.every((b: { email: string }) => !b.email.includes('reader.test'))).toBe(true);
  });

  it('reaches no private mailbox unless SMTP may, and never sends the password in clear text', async () => {
    for (const config of [
      { allowPrivateSmtp: false, smtpAllowPlaintextLoopback: true },
      { allowPrivateSmtp: true, smtpAllowPlaintextLoopback: false },
    ]) {
      const strict = await createTestApp({ clock: () => now, ...config });
      try {
        const user = await insertUser(strict, {
          workspaceId: (await insertWorkspace(strict)).id,
          role: 'Business Admin',
        });
        await saveBounceMailbox(strict, user, imap);
        const before = imap.logins;
        const response = await call(strict.app, 'POST', '/api/bounces/mailbox/check', user.headers);
        expect(response.statusCode).toBe(422);
        expect(response.json().message).toBe(
          config.allowPrivateSmtp ? M.imapNoStartTls(imap.host) : M.imapPrivate(imap.host),
        );
        expect(imap.logins).toBe(before);
      } finally {
        await strict.close();
      }
    }
  });
});
