import { MoreHorizontal } from 'lucide-react';
import { grantedModules } from '../../../shared/access';
import { MODULE_KEYS } from '../../../shared/roles';
import { displayStatus, roleBadgeColor, statusBadgeColor } from '../../lib/role-display';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { Badge } from '../../components/ui/badge';
import { UserAvatar } from './user-avatar';

/** The users list on a phone: one card per user; role changes happen in the side panel there. */
export function UsersCards({ users, onOpen }: { users: PublicUser[]; onOpen(user: PublicUser): void }) {
  return (
    <ul className="space-y-3">
      {users.map((user) => {
        const status = displayStatus(user);
        return (
          <li key={user._id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
            <div className="flex items-center gap-3">
              <UserAvatar name={user.name || user.username} image={user.profileImage} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink">{user.name || user.username}</p>
                <p className="truncate text-xs text-muted">{user.email}</p>
              </div>
              <button
                type="button"
                onClick={() => onOpen(user)}
                aria-label={`Open details of ${user.username}`}
                className="rounded-md p-2 text-muted hover:bg-slate-100 hover:text-ink"
              >
                <MoreHorizontal className="size-5" aria-hidden />
              </button>
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <Badge color={roleBadgeColor(user.role)}>{user.role}</Badge>
              <Badge color={statusBadgeColor(status)}>{status}</Badge>
              <span className="text-xs text-muted">
                {grantedModules(user).length}/{MODULE_KEYS.length} modules
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
