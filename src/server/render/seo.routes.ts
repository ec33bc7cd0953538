import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Blog } from '../../shared/schemas/blog';
import type { BlogsService } from '../modules/blogs/blogs.service';

/** Public pages a crawler should find (DESIGN §7); posts are added from the database. */
export const SITEMAP_PAGES = [
  '/',
  '/blog',
  '/pricing',
  '/contact',
  '/documentation',
  '/terms',
  '/privacy',
  '/shipping',
  '/cancellation-refunds',
  '/botgit-privacy',
] as const;

/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_POSTS = 49_000;
/** A feed carries the newest posts with their full content; readers keep what they already fetched. */
export const RSS_MAX_ITEMS = 100;
const CACHE_SECONDS = 300;

/** Characters XML 1.0 forbids anywhere, even escaped; a stray one would make the whole document unreadable. */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** CDATA cannot hold ']]>': split it across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(XML_FORBIDDEN, '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

/** Feed readers show content outside the site: root-relative links and images must carry the origin. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${origin}/`);
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

export function sitemapXml(origin: string, posts: { slug: string; updatedAt: string }[]): string {
  const newest = posts.reduce<string | undefined>(
    (latest, post) => (!latest || post.updatedAt > latest ? post.updatedAt : latest),
    undefined,
  );
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PAGES.map((path) => url(path, path === '/blog' ? newest : undefined)),
    ...posts.map((post) => url(postPath(post.slug), post.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

export function rssXml(origin: string, siteName: string, posts: Blog[]): string {
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
    '    <language>en-us</language>',
    `    <lastBuildDate>${built.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    ...posts.map(item),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
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

/**
 * /sitemap.xml, /rss.xml and /robots.txt (DESIGN §7): the agency's published posts only, straight from the
 * blog service. Independent of the web build, so API-only servers and tests answer them too; registered
 * before the page catch-all.
 */
export function seoRoutes(blogs: BlogsService, siteName: string): FastifyPluginAsync {
  return async (app) => {
    const cache = `public, max-age=${CACHE_SECONDS}`;

    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
      const posts = await blogs.publicSitemapEntries(SITEMAP_MAX_POSTS);
      return reply
        .header('cache-control', cache)
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(requestOrigin(request), posts));
    });

    app.get('/rss.xml', { schema: { hide: true } }, async (request, reply) => {
      const { blogs: posts } = await blogs.list(null, {
        status: 'published',
        page: 1,
        limit: RSS_MAX_ITEMS,
      });
      return reply
        .header('cache-control', cache)
        .type('application/rss+xml; charset=utf-8')
        .send(rssXml(requestOrigin(request), siteName, posts));
    });

    app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
      reply
        .header('cache-control', cache)
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(requestOrigin(request))),
    );
  };
}
