import type { ReactNode } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { cn } from './cn';

/** Headings row style shared by the dashboard's data tables. */
export const tableHeadClasses = 'border-b border-line bg-canvas text-xs font-semibold uppercase text-muted';

/**
 * A dashboard data table: a rounded card that scrolls sideways on narrow screens, with a caption for
 * assistive tech. `tableClassName` sets the minimum width below which it scrolls.
 */
export function DataTable({
  caption,
  tableClassName,
  children,
}: {
  caption: string;
  tableClassName: string;
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-white shadow-sm">
      <table className={cn('w-full text-left text-sm', tableClassName)}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** The "…" button at the end of a row that opens the row's details. */
export function RowDetailsButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="rounded-md p-2 text-muted hover:bg-slate-100 hover:text-ink"
    >
      <MoreHorizontal className="size-5" aria-hidden />
    </button>
  );
}
