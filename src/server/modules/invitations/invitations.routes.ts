import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitationSchema } from '../../../shared/schemas/email';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import type { InvitationsService } from './invitations.service';

const tags = ['workspace'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** Invitations of the caller's workspace (Business Admin or Admin), and the public look-up of a link. */
export function invitationsRoutes(invitations: InvitationsService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireUser;

    app.get('/workspace/invitations', { preValidation, schema: { tags } }, async (request) => ({
      invitations: await invitations.list(request.currentUser!),
    }));

    app.post(
      '/workspace/invitations',
      {
        preValidation,
        schema: {
          body: invitationSchema,
          tags,
          description:
            'Invites an e-mail address to join the workspace as a Team Member (any domain); answers the link as well. 409 when the address already has an account.',
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ success: true, ...(await invitations.invite(request.currentUser!, request.body.email)) }),
    );

    app.delete(
      '/workspace/invitations/:id',
      { preValidation, schema: { params: idParams, tags } },
      async (request) => {
        await invitations.revoke(request.currentUser!, request.params.id);
        return { success: true };
      },
    );

    app.get(
      '/invitations/:token',
      { config: PUBLIC_ROUTE, schema: { params: tokenParams, tags } },
      (request) => invitations.describe(request.params.token),
    );
  };
}
