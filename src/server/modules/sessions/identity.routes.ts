import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { IDENTITY_CONFIRMATION } from '../../../shared/constants';
import { IDENTITY_MESSAGES as M } from '../../../shared/messages';
import { confirmIdentitySchema, identityConfirmedSchema } from '../../../shared/schemas/sessions';
import type { Guards } from '../../auth/guards';
import type { Database, SessionUser } from '../../db/types';
import { answers } from '../../http/answers';
import { HttpError, badRequest, unauthorized } from '../../http/errors';
import type { Limiter } from '../../limits/limiter';
import { confirmSession } from './sessions.repository';

export interface IdentityProofs {
  /** The account's password matches (bounded hashing work). */
  passwordMatches(userId: string, password: string): Promise<boolean>;
  /** Has the account a second factor; and proving a code of it (counted by two-factor's own limit). */
  hasTwoFactor(userId: string): Promise<boolean>;
  proveCode(account: SessionUser, code: string): Promise<void>;
  /** Wrong passwords here, per account (IDENTITY_CONFIRMATION). */
  wrongPasswords: Limiter;
}

/**
 * POST /api/session/confirm (docs/security.md#lasting-credentials): the signed-in session proves the
 * password again, or a two-factor code when the account has one, and may then add API keys and webhooks,
 * approve Botgit and change where mail and events go for 15 minutes without being asked again.
 */
export function identityRoutes(
  db: Kysely<Database>,
  guards: Guards,
  proofs: IdentityProofs,
  clock: () => Date,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/session/confirm',
      {
        preValidation: guards.requireAccount,
        schema: {
          tags: ['auth'],
          body: confirmIdentitySchema,
          response: answers({ 200: identityConfirmedSchema }),
          description: `Proves the password again (or a code from the authenticator app, for an account with two-factor sign-in): for ${IDENTITY_CONFIRMATION.windowMs / 60_000} minutes the session may add API keys and webhooks, approve Botgit and change where mail and events go. ${IDENTITY_CONFIRMATION.wrongPerAccount} wrong passwords per account in ${IDENTITY_CONFIRMATION.wrongWindowMs / 60_000} minutes, then 429.`,
        },
      },
      async (request) => {
        const user = request.currentUser!;
        const { password, code } = request.body;
        if (!request.sessionId) throw unauthorized();
        if (password) {
          const wait = await proofs.wrongPasswords.retryAfterSeconds(user.id);
          if (wait > 0) throw new HttpError(429, M.tooMany(wait), undefined, { 'Retry-After': String(wait) });
          if (!(await proofs.passwordMatches(user.id, password))) {
            await proofs.wrongPasswords.record(user.id);
            throw badRequest(M.passwordWrong, [{ field: 'password', message: M.passwordWrong }]);
          }
        } else if (code && (await proofs.hasTwoFactor(user.id))) {
          await proofs.proveCode(user, code);
        } else throw badRequest(M.missing, [{ field: 'password', message: M.missing }]);
        const now = clock();
        if (!(await confirmSession(db, user.id, request.sessionId, now))) throw unauthorized();
        return {
          success: true as const,
          message: M.confirmed,
          confirmedUntil: new Date(now.getTime() + IDENTITY_CONFIRMATION.windowMs).toISOString(),
        };
      },
    );
  };
}
