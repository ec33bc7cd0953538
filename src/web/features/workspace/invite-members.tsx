import { useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import { INVITATION_MESSAGES as M } from '../../../shared/messages';
import { INVITATION } from '../../../shared/mail';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { serverMessage } from '../../lib/api-client';
import { timeAgo } from '../../lib/time-ago';
import { useInvitations, useInvite, useRevokeInvitation } from './workspace-api';

/**
 * 'Invite Members' made real (docs/product/workspace.md#invitations): an e-mailed, single-use link that signs up a Team Member of this
 * workspace. The link goes to the invitee's mailbox only, never to this screen: opening it proves the
 * address (docs/security.md#invitations).
 */
export function InviteMembers({ userId, onClose }: { userId: string; onClose(): void }) {
  const [email, setEmail] = useState('');
  const invite = useInvite(userId);
  const revoke = useRevokeInvitation(userId);
  const pending = useInvitations(userId, true);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    invite.mutate(address, {
      onSuccess: (answer) => {
        toast.success(M.sent(answer.invitation.email));
        setEmail('');
      },
    });
  }

  return (
    <div className="space-y-5 border-b border-line py-5">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Invite a member"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <TextField
          className="flex-1"
          label="E-mail address"
          type="email"
          autoComplete="off"
          placeholder="name@company.com"
          help={`They join as a Team Member, whatever their e-mail domain. The link goes to their inbox only and works once, for 7 days. At most ${INVITATION.hourlyLimit} invitations an hour and ${INVITATION.dailyLimit} a day.`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex gap-2 sm:mb-[1.625rem]">
          <Button type="submit" disabled={invite.isPending || !email.trim()}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
          <Button variant="ghost" onClick={onClose} aria-label="Close the invitation form">
            <X className="size-4" aria-hidden />
          </Button>
        </div>
      </form>
      {invite.isError && <Banner message={serverMessage(invite.error) ?? M.sendFailed} />}
      <div>
        <h3 className="text-sm font-semibold text-ink">Pending invitations</h3>
        {pending.data?.length ? (
          <ul className="mt-2 divide-y divide-line" aria-label="Pending invitations">
            {pending.data.map((invitation) => (
              <li key={invitation._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="break-all text-sm text-ink">{invitation.email}</p>
                  <p className="text-xs text-muted">
                    {invitation.invitedBy ? `Invited by ${invitation.invitedBy}` : 'Invited'} ·{' '}
                    {timeAgo(invitation.createdAt)}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(invitation._id, { onSuccess: () => toast.success(M.revoked) })}
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted">{pending.isPending ? 'Loading...' : M.pendingEmpty}</p>
        )}
      </div>
    </div>
  );
}
