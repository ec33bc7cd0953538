import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkDomainSchema, loginSchema, registerSchema } from '../../../shared/schemas/auth';
import { authResultSchema } from '../../../shared/schemas/public-user';
import {
  challengeInputSchema,
  loginAnswerSchema,
  secondStepInputSchema,
  setupSignInAnswerSchema,
  twoFactorSetupSchema,
} from '../../../shared/schemas/two-factor';
import { profileAnswerSchema } from '../../../shared/schemas/users';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';

import { AUTH_MESSAGES, SERVER_MESSAGES } from '../../../shared/messages';
import { profileEtag } from './profile-etag';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import type { AddressLimiters } from '../../limits/address-limits';
import { perAddressLimit } from '../../limits/per-address';
import type { AuthService } from './auth.service';
import type { SignUpService } from './sign-up.service';
import type { SecondStepService } from './second-step.service';

/** GET /api/profile with the ETag of the profile the caller already has: no body. */
const notModified = z.void().describe('Not modified: the profile is the one of the ETag sent');

/** Auth calls (docs/product/api.md#calls): POST /api/login, POST /api/register, GET /api/profile, POST /api/check-domain. */
export function authRoutes(
  auth: AuthService,
  signUp: SignUpService,
  secondStep: SecondStepService,
  guards: Guards,
  perAddress: Pick<AddressLimiters, 'signUp' | 'domainCheck'>,
): FastifyPluginAsyncZod {
  // Each creates an account (and hashes a password) or tells whether a workspace exists: limited per address.
  const signUpLimit = perAddressLimit(perAddress.signUp, () => SERVER_MESSAGES.rateLimited);
  const domainCheckLimit = perAddressLimit(perAddress.domainCheck, () => SERVER_MESSAGES.rateLimited);
  return async (app) => {
    app.post(
      '/login',
      {
        config: PUBLIC_ROUTE,
        schema: { body: loginSchema, tags: ['auth'], response: answers({ 200: loginAnswerSchema }) },
      },
      async (request) => auth.login(request.body, request.ip),
    );

    // The second sign-in step (docs/product/auth.md#two-factor-sign-in): a challenge from /login, then a code, or a first set-up where
    // the workspace requires two-factor sign-in. Wrong codes count against the account (429 past the limit).
    app.post(
      '/login/two-factor',
      {
        config: PUBLIC_ROUTE,
        schema: { body: secondStepInputSchema, tags: ['auth'], response: answers({ 200: authResultSchema }) },
      },
      async (request) => secondStep.withCode(request.body),
    );

    app.post(
      '/login/two-factor/setup',
      {
        config: PUBLIC_ROUTE,
        schema: {
          body: challengeInputSchema,
          tags: ['auth'],
          response: answers({ 200: twoFactorSetupSchema }),
        },
      },
      async (request) => secondStep.setup(request.body.challengeToken),
    );

    app.post(
      '/login/two-factor/confirm',
      {
        config: PUBLIC_ROUTE,
        schema: {
          body: secondStepInputSchema,
          tags: ['auth'],
          response: answers({ 200: setupSignInAnswerSchema }),
        },
      },
      async (request) => secondStep.confirmSetup(request.body),
    );

    app.post(
      '/register',
      {
        config: PUBLIC_ROUTE,
        preValidation: signUpLimit.preValidation,
        preHandler: signUpLimit.preHandler,
        schema: {
          body: registerSchema,
          tags: ['auth'],
          response: answers({ 201: loginAnswerSchema }),
          description:
            'Creates the account and mails a link to confirm its address (an invitation link is the proof itself). Answers a session, or the second step when the workspace joined requires two-factor sign-in.',
        },
      },
      async (request, reply) => {
        reply.code(201);
        return signUp.register(request.body);
      },
    );

    // The dashboard asks every 30 s (permission changes show without a reload): an unchanged profile is a
    // 304 on the ETag, without reading or resending the profile image.
    app.get(
      '/profile',
      {
        preValidation: guards.requireAccount,
        schema: { tags: ['auth'], response: answers({ 200: profileAnswerSchema, 304: notModified }) },
      },
      async (request, reply) => {
        const user = request.currentUser!;
        const etag = profileEtag(user);
        reply.header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return { user: await auth.profile(user) };
      },
    );

    app.post(
      '/check-domain',
      {
        config: PUBLIC_ROUTE,
        preValidation: domainCheckLimit.preValidation,
        preHandler: domainCheckLimit.preHandler,
        schema: { body: checkDomainSchema, tags: ['auth'], response: answers({ 200: successMessageSchema }) },
      },
      async (request, reply) => {
        if (await auth.domainExists(request.body.domain))
          return { success: true as const, message: SERVER_MESSAGES.domainFound };
        return reply.code(404).send({ success: false, message: AUTH_MESSAGES.domainNotFound });
      },
    );
  };
}
