import { AlertTriangle } from 'lucide-react';
import { LEAD_MESSAGES } from '../../../shared/messages';
import type { ImportDuplicateRow } from '../../../shared/schemas/leads';
import { formatIndianNumber } from '../../../shared/text';

const SHOWN = 8;

/** "Same phone as the lead Ana Lima" / "Same name and company as row 4". */
function matchText({ reason, lead, sameAsRow }: ImportDuplicateRow): string {
  const why = LEAD_MESSAGES.duplicateReasons[reason];
  return lead ? `${why} as the lead ${lead.name}` : `${why} as row ${sameAsRow}`;
}

/**
 * The rows an import leaves out as possible duplicates (docs/product/leads.md#duplicates), as a warning:
 * the first few with what each matches, and how many there are in all.
 */
export function ImportDuplicateRows({ rows, count }: { rows: ImportDuplicateRow[]; count: number }) {
  if (count === 0) return null;
  return (
    <section
      aria-labelledby="lead-import-duplicates"
      className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-3"
      data-testid="import-possible-duplicates"
    >
      <h3
        id="lead-import-duplicates"
        className="flex items-center gap-2 text-sm font-semibold text-amber-900"
      >
        <AlertTriangle className="size-4 shrink-0" aria-hidden />
        {formatIndianNumber(count)} possible duplicate{count === 1 ? '' : 's'}, not imported
      </h3>
      <p className="text-xs text-amber-900">
        These rows have the phone, or the name and company, of a lead you already have or of an earlier row of
        the file. Add one by hand if it really is someone else.
      </p>
      <ul className="divide-y divide-amber-200 rounded-lg border border-amber-200 bg-white text-sm">
        {rows.slice(0, SHOWN).map((row) => (
          <li key={row.row} className="flex flex-wrap gap-x-3 gap-y-0.5 px-3 py-2">
            <span className="shrink-0 font-semibold text-ink">Row {row.row}</span>
            <span className="min-w-0 break-words text-ink">{row.name}</span>
            <span className="min-w-0 break-words text-muted">{matchText(row)}</span>
          </li>
        ))}
      </ul>
      {count > SHOWN && (
        <p className="text-xs text-amber-900">and {formatIndianNumber(count - SHOWN)} more.</p>
      )}
    </section>
  );
}
