import {
  ArrowLeft,
  Ban,
  MailCheck,
  MailX,
  MousePointerClick,
  Send,
  ShieldAlert,
  UserMinus,
  Users,
} from 'lucide-react';
import { CAMPAIGN_RESULT_MESSAGES as M, DASHBOARD_MESSAGES } from '../../../shared/messages';
import type { CampaignReport } from '../../../shared/schemas/campaign-results';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { StatCard } from '../../components/ui/stat-card';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { serverMessage } from '../../lib/api-client';
import { useCampaignReport } from './campaign-results-api';
import { count, keyRates, percent } from './campaign-rates';
import { StatusBadge } from '../../components/campaigns/campaign-status-badge';

function Funnel({ funnel }: { funnel: NonNullable<CampaignReport['funnel']> }) {
  const steps = [
    { label: 'Visits', value: funnel.visits, before: null },
    { label: 'Contact messages', value: funnel.contactMessages, before: funnel.visits },
    { label: 'Leads', value: funnel.leads, before: funnel.contactMessages },
    { label: 'Customers', value: funnel.customers, before: funnel.leads },
  ];
  return (
    <ol className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {steps.map((step) => (
        <li key={step.label} className="rounded-xl border border-line bg-canvas p-4">
          <p className="text-sm font-medium text-muted">{step.label}</p>
          <p className="mt-1 text-2xl font-bold tracking-tight text-ink">{count(step.value)}</p>
          {step.before !== null && (
            <p className="mt-1 text-xs text-muted">{percent(step.value, step.before)} of the step before</p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** One campaign's results (docs/product/marketing.md#results): its figures, its links, and what it brought. */
export function CampaignReportView({ id, onBack }: { id: string; onBack(): void }) {
  const report = useCampaignReport(id);
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden />
      All campaigns
    </Button>
  );
  if (report.isPending) return <Spinner label={DASHBOARD_MESSAGES.loading} />;
  if (report.isError)
    return (
      <div className="space-y-4">
        {back}
        <Banner message={serverMessage(report.error) ?? M.loadFailed} />
      </div>
    );
  const { campaign, links, funnel, notes } = report.data;
  const f = campaign.figures;
  const rates = keyRates(f);
  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold text-ink">{campaign.name}</h2>
        <StatusBadge status={campaign.status} />
        <p className="text-sm text-muted">
          utm_source={campaign.utm.source} · utm_medium={campaign.utm.medium} · utm_campaign=
          {campaign.utm.campaign}
        </p>
      </div>
      <section aria-label="Deliveries" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Recipients"
          value={count(f.recipients)}
          icon={Users}
          hint={`${count(f.pending + f.queued)} waiting · ${count(f.failed)} failed · ${count(f.cancelled)} cancelled`}
        />
        <StatCard label="Sent" value={count(f.sent)} icon={Send} />
        <StatCard
          label="Delivered"
          value={count(f.delivered)}
          icon={MailCheck}
          hint={`${rates.delivered} of sent`}
        />
        <StatCard
          label="Bounced"
          value={count(f.bouncedHard + f.bouncedSoft)}
          icon={MailX}
          hint={`${count(f.bouncedHard)} hard · ${count(f.bouncedSoft)} soft · ${rates.bounces} of sent`}
        />
        <StatCard
          label="Opens (unreliable)"
          value={count(f.opens)}
          icon={MailCheck}
          hint={`${rates.opens} of delivered`}
        />
        <StatCard
          label="Clicked"
          value={count(f.clickers)}
          icon={MousePointerClick}
          hint={`${rates.clicks} of delivered`}
        />
        <StatCard
          label="Unsubscribed"
          value={count(f.unsubscribed)}
          icon={UserMinus}
          hint={`${rates.unsubscribes} of delivered`}
        />
        <StatCard
          label="Complaints"
          value={count(f.complaints)}
          icon={ShieldAlert}
          hint={`${rates.complaints} of delivered`}
        />
      </section>
      <Banner tone="info" message={notes.opens} />
      <section aria-labelledby="campaign-links" className="space-y-3">
        <h3 id="campaign-links" className="text-base font-semibold text-ink">
          Clicks per link
        </h3>
        {links.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-sm text-muted">
            This campaign's mail has no links that go through the click redirect.
          </p>
        ) : (
          <DataTable caption={`Clicks per link of ${campaign.name}`} tableClassName="min-w-[36rem]">
            <thead className={tableHeadClasses}>
              <tr>
                <th className="px-4 py-3">Link</th>
                <th className="px-4 py-3 text-right">People who clicked</th>
                <th className="px-4 py-3 text-right">Clicks</th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.position} className="border-b border-line last:border-0">
                  <td className="max-w-[28rem] truncate px-4 py-3 text-ink" title={link.url}>
                    {link.url}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{count(link.clickers)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{count(link.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
      <Card>
        <h3 className="text-base font-semibold text-ink">What it brought to the website</h3>
        {funnel ? (
          <>
            <p className="mt-1 text-sm text-muted">
              Counted by the website analytics and the contact form from the campaign's utm_* since it
              started.
            </p>
            <Funnel funnel={funnel} />
          </>
        ) : (
          <p className="mt-2 flex items-start gap-2 text-sm text-muted">
            <Ban className="mt-0.5 size-4 shrink-0" aria-hidden />
            {notes.funnel}
          </p>
        )}
      </Card>
    </div>
  );
}
