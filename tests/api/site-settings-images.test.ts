import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { SiteImageUploadAnswer, SiteSettingsEditor } from '../../src/shared/schemas/site-settings';
import { ROLES } from '../../src/shared/roles';
import { AGENCY_WORKSPACE_ID } from '../../src/shared/workspace-deletion';
import { SITE_SETTINGS_MESSAGES as M } from '../../src/shared/messages';
import { siteSettingsDefaults, type SiteImageKind, type SiteSettings } from '../../src/shared/site-settings';
import { deleteMediaIfUnused } from '../../src/server/modules/media/media.repository';
import { svgProblem } from '../../src/server/modules/site-settings/site-images';
import { createSiteSettingsService } from '../../src/server/modules/site-settings/site-settings.service';
import { builtWeb, createTestApp, SITE_URL, type TestApp } from './support/test-app';
import { call, insertUser, seededAdmin, type TestUser } from './support/users';
import { blogFields, createBlog, createCategory, getJson, pngFile } from './support/blogs';
import { multipartBody, type FilePart } from './support/multipart';
import { child, childText, parseXml } from './support/xml';

const DEFAULTS = siteSettingsDefaults('AgencyHQ');

const metaOf = (html: string, name: string) =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html)?.[1];
const linksOf = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*>`, 'g'))].map((match) => match[0]);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

const svgFile = (svg: string, filename = 'logo.svg'): FilePart => ({
  filename,
  contentType: 'image/svg+xml',
  bytes: Buffer.from(svg),
});
const PLAIN_SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
  '<defs><linearGradient id="g"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#134e4a"/></linearGradient></defs>' +
  '<rect width="120" height="40" rx="8" fill="url(#g)"/><text x="60" y="26" font-size="16" text-anchor="middle" fill="#fff">Verdant</text></svg>';

/** SVGs that could run code or fetch something when shown: each refused, with what it holds. */
const UNSAFE_SVGS: [string, string, string][] = [
  [
    'a script',
    'a script',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  ],
  [
    'onload=',
    'an event handler (an on… attribute)',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>',
  ],
  [
    'a javascript: href',
    'a javascript: link',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><a xlink:href="jav&#x61;script:alert(1)"><rect width="10" height="10"/></a></svg>',
  ],
  [
    'foreignObject',
    'embedded HTML (foreignObject)',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>',
  ],
  [
    'an external image',
    'a reference to another file or address',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="https://tracker.example/pixel.png" width="10" height="10"/></svg>',
  ],
  [
    'a file reference',
    'a reference to another file or address',
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="/etc/passwd" width="10" height="10"/></svg>',
  ],
];

/**
 * docs/product/web-settings.md#images, the site's images: the logo, icon and share image are uploaded (Admin only; an SVG drawn as a
 * PNG, refused when it could run code or load anything), put in the draft, and on publish shown on every
 * page, in its head tags, JSON-LD, the feed and the web app manifest; undo brings the previous ones back.
 */
describe('Web Settings images', () => {
  let t: TestApp;
  let admin: TestUser;

  const upload = (
    kind: SiteImageKind | string,
    file: FilePart | null,
    headers: { authorization: string } | null = admin.headers,
  ) => {
    const body = multipartBody({}, file ? { image: file } : {});
    return t.app.inject({
      method: 'POST',
      url: `/api/site-settings/images/${kind}`,
      headers: { ...(headers ?? {}), ...body.headers },
      payload: body.payload,
    });
  };
  const uploaded = async (kind: SiteImageKind, file: FilePart) => {
    const response = await upload(kind, file);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as SiteImageUploadAnswer).image;
  };
  const editor = async (): Promise<SiteSettingsEditor> =>
    (await call(t.app, 'GET', '/api/site-settings/draft', admin.headers)).json();
  const saveDraft = (settings: SiteSettings) =>
    call(t.app, 'PUT', '/api/site-settings/draft', admin.headers, settings);
  /** Saves `identity` over the current draft and publishes it. */
  async function publishIdentity(identity: Partial<SiteSettings['identity']>) {
    const { draft } = await editor();
    const saved = await saveDraft({ ...draft, identity: { ...draft.identity, ...identity } });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call(t.app, 'POST', '/api/site-settings/publish', admin.headers, {});
    expect(published.statusCode, published.body).toBe(200);
  }
  const mediaCount = async () =>
    Number(
      (
        await t.database.handle.db
          .selectFrom('media')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** An image the site serves, with its type and its pixel size as sharp reads it. */
  async function served(path: string) {
    const response: LightMyRequestResponse = await getJson(t, path.replace(SITE_URL, ''));
    expect(response.statusCode, path).toBe(200);
    const meta = await sharp(response.rawPayload).metadata();
    return {
      type: response.headers['content-type'],
      format: meta.format,
      width: meta.width,
      height: meta.height,
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ web: await builtWeb() });
    admin = await seededAdmin(t);
  });
  afterAll(async () => t?.close());

  it('lets only the Admin upload: 401 without a session, 403 for every other role, nothing stored', async () => {
    const png = await pngFile(64, 64);
    const before = await mediaCount();
    const others = [];
    for (const role of ROLES.filter((r) => r !== 'Admin'))
      others.push({ role, user: await insertUser(t, { workspaceId: AGENCY_WORKSPACE_ID, role }) });
    for (const kind of ['logo', 'icon', 'share'] as const) {
      expect((await upload(kind, png, null)).statusCode).toBe(401);
      for (const { role, user } of others) {
        const response = await upload(kind, png, user.headers);
        expect(response.statusCode, `${kind} as ${role}`).toBe(403);
        expect(response.json().message).toBe(M.adminOnly);
      }
    }
    expect((await upload('banner', png)).statusCode).toBe(400);
    expect(await mediaCount()).toBe(before);
  });

  it('makes the logo, the icon squares and the 1200×630 share image from PNG uploads', async () => {
    const logo = await uploaded('logo', await pngFile(900, 600));
    expect(logo).toMatchObject({ width: 768, height: 512, path: `/api/media/${logo.mediaId}` });
    expect(await served(logo.path)).toMatchObject({ type: 'image/png', width: 768, height: 512 });

    const icon = await uploaded('icon', await pngFile(600, 400));
    expect(icon).toMatchObject({ width: 512, height: 512 });
    for (const size of [32, 180, 192])
      expect(await served(`/api/media/${icon.mediaId}/w/${size}`)).toMatchObject({
        type: 'image/png',
        width: size,
        height: size,
      });

    const share = await uploaded('share', await pngFile(800, 800));
    expect(share).toMatchObject({ width: 1200, height: 630 });
    expect(await served(share.path)).toMatchObject({ width: 1200, height: 630 });
  });

  it('draws an SVG without script as a PNG', async () => {
    const logo = await uploaded('logo', svgFile(PLAIN_SVG));
    // Drawn at the logo's full height, in its proportions (120×40).
    expect(logo).toMatchObject({ width: 1536, height: 512 });
    const image = await served(logo.path);
    expect(image).toMatchObject({ type: 'image/png', format: 'png', width: 1536, height: 512 });
    const bytes = (await getJson(t, logo.path)).rawPayload;
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.toString('latin1')).not.toContain('<svg');
    const icon = await uploaded('icon', svgFile(PLAIN_SVG, 'icon.svg'));
    expect(await served(`/api/media/${icon.mediaId}/w/192`)).toMatchObject({ width: 192, height: 192 });
  });

  it('refuses an SVG with a script, an on… attribute, a javascript: link, foreignObject or a reference: 400, nothing stored', async () => {
    const before = await mediaCount();
    for (const [name, what, svg] of UNSAFE_SVGS) {
      for (const kind of ['logo', 'icon', 'share'] as const) {
        const response = await upload(kind, svgFile(svg));
        expect(response.statusCode, `${name} as ${kind}`).toBe(400);
        expect(response.json()).toEqual({ message: M.svgRefused(what) });
      }
    }
    expect(await mediaCount()).toBe(before);
    // Gradients (url(#id)), in-file links and embedded raster images are plain drawing.
    expect(svgProblem(PLAIN_SVG)).toBeNull();
    expect(
      svgProblem(
        '<svg xmlns="http://www.w3.org/2000/svg"><use href="#a"/><image href="data:image/png;base64,AAAA"/></svg>',
      ),
    ).toBeNull();
    for (const svg of [
      '<svg><SCRIPT >x</SCRIPT></svg>',
      '<svg/onload=alert(1)>',
      '<svg><a href=" java\nscript:alert(1)">x</a></svg>',
      '<svg><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>',
      '<svg><style>@import url(https://x.example/a.css);</style></svg>',
      '<!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>',
    ])
      expect(svgProblem(svg), svg).not.toBeNull();
  });

  it('answers 413 past 5 MB, 415 for what is not an image and 400 without a file, as the blog upload does', async () => {
    const before = await mediaCount();
    const png = await pngFile(200, 200);
    const huge = await upload('logo', {
      ...png,
      bytes: Buffer.concat([png.bytes, Buffer.alloc(6 * 1024 * 1024)]),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: M.imageTooLarge });
    for (const file of [
      {
        filename: 'evil.png',
        contentType: 'image/png',
        bytes: Buffer.from('<!doctype html><script>1</script>'),
      },
      { filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('just text') },
      { filename: 'broken.png', contentType: 'image/png', bytes: png.bytes.subarray(0, 60) },
    ]) {
      const response = await upload('icon', file);
      expect(response.statusCode, file.filename).toBe(415);
      expect(response.json()).toEqual({ message: M.imageNotAnImage });
    }
    const none = await upload('share', null);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.imageMissing);
    expect(await mediaCount()).toBe(before);
  });

  it("refuses a draft naming an image that is not the agency's upload of that kind", async () => {
    const { draft } = await editor();
    const logo = await uploaded('logo', await pngFile(100, 50));
    for (const identity of [
      { logo: { mediaId: '00000000-0000-4000-8000-000000000000', width: 1, height: 1, alt: '' } },
      { icon: logo.mediaId }, // a logo is not an icon
      { shareImage: logo.mediaId },
    ]) {
      const response = await saveDraft({ ...draft, identity: { ...draft.identity, ...identity } });
      expect(response.statusCode, JSON.stringify(identity)).toBe(400);
      expect(response.json().message).toBe(M.imageUnknown);
    }
    // The logo's size is the upload's, whatever the editor sent.
    const saved = await saveDraft({
      ...draft,
      identity: { ...draft.identity, logo: { mediaId: logo.mediaId, width: 5, height: 5, alt: '' } },
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as SiteSettingsEditor).draft.identity.logo).toEqual({
      mediaId: logo.mediaId,
      width: 100,
      height: 50,
      alt: '',
    });
    await call(t.app, 'POST', '/api/site-settings/reset', admin.headers, {});
  });

  it('shows the published images everywhere: logo, JSON-LD, icons, share image, feed, manifest; undo restores them', async () => {
    const manifestBefore = (await getJson(t, '/manifest.webmanifest')).json();
    expect(manifestBefore).toMatchObject({
      name: 'AgencyHQ',
      start_url: '/',
      display: 'standalone',
      theme_color: DEFAULTS.identity.brandColor,
      icons: [{ src: '/static/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
    });
    const homeBefore = (await getJson(t, '/')).body;
    expect(linksOf(homeBefore, 'icon')).toEqual([expect.stringContaining('/static/favicon.svg')]);
    expect(linksOf(homeBefore, 'manifest')).toHaveLength(1);

    const category = await createCategory(t, admin.headers, 'Pictures');
    const post = await createBlog(
      t,
      admin.headers,
      blogFields(category.id, { status: 'published', title: 'A Post With Its Own Picture' }),
      await pngFile(1000, 500),
    );

    const first = await uploaded('logo', await pngFile(300, 100));
    const logo = await uploaded('logo', svgFile(PLAIN_SVG));
    const icon = await uploaded('icon', await pngFile(512, 512));
    const share = await uploaded('share', await pngFile(1600, 900));
    await publishIdentity({
      siteName: 'Verdant Studio',
      logo: { mediaId: first.mediaId, width: first.width, height: first.height, alt: '' },
    });
    await publishIdentity({
      brandColor: '#0f766e',
      logo: { mediaId: logo.mediaId, width: logo.width, height: logo.height, alt: '' },
      icon: icon.mediaId,
      shareImage: share.mediaId,
    });
    const history = (await call(t.app, 'GET', '/api/site-settings/history', admin.headers)).json();
    expect(history.publishes[0].changed).toEqual([
      'identity.brandColor',
      'identity.logo',
      'identity.icon',
      'identity.shareImage',
    ]);

    const home = (await getJson(t, '/')).body;
    // The logo replaces the mark and the name; its alt text is the site name.
    expect(home).toMatch(new RegExp(`<img src="/api/media/${logo.mediaId}" alt="Verdant Studio"`));
    const organization = jsonLdOf(home).find((data) => data['@type'] === 'Organization')!;
    expect(organization.logo).toBe(`${SITE_URL}/api/media/${logo.mediaId}`);
    // One icon link, the uploaded favicon's; the touch icon; the manifest.
    const icons = linksOf(home, 'icon');
    expect(icons).toHaveLength(1);
    expect(home).not.toContain('/static/favicon.svg');
    expect(attr(icons[0]!, 'sizes')).toBe('32x32');
    expect(await served(attr(icons[0]!, 'href')!)).toMatchObject({ width: 32, height: 32 });
    const touch = linksOf(home, 'apple-touch-icon');
    expect(touch).toHaveLength(1);
    expect(await served(attr(touch[0]!, 'href')!)).toMatchObject({ width: 180, height: 180 });
    expect(linksOf(home, 'manifest').map((tag) => attr(tag, 'href'))).toEqual(['/manifest.webmanifest']);

    // Pages without their own picture show the share image; a post keeps its featured image.
    const contact = (await getJson(t, '/contact')).body;
    expect(metaOf(contact, 'og:image')).toBe(`${SITE_URL}/api/media/${share.mediaId}`);
    expect(metaOf(contact, 'twitter:image')).toBe(`${SITE_URL}/api/media/${share.mediaId}`);
    expect(metaOf(contact, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(contact, 'og:image:width')).toBe('1200');
    expect(metaOf(contact, 'og:image:height')).toBe('630');
    expect(await served(metaOf(contact, 'og:image')!)).toMatchObject({ width: 1200, height: 630 });
    const postPage = (await getJson(t, `/blog/${post.slug}`)).body;
    expect(metaOf(postPage, 'og:image')).toContain(post.featuredImage!.path);
    expect(metaOf(postPage, 'og:image')).not.toContain(share.mediaId);

    // The feed's channel image is the logo.
    const channel = child(parseXml((await getJson(t, '/rss.xml')).body), 'channel')!;
    expect(childText(child(channel, 'image')!, 'url')).toBe(`${SITE_URL}/api/media/${logo.mediaId}`);

    const manifestAnswer = await getJson(t, '/manifest.webmanifest');
    expect(manifestAnswer.headers['content-type']).toContain('application/manifest+json');
    const manifest = manifestAnswer.json();
    expect(manifest).toMatchObject({ name: 'Verdant Studio', theme_color: '#0f766e', start_url: '/' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
    for (const { src, sizes, type } of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const size = Number(sizes.split('x')[0]);
      expect(await served(src)).toMatchObject({ type, width: size, height: size });
    }

    // Images the settings name are never deleted as unused; one nothing names is.
    const spare = await uploaded('logo', await pngFile(40, 40));
    for (const id of [first.mediaId, logo.mediaId, icon.mediaId, share.mediaId, spare.mediaId])
      await deleteMediaIfUnused(t.database.handle.db, id);
    for (const id of [first.mediaId, logo.mediaId, icon.mediaId, share.mediaId])
      expect((await getJson(t, `/api/media/${id}`)).statusCode, id).toBe(200);
    expect((await getJson(t, `/api/media/${spare.mediaId}`)).statusCode).toBe(404);

    // Undo: the first logo again, no icon or share image, the manifest with them.
    const undone = await call(t.app, 'POST', '/api/site-settings/undo', admin.headers, {});
    expect(undone.statusCode, undone.body).toBe(200);
    const after = (await getJson(t, '/')).body;
    expect(after).toMatch(new RegExp(`<img src="/api/media/${first.mediaId}" alt="Verdant Studio"`));
    expect(after).not.toContain(logo.mediaId);
    expect(linksOf(after, 'icon')).toEqual([expect.stringContaining('/static/favicon.svg')]);
    expect(metaOf((await getJson(t, '/contact')).body, 'og:image')).toBeUndefined();
    expect((await getJson(t, '/manifest.webmanifest')).json()).toMatchObject({
      name: 'Verdant Studio',
      theme_color: DEFAULTS.identity.brandColor,
      icons: [{ src: '/static/favicon.svg' }],
    });

    // Back to the defaults: the built-in mark and name.
    await call(t.app, 'POST', '/api/site-settings/reset', admin.headers, {});
    await call(t.app, 'POST', '/api/site-settings/publish', admin.headers, {});
    const reset = (await getJson(t, '/')).body;
    for (const id of [first.mediaId, logo.mediaId, icon.mediaId, share.mediaId])
      expect(reset).not.toContain(id);
    expect(linksOf(reset, 'icon')).toEqual([expect.stringContaining('/static/favicon.svg')]);
    expect((await getJson(t, '/manifest.webmanifest')).json()).toEqual(manifestBefore);
  });

  it('reads a settings document stored before the images existed: no logo, icon or share image', async () => {
    const { logo: _logo, icon: _icon, shareImage: _share, ...older } = DEFAULTS.identity;
    await t.database.handle.db
      .updateTable('site_settings')
      .set({ data: JSON.stringify({ ...DEFAULTS, identity: { ...older, siteName: 'Older Studio' } }) })
      .where('stage', '=', 'live')
      .execute();
    const service = createSiteSettingsService(t.database.handle.db, { siteName: 'AgencyHQ' });
    expect((await service.live()).identity).toEqual({ ...DEFAULTS.identity, siteName: 'Older Studio' });
  });
});
