import { defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './tests/api/support/heavy-first-sequencer';

/**
 * Two projects: `unit` (pure rules in src/, no I/O) and `api` (HTTP through buildApp().inject() on a real
 * database: SQLite by default, PostgreSQL when TEST_DB_ENGINE=postgres and TEST_DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // npm test runs these beside the check (tsc, ESLint, Prettier): on two slow cores a test of 20,000
          // rounds took 5.6 s there. A timeout only catches a hang; no unit test measures speed.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
