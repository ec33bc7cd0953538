import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { PUBLIC_ROUTE } from '../../auth/guards';

/** Liveness says the process answers; readiness says the database answers and migrations are applied. */
export function healthRoutes(db: Kysely<Database>): FastifyPluginAsync {
  return async (app) => {
    app.get('/health', { config: PUBLIC_ROUTE }, async () => ({ status: 'ok' }));
    app.get('/ready', { config: PUBLIC_ROUTE }, async (_request, reply) => {
      try {
        await sql`select 1`.execute(db);
        await db.selectFrom('users').select('id').limit(1).execute();
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
      }
    });
  };
}
