import { SITEMAP_MAX_URLS } from '../../shared/constants';
import { PUBLIC_PAGES } from '../../shared/site';
import type { BlogsService } from '../modules/blogs/blogs.service';
import { escapeXml } from '../lib/xml';

/** Public pages a crawler should find (docs/product/public-site.md#search-engines); posts are added from the database. */
export const SITEMAP_PAGES = PUBLIC_PAGES;

export const SITEMAP_PAGES_FILE = '/sitemap-pages.xml';
export const sitemapPostsFile = (n: number) => `/sitemap-posts-${n}.xml`;
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

interface SitemapEntry {
  path: string;
  lastmod?: string | null;
}

function urlset(origin: string, entries: SitemapEntry[]): string {
  const url = ({ path, lastmod }: SitemapEntry) =>
    `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="${NAMESPACE}">`,
    ...entries.map(url),
    '</urlset>',
    '',
  ].join('\n');
}

function sitemapIndex(origin: string, files: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<sitemapindex xmlns="${NAMESPACE}">`,
    ...files.map((file) => `  <sitemap><loc>${escapeXml(origin + file)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/**
 * /sitemap.xml is one <urlset> while the public pages and every published post fit in one file (the usual
 * site: one fetch, nothing to follow), and becomes a <sitemapindex> once they do not: the pages file, then
 * the posts oldest first in files of at most `maxUrls` (the protocol's 50,000; tests pass less), so a new
 * post only ever changes the last file. The files answer in both cases, so a crawler holding an index
 * from before posts were removed still finds valid files.
 */
export function createSitemaps(blogs: BlogsService, maxUrls: number = SITEMAP_MAX_URLS) {
  if (maxUrls < SITEMAP_PAGES.length)
    throw new Error(`a sitemap file must hold the ${SITEMAP_PAGES.length} pages`);

  const pages = (lastModified: string | null): SitemapEntry[] =>
    SITEMAP_PAGES.map((path) => ({ path, lastmod: path === '/blog' ? lastModified : undefined }));

  async function posts(offset: number, limit: number): Promise<SitemapEntry[]> {
    const rows = await blogs.publicSitemapEntries(offset, limit);
    return rows.map((post) => ({ path: postPath(post.slug), lastmod: post.updatedAt }));
  }

  return {
    async root(origin: string): Promise<string> {
      const count = await blogs.publicPostCount();
      const fitting = maxUrls - SITEMAP_PAGES.length;
      if (count <= fitting) {
        const [lastModified, entries] = await Promise.all([blogs.publicLastModified(), posts(0, fitting)]);
        // Capped at what fits, not at the count: a post published since the count must not overfill the file.
        return urlset(origin, [...pages(lastModified), ...entries]);
      }
      const files = Array.from({ length: Math.ceil(count / maxUrls) }, (_, i) => sitemapPostsFile(i + 1));
      return sitemapIndex(origin, [SITEMAP_PAGES_FILE, ...files]);
    },

    async pages(origin: string): Promise<string> {
      return urlset(origin, pages(await blogs.publicLastModified()));
    },

    /** The n-th posts file (from 1), or null past the last one. */
    async posts(origin: string, n: number): Promise<string | null> {
      const entries = await posts((n - 1) * maxUrls, maxUrls);
      return entries.length > 0 ? urlset(origin, entries) : null;
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
