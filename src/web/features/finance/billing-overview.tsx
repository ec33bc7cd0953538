import { AlarmClock, FilePen, HandCoins, Wallet } from 'lucide-react';
import { formatMoney } from '../../../shared/money';
import type { AgeingBucket, FinanceSummary } from '../../../shared/schemas/finance';
import { Banner } from '../../components/ui/banner';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { StatCard } from '../../components/ui/stat-card';
import { loadError } from '../../components/finance/finance-parts';
import { useFinanceSummary } from '../../lib/finance-api';
import { FinanceChart } from './finance-chart';

const BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: 'Not yet due',
  '1-30': '1–30 days overdue',
  '31-60': '31–60 days overdue',
  '61-90': '61–90 days overdue',
  '90+': 'Over 90 days overdue',
};
const BUCKET_COLORS: Record<AgeingBucket, string> = {
  current: 'bg-brand-600',
  '1-30': 'bg-amber-500',
  '31-60': 'bg-orange-600',
  '61-90': 'bg-red-600',
  '90+': 'bg-red-800',
};

/** What is owed by days past due, as horizontal bars with their figures in text. */
function Ageing({ summary }: { summary: FinanceSummary }) {
  const max = Math.max(1, ...summary.ageing.map((a) => a.amount));
  return (
    <Card className="p-5">
      <h3 className="text-base font-semibold text-ink">Ageing of what is owed</h3>
      <ul className="mt-4 space-y-3" aria-label="Outstanding by days past due">
        {summary.ageing.map((a) => (
          <li key={a.bucket} className="text-sm">
            <div className="flex justify-between gap-3">
              <span className="text-muted">{BUCKET_LABELS[a.bucket]}</span>
              <span className="tabular-nums text-ink">
                {formatMoney(a.amount, summary.currency)}
                <span className="text-muted"> · {a.count}</span>
              </span>
            </div>
            <div className="mt-1 h-2.5 rounded-full bg-slate-100" aria-hidden>
              <div
                className={`h-2.5 rounded-full ${BUCKET_COLORS[a.bucket]}`}
                style={{ width: `${a.amount > 0 ? Math.max(2, (a.amount / max) * 100) : 0}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      {summary.otherCurrencies.length > 0 && (
        <p className="mt-4 text-xs text-muted">
          Also owed: {summary.otherCurrencies.map((c) => formatMoney(c.outstanding, c.currency)).join(', ')}
        </p>
      )}
    </Card>
  );
}

/** Billing & Payments' live figures from GET /api/finance/summary. */
export function BillingOverview() {
  const summary = useFinanceSummary();
  if (summary.isPending) return <Spinner label="Loading the figures..." />;
  if (summary.isError) return <Banner message={loadError(summary.error, 'The live figures')} />;
  const s = summary.data;
  const money = (minor: number) => formatMoney(minor, s.currency);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" data-testid="finance-figures">
        <StatCard
          label="Outstanding"
          value={money(s.outstanding)}
          icon={Wallet}
          hint={`${s.openCount} open`}
        />
        <StatCard
          label="Overdue"
          value={money(s.overdue)}
          icon={AlarmClock}
          hint={`${s.overdueCount} ${s.overdueCount === 1 ? 'invoice' : 'invoices'}`}
        />
        <StatCard label="Received this month" value={money(s.receivedThisMonth)} icon={HandCoins} />
        <StatCard label="Drafts" value={s.draftCount} icon={FilePen} hint="Not finalised yet" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card className="p-5">
          <FinanceChart summary={s} />
        </Card>
        <Ageing summary={s} />
      </div>
    </div>
  );
}
