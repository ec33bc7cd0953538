import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import {
  ADMIN,
  builtWeb,
  createTestApp,
  signIn,
  uniqueEmail,
  type TestApp,
  type TestAppOptions,
} from './support/test-app';
import {
  PASSWORD,
  confirmationTokenFor,
  ownerBody,
  registerConfirmed,
  registerOk,
  uniqueDomain,
} from './support/accounts';
import { createCategory, createBlog, blogFields } from './support/blogs';
import { deletionMails, recoveryTokenIn, signUpBusiness } from './support/workspace-deletion';
import { insertUser, seededAdmin } from './support/users';
import { totpCode } from '../../src/server/modules/two-factor/totp';
import { TWO_FACTOR } from '../../src/shared/two-factor';
import { invitationTokenMailedTo } from './support/invitations';

type Headers = { authorization: string };

/** Collects every line the app logs (trace level: AppDeps.logStream). */
function captureLog() {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  return { stream, text: () => lines.join('') };
}

/** Polls until `read` answers something (work done after the answer, such as a reset mail). */
async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

async function mailedLink(t: TestApp, to: string, path: string, param = 'token'): Promise<string> {
  return eventually(async () => {
    const rows = await t.database.handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', to.toLowerCase())
      .execute();
    for (const row of rows) {
      const match = row.text_body.match(new RegExp(`${path.replace('/', '\\/')}\\?${param}=([\\w-]+)`));
      if (match) return match[1];
    }
    return undefined;
  }, `a ${path} link mailed to ${to}`);
}

/**
 * docs/security.md#nothing-secret-in-logs-nothing-left-in-the-browser: nothing secret in the logs. Every kind of secret the product handles goes through
 * the app (in URLs, paths, bodies and headers) while it logs at trace level; none of them may appear.
 */
