import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types';
import type { AuthResult } from '../../../shared/schemas/public-user';
import type { SecondStepAnswer, SecondStepInput, TwoFactorSetup } from '../../../shared/schemas/two-factor';
import { TWO_FACTOR_MESSAGES } from '../../../shared/messages';
import { TWO_FACTOR_ACTIVITY } from '../../../shared/two-factor';
import { badRequest, HttpError } from '../../http/errors';
import type { ChallengeTokens, Challenge } from '../../auth/challenge-tokens';
import { recordActivity } from '../activity/activity.service';
import { findUserById } from '../users/users.service';
import {
  hasTwoFactor,
  workspaceRequiresTwoFactor,
  type TwoFactorService,
} from '../two-factor/two-factor.service';
import { refuseBlockedSignIn, type StartSession } from './sign-in-session';

export interface SecondStepDeps {
  db: Kysely<Database>;
  challenges: ChallengeTokens;
  twoFactor: TwoFactorService;
  startSession: StartSession;
}

const expired = () => badRequest(TWO_FACTOR_MESSAGES.challengeExpired);

/**
 * Sign-in after the password for accounts with a second factor, or in a workspace that requires one: the
 * password step answers a short-lived challenge instead of a session, and these steps finish it.
 */
export function createSecondStepService({ db, challenges, twoFactor, startSession }: SecondStepDeps) {
  /** The account a challenge is for, still as it was when the password was checked. */
  async function accountOf(token: string, purpose: Challenge['purpose']): Promise<UserRow> {
    const challenge = await challenges.verify(token);
    if (!challenge || challenge.purpose !== purpose) throw expired();
    const user = await findUserById(db, challenge.userId);
    // A password reset, a deletion or a policy change since the password step ends the challenge too.
    if (!user || user.session_version !== challenge.sessionVersion) throw expired();
    await refuseBlockedSignIn(db, user);
    return user;
  }

  return {
    /** What follows a right password: null when the session can start at once. */
    async challengeFor(user: UserRow): Promise<SecondStepAnswer | null> {
      const purpose = (await hasTwoFactor(db, user.id))
        ? 'code'
        : (await workspaceRequiresTwoFactor(db, user.workspace_id))
          ? 'setup'
          : null;
      if (!purpose) return null;
      return {
        secondStep: purpose,
        challengeToken: await challenges.issue({
          userId: user.id,
          sessionVersion: user.session_version,
          purpose,
        }),
        message:
          purpose === 'code' ? TWO_FACTOR_MESSAGES.secondStepHelp : TWO_FACTOR_MESSAGES.setupRequiredHelp,
      };
    },

    /** POST /api/login/two-factor: a code from the app, or a recovery code (once). */
    async withCode(input: SecondStepInput): Promise<AuthResult> {
      const user = await accountOf(input.challengeToken, 'code');
      let proof;
      try {
        proof = await twoFactor.proveCode(user, input.code);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 400)
          await recordActivity(db, {
            workspaceId: user.workspace_id,
            userId: user.id,
            action: TWO_FACTOR_ACTIVITY.wrongCode(user.username),
            kind: 'sign-in-failed',
          });
        throw error;
      }
      if (proof.via === 'recovery')
        await recordActivity(db, {
          workspaceId: user.workspace_id,
          userId: user.id,
          action: TWO_FACTOR_ACTIVITY.recoveryCodeUsed(user.username, proof.left),
          kind: 'two-factor',
        });
      return startSession(user, ' with two-factor');
    },

    /** POST /api/login/two-factor/setup: the secret for a member whose workspace requires 2FA. */
    async setup(challengeToken: string): Promise<TwoFactorSetup> {
      return twoFactor.beginSetup(await accountOf(challengeToken, 'setup'));
    },

    /** POST /api/login/two-factor/confirm: the first code turns 2FA on and starts the session. */
    async confirmSetup(input: SecondStepInput): Promise<AuthResult & { recoveryCodes: string[] }> {
      const user = await accountOf(input.challengeToken, 'setup');
      const { recoveryCodes } = await twoFactor.confirmSetup(user, input.code);
      return { ...(await startSession(user, ' with two-factor')), recoveryCodes };
    },
  };
}

export type SecondStepService = ReturnType<typeof createSecondStepService>;
