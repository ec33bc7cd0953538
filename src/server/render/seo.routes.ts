import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Blog } from '../../shared/schemas/blog';
import { RSS_MAX_ITEMS, SITEMAP_MAX_URLS } from '../../shared/constants';
import type { BlogsService } from '../modules/blogs/blogs.service';
import { PUBLIC_ROUTE } from '../auth/guards';
import { SITEMAP_PAGES_FILE, createSitemaps, postPath } from './sitemap';
import { cdata, escapeXml } from '../lib/xml';
import { rssLanguage } from '../../shared/public-dates';
import { SERVER_MESSAGES } from '../../shared/messages';
import { answerFromCache, type PublicCache } from '../public-cache/public-cache';
import type { RenderedAnswer } from '../public-cache/page-cache';
import {
  DEFAULT_BRAND_COLOR,
  DEFAULT_LOCALE,
  siteIconPath,
  siteImagePath,
  siteSettingsDefaults,
  type SiteSettings,
} from '../../shared/site-settings';

/** Feed readers show content outside the site: root-relative links and images must carry the origin. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${origin}/`);
}

/** The channel's image (RSS 2.0): the Web Settings logo, when one is published. */
function channelImage(origin: string, siteName: string, logoPath: string | undefined): string[] {
  if (!logoPath) return [];
  return [
    '    <image>',
    `      <url>${escapeXml(origin + logoPath)}</url>`,
    `      <title>${escapeXml(siteName)}</title>`,
    `      <link>${escapeXml(`${origin}/blog`)}</link>`,
    '    </image>',
  ];
}

