import { Card } from '../../components/ui/card';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';
import { StatCard } from '../../components/ui/stat-card';
import { hasLiveParts } from './live-figures';
import { STATUS_COLORS, formatValue, type FiguresContent, type SampleTable } from './placeholder-data';
import { SampleChartFigure } from './sample-chart';

const STAT_COLUMNS: Record<number, string> = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' };

/** A 'figures' placeholder: sample stat cards, one chart, and optionally a short table and display-only settings. */
export function PlaceholderFigures({ content }: { content: FiguresContent }) {
  const { stats, chart, table, settings } = content;
  // When some figures are real, the sample ones say so one by one (the heading no longer says "Sample data").
  const partlyLive = hasLiveParts(content);
  const sampleHint = (hint?: string) => (partlyLive ? ['Sample', hint].filter(Boolean).join(' · ') : hint);
  return (
    // Fades in like the section (docs/product/dashboard.md#placeholder-sections, 300 ms) when its chunk arrives after the heading.
    <div className="space-y-6 transition-opacity duration-300 ease-out starting:opacity-0 motion-reduce:transition-none">
      <ul
        className={cn('grid gap-4 sm:grid-cols-2', STAT_COLUMNS[stats.length] ?? 'lg:grid-cols-4')}
        aria-label={partlyLive ? 'Figures' : 'Sample figures'}
      >
        {stats.map((stat) => (
          <li key={stat.label} className="min-w-0">
            <StatCard
              label={stat.label}
              value={formatValue(stat.value, stat.format)}
              hint={stat.live ? stat.hint : sampleHint(stat.hint)}
              icon={stat.icon}
              className="h-full"
            />
          </li>
        ))}
      </ul>

      <div className={cn('grid gap-6', table && 'lg:grid-cols-5')}>
        <Card className="flex min-w-0 flex-col p-5 sm:p-6 lg:col-span-3">
          <SampleChartFigure chart={chart} />
        </Card>
        {table && <SampleTableCard table={table} markSample={partlyLive} />}
      </div>

      {settings && (
        <Card className="p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h2 className="text-base font-semibold text-ink">{settings.title}</h2>
            <Badge color="grey">Display only</Badge>
          </div>
          <dl className="mt-4 grid gap-3 sm:grid-cols-3">
            {settings.items.map((item) => (
              <div key={item.label} className="rounded-xl bg-canvas px-4 py-3">
                <dt className="text-sm text-muted">{item.label}</dt>
                <dd className="mt-1 text-lg font-bold text-ink">{item.value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      )}
    </div>
  );
}

/**
 * A short sample table. It is often narrow (a column beside the chart, or a phone), so it has two columns:
 * the item with its detail underneath ("Source: Website form"), and the status badge.
 */
function SampleTableCard({ table, markSample }: { table: SampleTable; markSample: boolean }) {
  const [first, ...details] = table.columns.slice(0, -1);
  const statusColumn = table.columns[table.columns.length - 1];
  return (
    <Card className="min-w-0 p-5 sm:p-6 lg:col-span-2">
      <table className="w-full text-left text-sm">
        <caption className="mb-3 text-left text-base font-semibold text-ink">
          {table.caption}
          {markSample && (
            <Badge color="amber" className="ml-2 align-middle">
              Sample
            </Badge>
          )}
        </caption>
        <thead>
          <tr className="border-b border-line text-xs font-semibold uppercase tracking-wide text-muted">
            <th scope="col" className="pb-2 pr-3">
              {first}
            </th>
            <th scope="col" className="pb-2 text-right">
              {statusColumn}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {table.rows.map((row) => {
            const [name, ...rest] = row.cells;
            return (
              <tr key={row.cells.join('|')}>
                <th scope="row" className="py-2.5 pr-3 text-left font-normal">
                  <span className="block font-medium text-ink">{name}</span>
                  {rest.map((cell, index) => (
                    <span key={index} className="mt-0.5 block text-xs text-muted">
                      {details[index]}: {cell}
                    </span>
                  ))}
                </th>
                <td className="py-2.5 text-right align-middle">
                  <Badge color={STATUS_COLORS[row.status]} className="whitespace-nowrap">
                    {row.status}
                  </Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
