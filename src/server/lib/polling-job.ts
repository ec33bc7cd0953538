/** Background work that runs at start and then every so often, until the process closes. */
export interface PollingJob {
  /** Runs a round now, then one every interval. */
  start(): Promise<void>;
  /** No round after this one; waits for a round under way. */
  stop(): Promise<void>;
}

/**
 * Runs `round` at start and `intervalMs` after each round ends, never two at once on this instance (the
 * rounds themselves must be safe to run on several instances: each claims its rows in the database). A
 * failed round is reported to `onError` and tried again at the next interval (the database may be away).
 */
export function createPollingJob(
  intervalMs: number,
  round: () => Promise<void>,
  onError: (error: unknown) => void,
): PollingJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  let closed = false;

  function plan(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref();
  }

  async function tick(): Promise<void> {
    const work = (async () => {
      try {
        await round();
      } catch (error) {
        onError(error);
      }
      plan();
    })();
    running = work;
    await work;
  }

  return {
    async start() {
      if (closed) return;
      stopped = false;
      await tick();
    },
    async stop() {
      closed = true;
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
