import { useEffect, useRef } from 'react';
import { Pencil } from 'lucide-react';
import { displayStatus, roleBadgeColor, statusBadgeColor } from '../../lib/role-display';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ProfileAvatar } from '../../components/profile/profile-avatar';

const NOT_SET = 'Not set';

/** View mode: the picture area and the user's details, read-only, with 'Edit Profile'. */
export function ProfileDetails({
  user,
  onEdit,
  focusEdit = false,
}: {
  user: PublicUser;
  onEdit(): void;
  /** Back from edit mode: focus returns to 'Edit Profile'. */
  focusEdit?: boolean;
}) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusEdit) root.current?.querySelector<HTMLButtonElement>('[data-edit-profile]')?.focus();
  }, [focusEdit]);
  const status = displayStatus(user);
  const rows = [
    { key: 'username', label: 'Username', value: user.username },
    { key: 'name', label: 'Name', value: user.name },
    { key: 'email', label: 'Email', value: user.email },
    { key: 'phone', label: 'Phone', value: user.phone },
    { key: 'location', label: 'Location', value: user.location },
    { key: 'role', label: 'Role', value: user.role },
    { key: 'status', label: 'Status', value: status },
  ];

  return (
    <div ref={root} className="space-y-6">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <ProfileAvatar name={user.username || user.email} image={user.profileImage} />
        <div className="min-w-0 flex-1">
          <p className="break-words text-xl font-semibold text-ink">{user.name || user.username}</p>
          <p className="break-all text-sm text-muted">{user.email}</p>
          <div className="mt-2 flex flex-wrap justify-center gap-2 sm:justify-start">
            <Badge color={roleBadgeColor(user.role)}>{user.role}</Badge>
            <Badge color={statusBadgeColor(status)}>{status}</Badge>
          </div>
        </div>
        <Button data-edit-profile variant="secondary" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden />
          Edit Profile
        </Button>
      </div>

      <dl className="grid gap-5 border-t border-line pt-6 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((row) => (
          <div key={row.key}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{row.label}</dt>
            <dd
              className={
                row.value ? 'mt-1 break-words text-sm font-medium text-ink' : 'mt-1 text-sm text-muted'
              }
              data-testid={`profile-${row.key}`}
            >
              {row.value || NOT_SET}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
