import type { PublicUser } from '../../../shared/schemas/user';
import { displayStatus } from '../../../shared/roles';
import { PageMeta } from '../../app/page-meta';
import { Card } from '../../components/ui/card';

/** The overview's welcome panel (spec §2): who is signed in, in what role and state. */
export function DashboardHome({ user }: { user: PublicUser }) {
  const status = displayStatus(user);
  const details = [
    { label: 'Username', value: user.username },
    { label: 'Email', value: user.email },
    { label: 'Role', value: user.role },
    { label: 'Status', value: status },
    { label: 'User ID', value: user._id },
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <PageMeta title="Dashboard" description="Your business dashboard." />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {user.username}</h1>
      <p className="mt-1 text-sm text-muted">Here is your account at a glance.</p>
      <Card className="mt-6">
        <dl className="grid gap-5 sm:grid-cols-2">
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
    </div>
  );
}
