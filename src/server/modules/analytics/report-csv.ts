import type { AnalyticsReport } from '../../../shared/schemas/analytics';
import { csvLine } from '../../lib/csv';

const CSV_HEADER = [
  'Report',
  'Item',
  'Visitors',
  'Page views',
  'Visits',
  'Entries',
  'Bounce rate %',
  'Contacts',
  'Leads',
  'Converted',
  'Revenue',
  'Spend',
  'Cost per lead',
];

/** The report as one CSV table: a row per figure of every list (docs/product/analytics.md#figures). */
export function reportCsv(report: AnalyticsReport): string {
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const row = (cells: Partial<Record<(typeof CSV_HEADER)[number], string | number | null>>) =>
    csvLine(
      CSV_HEADER.map((name) =>
        typeof cells[name] === 'string' ? (cells[name] as string) : text(cells[name] as number),
      ),
    );
  const lines = [csvLine(CSV_HEADER)];
  lines.push(
    row({
      Report: 'Summary',
      Item: `${report.from} to ${report.to}`,
      Visitors: report.visitors,
      'Page views': report.pageviews,
      Visits: report.visits,
      'Bounce rate %': report.bounceRate,
      Contacts: report.funnel.contacts,
      Leads: report.funnel.leads,
      Converted: report.funnel.converted,
      Revenue: report.conversions.revenue,
    }),
  );
  for (const p of report.series.points)
    lines.push(
      row({
        Report: report.series.interval === 'day' ? 'Day' : 'Hour',
        Item: p.time,
        Visitors: p.visitors,
        'Page views': p.pageviews,
        Visits: p.visits,
      }),
    );
  for (const p of report.pages)
    lines.push(row({ Report: 'Page', Item: p.path, Visitors: p.visitors, 'Page views': p.pageviews }));
  for (const e of report.entryPages)
    lines.push(
      row({ Report: 'Entry page', Item: e.path, Entries: e.entries, 'Bounce rate %': e.bounceRate }),
    );
  for (const s of report.sources)
    lines.push(
      row({
        Report: 'Source',
        Item: s.source,
        Visitors: s.visitors,
        Visits: s.visits,
        'Bounce rate %': s.bounceRate,
      }),
    );
  for (const c of report.campaigns)
    lines.push(
      row({
        Report: 'Campaign',
        Item: [c.source, c.medium, c.campaign].join(' / '),
        Visitors: c.visitors,
        Visits: c.visits,
        Contacts: c.contacts,
        Leads: c.leads,
        Converted: c.converted,
        Revenue: c.revenue,
        Spend: c.spend,
        'Cost per lead': c.costPerLead,
      }),
    );
  for (const d of report.devices) lines.push(row({ Report: 'Device', Item: d.device, Visitors: d.visitors }));
  for (const b of report.browsers)
    lines.push(row({ Report: 'Browser', Item: b.browser, Visitors: b.visitors }));
  for (const o of report.operatingSystems)
    lines.push(row({ Report: 'Operating system', Item: o.os, Visitors: o.visitors }));
  for (const s of report.conversions.leadSources)
    lines.push(
      row({
        Report: 'Lead source',
        Item: s.source,
        Leads: s.leads,
        Converted: s.converted,
        Revenue: s.revenue,
      }),
    );
  return lines.join('');
}