describe('the log holds no secret', () => {
  let t: TestApp;
  let sink: SmtpSink;
  const log = captureLog();
  /** Every secret sent through the app, by what it is. */
  const secrets = new Map<string, string>();
  const keep = (what: string, value: string) => {
    expect(value, what).toBeTruthy();
    secrets.set(what, value);
    return value;
  };
  let now = new Date();
  const nextStep = () => {
    now = new Date(now.getTime() + TWO_FACTOR.periodSeconds * 1000);
  };
  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, payload, headers });

  beforeAll(async () => {
    sink = await startSmtpSink({ pass: `Smtp-${randomBytes(12).toString('hex')}` });
    t = await createTestApp({
      logStream: log.stream,
      web: await builtWeb(),
      allowPrivateSmtp: true,
      smtpAllowPlaintextLoopback: true,
      clock: () => now,
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('sign-in passwords and bearer tokens', async () => {
    keep('admin password', ADMIN.password);
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    keep('session token', admin.authorization.slice('Bearer '.length));
    expect((await inject('GET', '/api/profile', undefined, admin)).statusCode).toBe(200);
    // A cookie and a wrong bearer token are secrets too.
    const cookie = keep('cookie', `sid-${randomBytes(16).toString('hex')}`);
    const wrong = keep('wrong bearer', `wrong-${randomBytes(16).toString('hex')}`);
    await inject('GET', '/api/profile', undefined, {
      authorization: `Bearer ${wrong}`,
      cookie: `sid=${cookie}`,
    });
    const badPassword = keep('wrong password', `Wrong-${randomBytes(8).toString('hex')}`);
    expect(
      (await inject('POST', '/api/login', { email: ADMIN.email, password: badPassword })).statusCode,
    ).toBe(401);
  });

  it('secrets in any query string (token, code, password, key, secret)', async () => {
    const query = new URLSearchParams();
    for (const name of ['token', 'access_token', 'invite', 'code', 'password', 'api_key', 'secret', 'key'])
      query.set(name, keep(`query ${name}`, `q${name.replace('_', '')}${randomBytes(10).toString('hex')}`));
    await inject('GET', `/api/health?${query}`);
    await inject('GET', `/api/blogs?${query}`);
    await inject('GET', `/pricing?${query}`);
  });

  it('password reset: the request, the page of the link and the new password', async () => {
    const email = uniqueEmail(uniqueDomain());
    await registerOk(t.app, ownerBody(email));
    expect((await inject('POST', '/api/password/forgot', { email })).statusCode).toBe(202);
    const token = keep('reset token', await mailedLink(t, email, '/reset-password'));
    await t.app.outbox.deliverDue();
    expect((await inject('GET', `/reset-password?token=${token}`)).statusCode).toBe(200);
    const password = keep('new password', `New-${randomBytes(8).toString('hex')}`);
    const reset = await inject('POST', '/api/password/reset', { token, password });
    expect(reset.statusCode).toBe(200);
    // A spent link, tried again, is answered 400: still not logged.
    expect((await inject('POST', '/api/password/reset', { token, password })).statusCode).toBe(400);
  });

  it('e-mail confirmation links', async () => {
    const email = uniqueEmail(uniqueDomain());
    keep('sign-up password', PASSWORD);
    await registerOk(t.app, ownerBody(email));
    const token = keep('confirmation token', await confirmationTokenFor(t, email));
    await t.app.outbox.deliverDue();
    expect((await inject('GET', `/confirm-email?token=${token}`)).statusCode).toBe(200);
    expect((await inject('POST', '/api/email-confirmation/confirm', { token })).statusCode).toBe(200);
  });

  it('invitations: the API, the sign-up and sign-in pages of the link, accepting', async () => {
    const owner = await registerConfirmed(t, ownerBody(uniqueEmail(uniqueDomain())));
    const headers = { authorization: `Bearer ${owner.token}` };
    const to = uniqueEmail('invited.test');
    const sent = await inject('POST', '/api/workspace/invitations', { email: to }, headers);
    expect(sent.statusCode).toBe(201);
    const token = keep('invitation token', await invitationTokenMailedTo(t, to));
    await t.app.outbox.deliverDue();
    expect((await inject('GET', `/api/invitations/${token}`)).statusCode).toBe(200);
    await inject('GET', `/signup?invite=${token}`);
    await inject('GET', `/login?invite=${token}`);
    await inject('POST', `/api/invitations/${token}/accept`);
  });

  it('draft preview links', async () => {
    const admin = await seededAdmin(t);
    const category = await createCategory(t, admin.headers, 'Log Previews');
    const post = await createBlog(t, admin.headers, blogFields(category.id, { title: 'Log Preview' }));
    const created = await inject('POST', `/api/blogs/${post.id}/previews`, undefined, admin.headers);
    expect(created.statusCode).toBe(201);
    const token = keep('preview token', String(created.json().preview.url).split('/').at(-1)!);
    expect((await inject('GET', `/api/previews/${token}`)).statusCode).toBe(200);
    expect((await inject('GET', `/blog/preview/${token}`)).statusCode).toBe(200);
    // The list answers the links to the signed-in author (an answer, never a log line).
    expect((await inject('GET', `/api/blogs/${post.id}/previews`, undefined, admin.headers)).statusCode).toBe(
      200,
    );
  });

  it('workspace recovery links', async () => {
    const business = await signUpBusiness(t, 'Doomed Logs');
    const deleted = await inject(
      'DELETE',
      '/api/workspace',
      { confirmName: 'Doomed Logs' },
      business.owner.headers,
    );
    expect(deleted.statusCode).toBe(200);
    const mails = await eventually(async () => {
      const rows = await deletionMails(t, business.workspaceId);
      return rows.length ? rows : undefined;
    }, 'the deletion mail');
    const token = keep('workspace recovery token', recoveryTokenIn(mails[0]!.text_body));
    await t.app.outbox.deliverDue();
    expect((await inject('GET', `/recover-workspace?token=${token}`)).statusCode).toBe(200);
    expect((await inject('POST', '/api/workspace-recovery', { token })).statusCode).toBe(200);
  });

  it('two-factor: the secret, challenge tokens and recovery codes', async () => {
    const cast = await signUpBusiness(t, 'Two Factor Logs');
    const user = await insertUser(t, { workspaceId: cast.workspaceId, role: 'Web Developer' });
    const setup = await inject('POST', '/api/profile/two-factor/setup', { password: PASSWORD }, user.headers);
    const secret = keep('totp secret', setup.json().secret);
    const confirm = await inject(
      'POST',
      '/api/profile/two-factor/confirm',
      { code: totpCode(secret, now) },
      user.headers,
    );
    expect(confirm.statusCode).toBe(200);
    nextStep();
    const codes: string[] = confirm.json().recoveryCodes;
    codes.forEach((code, i) => keep(`recovery code ${i}`, code));

    const challenge = async () => {
      const step = await inject('POST', '/api/login', { email: user.email, password: PASSWORD });
      expect(step.statusCode).toBe(200);
      return keep(`challenge ${secrets.size}`, step.json().challengeToken);
    };
    const byApp = await inject('POST', '/api/login/two-factor', {
      challengeToken: await challenge(),
      code: totpCode(secret, now),
    });
    expect(byApp.statusCode).toBe(200);
    keep('session after 2FA', byApp.json().token);
    nextStep();
    const byRecovery = await inject('POST', '/api/login/two-factor', {
      challengeToken: await challenge(),
      code: codes[0],
    });
    expect(byRecovery.statusCode).toBe(200);
    keep('session after recovery code', byRecovery.json().token);
    // Spent, and given again: refused, and not logged either.
    await inject('POST', '/api/login/two-factor', { challengeToken: await challenge(), code: codes[0] });
    const renewed = await inject(
      'POST',
      '/api/profile/two-factor/recovery-codes',
      { code: codes[1] },
      { authorization: `Bearer ${byRecovery.json().token}` },
    );
    expect(renewed.statusCode).toBe(200);
    (renewed.json().recoveryCodes as string[]).forEach((code, i) => keep(`renewed code ${i}`, code));
  });

  it('the e-mail set-up with its SMTP password, a test message and a refused password', async () => {
    keep('smtp password', sink.pass);
    const admin: Headers = await signIn(t.app, ADMIN.email, ADMIN.password);
    const setup = {
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
      auth: { user: sink.user, pass: sink.pass },
      from: 'Agency Mail <hello@agency.test>',
    };
    expect((await inject('POST', '/api/email/setup', setup, admin)).statusCode).toBe(200);
    await inject('POST', '/api/email/test', {}, admin);
    const wrong = keep('wrong smtp password', `Smtp-wrong-${randomBytes(8).toString('hex')}`);
    await inject('POST', '/api/email/test', { ...setup, auth: { user: sink.user, pass: wrong } }, admin);
    // Queued mail goes out through it now (and any failure is logged without the password).
    await t.app.outbox.deliverDue();
  });

  it('API keys wherever they are sent, and the Botgit connection’s code and verifier', async () => {
    const business = await signUpBusiness(t, 'Key Logs');
    const created = await inject(
      'POST',
      '/api/api-keys',
      { name: 'Logged', scopes: ['leads:read'] },
      business.owner.headers,
    );
    expect(created.statusCode).toBe(201);
    const key = keep('api key', created.json().key);
    expect(
      (await inject('GET', '/api/leads', undefined, { authorization: `Bearer ${key}` })).statusCode,
    ).toBe(200);
    // In a query under any name, in a path, refused on a route it does not reach, mistyped.
    await inject('GET', `/api/leads?q=${key}`, undefined, { authorization: `Bearer ${key}` });
    await inject('GET', `/api/leads/${key}`, undefined, { authorization: `Bearer ${key}` });
    await inject('GET', '/api/users', undefined, { authorization: `Bearer ${key}` });
    await inject('GET', `/pricing?ref=${key}`);
    const mistyped = keep('mistyped api key', `${key.slice(0, -3)}zzz`);
    await inject('GET', '/api/leads', undefined, { authorization: `Bearer ${mistyped}` });

    const verifier = keep('connect verifier', randomBytes(32).toString('base64url'));
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const started = await inject('POST', '/api/botgit/connect', { challenge });
    const code = keep('connect code', started.json().code);
    await inject('GET', `/connect-botgit?code=${code}`);
    expect(
      (await inject('POST', '/api/botgit/connect/approve', { code }, business.owner.headers)).statusCode,
    ).toBe(200);
    const claimed = await inject('POST', '/api/botgit/connect/claim', { code, verifier });
    expect(claimed.statusCode).toBe(200);
    keep('botgit key', claimed.json().key);
    await inject('POST', '/api/botgit/connect/claim', { code, verifier });
  });

  it('none of them is in the log, at any level', async () => {
    await t.app.outbox.deliverDue();
    const text = log.text();
    // The log did record the requests (the test would prove nothing otherwise).
    expect(text).toContain('/api/password/reset');
    expect(text).toContain('"level":10');
    const leaked = [...secrets].filter(([, value]) => text.includes(value)).map(([what]) => what);
    expect(leaked).toEqual([]);
  });
});

/**
 * LOG_MAIL_LINKS (local use without a mail server): off by default, the reset link is never logged; on,
 * a message that cannot be delivered has its one-time link printed, once.
 */
describe('LOG_MAIL_LINKS', () => {
  async function resetLinkLogged(config: TestAppOptions['config']) {
    const log = captureLog();
    const t = await createTestApp({ logStream: log.stream, config });
    try {
      const email = uniqueEmail(uniqueDomain());
      await registerOk(t.app, ownerBody(email));
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } })).statusCode,
      ).toBe(202);
      const token = await mailedLink(t, email, '/reset-password');
      await t.app.outbox.deliverDue();
      await t.app.outbox.deliverDue();
      const text = log.text();
      return text.split(token).length - 1;
    } finally {
      await t.close();
    }
  }

  it('off (the default): the reset link is not logged, whatever NODE_ENV', async () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    expect(await resetLinkLogged(undefined)).toBe(0);
  });

  it('on: a link that could not be mailed is printed once for the operator', async () => {
    const config = { logMailLinks: true } as unknown as TestAppOptions['config'];
    expect(await resetLinkLogged(config)).toBe(1);
  });
});
