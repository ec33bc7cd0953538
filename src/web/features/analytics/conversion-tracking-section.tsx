import { Handshake, IndianRupee, Percent, Timer } from 'lucide-react';
import { ANALYTICS_MESSAGES } from '../../../shared/messages';
import type { AnalyticsReport } from '../../../shared/schemas/analytics';
import type { SectionProps } from '../../lib/section-props';
import { StatCard } from '../../components/ui/stat-card';
import {
  AnalyticsFrame,
  FigureTable,
  Panel,
  campaignColumn,
  campaignKey,
  count,
  percent,
  rupees,
} from './analytics-parts';

const share = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);

/** The funnel as bars, each step's width its share of the visitors, with its step-to-step rate. */
function Funnel({ funnel }: { funnel: AnalyticsReport['funnel'] }) {
  const steps = [
    { label: 'Visitors', value: funnel.visitors },
    { label: 'Contact messages', value: funnel.contacts },
    { label: 'Leads', value: funnel.leads },
    { label: 'Converted', value: funnel.converted },
  ];
  const top = Math.max(...steps.map((s) => s.value), 1);
  return (
    <ol aria-label="Funnel" className="space-y-3">
      {steps.map((step, i) => {
        const previous = i > 0 ? steps[i - 1]!.value : null;
        const rate = previous === null ? null : share(step.value, previous);
        return (
          <li key={step.label} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1">
            <span className="text-sm font-medium text-ink">{step.label}</span>
            <span className="text-sm tabular-nums text-ink">
              <strong className="font-semibold">{count(step.value)}</strong>
              {rate !== null && (
                <span className="ml-2 text-xs text-muted">{percent(rate)} of the step before</span>
              )}
            </span>
            <div className="col-span-2 h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden>
              <div
                className="h-full rounded-full bg-brand-600"
                style={{ width: `${Math.max(step.value > 0 ? 2 : 0, (100 * step.value) / top)}%` }}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Conversion Tracking (docs/product/analytics.md#dashboard-sections): visitors → contact messages → leads →
 * converted for the period, by source and by campaign; days to convert and revenue from the leads themselves.
 */
export function ConversionTrackingSection({ section }: SectionProps) {
  return (
    <AnalyticsFrame
      title={section.title ?? section.label}
      description="Which sources and campaigns turn visitors into enquiries, and enquiries into paying clients."
      testId="conversion-tracking"
    >
      {(r) => {
        const c = r.conversions;
        const allLeads = c.leadSources.reduce((total, s) => total + s.leads, 0);
        const allConverted = c.leadSources.reduce((total, s) => total + s.converted, 0);
        return (
          <>
            <ul aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              <li>
                <StatCard
                  label="Conversion rate"
                  value={percent(share(allConverted, allLeads))}
                  hint="Leads of the period now Converted"
                  icon={Percent}
                  className="h-full p-4 sm:p-5"
                />
              </li>
              <li>
                <StatCard
                  label="Converted"
                  value={count(allConverted)}
                  hint={`Of ${count(allLeads)} leads`}
                  icon={Handshake}
                  className="h-full p-4 sm:p-5"
                />
              </li>
              <li>
                <StatCard
                  label="Days to convert"
                  value={c.averageDaysToConvert === null ? '–' : c.averageDaysToConvert}
                  hint="Average, from the lead's creation"
                  icon={Timer}
                  className="h-full p-4 sm:p-5"
                />
              </li>
              <li>
                <StatCard
                  label="Revenue"
                  value={rupees(c.revenue)}
                  hint="Values entered on converted leads"
                  icon={IndianRupee}
                  className="h-full p-4 sm:p-5"
                />
              </li>
            </ul>
            <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <Panel title="Website funnel">
                <Funnel funnel={r.funnel} />
                <p className="mt-4 text-xs text-muted">
                  Contact messages received through the site; leads are the people who wrote them.
                </p>
              </Panel>
              <Panel title="By source">
                <FigureTable
                  caption="Funnel by source"
                  rows={c.bySource}
                  rowKey={(s) => s.source}
                  empty={ANALYTICS_MESSAGES.noPageViews}
                  minWidth="sm:min-w-[30rem]"
                  columns={[
                    { label: 'Source', cell: (s) => s.source },
                    { label: 'Visitors', cell: (s) => count(s.visitors), numeric: true },
                    { label: 'Messages', cell: (s) => count(s.contacts), numeric: true },
                    { label: 'Leads', cell: (s) => count(s.leads), numeric: true },
                    { label: 'Converted', cell: (s) => count(s.converted), numeric: true },
                    { label: 'Rate', cell: (s) => percent(s.conversionRate), numeric: true },
                  ]}
                />
              </Panel>
            </div>
            <Panel title="By campaign">
              <FigureTable
                caption="Funnel by campaign"
                rows={r.campaigns}
                rowKey={campaignKey}
                empty={ANALYTICS_MESSAGES.noCampaigns}
                minWidth="sm:min-w-[40rem]"
                columns={[
                  campaignColumn(),
                  { label: 'Visitors', cell: (x) => count(x.visitors), numeric: true },
                  { label: 'Messages', cell: (x) => count(x.contacts), numeric: true },
                  { label: 'Leads', cell: (x) => count(x.leads), numeric: true },
                  { label: 'Converted', cell: (x) => count(x.converted), numeric: true },
                  { label: 'Revenue', cell: (x) => rupees(x.revenue), numeric: true },
                ]}
              />
            </Panel>
            <Panel title="All leads by source">
              <FigureTable
                caption="Every lead of the period by its source, with conversions, revenue and days to convert"
                rows={c.leadSources}
                rowKey={(s) => s.source}
                empty={ANALYTICS_MESSAGES.noLeads}
                minWidth="sm:min-w-[34rem]"
                columns={[
                  { label: 'Source', cell: (s) => s.source },
                  { label: 'Leads', cell: (s) => count(s.leads), numeric: true },
                  { label: 'Converted', cell: (s) => count(s.converted), numeric: true },
                  { label: 'Revenue', cell: (s) => rupees(s.revenue), numeric: true },
                  {
                    label: 'Days to convert',
                    cell: (s) => (s.averageDaysToConvert === null ? '–' : s.averageDaysToConvert),
                    numeric: true,
                  },
                ]}
              />
              <p className="mt-3 text-xs text-muted">
                Imported, Botgit and dashboard leads count under their own source. Enter a lead&apos;s value
                in its edit to count its revenue.
              </p>
            </Panel>
          </>
        );
      }}
    </AnalyticsFrame>
  );
}
