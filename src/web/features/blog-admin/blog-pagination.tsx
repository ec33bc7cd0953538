import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { BlogPagination as Pagination } from '../../../shared/schemas/blog';
import { Button } from '../../components/ui/button';

/** Spec §2: Previous / Next with 'Page X of Y (N total blogs)', shown only when there is more than one page. */
export function BlogPagination({
  pagination,
  onPage,
}: {
  pagination: Pagination;
  onPage(page: number): void;
}) {
  const { currentPage, totalPages, totalBlogs, hasPreviousPage, hasNextPage } = pagination;
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Blog pages" className="flex flex-wrap items-center justify-between gap-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={!hasPreviousPage}
        onClick={() => onPage(currentPage - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden />
        Previous
      </Button>
      <p
        className="order-first w-full text-center text-sm text-muted sm:order-none sm:w-auto"
        aria-live="polite"
      >
        Page {currentPage} of {totalPages} ({totalBlogs} total blogs)
      </p>
      <Button variant="secondary" size="sm" disabled={!hasNextPage} onClick={() => onPage(currentPage + 1)}>
        Next
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}
