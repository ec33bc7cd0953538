import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredAnswers } from './support/declared-answers';
import { API_KEY_ROUTE_SCOPES } from '../../src/server/auth/api-key-scopes';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../src/shared/api-keys';
import { API_KEY_MESSAGES as M } from '../../src/shared/messages';
import { createTestApp, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace } from './support/users';
import { createKey } from './support/api-keys';

/**
 * docs/security.md#api-keys: every route of the server's own route table × a key of each scope, a key of
 * every scope and a revoked key, as the authorization matrix walks it with people
 * (docs/decisions/0012-authorization-declared-per-route.md). The expectations come from the one table that
 * says what a key reaches (src/server/auth/api-key-scopes.ts): a route it does not list refuses every key
 * (403), a listed route admits exactly the keys with its scope, a revoked key is refused everywhere at once
 * (401), and public routes answer a key as they answer anyone.
 */
interface KeyPersona {
  name: string;
  scopes: readonly ApiKeyScope[];
  revoked: boolean;
  headers: { authorization: string };
}

/** A concrete URL for a route pattern: ids that exist nowhere, so an admitted call changes nothing. */
function concrete(url: string): string {
  return url
    .replace(':idOrSlug', 'no-such-post')
    .replace(':token', 'x'.repeat(43))
    .replace(':width', '480')
    .replace(':n.xml', '1.xml')
    .replace(/:\w*[iI]d\b/g, () => randomUUID())
    .replace(':kind', 'logo')
    .replace('*', 'no-such-file');
}

describe('API key scopes from the route table', () => {
  let t: TestApp;
  let personas: KeyPersona[];

  beforeAll(async () => {
    t = await createTestApp();
    // The keys act as a Business Admin: every module but Settings & Configuration, and Botgit.
    const workspace = await insertWorkspace(t, { name: 'Scoped Keys' });
    const owner = await insertUser(t, { workspaceId: workspace.id, role: 'Business Admin' });
    const persona = async (name: string, scopes: readonly ApiKeyScope[], revoked = false) => {
      const key = await createKey(t, owner.headers, scopes, name);
      if (revoked)
        expect(
          (await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${key.id}`, headers: owner.headers }))
            .statusCode,
        ).toBe(200);
      return { name, scopes, revoked, headers: key.headers };
    };
    personas = [
      ...(await Promise.all(API_KEY_SCOPES.map((scope) => persona(`key with ${scope}`, [scope])))),
      await persona('key with every scope', API_KEY_SCOPES),
      await persona('revoked key with every scope', API_KEY_SCOPES, true),
    ];
  });
  afterAll(async () => t?.close());

  it('names only routes that exist, none of them for Admins only or for the account itself', () => {
    const routes = new Map(t.app.routeTable.map((route) => [`${route.method} ${route.url}`, route]));
    for (const [route, scope] of Object.entries(API_KEY_ROUTE_SCOPES)) {
      expect(API_KEY_SCOPES).toContain(scope);
      expect(routes.has(route), `${route} is in the route table`).toBe(true);
      expect(['module', 'modules', 'group', 'section', 'public'], `${route} is reached by a key`).toContain(
        routes.get(route)!.rule?.kind,
      );
    }
  });

  it('refuses and admits every key exactly as the table says, on every route', async () => {
    // The extension's disconnect revokes the key it is called with: it goes last.
    const last = (route: { method: string; url: string }) =>
      Number(route.method === 'DELETE' && route.url === '/api/botgit/connect');
    const routes = [...t.app.routeTable].sort((a, b) => last(a) - last(b));
    const problemWith = declaredAnswers((await t.app.inject({ url: '/api/openapi.json' })).json());
    const wrong: string[] = [];
    let admitted = 0;
    for (const route of routes) {
      const needed = API_KEY_ROUTE_SCOPES[`${route.method} ${route.url}`];
      const url = concrete(route.url);
      for (const persona of personas) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: persona.headers,
          ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? { payload: {} } : {}),
        });
        const status = response.statusCode;
        const label = `${route.method} ${route.url} with a ${persona.name}: ${status}`;
        const documented = route.url.startsWith('/api/') ? route.url.replace(/:(\w+)/g, '{$1}') : null;
        const problem = documented && problemWith(route.method, documented, response);
        if (problem) wrong.push(`${label} (${problem})`);
        // The words are the guard's (Web Settings words its own 403s): the status is the rule.
        const message = status === 401 ? response.json().message : undefined;
        if (status >= 500) wrong.push(`${label} (server error)`);
        else if (route.rule?.kind === 'public') {
          if (status === 401 || status === 403) wrong.push(`${label} (public route refused a key)`);
        } else if (route.rule?.kind === 'portal') {
          // The portal reads its cookie only: a key is no portal session (docs/security.md#client-portal).
          if (status !== 401) wrong.push(`${label} (portal route did not answer 401)`);
        } else if (persona.revoked) {
          if (status !== 401 || message !== M.keyInvalid) wrong.push(`${label} (revoked key not 401)`);
        } else if (!needed) {
          if (status !== 403) wrong.push(`${label} (no key may call it)`);
        } else if (persona.scopes.includes(needed)) {
          admitted += 1;
          if (status === 401 || status === 403) wrong.push(`${label} (key with ${needed} refused)`);
        } else if (status !== 403) wrong.push(`${label} (needs ${needed})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(admitted).toBeGreaterThan(Object.keys(API_KEY_ROUTE_SCOPES).length);
  });
});
