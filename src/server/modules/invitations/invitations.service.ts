import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../db/types';
import { INVITATION, INVITATION_MESSAGES as M } from '../../../shared/mail';
import type { InvitationView } from '../../../shared/schemas/email';
import { newOneTimeToken } from '../../auth/one-time-token';
import { conflict, forbidden, notFound } from '../../http/errors';
import { enqueueMail } from '../../mail/outbox';
import { hasTransport } from '../../mail/mail-settings';
import type { Mailer } from '../../mail/mailer';
import { invitationMail } from '../../mail/templates';
import { recordActivity } from '../activity/activity.service';
import { findUserByEmail } from '../users/users.repository';
import { findOpenInvitation } from './invitations.repository';

/** 'Invite Members' in Workspace Settings (issue 10): a single-use link that signs up a Team Member. */
export function createInvitationsService(mailer: Mailer, log: FastifyBaseLogger) {
  const { db } = mailer;

  function requireInviter(caller: SessionUser) {
    if (caller.role !== 'Admin' && caller.role !== 'Business Admin') throw forbidden(M.ownerOrAdminOnly);
  }

  return {
    /** Pending invitations of the caller's workspace, newest first. */
    async list(caller: SessionUser): Promise<InvitationView[]> {
      requireInviter(caller);
      const rows = await db
        .selectFrom('invitations')
        .leftJoin('users', 'users.id', 'invitations.invited_by')
        .select([
          'invitations.id',
          'invitations.email',
          'invitations.created_at',
          'invitations.expires_at',
          'users.username as invited_by',
        ])
        .where('invitations.workspace_id', '=', caller.workspace_id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', mailer.now().toISOString())
        .orderBy('invitations.created_at', 'desc')
        .limit(INVITATION.listLimit)
        .execute();
      return rows.map((r) => ({
        _id: r.id,
        email: r.email,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        invitedBy: r.invited_by,
      }));
    },

    /**
     * Invites an address (a new invitation replaces a pending one to the same address). The link is in
     * the answer too: the inviter may pass it on another way, and it works before mail is set up.
     */
    async invite(caller: SessionUser, email: string): Promise<{ invitation: InvitationView; link: string }> {
      requireInviter(caller);
      if (await findUserByEmail(db, email)) throw conflict(M.alreadyMember);
      const workspace = await db
        .selectFrom('workspaces')
        .select('name')
        .where('id', '=', caller.workspace_id)
        .executeTakeFirstOrThrow();
      const now = mailer.now();
      const { token, hash } = newOneTimeToken();
      const link = mailer.link('/signup', { invite: token });
      const row = {
        id: randomUUID(),
        workspace_id: caller.workspace_id,
        email,
        token_hash: hash,
        invited_by: caller.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + INVITATION.ttlMs).toISOString(),
        accepted_at: null,
        revoked_at: null,
      };
      // Read before the transaction: on SQLite a read outside it would wait for it to end.
      const siteName = await mailer.siteName();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('invitations')
          .set({ revoked_at: now.toISOString() })
          .where('workspace_id', '=', caller.workspace_id)
          .where('email', '=', email)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .execute();
        await trx.insertInto('invitations').values(row).execute();
        await enqueueMail(
          trx,
          {
            workspaceId: caller.workspace_id,
            kind: 'invitation',
            via: 'workspace',
            to: email,
            ...invitationMail(siteName, {
              workspaceName: workspace.name,
              inviterName: caller.name || caller.username,
              link,
            }),
          },
          now,
        );
        await recordActivity(trx, {
          workspaceId: caller.workspace_id,
          userId: caller.id,
          action: `${caller.username} invited ${email}`,
        });
      });
      mailer.worker.kick();
      if (process.env.NODE_ENV !== 'production' && !(await hasTransport(mailer, caller.workspace_id)))
        log.warn({ email }, 'E-mail is not set up: the invitation link is shown to the inviter only');
      return {
        invitation: {
          _id: row.id,
          email,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
          invitedBy: caller.username,
        },
        link,
      };
    },

    async revoke(caller: SessionUser, id: string): Promise<void> {
      requireInviter(caller);
      const result = await db
        .updateTable('invitations')
        .set({ revoked_at: mailer.now().toISOString() })
        .where('id', '=', id)
        .where('workspace_id', '=', caller.workspace_id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw notFound(M.notFound);
    },

    /** Public: what the sign-up page shows for an invitation link. */
    async describe(token: string): Promise<{ workspaceName: string; email: string }> {
      const invitation = await findOpenInvitation(db, token, mailer.now());
      if (!invitation) throw notFound(M.invalidLink);
      const workspace = await db
        .selectFrom('workspaces')
        .select('name')
        .where('id', '=', invitation.workspace_id)
        .executeTakeFirstOrThrow();
      return { workspaceName: workspace.name, email: invitation.email };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
