import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredAnswers } from './support/declared-answers';
import type { AccessRule } from '../../src/server/auth/guards';
import {
  canUseModule,
  isGroupVisible,
  isKeptOutOfDashboard,
  isSectionVisible,
} from '../../src/shared/access';
import { MODULE_KEYS, type PermissionSubject } from '../../src/shared/roles';
import { builtWeb, createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin } from './support/users';
import { freelancerBody, ownerBody, registerConfirmed, registerOk, uniqueDomain } from './support/accounts';
import { portalSignedIn } from './support/portal';

/**
 * docs/security.md#who-may-do-what: every route of the server's own route table × every kind of caller. Each route declares its
 * rule once — the guard it runs before validation, or `config: PUBLIC_ROUTE` — and a route that declares
 * nothing fails here. A caller the rule refuses gets exactly 401 (no session) or 403; a caller it admits is
 * never refused by it, and nothing answers 5xx.
 */
interface Persona {
  name: string;
  subject: PermissionSubject | null;
  headers: Record<string, string>;
  /** A client's contact signed in to the portal (its cookie): admitted by portal routes only. */
  portal?: true;
}

const ALL_MODULES = JSON.stringify(Object.fromEntries(MODULE_KEYS.map((key) => [key, true])));

function admits(rule: AccessRule, subject: PermissionSubject): boolean {
  switch (rule.kind) {
    case 'public':
    case 'account':
      return true;
    // The same rule as the web's dashboard route and sidebar (src/shared/access.ts).
    case 'signed-in':
      return !isKeptOutOfDashboard(subject);
    case 'admin':
      return subject.role === 'Admin';
    case 'module':
      return !isKeptOutOfDashboard(subject) && canUseModule(subject, rule.module);
    case 'modules':
      return !isKeptOutOfDashboard(subject) && rule.modules.every((module) => canUseModule(subject, module));
    case 'group':
      return !isKeptOutOfDashboard(subject) && isGroupVisible(subject, rule.group);
    case 'section':
      return !isKeptOutOfDashboard(subject) && isSectionVisible(subject, rule.section);
    // Only the portal cookie signs in there: no staff session, whatever its role (docs/product/portal.md#sessions).
    case 'portal':
      return false;
  }
}

/** A concrete URL for a route pattern: ids that exist nowhere, so an admitted call changes nothing. */
function concrete(url: string): string {
  return url
    .replace(':idOrSlug', 'no-such-post')
    .replace(':token', 'x'.repeat(43))
    .replace(':width', '480')
    .replace(':n.xml', '1.xml')
    .replace(/:id\b/g, randomUUID())
    .replace('*', 'no-such-file');
}

