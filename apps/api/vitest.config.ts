import { defineConfig } from 'vitest/config';

/** The files that mock a module (vi.mock): they need a module graph of their own. */
const mocking = ['src/platform/auth/tokens.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WASM; two workers keep both cores busy without starving each other.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          exclude: mocking,
          globalSetup: ['./src/test/global-setup.ts'],
          setupFiles: ['./src/test/invariants.setup.ts'],
          // A worker's files share its process: the app's modules load once per worker, not once per
          // file, and the harness opens the next file's database while a file runs (src/test/harness.ts).
          // A file that fakes timers or stubs something undoes it itself.
          isolate: false,
          provide: { openSpareDatabase: true },
        },
      },
      { extends: true, test: { name: 'isolated', include: mocking, isolate: true } },
    ],
  },
});
