import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Blog } from '../../src/shared/schemas/blog';
import type { SitePublish, SiteSettingsEditor } from '../../src/shared/schemas/site-settings';
import { ROLES, MODULE_KEYS } from '../../src/shared/roles';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { publicQueryKeys } from '../../src/shared/query-keys';
import { SITE_SETTINGS_MESSAGES as M } from '../../src/shared/messages';
import {
  SITE_SETTINGS_ACTIVITY,
  SITE_SETTINGS_LIMITS,
  siteSettingsDefaults,
  type SiteSettings,
} from '../../src/shared/site-settings';
import {
  builtWeb,
  createTestApp,
  reopenTestDatabase,
  type TestApp,
  type TestDatabase,
} from './support/test-app';
import { call, insertUser, seededAdmin, type TestUser } from './support/users';
import { freelancerBody, ownerBody, registerOk, uniqueDomain } from './support/accounts';
import { blogFields, createBlog, createCategory, getJson } from './support/blogs';
import { child, childText, parseXml } from './support/xml';
import { createPageDataLoader } from '../../src/server/render/page-data';
import { createBlogsService } from '../../src/server/modules/blogs/blogs.service';
import { createCategoriesService } from '../../src/server/modules/categories/categories.service';
import { createPublishingService } from '../../src/server/modules/blogs/publishing.service';
import { createPreviewLinks } from '../../src/server/modules/blogs/preview-links';
import { createSecretBox } from '../../src/server/secrets/secret-box';
import { createSiteSettingsService } from '../../src/server/modules/site-settings/site-settings.service';

const DEFAULTS = siteSettingsDefaults('AgencyHQ');

/** The settings the tests publish: every section changed. */
const VERDANT: SiteSettings = {
  identity: {
    siteName: 'Verdant Studio',
    tagline: 'Gardens of growth',
    metaDescription: 'Verdant Studio grows brands and websites.',
    brandColor: '#0f766e',
    logo: null,
    icon: null,
    shareImage: null,
    locale: 'en-US',
    timeZone: 'UTC',
  },
  contact: {
    ...DEFAULTS.contact,
    email: 'hello@verdant.test',
    phone: '+91 20 5555 0101',
    address: 'Verdant Street 1, Pune',
  },
  social: [{ network: 'linkedin', url: 'https://www.linkedin.com/company/verdant-studio' }],
  hero: {
    title: 'Verdant Websites Grow',
    highlight: 'Every Season',
    text: 'We plant brands and grow them.',
    ctaLabel: 'Plant a Seed',
  },
  services: [
    DEFAULTS.services[1]!,
    { ...DEFAULTS.services[0]!, title: 'Verdant Branding', price: '$20' },
    { ...DEFAULTS.services[3]!, visible: false },
  ],
  footer: { blurb: 'Verdant Studio grows brands.', services: ['Verdant Design', 'Verdant Growth'] },
  navigation: {
    header: [
      { label: 'Our Blog', href: '/blog' },
      { label: 'Partner Site', href: 'https://partner.example.com/' },
    ],
    footer: DEFAULTS.navigation.footer,
  },
  trustedBy: DEFAULTS.trustedBy,
  newsletter: DEFAULTS.newsletter,
};

const VERDANT_CHANGED = [
  'identity.siteName',
  'identity.tagline',
  'identity.metaDescription',
  'identity.brandColor',
  'contact.email',
  'contact.phone',
  'contact.address',
  'social',
  'hero.title',
  'hero.highlight',
  'hero.text',
  'hero.ctaLabel',
  'services',
  'footer.blurb',
  'footer.services',
  'navigation.header',
];

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, name: string) =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
/** The site's footer: the page's last <footer> (a post's article has one of its own before it). */
const footerOf = (html: string) => [...html.matchAll(/<footer[\s\S]*?<\/footer>/g)].at(-1)?.[0] ?? '';
const rssChannel = (xml: string) => child(parseXml(xml), 'channel')!;

/**
 * docs/product/web-settings.md, server side: the Web Settings' draft, publish, reset, undo and history (Admin only), and the
 * published settings on every public page, its head tags, the feed and the public API, on every instance.
 */
