import { HttpError } from '../http/errors';
import { SERVER_MESSAGES } from '../../shared/messages';

export interface WorkGateOptions {
  /** Jobs that may run at once. */
  concurrency: number;
  /** The longest a job may wait for its turn; one that would wait longer is refused at once. */
  maxWaitMs: number;
  /** The first guess at a job's duration, before any has been measured. */
  initialEstimateMs?: number;
}

export interface WorkGate {
  /** Runs `job` when a slot is free; throws 503 with Retry-After when it could not start within the bound. */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/** Busy answers: the service is fine, this kind of work is saturated for a moment. */
function busy(waitMs: number): HttpError {
  return new HttpError(503, SERVER_MESSAGES.busy, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

/**
 * A semaphore whose queue is bounded by time, for work that costs a thread of libuv's small pool and a lot
 * of memory (password hashing): at most `concurrency` jobs run, so the rest of the server keeps its threads
 * and cores; a job is refused at once when the ones before it would make it wait past `maxWaitMs` (judged
 * on the measured duration of recent jobs), and refused when it has waited that long anyway. Nothing is
 * queued without bound, so a flood costs 503s, not memory and minutes of latency for everyone.
 */
export function createWorkGate(options: WorkGateOptions): WorkGate {
  const { concurrency, maxWaitMs } = options;
  let estimateMs = options.initialEstimateMs ?? 300;
  let running = 0;
  const queue: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];

  const finished = (startedAt: number) => {
    // Exponentially weighted: follows the machine's load without jumping on one slow job.
    estimateMs = estimateMs * 0.8 + (performance.now() - startedAt) * 0.2;
    running -= 1;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };

  async function execute<T>(job: () => Promise<T>): Promise<T> {
    running += 1;
    const startedAt = performance.now();
    try {
      return await job();
    } finally {
      finished(startedAt);
    }
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    run(job) {
      if (running < concurrency) return execute(job);
      // Jobs ahead of this one, shared out over the slots, each taking about the estimate.
      const expectedWaitMs = Math.ceil((queue.length + 1) / concurrency) * estimateMs;
      if (expectedWaitMs > maxWaitMs) return Promise.reject(busy(expectedWaitMs));
      return new Promise((resolve, reject) => {
        const entry = {
          start: () => execute(job).then(resolve, reject),
          timer: setTimeout(() => {
            queue.splice(queue.indexOf(entry), 1);
            reject(busy(estimateMs));
          }, maxWaitMs),
        };
        queue.push(entry);
      });
    },
  };
}

export interface PerKeyLimit {
  /** Runs `job` unless `max` jobs for the same key are running; then throws `refusal()` at once. */
  run<T>(key: string, job: () => Promise<T>): Promise<T>;
  /** Takes a slot for work that outlives a promise (a streamed download); call the answer to give it back. */
  hold(key: string): () => void;
}

/**
 * At most `max` jobs at a time per key (per workspace, say): one more is refused at once rather than
 * queued, so one tenant's repeated clicks cannot fill the process-wide gate that every tenant shares.
 */
export function perKeyLimit(max: number, refusal: () => HttpError): PerKeyLimit {
  const running = new Map<string, number>();
  const hold = (key: string) => {
    const count = running.get(key) ?? 0;
    if (count >= max) throw refusal();
    running.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else running.delete(key);
    };
  };
  return {
    hold,
    async run(key, job) {
      const release = hold(key);
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}
