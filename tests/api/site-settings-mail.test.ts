import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '../../src/shared/messages';
import { siteSettingsDefaults } from '../../src/shared/site-settings';
import { ADMIN, createTestApp, type TestApp } from './support/test-app';
import { call, seededAdmin, type TestUser } from './support/users';
import { settleAfterAnswer } from '../../src/server/lib/after-answer';

/** docs/product/web-settings.md: e-mail signs with the published site name, as the pages do (SITE_NAME until one is published). */
describe('the site name in e-mail', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
  });
  afterAll(() => t?.close());

  async function resetMailSubject(): Promise<{ subject: string; text: string }> {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: ADMIN.email },
    });
    expect(asked.statusCode).toBe(202);
    // The mail is made after the answer (the same time for any address).
    await settleAfterAnswer();
    const row = await t.database.handle.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'password-reset')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return { subject: row.subject, text: row.text_body };
  }

  it('uses SITE_NAME, then the name published in Web Settings', async () => {
    expect((await resetMailSubject()).subject).toBe(PASSWORD_RESET_MESSAGES.subject('AgencyHQ'));

    const draft = siteSettingsDefaults('AgencyHQ');
    draft.identity.siteName = 'Harbour & Co';
    expect((await call(t.app, 'PUT', '/api/site-settings/draft', admin.headers, draft)).statusCode).toBe(200);
    // A draft is not the site yet.
    expect((await resetMailSubject()).subject).toBe(PASSWORD_RESET_MESSAGES.subject('AgencyHQ'));

    expect((await call(t.app, 'POST', '/api/site-settings/publish', admin.headers)).statusCode).toBe(200);
    const mail = await resetMailSubject();
    expect(mail.subject).toBe(PASSWORD_RESET_MESSAGES.subject('Harbour & Co'));
    expect(mail.text).toContain('— Harbour & Co');
  });
});
