import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { LeadPagination as Pagination } from './leads-api';

/** Previous / Next with 'Page X of Y', shown when there is more than one page. */
export function LeadPagination({
  pagination,
  onPage,
}: {
  pagination: Pagination;
  onPage(page: number): void;
}) {
  const { page, totalPages, total, hasPreviousPage, hasNextPage } = pagination;
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Lead pages" className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={!hasPreviousPage} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden />
        Previous
      </Button>
      <p
        className="order-first w-full text-center text-sm text-muted sm:order-none sm:w-auto"
        aria-live="polite"
      >
        Page {page} of {totalPages} <span className="text-slate-500">({total} leads)</span>
      </p>
      <Button variant="secondary" size="sm" disabled={!hasNextPage} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}
