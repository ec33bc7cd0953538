import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Blog } from '../../shared/schemas/blog';
import { RSS_MAX_ITEMS, SITEMAP_MAX_URLS } from '../../shared/constants';
import type { BlogsService } from '../modules/blogs/blogs.service';
import { SITEMAP_PAGES_FILE, createSitemaps, postPath } from './sitemap';
import { cdata, escapeXml } from './xml';

const CACHE_SECONDS = 300;

/** Feed readers show content outside the site: root-relative links and images must carry the origin. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${origin}/`);
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
 * /sitemap.xml (and its files once it is an index), /rss.xml and /robots.txt (DESIGN §7): the agency's
 * published posts only, straight from the blog service. Independent of the web build, so API-only servers
 * and tests answer them too; registered before the page catch-all. Tests lower `sitemapMaxUrls`.
 */
export function seoRoutes(
  blogs: BlogsService,
  site: { name: string; url: string },
  options: { sitemapMaxUrls?: number } = {},
): FastifyPluginAsync {
  // Every absolute URL comes from SITE_URL, never from Host or X-Forwarded-Host: one forged header must not
  // put another site's address into a sitemap or feed (and, once cached, into everyone's copy).
  const origin = site.url;
  const siteName = site.name;
  return async (app) => {
    const cache = `public, max-age=${CACHE_SECONDS}`;
    const sitemaps = createSitemaps(blogs, options.sitemapMaxUrls ?? SITEMAP_MAX_URLS);
    const sendXml = (reply: FastifyReply, xml: string) =>
      reply.header('cache-control', cache).type('application/xml; charset=utf-8').send(xml);

    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
      sendXml(reply, await sitemaps.root(origin)),
    );

    app.get(SITEMAP_PAGES_FILE, { schema: { hide: true } }, async (request, reply) =>
      sendXml(reply, await sitemaps.pages(origin)),
    );

    app.get('/sitemap-posts-:n.xml', { schema: { hide: true } }, async (request, reply) => {
      const { n } = request.params as { n: string };
      // Only the file names the index hands out: 1, 2, 3… (no zero, sign or leading zero).
      const xml = /^[1-9]\d{0,5}$/.test(n) ? await sitemaps.posts(origin, Number(n)) : null;
      if (xml !== null) return sendXml(reply, xml);
      reply.callNotFound();
      return reply;
    });

    app.get('/rss.xml', { schema: { hide: true } }, async (request, reply) => {
      const posts = await blogs.publicFeed(RSS_MAX_ITEMS);
      return reply
        .header('cache-control', cache)
        .type('application/rss+xml; charset=utf-8')
        .send(rssXml(origin, siteName, posts));
    });

    app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
      reply.header('cache-control', cache).type('text/plain; charset=utf-8').send(robotsTxt(origin)),
    );
  };
}
