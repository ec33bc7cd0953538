import { useSearchParams } from 'react-router';
import { Newspaper } from 'lucide-react';
import { BLOG_MESSAGES } from '../../../shared/messages';
import { PageMeta, useSiteName } from '../../lib/page-meta';
import { HydrateLater } from '../../lib/hydrate-later';
import { Spinner } from '../../components/ui/spinner';
import { usePublicBlogList, usePublicCategories } from './blog-api';
import { BlogFilters } from './blog-filters';
import { BlogPagination } from './blog-pagination';
import { isMissingBlogListPage, parseBlogCategory, parseBlogPage } from '../../../shared/blog';
import { blogListHref } from './blog-url';
import { PublicBlogCard } from './public-blog-card';
import { BlogNotFound } from './blog-not-found';

/** Cards in the first row of the widest grid: their images load at once, the rest when scrolled near. */
const FIRST_ROW = 3;

/**
 * Public blog list (docs/product/blog.md#public-blog-list): 'Our Blog', category filters, the card grid, pagination, empty and loading
 * texts. Server-rendered from the preloaded list; filters and pages are real URLs.
 */
export function BlogListPage() {
  const [params] = useSearchParams();
  const page = parseBlogPage(params.get('page'));
  const category = parseBlogCategory(params.get('category'));
  const siteName = useSiteName();
  const list = usePublicBlogList(page, category);
  const categories = usePublicCategories();
  const current = categories.data?.find((c) => c.slug === category);
  const blogs = list.data?.blogs ?? [];

  if (
    list.data &&
    categories.data &&
    isMissingBlogListPage(page, category, categories.data, list.data.pagination.totalPages)
  )
    return <BlogNotFound title={BLOG_MESSAGES.listNotFoundTitle} text={BLOG_MESSAGES.listNotFoundText} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
      <PageMeta
        title="Blog"
        description={`Insights on design, development, media and growth from the ${siteName} team.${current ? ` Posts in ${current.name}.` : ''}`}
        canonicalPath={blogListHref(page, category)}
      />
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{siteName} Journal</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink sm:text-5xl">Our Blog</h1>
        <p className="mt-4 text-lg text-muted">
          Insights on design, development, media and growth from the people who build them.
        </p>
      </header>

      <BlogFilters categories={categories.data ?? []} current={category} />

      {/* The posts are adopted in a task of their own (see hydrate-later.tsx). */}
      <HydrateLater>
        <section aria-label="Posts" className="mt-10">
          {list.isPending ? (
            <Spinner label={BLOG_MESSAGES.loadingPosts} />
          ) : blogs.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-white px-6 py-16 text-center">
              <Newspaper className="size-10 text-slate-400" aria-hidden />
              <h2 className="mt-4 text-xl font-semibold text-ink">{BLOG_MESSAGES.emptyPublicTitle}</h2>
              <p className="mt-2 text-muted">{BLOG_MESSAGES.emptyPublicText}</p>
            </div>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {blogs.map((blog, index) => (
                <li key={blog.id} className="flex">
                  <PublicBlogCard blog={blog} eager={index < FIRST_ROW} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </HydrateLater>

      {blogs.length > 0 && list.data && (
        <BlogPagination pagination={list.data.pagination} category={category} />
      )}
    </div>
  );
}
