import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/types';
import { toPublicUser } from '../../db/rows';
import type { RegisterInput } from '../../../shared/schemas/auth';
import type { LoginAnswer } from '../../../shared/schemas/two-factor';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../../../shared/messages';
import { DEFAULT_USER_STATUS, ROLE_FOR_USER_TYPE } from '../../../shared/roles';
import { WAITING_ROOM_WORKSPACE_ID } from '../../../shared/email-confirmation';
import { emailDomain } from '../../../shared/text';
import type { PasswordWork } from '../../auth/password-work';
import type { TokenService } from '../../auth/tokens';
import { badRequest, conflict } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { findUserByEmail, insertUser, newUserRow } from '../users/users.service';
import {
  createWorkspace,
  findWorkspaceByDomain,
  ownableDomain,
  workspaceOwningDomain,
} from '../workspaces/workspaces.service';
import { recordActivity } from '../activity/activity.service';
import { adoptUnownedLeads } from '../leads/leads.service';
import { acceptInvitation } from '../invitations/invitations.service';
import {
  sweepUnconfirmed,
  type EmailConfirmationService,
} from '../email-confirmation/email-confirmation.service';
import type { SecondStepService } from './second-step.service';
import { openSession } from '../sessions/sessions.service';

export interface SignUpDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  passwords: PasswordWork;
  secondStep: SecondStepService;
  confirmation: EmailConfirmationService;
  siteName: () => Promise<string>;
  kickMail: () => void;
  clock: () => Date;
}

const domainNotFound = () =>
  badRequest(AUTH_MESSAGES.domainNotFound, [{ field: 'email', message: AUTH_MESSAGES.domainNotFound }]);

/**
 * POST /api/register (docs/product/auth.md: claims need proof). The account is created at once and signed in,
 * but its address is unproven until the mailed link is opened: a Business Owner's domain stays claimed, not
 * owned; a Team Member signed up by domain waits outside every workspace. An invitation link is the proof
 * itself (it went to that address). Where the workspace requires two-factor sign-in, the answer is the
 * second step, as at sign-in, never a session.
 */
export function createSignUpService(deps: SignUpDeps) {
  const { db, passwords } = deps;

  /** Where the new account goes, and whether its address is already proven. */
  async function placement(trx: Transaction<Database>, input: RegisterInput, username: string, now: Date) {
    const domain = emailDomain(input.email);
    if (input.inviteToken) {
      // The invitation proves membership and the address: any e-mail domain may join the inviting workspace.
      const workspaceId = await acceptInvitation(trx, input.inviteToken, input.email, now);
      return { workspaceId, pendingWorkspaceId: null, confirmed: true, created: false };
    }
    if (input.userType === 'team-member') {
      // Only a confirmed owner's workspace owns a domain; the member joins it once their own address is proven.
      const workspace = await findWorkspaceByDomain(trx, domain);
      if (!workspace) throw domainNotFound();
      return {
        workspaceId: WAITING_ROOM_WORKSPACE_ID,
        pendingWorkspaceId: workspace.id,
        confirmed: false,
        created: false,
      };
    }
    const claimed = input.userType === 'business-owner' ? ownableDomain(domain) : null;
    // Refused only when a confirmed workspace owns it (a deleted one keeps it while recoverable); an
    // unconfirmed claim blocks nobody.
    if (claimed && (await workspaceOwningDomain(trx, claimed))) throw conflict(SERVER_MESSAGES.domainTaken);
    const workspace = await createWorkspace(trx, {
      name: input.businessName ?? username,
      domain: null,
      pendingDomain: claimed,
      kind: input.userType === 'business-owner' ? 'business' : 'personal',
    });
    return { workspaceId: workspace.id, pendingWorkspaceId: null, confirmed: false, created: true };
  }

  return {
    async register(input: RegisterInput): Promise<LoginAnswer> {
      const now = deps.clock();
      // An address whose sign-up lapsed unconfirmed is free again.
      await sweepUnconfirmed(db, now, input.email);
      if (await findUserByEmail(db, input.email)) throw conflict(SERVER_MESSAGES.emailTaken);
      const role = input.inviteToken ? 'Team Member' : ROLE_FOR_USER_TYPE[input.userType];
      const passwordHash = await passwords.hash(input.password);
      const joining = input.userType === 'team-member' || Boolean(input.inviteToken);
      const username = (joining ? (input.username ?? input.businessName) : input.businessName) ?? '';
      // Read before the transaction: on SQLite a read outside it would wait for it to end.
      const siteName = await deps.siteName();

      let user: UserRow;
      try {
        user = await db.transaction().execute(async (trx) => {
          const place = await placement(trx, input, username, now);
          const at = now.toISOString();
          const row = newUserRow({
            workspaceId: place.workspaceId,
            username,
            name: input.businessName ?? username,
            email: input.email,
            passwordHash,
            role,
            status: DEFAULT_USER_STATUS,
            at,
            lastActiveAt: at,
            emailConfirmedAt: place.confirmed ? at : null,
            pendingWorkspaceId: place.pendingWorkspaceId,
          });
          await insertUser(trx, row);
          // The new workspace's sample leads are its owner's (docs/product/leads.md#owners-and-follow-ups).
          if (place.created) await adoptUnownedLeads(trx, place.workspaceId, row.id);
          await recordActivity(trx, {
            workspaceId: place.workspaceId,
            userId: row.id,
            action: `${username} signed up as ${role}`,
          });
          if (!place.confirmed) await deps.confirmation.queueLink(trx, row, siteName, now);
          return row;
        });
      } catch (error) {
        // Two sign-ups racing for one e-mail or domain: the unique constraint decides, the loser gets 409
        // naming what was taken (on PostgreSQL both may pass the checks before either commits).
        if (isUniqueViolation(error)) {
          if (await findUserByEmail(db, input.email)) throw conflict(SERVER_MESSAGES.emailTaken);
          throw conflict(SERVER_MESSAGES.domainTaken);
        }
        throw error;
      }
      deps.kickMail();
      // Two-factor at every door: joining a workspace that requires it starts with its set-up.
      const challenge = await deps.secondStep.challengeFor(user);
      if (challenge) return challenge;
      return {
        token: await openSession(db, deps.tokens, user, now),
        user: toPublicUser(user),
      };
    },
  };
}

export type SignUpService = ReturnType<typeof createSignUpService>;
