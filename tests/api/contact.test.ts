import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES } from '../../src/shared/messages';
import { CONTACT_LIMITS } from '../../src/shared/schemas/contact';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { ADMIN, createTestApp, signIn, uniqueEmail, type TestApp } from './support/test-app';

/**
 * POST /api/contact (docs/product/public-site.md#contact, docs/product/api.md#beyond-the-first-calls): public, validated, stored as a Website lead of the agency
 * workspace, rate-limited per client IP. Each test sends from its own IP so the limit never leaks across.
 */
describe('POST /api/contact', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `203.0.113.${++ipCounter}`;

  const send = (payload: unknown, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: ip,
      payload: payload as Record<string, unknown>,
    });
  const valid = (email = uniqueEmail('contact.test')) => ({
    name: 'Asha Rao',
    email,
    subject: 'Web Development',
    message: 'We need a new website for our bakery.',
  });
  const leadsByEmail = (email: string) =>
    t.database.handle.db.selectFrom('leads').selectAll().where('email_lower', '=', email).execute();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => t.close());

  it.each([
    ['name', { email: 'a@b.test', message: 'Hi' }],
    ['email', { name: 'A', message: 'Hi' }],
    ['message', { name: 'A', email: 'a@b.test' }],
    ['blank name', { name: '   ', email: 'a@b.test', message: 'Hi' }],
    ['blank message', { name: 'A', email: 'a@b.test', message: ' \n ' }],
    ['everything', {}],
  ])('refuses a missing %s with the spec text (400)', async (_case, body) => {
    const response = await send(body);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CONTACT_MESSAGES.requiredFields);
  });

  it('reports a missing field before a malformed e-mail', async () => {
    const response = await send({ name: 'A', email: 'not-an-email' });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CONTACT_MESSAGES.requiredFields);
  });

  it('refuses a malformed e-mail with a plain message (400) and stores nothing', async () => {
    const response = await send({ ...valid(), email: 'not-an-email' });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CONTACT_MESSAGES.emailInvalid);
    expect(await leadsByEmail('not-an-email')).toHaveLength(0);
  });

  it('refuses a message over the limit (400)', async () => {
    const response = await send({ ...valid(), message: 'x'.repeat(CONTACT_LIMITS.messageMax + 1) });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CONTACT_MESSAGES.tooLong('Message', CONTACT_LIMITS.messageMax));
  });

  it('stores the message as a New, Website lead of the agency workspace (201), no sign-in needed', async () => {
    const email = uniqueEmail('contact.test');

    const response = await send({ ...valid(email), email: `  ${email.toUpperCase()} ` });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true });
    const [lead, ...more] = await leadsByEmail(email);
    expect(more).toHaveLength(0);
    expect(lead).toMatchObject({
      workspace_id: AGENCY_WORKSPACE_ID,
      name: 'Asha Rao',
      email,
      company: '',
      phone: '',
      source: 'Website',
      status: 'New',
      priority: 'Medium',
      notes: 'Subject: Web Development\n\nWe need a new website for our bakery.',
    });
    const activity = await t.database.handle.db
      .selectFrom('activity')
      .select(['action', 'workspace_id'])
      .where('action', '=', 'New lead Asha Rao from the contact form')
      .execute();
    expect(activity.length).toBeGreaterThan(0);
  });

  it('takes the subject as optional: the notes are then the message alone', async () => {
    const email = uniqueEmail('contact.test');
    const { subject: _subject, ...body } = valid(email);

    expect((await send(body)).statusCode).toBe(201);
    expect((await send({ ...body, subject: null })).statusCode).toBe(201);
    const leads = await leadsByEmail(email);
    expect(leads.map((lead) => lead.notes)).toEqual([body.message, body.message]);
  });

  it("the agency's staff find the lead through GET /api/leads", async () => {
    const email = uniqueEmail('contact.test');
    await send(valid(email));
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/leads?search=${encodeURIComponent(email)}`,
      headers: admin,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().leads).toEqual([expect.objectContaining({ email, source: 'Website' })]);
  });

  it('answers 429 with Retry-After once an IP has sent its quota, and again after the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = nextIp();
    for (let i = 0; i < CONTACT_LIMITS.rateLimit; i += 1) {
      expect((await send(valid(), ip)).statusCode).toBe(201);
    }

    const refused = await send(valid(), ip);

    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_LIMITS.rateWindowMs / 1000);
    expect(refused.json()).toEqual({ message: CONTACT_MESSAGES.rateLimited(10) });
    // Another visitor is not held back, and nor is this one once the window has passed.
    expect((await send(valid())).statusCode).toBe(201);
    vi.setSystemTime(Date.now() + CONTACT_LIMITS.rateWindowMs + 1000);
    expect((await send(valid(), ip)).statusCode).toBe(201);
  });

  it('does not count refused messages towards the quota', async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_LIMITS.rateLimit + 2; i += 1) {
      expect((await send({ name: 'A' }, ip)).statusCode).toBe(400);
    }

    expect((await send(valid(), ip)).statusCode).toBe(201);
  });

  it('lets no more than the quota through when messages arrive all at once', async () => {
    const ip = nextIp();
    const responses = await Promise.all(
      Array.from({ length: CONTACT_LIMITS.rateLimit + 5 }, () => send(valid(), ip)),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_LIMITS.rateLimit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});
