import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { quietClientAborts } from './client-aborts';

/** A Fastify logger with the app's hook, writing its JSON lines into an array. */
function loggerAt(level: string) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream, hooks: { logMethod: quietClientAborts } } });
  return { log: app.log, lines };
}

describe('client aborts in the log', () => {
  it('are debug entries, not errors', () => {
    const { log, lines } = loggerAt('debug');
    log.error(new Error('premature close'));
    const aborted = Object.assign(new Error('stream closed'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    log.error({ err: aborted }, 'stream closed');
    log.error(aborted);
    expect(lines.map((line) => line.level)).toEqual([20, 20, 20]);
  });

  it('leave every other error an error, and vanish at the info level', () => {
    const { log, lines } = loggerAt('info');
    log.error(new Error('premature close'));
    log.error(new Error('database is locked'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'database is locked' });
  });
});
