import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  MERGE_FIELDS,
  joinMergedNotes,
  type MergeChoice,
  type MergeField,
} from '../../../shared/lead-duplicates';
import { LEAD_MESSAGES } from '../../../shared/messages';
import type { Lead } from '../../../shared/schemas/leads';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Dialog } from '../../components/ui/dialog';
import { useMergeLeads } from './lead-duplicates-api';
import { formatLeadDate } from './lead-format';

const FORM_ID = 'merge-leads-form';

/** Each field the merge chooses: its label, what the dialog shows, and what makes two values the same. */
const FIELD_VIEWS: Record<MergeField, { label: string; show(lead: Lead): string; key?(lead: Lead): string }> =
  {
    name: { label: 'Name', show: (lead) => lead.name },
    email: { label: 'Email', show: (lead) => lead.email },
    phone: { label: 'Phone', show: (lead) => lead.phone },
    company: { label: 'Company', show: (lead) => lead.company },
    status: { label: 'Status', show: (lead) => lead.status },
    priority: { label: 'Priority', show: (lead) => lead.priority },
    source: { label: 'Source', show: (lead) => lead.source },
    owner: {
      label: 'Owner',
      show: (lead) => lead.owner?.username ?? 'Unassigned',
      key: (lead) => lead.owner?.id ?? '',
    },
    lastContact: { label: 'Last contact', show: (lead) => formatLeadDate(lead.lastContact) },
    followUp: {
      label: 'Next follow-up',
      show: (lead) =>
        lead.nextFollowUpAt
          ? [formatLeadDate(lead.nextFollowUpAt), lead.followUpNote].filter(Boolean).join(': ')
          : 'None',
      key: (lead) => `${lead.nextFollowUpAt ?? ''}\n${lead.followUpNote}`,
    },
  };

const keyOf = (field: MergeField, lead: Lead) => (FIELD_VIEWS[field].key ?? FIELD_VIEWS[field].show)(lead);

/**
 * Merge two leads (docs/product/leads.md#duplicates): this lead (the panel's) is kept and `other` is merged
 * into it and deleted. Each field that differs is a choice between the two, this lead's value first;
 * both notes are kept, joined; one timeline.
 */
export function LeadMergeDialog({ lead, other, onClose }: { lead: Lead; other: Lead; onClose(): void }) {
  const merge = useMergeLeads();
  const [keep, setKeep] = useState<Partial<Record<MergeField, MergeChoice>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const differing = MERGE_FIELDS.filter((field) => keyOf(field, lead) !== keyOf(field, other));
  const same = MERGE_FIELDS.filter((field) => !differing.includes(field));
  const notes = joinMergedNotes(lead.notes, other);

  // Awaited rather than given callbacks: once merged, the lead may have no duplicates left and this dialog
  // unmounts with its list, which would silence a callback of `mutate`.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await merge.mutateAsync({ id: lead._id, body: { otherId: other._id, keep } });
    } catch (error) {
      setFailure(serverMessage(error) ?? LEAD_MESSAGES.mergeFailed);
      return;
    }
    toast.success(LEAD_MESSAGES.merged);
    onClose();
  };

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose} disabled={merge.isPending}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} disabled={merge.isPending}>
        {merge.isPending ? 'Merging…' : 'Merge leads'}
      </Button>
    </>
  );

  return (
    <Dialog
      title="Merge leads"
      size="lg"
      busy={merge.isPending}
      onClose={onClose}
      footer={footer}
      description={
        <>
          <strong className="font-semibold text-ink">{other.name}</strong> is merged into this lead and then
          deleted. Choose the value to keep where they differ; their timelines become one.
        </>
      }
    >
      <form id={FORM_ID} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {failure && <Banner message={failure} />}
        <div
          className="grid grid-cols-2 gap-2 text-xs font-semibold uppercase tracking-wide text-muted"
          aria-hidden
        >
          <p className="min-w-0 break-words">This lead (kept)</p>
          <p className="min-w-0 break-words">The other (merged in)</p>
        </div>
        {differing.map((field) => (
          <FieldChoice
            key={field}
            field={field}
            lead={lead}
            other={other}
            choice={keep[field] ?? 'this'}
            onChoose={(choice) => setKeep((k) => ({ ...k, [field]: choice }))}
          />
        ))}
        {same.length > 0 && (
          <p className="text-sm text-muted">
            Same in both: {same.map((field) => FIELD_VIEWS[field].label).join(', ')}.
          </p>
        )}
        <section aria-labelledby="merge-notes-heading" className="space-y-1.5">
          <h3 id="merge-notes-heading" className="text-sm font-semibold text-ink">
            Notes: both notes are kept
          </h3>
          <p
            className="max-h-40 overflow-y-auto whitespace-pre-wrap break-words rounded-xl bg-canvas px-3 py-2.5 text-sm text-ink"
            data-testid="merge-notes"
          >
            {notes || 'No notes yet.'}
          </p>
        </section>
      </form>
    </Dialog>
  );
}

/** One field's radio group: this lead's value or the other's, labelled by the field. */
function FieldChoice({
  field,
  lead,
  other,
  choice,
  onChoose,
}: {
  field: MergeField;
  lead: Lead;
  other: Lead;
  choice: MergeChoice;
  onChoose(choice: MergeChoice): void;
}) {
  const view = FIELD_VIEWS[field];
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-semibold text-ink">{view.label}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(
          [
            ['this', lead, 'This lead'],
            ['other', other, 'The other'],
          ] as const
        ).map(([value, source, side]) => (
          <label
            key={value}
            className={cn(
              'flex min-w-0 cursor-pointer items-start gap-2 rounded-lg border px-2.5 py-2 text-sm transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              choice === value ? 'border-brand-600 bg-brand-50' : 'border-line bg-white hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={`merge-${field}`}
              value={value}
              checked={choice === value}
              onChange={() => onChoose(value)}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
            />
            <span className="min-w-0">
              <span className="sr-only">{side}: </span>
              <span className="block break-words font-medium text-ink">{view.show(source) || '-'}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
