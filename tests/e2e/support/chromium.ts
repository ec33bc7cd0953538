import fs from 'node:fs';
import os from 'node:os';
import { HEADLESS_SHELL } from '../../../scripts/test/ensure-chromium.mjs';

/**
 * The full Chromium (docs/decisions/0019-browser-tests-on-small-machines.md), for what only it can do: the
 * extension's journeys (the headless shell loads no extension). Debian's /usr/bin/chromium is a shell
 * script that adds the flags of /etc/chromium.d, among them --enable-gpu-rasterization and the system's
 * extensions: the binary behind it starts without them. CHROMIUM_PATH names another build.
 */
export const CHROMIUM_EXECUTABLE =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium');

/**
 * The pages' browser: the headless shell when it is installed, as Playwright's own headless runs use; the
 * same Blink and V8 as the full build, about 15 % less time for the same journeys on two cores. Without it (or
 * with CHROMIUM_PATH) the full Chromium.
 */
export const PAGE_BROWSER_EXECUTABLE =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_EXECUTABLE);

/**
 * Headless and quiet: no GPU (frames are drawn in software otherwise), no QUIC, and none of the browser's
 * own background traffic, which this machine's closed network refuses many times a start.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const GIB = 1024 ** 3;
/** What one worker's stack holds at its peak: a server, an SMTP server, a test runner and a browser. */
const MEMORY_PER_WORKER = 1.5 * GIB;

/**
 * Browser workers for this machine: one per core, as memory allows (E2E_WORKERS overrides). Each worker
 * runs its own stack; a test's browser, server and runner take about one core between them while it runs,
 * so more workers than cores only make every test slower.
 */
export function browserWorkers(): number {
  if (process.env.E2E_WORKERS) return Math.max(1, Number(process.env.E2E_WORKERS));
  const byMemory = Math.floor(os.totalmem() / MEMORY_PER_WORKER);
  return Math.max(1, Math.min(os.availableParallelism(), byMemory));
}
