import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';
import { describeChart, formatAxisValue, formatValue, type SampleChart } from './placeholder-data';

// Graphics need 3:1 against white (WCAG 1.4.11); all of these pass.
const COLORS = ['#4f46e5', '#0891b2', '#d97706', '#db2777', '#16a34a', '#64748b'] as const;
const PRIMARY = COLORS[0];
const SECONDARY = COLORS[1];
const TICK = { fill: '#475569', fontSize: 12 };
const GRID = '#e2e8f0';
const TOOLTIP_STYLE = { borderRadius: 8, borderColor: GRID, fontSize: 13 };
// Short draw-in; recharts skips it when the system asks for reduced motion.
const ANIMATION = { animationDuration: 600 } as const;
const colorAt = (index: number) => COLORS[index % COLORS.length] ?? PRIMARY;

/**
 * One sample chart inside a <figure>. The drawing is role="img" with a text summary of every value as its
 * name, so screen-reader users get the same figures; the keyboard layer of recharts is off for the same reason.
 */
export function SampleChartFigure({ chart }: { chart: SampleChart }) {
  const value = (v: unknown) => formatValue(Number(v), chart.format);
  const axis = (v: unknown) => formatAxisValue(Number(v), chart.format);
  const data = [...chart.data];
  const height =
    chart.type === 'hbar' ? Math.max(180, data.length * 40 + 30) : chart.type === 'pie' ? 200 : 240;
  const common = { data, accessibilityLayer: false, margin: { top: 8, right: 12, bottom: 0, left: 0 } };
  const tooltip = <Tooltip formatter={value} contentStyle={TOOLTIP_STYLE} cursor={{ fill: '#eef2ff' }} />;
  const legend = chart.series.secondary ? (
    <Legend
      itemSorter={null}
      wrapperStyle={{ fontSize: 13 }}
      // Series colours are for the swatches; the text stays in the muted token for AA contrast.
      formatter={(name) => <span style={{ color: '#475569' }}>{name}</span>}
    />
  ) : null;

  // Axis and series settings the bar, line and area charts share; recharts wants its parts as direct
  // children, so these are spread props rather than wrapper components.
  const categoryAxis = { dataKey: 'label', tick: TICK, axisLine: false, tickLine: false } as const;
  const valueAxis = {
    tickCount: 6,
    tick: TICK,
    tickFormatter: axis,
    width: 48,
    axisLine: false,
    tickLine: false,
  };
  type SeriesKey = 'primary' | 'secondary';
  const series = (key: SeriesKey) => ({ ...ANIMATION, dataKey: key, name: chart.series[key] });
  const colorOf = (key: SeriesKey) => (key === 'primary' ? PRIMARY : SECONDARY);
  const keys: SeriesKey[] = chart.series.secondary ? ['primary', 'secondary'] : ['primary'];
  const bar = (key: SeriesKey) => (
    <Bar key={key} {...series(key)} fill={colorOf(key)} radius={[4, 4, 0, 0]} maxBarSize={40} />
  );
  const line = (key: SeriesKey) => (
    <Line
      key={key}
      {...series(key)}
      type="monotone"
      stroke={colorOf(key)}
      strokeWidth={2.5}
      strokeDasharray={key === 'secondary' ? '6 3' : undefined}
      dot={{ r: 3 }}
    />
  );
  const area = (key: SeriesKey) => (
    <Area
      key={key}
      {...series(key)}
      type="monotone"
      stroke={colorOf(key)}
      strokeWidth={2.5}
      fill={colorOf(key)}
      fillOpacity={0.15}
    />
  );

  let drawing;
  switch (chart.type) {
    case 'hbar':
      drawing = (
        <BarChart {...common} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 4 }}>
          <CartesianGrid horizontal={false} stroke={GRID} />
          <XAxis type="number" tick={TICK} tickFormatter={axis} axisLine={false} tickLine={false} />
          <YAxis {...categoryAxis} type="category" width={120} />
          {tooltip}
          <Bar {...series('primary')} fill={PRIMARY} radius={[0, 4, 4, 0]} maxBarSize={24} />
        </BarChart>
      );
      break;
    case 'bar':
      drawing = (
        <BarChart {...common}>
          <CartesianGrid vertical={false} stroke={GRID} />
          <XAxis {...categoryAxis} />
          <YAxis {...valueAxis} allowDecimals={false} />
          {tooltip}
          {legend}
          {keys.map(bar)}
        </BarChart>
      );
      break;
    case 'line':
      drawing = (
        <LineChart {...common}>
          <CartesianGrid vertical={false} stroke={GRID} />
          <XAxis {...categoryAxis} padding={{ left: 12, right: 12 }} />
          <YAxis {...valueAxis} domain={['auto', 'auto']} />
          {tooltip}
          {legend}
          {keys.map(line)}
        </LineChart>
      );
      break;
    case 'area':
      drawing = (
        <AreaChart {...common}>
          <CartesianGrid vertical={false} stroke={GRID} />
          <XAxis {...categoryAxis} padding={{ left: 12, right: 12 }} />
          <YAxis {...valueAxis} />
          {tooltip}
          {legend}
          {keys.map(area)}
        </AreaChart>
      );
      break;
    case 'pie':
      drawing = (
        <PieChart accessibilityLayer={false}>
          {tooltip}
          <Pie
            {...ANIMATION}
            data={data}
            dataKey="primary"
            nameKey="label"
            innerRadius="55%"
            outerRadius="90%"
            paddingAngle={2}
            stroke="#ffffff"
          >
            {data.map((point, index) => (
              <Cell key={point.label} fill={colorAt(index)} />
            ))}
          </Pie>
        </PieChart>
      );
      break;
  }

  const total = chart.data.reduce((sum, point) => sum + point.primary, 0);
  const pie = chart.type === 'pie';
  // The drawing grows to fill its card (beside a taller table) but never gets shorter than `height`.
  return (
    <figure className="flex min-w-0 flex-1 flex-col">
      <figcaption className="text-base font-semibold text-ink">
        {chart.caption}
        {chart.live && (
          <Badge color="green" className="ml-2 align-middle">
            Live
          </Badge>
        )}
      </figcaption>
      <div className={cn('mt-4 flex min-w-0 flex-1 flex-col gap-4', pie && 'sm:flex-row sm:items-center')}>
        <div
          role="img"
          aria-label={describeChart(chart)}
          className={cn('w-full min-w-0 flex-1', pie && 'sm:w-1/2 sm:flex-none sm:self-stretch')}
          style={{ minHeight: height }}
        >
          <ResponsiveContainer
            width="100%"
            height="100%"
            minHeight={height}
            initialDimension={{ width: 320, height }}
          >
            {drawing}
          </ResponsiveContainer>
        </div>
        {pie && (
          // The pie's key, with the figures, so nobody has to hover to read a value.
          <ul className="grid min-w-0 gap-2.5 text-sm sm:flex-1">
            {chart.data.map((point, index) => (
              <li key={point.label} className="flex min-w-0 items-center gap-2">
                <span className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: colorAt(index) }} />
                <span className="min-w-0 flex-1 text-muted">{point.label}</span>
                <span className="whitespace-nowrap font-semibold tabular-nums text-ink">
                  {formatValue(point.primary, chart.format)}
                  <span className="ml-1 font-normal text-muted">
                    ({Math.round((point.primary / total) * 100)}%)
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </figure>
  );
}
