import { Badge } from '../ui/badge';
import type { BadgeColor } from '../../lib/badge-color';

const STATUS_COLOR: Record<string, BadgeColor> = {
  draft: 'grey',
  scheduled: 'purple',
  sending: 'blue',
  paused: 'amber',
  cancelled: 'red',
  sent: 'green',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge className="whitespace-nowrap capitalize" color={STATUS_COLOR[status] ?? 'grey'}>
      {status}
    </Badge>
  );
}
