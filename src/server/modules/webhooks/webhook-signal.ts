/**
 * "An event was just queued here": the workers of this process look at once instead of at their next
 * poll. The queueing transaction may not have committed yet when they look; then the poll finds it.
 */
const listeners = new Set<() => void>();
/** Shortly after the queueing (most transactions have committed), and once more a little later. */
const KICKS_MS = [50, 1000];
const pending = new Map<number, NodeJS.Timeout>();

/** Kicks every listener shortly after the current work (coalesced). */
export function signalQueued(): void {
  if (listeners.size === 0) return;
  for (const delay of KICKS_MS) {
    if (pending.has(delay)) continue;
    const timer = setTimeout(() => {
      pending.delete(delay);
      for (const listener of listeners) listener();
    }, delay);
    timer.unref();
    pending.set(delay, timer);
  }
}

export function onQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
