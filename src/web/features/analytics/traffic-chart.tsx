import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsReport } from '../../../shared/schemas/analytics';
import { formatIndianNumber } from '../../../shared/text';

// The sample charts' colours and ticks (3:1 against white, WCAG 1.4.11).
const VISITORS = '#4f46e5';
const PAGEVIEWS = '#0891b2';
const TICK = { fill: '#475569', fontSize: 12 };
const GRID = '#e2e8f0';
const HEIGHT = 260;

const label = (time: string, interval: 'day' | 'hour') =>
  interval === 'hour' ? `${time.slice(11, 13)}:00` : time.slice(5);

/**
 * Visitors and page views over the period, by day (by hour for one day). The drawing is role="img" named with
 * its totals and busiest point, so screen-reader users get the same story; the tables hold every figure.
 */
export function TrafficChart({ series }: { series: AnalyticsReport['series'] }) {
  const data = series.points.map((p) => ({
    label: label(p.time, series.interval),
    visitors: p.visitors,
    pageviews: p.pageviews,
  }));
  const busiest = data.reduce((top, p) => (p.pageviews > (top?.pageviews ?? -1) ? p : top), data[0]);
  const summary =
    `Area chart of visitors and page views by ${series.interval}, ${data.length} points` +
    (busiest
      ? `; busiest ${busiest.label} with ${busiest.visitors} visitors and ${busiest.pageviews} page views.`
      : '.');
  return (
    <figure className="min-w-0">
      <figcaption className="text-base font-semibold text-ink">
        Visitors and page views by {series.interval}
      </figcaption>
      <div role="img" aria-label={summary} className="mt-4 w-full min-w-0" style={{ minHeight: HEIGHT }}>
        <ResponsiveContainer
          width="100%"
          height="100%"
          minHeight={HEIGHT}
          initialDimension={{ width: 320, height: HEIGHT }}
        >
          <AreaChart
            data={data}
            accessibilityLayer={false}
            margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
          >
            <CartesianGrid vertical={false} stroke={GRID} />
            <XAxis dataKey="label" tick={TICK} axisLine={false} tickLine={false} minTickGap={16} />
            <YAxis
              tick={TICK}
              tickFormatter={(v: number) => formatIndianNumber(v)}
              width={48}
              axisLine={false}
              tickLine={false}
              allowDecimals={false}
            />
            <Tooltip
              formatter={(v) => formatIndianNumber(Number(v))}
              contentStyle={{ borderRadius: 8, borderColor: GRID, fontSize: 13 }}
            />
            <Legend
              wrapperStyle={{ fontSize: 13 }}
              formatter={(name) => <span style={{ color: '#475569' }}>{name}</span>}
            />
            <Area
              type="monotone"
              dataKey="pageviews"
              name="Page views"
              stroke={PAGEVIEWS}
              strokeWidth={2.5}
              fill={PAGEVIEWS}
              fillOpacity={0.12}
              animationDuration={600}
            />
            <Area
              type="monotone"
              dataKey="visitors"
              name="Visitors"
              stroke={VISITORS}
              strokeWidth={2.5}
              fill={VISITORS}
              fillOpacity={0.15}
              animationDuration={600}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
