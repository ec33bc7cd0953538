import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PORTAL_MESSAGES as M } from '../../../shared/messages';
import { successMessageSchema } from '../../../shared/schemas/answers';
import {
  portalAccessAnswerSchema,
  portalAccessListSchema,
  portalGrantSchema,
} from '../../../shared/schemas/portal';
import type { Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { PortalService } from './portal.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const accessParams = idParams.extend({ accessId: z.string().min(1).max(100) });
const tags = ['clients'];

/**
 * The staff's side of the client portal (docs/product/portal.md#staff-controls), on a client's page: guarded
 * as the clients themselves (module Projects); another workspace's client answers 404.
 */
export function portalAccessRoutes(portal: PortalService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireModule('projects');

    app.get(
      '/clients/:id/portal-access',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          response: answers({ 200: portalAccessListSchema }),
          description:
            'Each contact of the client with an e-mail address: whether it may use the client portal, since when, its last sign-in and live sessions. Projects.',
        },
      },
      async (request) => ({ contacts: await portal.list(request.currentUser!, request.params.id) }),
    );

    app.post(
      '/clients/:id/portal-access',
      {
        preValidation,
        schema: {
          tags,
          params: idParams,
          body: portalGrantSchema,
          response: answers({ 200: portalAccessAnswerSchema }),
          description:
            "Gives one of the client's contacts (by e-mail address; 400 otherwise) access to the client portal and e-mails an invitation with a sign-in link. Never with an API key.",
        },
      },
      async (request) => ({
        success: true as const,
        message: M.granted(request.body.email),
        contact: await portal.grant(request.currentUser!, request.params.id, request.body.email),
      }),
    );

    app.delete(
      '/clients/:id/portal-access/:accessId',
      {
        preValidation,
        schema: {
          tags,
          params: accessParams,
          response: answers({ 200: successMessageSchema }),
          description: 'Removes the access at once: its sessions end and its unused links stop working.',
        },
      },
      async (request) => {
        const email = await portal.remove(request.currentUser!, request.params.id, request.params.accessId);
        return { success: true as const, message: M.removed(email) };
      },
    );

    app.post(
      '/clients/:id/portal-access/:accessId/end-sessions',
      {
        preValidation,
        schema: {
          tags,
          params: accessParams,
          response: answers({ 200: successMessageSchema }),
          description: 'Ends every portal session of the access; it may still sign in with a new link.',
        },
      },
      async (request) => {
        const ended = await portal.endSessions(
          request.currentUser!,
          request.params.id,
          request.params.accessId,
        );
        return { success: true as const, message: M.sessionsEnded(ended) };
      },
    );
  };
}
