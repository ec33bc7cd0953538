import { useId, useState } from 'react';
import { UserPlus } from 'lucide-react';
import { displayStatus, roleBadgeColor, statusBadgeColor } from '../../lib/role-display';
import type { WorkspaceMember } from '../../../shared/schemas/workspace';
import { formatIndianNumber } from '../../../shared/text';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { timeAgo } from '../../lib/time-ago';
import { ProfileAvatar } from '../../components/profile/profile-avatar';
import { INVITATION_MESSAGES, EMAIL_CONFIRMATION_MESSAGES } from '../../../shared/messages';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { InviteMembers } from './invite-members';

/** Members (docs/product/workspace.md#members): the workspace's members, and 'Invite Members' for its Business Admin or an Admin. */
export function MembersTab({ members, user }: { members: WorkspaceMember[]; user: PublicUser }) {
  const hintId = useId();
  const [inviting, setInviting] = useState(false);
  const inviterRole = user.role === 'Admin' || user.role === 'Business Admin';
  // docs/product/workspace.md#invitations: only a confirmed address invites (the server refuses the others with the same words).
  const mayInvite = inviterRole && user.emailConfirmed !== false;
  const hint = inviterRole ? EMAIL_CONFIRMATION_MESSAGES.required : INVITATION_MESSAGES.ownerOrAdminOnly;
  return (
    <Card>
      <div className="flex flex-col gap-3 border-b border-line pb-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-base font-semibold text-ink">Members</h2>
          <p className="text-sm text-muted">{formatIndianNumber(members.length)} in this workspace</p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Button
            disabled={!mayInvite}
            aria-describedby={mayInvite ? undefined : hintId}
            aria-expanded={inviting}
            onClick={() => setInviting((open) => !open)}
          >
            <UserPlus className="size-4" aria-hidden />
            {INVITATION_MESSAGES.button}
          </Button>
          {!mayInvite && (
            <p id={hintId} className="text-xs text-muted">
              {hint}
            </p>
          )}
        </div>
      </div>
      {inviting && mayInvite && <InviteMembers userId={user._id} onClose={() => setInviting(false)} />}
      {members.length === 0 ? (
        <p className="pt-5 text-sm text-muted">No members yet.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Workspace members">
          {members.map((member) => {
            const status = displayStatus(member);
            return (
              <li key={member._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4 last:pb-0">
                <ProfileAvatar name={member.username || member.email} size="md" />
                <div className="min-w-0 flex-1 basis-48">
                  <p className="truncate text-sm font-semibold text-ink">{member.username}</p>
                  <p className="break-all text-sm text-muted">{member.email}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge color={roleBadgeColor(member.role)}>{member.role}</Badge>
                  <Badge color={statusBadgeColor(status)}>{status}</Badge>
                </div>
                <p className="w-full text-xs text-muted sm:w-36 sm:text-right">
                  {member.lastActiveAt ? (
                    <>
                      Last active: <time dateTime={member.lastActiveAt}>{timeAgo(member.lastActiveAt)}</time>
                    </>
                  ) : (
                    'Not active yet'
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
