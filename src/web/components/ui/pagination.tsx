import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/**
 * Previous / Next around 'Page X of Y' (and what the list adds, such as its total), shown only when there
 * is more than one page. On a phone the page line sits above the buttons.
 */
export function Pagination({
  label,
  page,
  totalPages,
  extra,
  onPage,
}: {
  /** Names the navigation landmark ("Blog pages"). */
  label: string;
  page: number;
  totalPages: number;
  extra?: ReactNode;
  onPage(page: number): void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden />
        Previous
      </Button>
      <p
        className="order-first w-full text-center text-sm text-muted sm:order-none sm:w-auto"
        aria-live="polite"
      >
        Page {page} of {totalPages}
        {extra}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}
