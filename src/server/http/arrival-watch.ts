/**
 * How an upload must keep arriving while it holds a slot (a workspace's import, one of the process's
 * uploads): no pause longer than `idleMs`, and after `graceMs` at least `minBytesPerSecond` on average
 * (a 50 MB lead file in under 27 minutes). A client that trickles a byte now and then to hold slots from
 * everyone else is cut off and its slot freed (docs/security.md#floods).
 */
export const UPLOAD_ARRIVAL = { idleMs: 10_000, graceMs: 10_000, minBytesPerSecond: 32 * 1024 } as const;

/** What watchArrival hands back: whether it cut the stream off, and how to stop watching. */
export interface ArrivalWatch {
  readonly tooSlow: boolean;
  stop(): void;
}

/**
 * Counts the bytes of `stream` as they arrive (without taking them: a 'data' listener beside the reader's
 * pipe) and calls `cutOff` once, when it pauses past UPLOAD_ARRIVAL.idleMs or falls below its rate after
 * the grace, each `slack` times as lenient (a watch around another gives the inner one its turn first).
 */
export function watchArrival(stream: NodeJS.ReadableStream, cutOff: () => void, slack = 1): ArrivalWatch {
  const started = Date.now();
  let received = 0;
  let lastByte = started;
  let tooSlow = false;
  const onData = (chunk: Buffer | string) => {
    received += chunk.length;
    lastByte = Date.now();
  };
  stream.on('data', onData);
  const timer = setInterval(() => {
    const now = Date.now();
    const elapsed = now - started;
    const crawling =
      elapsed >= UPLOAD_ARRIVAL.graceMs * slack &&
      received < (UPLOAD_ARRIVAL.minBytesPerSecond * elapsed) / 1000 / slack;
    if (now - lastByte < UPLOAD_ARRIVAL.idleMs * slack && !crawling) return;
    tooSlow = true;
    stop();
    cutOff();
  }, 1000);
  timer.unref();
  function stop() {
    clearInterval(timer);
    stream.off('data', onData);
  }
  return {
    get tooSlow() {
      return tooSlow;
    },
    stop,
  };
}
