import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * The unit and component tests (`npx vitest run`), with the app's own Vite config (plugins, aliases):
 * - `logic`: `*.test.ts`, plain functions, in Node without a DOM;
 * - `screens`: `*.test.tsx`, components and screens in jsdom, with `src/test/setup.ts`.
 * Both share one module graph per worker (`isolate: false`): the contracts, Mantine and the texts load
 * once per worker instead of once per file; `src/test/setup.ts` resets what a file may leave behind.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      css: false,
      testTimeout: 30_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'logic',
            environment: 'node',
            include: ['src/**/*.test.ts'],
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
