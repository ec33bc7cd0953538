import { useId } from 'react';
import type { LeadImportResult } from '../../../shared/schemas/leads';
import { formatIndianNumber } from '../../../shared/text';
import { cn } from '../../components/ui/cn';
import { ImportDuplicateRows } from './lead-import-duplicates';

const SHOWN_ERRORS = 8;

/**
 * The upload's progress (role=progressbar with aria-valuenow), then an indeterminate bar (no value) while
 * the server parses and inserts the rows.
 */
export function ImportProgress({ percent }: { percent: number }) {
  const labelId = useId();
  const uploading = percent < 100;
  const label = uploading ? `Uploading file… ${percent}%` : 'Importing leads…';
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-ink" id={labelId}>
        {label}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploading ? percent : undefined}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full bg-brand-600',
            uploading ? 'transition-[width] duration-200' : 'w-full animate-pulse motion-reduce:animate-none',
          )}
          style={uploading ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  );
}

/**
 * What the import did: how many rows came in, how many were skipped, the possible duplicates it left out
 * and the first row errors.
 */
export function ImportSummary({ result }: { result: LeadImportResult }) {
  const { imported, skipped, errors, possibleDuplicates } = result;
  return (
    <section aria-labelledby="lead-import-summary" className="space-y-3" data-testid="import-summary">
      <h3 id="lead-import-summary" className="text-sm font-semibold text-ink">
        Import summary
      </h3>
      <dl className="grid grid-cols-3 gap-3 text-center">
        {(
          [
            ['Imported', imported, 'text-green-800'],
            ['Skipped', skipped, 'text-amber-800'],
            ['Errors', errors.length, errors.length ? 'text-red-700' : 'text-ink'],
          ] as const
        ).map(([label, value, tone]) => (
          <div key={label} className="flex flex-col-reverse rounded-xl bg-canvas px-2 py-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className={cn('text-lg font-bold', tone)}>{formatIndianNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {possibleDuplicates && (
        <ImportDuplicateRows rows={possibleDuplicates.rows} count={possibleDuplicates.count} />
      )}
      {errors.length > 0 && (
        <div>
          <p className="mb-1.5 text-sm font-medium text-ink">Rows not imported</p>
          <ul className="divide-y divide-line rounded-xl border border-line text-sm">
            {errors.slice(0, SHOWN_ERRORS).map((error) => (
              <li key={`${error.row}-${error.message}`} className="flex gap-3 px-3 py-2">
                <span className="shrink-0 font-semibold text-ink">Row {error.row}</span>
                <span className="min-w-0 break-words text-muted">{error.message}</span>
              </li>
            ))}
          </ul>
          {errors.length > SHOWN_ERRORS && (
            <p className="mt-1.5 text-xs text-muted">
              and {formatIndianNumber(errors.length - SHOWN_ERRORS)} more rows with errors.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
