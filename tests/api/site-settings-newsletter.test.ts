import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SETTINGS_MESSAGES as M } from '../../src/shared/messages';
import { MAILING_LIST_MESSAGES } from '../../src/shared/messages';
import { siteSettingsDefaults, type SiteSettings } from '../../src/shared/site-settings';
import { builtWeb, createTestApp, type TestApp } from './support/test-app';
import { call, seededAdmin, type TestUser } from './support/users';
import { ownerBody, registerOk, uniqueDomain } from './support/accounts';
import { getJson } from './support/blogs';
import { CONSENT, createList, formKeyOf, signUp } from './support/mailing-lists';

const DEFAULTS = siteSettingsDefaults('AgencyHQ');
const footerOf = (html: string) => [...html.matchAll(/<footer[\s\S]*?<\/footer>/g)].at(-1)?.[0] ?? '';
const withNewsletter = (newsletter: Partial<SiteSettings['newsletter']>): SiteSettings => ({
  ...DEFAULTS,
  newsletter: { ...DEFAULTS.newsletter, ...newsletter },
});

/**
 * docs/product/web-settings.md#newsletter: the footer's sign-up to one of the agency workspace's lists.
 * Another workspace's list is refused; a deleted list leaves the pages without the block.
 */
describe('Web Settings: the newsletter block', () => {
  let t: TestApp;
  let admin: TestUser;

  const saveDraft = (settings: unknown) =>
    call(t.app, 'PUT', '/api/site-settings/draft', admin.headers, settings);
  const publish = () => call(t.app, 'POST', '/api/site-settings/publish', admin.headers, {});

  beforeAll(async () => {
    t = await createTestApp({ web: await builtWeb() });
    admin = await seededAdmin(t);
  });
  afterAll(async () => t?.close());

  it("refuses another workspace's list, an unknown one, and an 'on' block without a list: 400, nothing saved", async () => {
    const { token } = await registerOk(t.app, ownerBody(`boss@${uniqueDomain()}`));
    const foreign = await createList(t, { headers: { authorization: `Bearer ${token}` } } as TestUser);
    for (const listId of [foreign.id, 'no-such-list']) {
      const refused = await saveDraft(withNewsletter({ enabled: true, listId }));
      expect(refused.statusCode, listId).toBe(400);
      expect(refused.json().message).toBe(M.newsletterListUnknown);
    }
    const noList = await saveDraft(withNewsletter({ enabled: true, listId: null }));
    expect(noList.statusCode).toBe(400);
    const draft = (await call(t.app, 'GET', '/api/site-settings/draft', admin.headers)).json();
    expect(draft.draft.newsletter).toEqual(DEFAULTS.newsletter);
  });

  it('shows the published block in the footer of public pages with the list’s form key and consent text', async () => {
    const list = await createList(t, admin, { consentText: CONSENT });
    const formKey = formKeyOf(list);
    const before = await getJson(t, '/');
    expect(footerOf(before.body)).not.toContain(formKey);

    const saved = await saveDraft(
      withNewsletter({
        enabled: true,
        listId: list.id,
        heading: 'Studio letters',
        text: 'Monthly, never more.',
      }),
    );
    expect(saved.statusCode).toBe(200);
    // A draft is not public.
    expect(footerOf((await getJson(t, '/')).body)).not.toContain('Studio letters');
    expect((await publish()).statusCode).toBe(200);

    for (const url of ['/', '/blog', '/contact', '/terms']) {
      const page = await getJson(t, url);
      expect(page.statusCode, url).toBe(200);
      const footer = footerOf(page.body);
      expect(footer, url).toContain('Studio letters');
      expect(footer, url).toContain('Monthly, never more.');
      expect(footer, url).toContain(`data-form-key="${formKey}"`);
      expect(footer, url).toContain(CONSENT);
      expect(footer, url).toContain(MAILING_LIST_MESSAGES.subscribeButton);
    }
    // The form posts where the /subscribe page does, with the same answer.
    const answer = await signUp(t, formKey, `reader@${uniqueDomain()}`);
    expect(answer.statusCode).toBe(202);
  });

  it('hides the block once its list is deleted, without failing any page', async () => {
    const list = await createList(t, admin);
    const formKey = formKeyOf(list);
    expect((await saveDraft(withNewsletter({ enabled: true, listId: list.id }))).statusCode).toBe(200);
    expect((await publish()).statusCode).toBe(200);
    expect(footerOf((await getJson(t, '/')).body)).toContain(formKey);

    expect((await call(t.app, 'DELETE', `/api/mailing-lists/${list.id}`, admin.headers)).statusCode).toBe(
      200,
    );
    const home = await getJson(t, '/');
    expect(home.statusCode).toBe(200);
    expect(footerOf(home.body)).not.toContain(formKey);
    expect(footerOf(home.body)).not.toContain(DEFAULTS.newsletter.heading);
    // The editor still loads: the stored id is only refused when saved again.
    expect((await call(t.app, 'GET', '/api/site-settings/draft', admin.headers)).statusCode).toBe(200);
  });

  it('is off by default: no sign-up in the footer', async () => {
    const fresh = await createTestApp({ web: await builtWeb() });
    try {
      expect(footerOf((await getJson(fresh, '/')).body)).not.toContain('data-form-key');
    } finally {
      await fresh.close();
    }
  });
});
