import fs from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { migrateToLatest, type DatabaseHandle } from '../../src/server/db/database';
import { seedDatabase } from '../../src/server/seed';
import { BASE_DEPS, testEngine } from './support/test-app';
import { migrationNames, openReleaseFixture } from './support/release-fixture';
import { nameKey, phoneKey } from '../../src/shared/lead-duplicates';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/release-0.5');

/** What tests/fixtures/release-0.5/make-fixture.ts used (see its README). */
const SECRET_KEY = 'release-0.5-fixture-secret-key-that-seals-smtp-and-totp';
const SMTP = { host: '127.0.0.1', port: 42587, user: 'mailer@release5.test', pass: 'Rel05-Smtp-Pass!' };
const ADMIN = { email: 'admin@release5.test', password: 'release5-admin-pass' };
const OWNER = { email: 'owner@harbor-studio.test', password: 'harbor-owner-pass' };
const MEMBER = { email: 'sam@harbor-studio.test', password: 'harbor-member-pass' };
const FREELANCER = { email: 'lena@lena-freelance.test', password: 'lena-freelance-pass' };
/** The owner's TOTP secret and one unused recovery code, per engine (the release drew them at random). */
const TWO_FACTOR = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'two-factor.json'), 'utf8')) as Record<
  'sqlite' | 'postgres',
  { secret: string; recoveryCode: string }
>;

/** The code an authenticator app shows now for the recorded secret (RFC 6238, as the release set it up). */
const currentCode = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

/**
 * Users upgrade in place: a database written by release 0.5 (commit 6c03b37, migrations 001-014; the
 * fixture in tests/fixtures/release-0.5 was made through that release's own API) opens with today's code on
 * either engine: every account signs in as before (two-factor included) and counts as confirmed, the
 * owner keeps the domain and the member, and the stored SMTP password still sends.
 */
