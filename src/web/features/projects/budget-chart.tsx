import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ProjectView } from '../../../shared/schemas/projects';
import { formatMinutes } from '../../../shared/schemas/projects';
import type { TimeEntryView } from '../../../shared/schemas/time';

const ALL = '#4f46e5';
const APPROVED = '#059669';
const BUDGET = '#dc2626';
const TICK = { fill: '#475569', fontSize: 12 };
const GRID = '#e2e8f0';
const HEIGHT = 240;

/** Hours logged up to each day with time, all and approved, from the entries the caller may see. */
export function burnSeries(entries: TimeEntryView[]) {
  const byDay = new Map<string, { all: number; approved: number }>();
  for (const entry of entries) {
    if (entry.startedAt) continue;
    const day = byDay.get(entry.date) ?? { all: 0, approved: 0 };
    day.all += entry.minutes;
    if (entry.status === 'approved') day.approved += entry.minutes;
    byDay.set(entry.date, day);
  }
  let all = 0;
  let approved = 0;
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, sums]) => {
      all += sums.all;
      approved += sums.approved;
      return { day: day.slice(5), all: all / 60, approved: approved / 60 };
    });
}

/**
 * The budget burn (docs/product/projects.md#budgets): hours logged to date, approved apart, against the hours
 * budget. Named as an image with its figures; the cards beside it hold them as text.
 */
export function BudgetChart({ project, entries }: { project: ProjectView; entries: TimeEntryView[] }) {
  const data = burnSeries(entries);
  const budgetHours = project.budgetMinutes === null ? null : project.budgetMinutes / 60;
  const last = data.at(-1);
  const summary =
    `Hours logged on ${project.code} to date: ${formatMinutes(Math.round((last?.all ?? 0) * 60))}, ` +
    `of which approved ${formatMinutes(Math.round((last?.approved ?? 0) * 60))}` +
    (project.budgetMinutes === null
      ? '; no hours budget.'
      : `; budget ${formatMinutes(project.budgetMinutes)}.`);
  if (data.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
        No time logged yet: the burn chart starts with the first entry.
      </p>
    );
  return (
    <figure className="min-w-0">
      <figcaption className="text-base font-semibold text-ink">Budget burn (hours)</figcaption>
      <div
        role="img"
        aria-label={summary}
        className="mt-3 w-full min-w-0"
        style={{ minHeight: HEIGHT }}
        data-testid="budget-chart"
      >
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
            <XAxis dataKey="day" tick={TICK} axisLine={false} tickLine={false} minTickGap={16} />
            <YAxis
              tick={TICK}
              width={44}
              axisLine={false}
              tickLine={false}
              domain={[0, (max: number) => Math.ceil(Math.max(max, budgetHours ?? 0) * 1.1)]}
            />
            <Tooltip
              formatter={(v) => formatMinutes(Math.round(Number(v) * 60))}
              contentStyle={{ borderRadius: 8, borderColor: GRID, fontSize: 13 }}
            />
            <Legend
              wrapperStyle={{ fontSize: 13 }}
              formatter={(name) => <span style={{ color: '#475569' }}>{name}</span>}
            />
            {budgetHours !== null && (
              <ReferenceLine
                y={budgetHours}
                stroke={BUDGET}
                strokeDasharray="6 4"
                label={{ value: 'Budget', fill: BUDGET, fontSize: 12, position: 'insideTopRight' }}
              />
            )}
            <Area
              type="stepAfter"
              dataKey="all"
              name="Logged"
              stroke={ALL}
              strokeWidth={2.5}
              fill={ALL}
              fillOpacity={0.1}
              isAnimationActive={false}
            />
            <Area
              type="stepAfter"
              dataKey="approved"
              name="Approved"
              stroke={APPROVED}
              strokeWidth={2}
              fill={APPROVED}
              fillOpacity={0.12}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
