import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * The unit and component tests (`npx vitest run`), with the app's own Vite config (plugins, aliases):
 * - `logic`: `*.test.ts` (the app's and the build's, `build/`), plain functions, in Node without a DOM;
 * - `screens`: `*.test.tsx`, components and screens in jsdom, with `src/test/setup.ts` (happy-dom took a sixth
 *   less CPU, but a file given to `user.upload` does not reach the app's file inputs there).
 * Both share one module graph per worker (`isolate: false`): the contracts, Mantine and the texts load
 * once per worker instead of once per file; `src/test/setup.ts` resets what a file may leave behind.
 * A worker per core (Vitest's default leaves one core to itself: a single worker on CI's two cores, while
 * the main process has little to do once the files are transformed).
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      css: false,
      testTimeout: 30_000,
      maxWorkers: availableParallelism(),
      projects: [
        {
          extends: true,
          test: {
            name: 'logic',
            environment: 'node',
            include: ['src/**/*.test.ts', 'build/**/*.test.ts'],
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'screens',
            environment: 'jsdom',
            setupFiles: ['./src/test/setup.ts'],
            include: ['src/**/*.test.tsx'],
            isolate: false,
          },
        },
      ],
    },
  }),
);
