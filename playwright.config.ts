import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, PAGE_BROWSER_EXECUTABLE, browserWorkers } from './tests/e2e/support/chromium';

// Worker n gets stack n of the global set-up (its own server, database and SMTP server) under the
// plain names the tests read. The runner evaluates this file again in each worker, after setting
// TEST_PARALLEL_INDEX.
const stack = process.env.TEST_PARALLEL_INDEX;
if (stack !== undefined) {
  for (const name of ['E2E_BASE_URL', 'E2E_DATA_DIR', 'E2E_MAIL_DIR', 'E2E_SMTP']) {
    const value = process.env[`${name}_${stack}`];
    if (value !== undefined) process.env[name] = value;
  }
}

/** Browser journeys against the built app, in Debian's Chromium (browsers are not downloaded here). */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Files side by side, each worker with its own stack: one worker per core, as memory allows
  // (E2E_WORKERS sets another number; docs/decisions/0019-browser-tests-on-small-machines.md).
  workers: browserWorkers(),
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: PAGE_BROWSER_EXECUTABLE, args: CHROMIUM_ARGS },
    // A failed test keeps its trace (every action with the page's DOM), without the screencast: recording
    // frames of every page of every test cost the browser's GPU and main processes a fifth of the layer's
    // CPU (docs/decisions/0019-browser-tests-on-small-machines.md). The failure's screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
});
