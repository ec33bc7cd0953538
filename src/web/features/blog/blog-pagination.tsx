import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { BlogPagination as Pagination } from '../../../shared/schemas/blog';
import { buttonClasses } from '../../components/ui/button';
import { blogListHref } from './blog-url';

const scrollToTop = () => window.scrollTo({ top: 0 });

/** docs/product/blog.md#public-blog-list: Previous / 'Page X of Y' / Next, only when there is more than one page; real links. */
export function BlogPagination({
  pagination,
  category,
}: {
  pagination: Pagination;
  category: string | null;
}) {
  const { currentPage, totalPages, hasPreviousPage, hasNextPage } = pagination;
  if (totalPages <= 1) return null;
  const disabled = buttonClasses('secondary', 'md', 'pointer-events-none opacity-50');
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-center gap-3 sm:gap-4">
      {hasPreviousPage ? (
        <Link
          to={blogListHref(currentPage - 1, category)}
          rel="prev"
          onClick={scrollToTop}
          className={buttonClasses('secondary')}
        >
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </span>
      )}
      <span className="text-sm font-medium text-muted">{`Page ${currentPage} of ${totalPages}`}</span>
      {hasNextPage ? (
        <Link
          to={blogListHref(currentPage + 1, category)}
          rel="next"
          onClick={scrollToTop}
          className={buttonClasses('secondary')}
        >
          Next
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          Next
          <ChevronRight className="size-4" aria-hidden />
        </span>
      )}
    </nav>
  );
}
