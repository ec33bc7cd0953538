import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LeadRow } from '../../../src/server/db/types';
import { newLeadRow } from '../../../src/server/modules/leads/lead-rows';
import type { LeadPage } from '../../../src/shared/schemas/leads';
import { createTestApp, type TestApp } from './test-app';
import { insertUser, insertWorkspace, type TestUser } from './users';

/** A clock the tests move: the leads service reads it for "today", date presets and new leads. */
export interface TestClock {
  now: Date;
  read: () => Date;
}

export function testClock(iso: string): TestClock {
  const clock: TestClock = { now: new Date(iso), read: () => clock.now };
  return clock;
}

/** The test app with the leads service reading the test's clock. */
export function createLeadsTestApp(clock: TestClock): Promise<TestApp> {
  return createTestApp({ clock: clock.read });
}

/** A workspace with a Business Admin and none of the 8 sample leads, so counts are the test's own. */
export async function emptyWorkspaceOwner(t: TestApp, name = 'Leads Co'): Promise<TestUser> {
  const workspace = await insertWorkspace(t, { name });
  await t.database.handle.db.deleteFrom('leads').where('workspace_id', '=', workspace.id).execute();
  return insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
}

export type LeadSeed = Partial<Omit<LeadRow, 'id' | 'workspace_id'>> & { name: string };

/** Leads straight into the database (through the same row builder as the app), with any creation time. */
export async function insertLeads(t: TestApp, workspaceId: string, seeds: LeadSeed[]): Promise<LeadRow[]> {
  const rows = seeds.map((seed, i) =>
    newLeadRow(
      workspaceId,
      {
        name: seed.name,
        email: seed.email ?? `${seed.name.toLowerCase().replace(/\W+/g, '.')}.${i}@leads.test`,
        phone: seed.phone ?? '',
        company: seed.company ?? '',
        status: seed.status ?? 'New',
        priority: seed.priority ?? 'Medium',
        source: seed.source ?? 'Website',
        notes: seed.notes ?? '',
        createdAt: seed.created_at ?? '2024-01-01T12:00:00.000Z',
        lastContact: seed.last_contact ?? '2024-01-01',
        origin: seed.origin ?? 'dashboard',
      },
      '2024-01-01T12:00:00.000Z',
      seed.owner_id ?? null,
    ),
  );
  if (rows.length > 0) await t.database.handle.db.insertInto('leads').values(rows).execute();
  return rows;
}

/** GET /api/leads answers exactly the service's page. */
export type LeadListAnswer = LeadPage;

/** GET /api/leads with a query object. */
export async function listLeads(
  app: FastifyInstance,
  user: TestUser,
  query: Record<string, string | number> = {},
): Promise<LeadListAnswer> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const response = await app.inject({ method: 'GET', url: `/api/leads?${qs}`, headers: user.headers });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** POST /api/leads/import with one file part, as a browser's FormData would send it. */
export async function importCsv(
  app: FastifyInstance,
  headers: { authorization: string } | undefined,
  content: string | Buffer,
  filename = 'leads.csv',
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  // A copy in a plain ArrayBuffer: Blob will not take a Buffer that may sit on a SharedArrayBuffer.
  const bytes = typeof content === 'string' ? content : new Uint8Array(content);
  form.append('file', new Blob([bytes], { type: 'text/csv' }), filename);
  const request = new Response(form);
  return app.inject({
    method: 'POST',
    url: '/api/leads/import',
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** Splits an RFC 4180 export (every cell quoted, CRLF) into rows of cells. */
export function parseQuotedCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n')) {
    if (line === '') continue;
    const cells = [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replace(/""/g, '"'));
    rows.push(cells);
  }
  return rows;
}
