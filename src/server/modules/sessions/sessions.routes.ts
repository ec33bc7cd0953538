import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { SESSION_MESSAGES as M } from '../../../shared/messages';
import {
  endOthersSchema,
  endedSessionsAnswerSchema,
  sessionListAnswerSchema,
} from '../../../shared/schemas/sessions';
import { successMessageSchema } from '../../../shared/schemas/answers';
import { answers } from '../../http/answers';
import { notFound } from '../../http/errors';
import type { Guards } from '../../auth/guards';
import { revokeCredentialsMadeSince } from './credential-revocation';
import { endOneSession, endSessions, liveSessions } from './sessions.repository';

const tags = ['auth'];
const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * Server-side sessions (docs/product/auth.md#sessions-on-the-server): sign-out ends the session on the server; the account's live sessions are
 * listed with their device and address, and any of them, or all but this one, can be ended. Any signed-in
 * account manages its own (requireAccount): a Team Member signs out too.
 */
export function sessionsRoutes(
  db: Kysely<Database>,
  guards: Guards,
  clock: () => Date,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireAccount;

    app.post(
      '/logout',
      {
        preValidation,
        schema: {
          tags,
          response: answers({ 200: successMessageSchema }),
          description: "Ends the caller's session at once: its token answers 401 from now on.",
        },
      },
      async (request) => {
        await endOneSession(db, request.currentUser!.id, request.sessionId!, clock());
        return { success: true as const, message: 'Signed out.' };
      },
    );

    app.get(
      '/sessions',
      { preValidation, schema: { tags, response: answers({ 200: sessionListAnswerSchema }) } },
      async (request) => ({
        sessions: (await liveSessions(db, request.currentUser!.id)).map((row) => ({
          _id: row.id,
          device: row.device,
          ip: row.ip,
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
          current: row.id === request.sessionId,
        })),
      }),
    );

    app.delete(
      '/sessions/:id',
      {
        preValidation,
        schema: { params: idParams, tags, response: answers({ 200: successMessageSchema }) },
      },
      async (request) => {
        const sessions = await liveSessions(db, request.currentUser!.id);
        const session = sessions.find((s) => s.id === request.params.id);
        if (!session || !(await endOneSession(db, request.currentUser!.id, session.id, clock())))
          throw notFound(M.notFound);
        return { success: true as const, message: M.signedOut(session.device) };
      },
    );

    app.post(
      '/sessions/end-others',
      {
        preValidation,
        schema: {
          tags,
          body: endOthersSchema.nullish(),
          response: answers({ 200: endedSessionsAnswerSchema }),
          description:
            'Ends every session of the account but the caller’s own ("Sign out everywhere else"). With `revokeCredentialsSince`, also revokes the API keys and removes the webhooks the account made since then, in the same transaction; that part needs a session that signed in or confirmed its password in the last 15 minutes (else 403).',
        },
      },
      async (request) => {
        const user = request.currentUser!;
        const since = request.body?.revokeCredentialsSince;
        // Revoking is for the account's owner: a stolen session must not wipe the integrations.
        if (since) guards.assertRecentProof(request);
        const now = clock();
        return db.transaction().execute(async (trx) => {
          const ended = await endSessions(trx, user.id, now, { except: request.sessionId! });
          if (!since) return { success: true as const, message: M.signedOutOthers(ended), ended };
          const { apiKeys, webhooks } = await revokeCredentialsMadeSince(trx, user, since, now);
          return {
            success: true as const,
            message: `${M.signedOutOthers(ended)} ${M.revoked(apiKeys.length, webhooks.length)}`,
            ended,
            revoked: { apiKeys, webhooks },
          };
        });
      },
    );
  };
}
