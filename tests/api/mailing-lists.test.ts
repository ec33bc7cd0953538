import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILING_LISTS } from '../../src/shared/mailing-lists';
import { MAILING_LIST_MESSAGES as M } from '../../src/shared/messages';
import { purgeUnconfirmedMembers } from '../../src/server/modules/mailing-lists/mailing-lists.service';
import { listUnsubscribeOf } from '../../src/server/mail/list-unsubscribe';
import { SITE_URL, createTestApp, uniqueEmail, type TestApp } from './support/test-app';
import { call, type TestUser } from './support/users';
import { multipartBody } from './support/multipart';
import { emptyWorkspaceOwner, insertLeads } from './support/leads';
import {
  CONSENT,
  confirmationMails,
  createList,
  formKeyOf,
  realSubscribeLimits,
  signUp,
  statusOf,
  tokenIn,
} from './support/mailing-lists';

const BASIS = 'Signed up at our stand, 2026-10-01';

/**
 * Mailing lists (docs/product/marketing.md#lists-and-consent) on SQLite and PostgreSQL: lists with their
 * counts, members paged and searched with their proof of consent, the leads of a filter, CSV imports,
 * suppressions, and the erasure of sign-ups left unconfirmed for 7 days.
 */
describe('mailing lists', () => {
  let t: TestApp;
  let now = new Date('2026-11-29T09:00:00.000Z');
  let owner: TestUser;
  let ip = 0;
  const nextIp = () => `198.51.100.${(ip += 1)}`;

  const importCsv = (listId: string, csv: string, consentBasis = BASIS) => {
    const upload = multipartBody(
      { consentBasis },
      { file: { filename: 'people.csv', contentType: 'text/csv', bytes: Buffer.from(csv) } },
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/mailing-lists/${listId}/import`,
      headers: { ...owner.headers, ...upload.headers },
      payload: upload.payload,
    });
  };
  const get = async (listId: string) =>
    (await call(t.app, 'GET', `/api/mailing-lists/${listId}`, owner.headers)).json().list;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, subscribeLimits: realSubscribeLimits() });
    owner = await emptyWorkspaceOwner(t, 'Audience Co');
  });
  afterAll(async () => t?.close());

  it('creates, lists, edits and deletes lists, with counts per status and a unique name whatever its case', async () => {
    const list = await createList(t, owner, { name: 'Newsletter', optIn: 'single', description: 'Monthly' });
    expect(list).toMatchObject({
      name: 'Newsletter',
      optIn: 'single',
      consentText: CONSENT,
      counts: { unconfirmed: 0, subscribed: 0, unsubscribed: 0 },
    });
    expect(list.formUrl).toMatch(/^https:\/\/agency\.example\/subscribe\/[\w-]{22}$/);
    const taken = await call(t.app, 'POST', '/api/mailing-lists', owner.headers, {
      name: 'NEWSLETTER',
      consentText: CONSENT,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.nameTaken);

    await call(t.app, 'POST', `/api/mailing-lists/${list.id}/members`, owner.headers, {
      email: 'A.Person@Example.test',
      consentBasis: BASIS,
    });
    const second = await call(t.app, 'POST', `/api/mailing-lists/${list.id}/members`, owner.headers, {
      email: 'b@example.test',
      consentBasis: BASIS,
    });
    await call(
      t.app,
      'DELETE',
      `/api/mailing-lists/${list.id}/members/${second.json().member.subscriberId}`,
      owner.headers,
    );
    expect((await get(list.id)).counts).toEqual({ unconfirmed: 0, subscribed: 1, unsubscribed: 1 });
    const all = (await call(t.app, 'GET', '/api/mailing-lists', owner.headers)).json().lists;
    expect(all.find((l: { id: string }) => l.id === list.id).counts.subscribed).toBe(1);

    const edited = await call(t.app, 'PUT', `/api/mailing-lists/${list.id}`, owner.headers, {
      name: 'Monthly newsletter',
      description: '',
      optIn: 'double',
      consentText: 'New words for new sign-ups only.',
    });
    expect(edited.json().list).toMatchObject({ name: 'Monthly newsletter', optIn: 'double' });
    // The member keeps the words they agreed to.
    const members = (
      await call(t.app, 'GET', `/api/mailing-lists/${list.id}/members?status=subscribed`, owner.headers)
    ).json();
    expect(members.members[0]).toMatchObject({
      email: 'a.person@example.test',
      status: 'subscribed',
      consent: { source: 'manual', text: CONSENT, basis: BASIS, ip: null },
    });
    // Someone who unsubscribed is not put back by hand.
    const back = await call(t.app, 'POST', `/api/mailing-lists/${list.id}/members`, owner.headers, {
      email: 'b@example.test',
      consentBasis: BASIS,
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(M.memberUnsubscribed);

    expect((await call(t.app, 'DELETE', `/api/mailing-lists/${list.id}`, owner.headers)).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', `/api/mailing-lists/${list.id}`, owner.headers)).statusCode).toBe(404);
  });

  it('adds a hand-added person to a double opt-in list as unconfirmed and mails the confirmation', async () => {
    const list = await createList(t, owner, { optIn: 'double' });
    const email = uniqueEmail('hand.test');
    const added = await call(t.app, 'POST', `/api/mailing-lists/${list.id}/members`, owner.headers, {
      email,
      name: 'Hand Added',
      consentBasis: BASIS,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ message: M.addedUnconfirmed, member: { status: 'unconfirmed' } });
    const [mail] = await confirmationMails(t, email);
    expect(mail).toMatchObject({ via: 'workspace', subject: M.confirmSubject(list.name) });
    expect(mail!.text_body).toContain(CONSENT);
    // Transactional: no unsubscribe link, so no List-Unsubscribe header.
    expect(listUnsubscribeOf(mail!, SITE_URL)).toBeNull();
    expect(mail!.text_body).toContain(`${SITE_URL}/subscribe/confirm?token=`);
  });

  it('pages and searches members', async () => {
    const list = await createList(t, owner, { optIn: 'single' });
    const rows = Array.from(
      { length: 55 },
      (_, i) => `p${i}@page.test,Person ${i},${i % 5 === 0 ? 'Acme' : 'Other'}`,
    );
    const imported = await importCsv(list.id, `email,name,company\n${rows.join('\n')}\n`);
    expect(imported.json()).toEqual({ added: 55, skipped: 0, suppressed: 0 });
    const page = (query: string) =>
      call(t.app, 'GET', `/api/mailing-lists/${list.id}/members?${query}`, owner.headers).then((r) =>
        r.json(),
      );
    const first = await page('page=1');
    expect(first.members).toHaveLength(MAILING_LISTS.pageSize);
    expect(first.pagination).toMatchObject({ total: 55, totalPages: 2, hasNextPage: true });
    expect((await page('page=2')).members).toHaveLength(5);
    expect((await page('search=acme')).pagination.total).toBe(11);
    expect((await page('search=P12%40')).members.map((m: { email: string }) => m.email)).toEqual([
      'p12@page.test',
    ]);
    expect((await page('status=unconfirmed')).pagination.total).toBe(0);
    expect(first.members[0].consent).toMatchObject({ source: 'import', basis: BASIS });
  });

  it('imports a CSV: refused rows, repeats, members already on the list and suppressed addresses are counted', async () => {
    const list = await createList(t, owner, { optIn: 'single' });
    await call(t.app, 'POST', '/api/suppressions', owner.headers, {
      email: 'gone@import.test',
      detail: 'Asked us',
    });
    await importCsv(list.id, 'email\nold@import.test\n');
    const csv = [
      'Company,EMAIL,Name',
      'Acme,new1@import.test,New One',
      'Acme,NEW1@import.test,Again',
      ',not-an-address,Bad',
      ',gone@import.test,Suppressed',
      ',old@import.test,Already',
      ',new2@import.test,',
    ].join('\r\n');
    const response = await importCsv(list.id, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ added: 2, skipped: 3, suppressed: 1 });
    expect((await statusOf(t, list.id, 'new1@import.test'))?.consent_source).toBe('import');
    expect(await statusOf(t, list.id, 'gone@import.test')).toBeUndefined();
    const missing = await importCsv(list.id, 'name,company\nA,B\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.importMissingEmail);
  });

  it('adds the leads the lead filters match, skipping those without an e-mail', async () => {
    const list = await createList(t, owner, { optIn: 'single' });
    await insertLeads(t, owner.workspaceId, [
      { name: 'Nia New', email: 'nia@leads.test', status: 'New', source: 'Website', company: 'Nia Co' },
      { name: 'Ned New', email: '', phone: '+91 90000 00000', status: 'New', source: 'Website' },
      { name: 'Cal Contacted', email: 'cal@leads.test', status: 'Qualified', source: 'Website' },
      { name: 'Ria Referral', email: 'ria@leads.test', status: 'New', source: 'Referral' },
    ]);
    const add = (filters: Record<string, string>) =>
      call(t.app, 'POST', `/api/mailing-lists/${list.id}/members/from-leads`, owner.headers, {
        ...filters,
        consentBasis: 'Customers who asked for news',
      }).then((r) => r.json());
    expect(await add({ status: 'New', source: 'Website' })).toEqual({ added: 1, skipped: 1, suppressed: 0 });
    const nia = await statusOf(t, list.id, 'nia@leads.test');
    expect(nia).toMatchObject({ status: 'subscribed', consent_source: 'lead' });
    const subscriber = await t.database.handle.db
      .selectFrom('subscribers')
      .selectAll()
      .where('email', '=', 'nia@leads.test')
      .executeTakeFirstOrThrow();
    expect(subscriber).toMatchObject({ name: 'Nia New', company: 'Nia Co' });
    expect(subscriber.lead_id).not.toBeNull();
    expect(await add({ search: 'ria' })).toEqual({ added: 1, skipped: 0, suppressed: 0 });
    // All of them now: the two on the list already and the one without an e-mail are skipped.
    expect(await add({})).toEqual({ added: 1, skipped: 3, suppressed: 0 });
  });

  it('keeps a suppression list: added by hand, searched, lifted only when added by hand', async () => {
    const email = uniqueEmail('supp.test');
    const added = await call(t.app, 'POST', '/api/suppressions', owner.headers, {
      email: email.toUpperCase(),
      reason: 'manual',
      detail: 'Asked by phone',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email, reason: 'manual', detail: 'Asked by phone' });
    expect((await call(t.app, 'POST', '/api/suppressions', owner.headers, { email })).statusCode).toBe(409);
    const found = (
      await call(t.app, 'GET', `/api/suppressions?search=${encodeURIComponent(email)}`, owner.headers)
    ).json();
    expect(found.suppressions.map((s: { email: string }) => s.email)).toEqual([email]);
    const complaint = uniqueEmail('supp.test');
    await t.database.handle.db
      .insertInto('suppressions')
      .values({
        workspace_id: owner.workspaceId,
        email: complaint,
        reason: 'complaint',
        detail: '',
        created_by: null,
        created_at: now.toISOString(),
      })
      .execute();
    const kept = await call(
      t.app,
      'DELETE',
      `/api/suppressions/${encodeURIComponent(complaint)}`,
      owner.headers,
    );
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(M.suppressionKept('complaint'));
    expect(
      (await call(t.app, 'DELETE', `/api/suppressions/${encodeURIComponent(email)}`, owner.headers))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'DELETE', `/api/suppressions/${encodeURIComponent(email)}`, owner.headers))
        .statusCode,
    ).toBe(404);
    // A suppressed address is not added by hand.
    const list = await createList(t, owner, { optIn: 'single' });
    const refused = await call(t.app, 'POST', `/api/mailing-lists/${list.id}/members`, owner.headers, {
      email: complaint,
      consentBasis: BASIS,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('subscribes at once on a single opt-in form, and shows the form to anyone', async () => {
    const list = await createList(t, owner, { optIn: 'single' });
    const form = await t.app.inject({ method: 'GET', url: `/api/subscribe/${formKeyOf(list)}` });
    expect(form.json()).toEqual({ name: list.name, consentText: CONSENT, optIn: 'single' });
    const email = uniqueEmail('single.test');
    const response = await signUp(t, formKeyOf(list), email, nextIp());
    expect(response.json()).toEqual({ success: true, message: M.subscribedSingle });
    expect(await statusOf(t, list.id, email)).toMatchObject({
      status: 'subscribed',
      consent_source: 'form',
      consent_text: CONSENT,
    });
    expect(await confirmationMails(t, email)).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscribe/not-a-form' })).statusCode).toBe(404);
  });

  it('erases sign-ups left unconfirmed for 7 days, and their subscribers on no other list', async () => {
    const list = await createList(t, owner, { optIn: 'double' });
    const key = formKeyOf(list);
    const stale = uniqueEmail('purge.test');
    const confirmed = uniqueEmail('purge.test');
    await signUp(t, key, stale, nextIp());
    await signUp(t, key, confirmed, nextIp());
    const token = tokenIn((await confirmationMails(t, confirmed))[0]!.text_body);
    await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/confirm',
      remoteAddress: nextIp(),
      payload: { token },
    });
    now = new Date(now.getTime() + 6 * 24 * 60 * 60_000);
    const fresh = uniqueEmail('purge.test');
    await signUp(t, key, fresh, nextIp());
    const db = t.database.handle.db;
    expect(await purgeUnconfirmedMembers(db, now)).toBe(0);
    now = new Date(now.getTime() + 24 * 60 * 60_000 + 1000);
    // This one, and the earlier tests' unconfirmed members of the first day.
    expect(await purgeUnconfirmedMembers(db, now)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(t, list.id, stale)).toBeUndefined();
    expect(
      await db.selectFrom('subscribers').select('id').where('email', '=', stale).executeTakeFirst(),
    ).toBeUndefined();
    expect((await statusOf(t, list.id, confirmed))?.status).toBe('subscribed');
    expect((await statusOf(t, list.id, fresh))?.status).toBe('unconfirmed');
  });
});
