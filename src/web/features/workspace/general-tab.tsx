import { Crown, Users } from 'lucide-react';
import type { PublicUser } from '../../../shared/schemas/public-user';
import type { WorkspaceInfo } from '../../../shared/schemas/workspace';
import { formatIndianNumber } from '../../../shared/text';
import { Card } from '../../components/ui/card';
import { StatCard } from '../../components/ui/stat-card';
import { PlanUsage } from './storage-usage';
import { WorkspaceForm } from './workspace-form';

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** Only a Business Admin of this workspace, or an Admin, may change it (the server checks too). */
export function canEditWorkspace(user: PublicUser, workspace: WorkspaceInfo): boolean {
  return user.role === 'Admin' || (user.role === 'Business Admin' && user.workspaceId === workspace._id);
}

/** General (docs/product/workspace.md#general): name, description, type, plan, storage and members; the edit form for its owners. */
export function GeneralTab({ user, workspace }: { user: PublicUser; workspace: WorkspaceInfo }) {
  const editable = canEditWorkspace(user, workspace);
  const details = [
    { key: 'name', label: 'Name', value: workspace.name },
    { key: 'type', label: 'Type', value: workspace.type },
    { key: 'domain', label: 'Email domain', value: workspace.domain ?? 'None' },
    {
      key: 'created',
      label: 'Created',
      value: new Date(workspace.createdAt).toLocaleDateString('en-IN', DATE),
    },
    { key: 'description', label: 'Description', value: workspace.description || 'No description yet' },
  ];

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4">
        <StatCard label="Members" value={formatIndianNumber(workspace.memberCount)} icon={Users} />
        <StatCard
          label="Plan"
          value={workspace.plan}
          hint={`${workspace.usage.planName} limits`}
          icon={Crown}
        />
      </div>

      <PlanUsage usage={workspace.usage} />

      <Card>
        <h2 className="text-base font-semibold text-ink">Workspace details</h2>
        <dl className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {details.map((item) => (
            <div
              key={item.key}
              className={item.key === 'description' ? 'sm:col-span-2 lg:col-span-4' : undefined}
            >
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{item.label}</dt>
              <dd
                className="mt-1 break-words text-sm font-medium text-ink"
                data-testid={`workspace-${item.key}`}
              >
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
        {!editable && (
          <p className="mt-5 border-t border-line pt-4 text-xs text-muted">
            Only a Business Admin of this workspace or an Admin can change these settings.
          </p>
        )}
      </Card>

      {editable && <WorkspaceForm key={workspace._id} workspace={workspace} userId={user._id} />}
    </div>
  );
}
