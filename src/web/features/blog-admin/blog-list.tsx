import { useEffect, useMemo, type Ref } from 'react';
import { FolderCog, Plus } from 'lucide-react';
import { BLOG_MESSAGES } from '../../../shared/messages';
import type { BlogSummary, Category } from '../../../shared/schemas/blog';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import {
  useBlogs,
  useDeleteBlog,
  useSetBlogStatus,
  type BlogListFilters,
  type StatusFilter,
} from './blog-admin-api';
import { BlogCard } from './blog-card';
import { BlogEmptyState } from './blog-empty-state';
import { BlogFilters } from './blog-filters';
import { STATUS_ACTIONS } from './blog-format';
import { BlogPagination } from './blog-pagination';

/** List mode (docs/product/blog.md#blog-management): header actions, filters, cards, empty state and pagination. */
export function BlogList({
  filters,
  search,
  categories,
  headingRef,
  onFilters,
  onSearch,
  onCreate,
  onEdit,
  onManageCategories,
}: {
  filters: BlogListFilters;
  search: string;
  categories: readonly Category[];
  headingRef: Ref<HTMLHeadingElement>;
  onFilters(next: BlogListFilters): void;
  onSearch(value: string): void;
  onCreate(): void;
  onEdit(id: string): void;
  onManageCategories(): void;
}) {
  const { data, isPending, isError, error, isPlaceholderData } = useBlogs(filters);
  const setStatus = useSetBlogStatus();
  const remove = useDeleteBlog();

  // docs/product/blog.md#blog-management: a failed list load is only logged.
  useEffect(() => {
    if (isError) console.warn('Loading the blog list failed', error);
  }, [isError, error]);

  // A delete can empty the last page; step back to the last page that still exists.
  const totalPages = data?.pagination.totalPages ?? 1;
  useEffect(() => {
    if (data && !isPlaceholderData && data.blogs.length === 0 && filters.page > 1)
      onFilters({ ...filters, page: Math.max(1, Math.min(filters.page - 1, totalPages)) });
  }, [data, isPlaceholderData, filters, totalPages, onFilters]);

  const term = search.trim().toLowerCase();
  const visible = useMemo(
    () =>
      (data?.blogs ?? []).filter(
        (b) =>
          !term || b.title.toLowerCase().includes(term) || b.metaDescription.toLowerCase().includes(term),
      ),
    [data, term],
  );
  const filtered = Boolean(term) || filters.status !== 'all' || filters.category !== 'all';
  const busyId =
    (setStatus.isPending ? setStatus.variables?.id : undefined) ??
    (remove.isPending ? remove.variables : undefined);

  const changeStatus = (blog: BlogSummary) =>
    setStatus.mutate(
      { id: blog._id, status: STATUS_ACTIONS[blog.status].next },
      { onError: () => window.alert(BLOG_MESSAGES.statusUpdateFailed) },
    );
  const deleteBlog = (blog: BlogSummary) => {
    if (!window.confirm(BLOG_MESSAGES.deleteConfirm)) return;
    remove.mutate(blog._id, { onError: () => window.alert(BLOG_MESSAGES.deleteFailed) });
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            Blog Management
          </h1>
          <p className="mt-1 text-sm text-muted">Write, publish and archive the posts of your public blog.</p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={onManageCategories} className="whitespace-nowrap">
            <FolderCog className="size-4" aria-hidden />
            Manage Categories
          </Button>
          <Button onClick={onCreate} className="whitespace-nowrap">
            <Plus className="size-4" aria-hidden />
            New Blog
          </Button>
        </div>
      </div>

      <BlogFilters
        search={search}
        status={filters.status}
        category={filters.category}
        categories={categories}
        onSearch={onSearch}
        // docs/product/blog.md#blog-management: changing a filter goes back to page 1 and reloads.
        onStatus={(status: StatusFilter) => onFilters({ ...filters, status, page: 1 })}
        onCategory={(category) => onFilters({ ...filters, category, page: 1 })}
      />

      {isPending ? (
        <Spinner label="Loading blogs..." />
      ) : visible.length === 0 ? (
        <BlogEmptyState filtered={filtered} onCreate={onCreate} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Blog posts">
          {visible.map((blog) => (
            <li key={blog._id} className="flex">
              <BlogCard
                blog={blog}
                busy={busyId === blog._id}
                onStatus={changeStatus}
                onEdit={(b) => onEdit(b._id)}
                onDelete={deleteBlog}
              />
            </li>
          ))}
        </ul>
      )}

      {data && (
        <BlogPagination pagination={data.pagination} onPage={(page) => onFilters({ ...filters, page })} />
      )}
    </div>
  );
}
