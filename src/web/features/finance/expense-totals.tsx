import { CheckCircle2, Hourglass } from 'lucide-react';
import { formatMoney } from '../../../shared/money';
import { StatCard } from '../../components/ui/stat-card';
import type { ExpenseList } from '../../lib/expenses-api';

/** The list API's totals: what was approved this month and what waits, in the workspace's currency. */
export function ExpenseTotals({ totals }: { totals: ExpenseList['totals'] }) {
  const money = (minor: number) => formatMoney(minor, totals.currency);
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-4" data-testid="expense-totals">
      <StatCard
        label="Approved this month"
        value={money(totals.approvedThisMonth)}
        icon={CheckCircle2}
        hint={`Dated this month, in ${totals.currency}`}
      />
      <StatCard
        label="Waiting for approval"
        value={money(totals.pending)}
        icon={Hourglass}
        hint={`${totals.pendingCount} ${totals.pendingCount === 1 ? 'expense' : 'expenses'}, in ${totals.currency}`}
      />
    </div>
  );
}
