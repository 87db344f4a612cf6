import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Source maps are not served in production: not worth the time.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside every text asset of the build; the API serves them as they are. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'xp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        // Compressed already by an earlier build into the same folder (the public pages' build follows the app's).
        if (isCompressed(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/** `<file>.br` and `<file>.gz` exist and are not older than the file. */
function isCompressed(file: string): boolean {
  const written = fs.statSync(file).mtimeMs;
  return ['.br', '.gz'].every((suffix) => {
    const compressed = `${file}${suffix}`;
    return fs.existsSync(compressed) && fs.statSync(compressed).mtimeMs >= written;
  });
}

function* walk(directory: string): Generator<string> {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* walk(full);
    } else yield full;
  }
}
