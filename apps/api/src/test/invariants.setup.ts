import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Invariant, registerInvariant } from './harness.ts';

/**
 * Runs before every API test file: finds each domain's `*.invariants.ts` under src/ and registers what it
 * declares, for the harness's `close()` to check. A new domain adds its file; nothing here names it.
 */
const src = fileURLToPath(new URL('..', import.meta.url));
const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((file) =>
  file.endsWith('.invariants.ts'),
);
for (const file of files) {
  const declared = (await import(new URL(file, new URL('..', import.meta.url)).href)) as {
    invariants: Invariant[];
  };
  for (const invariant of declared.invariants) registerInvariant(invariant);
}
