import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionUser, UserRow } from '../../db/types';
import { nowIso, toPublicUser } from '../../db/rows';
import type { LoginInput, RegisterInput } from '../../../shared/schemas/auth';
import type { AuthResult, PublicUser } from '../../../shared/schemas/user';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../../../shared/messages';
import { DEFAULT_USER_STATUS, ROLE_FOR_USER_TYPE } from '../../../shared/roles';
import { emailDomain } from '../../../shared/text';
import type { PasswordWork } from '../../auth/password-work';
import type { TokenService } from '../../auth/tokens';
import type { Limiter } from '../../limits/limiter';
import { badRequest, conflict, unauthorized } from '../../http/errors';
import { tooMany } from '../../limits/per-address';
import { findUserByEmail, isUniqueViolation, profileImageOf } from '../users/users.repository';
import { createWorkspace, findWorkspaceByDomain, ownableDomain } from '../workspaces/workspaces.repository';
import { recordActivity } from '../activity/activity.service';
import { acceptInvitation } from '../invitations/invitations.repository';
import type { LoginAnswer } from '../../../shared/schemas/two-factor';
import type { SecondStepService } from './second-step.service';
import { refuseBlockedSignIn, type StartSession } from './sign-in-session';

export interface AuthServiceDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  /** Failed sign-ins per client address and e-mail. */
  throttle: Limiter;
  /** Sign-ins that did not succeed per client address, whatever the e-mail (issue 15). */
  addressThrottle: Limiter;
  /** Password hashing and checking, bounded (issue 15). */
  passwords: PasswordWork;
  /** Sign-in with a second factor (issue 17). */
  secondStep: SecondStepService;
  startSession: StartSession;
  clock?: () => Date;
}

const loginWait = (wait: number) => SERVER_MESSAGES.tooManyLogins(Math.ceil(wait / 60));

export function createAuthService({
  db,
  tokens,
  throttle,
  addressThrottle,
  passwords,
  secondStep,
  startSession,
  clock,
}: AuthServiceDeps) {
  const currentTime = clock ?? (() => new Date());
  async function issue(user: UserRow): Promise<AuthResult> {
    return {
      token: await tokens.issue({ userId: user.id, sessionVersion: user.session_version }),
      user: toPublicUser(user),
    };
  }

  return {
    /** GET /api/profile: the signed-in user with the profile image its session read left out. */
    async profile(user: SessionUser): Promise<PublicUser> {
      return toPublicUser({ ...user, profile_image: await profileImageOf(db, user.id) });
    },

    async login(input: LoginInput, clientIp: string): Promise<LoginAnswer> {
      const throttleKey = `${clientIp}|${input.email}`;
      // Checked and counted in one step (across instances when the limits live in Redis), before the slow
      // password check, so parallel guesses cannot all slip under the limit. The address counts every
      // attempt that does not succeed, over all e-mails; the pair counts failures of that e-mail.
      const addressWait = await addressThrottle.take(clientIp);
      if (addressWait > 0) throw tooMany(addressWait, loginWait);
      const wait = await throttle.take(throttleKey);
      if (wait > 0) throw tooMany(wait, loginWait);
      const user = await findUserByEmail(db, input.email);
      let valid: boolean;
      try {
        valid = user
          ? await passwords.verify(input.password, user.password_hash)
          : (await passwords.burn(input.password), false);
      } catch (error) {
        // Busy (503): the password was never checked, so this e-mail's count is given back.
        await throttle.release(throttleKey);
        throw error;
      }
      if (!user || !valid) {
        if (user)
          await recordActivity(db, {
            workspaceId: user.workspace_id,
            userId: user.id,
            action: `Failed sign-in for ${user.email}`,
            kind: 'sign-in-failed',
          });
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      await Promise.all([throttle.clear(throttleKey), addressThrottle.release(clientIp)]);
      await refuseBlockedSignIn(db, user);
      // With a second factor (or a workspace requiring one) the password earns a challenge, not a session.
      return (await secondStep.challengeFor(user)) ?? startSession(user);
    },

    async register(input: RegisterInput): Promise<AuthResult> {
      if (await findUserByEmail(db, input.email)) throw conflict(SERVER_MESSAGES.emailTaken);
      const role = input.inviteToken ? 'Team Member' : ROLE_FOR_USER_TYPE[input.userType];
      const domain = emailDomain(input.email);
      const passwordHash = await passwords.hash(input.password);
      const joining = input.userType === 'team-member' || Boolean(input.inviteToken);
      const username = (joining ? (input.username ?? input.businessName) : input.businessName) ?? '';

      try {
        const user = await db.transaction().execute(async (trx) => {
          let workspaceId: string;
          if (input.inviteToken) {
            // The invitation proves membership: any e-mail domain may join the inviting workspace.
            workspaceId = await acceptInvitation(trx, input.inviteToken, input.email, currentTime());
          } else if (input.userType === 'team-member') {
            const workspace = await findWorkspaceByDomain(trx, domain);
            if (!workspace)
              throw badRequest(AUTH_MESSAGES.domainNotFound, [
                { field: 'email', message: AUTH_MESSAGES.domainNotFound },
              ]);
            workspaceId = workspace.id;
          } else {
            const ownDomain = input.userType === 'business-owner' ? ownableDomain(domain) : null;
            if (ownDomain && (await findWorkspaceByDomain(trx, ownDomain)))
              throw conflict(SERVER_MESSAGES.domainTaken);
            const workspace = await createWorkspace(trx, {
              name: input.businessName ?? username,
              domain: ownDomain,
              kind: input.userType === 'business-owner' ? 'business' : 'personal',
            });
            workspaceId = workspace.id;
          }
          const now = nowIso();
          const row: UserRow = {
            id: randomUUID(),
            workspace_id: workspaceId,
            username,
            name: input.businessName ?? username,
            email: input.email,
            password_hash: passwordHash,
            role,
            status: DEFAULT_USER_STATUS,
            permissions: '{}',
            access: '[]',
            phone: '',
            location: '',
            profile_image: '',
            created_at: now,
            updated_at: now,
            last_active_at: now,
            session_version: 0,
            email_confirmed_at: null,
            pending_workspace_id: null,
          };
          await trx.insertInto('users').values(row).execute();
          await recordActivity(trx, {
            workspaceId,
            userId: row.id,
            action: `${username} signed up as ${role}`,
          });
          return row;
        });
        return issue(user);
      } catch (error) {
        // Two sign-ups racing for one e-mail or domain: the unique constraint decides, the loser gets 409
        // naming what was taken (on PostgreSQL both may pass the domain check before either commits).
        if (isUniqueViolation(error)) {
          if (await findUserByEmail(db, input.email)) throw conflict(SERVER_MESSAGES.emailTaken);
          throw conflict(SERVER_MESSAGES.domainTaken);
        }
        throw error;
      }
    },

    async domainExists(domain: string): Promise<boolean> {
      return Boolean(await findWorkspaceByDomain(db, domain));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
