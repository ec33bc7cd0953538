import type { Kysely } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { toPublicUser } from '../../db/rows';
import type { LoginInput } from '../../../shared/schemas/auth';
import type { PublicUser } from '../../../shared/schemas/user';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../../../shared/messages';
import type { PasswordWork } from '../../auth/password-work';
import type { Limiter } from '../../limits/limiter';
import { unauthorized } from '../../http/errors';
import { tooMany } from '../../limits/per-address';
import { findUserByEmail, profileImageOf } from '../users/users.repository';
import { findWorkspaceByDomain } from '../workspaces/workspaces.repository';
import { recordActivity } from '../activity/activity.service';
import type { LoginAnswer } from '../../../shared/schemas/two-factor';
import type { SecondStepService } from './second-step.service';
import { refuseBlockedSignIn, type StartSession } from './sign-in-session';

/** Sign-in and the profile; sign-up is sign-up.service.ts. */
export interface AuthServiceDeps {
  db: Kysely<Database>;
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
  throttle,
  addressThrottle,
  passwords,
  secondStep,
  startSession,
}: AuthServiceDeps) {
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

    async domainExists(domain: string): Promise<boolean> {
      return Boolean(await findWorkspaceByDomain(db, domain));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
