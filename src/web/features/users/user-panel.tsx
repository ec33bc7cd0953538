import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { grantedModules } from '../../../shared/access';
import { FORM_MESSAGES, USERS_MESSAGES } from '../../../shared/messages';
import { ADMIN_ROLE_OPTIONS, EDITABLE_STATUSES, MODULE_KEYS, type Role } from '../../../shared/roles';
import {
  departmentFor,
  displayStatus,
  reportsTo,
  roleBadgeColor,
  statusBadgeColor,
} from '../../lib/role-display';
import type { UpdateUserInput } from '../../../shared/schemas/users';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { SidePanel } from '../../components/ui/side-panel';
import { timeAgo } from '../../lib/time-ago';
import { MemberTwoFactorControl } from '../../components/two-factor/member-two-factor';
import { ModulePermissions } from './module-permissions';
import { UserAvatar } from './user-avatar';
import { placeholderDetails } from './user-placeholders';
import { useUpdateUser } from './users-api';

type Draft = { role: string; status: string; name: string; phone: string; location: string; email: string };
const draftOf = (u: PublicUser): Draft => ({
  role: u.role,
  status: u.status,
  name: u.name,
  phone: u.phone,
  location: u.location,
  email: u.email,
});
const selectClasses = 'mt-1.5 h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm';

/** User side panel (docs/product/users.md#side-panel); Admins get edit mode (Save Changes / Cancel) and Module Permissions. */
export function UserPanel({
  user,
  canEdit,
  onClose,
}: {
  user: PublicUser;
  canEdit: boolean;
  onClose(): void;
}) {
  const update = useUpdateUser();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const extra = placeholderDetails(user);
  const status = displayStatus(user);
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const cancel = () => {
    setDraft(draftOf(user));
    setEditing(false);
  };

  const save = () => {
    // The e-mail field is editable but never sent (docs/product/users.md#side-panel); only what changed goes to the server.
    const changes: UpdateUserInput = {};
    if (draft.role !== user.role) changes.role = draft.role as Role;
    if (draft.status !== user.status) changes.status = draft.status as UpdateUserInput['status'];
    for (const field of ['name', 'phone', 'location'] as const)
      if (draft[field] !== user[field]) changes[field] = draft[field];
    if (Object.keys(changes).length === 0) return setEditing(false);
    update.mutate(
      { id: user._id, changes },
      {
        onSuccess: () => {
          toast.success(USERS_MESSAGES.userUpdated);
          setEditing(false);
        },
        onError: () => toast.error(USERS_MESSAGES.userUpdateFailed),
      },
    );
  };

  const footer = !canEdit ? undefined : editing ? (
    <>
      <Button variant="secondary" onClick={cancel}>
        Cancel
      </Button>
      <Button onClick={save} disabled={update.isPending}>
        {update.isPending ? FORM_MESSAGES.saving : FORM_MESSAGES.saveChanges}
      </Button>
    </>
  ) : (
    <Button onClick={() => setEditing(true)}>Edit</Button>
  );

  return (
    <SidePanel title="User details" onClose={onClose} footer={footer}>
      <div className="space-y-6">
        <div className="flex items-center gap-4">
          <UserAvatar name={user.name || user.username} image={user.profileImage} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{user.name || user.username}</p>
            <p className="truncate text-sm text-muted">{user.email}</p>
            <p className="text-xs text-muted">
              Last active: {user.lastActiveAt ? timeAgo(user.lastActiveAt) : 'Never'}
            </p>
          </div>
        </div>

        <dl className="grid grid-cols-3 gap-3 text-center">
          <Stat label="Active projects" value={extra.activeProjects} />
          <Stat label="Total projects" value={extra.totalProjects} />
          <Stat label="Permissions" value={`${grantedModules(user).length}/${MODULE_KEYS.length}`} />
        </dl>

        {editing ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="text-sm font-medium">
              Role
              <select
                className={selectClasses}
                value={draft.role}
                onChange={(e) => set('role')(e.target.value)}
              >
                {(ADMIN_ROLE_OPTIONS.includes(user.role as Role)
                  ? ADMIN_ROLE_OPTIONS
                  : [user.role, ...ADMIN_ROLE_OPTIONS]
                ).map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            <label className="text-sm font-medium">
              Status
              <select
                className={selectClasses}
                value={draft.status}
                onChange={(e) => set('status')(e.target.value)}
              >
                {EDITABLE_STATUSES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </label>
            <TextField label="Name" value={draft.name} onChange={(e) => set('name')(e.target.value)} />
            <TextField
              label="Email"
              type="email"
              value={draft.email}
              onChange={(e) => set('email')(e.target.value)}
              help="The e-mail address is not changed here."
            />
            <TextField label="Phone" value={draft.phone} onChange={(e) => set('phone')(e.target.value)} />
            <TextField
              label="Location"
              value={draft.location}
              onChange={(e) => set('location')(e.target.value)}
            />
          </div>
        ) : (
          <>
            <Group title="Role and status">
              <div className="flex gap-2">
                <Badge color={roleBadgeColor(user.role)}>{user.role}</Badge>
                <Badge color={statusBadgeColor(status)}>{status}</Badge>
              </div>
            </Group>
            <Group title="Contact information">
              <Rows
                rows={[
                  ['Email', user.email],
                  ['Phone', extra.phone],
                  ['Location', extra.location],
                  ['Joined', new Date(user.createdAt).toLocaleDateString()],
                ]}
              />
            </Group>
          </>
        )}

        <Group title="Professional details">
          <Rows
            rows={[
              ['Department', departmentFor(user.role)],
              ['Reports to', reportsTo(user.role)],
              ['Employee ID', extra.employeeId],
              ['Response time', extra.responseTime],
              ['Languages', extra.languages],
              ['Marital status', extra.maritalStatus],
            ]}
          />
        </Group>

        {canEdit && <MemberTwoFactorControl userId={user._id} name={user.name || user.username} />}
        {canEdit && <ModulePermissions user={user} />}
      </div>
    </SidePanel>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-canvas px-2 py-3">
      <dd className="text-lg font-bold text-ink">{value}</dd>
      <dt className="text-xs text-muted">{label}</dt>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="divide-y divide-line rounded-xl border border-line">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 px-3 py-2 text-sm">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
