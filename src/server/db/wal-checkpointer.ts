import fs from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { startSqliteThread } from './sqlite-thread';

/** How often the write-ahead log's size is looked at (an fs.stat on libuv's pool; nothing on the loop). */
const WATCH_INTERVAL_MS = 1_000;
/** SQLite's own automatic checkpoint threshold: 1000 pages of 4 KiB. */
export const CHECKPOINT_AT_BYTES = 4 * 1024 * 1024;
/** A checkpointing thread with nothing to do for this long ends, giving back its memory. */
const IDLE_WORKER_MS = 30_000;

/**
 * A PASSIVE checkpoint never waits for a lock and never blocks the writer or readers: it copies what no
 * reader still needs into the database file and syncs it.
 */
const THREAD_BODY = `
parentPort.on('message', () => {
  let complete = false;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    complete = result.busy === 0 && result.log === result.checkpointed;
  } catch (error) {
    // SQLITE_BUSY: another checkpoint is running; the next round copies what this one would have.
  }
  parentPort.postMessage({ complete });
});
`;

export interface WalCheckpointer {
  /** Stops watching and ends the thread; the connection's own close then checkpoints what is left. */
  stop(): Promise<void>;
}

/**
 * Moves the embedded database's checkpoints off the event loop. SQLite runs one on the connection that
 * commits once the log passes 1000 pages: after a 100k-row import that is ~50 MB copied and synced inside
 * COMMIT, a 250 ms stall for every request of the process (docs/decisions/0007-bounded-work.md). The connection's automatic
 * checkpoint is turned off (`wal_autocheckpoint = 0`) and a worker thread with a connection of its own
 * checkpoints whenever the log has grown; the thread starts only when there is work, so a quiet server
 * holds no second V8 isolate.
 */
export function startWalCheckpointer(file: string): WalCheckpointer {
  const walFile = `${file}-wal`;
  let worker: Worker | null = null;
  let busy = false;
  let lastWorkAt = 0;
  let stopped = false;
  /** The log's modification time when a checkpoint last copied all of it: unchanged since, nothing to do. */
  let checkpointedMtime = -1;
  let pendingMtime = -1;

  const startWorker = (): Worker => {
    const thread = startSqliteThread(file, THREAD_BODY);
    thread.unref();
    thread.on('message', ({ complete }: { complete: boolean }) => {
      busy = false;
      if (complete) checkpointedMtime = pendingMtime;
    });
    thread.on('error', (error) => {
      console.warn(`The database checkpoint thread failed (${error.message}); it restarts when needed.`);
    });
    thread.on('exit', () => {
      if (worker === thread) worker = null;
      busy = false;
    });
    return thread;
  };

  const tick = async () => {
    if (stopped || busy) return;
    const log = await fs.promises.stat(walFile).catch(() => null);
    if (stopped || busy) return;
    const now = Date.now();
    if (log && log.size >= CHECKPOINT_AT_BYTES && log.mtimeMs !== checkpointedMtime) {
      worker ??= startWorker();
      busy = true;
      lastWorkAt = now;
      pendingMtime = log.mtimeMs;
      worker.postMessage('checkpoint');
    } else if (worker && now - lastWorkAt > IDLE_WORKER_MS) {
      const idle = worker;
      worker = null;
      await idle.terminate();
    }
  };

  const timer = setInterval(() => void tick(), WATCH_INTERVAL_MS);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await worker?.terminate();
      worker = null;
    },
  };
}
