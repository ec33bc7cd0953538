import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CAMPAIGN_RESULT_MESSAGES as M, DASHBOARD_MESSAGES } from '../../../shared/messages';
import type { SectionProps } from '../../lib/section-props';
import { Banner } from '../../components/ui/banner';
import { Pagination } from '../../components/ui/pagination';
import { Spinner } from '../../components/ui/spinner';
import { DataTable, tableHeadClasses } from '../../components/ui/table';
import { serverMessage } from '../../lib/api-client';
import { useCampaignReports } from './campaign-results-api';
import { count, keyRates } from './campaign-rates';
import { CampaignReportView } from './campaign-report';
import { StatusBadge } from '../../components/campaigns/campaign-status-badge';

function CampaignList({ onOpen }: { onOpen(id: string): void }) {
  const [page, setPage] = useState(1);
  const reports = useCampaignReports(page);
  if (reports.isPending) return <Spinner label={DASHBOARD_MESSAGES.loading} />;
  if (reports.isError) return <Banner message={serverMessage(reports.error) ?? M.loadFailed} />;
  const { campaigns, pagination } = reports.data;
  if (campaigns.length === 0 && page === 1)
    return (
      <p className="rounded-2xl border border-dashed border-line p-8 text-center text-sm text-muted">
        {M.noCampaigns}
      </p>
    );
  return (
    <div className="space-y-4">
      <DataTable caption="Campaigns and their key rates" tableClassName="min-w-[48rem]">
        <thead className={tableHeadClasses}>
          <tr>
            <th className="px-4 py-3">Campaign</th>
            <th className="px-4 py-3 text-right">Sent</th>
            <th className="px-4 py-3 text-right">Delivered</th>
            <th className="px-4 py-3 text-right">
              Opens<span aria-hidden>*</span>
              <span className="sr-only"> (unreliable)</span>
            </th>
            <th className="px-4 py-3 text-right">Clicks</th>
            <th className="px-4 py-3 text-right">Bounces</th>
            <th className="px-4 py-3 text-right">Unsubscribes</th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((campaign) => {
            const rates = keyRates(campaign.figures);
            return (
              <tr key={campaign.id} className="border-b border-line last:border-0">
                <td className="px-4 py-3">
                  <button
                    type="button"
                    onClick={() => onOpen(campaign.id)}
                    className="text-left font-medium text-brand-700 hover:underline"
                  >
                    {campaign.name}
                  </button>
                  <span className="ml-2 align-middle">
                    <StatusBadge status={campaign.status} />
                  </span>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{count(campaign.figures.sent)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{rates.delivered}</td>
                <td className="px-4 py-3 text-right tabular-nums">{rates.opens}</td>
                <td className="px-4 py-3 text-right tabular-nums">{rates.clicks}</td>
                <td className="px-4 py-3 text-right tabular-nums">{rates.bounces}</td>
                <td className="px-4 py-3 text-right tabular-nums">{rates.unsubscribes}</td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      <p className="text-xs text-muted">
        Delivered and bounces are shares of the sent mail; opens, clicks and unsubscribes of the delivered.{' '}
        <span aria-hidden>*</span>
        {M.opensUnreliable}
      </p>
      <Pagination label="Campaign pages" page={page} totalPages={pagination.totalPages} onPage={setPage} />
    </div>
  );
}

/**
 * Analytics & Reporting (docs/product/marketing.md#results): every campaign with its key rates, and a
 * campaign's report: its figures, clicks per link and what it brought to the website. Read again every
 * 15 seconds while open, so a campaign that is sending moves on screen.
 */
export function EmailAnalyticsSection({ section }: SectionProps) {
  // Campaign Setup's "View results" opens one campaign's report through `?campaign=`.
  const [params, setParams] = useSearchParams();
  const open = params.get('campaign');
  const setOpen = (id: string | null) => setParams(id ? { campaign: id } : {});
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {section.title ?? section.label}
        </h1>
        <p className="mt-1 text-sm text-muted">
          What became of each campaign's mail, which links were clicked, and the visits, leads and customers
          it brought.
        </p>
      </header>
      {open ? (
        <CampaignReportView id={open} onBack={() => setOpen(null)} />
      ) : (
        <CampaignList onOpen={setOpen} />
      )}
    </div>
  );
}
