import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { migrateToLatest, type DatabaseHandle } from '../../src/server/db/database';
import { settleAfterAnswer } from '../../src/server/lib/after-answer';
import { BASE_DEPS, testEngine } from './support/test-app';
import { migrationNames, openReleaseFixture } from './support/release-fixture';
import { readmeVerifier, startReceiver, type Receiver } from './support/webhooks';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/release-0.6');

/** What tests/fixtures/release-0.6/make-fixture.ts used (see its README). */
const SECRET_KEY = 'release-0.6-fixture-secret-key-that-seals-webhook-secrets';
const ADMIN = { email: 'admin@release6.test', password: 'release6-admin-pass' };
const OWNER = { email: 'owner@quay-works.test', password: 'quay-owner-pass' };
const SQUATTER = { email: 'founder@tidewater.test', password: 'tidewater-squat-pass' };
/** The port the fixture's webhooks name. */
const RELEASE_RECEIVER_PORT = 42606;
/** The keys and webhook secrets the release showed once, per engine. */
const CREDENTIALS = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'credentials.json'), 'utf8')) as Record<
  'sqlite' | 'postgres',
  { adminKey: string; ownerKey: string; ownerWebhookSecret: string; squatterWebhookSecret: string }
>;

/**
 * Users upgrade in place: a database written by release 0.6 (commit 4c54198, migrations 001-024: the last
 * landing before lasting credentials needed a recent proof) opens with today's code on either engine. Its API
 * keys keep reading, a confirmed account's webhook keeps delivering with its old secret, and neither is taken
 * back by this release's revocations; only the webhook an unproven account left behind ends, when the
 * address's owner takes the account back with "Forgot password".
 */
