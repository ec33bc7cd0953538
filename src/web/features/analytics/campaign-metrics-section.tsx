import { useState } from 'react';
import { Handshake, IndianRupee, Megaphone, Target, Users } from 'lucide-react';
import { toast } from 'sonner';
import { ANALYTICS_MESSAGES } from '../../../shared/messages';
import { campaignSpendSchema, type AnalyticsReport } from '../../../shared/schemas/analytics';
import type { SectionProps } from '../../lib/section-props';
import { Button } from '../../components/ui/button';
import { StatCard } from '../../components/ui/stat-card';
import { serverMessage } from '../../lib/api-client';
import { useSaveSpend } from './analytics-api';
import {
  AnalyticsFrame,
  FigureTable,
  Panel,
  campaignColumn,
  campaignKey,
  campaignName,
  count,
  percent,
  rupees,
} from './analytics-parts';

type Campaign = AnalyticsReport['campaigns'][number];

/** A campaign's spend, typed in: saved on Save or Enter, cleared when emptied. */
function SpendInput({ campaign }: { campaign: Campaign }) {
  const initial = campaign.spend === null ? '' : String(campaign.spend);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSpend();
  const name = campaignName(campaign);
  const submit = () => {
    const trimmed = text.trim();
    const spend = trimmed === '' ? null : Number(trimmed);
    const parsed = campaignSpendSchema.safeParse({
      source: campaign.source,
      medium: campaign.medium,
      campaign: campaign.campaign,
      spend: spend !== null && Number.isFinite(spend) ? spend : -1,
    });
    if (!parsed.success) return setError(ANALYTICS_MESSAGES.spendInvalid);
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(ANALYTICS_MESSAGES.spendSaved),
      onError: (e) => setError(serverMessage(e) ?? ANALYTICS_MESSAGES.spendInvalid),
    });
  };
  const errorId = `spend-error-${name}`;
  return (
    <form
      className="flex flex-wrap items-center justify-end gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="sr-only" htmlFor={`spend-${campaign.source}-${campaign.medium}-${campaign.campaign}`}>
        Spend for {name} (₹)
      </label>
      <input
        id={`spend-${campaign.source}-${campaign.medium}-${campaign.campaign}`}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="₹ —"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-9 w-24 rounded-lg border border-line bg-white px-2 text-right text-sm tabular-nums text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <Button type="submit" size="sm" variant="secondary" disabled={save.isPending || text === initial}>
        Save
      </Button>
      {error && (
        <span id={errorId} role="alert" className="basis-full text-right text-xs text-red-700">
          {error}
        </span>
      )}
    </form>
  );
}

/**
 * Campaign Metrics (docs/product/analytics.md#dashboard-sections): each utm campaign's visitors, leads,
 * conversions and conversion rate for the period; its spend, typed in, gives its cost per lead.
 */
export function CampaignMetricsSection({ section }: SectionProps) {
  return (
    <AnalyticsFrame
      title={section.title ?? section.label}
      description="Each campaign's visitors, the leads it brought through the contact form and how many became clients. Type in a campaign's spend to see its cost per lead."
      testId="campaign-metrics"
    >
      {(r) => {
        const sum = (pick: (c: Campaign) => number) => r.campaigns.reduce((total, c) => total + pick(c), 0);
        const leads = sum((c) => c.leads);
        const spent = r.campaigns.filter((c) => c.spend !== null);
        const spend = spent.reduce((total, c) => total + (c.spend ?? 0), 0);
        const spentLeads = spent.reduce((total, c) => total + (c.leadsAllTime ?? 0), 0);
        return (
          <>
            <ul aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
              <li>
                <StatCard
                  label="Campaigns"
                  value={count(r.campaigns.length)}
                  icon={Megaphone}
                  className="h-full p-4 sm:p-5"
                />
              </li>
              <li>
                <StatCard
                  label="Campaign visitors"
                  value={count(sum((c) => c.visitors))}
                  icon={Users}
                  className="h-full p-4 sm:p-5"
                />
              </li>
              <li>
                <StatCard label="Leads" value={count(leads)} icon={Target} className="h-full p-4 sm:p-5" />
              </li>
              <li>
                <StatCard
                  label="Converted"
                  value={count(sum((c) => c.converted))}
                  icon={Handshake}
                  className="h-full p-4 sm:p-5"
                />
              </li>
              <li className="col-span-2 lg:col-span-1">
                <StatCard
                  label="Cost per lead"
                  value={spentLeads > 0 ? rupees(spend / spentLeads) : '–'}
                  hint={spent.length ? `${rupees(spend)} spent in all` : 'Type in a spend below'}
                  icon={IndianRupee}
                  className="h-full p-4 sm:p-5"
                />
              </li>
            </ul>
            <Panel title="Campaigns">
              <FigureTable
                caption="Campaigns with visitors, leads, conversions, spend and cost per lead"
                rows={r.campaigns}
                rowKey={campaignKey}
                empty={ANALYTICS_MESSAGES.noCampaigns}
                minWidth="sm:min-w-[52rem]"
                columns={[
                  campaignColumn(),
                  { label: 'Visitors', cell: (c) => count(c.visitors), numeric: true },
                  { label: 'Leads', cell: (c) => count(c.leads), numeric: true },
                  { label: 'Converted', cell: (c) => count(c.converted), numeric: true },
                  { label: 'Conversion rate', cell: (c) => percent(c.conversionRate), numeric: true },
                  {
                    label: 'Spend',
                    cell: (c) => <SpendInput key={String(c.spend)} campaign={c} />,
                    numeric: true,
                  },
                  { label: 'Cost per lead', cell: (c) => rupees(c.costPerLead), numeric: true },
                ]}
              />
              <p className="mt-3 text-xs text-muted">
                Conversion rate: leads per 100 visitors of the period. Cost per lead: the spend over the
                campaign&apos;s leads since it began.
              </p>
            </Panel>
          </>
        );
      }}
    </AnalyticsFrame>
  );
}
