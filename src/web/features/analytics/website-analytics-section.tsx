import { lazy, Suspense } from 'react';
import { Clock, Eye, Layers, LogOut, Users } from 'lucide-react';
import { ANALYTICS_MESSAGES, DASHBOARD_MESSAGES } from '../../../shared/messages';
import type { SectionProps } from '../../lib/section-props';
import { Spinner } from '../../components/ui/spinner';
import { StatCard } from '../../components/ui/stat-card';
import {
  AnalyticsFrame,
  Empty,
  FigureTable,
  Panel,
  campaignKey,
  campaignName,
  campaignOrigin,
  count,
  duration,
  percent,
} from './analytics-parts';

// recharts loads with the chart only.
const TrafficChart = lazy(() => import('./traffic-chart').then((m) => ({ default: m.TrafficChart })));

const titleCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Website Analytics (docs/product/analytics.md#dashboard-sections): the public site's visitors, page views,
 * visits, pages, sources, campaigns and clients for the period, with the chart over time and the CSV export.
 */
export function WebsiteAnalyticsSection({ section }: SectionProps) {
  return (
    <AnalyticsFrame
      title={section.title ?? section.label}
      description="How people find and use the agency website: counted first-party, without cookies."
      testId="website-analytics"
      exportable
    >
      {(r) => (
        <>
          <ul aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
            <li>
              <StatCard
                label="Visitors"
                value={count(r.visitors)}
                icon={Users}
                className="h-full p-4 sm:p-5"
              />
            </li>
            <li>
              <StatCard
                label="Page views"
                value={count(r.pageviews)}
                icon={Eye}
                className="h-full p-4 sm:p-5"
              />
            </li>
            <li>
              <StatCard
                label="Views per visit"
                value={r.viewsPerVisit}
                hint={`${count(r.visits)} visits`}
                icon={Layers}
                className="h-full p-4 sm:p-5"
              />
            </li>
            <li>
              <StatCard
                label="Bounce rate"
                value={percent(r.bounceRate)}
                icon={LogOut}
                className="h-full p-4 sm:p-5"
              />
            </li>
            <li className="col-span-2 lg:col-span-1">
              <StatCard
                label="Visit duration"
                value={duration(r.visitDuration)}
                hint="Average"
                icon={Clock}
                className="h-full p-4 sm:p-5"
              />
            </li>
          </ul>

          <section className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
            {r.pageviews === 0 ? (
              <Empty>{ANALYTICS_MESSAGES.noPageViews}</Empty>
            ) : (
              <Suspense fallback={<Spinner label={DASHBOARD_MESSAGES.loading} />}>
                <TrafficChart series={r.series} />
              </Suspense>
            )}
          </section>

          <div className="grid gap-4 lg:grid-cols-2">
            <Panel title="Top pages">
              <FigureTable
                caption="Top pages"
                rows={r.pages}
                rowKey={(p) => p.path}
                empty={ANALYTICS_MESSAGES.noPageViews}
                columns={[
                  { label: 'Page', cell: (p) => p.path },
                  { label: 'Visitors', cell: (p) => count(p.visitors), numeric: true },
                  { label: 'Page views', cell: (p) => count(p.pageviews), numeric: true },
                ]}
              />
            </Panel>
            <Panel title="Entry pages">
              <FigureTable
                caption="Entry pages"
                rows={r.entryPages}
                rowKey={(p) => p.path}
                empty={ANALYTICS_MESSAGES.noPageViews}
                columns={[
                  { label: 'Page', cell: (p) => p.path },
                  { label: 'Entries', cell: (p) => count(p.entries), numeric: true },
                  { label: 'Bounce rate', cell: (p) => percent(p.bounceRate), numeric: true },
                ]}
              />
            </Panel>
            <Panel title="Sources">
              <FigureTable
                caption="Sources"
                rows={r.sources}
                rowKey={(s) => s.source}
                empty={ANALYTICS_MESSAGES.noPageViews}
                columns={[
                  { label: 'Source', cell: (s) => s.source },
                  { label: 'Channel', cell: (s) => titleCase(s.channel) },
                  { label: 'Visitors', cell: (s) => count(s.visitors), numeric: true },
                  { label: 'Bounce rate', cell: (s) => percent(s.bounceRate), numeric: true },
                ]}
              />
            </Panel>
            <Panel title="Campaigns">
              <FigureTable
                caption="Campaigns"
                rows={r.campaigns}
                rowKey={campaignKey}
                empty={ANALYTICS_MESSAGES.noCampaigns}
                columns={[
                  { label: 'Campaign', cell: (c) => campaignName(c) },
                  { label: 'Source / medium', cell: (c) => campaignOrigin(c) },
                  { label: 'Visitors', cell: (c) => count(c.visitors), numeric: true },
                ]}
              />
            </Panel>
            <Panel title="Devices">
              <FigureTable
                caption="Devices"
                rows={r.devices}
                rowKey={(d) => d.device}
                empty={ANALYTICS_MESSAGES.noPageViews}
                columns={[
                  { label: 'Device', cell: (d) => titleCase(d.device) },
                  { label: 'Visitors', cell: (d) => count(d.visitors), numeric: true },
                ]}
              />
            </Panel>
            <Panel title="Browsers">
              <FigureTable
                caption="Browsers"
                rows={r.browsers}
                rowKey={(b) => b.browser}
                empty={ANALYTICS_MESSAGES.noPageViews}
                columns={[
                  { label: 'Browser', cell: (b) => b.browser },
                  { label: 'Visitors', cell: (b) => count(b.visitors), numeric: true },
                ]}
              />
            </Panel>
          </div>
        </>
      )}
    </AnalyticsFrame>
  );
}
