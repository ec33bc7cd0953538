import type { Kysely } from 'kysely';
import type { Database, SessionUser } from '../../db/types';
import { toPublicUser } from '../../db/rows';
import type { LoginInput } from '../../../shared/schemas/auth';
import type { PublicUser } from '../../../shared/schemas/public-user';
import { AUTH_MESSAGES, SERVER_MESSAGES } from '../../../shared/messages';
import type { PasswordWork } from '../../auth/password-work';
import type { Limiter } from '../../limits/limiter';
import { unauthorized } from '../../http/errors';
import { tooMany } from '../../limits/per-address';
import { findUserByEmail, profileImageOf } from '../users/users.service';
import { findWorkspaceByDomain } from '../workspaces/workspaces.service';
import type { LoginAnswer } from '../../../shared/schemas/two-factor';
import type { SecondStepService } from './second-step.service';
import { refuseBlockedSignIn, type StartSession } from './sign-in-session';
import { addressKey } from '../../limits/address-key';
import type { BackoffTake } from '../../limits/backoff';
import type { Mailer } from '../../mail/mailer';
import type { AccountSignInLimits } from './account-limits';
import { recordFailedSignIn } from './sign-in-alert';

/** Sign-in and the profile; sign-up is sign-up.service.ts. */
export interface AuthServiceDeps {
  db: Kysely<Database>;
  /** Failed sign-ins per client address and e-mail. */
  throttle: Limiter;
  /** Sign-ins that did not succeed per client address, whatever the e-mail (docs/decisions/0007-bounded-work.md). */
  addressThrottle: Limiter;
  /** Sign-ins per account whatever the address, its owner's known addresses and alerts (docs/product/auth.md#failed-sign-ins). */
  accountLimits: AccountSignInLimits;
  /** Sends the owner's alert; a getter, since the app builds the mailer after this service. */
  alertMailer: () => Mailer;
  /** Password hashing and checking, bounded (docs/decisions/0007-bounded-work.md). */
  passwords: PasswordWork;
  /** Sign-in with a second factor (docs/product/auth.md#two-factor-sign-in). */
  secondStep: SecondStepService;
  startSession: StartSession;
  clock?: () => Date;
}

const loginWait = (wait: number) => SERVER_MESSAGES.tooManyLogins(Math.ceil(wait / 60));
const accountWait = (wait: number) => SERVER_MESSAGES.tooManyAccountLogins(Math.ceil(wait / 60));

export function createAuthService({
  db,
  throttle,
  addressThrottle,
  accountLimits,
  alertMailer,
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
      // An IPv6 client counts by its /64, an IPv4-mapped one as its IPv4 address (docs/product/auth.md#failed-sign-ins).
      const address = addressKey(clientIp);
      const throttleKey = `${address}|${input.email}`;
      const knownKey = `${input.email}|${address}`;
      const { budget, knownAddresses } = accountLimits;
      // Checked and counted in one step (across instances when the limits live in Redis), before the slow
      // password check, so parallel guesses cannot all slip under the limit. The address counts every
      // attempt that does not succeed, over all e-mails; the pair counts failures of that e-mail.
      const addressWait = await addressThrottle.take(address);
      if (addressWait > 0) throw tooMany(addressWait, loginWait);
      const wait = await throttle.take(throttleKey);
      if (wait > 0) throw tooMany(wait, loginWait);
      // The account's budget, whatever the address (guesses from many addresses), for every e-mail alike
      // (with or without an account, so the 429 tells nothing). An address the account signed in from
      // lately skips it: guesses from elsewhere never lock the owner out of their usual place.
      let attempt: BackoffTake | null = null;
      if ((await knownAddresses.retryAfterSeconds(knownKey)) === 0) {
        attempt = await budget.take(input.email);
        if (attempt.wait > 0) {
          await throttle.release(throttleKey); // never checked: not a failure of this pair
          throw tooMany(attempt.wait, accountWait);
        }
      }
      const user = await findUserByEmail(db, input.email);
      let valid: boolean;
      try {
        valid = user
          ? await passwords.verify(input.password, user.password_hash)
          : (await passwords.burn(input.password), false);
      } catch (error) {
        // Busy (503): the password was never checked, so this e-mail's counts are given back.
        await Promise.all([throttle.release(throttleKey), attempt && budget.release(input.email)]);
        throw error;
      }
      if (!user || !valid) {
        // The attempt that spent the account's budget also tells its owner (once a day at most).
        if (user)
          await recordFailedSignIn(db, user, {
            spentAfter: attempt?.spent ? attempt.attempts : 0,
            alerts: accountLimits.alerts,
            mailer: alertMailer,
          });
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      await Promise.all([
        throttle.clear(throttleKey),
        addressThrottle.release(address),
        budget.clear(input.email),
        knownAddresses.clear(knownKey).then(() => knownAddresses.record(knownKey)),
      ]);
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
