import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationDescriptionSchema,
  invitationListAnswerSchema,
  invitationSchema,
  invitationSentAnswerSchema,
} from '../../../shared/schemas/email';
import { successSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import type { InvitationsService } from './invitations.service';

const tags = ['workspace'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** Invitations of the caller's workspace (Business Admin or Admin), and the public look-up of a link. */
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
          description:
            'Invites an e-mail address to join the workspace as a Team Member (any domain); answers the link as well. 409 when the address already has an account.',
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
