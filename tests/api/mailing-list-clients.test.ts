import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { call, insertUser, insertWorkspace, type TestUser } from './support/users';
import { createList } from './support/mailing-lists';

const billing = { country: 'IN', state: 'Karnataka', currency: 'INR' };

/**
 * Client contacts on a mailing list (docs/product/marketing.md#lists-and-consent), on SQLite and PostgreSQL:
 * the contacts with an e-mail of chosen clients or of all, with the stated basis of consent; another
 * workspace's client adds nothing (attack); suppressed addresses are never added.
 */
describe('client contacts on a mailing list', () => {
  let t: TestApp;
  let boss: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const studio = await insertWorkspace(t, { name: 'Client Studio' });
    boss = await insertUser(t, { workspaceId: studio.id, role: 'Business Admin', username: 'clients-boss' });
    const other = await insertWorkspace(t, { name: 'Other Studio' });
    stranger = await insertUser(t, { workspaceId: other.id, role: 'Business Admin', username: 'other-boss' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const client = async (who: TestUser, name: string, contacts: { name: string; email: string }[]) => {
    const answer = await call(t.app, 'POST', '/api/clients', who.headers, { name, ...billing, contacts });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().client._id as string;
  };

  it("adds the chosen clients' contacts with an e-mail, or every client's, never another workspace's", async () => {
    const kaveri = await client(boss, 'Kaveri Foods', [
      { name: 'Asha Rao', email: 'Asha@Kaveri.test' },
      { name: 'No Mail', email: '' },
    ]);
    await client(boss, 'Bloom Bakery', [{ name: 'Ben Bloom', email: 'ben@bloom.test' }]);
    const theirs = await client(stranger, 'Secret Client', [
      { name: 'Sam Secret', email: 'sam@secret.test' },
    ]);
    await call(t.app, 'POST', '/api/suppressions', boss.headers, {
      email: 'ben@bloom.test',
      reason: 'manual',
    });
    const list = await createList(t, boss, { optIn: 'single' });
    const url = `/api/mailing-lists/${list.id}/members/from-clients`;

    const noBasis = await call(t.app, 'POST', url, boss.headers, { clientIds: [kaveri] });
    expect(noBasis.statusCode).toBe(400);

    const foreign = await call(t.app, 'POST', url, boss.headers, {
      clientIds: [theirs],
      consentBasis: 'Existing clients, contract clause 7',
    });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json()).toEqual({ added: 0, skipped: 0, suppressed: 0 });

    const chosen = await call(t.app, 'POST', url, boss.headers, {
      clientIds: [kaveri],
      consentBasis: 'Existing clients, contract clause 7',
    });
    expect(chosen.json()).toEqual({ added: 1, skipped: 0, suppressed: 0 });

    const all = await call(t.app, 'POST', url, boss.headers, {
      consentBasis: 'Existing clients, contract clause 7',
    });
    expect(all.json()).toEqual({ added: 0, skipped: 1, suppressed: 1 });

    const members = (await call(t.app, 'GET', `/api/mailing-lists/${list.id}/members`, boss.headers)).json();
    const emails = JSON.stringify(members);
    expect(emails).toContain('asha@kaveri.test');
    expect(emails).toContain('"source":"client"');
    expect(emails).not.toContain('sam@secret.test');
    expect(emails).not.toContain('ben@bloom.test');

    // Another workspace's list: 404.
    const across = await call(t.app, 'POST', url, stranger.headers, {
      consentBasis: 'Existing clients, contract',
    });
    expect(across.statusCode).toBe(404);
  });
});
