import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { PUBLIC_ROUTE } from '../../auth/guards';
import { answers } from '../../http/answers';
import { SERVER_MESSAGES } from '../../../shared/messages';
import { checkDatabase } from './health.repository';

const health = z.object({ status: z.literal('ok') });
const ready = z.object({ status: z.literal('ready') });
const notReady = z.object({ status: z.literal('unavailable'), message: z.string() });

/**
 * Liveness says the process answers; readiness says the database answers, migrations are applied, the
 * pages can be rendered (`pagesReady`: the renderer is imported just after listen, a CPU-bound moment a
 * balancer should not send traffic into) and the instance is not overloaded.
 */
export function healthRoutes(
  db: Kysely<Database>,
  overloaded: () => boolean,
  pagesReady: () => Promise<void> | undefined,
): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/health',
      { config: PUBLIC_ROUTE, schema: { response: answers({ 200: health }) } },
      async () => ({ status: 'ok' }),
    );
    app.get(
      '/ready',
      { config: PUBLIC_ROUTE, schema: { response: answers({ 200: ready, 503: notReady }) } },
      async (_request, reply) => {
        // An overloaded instance asks the balancer to send traffic elsewhere until it recovers.
        if (overloaded())
          return reply.code(503).send({ status: 'unavailable', message: SERVER_MESSAGES.busy });
        try {
          await pagesReady();
          await checkDatabase(db);
          return { status: 'ready' };
        } catch {
          return reply.code(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
        }
      },
    );
  };
}
