import {
  LEAD_PRIORITY_COLORS,
  LEAD_STATUS_COLORS,
  type LeadPriority,
  type LeadStatus,
} from '../../../shared/schemas/leads';
import { Badge } from '../../components/ui/badge';

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
