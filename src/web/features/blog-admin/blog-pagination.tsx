import type { BlogPagination as Pagination } from '../../../shared/schemas/blog';
import { Pagination as Pages } from '../../components/ui/pagination';

/** docs/product/blog.md#blog-management: Previous / Next with 'Page X of Y (N total blogs)', shown only when there is more than one page. */
export function BlogPagination({
  pagination,
  onPage,
}: {
  pagination: Pagination;
  onPage(page: number): void;
}) {
  return (
    <Pages
      label="Blog pages"
      page={pagination.currentPage}
      totalPages={pagination.totalPages}
      extra={` (${pagination.totalBlogs} total blogs)`}
      onPage={onPage}
    />
  );
}
