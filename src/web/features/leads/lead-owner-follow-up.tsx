import { useEffect, useState, type FormEvent } from 'react';
import { BellRing, CalendarCheck, X } from 'lucide-react';
import { toast } from 'sonner';
import { LEAD_MESSAGES } from '../../../shared/messages';
import { FOLLOW_UP_NOTE_MAX, type Lead, type UpdateLeadInput } from '../../../shared/schemas/leads';
import { serverMessage } from '../../lib/api-client';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { OptionSelectField } from '../../components/ui/option-select-field';
import { FollowUpDueBadge } from './lead-badges';
import { formatLeadDate } from './lead-format';
import { useFollowUpDone, useLeadOwners, useUpdateLead } from './leads-api';

const SAVE_FAILED = 'The lead could not be saved. Please try again.';

/**
 * The side panel's owner and follow-up (docs/product/leads.md#owners-and-follow-ups): the owner chosen
 * among the members who can use Client Leads (saved at once), the next follow-up's day and note with Save,
 * Clear and Done.
 */
export function LeadOwnerFollowUp({ lead }: { lead: Lead }) {
  const owners = useLeadOwners();
  const update = useUpdateLead();
  const done = useFollowUpDone();
  const [day, setDay] = useState(lead.nextFollowUpAt ?? '');
  const [note, setNote] = useState(lead.followUpNote);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = update.isPending || done.isPending;

  // Another save (or "Done") changed the lead: show what it holds now.
  useEffect(() => {
    setDay(lead.nextFollowUpAt ?? '');
    setNote(lead.followUpNote);
  }, [lead.nextFollowUpAt, lead.followUpNote]);

  const options = [
    ...(lead.owner ? [] : [{ value: '', label: 'Unassigned' }]),
    ...(owners.data ?? []).map((o) => ({
      value: o.id,
      label: o.name && o.name !== o.username ? `${o.name} (${o.username})` : o.username,
    })),
  ];
  if (lead.owner && !options.some((o) => o.value === lead.owner!.id))
    options.unshift({ value: lead.owner.id, label: lead.owner.username });

  const save = (changes: UpdateLeadInput, message: string) => {
    setFailure(null);
    update.mutate(
      { id: lead._id, changes },
      {
        onSuccess: () => toast.success(message),
        onError: (error) => setFailure(serverMessage(error) ?? SAVE_FAILED),
      },
    );
  };

  const saveFollowUp = (event: FormEvent) => {
    event.preventDefault();
    save(
      day ? { nextFollowUpAt: day, followUpNote: note.trim() } : { nextFollowUpAt: null },
      LEAD_MESSAGES.followUpSaved,
    );
  };

  const markDone = () => {
    setFailure(null);
    done.mutate(lead._id, {
      onSuccess: () => toast.success(LEAD_MESSAGES.followUpDone),
      onError: (error) => setFailure(serverMessage(error) ?? SAVE_FAILED),
    });
  };

  return (
    <section aria-labelledby="lead-owner-follow-up" className="space-y-4 rounded-xl border border-line p-3">
      <h3 id="lead-owner-follow-up" className="text-sm font-semibold">
        Owner and follow-up
      </h3>
      {failure && <Banner message={failure} />}
      <OptionSelectField
        label="Owner"
        options={options}
        value={lead.owner?.id ?? ''}
        disabled={busy || owners.isLoading}
        onChange={(e) => e.target.value && save({ ownerId: e.target.value }, LEAD_MESSAGES.updated)}
      />
      <form onSubmit={saveFollowUp} className="space-y-3" aria-label="Follow-up">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <BellRing className="size-4 text-muted" aria-hidden />
          <span className="text-muted">Next follow-up:</span>
          <span className="font-medium text-ink" data-testid="lead-next-follow-up">
            {formatLeadDate(lead.nextFollowUpAt)}
          </span>
          <FollowUpDueBadge lead={lead} />
        </div>
        <div className="grid gap-3 sm:grid-cols-[10.5rem_minmax(0,1fr)]">
          <TextField
            label="Follow-up date"
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
          <TextField
            label="Follow-up note"
            value={note}
            maxLength={FOLLOW_UP_NOTE_MAX}
            placeholder="What to do next"
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={busy}>
            Save follow-up
          </Button>
          {lead.nextFollowUpAt && (
            <>
              <Button variant="secondary" size="sm" onClick={markDone} disabled={busy}>
                <CalendarCheck className="size-4" aria-hidden />
                Done
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => save({ nextFollowUpAt: null }, LEAD_MESSAGES.followUpSaved)}
                disabled={busy}
              >
                <X className="size-4" aria-hidden />
                Clear
              </Button>
            </>
          )}
        </div>
      </form>
    </section>
  );
}
