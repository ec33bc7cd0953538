import { BLOG_LIMITS } from '../../shared/schemas/blog';
import { parseBlogCategory, parseBlogPage } from '../../shared/blog';
import { publicQueryKeys } from '../../shared/query-keys';
import type { PreloadedQuery } from '../../shared/ssr';
import type { BlogsService } from '../modules/blogs/blogs.service';
import type { CategoriesService } from '../modules/categories/categories.service';
import type { PublishingService } from '../modules/blogs/blogs.service';
import type { NewsletterSignUp, SiteSettings } from '../../shared/site-settings';
import type { LoadedPage, PageDataLoader } from './web-renderer';

function isNotFound(error: unknown): boolean {
  return (error as { statusCode?: number } | null)?.statusCode === 404;
}

/** The path's segments, decoded as React Router decodes them: left as they are when not valid encoding. */
function segments(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  try {
    return parts.map((s) => decodeURIComponent(s));
  } catch {
    return parts;
  }
}

const PREVIEW_PATH = /^\/blog\/preview\/([^/?#]+)\/?(?:[?#]|$)/i;

/** The token of a draft preview address (/blog/preview/{token}), matched as the router does; else null. */
export function previewToken(url: string): string | null {
  const match = PREVIEW_PATH.exec(url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * Public pages whose content comes from the database: the home teaser, the blog list and a post. The data
 * is read from the services (no HTTP) and handed over under the keys the pages' hooks use, in the exact
 * shape their fetch functions return (src/web/lib/public-blog-api.ts). Pages not listed get no data but the
 * Web Settings, which every page gets.
 */
export function createPageDataLoader(services: {
  blogs: BlogsService;
  categories: CategoriesService;
  publishing: PublishingService;
  /**
   * The live Web Settings (docs/product/web-settings.md): preloaded with every rendered page, whose header and footer show
   * them, and naming the site in its head. Without them the pages show the spec's defaults.
   */
  siteSettings?: {
    live(): Promise<SiteSettings>;
    /** The footer's newsletter sign-up of these settings (docs/product/web-settings.md#newsletter), or null. */
    newsletterSignUp?(settings: SiteSettings): Promise<NewsletterSignUp | null>;
  };
}): PageDataLoader {
  const { blogs, categories, publishing, siteSettings } = services;

  async function homeTeaser(): Promise<PreloadedQuery[]> {
    try {
      const answer = await blogs.list(null, {
        status: 'published',
        page: 1,
        limit: BLOG_LIMITS.homeTeaserLimit,
      });
      return [{ key: publicQueryKeys.homeTeaser(), data: { blogs: answer.blogs } }];
    } catch {
      // The home page shows its built-in posts when the list fails (docs/product/public-site.md#home-page); the browser may try again.
      return [];
    }
  }

  async function blogList(params: URLSearchParams): Promise<PreloadedQuery[]> {
    const page = parseBlogPage(params.get('page'));
    const category = parseBlogCategory(params.get('category'));
    const [answer, list] = await Promise.all([
      blogs.list(null, {
        status: 'published',
        category: category ?? undefined,
        page,
        limit: BLOG_LIMITS.publicPageSize,
      }),
      categories.list(null),
    ]);
    return [
      {
        key: publicQueryKeys.blogList(page, category),
        data: { blogs: answer.blogs, pagination: answer.pagination },
      },
      { key: publicQueryKeys.categories(), data: list },
    ];
  }

  async function blogPost(slug: string): Promise<LoadedPage> {
    try {
      // A public read: counts one view, which the browser does not repeat on hydration.
      const found = await blogs.get(null, slug);
      if ('redirect' in found)
        return { queries: [], redirect: `/blog/${encodeURIComponent(found.redirect)}` };
      // Reached by id (the API accepts either): the address to share is the slug's.
      if (found.blog.slug !== slug)
        return { queries: [], redirect: `/blog/${encodeURIComponent(found.blog.slug)}` };
      return {
        queries: [{ key: publicQueryKeys.blogPost(slug), data: found.blog }],
        viewOf: found.blog.id,
      };
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // `null` is what the page's fetch returns for a 404, so the browser shows the same page without asking.
      return { queries: [{ key: publicQueryKeys.blogPost(slug), data: null }], status: 404 };
    }
  }

  /** A draft through its preview link; once published, the link leads to the post's own address. */
  async function blogPreview(token: string): Promise<LoadedPage> {
    try {
      const blog = await publishing.readPreview(token);
      if (blog.status === 'published')
        return { queries: [], redirect: `/blog/${encodeURIComponent(blog.slug)}` };
      return { queries: [{ key: publicQueryKeys.blogPreview(token), data: blog }] };
    } catch (error) {
      if (!isNotFound(error)) throw error;
      return { queries: [{ key: publicQueryKeys.blogPreview(token), data: null }], status: 404 };
    }
  }

  async function pageData(url: string): Promise<LoadedPage> {
    const parsed = new URL(url, 'http://localhost');
    const parts = segments(parsed.pathname);
    // React Router matches paths case-insensitively, so the loader does too (slugs keep their case).
    const [first, second, ...rest] = parts;
    if (first === undefined) return { queries: await homeTeaser() };
    const preview = previewToken(url);
    if (preview !== null) return blogPreview(preview);
    if (first.toLowerCase() !== 'blog' || rest.length > 0) return { queries: [] };
    if (second === undefined) return { queries: await blogList(parsed.searchParams) };
    return blogPost(second);
  }

  return async (url: string): Promise<LoadedPage> => {
    if (!siteSettings) return pageData(url);
    const [page, settings] = await Promise.all([pageData(url), siteSettings.live()]);
    if (page.redirect) return page;
    const signUp = siteSettings.newsletterSignUp ? await siteSettings.newsletterSignUp(settings) : null;
    return {
      ...page,
      queries: [
        ...page.queries,
        { key: publicQueryKeys.siteSettings(), data: settings },
        { key: publicQueryKeys.newsletterSignUp(), data: signUp },
      ],
      siteName: settings.identity.siteName,
    };
  };
}