describe('upgrading a release 0.5 database', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  let smtp: SMTPServer;
  const auths: { username: string; password: string }[] = [];
  const received: { to: string[]; subject: string }[] = [];
  const tokens: Record<string, string> = {};
  /** The release's leads as it left them, read before this code's migrations ran. */
  let releaseLeads: Record<string, unknown>[] = [];

  async function openFixture(): Promise<DatabaseHandle> {
    const fixture = await openReleaseFixture(FIXTURE);
    cleanup = fixture.dispose;
    return fixture.handle;
  }

  /** The agency's stored SMTP server: real, on loopback, taking only the recorded user and password. */
  async function startSmtp(): Promise<SMTPServer> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        auths.push({ username: auth.username ?? '', password: auth.password ?? '' });
        if (auth.username === SMTP.user && auth.password === SMTP.pass)
          return callback(null, { user: SMTP.user });
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(SMTP.port, SMTP.host, resolve);
    });
    return server;
  }

  const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const get = async (url: string, token?: string) => {
    const response = await inject('GET', url, token);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response;
  };
  const signIn = async ({ email, password }: { email: string; password: string }) => {
    const response = await inject('POST', '/api/login', undefined, { email, password });
    expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
    expect(response.json().token, `${email} gets a session at once`).toEqual(expect.any(String));
    return response.json().token as string;
  };
  /** The owner's two steps: the password, then a code (or a recovery code). */
  const signInWithSecondStep = async (code: string) => {
    const first = await inject('POST', '/api/login', undefined, OWNER);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ secondStep: 'code', challengeToken: expect.any(String) });
    expect(first.json().token).toBeUndefined();
    const second = await inject('POST', '/api/login/two-factor', undefined, {
      challengeToken: first.json().challengeToken,
      code,
    });
    expect(second.statusCode, second.body).toBe(200);
    return second.json().token as string;
  };

  beforeAll(async () => {
    handle = await openFixture();
    releaseLeads = await handle.db.selectFrom('leads').selectAll().orderBy('id').execute();
    await migrateToLatest(handle.db);
    const seed = await seedDatabase(handle.db, { siteName: 'AgencyHQ', adminEmail: 'someone@else.test' });
    expect(seed.created).toBe(false);
    smtp = await startSmtp();
    app = await buildApp({
      ...BASE_DEPS,
      config: { ...BASE_DEPS.config, allowPrivateSmtp: true, smtpAllowPlaintextLoopback: true },
      secretKey: SECRET_KEY,
      database: handle,
    });
    await app.ready();
    tokens.admin = await signIn(ADMIN);
    tokens.member = await signIn(MEMBER);
    tokens.freelancer = await signIn(FREELANCER);
    tokens.owner = await signInWithSecondStep(currentCode(TWO_FACTOR[testEngine()].secret));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await cleanup?.();
  });

  it('has run every migration the code knows, after the release’s fourteen', async () => {
    const { applied, known } = await migrationNames(handle);
    expect(applied).toEqual(known);
    expect(applied).toContain('015-proven-claims');
  });

  it('keeps every account with its old password, its role, and counts each as confirmed', async () => {
    const users = (await get('/api/users', tokens.admin)).json().users as { email: string; role: string }[];
    expect(users.map((u) => [u.email, u.role]).sort()).toEqual([
      [ADMIN.email, 'Admin'],
      [FREELANCER.email, 'Freelancer'],
      [OWNER.email, 'Business Admin'],
      [MEMBER.email, 'Team Member'],
    ]);
    for (const [who, token] of Object.entries(tokens)) {
      const user = (await get('/api/profile', token)).json().user;
      expect(user.emailConfirmed, who).toBe(true);
    }
    expect((await get('/api/profile', tokens.owner)).json().user).toMatchObject({
      email: OWNER.email,
      username: 'harbor-owner',
      name: 'Mira Okafor',
      phone: '+44 20 7946 0000',
      location: 'Bristol',
    });
  });

  it("keeps the owner's two-factor sign-in: the code from the recorded secret, and a recovery code once", async () => {
    expect((await get('/api/profile/two-factor', tokens.owner)).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // The password alone is no session.
    const wrong = await inject('POST', '/api/login/two-factor', undefined, {
      challengeToken: (await inject('POST', '/api/login', undefined, OWNER)).json().challengeToken,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const viaRecovery = await signInWithSecondStep(TWO_FACTOR[testEngine()].recoveryCode);
    expect((await get('/api/profile', viaRecovery)).json().user.email).toBe(OWNER.email);
    expect((await get('/api/profile/two-factor', tokens.owner)).json().recoveryCodesLeft).toBe(9);
  });

  it('keeps the Business Owner’s domain and the Team Member who joined by it', async () => {
    const check = await inject('POST', '/api/check-domain', undefined, { domain: 'harbor-studio.test' });
    expect(check.statusCode, check.body).toBe(200);
    const workspace = (await get('/api/workspace', tokens.owner)).json();
    expect(workspace.workspace.name).toBe('Harbor Studio');
    expect(workspace.members.map((m: { email: string }) => m.email).sort()).toEqual([
      OWNER.email,
      MEMBER.email,
    ]);
    const rows = await handle.db
      .selectFrom('users')
      .innerJoin('workspaces', 'workspaces.id', 'users.workspace_id')
      .select(['users.email', 'workspaces.domain'])
      .where('users.email', 'in', [OWNER.email, MEMBER.email])
      .execute();
    expect(rows.map((row) => row.domain)).toEqual(['harbor-studio.test', 'harbor-studio.test']);
  });

  it("sends the Admin's test e-mail through the stored set-up with the stored password", async () => {
    const setup = (await get('/api/email/setup', tokens.admin)).json();
    expect(setup.config).toMatchObject({
      host: SMTP.host,
      port: SMTP.port,
      secure: false,
      auth: { user: SMTP.user },
      passwordSet: true,
    });
    const test = await inject('POST', '/api/email/test', tokens.admin, {});
    expect(test.statusCode, test.body).toBe(200);
    expect(auths).toContainEqual({ username: SMTP.user, password: SMTP.pass });
    expect(auths.every((a) => a.password === SMTP.pass)).toBe(true);
    expect(received.map((mail) => mail.to)).toContainEqual([ADMIN.email]);
  });

  it('keeps the published post with its featured image bytes', async () => {
    const post = (await get('/api/blogs/five-harbour-walks?scope=public')).json();
    expect(post).toMatchObject({ title: 'Five Harbour Walks', status: 'published' });
    expect(post.featuredImage.altText).toBe('An orange cover');
    const image = await get(`/api/${post.featuredImage.path}`);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.length).toBe(151);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get('/sitemap.xml')).body).toContain('/blog/five-harbour-walks<');
  });

  it('keeps every lead of every workspace', async () => {
    const mine = (await get('/api/leads?limit=100', tokens.owner)).json();
    expect(mine.pagination.total).toBe(9);
    expect(mine.leads.find((l: { email: string }) => l.email === 'theo@ferry-cafe.test')).toMatchObject({
      name: 'Theo Park',
      company: 'Ferry Cafe',
      phone: '+44 117 496 0001',
      source: 'Referral',
      notes: 'Wants an online booking page.',
      status: 'New',
    });
    const agency = (await get('/api/leads?limit=100&search=northwind', tokens.admin)).json();
    expect(agency.leads.map((l: { name: string }) => l.name)).toEqual(['Ines Duarte']);
    expect((await get('/api/leads?limit=100', tokens.admin)).json().pagination.total).toBe(9);
    expect((await get('/api/leads?limit=100', tokens.freelancer)).json().pagination.total).toBe(8);
  });

  it("gives every lead of the release an owner, its workspace's Business Admin, Freelancer or Admin, with nothing else changed (docs/product/leads.md#owners-and-follow-ups)", async () => {
    const after = await handle.db.selectFrom('leads').selectAll().orderBy('id').execute();
    expect(after).toHaveLength(26);
    const unchanged = after.map(
      ({
        owner_id: _o,
        next_follow_up_at: _n,
        follow_up_note: _f,
        origin: _origin,
        created_by: _by,
        phone_key: _pk,
        name_key: _nk,
        attribution_source: _as,
        utm_source: _us,
        utm_medium: _um,
        utm_campaign: _uc,
        value: _v,
        converted_at: _ca,
        import_bytes: _ib,
        ...rest
      }) => rest,
    );
    expect(unchanged).toEqual(releaseLeads);
    // docs/product/analytics.md#lead-attribution: older leads are attributed to their own source, with no
    // campaign, no value, and no known conversion time (the release kept no timeline).
    expect(
      after.every(
        (l) =>
          l.attribution_source === l.source &&
          [l.utm_source, l.utm_medium, l.utm_campaign, l.value, l.converted_at].every((v) => v === null),
      ),
    ).toBe(true);
    expect(after.every((l) => l.next_follow_up_at === null && l.follow_up_note === '')).toBe(true);
    // docs/product/workspace.md#plan-limits: which file made which lead was never recorded, so no lead of the
    // release carries a share of one (its files stay counted).
    expect(after.every((l) => l.import_bytes === 0)).toBe(true);
    // docs/product/leads.md#duplicates: the release's leads gain the keys new ones get; where they came
    // from was never recorded.
    expect(after.every((l) => l.origin === null && l.created_by === null)).toBe(true);
    expect(after.map((l) => [l.phone_key, l.name_key])).toEqual(
      after.map((l) => [phoneKey(l.phone), nameKey(l.name, l.company)]),
    );
    expect(after.find((l) => l.email === 'theo@ferry-cafe.test')).toMatchObject({
      phone_key: '1174960001',
      name_key: 'theo park|ferry cafe',
    });
    const ownerOf = async (token: string) => {
      const page = (await get('/api/leads?limit=100', token)).json();
      return new Set(page.leads.map((l: { owner: { username: string } | null }) => l.owner?.username));
    };
    const usernameOf = async (token: string) => (await get('/api/profile', token)).json().user.username;
    expect(await ownerOf(tokens.owner!)).toEqual(new Set(['harbor-owner']));
    expect(await ownerOf(tokens.admin!)).toEqual(new Set([await usernameOf(tokens.admin!)]));
    expect(await ownerOf(tokens.freelancer!)).toEqual(new Set([await usernameOf(tokens.freelancer!)]));
  });
});
