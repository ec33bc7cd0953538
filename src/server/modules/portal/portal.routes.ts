import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PORTAL_MESSAGES as M } from '../../../shared/messages';
import { PORTAL, PORTAL_COOKIE, PORTAL_COOKIE_PATH } from '../../../shared/portal';
import {
  portalIdentitySchema,
  portalSessionSchema,
  portalSignInAnswerSchema,
  portalSignInSchema,
} from '../../../shared/schemas/portal';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { PUBLIC_ROUTE, type Guard } from '../../auth/guards';
import { answers } from '../../http/answers';
import { serializeCookie } from '../../http/cookies';
import { jsonOnly } from '../../http/json-only';
import type { Limiter } from '../../limits/limiter';
import { perAddressLimit } from '../../limits/per-address';
import type { PortalService } from './portal.service';

const tags = ['portal'];

/**
 * The client portal's own routes (docs/product/portal.md): the sign-in form and the link (public, rate
 * limited), then the portal session's routes behind `requirePortal`, which reads the portal cookie only.
 */
export function portalRoutes(
  portal: PortalService,
  requirePortal: Guard,
  options: { redeemPerIp: Limiter; secureCookie: boolean },
): FastifyPluginAsyncZod {
  const redeemLimit = perAddressLimit(options.redeemPerIp, (wait) => M.tooMany(Math.ceil(wait / 60)));
  const cookie = (reply: FastifyReply, value: string, maxAgeSeconds: number) =>
    reply.header(
      'Set-Cookie',
      serializeCookie(PORTAL_COOKIE, value, {
        path: PORTAL_COOKIE_PATH,
        maxAge: maxAgeSeconds,
        secure: options.secureCookie,
        sameSite: 'Strict',
        httpOnly: true,
      }),
    );

  return async (app) => {
    app.post(
      '/portal/sign-in',
      {
        config: PUBLIC_ROUTE,
        preValidation: jsonOnly,
        schema: {
          tags,
          body: portalSignInSchema,
          response: answers({ 202: portalSignInAnswerSchema }),
          description:
            'E-mails a sign-in link (single use, 15 minutes) for each client whose portal the address may use; the answer is the same for every address. 429 with Retry-After past the per-address limit.',
        },
      },
      async (request, reply) => {
        await portal.requestLink(request.body.email, request.ip);
        return reply.code(202).send({ message: M.linkSent });
      },
    );

    app.post(
      '/portal/session',
      {
        config: PUBLIC_ROUTE,
        preValidation: [jsonOnly, redeemLimit.preValidation],
        preHandler: redeemLimit.preHandler,
        schema: {
          tags,
          body: portalSessionSchema,
          response: answers({ 200: portalIdentitySchema }),
          description:
            'Redeems a sign-in link once and starts a portal session of 30 days in the HttpOnly, SameSite=Strict cookie `agencyhq_portal` (path /api/portal). An unknown, used or expired link answers 400.',
        },
      },
      async (request, reply) => {
        const { token, identity } = await portal.redeem(request.body.token, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        });
        cookie(reply, token, PORTAL.sessionTtlMs / 1000);
        return identity;
      },
    );

    app.get(
      '/portal/me',
      {
        preValidation: requirePortal,
        schema: {
          tags,
          response: answers({ 200: portalIdentitySchema }),
          description:
            "The signed-in contact, their client and workspace, and the agency's brand. Only the portal cookie signs in here: a bearer token or an API key answers 401.",
        },
      },
      (request) => portal.me(request.portal!),
    );

    app.post(
      '/portal/sign-out',
      {
        preValidation: [requirePortal, jsonOnly],
        schema: {
          tags,
          response: answers({ 200: successMessageSchema }),
          description: 'Ends the portal session and clears its cookie.',
        },
      },
      async (request, reply) => {
        await portal.signOut(request.portal!);
        cookie(reply, '', 0);
        return { success: true as const, message: M.signedOut };
      },
    );
  };
}
