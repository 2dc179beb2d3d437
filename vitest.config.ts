import { defineConfig } from 'vitest/config';

/**
 * One test command for the whole repository. Server integration tests run once per database:
 * SQLite always, PostgreSQL too when TEST_DATABASE_URL is set (each file in its own schema).
 */
const integration = ['apps/server/test/integration/**/*.test.ts'];
/**
 * With TEST_REDIS_URL set (.ci/run sets it), every test app shares its rate counts and cache
 * changes through that Redis under a key prefix of its own (test/support/app.ts), and the tests
 * of instances sharing Redis run (shared-state.test.ts); unset, apps keep them in memory.
 */
const redisEnv: Record<string, string> = process.env.TEST_REDIS_URL
  ? { TEST_REDIS_URL: process.env.TEST_REDIS_URL }
  : {};
const dialects = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export default defineConfig({
  test: {
    reporters: ['default', './scripts/vitest-summary.ts'],
    // Vitest's default is one worker fewer than the cores: one, on these two-core machines. Two
    // run the unit and server files side by side; the browser files then run on their own
    // (groupOrder), two at a time, and the edge files last, one at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'apps/server/test/process/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/*.test.ts',
            'apps/console/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      ...dialects.map((dialect) => ({
        test: {
          name: `server-${dialect}`,
          include: integration,
          env: { TEST_DIALECT: dialect, ...redisEnv },
          // One module graph per worker, not per file: each file builds its own app on its own
          // database, and importing the server once instead of 70 times saves minutes of CI.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      })),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // Each file starts its own server (free port, temporary folder) and browser, and most of
          // a file's time is waiting on real playback: one at a time they took 19 of the CI
          // run's 33 minutes on a slower machine (2026-11-27), over the 30-minute budget.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          // The nginx edge and the whole topology (docs/DEPLOYMENT.md): real nginx, Redis and
          // PostgreSQL; one file at a time, each starts its own processes.
          name: 'edge',
          include: ['deploy/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
