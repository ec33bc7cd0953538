import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, minorDigits } from '../../../shared/money';
import type { FinanceSummary } from '../../../shared/schemas/finance';

const INVOICED = '#4f46e5';
const RECEIVED = '#059669';
const TICK = { fill: '#475569', fontSize: 12 };
const GRID = '#e2e8f0';
const HEIGHT = 260;

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' });

/**
 * The last 12 months, invoiced (final invoices less credit notes) against received, as bars. Named as an
 * image with every figure, as the budget chart is; recharts' keyboard layer is off for the same reason.
 */
export function FinanceChart({ summary }: { summary: FinanceSummary }) {
  const { currency, months } = summary;
  const money = (minor: number) => formatMoney(minor, currency);
  const scale = 10 ** minorDigits(currency);
  // Axis ticks only: the figures themselves stay whole minor units.
  const compact = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  const data = months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  const summaryText =
    'Invoiced and received by month: ' +
    months.map((m) => `${m.month} invoiced ${money(m.invoiced)}, received ${money(m.received)}`).join('; ');
  return (
    <figure className="min-w-0">
      <figcaption className="text-base font-semibold text-ink">Invoiced and received, 12 months</figcaption>
      <div
        role="img"
        aria-label={summaryText}
        className="mt-3 w-full min-w-0"
        style={{ minHeight: HEIGHT }}
        data-testid="finance-chart"
      >
        <ResponsiveContainer
          width="100%"
          height="100%"
          minHeight={HEIGHT}
          initialDimension={{ width: 320, height: HEIGHT }}
        >
          <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke={GRID} />
            <XAxis dataKey="label" tick={TICK} axisLine={false} tickLine={false} minTickGap={4} />
            <YAxis
              tick={TICK}
              width={60}
              axisLine={false}
              tickLine={false}
              tickFormatter={(v: number) => compact.format(v / scale)}
            />
            <Tooltip
              formatter={(v) => money(Number(v))}
              contentStyle={{ borderRadius: 8, borderColor: GRID, fontSize: 13 }}
              cursor={{ fill: '#eef2ff' }}
            />
            <Legend
              wrapperStyle={{ fontSize: 13 }}
              formatter={(name) => <span style={{ color: '#475569' }}>{name}</span>}
            />
            <Bar
              dataKey="invoiced"
              name="Invoiced"
              fill={INVOICED}
              radius={[4, 4, 0, 0]}
              maxBarSize={22}
              isAnimationActive={false}
            />
            <Bar
              dataKey="received"
              name="Received"
              fill={RECEIVED}
              radius={[4, 4, 0, 0]}
              maxBarSize={22}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
