import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SITE_URL, testEngine, type TestApp } from './support/test-app';
import { insertUser, insertWorkspace, seededAdmin } from './support/users';

/** docs/product/workspace.md#security-tab: the Security tab's encryption status is the running configuration's, for any member. */
describe('encryption status', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { passwordHashCost: 15 } });
  });
  afterAll(() => t?.close());

  it('answers what this instance protects and how, to any dashboard member, never to the anonymous or a Team Member', async () => {
    expect((await t.app.inject({ url: '/api/security/encryption' })).statusCode).toBe(401);
    const workspaceId = (await insertWorkspace(t, { name: 'Small Co' })).id;
    const teamMember = await insertUser(t, { workspaceId, role: 'Team Member' });
    expect(
      (await t.app.inject({ url: '/api/security/encryption', headers: teamMember.headers })).statusCode,
    ).toBe(403);
    const member = await insertUser(t, { workspaceId, role: 'Web Developer' });
    for (const headers of [(await seededAdmin(t)).headers, member.headers]) {
      const answer = await t.app.inject({ url: '/api/security/encryption', headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        passwords: { algorithm: 'scrypt', costExponent: 15 },
        storedSecrets: { algorithm: 'AES-256-GCM', keySource: 'environment', rotating: false },
        sessions: { algorithm: 'HS256' },
        transport: { siteUrl: SITE_URL, https: true },
        database: { engine: testEngine() },
      });
    }
  });

  it('says so when the site is served over plain HTTP', async () => {
    const plain = await createTestApp({ config: { siteUrl: 'http://localhost:3000' } });
    try {
      const headers = (await seededAdmin(plain)).headers;
      const answer = (await plain.app.inject({ url: '/api/security/encryption', headers })).json();
      expect(answer.transport).toEqual({ siteUrl: 'http://localhost:3000', https: false });
    } finally {
      await plain.close();
    }
  });
});
