import { defineConfig } from 'vitest/config';

/** One runner for the repo; each project is a layer (design.md §2: Vitest everywhere). */
export default defineConfig({
  test: {
    // Two test files at a time, browser tests included. Vitest's default is one fewer than the
    // cores: one file at a time on the two-core machines CI runs on, and the browser tests one
    // after another in a phase of their own (1,076 of the SQLite pass's 1,496 s), with the machine
    // mostly waiting on servers, browsers and databases (a core 77% busy on average). Every test
    // file has its own server, browser, database, data folder and ports (test-database.ts,
    // e2e/support/server.ts), so two can run side by side.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/admin/vite.config.ts',
        test: {
          name: 'admin',
          root: './apps/admin',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./vitest.setup.ts'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // What a screen shows after a reload or a save may take a second on a loaded CI machine
          // (two cores, the server and Chromium together): polls wait up to 5 s, not 1 s.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
