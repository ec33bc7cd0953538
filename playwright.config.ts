import { defineConfig } from '@playwright/test';

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
  // Two files at a time, each worker with its own stack: the journeys mostly wait (on the server, the
  // browser, mail, schedules), so two share this 2-core machine well.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
