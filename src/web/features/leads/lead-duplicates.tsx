import { useState } from 'react';
import { Copy, GitMerge } from 'lucide-react';
import { LEAD_MESSAGES } from '../../../shared/messages';
import type { Lead } from '../../../shared/schemas/leads';
import { formatIndianNumber } from '../../../shared/text';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useLeadDuplicates } from './lead-duplicates-api';
import { LeadMergeDialog } from './lead-merge-dialog';

/** Rows, cards and board cards of a lead another lead of the workspace may duplicate (docs/product/leads.md#duplicates). */
export function PossibleDuplicateBadge({ lead }: { lead: Pick<Lead, 'possibleDuplicates'> }) {
  if (lead.possibleDuplicates === 0) return null;
  return (
    <Badge color="amber" className="gap-1 whitespace-nowrap">
      <Copy className="size-3 shrink-0" aria-hidden />
      {LEAD_MESSAGES.possibleDuplicate}
    </Badge>
  );
}

/**
 * The side panel's "Possible duplicates": the leads that share this one's e-mail, phone or name and
 * company, each with why, and "Merge…" to merge it into this lead.
 */
export function LeadDuplicates({ lead }: { lead: Lead }) {
  const shown = lead.possibleDuplicates > 0;
  const duplicates = useLeadDuplicates(lead._id, shown);
  const [merging, setMerging] = useState<Lead | null>(null);
  if (!shown) return null;
  const answer = duplicates.data;
  const more = answer ? answer.total - answer.duplicates.length : 0;

  return (
    <section aria-labelledby="lead-duplicates-heading" data-testid="lead-duplicates">
      <h3 id="lead-duplicates-heading" className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <Copy className="size-4 text-amber-700" aria-hidden />
        Possible duplicates
      </h3>
      {duplicates.isPending ? (
        <Spinner label="Looking for duplicates…" />
      ) : duplicates.isError || !answer ? (
        <p className="text-sm text-muted">The possible duplicates could not be loaded.</p>
      ) : answer.duplicates.length === 0 ? (
        <p className="text-sm text-muted">No other lead matches this one any more.</p>
      ) : (
        <ul className="divide-y divide-amber-200 rounded-xl border border-amber-200 bg-amber-50/60">
          {answer.duplicates.map(({ lead: other, reasons }) => (
            <li key={other._id} className="flex items-center gap-3 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-ink" title={other.name}>
                  {other.name}
                </p>
                <p className="truncate text-xs text-muted">
                  {[other.email, other.phone, other.company].filter(Boolean).join(' · ') || '-'}
                </p>
                <p className="mt-0.5 text-xs font-medium text-amber-900">
                  {reasons.map((reason) => LEAD_MESSAGES.duplicateReasons[reason]).join(' · ')}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setMerging(other)}
                aria-label={`Merge ${other.name} into this lead…`}
              >
                <GitMerge className="size-4" aria-hidden />
                Merge…
              </Button>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <p className="mt-1.5 text-xs text-muted">
          and {formatIndianNumber(more)} more; merge these first to see them.
        </p>
      )}
      {merging && <LeadMergeDialog lead={lead} other={merging} onClose={() => setMerging(null)} />}
    </section>
  );
}