describe('upgrading a release 0.6 database', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  let receiver: Receiver;
  let verify: Awaited<ReturnType<typeof readmeVerifier>>;
  const credentials = CREDENTIALS[testEngine()];
  const tokens = { admin: '', owner: '' };
  /** Where the fixture's webhooks point once the test has given them its receiver's port. */
  let receiverBase = '';

  const call = (method: 'GET' | 'POST', url: string, authorization?: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: authorization ? { authorization: `Bearer ${authorization}` } : {},
      ...(payload ? { payload } : {}),
    });
  const signIn = async ({ email, password }: { email: string; password: string }) => {
    const response = await call('POST', '/api/login', undefined, { email, password });
    expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
    return response.json().token as string;
  };
  const leadNames = async (key: string) => {
    const response = await call('GET', '/api/leads', key);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().leads as { name: string }[]).map((lead) => lead.name);
  };
  const webhookUrls = async (token: string) =>
    ((await call('GET', '/api/webhooks', token)).json().webhooks as { url: string }[]).map((w) => w.url);

  beforeAll(async () => {
    const fixture = await openReleaseFixture(FIXTURE);
    cleanup = fixture.dispose;
    handle = fixture.handle;
    await migrateToLatest(handle.db);
    // The fixture's webhooks name the port the release's receiver had. A fixed port can be taken by any
    // test that listens on a free one, so the receiver takes a free port and the stored URLs are pointed at
    // it, after checking they are as the release left them.
    receiver = await startReceiver();
    const stored = await handle.db.selectFrom('webhooks').select(['id', 'url']).orderBy('url').execute();
    expect(stored.map((w) => w.url)).toEqual([
      `http://127.0.0.1:${RELEASE_RECEIVER_PORT}/quay`,
      `http://127.0.0.1:${RELEASE_RECEIVER_PORT}/tidewater`,
    ]);
    const port = new URL(receiver.url).port;
    for (const { id, url } of stored)
      await handle.db
        .updateTable('webhooks')
        .set({ url: url.replace(`:${RELEASE_RECEIVER_PORT}/`, `:${port}/`) })
        .where('id', '=', id)
        .execute();
    receiverBase = `http://127.0.0.1:${port}`;
    verify = await readmeVerifier();
    app = await buildApp({
      ...BASE_DEPS,
      // The release's site was plain http, so its webhooks are too.
      config: { ...BASE_DEPS.config, siteUrl: 'http://release6.example', allowPrivateWebhooks: true },
      secretKey: SECRET_KEY,
      database: handle,
    });
    await app.ready();
    tokens.admin = await signIn(ADMIN);
    tokens.owner = await signIn(OWNER);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await cleanup?.();
  });

  it('has run every migration the code knows, after the release’s twenty-four', async () => {
    const { applied, known } = await migrationNames(handle);
    expect(applied).toEqual(known);
    expect(applied).toContain('026-session-confirmations');
    // The tables of what came after the release are there, and empty.
    for (const table of [
      'clients',
      'client_contacts',
      'client_events',
      'projects',
      'project_events',
      'tasks',
      'task_comments',
      'time_entries',
      'task_attachments',
    ] as const) {
      const rows = await handle.db.selectFrom(table).select('id').execute();
      expect(rows, table).toEqual([]);
    }
    for (const table of [
      'number_sequences',
      'project_members',
      'task_assignees',
      'task_blockers',
      'calendar_feeds',
    ] as const) {
      const rows = await handle.db.selectFrom(table).select('workspace_id').execute();
      expect(rows, table).toEqual([]);
    }
  });

  it('keeps the API keys reading, each its own workspace’s leads', async () => {
    expect(await leadNames(credentials.ownerKey)).toContain('Ada Quill');
    expect(await leadNames(credentials.ownerKey)).not.toContain('Bo Lind');
    expect(await leadNames(credentials.adminKey)).toContain('Bo Lind');
    const keys = (await call('GET', '/api/api-keys', tokens.owner)).json().apiKeys as { name: string }[];
    expect(keys.map((k) => k.name)).toEqual(['Quay reporting']);
  });

  it('keeps the confirmed owner’s webhook: a new lead is delivered, signed with the secret the release showed', async () => {
    const created = await call('POST', '/api/leads', tokens.owner, {
      name: 'Cy Harbour',
      email: 'cy@harbour-lights.test',
      source: 'Website',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await app.webhooks.deliverDue()).toBe(1);
    const [request] = await receiver.waitFor(1);
    expect(request!.url).toBe('/quay');
    expect(request!.json).toMatchObject({ event: 'lead.created', data: { lead: { name: 'Cy Harbour' } } });
    const signature = String(request!.headers['x-agencyhq-signature']);
    expect(verify(request!.rawBody, signature, credentials.ownerWebhookSecret)).toBe(true);
  });

  it('does not take back what a confirmed account made before the upgrade, when it revokes what was made since', async () => {
    const since = new Date().toISOString();
    const ended = await call('POST', '/api/sessions/end-others', tokens.owner, {
      revokeCredentialsSince: since,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().revoked).toEqual({ apiKeys: [], webhooks: [] });
    expect(await leadNames(credentials.ownerKey)).toContain('Ada Quill');
    expect(await webhookUrls(tokens.owner)).toEqual([`${receiverBase}/quay`]);
  });

  it('ends the webhook an unproven account left behind when the address’s owner resets the password', async () => {
    const squatter = await signIn(SQUATTER);
    expect((await call('GET', '/api/profile', squatter)).json().user.emailConfirmed).toBe(false);
    expect(await webhookUrls(squatter)).toEqual([`${receiverBase}/tidewater`]);

    expect(
      (await call('POST', '/api/password/forgot', undefined, { email: SQUATTER.email })).statusCode,
    ).toBe(202);
    await settleAfterAnswer();
    const mail = await handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', SQUATTER.email)
      .where('kind', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    const token = mail.text_body.match(/reset-password\?token=([\w-]+)/)![1];
    const password = 'founder-takes-it-back';
    const reset = await call('POST', '/api/password/reset', undefined, {
      token,
      password,
      confirmPassword: password,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const founder = await signIn({ email: SQUATTER.email, password });
    expect(await webhookUrls(founder)).toEqual([]);
    // The confirmed owner's key and webhook are untouched by it.
    expect(await leadNames(credentials.ownerKey)).toContain('Ada Quill');
    expect(await webhookUrls(tokens.owner)).toHaveLength(1);
  });
});