describe('Web Settings', () => {
  let t: TestApp;
  let other: TestApp; // a second instance on the same database
  let otherDatabase: TestDatabase;
  let admin: TestUser;
  let post: Blog;
  /** Everyone but the Admin: every other role (in the agency's workspace, with every module), two sign-ups. */
  let refused: { name: string; headers: { authorization: string } }[];

  const editor = async (): Promise<SiteSettingsEditor> =>
    (await call(t.app, 'GET', '/api/site-settings/draft', admin.headers)).json();
  const saveDraft = (settings: unknown, headers = admin.headers) =>
    call(t.app, 'PUT', '/api/site-settings/draft', headers, settings);
  const act = (action: 'publish' | 'reset' | 'undo', headers = admin.headers) =>
    call(t.app, 'POST', `/api/site-settings/${action}`, headers, {});
  const history = async (): Promise<SitePublish[]> =>
    (await call(t.app, 'GET', '/api/site-settings/history', admin.headers)).json().publishes;

  /** The public answers that show the settings, from one instance. */
  async function pages(app: TestApp) {
    const urls = ['/api/site-settings', '/', `/blog/${post.slug}`, '/rss.xml', '/contact', '/terms'];
    const answers = await Promise.all(urls.map((url) => getJson(app, url)));
    for (const [i, answer] of answers.entries()) expect(answer.statusCode, urls[i]).toBe(200);
    const at = (i: number): LightMyRequestResponse => answers[i]!;
    const [home, postPage, rss, contact, terms] = [at(1), at(2), at(3), at(4), at(5)];
    return { api: at(0).json() as SiteSettings, home, postPage, rss, contact, terms };
  }

  beforeAll(async () => {
    const web = await builtWeb();
    t = await createTestApp({ web });
    otherDatabase = await reopenTestDatabase(t.database);
    other = await createTestApp({ web, database: otherDatabase });
    admin = await seededAdmin(t);
    const everyModule = JSON.stringify(Object.fromEntries(MODULE_KEYS.map((key) => [key, true])));
    refused = [];
    for (const role of ROLES.filter((r) => r !== 'Admin')) {
      const user = await insertUser(t, { workspaceId: AGENCY_WORKSPACE_ID, role, permissions: everyModule });
      refused.push({ name: `${role} of the agency`, headers: user.headers });
    }
    for (const [name, body] of [
      ['Business Admin (signed up)', ownerBody(`boss@${uniqueDomain()}`)],
      ['Freelancer (signed up)', freelancerBody(`solo@${uniqueDomain()}`)],
    ] as const) {
      const { token } = await registerOk(t.app, body);
      refused.push({ name, headers: { authorization: `Bearer ${token}` } });
    }
    const category = await createCategory(t, admin.headers, 'Garden News');
    post = await createBlog(
      t,
      admin.headers,
      blogFields(category.id, { status: 'published', title: 'Spring Planting Guide' }),
    );
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it("shows the spec's texts with the configured name before anything is saved", async () => {
    const live = await getJson(t, '/api/site-settings');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual(DEFAULTS);
    expect(live.headers['cache-control']).toContain('public');
    expect(await editor()).toEqual({ draft: DEFAULTS, live: DEFAULTS, unpublished: false, version: 0 });
    expect(await history()).toEqual([]);
  });

  it('lets only the Admin read the draft, save, publish, reset, undo or read the history', async () => {
    const routes = [
      ['GET', '/api/site-settings/draft', undefined],
      ['PUT', '/api/site-settings/draft', VERDANT],
      ['POST', '/api/site-settings/publish', {}],
      ['POST', '/api/site-settings/reset', {}],
      ['POST', '/api/site-settings/undo', {}],
      ['GET', '/api/site-settings/history', undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      const anonymous = await call(t.app, method, url, undefined, body);
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const caller of refused) {
        const response = await call(t.app, method, url, caller.headers, body);
        expect(response.statusCode, `${method} ${url} as ${caller.name}`).toBe(403);
        expect(response.json().message, `${method} ${url} as ${caller.name}`).toBe(M.adminOnly);
      }
    }
    // Everyone reads what the site shows; no refused call changed anything.
    for (const caller of refused)
      expect((await getJson(t, '/api/site-settings', caller.headers)).json()).toEqual(DEFAULTS);
    expect(await editor()).toEqual({ draft: DEFAULTS, live: DEFAULTS, unpublished: false, version: 0 });
    expect(await history()).toEqual([]);
  });

  it('refuses text past its limit, HTML, unknown internal links and unreadable colours: 400, nothing saved', async () => {
    const saved = await saveDraft({
      ...DEFAULTS,
      identity: { ...DEFAULTS.identity, tagline: 'Saved draft' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: M.saved, unpublished: true });
    const draft = (await editor()).draft;
    expect(draft.identity.tagline).toBe('Saved draft');

    const cases: [string, SiteSettings, string, string][] = [
      [
        'hero title too long',
        { ...DEFAULTS, hero: { ...DEFAULTS.hero, title: 'x'.repeat(SITE_SETTINGS_LIMITS.heroTitle + 1) } },
        'hero.title',
        M.tooLong(SITE_SETTINGS_LIMITS.heroTitle),
      ],
      [
        'site name too long',
        {
          ...DEFAULTS,
          identity: { ...DEFAULTS.identity, siteName: 'n'.repeat(SITE_SETTINGS_LIMITS.siteName + 1) },
        },
        'identity.siteName',
        M.tooLong(SITE_SETTINGS_LIMITS.siteName),
      ],
      [
        'HTML in the site name',
        { ...DEFAULTS, identity: { ...DEFAULTS.identity, siteName: '<b>Bold</b> Agency' } },
        'identity.siteName',
        M.plainTextOnly,
      ],
      [
        'HTML in a footer service',
        { ...DEFAULTS, footer: { ...DEFAULTS.footer, services: ['<script>alert(1)</script>'] } },
        'footer.services.0',
        M.plainTextOnly,
      ],
      [
        'an internal link to no page',
        {
          ...DEFAULTS,
          navigation: { ...DEFAULTS.navigation, header: [{ label: 'Nowhere', href: '/no-such-page' }] },
        },
        'navigation.header.0.href',
        M.linkUnknown('/no-such-page'),
      ],
      [
        'a javascript: link',
        {
          ...DEFAULTS,
          navigation: { ...DEFAULTS.navigation, header: [{ label: 'Evil', href: 'javascript:alert(1)' }] },
        },
        'navigation.header.0.href',
        M.linkInvalid,
      ],
      [
        'a brand colour white text cannot be read on',
        { ...DEFAULTS, identity: { ...DEFAULTS.identity, brandColor: '#ffcc00' } },
        'identity.brandColor',
        M.contrastTooLow('1.51'),
      ],
    ];
    for (const [label, body, field, message] of cases) {
      const response = await saveDraft(body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toBe(message);
      expect(response.json().errors, label).toContainEqual({ field, message });
    }
    const tooMany = await saveDraft({ ...DEFAULTS, services: Array(9).fill(DEFAULTS.services[0]) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].field).toBe('services');
    expect((await editor()).draft).toEqual(draft);
    expect((await getJson(t, '/api/site-settings')).json()).toEqual(DEFAULTS);
  });

  it('publishes the draft on the next answer of every page, feed and API read, on both instances', async () => {
    // Cached before: the publish must reach copies rendered earlier, on both instances.
    for (const app of [t, other]) expect((await pages(app)).api).toEqual(DEFAULTS);
    expect((await saveDraft(VERDANT)).statusCode).toBe(200);
    // A saved draft is never public.
    for (const app of [t, other]) {
      const before = await pages(app);
      expect(before.api).toEqual(DEFAULTS);
      for (const page of [before.home, before.postPage, before.rss, before.contact])
        expect(page.body).not.toContain('Verdant');
    }

    const published = await act('publish');
    expect(published.statusCode).toBe(200);
    const answer = published.json();
    expect(answer).toMatchObject({
      success: true,
      message: M.published,
      draft: VERDANT,
      live: VERDANT,
      unpublished: false,
      version: 1,
    });
    expect(answer.publish).toMatchObject({
      version: 1,
      action: 'published',
      changed: VERDANT_CHANGED,
      publishedBy: { username: 'admin' },
    });

    for (const app of [t, other]) {
      const after = await pages(app);
      const label = app === t ? 'this instance' : 'the other instance';
      expect(after.api, label).toEqual(VERDANT);
      // The feed and the head tags: the server's own part.
      const channel = rssChannel(after.rss.body);
      expect(childText(channel, 'title'), label).toBe('Verdant Studio');
      expect(childText(channel, 'description'), label).toContain('Verdant Studio');
      expect(titleOf(after.home.body), label).toContain('Verdant Studio');
      expect(metaOf(after.home.body, 'og:site_name'), label).toBe('Verdant Studio');
      expect(metaOf(after.postPage.body, 'og:site_name'), label).toBe('Verdant Studio');
      expect(titleOf(after.postPage.body), label).toBe('Spring Planting Guide - Verdant Studio');
      const posting = jsonLdOf(after.postPage.body).find((data) => data['@type'] === 'BlogPosting');
      expect(posting?.publisher, label).toMatchObject({ '@type': 'Organization', name: 'Verdant Studio' });
      const organization = jsonLdOf(after.home.body).find((data) => data['@type'] === 'Organization');
      expect(organization?.name, label).toBe('Verdant Studio');
    }
  });

  it('draws the published hero, services, footer and brand colour (the web app’s part)', async () => {
    for (const app of [t, other]) {
      const after = await pages(app);
      const label = app === t ? 'this instance' : 'the other instance';
      const organization = jsonLdOf(after.home.body).find((data) => data['@type'] === 'Organization');
      expect(organization, label).toMatchObject({ slogan: 'Gardens of growth', email: 'hello@verdant.test' });
      expect(metaOf(after.home.body, 'description'), label).toBe('Verdant Studio grows brands and websites.');
      expect(after.home.body, label).toContain('Verdant Websites Grow');
      expect(after.home.body, label).toContain('Verdant Branding');
      expect(after.home.body, label).not.toContain('Management of Your');
      expect(after.home.body, label).toContain('#0f766e');
      for (const page of [after.home, after.postPage, after.contact, after.terms]) {
        const footer = footerOf(page.body);
        for (const text of [
          'Verdant Studio grows brands.',
          'Verdant Design',
          'hello@verdant.test',
          'Verdant Street 1, Pune',
        ])
          expect(footer, label).toContain(text);
        for (const text of ['Web Design', 'hello@agencyhq.com', 'Indiranagar'])
          expect(footer).not.toContain(text);
      }
    }
  });

  it('records each publish: who, when, which fields; the agency’s activity says so', async () => {
    const [latest, ...rest] = await history();
    expect(rest).toEqual([]);
    expect(latest).toMatchObject({
      version: 1,
      action: 'published',
      changed: VERDANT_CHANGED,
      publishedBy: { username: 'admin' },
    });
    expect(Date.parse(latest!.publishedAt)).not.toBeNaN();
    const audit = await call(t.app, 'GET', '/api/security/audit?kind=site-published', admin.headers);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().entries).toHaveLength(1);
    expect(audit.json().entries[0]).toMatchObject({
      kind: 'site-published',
      action: SITE_SETTINGS_ACTIVITY.published(
        'admin',
        'site name, tagline, meta description, brand colour, contact e-mail, phone, address, social links, hero title, hero highlight, hero text, call-to-action label, services, footer text, footer services, header links',
      ),
      user: { username: 'admin' },
    });
  });

  it('refuses a publish that would change nothing, and lets one of two racing publishes through', async () => {
    const nothing = await act('publish');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(M.nothingToPublish);
    expect(await history()).toHaveLength(1);

    const second = { ...VERDANT, hero: { ...VERDANT.hero, title: 'Second Title' } };
    expect((await saveDraft(second)).statusCode).toBe(200);
    const raced = await Promise.all([act('publish'), act('publish')]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const publishes = await history();
    expect(publishes.map((p) => [p.version, p.action, p.changed])).toEqual([
      [2, 'published', ['hero.title']],
      [1, 'published', VERDANT_CHANGED],
    ]);
    expect((await getJson(other, '/api/site-settings')).json()).toEqual(second);
  });

  it('undoes the latest publish everywhere, records it, and the draft follows', async () => {
    // An unpublished edit is dropped: the draft follows the live settings.
    expect(
      (await saveDraft({ ...VERDANT, hero: { ...VERDANT.hero, title: 'Never Published' } })).statusCode,
    ).toBe(200);
    const undone = await act('undo');
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({
      message: M.undone,
      draft: VERDANT,
      live: VERDANT,
      unpublished: false,
      version: 3,
      publish: { version: 3, action: 'undone', changed: ['hero.title'], publishedBy: { username: 'admin' } },
    });
    for (const app of [t, other]) {
      const after = await pages(app);
      expect(after.api).toEqual(VERDANT);
      expect(after.home.body).not.toContain('Second Title');
      expect(after.home.body).toContain('Verdant Websites Grow');
    }
    expect((await history())[0]).toMatchObject({ version: 3, action: 'undone', changed: ['hero.title'] });
    const audit = await call(t.app, 'GET', '/api/security/audit?kind=site-published', admin.headers);
    expect(audit.json().entries[0].action).toBe(SITE_SETTINGS_ACTIVITY.undone('admin', 'hero title'));
  });

  it("resets the draft to the spec's texts exactly; published, every page shows them again", async () => {
    const reset = await act('reset');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ message: M.reset, live: VERDANT, unpublished: true });
    expect(reset.json().draft).toEqual(DEFAULTS);
    expect((await editor()).draft).toStrictEqual(DEFAULTS);
    // Not yet public.
    expect((await getJson(t, '/api/site-settings')).json()).toEqual(VERDANT);

    const published = await act('publish');
    expect(published.statusCode).toBe(200);
    expect(published.json().publish).toMatchObject({ version: 4, action: 'reset', changed: VERDANT_CHANGED });
    for (const app of [t, other]) {
      const after = await pages(app);
      expect(after.api).toStrictEqual(DEFAULTS);
      expect(childText(rssChannel(after.rss.body), 'title')).toBe('AgencyHQ');
      expect(metaOf(after.home.body, 'og:site_name')).toBe('AgencyHQ');
      expect(metaOf(after.postPage.body, 'og:site_name')).toBe('AgencyHQ');
      for (const page of [after.home, after.postPage, after.rss, after.contact, after.terms])
        expect(page.body).not.toContain('Verdant');
      expect(after.home.body).toContain(DEFAULTS.hero.title);
      const footer = footerOf(after.contact.body);
      for (const text of [DEFAULTS.footer.blurb, ...DEFAULTS.footer.services, DEFAULTS.contact.email])
        expect(footer).toContain(text);
    }
  });

  it('steps back through the publishes one undo at a time, then has nothing left to undo', async () => {
    // Standing: the first publish (VERDANT) and the reset; the second publish was undone.
    const first = await act('undo');
    expect(first.json()).toMatchObject({ live: VERDANT, version: 5 });
    const second = await act('undo');
    expect(second.json()).toMatchObject({
      live: DEFAULTS,
      version: 6,
      publish: { changed: VERDANT_CHANGED },
    });
    const none = await act('undo');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.nothingToUndo);
    expect((await editor()).version).toBe(6);
    expect((await history()).map((p) => p.action)).toEqual([
      'undone',
      'undone',
      'reset',
      'undone',
      'published',
      'published',
    ]);
    expect((await getJson(other, '/api/site-settings')).json()).toEqual(DEFAULTS);
  });
});

/** Without the web build (API-only servers): stored documents over the defaults, the feed, the page data. */
describe('Web Settings without the web build', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await seededAdmin(t);
  });
  afterAll(async () => t?.close());

  it('merges a stored document over the defaults: missing fields take theirs, lists are taken whole', async () => {
    await t.database.handle.db
      .insertInto('site_settings')
      .values({
        stage: 'live',
        // An older release's document: no tagline, no footer, an empty services list, a stray field, and a
        // colour today's rule refuses.
        data: JSON.stringify({
          identity: { siteName: 'Stored Name', brandColor: '#ffff00', retired: 'x' },
          services: [],
          hero: { title: 'Stored Hero' },
        }),
        version: 1,
        updated_by: null,
        updated_at: new Date().toISOString(),
      })
      .execute();
    const live = (await getJson(t, '/api/site-settings')).json();
    expect(live).toEqual({
      ...DEFAULTS,
      identity: { ...DEFAULTS.identity, siteName: 'Stored Name' },
      services: [],
      hero: { ...DEFAULTS.hero, title: 'Stored Hero' },
    });
    const rss = await getJson(t, '/rss.xml');
    expect(childText(rssChannel(rss.body), 'title')).toBe('Stored Name');
  });

  it('preloads the live settings with every page, and names the site with them', async () => {
    const db = t.database.handle.db;
    const siteSettings = createSiteSettingsService(db, { siteName: 'AgencyHQ' });
    const load = createPageDataLoader({
      blogs: createBlogsService(db),
      categories: createCategoriesService(db),
      publishing: createPublishingService(
        db,
        createPreviewLinks(db, createSecretBox('k'.repeat(32)), 'http://localhost'),
      ),
      siteSettings,
    });
    const live = await siteSettings.live();
    for (const url of ['/', '/terms', '/contact', '/blog', '/blog/no-such-post', '/no-such-page']) {
      const page = await load(url);
      expect(page.queries, url).toContainEqual({ key: publicQueryKeys.siteSettings(), data: live });
      expect(page.siteName, url).toBe('Stored Name');
    }
  });

  it('publishes and reads back the draft with the API alone', async () => {
    expect((await call(t.app, 'PUT', '/api/site-settings/draft', admin.headers, VERDANT)).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'POST', '/api/site-settings/publish', admin.headers, {})).statusCode).toBe(200);
    expect((await getJson(t, '/api/site-settings')).json()).toEqual(VERDANT);
    expect(childText(rssChannel((await getJson(t, '/rss.xml')).body), 'title')).toBe('Verdant Studio');
  });
});
