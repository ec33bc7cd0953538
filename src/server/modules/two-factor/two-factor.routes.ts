import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  memberTwoFactorSchema,
  recoveryCodesAnswerSchema,
  twoFactorCodeInputSchema,
  twoFactorPolicyAnswerSchema,
  twoFactorPolicySchema,
  twoFactorSetupInputSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../shared/schemas/two-factor';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { EMAIL_CONFIRMATION_MESSAGES, TWO_FACTOR_MESSAGES } from '../../../shared/messages';
import { answers } from '../../http/answers';
import { badRequest, forbidden } from '../../http/errors';
import type { Guards } from '../../auth/guards';
import type { TwoFactorService } from './two-factor.service';
import type { TwoFactorAdmin } from './two-factor-admin';

const userParams = z.object({ id: z.string().min(1).max(100) });

/**
 * A member's own second factor (Security tab and Profile), an Admin's reset of a member's, and the
 * workspace's requirement. The sign-in steps live with the other sign-in routes (auth.routes.ts).
 */
export function twoFactorRoutes(
  twoFactor: TwoFactorService,
  admin: TwoFactorAdmin,
  guards: Guards,
  /** Checks the signed-in account's password (bounded hashing work). */
  passwordMatches: (userId: string, password: string) => Promise<boolean>,
): FastifyPluginAsyncZod {
  const tags = ['two-factor'];
  return async (app) => {
    app.get(
      '/profile/two-factor',
      {
        preValidation: guards.requireUser,
        schema: { tags, response: answers({ 200: twoFactorStatusSchema }) },
      },
      async (request) => twoFactor.status(request.currentUser!),
    );

    app.post(
      '/profile/two-factor/setup',
      {
        preValidation: guards.requireUser,
        schema: {
          body: twoFactorSetupInputSchema,
          tags,
          response: answers({ 200: twoFactorSetupSchema }),
          description:
            'A new secret for the authenticator app. Takes the account password: a session alone cannot enrol an app of its own.',
        },
      },
      async (request) => {
        // A second factor enrolled before the address is proven would lock its owner out once they take
        // the account back by e-mail (docs/security.md#proven-addresses-and-domains).
        if (request.currentUser!.email_confirmed_at === null)
          throw forbidden(EMAIL_CONFIRMATION_MESSAGES.required);
        if (!(await passwordMatches(request.currentUser!.id, request.body.password)))
          throw badRequest(TWO_FACTOR_MESSAGES.passwordWrong, [
            { field: 'password', message: TWO_FACTOR_MESSAGES.passwordWrong },
          ]);
        return twoFactor.beginSetup(request.currentUser!);
      },
    );

    app.post(
      '/profile/two-factor/confirm',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          body: twoFactorCodeInputSchema,
          response: answers({ 200: recoveryCodesAnswerSchema }),
        },
      },
      async (request) => twoFactor.confirmSetup(request.currentUser!, request.body.code, request.sessionId),
    );

    app.post(
      '/profile/two-factor/disable',
      {
        preValidation: guards.requireUser,
        schema: { tags, body: twoFactorCodeInputSchema, response: answers({ 200: successMessageSchema }) },
      },
      async (request) => {
        await twoFactor.disable(request.currentUser!, request.body.code, request.sessionId);
        return { success: true as const, message: TWO_FACTOR_MESSAGES.disabled };
      },
    );

    app.post(
      '/profile/two-factor/recovery-codes',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          body: twoFactorCodeInputSchema,
          response: answers({ 200: recoveryCodesAnswerSchema }),
        },
      },
      async (request) => twoFactor.renewRecoveryCodes(request.currentUser!, request.body.code),
    );

    app.get(
      '/users/:id/two-factor',
      {
        preValidation: guards.requireAdmin,
        schema: { tags, params: userParams, response: answers({ 200: memberTwoFactorSchema }) },
      },
      async (request) => admin.memberStatus(request.params.id),
    );

    app.delete(
      '/users/:id/two-factor',
      {
        preValidation: guards.requireAdmin,
        schema: { tags, params: userParams, response: answers({ 200: successMessageSchema }) },
      },
      async (request) => {
        await admin.reset(request.currentUser!, request.params.id);
        return { success: true as const, message: TWO_FACTOR_MESSAGES.reset };
      },
    );

    app.put(
      '/workspace/two-factor-policy',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          body: twoFactorPolicySchema,
          response: answers({ 200: twoFactorPolicyAnswerSchema }),
        },
      },
      async (request) => {
        await admin.setPolicy(request.currentUser!, request.body.required);
        const { required } = request.body;
        return { required, message: required ? TWO_FACTOR_MESSAGES.policyOn : TWO_FACTOR_MESSAGES.policyOff };
      },
    );
  };
}
