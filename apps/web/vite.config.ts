import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { PLANNING, planningBuild } from './build/chunk-plan';
import { codeSplitting, lighterMantineImports } from './build/chunks';
import { loginTexts } from './build/login-texts';
import { precompress } from './build/precompress';
import { routePreloadMap, routeTreePreloads } from './build/preload';
import { publicTexts } from './build/public-texts';
import { shellTexts } from './build/shell-texts';
import { themeVariables } from './build/theme-variables';

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes' }),
    react(),
    loginTexts(),
    publicTexts(),
    shellTexts(),
    themeVariables(),
    lighterMantineImports(),
    planningBuild(),
    // The chunk plan's build (build/chunk-plan.ts) is kept in memory: nothing to compress.
    process.env[PLANNING] ? null : precompress(),
    routePreloadMap(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/cdn': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    manifest: true,
    // The route tree's lazy routes preload only their CSS; a first screen preloads its routes' whole module
    // graph from the route preload map (build/preload.ts, decision 010).
    modulePreload: { resolveDependencies: routeTreePreloads },
    // The app, and the login page's own small entry for a first visit of /account/login (decision 010). The
    // public pages' entry is a build of its own (vite.public.config.ts); its texts plugin is here for the tests.
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
      // Fewer, better-cut chunks for the first screens (build/chunks.ts).
      output: { codeSplitting },
    },
  },
});
