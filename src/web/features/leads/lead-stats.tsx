import { BellRing, CheckCircle2, Clock, Sparkles, Users } from 'lucide-react';
import type { LeadStats as Stats } from '../../../shared/schemas/leads';
import { formatIndianNumber } from '../../../shared/text';
import { StatCard } from '../../components/ui/stat-card';

/**
 * docs/product/leads.md#search-and-filters: Total, New, In Progress and Converted, and the follow-ups due
 * (docs/product/leads.md#owners-and-follow-ups), for the current filter and search.
 */
export function LeadStats({ stats }: { stats: Stats | undefined }) {
  const value = (n: number | undefined) => (n === undefined ? '–' : formatIndianNumber(n));
  const cards = [
    { label: 'Total', value: value(stats?.total), icon: Users },
    { label: 'New', value: value(stats?.new), icon: Sparkles },
    { label: 'In Progress', value: value(stats?.inProgress), icon: Clock },
    { label: 'Converted', value: value(stats?.converted), icon: CheckCircle2 },
    // docs/product/leads.md#owners-and-follow-ups: due today or overdue, in the current list.
    { label: 'Follow-ups due', value: value(stats?.followUpsDue), icon: BellRing },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5" aria-label="Lead summary">
      {cards.map((card) => (
        <li key={card.label} className="min-w-0" data-testid={`lead-stat-${card.label}`}>
          <StatCard label={card.label} value={card.value} icon={card.icon} className="h-full p-4 sm:p-5" />
        </li>
      ))}
    </ul>
  );
}
