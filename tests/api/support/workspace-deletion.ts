import { sql } from 'kysely';
import { withOwnSchemaIntrospection } from '../../../src/server/db/own-schema-introspection';
import type { LightMyRequestResponse } from 'fastify';
import { SITE_URL, testEngine, type TestApp } from './test-app';
import { ownerBody, registerConfirmed, teamMemberBody, uniqueDomain } from './accounts';
import { insertUser, type TestUser } from './users';

type Headers = { authorization: string };

export interface Business {
  name: string;
  domain: string;
  workspaceId: string;
  owner: TestUser;
  teamMember: TestUser;
  webDev: TestUser;
}

/** A business as people make one: the owner and a Team Member sign up, a Web Developer is added. */
export async function signUpBusiness(t: TestApp, name: string): Promise<Business> {
  const domain = uniqueDomain();
  const owner = await registerConfirmed(t, ownerBody(`boss@${domain}`, { businessName: name }));
  const member = await registerConfirmed(t, teamMemberBody(`mate@${domain}`));
  const workspaceId = owner.user.workspaceId;
  return {
    name,
    domain,
    workspaceId,
    owner: {
      id: owner.user.id,
      email: `boss@${domain}`,
      workspaceId,
      headers: { authorization: `Bearer ${owner.token}` },
    },
    teamMember: {
      id: member.user.id,
      email: `mate@${domain}`,
      workspaceId,
      headers: { authorization: `Bearer ${member.token}` },
    },
    webDev: await insertUser(t, { workspaceId, role: 'Web Developer', email: `dev@${domain}` }),
  };
}

/** DELETE /api/workspace with the typed name (undefined sends no body). */
export function deleteOwnWorkspace(
  t: TestApp,
  headers: Headers | undefined,
  confirmName?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/workspace',
    headers: headers ?? {},
    ...(confirmName === undefined ? {} : { payload: { confirmName } }),
  });
}

export function recoverWithToken(t: TestApp, token: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/workspace-recovery', payload: { token } });
}

/** The deletion e-mails queued for a workspace, oldest first. */
export function deletionMails(t: TestApp, workspaceId: string) {
  return t.database.handle.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'workspace-deleted')
    .orderBy('created_at')
    .execute();
}

/** The token of the recovery link in a deletion e-mail's text (on SITE_URL, or the test fails). */
export function recoveryTokenIn(text: string): string {
  const prefix = `${SITE_URL}/recover-workspace?token=`;
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no recovery link in: ${text}`);
  return new URL(link).searchParams.get('token')!;
}

/** The workspace row as stored (deletion columns included). */
export function workspaceRow(t: TestApp, id: string) {
  return t.database.handle.db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

function cellHolds(value: unknown, needle: string): boolean {
  if (value === null || value === undefined) return false;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).includes(needle);
  if (typeof value === 'object') return JSON.stringify(value).includes(needle);
  return String(value).includes(needle);
}

/**
 * Every table of the database (this suite's PostgreSQL schema, or the SQLite file with its search-index
 * tables), every row, every column: where any of `ids` still appears, as "table.column".
 */
export async function cellsReferencing(t: TestApp, ids: string[]): Promise<string[]> {
  const db = t.database.handle.db;
  const found: string[] = [];
  for (const table of await ownTables(t)) {
    if (table.isView) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    for (const row of rows)
      for (const [column, value] of Object.entries(row))
        for (const id of ids) if (cellHolds(value, id)) found.push(`${table.name}.${column} holds ${id}`);
  }
  return [...new Set(found)];
}

/** How many tables the scan above reads (so a scan of nothing cannot pass). */
export async function tableCount(t: TestApp): Promise<number> {
  return (await ownTables(t)).length;
}

/**
 * The suite's own tables. Not Kysely's PostgreSQL introspector: it reads every schema's columns, and a
 * parallel suite migrating its own schema meanwhile failed it ("column ... does not exist").
 */
async function ownTables(t: TestApp) {
  const db = t.database.handle.db;
  return testEngine() === 'postgres'
    ? withOwnSchemaIntrospection(db, t.database.pgSchema!).introspection.getTables()
    : db.introspection.getTables();
}
