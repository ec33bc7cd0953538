import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationDescriptionSchema,
  invitationListAnswerSchema,
  invitationSchema,
  invitationSentAnswerSchema,
} from '../../../shared/schemas/mail';
import { successSchema } from '../../../shared/schemas/answers';
import { invitationAcceptedSchema } from '../../../shared/schemas/invitation-accept';
import { INVITATION } from '../../../shared/mail';
import { answers } from '../../http/answers';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import type { InvitationsService } from './invitations.service';

const tags = ['workspace'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * Invitations of the caller's workspace (Business Admin or Admin), the public look-up of a link, and joining
 * with it when signed in.
 */
export function invitationsRoutes(invitations: InvitationsService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireUser;

    app.get(
      '/workspace/invitations',
      { preValidation, schema: { tags, response: answers({ 200: invitationListAnswerSchema }) } },
      async (request) => ({
        invitations: await invitations.list(request.currentUser!),
      }),
    );

    app.post(
      '/workspace/invitations',
      {
        preValidation,
        schema: {
          body: invitationSchema,
          tags,
          response: answers({ 201: invitationSentAnswerSchema }),
          description: `Invites an e-mail address to join the workspace as a Team Member (any domain). The link goes to that address by mail only, never into this answer. Only a confirmed Admin or Business Admin (403 until the address is confirmed); at most ${INVITATION.hourlyLimit} an hour and ${INVITATION.dailyLimit} a day per workspace, then 429 with Retry-After. An address that already has an account is answered the same way; its owner is mailed a sign-in link and joins with POST /invitations/{token}/accept.`,
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          success: true as const,
          ...(await invitations.invite(request.currentUser!, request.body.email)),
        }),
    );

    app.delete(
      '/workspace/invitations/:id',
      { preValidation, schema: { params: idParams, tags, response: answers({ 200: successSchema }) } },
      async (request) => {
        await invitations.revoke(request.currentUser!, request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      '/invitations/:token/accept',
      {
        // A Team Member or 'User' elsewhere may accept an invitation addressed to them.
        preValidation: guards.requireAccount,
        schema: {
          params: tokenParams,
          tags,
          response: answers({ 200: invitationAcceptedSchema }),
          description:
            "Signed in: joins the invitation's workspace as a Team Member, when it was sent to the caller's confirmed address. 409 for an Admin, or an owner whose workspace still has members; signInAgain when the workspace requires two-factor sign-in and the caller has no second factor (their sessions ended).",
        },
      },
      (request) => invitations.accept(request.currentUser!, request.params.token, request.sessionId),
    );

    app.get(
      '/invitations/:token',
      {
        config: PUBLIC_ROUTE,
        schema: { params: tokenParams, tags, response: answers({ 200: invitationDescriptionSchema }) },
      },
      (request) => invitations.describe(request.params.token),
    );
  };
}
