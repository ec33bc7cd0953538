import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();

/**
 * Runs `task` once the current answer has gone (the next turn of the event loop), so its duration is not
 * in the answer's time (docs/product/auth.md#password-reset: 'Forgot password?' answers known and unknown addresses alike). A
 * failure is logged, never thrown: nobody is waiting for it.
 */
export function afterAnswer(log: FastifyBaseLogger, what: string, task: () => Promise<void>): void {
  const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
    .finally(() => pending.delete(done));
  pending.add(done);
}

/** Waits for the work started after answers (tests read its effects; a shutdown may wait for it). */
export async function settleAfterAnswer(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
