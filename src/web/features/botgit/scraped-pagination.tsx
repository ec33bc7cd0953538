import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ScrapedPage } from '../../../shared/schemas/botgit';
import { Button } from '../../components/ui/button';

/** Previous / Next with 'Page X of Y', shown when there is more than one page. */
export function ScrapedPagination({
  pagination,
  onPage,
}: {
  pagination: ScrapedPage['pagination'];
  onPage(page: number): void;
}) {
  const { currentPage, totalPages } = pagination;
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Profile pages" className="flex items-center justify-between gap-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={currentPage <= 1}
        onClick={() => onPage(currentPage - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden />
        Previous
      </Button>
      <p className="text-sm text-muted" aria-live="polite">
        Page {currentPage} of {totalPages}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={currentPage >= totalPages}
        onClick={() => onPage(currentPage + 1)}
      >
        Next
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}
