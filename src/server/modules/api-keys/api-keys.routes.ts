import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_KEY_MESSAGES as M, BOTGIT_CONNECT_MESSAGES } from '../../../shared/messages';
import {
  apiKeyListAnswerSchema,
  botgitConnectApproveSchema,
  botgitConnectClaimAnswerSchema,
  botgitConnectClaimSchema,
  botgitConnectPendingAnswerSchema,
  botgitConnectStartAnswerSchema,
  botgitConnectStartSchema,
  createApiKeySchema,
  createdApiKeyAnswerSchema,
} from '../../../shared/schemas/api-keys';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { PUBLIC_ROUTE, type Guards } from '../../auth/guards';
import { answers } from '../../http/answers';
import type { Limiter } from '../../limits/limiter';
import { perAddressLimit } from '../../limits/per-address';
import type { ApiKeysService } from './api-keys.service';
import type { BotgitConnect } from './botgit-connect';

const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * API keys (docs/product/integrations.md#api-keys): the workspace's Admin or Business Admin lists, creates
 * and revokes them, with a session only (no key reaches these routes: src/server/auth/api-key-scopes.ts).
 */
export function apiKeysRoutes(keys: ApiKeysService, guards: Guards): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['api-keys'];
    const preValidation = guards.requireUser;

    app.get(
      '/api-keys',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: apiKeyListAnswerSchema }),
          description:
            "The workspace's live keys, newest first, with their scopes, first characters and last use; never a key itself. Its Admin or Business Admin only.",
        },
      },
      (request) => keys.list(request.currentUser!),
    );

    app.post(
      '/api-keys',
      {
        preValidation,
        schema: {
          body: createApiKeySchema,
          tags,
          response: answers({ 201: createdApiKeyAnswerSchema }),
          description:
            'Makes a key that acts as the caller in this workspace within its scopes. Only from a session that signed in or confirmed its password (POST /session/confirm) in the last 15 minutes, else 403. The key is in this answer only: it is stored as a hash. At most 50 live keys a workspace (409).',
        },
      },
      async (request, reply) => {
        // A lasting credential: only from a session that proved the password lately (docs/security.md#lasting-credentials).
        guards.assertRecentProof(request);
        return reply.code(201).send(await keys.create(request.currentUser!, request.body));
      },
    );

    app.delete(
      '/api-keys/:id',
      {
        preValidation,
        schema: {
          params: idParams,
          tags,
          response: answers({ 200: successMessageSchema }),
          description: 'Revokes the key at once: its next request answers 401.',
        },
      },
      async (request) => {
        const revoked = await keys.revoke(request.currentUser!, request.params.id);
        return { success: true as const, message: M.revoked(revoked.name) };
      },
    );
  };
}

/**
 * Connecting the Botgit extension with a key (docs/product/integrations.md#connect-botgit): the extension
 * starts and claims (no session: its verifier is its proof, limited per client address), the signed-in user
 * approves on the Connect Botgit page, and the extension's key disconnects itself.
 */
export function botgitConnectRoutes(
  connect: BotgitConnect,
  keys: ApiKeysService,
  guards: Guards,
  perAddress: { start: Limiter; claim: Limiter },
): FastifyPluginAsyncZod {
  const tooManyMessage = (wait: number) => BOTGIT_CONNECT_MESSAGES.tooMany(Math.ceil(wait / 60));
  const startLimit = perAddressLimit(perAddress.start, tooManyMessage);
  // Polled while the user approves: counted per address, more loosely than a start.
  const claimLimit = perAddressLimit(perAddress.claim, tooManyMessage);
  return async (app) => {
    const tags = ['botgit'];
    const botgit = guards.requireGroup('botgit');

    app.post(
      '/botgit/connect',
      {
        config: PUBLIC_ROUTE,
        preValidation: startLimit.preValidation,
        preHandler: startLimit.preHandler,
        schema: {
          body: botgitConnectStartSchema,
          tags,
          response: answers({ 201: botgitConnectStartAnswerSchema }),
          description:
            'The extension starts a connection with `challenge`, the base64url SHA-256 of a verifier only it holds (PKCE S256), and opens `/connect-botgit?code=…` for the user to approve. Valid 10 minutes.',
        },
      },
      async (request, reply) => reply.code(201).send(await connect.start(request.body.challenge)),
    );

    app.post(
      '/botgit/connect/approve',
      {
        preValidation: botgit,
        schema: {
          body: botgitConnectApproveSchema,
          tags,
          response: answers({ 200: successMessageSchema }),
          description:
            'The signed-in user approves the connection the page names (once; a session that signed in or confirmed its password in the last 15 minutes, else 403): the extension may then claim a key with the `scraped-data:write` scope only, acting as this user.',
        },
      },
      async (request) => {
        guards.assertRecentProof(request);
        await connect.approve(request.currentUser!, request.body.code);
        return { success: true as const, message: BOTGIT_CONNECT_MESSAGES.approved };
      },
    );

    app.post(
      '/botgit/connect/claim',
      {
        config: PUBLIC_ROUTE,
        preValidation: claimLimit.preValidation,
        preHandler: claimLimit.preHandler,
        schema: {
          body: botgitConnectClaimSchema,
          tags,
          response: answers({ 200: botgitConnectClaimAnswerSchema, 202: botgitConnectPendingAnswerSchema }),
          description:
            'The extension claims its key with the code and the verifier: 202 while the user has not approved, then the key, once. Any other code, verifier, an expired or claimed one: 400.',
        },
      },
      async (request, reply) => {
        const answer = await connect.claim(request.body.code, request.body.verifier);
        return reply.code(answer.status === 'pending' ? 202 : 200).send(answer);
      },
    );

    app.delete(
      '/botgit/connect',
      {
        preValidation: botgit,
        schema: {
          tags,
          response: answers({ 200: successMessageSchema }),
          description:
            'The Botgit extension disconnects: the key the request is made with is revoked at once. With a session: 400.',
        },
      },
      async (request) => {
        const revoked = await keys.revokeCalling(request.currentUser!, request.apiKey?.id);
        return { success: true as const, message: M.revoked(revoked.name) };
      },
    );
  };
}
