import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

export const PASSWORD = 'secret-pass-1';

/** A company e-mail domain no other test uses (a business owner claims it). */
export function uniqueDomain(): string {
  return `biz-${randomBytes(5).toString('hex')}.test`;
}

/** Sign-up bodies as the signup form sends them; `overrides` may add or replace any field. */
export function ownerBody(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    userType: 'business-owner',
    businessName: 'Acme Studio',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

export function freelancerBody(
  email: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { ...ownerBody(email), userType: 'freelancer', businessName: 'Solo Works', ...overrides };
}

export function teamMemberBody(
  email: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    userType: 'team-member',
    username: 'teammate',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

export function register(app: FastifyInstance, body: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/register', payload: body as Record<string, unknown> });
}

/** Registers and fails loudly unless the answer is 201; returns the parsed `{ token, user }`. */
export async function registerOk(
  app: FastifyInstance,
  body: Record<string, unknown>,
): Promise<{
  token: string;
  user: Record<string, unknown> & { id: string; workspaceId: string; role: string };
}> {
  const response = await register(app, body);
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function countRows(t: TestApp, table: 'users' | 'workspaces'): Promise<number> {
  const row = await t.database.handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setUserColumns(
  t: TestApp,
  email: string,
  values: { status?: string; role?: string },
): Promise<void> {
  await t.database.handle.db.updateTable('users').set(values).where('email', '=', email).execute();
}

/** The token of the newest confirmation link mailed to `email` (read from the outbox, as the mailbox would). */
export async function confirmationTokenFor(t: TestApp, email: string): Promise<string> {
  const mail = await t.database.handle.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('kind', '=', 'email-confirmation')
    .where('to_address', '=', email.trim().toLowerCase())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const token = mail?.text_body.match(/\/confirm-email\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  return token;
}

/** Opens the confirmation link mailed to `email`, as its owner would; fails loudly unless it is accepted. */
export async function confirmByMail(
  t: TestApp,
  email: string,
): Promise<{ message: string; signInAgain: boolean }> {
  const token = await confirmationTokenFor(t, email);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/email-confirmation/confirm',
    payload: { token },
  });
  if (response.statusCode !== 200) throw new Error(`confirm failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Signs up and opens the mailed confirmation link, as a person who reads their mail does: the suites
 * about what a proven account does (invite, set up mail, join by domain) start here.
 */
export async function registerConfirmed(
  t: TestApp,
  body: Record<string, unknown>,
): Promise<Awaited<ReturnType<typeof registerOk>>> {
  const answer = await registerOk(t.app, body);
  await confirmByMail(t, String(body.email).trim());
  const row = await t.database.handle.db
    .selectFrom('users')
    .select('workspace_id')
    .where('id', '=', answer.user.id)
    .executeTakeFirstOrThrow();
  return { ...answer, user: { ...answer.user, workspaceId: row.workspace_id, emailConfirmed: true } };
}
