import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './support/test-app';
import { seededAdmin } from './support/users';
import { declaredAnswers, type OpenApiDocument } from './support/declared-answers';

/**
 * Fuzzing (docs/security.md#fuzzing): generated bodies, queries and path parameters — well-formed JSON of every shape, and
 * malformed text — against every route of the OpenAPI description, as an Admin (who passes every guard, so
 * the input reaches validation and the handlers). Never a 5xx; every refusal is a 4xx JSON `{ message }`;
 * nothing in the database changes on a refusal; every 2xx and 4xx answer matches the schema the description
 * declares for it. The seed is fixed, so a failure reproduces exactly.
 */
const SEED = 20261125;
const RUNS_PER_ROUTE = 30;

interface Operation {
  method: string;
  path: string;
}

const TABLES = [
  'users',
  'workspaces',
  'blogs',
  'categories',
  'media',
  'leads',
  'scraped_profiles',
  'invitations',
] as const;

describe('fuzzing every route of the OpenAPI description', () => {
  let t: TestApp;
  let operations: Operation[];
  let headers: { authorization: string };
  let problemWith: ReturnType<typeof declaredAnswers>;

  beforeAll(async () => {
    t = await createTestApp();
    headers = (await seededAdmin(t)).headers;
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as OpenApiDocument;
    problemWith = declaredAnswers(doc);
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(async () => t?.close());

  /** Every table's row count in one statement rather than ten: it runs before each fuzzed request and after each refusal. */
  async function counts(): Promise<Record<string, number>> {
    const columns = TABLES.map(
      (table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`,
    );
    const { rows } = await sql<Record<string, number | string>>`select ${sql.join(columns)}`.execute(
      t.database.handle.db,
    );
    return Object.fromEntries(TABLES.map((table) => [table, Number(rows[0]![table])]));
  }

  it('lists exactly the API routes the server answers', () => {
    const documented = operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`).sort();
    const served = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(documented).toEqual(served);
  });

  it('declares a success answer and the shared error answer for every operation', () => {
    const doc = (t.app as unknown as { swagger(): OpenApiDocument }).swagger();
    const undeclared = operations.filter(({ method, path }) => {
      const responses = doc.paths[path]?.[method.toLowerCase()]?.responses ?? {};
      const success = Object.entries(responses).some(([status, r]) => status.startsWith('2') && r.content);
      return !success || !responses['4XX']?.content;
    });
    expect(undeclared).toEqual([]);
  });

  it('never answers 5xx, refuses with a 4xx JSON message, and changes nothing when it refuses', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(
        '',
        ' ',
        '\u0000',
        '<script>alert(1)</script>',
        '../../etc/passwd',
        "' or 1=1 --",
        'x'.repeat(5000),
      ),
    );
    const body = fc.oneof(
      fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(value, fc.array(value, { maxLength: 4 })), {
        maxKeys: 6,
      }),
      fc.json({ maxDepth: 3 }).map((text) => ({ raw: text })),
      fc.string({ maxLength: 80 }).map((text) => ({ raw: text })),
    );
    const param = fc.oneof(
      fc.uuid(),
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.constantFrom('0', '-1', '%00', 'null'),
    );
    const query = fc.dictionary(
      fc.constantFrom('page', 'limit', 'status', 'category', 'search', 'scope', 'sort', 'from', 'to', 'q'),
      fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String)),
      { maxKeys: 4 },
    );

    const wrong: string[] = [];
    for (const operation of operations) {
      // Upgrading the caller's own role would change who the later calls are made as.
      if (operation.path.endsWith('upgrade-role')) continue;
      await fc.assert(
        fc.asyncProperty(body, param, query, async (payload, id, search) => {
          const url =
            operation.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(id)) +
            (Object.keys(search).length ? `?${new URLSearchParams(search)}` : '');
          const before = await counts();
          const raw = 'raw' in payload && typeof payload.raw === 'string';
          const response = await t.app.inject({
            method: operation.method as 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            ...(operation.method === 'GET'
              ? {}
              : { payload: raw ? String(payload.raw) : JSON.stringify(payload) }),
          });
          const label = `${operation.method} ${url} → ${response.statusCode}`;
          if (response.statusCode >= 500) wrong.push(`${label}: ${response.body.slice(0, 200)}`);
          const problem = problemWith(operation.method, operation.path, response);
          if (problem) wrong.push(`${label}: ${problem}`);
          if (response.statusCode >= 400 && response.statusCode < 500) {
            const json = (() => {
              try {
                return response.json();
              } catch {
                return null;
              }
            })();
            if (typeof json?.message !== 'string') wrong.push(`${label}: no JSON message`);
            const after = await counts();
            if (JSON.stringify(after) !== JSON.stringify(before))
              wrong.push(`${label}: changed ${JSON.stringify([before, after])}`);
          }
          return true;
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(wrong).toEqual([]);
  }, 240_000);

  it('survives a request id that exists nowhere on every parameterised route', async () => {
    for (const operation of operations.filter((o) => o.path.includes('{'))) {
      const url = operation.path.replace(/\{(\w+)\}/g, () => randomUUID());
      const response = await t.app.inject({ method: operation.method as 'GET', url, headers });
      expect(response.statusCode, `${operation.method} ${url}`).toBeLessThan(500);
    }
  });
});