export function rssXml(
  origin: string,
  siteName: string,
  posts: Blog[],
  logoPath?: string,
  locale: string = DEFAULT_LOCALE,
): string {
  const item = (post: Blog) => {
    const link = escapeXml(origin + postPath(post.slug));
    const date = new Date(post.publishedAt ?? post.createdAt).toUTCString();
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${date}</pubDate>`,
      post.author.username ? `      <dc:creator>${escapeXml(post.author.username)}</dc:creator>` : '',
      post.category ? `      <category>${escapeXml(post.category.name)}</category>` : '',
      `      <description>${escapeXml(post.metaDescription)}</description>`,
      `      <content:encoded>${cdata(absoluteLinks(post.content, origin))}</content:encoded>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  };
  const built = posts[0] ? new Date(posts[0].publishedAt ?? posts[0].createdAt) : new Date();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(siteName)}</title>`,
    `    <link>${escapeXml(`${origin}/blog`)}</link>`,
    `    <description>${escapeXml(`The latest posts from the ${siteName} blog.`)}</description>`,
    `    <language>${escapeXml(rssLanguage(locale))}</language>`,
    `    <lastBuildDate>${built.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    ...channelImage(origin, siteName, logoPath),
    ...posts.map(item),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * /manifest.webmanifest from the live Web Settings: the name, the brand colour, and the uploaded icon's
 * 192 and 512 px squares (without one, the built-in favicon.svg).
 */
export function webManifest(settings: Pick<SiteSettings, 'identity'>): string {
  const { siteName, metaDescription, brandColor, icon } = settings.identity;
  const shortName = siteName.length <= 12 ? siteName : (siteName.split(/\s+/)[0] ?? siteName).slice(0, 12);
  const icons = icon
    ? [192, 512].map((size) => ({
        src: siteIconPath(icon, size),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      }))
    : [{ src: '/static/favicon.svg', sizes: 'any', type: 'image/svg+xml' }];
  const manifest = {
    name: siteName,
    short_name: shortName,
    description: metaDescription,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brandColor || DEFAULT_BRAND_COLOR,
    background_color: '#ffffff',
    icons,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /login',
    'Disallow: /signup',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML = 'application/xml; charset=utf-8';
/** A posts file past the last one: the API's own 404, cached like the files (it changes with them). */
const NOT_FOUND: RenderedAnswer = {
  status: 404,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ message: SERVER_MESSAGES.notFound }),
};

/**
 * /sitemap.xml (and its files once it is an index), /rss.xml and /robots.txt (docs/product/public-site.md#search-engines): the agency's
 * published posts only, straight from the blog service, through the render cache (none of them shows a
 * view count, so a copy lives until the content changes). Independent of the web build, so API-only
 * servers and tests answer them too; registered before the page catch-all. Tests lower `sitemapMaxUrls`.
 */
export function seoRoutes(
  blogs: BlogsService,
  site: {
    name: string;
    url: string;
    /** The live Web Settings' site name (docs/product/web-settings.md), read when the feed is rendered; else `name`. */
    liveName?: () => Promise<string>;
    /** The live Web Settings (docs/product/web-settings.md#images): the feed's logo and the web app manifest. */
    live?: () => Promise<Pick<SiteSettings, 'identity'>>;
  },
  cache: PublicCache,
  options: { sitemapMaxUrls?: number } = {},
): FastifyPluginAsync {
  // Every absolute URL comes from SITE_URL, never from Host or X-Forwarded-Host: one forged header must not
  // put another site's address into a sitemap or feed (and, once cached, into everyone's copy).
  const origin = site.url;
  // A publish raises the content version, so the cached feed is rendered again with the new name.
  const siteName = site.liveName ?? (async () => site.name);
  const live = site.live;
  const logoPath = async () => {
    const logo = live && (await live()).identity.logo;
    return logo ? siteImagePath(logo.mediaId) : undefined;
  };
  const locale = async () => (live ? (await live()).identity.locale : DEFAULT_LOCALE);
  return async (app) => {
    const sitemaps = createSitemaps(blogs, options.sitemapMaxUrls ?? SITEMAP_MAX_URLS);
    const cached = (
      request: FastifyRequest,
      reply: FastifyReply,
      contentType: string,
      build: () => Promise<string>,
    ) =>
      // Keyed by the route: these files read no parameter.
      answerFromCache(request, reply, cache, request.routeOptions.url!, Infinity, async () => ({
        status: 200,
        contentType,
        body: await build(),
      }));
    const route = { schema: { hide: true }, compress: false, config: PUBLIC_ROUTE } as const;

    app.get('/sitemap.xml', route, (request, reply) =>
      cached(request, reply, XML, () => sitemaps.root(origin)),
    );

    app.get(SITEMAP_PAGES_FILE, route, (request, reply) =>
      cached(request, reply, XML, () => sitemaps.pages(origin)),
    );

    app.get('/sitemap-posts-:n.xml', route, async (request, reply) => {
      const { n } = request.params as { n: string };
      // Only the file names the index hands out: 1, 2, 3… (no zero, sign or leading zero).
      if (!/^[1-9]\d{0,5}$/.test(n)) return reply.callNotFound();
      return answerFromCache(request, reply, cache, `/sitemap-posts-${n}.xml`, Infinity, async () => {
        const xml = await sitemaps.posts(origin, Number(n));
        return xml === null ? NOT_FOUND : { status: 200, contentType: XML, body: xml };
      });
    });

    app.get('/rss.xml', route, (request, reply) =>
      cached(request, reply, 'application/rss+xml; charset=utf-8', async () =>
        rssXml(
          origin,
          await siteName(),
          await blogs.publicFeed(RSS_MAX_ITEMS),
          await logoPath(),
          await locale(),
        ),
      ),
    );

    // Through the render cache as the feed: a publish raises the content version, so it is made anew.
    app.get('/manifest.webmanifest', route, (request, reply) =>
      cached(request, reply, 'application/manifest+json; charset=utf-8', async () =>
        webManifest(live ? await live() : siteSettingsDefaults(site.name)),
      ),
    );

    app.get('/robots.txt', route, (request, reply) =>
      cached(request, reply, 'text/plain; charset=utf-8', async () => robotsTxt(origin)),
    );
  };
}
