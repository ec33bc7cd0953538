import { useMemo } from 'react';
import { compareTexts, unchanged } from './text-diff';

/*
 * Colour is never the only cue: removed text is also struck through, added text underlined, and each
 * says 'removed:' / 'added:' to screen readers. red-900 on red-100 and green-900 on green-100 pass AA.
 */
const REMOVED = 'rounded-sm bg-red-100 text-red-900 line-through decoration-red-900 decoration-2';
const ADDED =
  'rounded-sm bg-green-100 text-green-900 underline decoration-green-900 decoration-2 underline-offset-2';

/** One text of a revision against the same text in the editor. */
export function TextDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const changes = useMemo(() => compareTexts(before, after), [before, after]);
  return (
    <section>
      <h4 className="mb-1.5 text-sm font-medium text-ink">{label}</h4>
      {changes === null ? (
        <p className="text-sm text-muted">These texts differ too much to compare here.</p>
      ) : unchanged(changes) ? (
        <p className="text-sm text-muted">No differences.</p>
      ) : (
        <div className="max-h-96 overflow-y-auto whitespace-pre-wrap break-words rounded-lg border border-line bg-canvas p-3 font-mono text-xs leading-5 text-ink">
          {changes.map((change, i) =>
            change.removed ? (
              <del key={i} className={REMOVED}>
                <span className="sr-only">removed: </span>
                {change.value}
              </del>
            ) : change.added ? (
              <ins key={i} className={ADDED}>
                <span className="sr-only">added: </span>
                {change.value}
              </ins>
            ) : (
              <span key={i}>{change.value}</span>
            ),
          )}
        </div>
      )}
    </section>
  );
}

/** How to read the comparison, shown once above it. */
export function DiffLegend() {
  return (
    <p className="text-xs text-muted">
      <del className={REMOVED}>Struck through</del>: only in this version.{' '}
      <ins className={ADDED}>Underlined</ins>: only in the editor now.
    </p>
  );
}
