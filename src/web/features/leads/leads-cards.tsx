import { MoreHorizontal } from 'lucide-react';
import type { Lead } from '../../../shared/schemas/leads';
import { FollowUpDueBadge, LeadOwnerBadge, LeadPriorityBadge, LeadStatusBadge } from './lead-badges';
import { formatLeadDate } from './lead-format';
import { PossibleDuplicateBadge } from './lead-duplicates';

/** The leads list on a phone: one card per lead with the table's fields. */
export function LeadsCards({ leads, onOpen }: { leads: Lead[]; onOpen(lead: Lead): void }) {
  return (
    <ul className="space-y-3" aria-label="Client leads">
      {leads.map((lead) => (
        <li key={lead._id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-ink">{lead.name}</p>
              <p className="truncate text-xs text-muted">{lead.email}</p>
              {lead.company && <p className="mt-0.5 truncate text-sm text-ink">{lead.company}</p>}
            </div>
            <button
              type="button"
              onClick={() => onOpen(lead)}
              aria-label={`Open details of ${lead.name}`}
              className="-mr-1 -mt-1 rounded-md p-2 text-muted hover:bg-slate-100 hover:text-ink"
            >
              <MoreHorizontal className="size-5" aria-hidden />
            </button>
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <LeadStatusBadge status={lead.status} />
            <LeadPriorityBadge priority={lead.priority} />
            <LeadOwnerBadge owner={lead.owner} />
            <FollowUpDueBadge lead={lead} />
            <PossibleDuplicateBadge lead={lead} />
            {lead.source && <span className="text-xs text-muted">{lead.source}</span>}
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <dt className="text-muted">Phone</dt>
            <dd className="truncate text-right text-ink">{lead.phone || '-'}</dd>
            <dt className="text-muted">Date</dt>
            <dd className="text-right text-ink">{formatLeadDate(lead.date)}</dd>
            <dt className="text-muted">Last contact</dt>
            <dd className="text-right text-ink">{formatLeadDate(lead.lastContact)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