describe('authorization matrix from the route table', () => {
  let t: TestApp;
  let personas: Persona[];

  beforeAll(async () => {
    t = await createTestApp({ web: await builtWeb() });
    const signUp = async (body: Record<string, unknown>) => {
      const { token } = await registerOk(t.app, body);
      return { authorization: `Bearer ${token}` };
    };
    const ownerDomain = uniqueDomain();
    const owner = await registerOk(t.app, ownerBody(`boss@${ownerDomain}`));
    const other = await signUp(ownerBody(`boss@${uniqueDomain()}`));
    const ownWorkspace = owner.user.workspaceId;
    const solo = (await insertWorkspace(t, { name: 'Solo HQ' })).id;
    const plain = (await insertWorkspace(t, { name: 'Plain User' })).id;
    const as = async (name: string, role: string, workspaceId: string, permissions = '{}') => ({
      name,
      subject: { role, permissions: JSON.parse(permissions) },
      headers: (await insertUser(t, { workspaceId, role, permissions })).headers,
    });
    const admin = await seededAdmin(t);
    personas = [
      { name: 'anonymous', subject: null, headers: {} },
      await as('User', 'User', plain),
      await as('Team Member without modules', 'Team Member', ownWorkspace),
      await as('Team Member with every module', 'Team Member', ownWorkspace, ALL_MODULES),
      await as('SOLOHQ', 'SOLOHQ', solo),
      {
        name: 'Freelancer',
        subject: { role: 'Freelancer', permissions: {} },
        headers: await signUp(freelancerBody(uniqueEmail())),
      },
      {
        name: 'Business Admin of the owning workspace',
        subject: { role: 'Business Admin', permissions: {} },
        headers: { authorization: `Bearer ${owner.token}` },
      },
      {
        name: 'Business Admin of another workspace',
        subject: { role: 'Business Admin', permissions: {} },
        headers: other,
      },
      { name: 'Admin', subject: { role: 'Admin', permissions: {} }, headers: admin.headers },
      {
        name: 'client portal contact',
        subject: null,
        portal: true,
        headers: (
          await portalSignedIn(
            t,
            {
              id: owner.user.id,
              email: '',
              workspaceId: ownWorkspace,
              headers: { authorization: `Bearer ${owner.token}` },
            },
            { name: 'Matrix Contact', email: uniqueEmail('matrix-client.test') },
          )
        ).headers,
      },
    ];
  });
  afterAll(async () => t?.close());

  it('finds a declared rule on every route', () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !route.rule).map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('refuses and admits every caller exactly as each route declares', async () => {
    // Upgrading a role changes the caller and signing out ends its session: those routes go last.
    // The portal contact's sign-out ends its portal session: it goes last but for the staff's logout.
    const last = (url: string) =>
      Number(url.endsWith('upgrade-role') || url === '/api/portal/sign-out') +
      2 * Number(url === '/api/logout');
    const routes = [...t.app.routeTable].sort((a, b) => last(a.url) - last(b.url));
    const problemWith = declaredAnswers((await t.app.inject({ url: '/api/openapi.json' })).json());
    const wrong: string[] = [];
    for (const route of routes) {
      const rule = route.rule!;
      const url = concrete(route.url);
      for (const persona of personas) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: persona.headers,
          ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? { payload: {} } : {}),
        });
        const status = response.statusCode;
        const label = `${route.method} ${route.url} as ${persona.name}: ${status}`;
        // API answers must match the description (pages, feeds and sitemaps are not in it).
        const documented = route.url.startsWith('/api/') ? route.url.replace(/:(\w+)/g, '{$1}') : null;
        const problem = documented && problemWith(route.method, documented, response);
        if (problem) wrong.push(`${label} (${problem})`);
        if (status >= 500) wrong.push(`${label} (server error)`);
        else if (rule.kind === 'public') {
          if (status === 401 || status === 403) wrong.push(`${label} (public route refused)`);
        } else if (persona.portal) {
          // A portal session is never a staff session, and the portal admits it.
          if (rule.kind !== 'portal' && status !== 401) wrong.push(`${label} (expected 401)`);
          if (rule.kind === 'portal' && (status === 401 || status === 403))
            wrong.push(`${label} (portal contact refused)`);
        } else if (rule.kind === 'portal' || !persona.subject) {
          // Staff tokens are no portal session: 401 whatever the role.
          if (status !== 401) wrong.push(`${label} (expected 401)`);
        } else if (admits(rule, persona.subject)) {
          // Signed-in routes may still apply their own rule (a Business Admin's workspace): never a 401.
          if (status === 401 || (!['signed-in', 'account'].includes(rule.kind) && status === 403))
            wrong.push(`${label} (admitted caller refused)`);
        } else if (status !== 403) wrong.push(`${label} (expected 403)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('ignores role, status, workspace and plan where a body may not set them', async () => {
    const domain = uniqueDomain();
    const { token, user } = await registerConfirmed(
      t,
      ownerBody(`mass@${domain}`, {
        role: 'Admin',
        status: 'Active',
        workspaceId: '00000000-0000-4000-8000-000000000001',
      }),
    );
    expect(user.role).toBe('Business Admin');
    expect(user.workspaceId).not.toBe('00000000-0000-4000-8000-000000000001');
    const headers = { authorization: `Bearer ${token}` };

    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers,
      payload: {
        role: 'Admin',
        status: 'Active',
        workspaceId: randomUUID(),
        permissions: { dashboard: true },
      },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({ role: 'Business Admin', workspaceId: user.workspaceId });

    const workspace = await t.app.inject({
      method: 'PUT',
      url: '/api/workspace',
      headers,
      payload: {
        name: 'Mass Assigned',
        type: 'Business',
        plan: 'Enterprise',
        domain: 'evil.test',
        id: randomUUID(),
      },
    });
    expect(workspace.statusCode).toBe(200);
    expect(workspace.json().workspace ?? workspace.json()).toMatchObject({ plan: 'Free', domain });

    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers,
      payload: {
        name: 'Mass Lead',
        email: 'mass@example.test',
        workspaceId: '00000000-0000-4000-8000-000000000001',
      },
    });
    expect(lead.statusCode).toBe(201);
    const row = await t.database.handle.db
      .selectFrom('leads')
      .select('workspace_id')
      .where('email', '=', 'mass@example.test')
      .executeTakeFirstOrThrow();
    expect(row.workspace_id).toBe(user.workspaceId);
  });
});
