import { Plus } from 'lucide-react';
import { grantedModules } from '../../../shared/access';
import { ADMIN_ROLE_OPTIONS, MODULE_LABELS } from '../../../shared/roles';
import { displayStatus, statusBadgeColor } from '../../lib/role-display';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { Badge } from '../../components/ui/badge';
import { DataTable, RowDetailsButton, tableHeadClasses } from '../../components/ui/table';
import { UserAvatar } from './user-avatar';

const MAX_ACCESS_TAGS = 4;

interface UsersTableProps {
  users: PublicUser[];
  canEdit: boolean;
  onRoleChange(user: PublicUser, role: string): void;
  onOpen(user: PublicUser): void;
}

/** Users table (docs/product/users.md#users-and-roles): User Details, Access (≤4 tags and '+'), Role select, Status badge, actions. */
export function UsersTable({ users, canEdit, onRoleChange, onOpen }: UsersTableProps) {
  return (
    <DataTable caption="Users" tableClassName="min-w-[760px]">
      <thead className={`${tableHeadClasses} tracking-wide`}>
        <tr>
          <th scope="col" className="px-4 py-3">
            User Details
          </th>
          <th scope="col" className="px-4 py-3">
            Access
          </th>
          <th scope="col" className="px-4 py-3">
            Role
          </th>
          <th scope="col" className="px-4 py-3">
            Status
          </th>
          <th scope="col" className="px-4 py-3">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {users.map((user) => {
          const modules = grantedModules(user);
          const status = displayStatus(user);
          const roleOptions = ADMIN_ROLE_OPTIONS.includes(user.role as never)
            ? ADMIN_ROLE_OPTIONS
            : [user.role, ...ADMIN_ROLE_OPTIONS];
          return (
            <tr key={user._id} data-testid={`user-row-${user.email}`}>
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <UserAvatar name={user.name || user.username} image={user.profileImage} />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-ink">{user.name || user.username}</p>
                    <p className="truncate text-xs text-muted">{user.email}</p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap items-center gap-1">
                  {modules.slice(0, MAX_ACCESS_TAGS).map((key) => (
                    <Badge key={key} color="blue">
                      {MODULE_LABELS[key]}
                    </Badge>
                  ))}
                  {modules.length === 0 && <span className="text-xs text-muted">No access</span>}
                  {modules.length > MAX_ACCESS_TAGS && (
                    <button
                      type="button"
                      onClick={() => onOpen(user)}
                      aria-label={`Show all ${modules.length} modules of ${user.username}`}
                      className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-200"
                    >
                      <Plus className="size-3" aria-hidden />
                      {modules.length - MAX_ACCESS_TAGS}
                    </button>
                  )}
                </div>
              </td>
              <td className="px-4 py-3">
                <label htmlFor={`role-${user._id}`} className="sr-only">
                  Role of {user.username}
                </label>
                <select
                  id={`role-${user._id}`}
                  value={user.role}
                  disabled={!canEdit}
                  onChange={(e) => onRoleChange(user, e.target.value)}
                  className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-muted"
                >
                  {roleOptions.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              </td>
              <td className="px-4 py-3">
                <Badge color={statusBadgeColor(status)}>{status}</Badge>
              </td>
              <td className="px-4 py-3 text-right">
                <RowDetailsButton label={`Open details of ${user.username}`} onClick={() => onOpen(user)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
