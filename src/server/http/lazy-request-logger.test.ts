import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './lazy-request-logger';

/** An app at `level` whose log lines are collected. */
function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyRequestLogger });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (request) => {
    request.log.info('not written at warn');
    request.log.warn({ detail: 1 }, 'written');
    return { ok: true };
  });
  return { app, lines };
}

describe('the lazy request logger', () => {
  it('writes what the request logs at the levels enabled, bound to its request id', async () => {
    const { app, lines } = appLoggingAt('warn');
    expect((await app.inject({ url: '/warns' })).statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'written', detail: 1, reqId: expect.any(String) });
  });

  it('keeps Fastify’s own request lines at info', async () => {
    const { app, lines } = appLoggingAt('info');
    await app.inject({ url: '/quiet' });
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
  });
});
