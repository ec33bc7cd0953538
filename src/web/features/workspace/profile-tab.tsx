import { Pencil } from 'lucide-react';
import { displayStatus, roleBadgeColor, statusBadgeColor } from '../../lib/role-display';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ProfileAvatar } from '../../components/profile/profile-avatar';
import { RestrictedNotice } from '../../components/profile/restricted-notice';

/** Profile tab (docs/product/workspace.md#workspace-settings): the current user at a glance; editing lives in Profile Settings. */
export function ProfileTab({ user }: { user: PublicUser }) {
  const status = displayStatus(user);
  const rows = [
    { label: 'Username', value: user.username },
    { label: 'Email', value: user.email },
  ];
  return (
    <div className="space-y-4">
      {user.role === 'User' && <RestrictedNotice />}
      <Card className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
        <ProfileAvatar name={user.username || user.email} image={user.profileImage} />
        <div className="min-w-0 flex-1">
          <dl className="space-y-2">
            {rows.map((row) => (
              <div key={row.label}>
                <dt className="sr-only">{row.label}</dt>
                <dd
                  className={
                    row.label === 'Username'
                      ? 'text-lg font-semibold text-ink'
                      : 'break-all text-sm text-muted'
                  }
                >
                  {row.value}
                </dd>
              </div>
            ))}
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              <dt className="sr-only">Role</dt>
              <dd>
                <Badge color={roleBadgeColor(user.role)}>{user.role}</Badge>
              </dd>
              <dt className="sr-only">Status</dt>
              <dd>
                <Badge color={statusBadgeColor(status)}>{status}</Badge>
              </dd>
            </div>
          </dl>
        </div>
        <ButtonLink to="/dashboard/profile-settings" variant="secondary">
          <Pencil className="size-4" aria-hidden />
          Edit in Profile Settings
        </ButtonLink>
      </Card>
    </div>
  );
}
