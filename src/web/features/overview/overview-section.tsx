import { Activity, Lightbulb, Users } from 'lucide-react';
import { displayStatus } from '../../lib/role-display';
import { DASHBOARD_MESSAGES } from '../../../shared/messages';
import { formatIndianNumber } from '../../../shared/text';
import type { SectionProps } from '../../lib/section-props';
import { Banner } from '../../components/ui/banner';
import { Card } from '../../components/ui/card';
import { StatCard } from '../../components/ui/stat-card';
import { timeAgo } from '../../lib/time-ago';
import { useDashboardData } from './overview-api';
import { ProjectFigures } from '../../components/projects/project-figures';
import { canUseModule } from '../../../shared/access';

const QUICK_ACTIONS = [
  'Follow up on this week’s new leads',
  'Publish a blog post for your next campaign',
  'Review who has access to which modules',
  'Invite your team to the workspace',
];

/** Overview (docs/product/dashboard.md#overview): welcome panel, totals and recent activity when present, quick actions, error banner. */
export function OverviewSection({ user }: SectionProps) {
  const { data, isError } = useDashboardData();
  const details = [
    { label: 'Username', value: user.username },
    { label: 'Email', value: user.email },
    { label: 'Role', value: user.role },
    { label: 'Status', value: displayStatus(user) },
    { label: 'User ID', value: user._id },
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {user.username}</h1>
        <p className="mt-1 text-sm text-muted">Here is what is happening in your workspace.</p>
      </div>
      {isError && <Banner message={DASHBOARD_MESSAGES.loadFailed} />}

      <Card>
        <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {details.map((item) => (
            <div key={item.label}>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{item.label}</dt>
              <dd
                className="mt-1 break-all text-sm font-medium text-ink"
                data-testid={`overview-${item.label.toLowerCase().replace(' ', '-')}`}
              >
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
      </Card>

      {canUseModule(user, 'projects') && <ProjectFigures />}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {data && <StatCard label="Total users" value={formatIndianNumber(data.totalUsers)} icon={Users} />}
          {data && (
            <Card>
              <h2 className="flex items-center gap-2 text-base font-semibold">
                <Activity className="size-4 text-brand-700" aria-hidden /> Recent activity
              </h2>
              {data.recentActivity.length === 0 ? (
                <p className="mt-4 text-sm text-muted">No activity yet.</p>
              ) : (
                <ul className="mt-4 divide-y divide-line" data-testid="recent-activity">
                  {data.recentActivity.map((item, index) => (
                    <li
                      key={`${item.timestamp}-${index}`}
                      className="flex items-center justify-between gap-4 py-2.5 text-sm"
                    >
                      <span className="text-ink">{item.action}</span>
                      <time dateTime={item.timestamp} className="shrink-0 text-xs text-muted">
                        {timeAgo(item.timestamp)}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          )}
        </div>
        <Card>
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <Lightbulb className="size-4 text-brand-700" aria-hidden /> Quick Actions
          </h2>
          <ul className="mt-4 space-y-3">
            {QUICK_ACTIONS.map((idea) => (
              <li key={idea} className="rounded-lg bg-canvas px-3 py-2.5 text-sm text-ink">
                {idea}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
