import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { MIN_HASH_COST, hashPassword } from '../../../src/server/auth/passwords';
import { createTokenService } from '../../../src/server/auth/tokens';
import { createSessionRow } from '../../../src/server/modules/sessions/sessions.repository';
import { createWorkspace } from '../../../src/server/modules/workspaces/workspaces.service';
import type { UserRow, WorkspaceRow } from '../../../src/server/db/types';
import { ADMIN, JWT_SECRET, uniqueEmail, type TestApp } from './test-app';
import { PASSWORD, freelancerBody, ownerBody, registerConfirmed, uniqueDomain } from './accounts';

/** One slow scrypt hash shared by every inserted user (each can still sign in with PASSWORD). */
let sharedHash: Promise<string> | undefined;
const tokens = createTokenService(JWT_SECRET);

export interface TestUser {
  id: string;
  email: string;
  workspaceId: string;
  headers: { authorization: string };
}

/** A workspace row straight in the database (no sign-up, no password hash). */
export function insertWorkspace(
  t: TestApp,
  values: { name?: string; kind?: WorkspaceRow['kind'] } = {},
): Promise<WorkspaceRow> {
  return createWorkspace(t.database.handle.db, {
    name: values.name ?? 'Test Workspace',
    domain: null,
    kind: values.kind ?? 'business',
  });
}

/** A user row straight in the database with any role, plus a bearer header (roles no endpoint can give). */
export async function insertUser(
  t: TestApp,
  values: { workspaceId: string; role: string } & Partial<
    Pick<UserRow, 'username' | 'name' | 'email' | 'status' | 'permissions' | 'created_at'>
  > & { /** Inserted users have proven their address unless this says otherwise. */ confirmed?: boolean },
): Promise<TestUser> {
  sharedHash ??= hashPassword(PASSWORD, MIN_HASH_COST);
  const now = new Date().toISOString();
  const row: UserRow = {
    id: randomUUID(),
    workspace_id: values.workspaceId,
    username: values.username ?? `user-${values.role.toLowerCase().replace(/\s+/g, '-')}`,
    name: values.name ?? values.username ?? values.role,
    email: values.email ?? uniqueEmail(),
    password_hash: await sharedHash,
    role: values.role,
    status: values.status ?? 'Active',
    permissions: values.permissions ?? '{}',
    access: '[]',
    phone: '',
    location: '',
    profile_image: '',
    created_at: values.created_at ?? now,
    updated_at: now,
    last_active_at: null,
    session_version: 0,
    email_confirmed_at: values.confirmed === false ? null : now,
    pending_workspace_id: null,
  };
  await t.database.handle.db.insertInto('users').values(row).execute();
  return {
    id: row.id,
    email: row.email,
    workspaceId: row.workspace_id,
    headers: await bearerFor(t, row.id),
  };
}

export function userRow(t: TestApp, id: string): Promise<UserRow> {
  return t.database.handle.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A bearer header for a session made straight in the database (as a sign-in would make it). */
export async function bearerFor(t: TestApp, userId: string): Promise<{ authorization: string }> {
  const sessionId = await createSessionRow(
    t.database.handle.db,
    userId,
    { device: 'Test', ip: '127.0.0.1' },
    new Date(),
  );
  return { authorization: `Bearer ${await tokens.issue({ userId, sessionVersion: 0, sessionId })}` };
}

type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';

/** app.inject with JSON in and a bearer header; `headers` undefined sends no token. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  headers: { authorization: string } | undefined,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Fails the test if an answer carries anything that looks like a stored password. */
export const HASH_PATTERN = /password_hash|passwordHash|scrypt\$/;

/** The seeded Admin (test-app's ADMIN), with a bearer header minted directly (no slow sign-in). */
export async function seededAdmin(t: TestApp): Promise<TestUser> {
  const row = await t.database.handle.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    email: row.email,
    workspaceId: row.workspace_id,
    headers: await bearerFor(t, row.id),
  };
}

export interface Cast {
  admin: TestUser;
  /** Business Admin of "Acme Studio" (signed up with a company domain). */
  owner: TestUser;
  domain: string;
  /** Team Member and Web Developer of Acme. */
  teamMember: TestUser;
  webDev: TestUser;
  /** Signed up as a freelancer ("Solo Works"): their own personal workspace. */
  freelancer: TestUser;
}

/** The usual people of the profile, workspace and dashboard suites; two sign-ups, the rest inserted. */
export async function createCast(t: TestApp): Promise<Cast> {
  const domain = uniqueDomain();
  const signUp = async (body: Record<string, unknown>): Promise<TestUser> => {
    const { token, user } = await registerConfirmed(t, body);
    const headers = { authorization: `Bearer ${token}` };
    return { id: user.id, email: String(user.email), workspaceId: user.workspaceId, headers };
  };
  const owner = await signUp(ownerBody(`boss@${domain}`, { businessName: 'Acme Studio' }));
  const freelancer = await signUp(freelancerBody(uniqueEmail(), { businessName: 'Solo Works' }));
  return {
    admin: await seededAdmin(t),
    owner,
    domain,
    freelancer,
    teamMember: await insertUser(t, { workspaceId: owner.workspaceId, role: 'Team Member' }),
    webDev: await insertUser(t, { workspaceId: owner.workspaceId, role: 'Web Developer' }),
  };
}
