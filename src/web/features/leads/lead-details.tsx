import type { ReactNode } from 'react';
import type { Lead } from '../../../shared/schemas/leads';
import { LeadOwnerBadge, LeadPriorityBadge, LeadStatusBadge } from './lead-badges';
import { LeadDuplicates, PossibleDuplicateBadge } from './lead-duplicates';
import { LeadOwnerFollowUp } from './lead-owner-follow-up';
import { LeadTimeline } from './lead-timeline';
import { daysActive, formatLeadDate } from './lead-format';

/** The side panel's read-only view: every field of the lead and the days it has been active (docs/product/leads.md#editing). */
export function LeadDetails({ lead }: { lead: Lead }) {
  const days = daysActive(lead.date);
  return (
    <div className="space-y-6">
      <div>
        <p className="break-words text-xl font-semibold text-ink">{lead.name}</p>
        <p className="break-all text-sm text-muted">{lead.email}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <LeadStatusBadge status={lead.status} />
          <LeadPriorityBadge priority={lead.priority} />
          <LeadOwnerBadge owner={lead.owner} />
          <PossibleDuplicateBadge lead={lead} />
        </div>
      </div>

      <LeadDuplicates lead={lead} />

      <LeadOwnerFollowUp lead={lead} />

      <dl className="grid grid-cols-3 gap-3 text-center">
        <Stat label="Days active" value={days} testId="lead-days-active" />
        <Stat label="Created" value={formatLeadDate(lead.date)} />
        <Stat label="Last contact" value={formatLeadDate(lead.lastContact)} />
      </dl>

      <section>
        <h3 className="mb-2 text-sm font-semibold">Contact information</h3>
        <dl className="divide-y divide-line rounded-xl border border-line">
          {(
            [
              ['Email', lead.email],
              ['Phone', lead.phone],
              ['Company', lead.company],
              ['Source', lead.source],
              ['Came from', cameFrom(lead)],
              ['Status', lead.status],
              ['Priority', lead.priority],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 px-3 py-2 text-sm">
              <dt className="text-muted">{label}</dt>
              <dd className="min-w-0 break-words text-right font-medium text-ink">{value || '-'}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section>
        <h3 className="mb-2 text-sm font-semibold">Notes</h3>
        <p className="whitespace-pre-wrap break-words rounded-xl bg-canvas px-3 py-2.5 text-sm text-ink">
          {lead.notes || 'No notes yet.'}
        </p>
      </section>

      <LeadTimeline leadId={lead._id} />
    </div>
  );
}

/** The visit a contact-form lead came from (docs/product/analytics.md#lead-attribution): its source, and its campaign. */
function cameFrom({ attribution: a }: Lead): string {
  const campaign = [a.utmSource, a.utmMedium, a.utmCampaign].filter(Boolean).join(' / ');
  return [a.source, campaign && `(${campaign})`].filter(Boolean).join(' ');
}

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-canvas px-2 py-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-sm font-bold text-ink sm:text-base" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
