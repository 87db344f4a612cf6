import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lighterMantineImports } from './build/chunks';
import { precompress } from './build/precompress';
import { publicTexts } from './build/public-texts';
import { themeVariables } from './build/theme-variables';

/**
 * The public pages' own entry (`public.html`: the sign-up, pay and cancel links, decision 010), a build of its
 * own after the app's (`npm run build`), into the same `dist`. Its own module graph is cut by the bundler in a
 * few files: a page's chunks follow only its own few lazy modules, not the app's ~130 routes, which cut the
 * same code in ~60 files for the sign-up page (a round trip each over HTTP/1.1's six connections, on a
 * phone's network). It shares no cached file with the app, which a member opening a mailed link does not
 * have anyway; the app's chunks stay as they are.
 */
export default defineConfig({
  plugins: [react(), publicTexts(), themeVariables(), lighterMantineImports(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    manifest: '.vite/public-manifest.json',
    rollupOptions: {
      input: { public: fileURLToPath(new URL('./public.html', import.meta.url)) },
    },
  },
});
