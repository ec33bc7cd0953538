import {
  LEAD_PRIORITY_COLORS,
  LEAD_STATUS_COLORS,
  type LeadPriority,
  type LeadStatus,
} from '../../../shared/schemas/leads';
import { UserRound } from 'lucide-react';
import type { Lead } from '../../../shared/schemas/leads';
import { Badge } from '../../components/ui/badge';
import { isFollowUpDue } from './lead-format';

/** Status colours (docs/product/leads.md#lead-fields): New blue, In Progress amber, Qualified green, Converted purple, Lost red. */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge color={LEAD_STATUS_COLORS[status] ?? 'grey'} className="whitespace-nowrap">
      {status}
    </Badge>
  );
}

/** Priority colours (docs/product/leads.md#lead-fields): High red, Medium amber, Low green. */
export function LeadPriorityBadge({ priority }: { priority: LeadPriority }) {
  return (
    <Badge color={LEAD_PRIORITY_COLORS[priority] ?? 'grey'} className="whitespace-nowrap">
      {priority}
    </Badge>
  );
}

/** The lead's owner (docs/product/leads.md#owners-and-follow-ups); 'Unassigned' once their account is gone. */
export function LeadOwnerBadge({ owner }: { owner: Lead['owner'] }) {
  return (
    <Badge color={owner ? 'cyan' : 'grey'} className="max-w-full gap-1 whitespace-nowrap">
      <UserRound className="size-3 shrink-0" aria-hidden />
      <span className="truncate">{owner ? owner.username : 'Unassigned'}</span>
    </Badge>
  );
}

/** A follow-up due today or overdue, in the user's own day. */
export function FollowUpDueBadge({ lead }: { lead: Pick<Lead, 'nextFollowUpAt'> }) {
  if (!isFollowUpDue(lead.nextFollowUpAt)) return null;
  return (
    <Badge color="red" className="whitespace-nowrap">
      Follow-up due
    </Badge>
  );
}
