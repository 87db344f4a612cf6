import { createHash } from 'node:crypto';
import path from 'node:path';
import { build } from 'vite';

/**
 * The page's first file (decision 010, issue 29 §6): `src/first-data-main.ts` (the first-data routes and
 * `app/first-data.ts`) compiled on its own into one small module without imports, so that it runs as soon as
 * it arrives and shares no chunk with the app (a shared chunk would be one more request before the data's).
 * `routePreloadMap` (build/preload.ts) emits it under `assets/` with a hash of its content and puts it first
 * in index.html as an `async` module script (the Content-Security-Policy refuses inline scripts).
 */
export async function firstDataScript(root: string): Promise<{ fileName: string; code: string }> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    publicDir: false,
    resolve: { alias: { '@': path.resolve(root, 'src') } },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      sourcemap: false,
      lib: { entry: path.resolve(root, 'src/first-data-main.ts'), formats: ['es'], fileName: 'first-data' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) =>
    'output' in each ? each.output : [],
  );
  const chunks = outputs.filter((output) => output.type === 'chunk');
  const [chunk] = chunks;
  if (chunks.length !== 1 || !chunk || chunk.imports.length > 0 || chunk.dynamicImports.length > 0)
    throw new Error('first-data-main.ts must compile to one file without imports');
  const hash = createHash('sha256').update(chunk.code).digest('base64url').slice(0, 8);
  return { fileName: `assets/first-data-${hash}.js`, code: chunk.code };
}
