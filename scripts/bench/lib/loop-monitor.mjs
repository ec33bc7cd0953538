// Preloaded into the server by benches (`node --import`): the event loop's delay, reset and read over the
// IPC channel the bench opens, so a bench measures the server's own loop, not its own.
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  process.on('message', (message) => {
    if (message === 'loop:reset') histogram.reset();
    if (message === 'loop:read')
      process.send({ loop: { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 } });
  });
  process.channel?.unref();
}
