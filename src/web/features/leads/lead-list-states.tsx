import { SearchX } from 'lucide-react';
import { LEAD_MESSAGES } from '../../../shared/messages';

/** Empty state (docs/product/leads.md#screen), word for word. */
export function LeadsEmpty() {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
      <SearchX className="mx-auto size-8 text-slate-400" aria-hidden />
      <p className="mt-3 text-sm font-medium text-ink" role="status">
        {LEAD_MESSAGES.empty}
      </p>
    </div>
  );
}

/** The board shows one API page; say so when the filter matches more. */
export function BoardLimitNote({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <p className="text-sm text-muted">
      Showing the {shown} newest of {total} matching leads. Narrow the filters or use the table to see the
      rest.
    </p>
  );
}
