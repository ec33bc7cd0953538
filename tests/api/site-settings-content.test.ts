import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteImageUploadAnswer, SiteSettingsEditor } from '../../src/shared/schemas/site-settings';
import { SITE_SETTINGS_MESSAGES as M } from '../../src/shared/messages';
import {
  SITE_SETTINGS_LIMITS as L,
  siteSettingsDefaults,
  type SiteSettings,
} from '../../src/shared/site-settings';
import { deleteMediaIfUnused } from '../../src/server/modules/media/media.repository';
import type { Blog } from '../../src/shared/schemas/blog';
import { builtWeb, createTestApp, type TestApp } from './support/test-app';
import { call, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, pngFile } from './support/blogs';
import { child, childText, parseXml } from './support/xml';
import { multipartBody, type FilePart } from './support/multipart';

const DEFAULTS = siteSettingsDefaults('AgencyHQ');

/** The trusted-by strip's first (announced) round: each logo's accessible name, in order. */
function trustedNames(html: string): string[] {
  const strip = /<section aria-labelledby="trusted-by"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  const items = [...strip.matchAll(/<li[^>]*data-testid="trusted-logo"[^>]*>([\s\S]*?)<\/li>/g)];
  return items
    .filter((item) => !/aria-hidden="true"/.test(item[0].slice(0, item[0].indexOf('>'))))
    .map((item) => /aria-label="([^"]*)"|<img[^>]*\salt="([^"]*)"/.exec(item[1]!))
    .map((match) => match?.[1] ?? match?.[2] ?? '?');
}
/** The site's footer: the page's last <footer>. */
const footerOf = (html: string) => [...html.matchAll(/<footer[\s\S]*?<\/footer>/g)].at(-1)?.[0] ?? '';
const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
/** Every <time> element's text on a page. */
const timesOf = (html: string) => [...html.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((match) => match[1]);
const dateIn = (iso: string, month: 'short' | 'long', locale: string, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { month, day: 'numeric', year: 'numeric', timeZone }).format(new Date(iso));
const feedLanguage = (xml: string) => childText(child(parseXml(xml), 'channel')!, 'language');
const trustedCount = (html: string) => html.match(/data-testid="trusted-logo"/g)?.length ?? 0;

/**
 * docs/product/web-settings.md#images, the last parts of the Web Settings: the trusted-by logos (the spec's four wordmarks by default,
 * reordered, hidden, named and joined by uploads), the footer's own links, and the public dates' locale
 * and time zone. Refused input changes nothing; the defaults show the site as specified.
 */
describe('Web Settings: trusted-by logos, footer links, dates', () => {
  let t: TestApp;
  let admin: TestUser;
  let post: Blog;

  const editor = async (): Promise<SiteSettingsEditor> =>
    (await call(t.app, 'GET', '/api/site-settings/draft', admin.headers)).json();
  const saveDraft = (settings: unknown) =>
    call(t.app, 'PUT', '/api/site-settings/draft', admin.headers, settings);
  const act = (action: 'publish' | 'reset') =>
    call(t.app, 'POST', `/api/site-settings/${action}`, admin.headers, {});
  const upload = (kind: string, file: FilePart) => {
    const body = multipartBody({}, { image: file });
    return t.app.inject({
      method: 'POST',
      url: `/api/site-settings/images/${kind}`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const uploaded = async (kind: string, file: FilePart) => {
    const response = await upload(kind, file);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as SiteImageUploadAnswer).image;
  };
  /** Back to the defaults, published (a no-op when the site already shows them). */
  async function restoreDefaults() {
    await act('reset');
    await act('publish');
  }

  beforeAll(async () => {
    t = await createTestApp({ web: await builtWeb() });
    admin = await seededAdmin(t);
    const category = await createCategory(t, admin.headers, 'Field Notes');
    post = await createBlog(
      t,
      admin.headers,
      blogFields(category.id, { status: 'published', title: 'Notes From The Field' }),
    );
  });
  afterAll(async () => t?.close());

  it("shows the spec's four wordmarks three times by default", async () => {
    expect(((await getJson(t, '/api/site-settings')).json() as SiteSettings).trustedBy).toEqual(
      DEFAULTS.trustedBy,
    );
    const home = (await getJson(t, '/')).body;
    expect(trustedCount(home)).toBe(12);
    expect(trustedNames(home)).toEqual(['Northpeak', 'Lumen &amp; Co', 'Arcfield', 'Veloura']);
    expect(home).not.toMatch(/data-testid="trusted-logo"[^>]*>\s*<img/);
  });

  it('makes an uploaded logo at most 96 px tall, a PNG; an unsafe SVG is refused', async () => {
    const png = await uploaded('trusted', await pngFile(600, 300));
    expect(png).toMatchObject({ width: 192, height: 96 });
    const svg = await uploaded('trusted', {
      filename: 'acme.svg',
      contentType: 'image/svg+xml',
      bytes: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="30"><rect width="120" height="30" fill="#334155"/></svg>',
      ),
    });
    expect(svg).toMatchObject({ width: 384, height: 96 });
    const refused = await upload('trusted', {
      filename: 'evil.svg',
      contentType: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9" onload="alert(1)"/>'),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.svgRefused('an event handler (an on… attribute)'));
  });

  it('refuses a bad trusted-by list: 400 with a message, nothing saved', async () => {
    const before = await editor();
    const logo = await uploaded('logo', await pngFile(900, 600)); // 512 px tall: not a trusted-by logo
    const first = DEFAULTS.trustedBy[0]!;
    const cases: [string, SiteSettings['trustedBy'], string, string][] = [
      ['no name', [{ ...first, name: '  ' }], 'trustedBy.0.name', M.required],
      [
        'HTML in the name',
        [{ ...first, name: '<img src=x onerror=alert(1)>' }],
        'trustedBy.0.name',
        M.plainTextOnly,
      ],
      [
        'a name past its limit',
        [{ ...first, name: 'n'.repeat(L.trustedName + 1) }],
        'trustedBy.0.name',
        M.tooLong(L.trustedName),
      ],
      ['neither wordmark nor image', [{ ...first, builtIn: null }], 'trustedBy.0.mediaId', M.trustedLogoOne],
      [
        'both wordmark and image',
        [{ ...first, mediaId: logo.mediaId }],
        'trustedBy.0.mediaId',
        M.trustedLogoOne,
      ],
      [
        'an image that is no upload',
        [{ name: 'Ghost', builtIn: null, mediaId: '00000000-0000-4000-8000-000000000000', visible: true }],
        'trustedBy.0.mediaId',
        M.imageUnknown,
      ],
      [
        'an upload of another kind',
        [{ name: 'Too Tall', builtIn: null, mediaId: logo.mediaId, visible: true }],
        'trustedBy.0.mediaId',
        M.imageUnknown,
      ],
      [
        'more logos than the strip holds',
        Array.from({ length: L.trustedMax + 1 }, () => first),
        'trustedBy',
        `At most ${L.trustedMax} logos.`,
      ],
    ];
    for (const [label, trustedBy, field, message] of cases) {
      const response = await saveDraft({ ...before.draft, trustedBy });
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toBe(message);
      expect(response.json().errors, label).toContainEqual({ field, message });
    }
    const unknownWordmark = await saveDraft({
      ...before.draft,
      trustedBy: [{ ...first, builtIn: 'acme' }],
    });
    expect(unknownWordmark.statusCode).toBe(400);
    expect(await editor()).toEqual(before);
  });

  it('publishes an uploaded logo with its alt text, the new order and a hidden wordmark', async () => {
    const acme = await uploaded('trusted', await pngFile(300, 100));
    const [northpeak, lumen, arcfield, veloura] = DEFAULTS.trustedBy;
    const { draft } = await editor();
    const saved = await saveDraft({
      ...draft,
      trustedBy: [
        { name: 'Acme Studio', builtIn: null, mediaId: acme.mediaId, visible: true },
        veloura,
        { ...arcfield, visible: false },
        { ...northpeak, name: 'Northpeak Outfitters' },
        lumen,
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await act('publish')).json().publish.changed).toEqual(['trustedBy']);

    const home = (await getJson(t, '/')).body;
    expect(trustedNames(home)).toEqual(['Acme Studio', 'Veloura', 'Northpeak Outfitters', 'Lumen &amp; Co']);
    expect(trustedCount(home)).toBe(12);
    expect(home).toContain(`src="/api/media/${acme.mediaId}" alt="Acme Studio"`);
    // The repeats are decoration: hidden from screen readers, their images without alt text.
    expect(home.match(new RegExp(`src="/api/media/${acme.mediaId}" alt=""`, 'g'))).toHaveLength(2);
    expect(home).not.toContain('aria-label="Arcfield"');

    // An image the live settings name is kept when its other uses go.
    await deleteMediaIfUnused(t.database.handle.db, acme.mediaId);
    expect((await getJson(t, `/api/media/${acme.mediaId}`)).statusCode).toBe(200);

    // Every logo hidden: no strip at all.
    const { draft: next } = await editor();
    const hidden = await saveDraft({
      ...next,
      trustedBy: next.trustedBy.map((l) => ({ ...l, visible: false })),
    });
    expect(hidden.statusCode).toBe(200);
    await act('publish');
    const bare = (await getJson(t, '/')).body;
    expect(bare).not.toContain('id="trusted-by"');
    expect(trustedCount(bare)).toBe(0);

    await restoreDefaults();
    expect(trustedNames((await getJson(t, '/')).body)).toEqual([
      'Northpeak',
      'Lumen &amp; Co',
      'Arcfield',
      'Veloura',
    ]);
  });

  it('refuses bad footer links: 400 with a message, nothing saved', async () => {
    const before = await editor();
    const link = { label: 'Careers', href: '/blog' };
    const cases: [string, SiteSettings['navigation']['footer'], string, string][] = [
      [
        'a page that does not exist',
        [{ ...link, href: '/careers' }],
        'navigation.footer.0.href',
        M.linkUnknown('/careers'),
      ],
      [
        'a javascript: link',
        [{ ...link, href: 'javascript:alert(1)' }],
        'navigation.footer.0.href',
        M.linkInvalid,
      ],
      ['no link text', [{ ...link, label: '' }], 'navigation.footer.0.label', M.required],
      ['HTML in the text', [{ ...link, label: '<b>Jobs</b>' }], 'navigation.footer.0.label', M.plainTextOnly],
      [
        'more links than the footer holds',
        Array.from({ length: L.footerLinksMax + 1 }, () => link),
        'navigation.footer',
        `At most ${L.footerLinksMax} links.`,
      ],
    ];
    for (const [label, footer, field, message] of cases) {
      const response = await saveDraft({
        ...before.draft,
        navigation: { ...before.draft.navigation, footer },
      });
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toBe(message);
      expect(response.json().errors, label).toContainEqual({ field, message });
    }
    expect(await editor()).toEqual(before);
  });

  it('shows the published footer links on every page with a footer; the legal links, Login and Sign Up stay', async () => {
    const defaultFooter = footerOf((await getJson(t, '/contact')).body);
    expect(defaultFooter).toMatch(/<a[^>]*href="\/contact"[^>]*>Contact form<\/a>/);

    const { draft } = await editor();
    const saved = await saveDraft({
      ...draft,
      navigation: {
        ...draft.navigation,
        footer: [
          { label: 'Our Journal', href: '/blog' },
          { label: 'Press Kit', href: 'https://press.example.com/kit' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await act('publish')).json().publish.changed).toEqual(['navigation.footer']);

    for (const url of ['/contact', '/', '/terms']) {
      const footer = footerOf((await getJson(t, url)).body);
      expect(footer, url).toMatch(/<a[^>]*href="\/blog"[^>]*>Our Journal<\/a>/);
      expect(footer, url).toMatch(
        /<a href="https:\/\/press\.example\.com\/kit" target="_blank" rel="noopener noreferrer"[^>]*>Press Kit/,
      );
      expect(footer, url).not.toContain('>Contact form</a>');
      for (const fixed of ['Privacy Policy', 'Terms of Service', 'Login', 'Sign Up', 'v00.04'])
        expect(footer, `${url}: ${fixed}`).toContain(fixed);
    }
    await restoreDefaults();
    expect(footerOf((await getJson(t, '/contact')).body)).toMatch(/href="\/contact"[^>]*>Contact form<\/a>/);
  });

  it('dates the blog in US format, UTC, with the page and feed in en-US by default', async () => {
    expect(((await getJson(t, '/api/site-settings')).json() as SiteSettings).identity).toMatchObject({
      locale: 'en-US',
      timeZone: 'UTC',
    });
    const date = post.publishedAt!;
    const postPage = (await getJson(t, `/blog/${post.slug}`)).body;
    expect(langOf(postPage)).toBe('en-US');
    expect(timesOf(postPage)).toContain(dateIn(date, 'long', 'en-US', 'UTC'));
    expect(dateIn('2026-11-21T12:00:00Z', 'long', 'en-US', 'UTC')).toBe('November 21, 2026');
    expect(timesOf((await getJson(t, '/blog')).body)).toContain(dateIn(date, 'short', 'en-US', 'UTC'));
    expect(langOf((await getJson(t, '/')).body)).toBe('en-US');
    expect(feedLanguage((await getJson(t, '/rss.xml')).body)).toBe('en-us');
  });

  it('refuses a locale or time zone the server does not know: 400 with a message, nothing saved', async () => {
    const before = await editor();
    const cases: [string, Partial<SiteSettings['identity']>, string, string][] = [
      ['not a language tag', { locale: 'english please' }, 'identity.locale', M.localeInvalid],
      ['an unknown language', { locale: 'qqq' }, 'identity.locale', M.localeInvalid],
      ['HTML as a locale', { locale: '<b>en</b>' }, 'identity.locale', M.localeInvalid],
      ['an empty locale', { locale: '' }, 'identity.locale', M.localeInvalid],
      ['an unknown zone', { timeZone: 'Mars/Olympus_Mons' }, 'identity.timeZone', M.timeZoneInvalid],
      ['a zone with a space', { timeZone: 'America/New York' }, 'identity.timeZone', M.timeZoneInvalid],
      ['an offset, not a zone', { timeZone: '+05:30' }, 'identity.timeZone', M.timeZoneInvalid],
      [
        'a long zone',
        { timeZone: `Europe/${'x'.repeat(L.timeZone)}` },
        'identity.timeZone',
        M.timeZoneInvalid,
      ],
    ];
    for (const [label, identity, field, message] of cases) {
      const response = await saveDraft({
        ...before.draft,
        identity: { ...before.draft.identity, ...identity },
      });
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toBe(message);
      expect(response.json().errors, label).toContainEqual({ field, message });
    }
    expect(await editor()).toEqual(before);
  });

  it('dates the blog in the published locale and time zone; the page and feed name the language', async () => {
    const { draft } = await editor();
    // Stored as the runtime spells them.
    const saved = await saveDraft({
      ...draft,
      identity: { ...draft.identity, locale: 'de-de', timeZone: 'asia/tokyo' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as SiteSettingsEditor).draft.identity).toMatchObject({
      locale: 'de-DE',
      timeZone: 'Asia/Tokyo',
    });
    expect((await act('publish')).json().publish.changed).toEqual(['identity.locale', 'identity.timeZone']);

    const date = post.publishedAt!;
    const long = dateIn(date, 'long', 'de-DE', 'Asia/Tokyo');
    expect(long).toMatch(/^\d{1,2}\. \S+ \d{4}$/); // '21. November 2026'
    const postPage = (await getJson(t, `/blog/${post.slug}`)).body;
    expect(langOf(postPage)).toBe('de-DE');
    expect(timesOf(postPage)).toContain(long);
    expect(timesOf(postPage)).not.toContain(dateIn(date, 'long', 'en-US', 'UTC'));
    const list = (await getJson(t, '/blog')).body;
    expect(langOf(list)).toBe('de-DE');
    expect(timesOf(list)).toContain(dateIn(date, 'short', 'de-DE', 'Asia/Tokyo'));
    expect(langOf((await getJson(t, '/contact')).body)).toBe('de-DE');
    expect(feedLanguage((await getJson(t, '/rss.xml')).body)).toBe('de-de');

    await restoreDefaults();
    const back = (await getJson(t, `/blog/${post.slug}`)).body;
    expect(langOf(back)).toBe('en-US');
    expect(timesOf(back)).toContain(dateIn(date, 'long', 'en-US', 'UTC'));
  });
});
