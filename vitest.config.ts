import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One project per layer of tests/, so each layer runs in the environment it needs. */
export default defineConfig({
  test: {
    // Beside the usual report, the tests that passed only on a retry are named at the end.
    reporters: ['default', './tests/e2e/support/retried-reporter.ts'],
    // Vitest leaves one core free by default, which on a 2-core CI machine runs every file one
    // after another; the server files wait on sandbox workers and sockets much of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'lint', include: ['tests/lint/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          // Every file builds its own app on its own fresh database, so the files of a worker
          // share loaded modules instead of loading the server again for each file (about 3 s
          // of each file's time; the PostgreSQL run, one file at a time, went from 16 to 6.5 min).
          isolate: false,
          testTimeout: 30_000,
          // A test app's beforeAll may create, migrate and seed a whole database (the demo seed
          // sends its orders and invoices through the intake): long on PostgreSQL or a busy machine.
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'local',
          include: ['tests/local/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto'],
        },
      },
      {
        test: {
          name: 'sync',
          include: ['tests/sync/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          // A whole screen rendered in jsdom beside another test file takes seconds on 2 cores.
          testTimeout: 15_000,
          setupFiles: ['fake-indexeddb/auto'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // Chromium applies offline emulation to a newly started worker asynchronously, so a
          // journey that reloads offline can, rarely, see the sync worker's first fetch get
          // through. One re-run of the whole journey; a real regression fails both runs.
          retry: 1,
        },
      },
    ],
  },
});
