import type { FastifyInstance } from 'fastify';

/**
 * Once the server is closing (SIGTERM), answers still in flight end their connection: left open, a
 * keep-alive connection would hold the process up to Fastify's 72 s keep-alive timeout after its last
 * answer, long past the drain an orchestrator waits for. New connections are already refused by then.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
