import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_SETUP_MESSAGES as M, SMTP_FAILURE_MESSAGES as F } from '../../src/shared/messages';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import {
  ADMIN,
  SECRET_KEY,
  createTestApp,
  reopenTestDatabase,
  signIn,
  testEngine,
  uniqueEmail,
  type TestApp,
} from './support/test-app';
import { createSecretBox } from '../../src/server/secrets/secret-box';
import { resealStoredSecrets } from '../../src/server/secrets/reseal';
import { ownerBody, registerOk, setUserColumns, uniqueDomain } from './support/accounts';

/**
 * Business Email Setup (docs/product/email.md#business-email-setup, docs/product/api.md#calls): saved per workspace with the password sealed, tested
 * against a real SMTP server on loopback, refused for private targets unless allowed.
 */
describe('e-mail set-up', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let admin: { authorization: string };
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));

  const setup = (overrides: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    auth: { user: sink.user, pass: sink.pass },
    from: 'Agency Mail <hello@agency.test>',
    ...overrides,
  });
  const save = (body: unknown, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/email/setup', headers, payload: body as object });
  const read = (headers = admin) => t.app.inject({ method: 'GET', url: '/api/email/setup', headers });
  const sendTest = (body: object = {}, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/email/test', headers, payload: body });
  const storedRows = () => t.database.handle.db.selectFrom('email_settings').selectAll().execute();

  beforeAll(async () => {
    sink = await startSmtpSink({ pass: 'Sup3r-Secret-Smtp-Pass' });
    t = await createTestApp({ allowPrivateSmtp: true, smtpAllowPlaintextLoopback: true, logStream });
    admin = await signIn(t.app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('needs a sign-in (401) and the Marketing module (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/email/setup'],
      ['POST', '/api/email/setup'],
      ['POST', '/api/email/test'],
      ['GET', '/api/email/messages'],
    ] as const)
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);

    const email = uniqueEmail(uniqueDomain());
    const { token } = await registerOk(t.app, ownerBody(email));
    await setUserColumns(t, email, { role: 'SOLOHQ' });
    const solo = { authorization: `Bearer ${token}` };
    expect((await read(solo)).statusCode).toBe(403);
    expect((await save(setup(), solo)).statusCode).toBe(403);
    expect(await storedRows()).toHaveLength(0);
  });

  it.each([
    ['no host', { host: '' }, M.hostRequired],
    ['a host with a path', { host: 'smtp.example.com/x' }, M.hostInvalid],
    ['no port', { port: '' }, M.portRequired],
    ['a port that is not a number', { port: 'abc' }, M.portInvalid],
    ['port 0', { port: 0 }, M.portInvalid],
    ['port 65536', { port: 65536 }, M.portInvalid],
    ['no user', { auth: { user: ' ', pass: 'x' } }, M.userRequired],
    ['no sender', { from: '' }, M.fromRequired],
    [
      'a sender without any address',
      { from: 'Agency', auth: { user: 'apikey', pass: 'x' } },
      M.fromNoAddress,
    ],
    ['no password on the first save', { auth: { user: 'mailer@agency.test', pass: '' } }, M.passwordRequired],
  ])('refuses %s with a clear 400 and stores nothing', async (_case, overrides, message) => {
    const response = await save(setup(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedRows()).toHaveLength(0);
  });

  it('before any set-up says that mail is not delivered', async () => {
    const answer = (await read()).json();
    expect(answer).toEqual({
      config: null,
      delivery: { transport: 'none', healthy: false },
      editable: true,
      readOnlyReason: null,
    });
  });

  it("saves with the spec's message; the password is in no answer and sealed at rest", async () => {
    const response = await save(setup({ port: String(sink.port) }));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Email configuration saved successfully!');
    expect(response.body).not.toContain(sink.pass);

    const answer = await read();
    expect(answer.body).not.toContain(sink.pass);
    expect(answer.json().config).toMatchObject({
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
      auth: { user: sink.user },
      from: 'Agency Mail <hello@agency.test>',
      passwordSet: true,
    });
    expect(answer.json().config.auth).not.toHaveProperty('pass');

    const [row] = await storedRows();
    expect(JSON.stringify(row)).not.toContain(sink.pass);
    expect(row!.pass_sealed).toMatch(/^v1\./);
    if (testEngine() === 'sqlite') {
      // Every byte SQLite wrote: the database file and its write-ahead log.
      for (const file of fs.readdirSync(t.database.dataDir).filter((f) => f.startsWith('agencyhq.sqlite'))) {
        const bytes = fs.readFileSync(path.join(t.database.dataDir, file));
        expect(bytes.includes(Buffer.from(sink.pass)), file).toBe(false);
      }
    }
  });

  it('sends a test e-mail to the signed-in user with the stored password and the right From', async () => {
    const response = await sendTest();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(M.testSent(ADMIN.email));
    const [mail] = await sink.waitFor((m) => m.to === ADMIN.email);
    expect(mail!.from).toBe('"Agency Mail" <hello@agency.test>');
    expect(mail!.subject).toBe('AgencyHQ test e-mail');
    expect((await read()).json()).toMatchObject({
      config: { lastError: null, verifiedAt: expect.any(String) },
      delivery: { transport: 'own', healthy: true },
    });
  });

  it('keeps the stored password when the form leaves it empty, and sends to another address', async () => {
    expect((await save(setup({ auth: { user: sink.user, pass: '' } }))).statusCode).toBe(200);
    const to = uniqueEmail('elsewhere.test');
    const response = await sendTest({ to });
    expect(response.statusCode, response.body).toBe(200);
    await sink.waitFor((m) => m.to === to);
  });

  it('tells a wrong password in plain words (422), without internals, and logs the failure', async () => {
    expect((await save(setup({ auth: { user: sink.user, pass: 'wrong-password' } }))).statusCode).toBe(200);
    const response = await sendTest();
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: F.auth });
    expect((await read()).json()).toMatchObject({
      config: { lastError: F.auth },
      delivery: { transport: 'own', healthy: false },
    });
    const log = (await t.app.inject({ method: 'GET', url: '/api/email/messages', headers: admin })).json();
    expect(log.messages[0]).toMatchObject({ kind: 'test', status: 'failed', lastError: F.auth });
  });

  it('tells a TLS mismatch and a refused connection apart', async () => {
    await save(setup({ secure: true }));
    const tls = await sendTest();
    expect(tls.statusCode).toBe(422);
    expect(tls.json().message).toBe(F.tls);

    await save(setup({ port: 1 }));
    const refused = await sendTest();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(F.refused('127.0.0.1', 1));
    await save(setup());
  });

  it('refuses a private or loopback target before connecting unless ALLOW_PRIVATE_SMTP is set', async () => {
    const strict = await createTestApp();
    try {
      const headers = await signIn(strict.app, ADMIN.email, ADMIN.password);
      const body = setup();
      await strict.app.inject({ method: 'POST', url: '/api/email/setup', headers, payload: body });
      const before = sink.connections;
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/email/test',
        headers,
        payload: {},
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(F.privateAddress('127.0.0.1'));
      expect(sink.connections).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it("never shows one workspace's set-up or mail to another", async () => {
    const email = uniqueEmail(uniqueDomain());
    const { token } = await registerOk(t.app, ownerBody(email));
    // A sign-up is unconfirmed until its link is opened, and an unconfirmed account configures no mail
    // (docs/product/auth.md#proven-addresses, attack-mail-takeover.test.ts): this owner has opened it.
    await t.database.handle.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date().toISOString() })
      .where('email', '=', email)
      .execute();
    const owner = { authorization: `Bearer ${token}` };
    expect((await read(owner)).json()).toEqual({
      config: null,
      delivery: { transport: 'platform', healthy: true },
      editable: true,
      readOnlyReason: null,
    });
    const log = (await t.app.inject({ method: 'GET', url: '/api/email/messages', headers: owner })).json();
    // Only the owner's own mail (the sign-up's confirmation link), none of the agency's.
    expect(log.messages.filter((m: { to: string }) => m.to !== email)).toEqual([]);
    expect((await sendTest({}, owner)).json().message).toBe(M.configureFirst);
    // Their own set-up is theirs alone.
    expect((await save(setup({ from: 'Owner <owner@biz.test>' }), owner)).statusCode).toBe(200);
    expect((await read()).json().config.from).toBe('Agency Mail <hello@agency.test>');
  });

  it('SECRET_KEY rotation re-seals stored passwords for the new key', async () => {
    await save(setup());
    const newKey = 'the-next-secret-key-after-rotation-0123456789';
    const resealed = await resealStoredSecrets(t.database.handle.db, createSecretBox(newKey, SECRET_KEY));
    expect(resealed).toBeGreaterThanOrEqual(1);
    expect(await resealStoredSecrets(t.database.handle.db, createSecretBox(newKey, SECRET_KEY))).toBe(0);

    const rotated = await createTestApp({
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      secretKey: newKey,
      database: await reopenTestDatabase(t.database),
    });
    try {
      const headers = await signIn(rotated.app, ADMIN.email, ADMIN.password);
      const response = await rotated.app.inject({
        method: 'POST',
        url: '/api/email/test',
        headers,
        payload: {},
      });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await rotated.close();
    }
  });

  it('never writes the SMTP password into a log line', () => {
    const text = logs.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(sink.pass);
  });
});
