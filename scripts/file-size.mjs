#!/usr/bin/env node
/**
 * Source files stay small enough to read whole: no tracked source file over 450 lines (generated files
 * excepted). Files that were over the limit when the rule came are listed in file-size-baseline.json with
 * their length then; such a file may only shrink, and leaves the list once it is under the limit (the
 * check fails on a stale entry so that the list only gets shorter). `--write` rewrites the list.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const LIMIT = 450;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const baselineFile = path.join(root, 'scripts/file-size-baseline.json');
const SOURCE = /\.(ts|tsx|mts|mjs|js|jsx|css)$/;
const GENERATED = [/\.gen\.ts$/, /(^|\/)drizzle\//, /(^|\/)dist\//];

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file) && !GENERATED.some((pattern) => pattern.test(file)))
  .filter((file) => fs.existsSync(path.join(root, file)));

const lengths = new Map(
  files.map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1]),
);
const over = [...lengths].filter(([, lines]) => lines > LIMIT).sort((a, b) => b[1] - a[1]);

if (process.argv.includes('--write')) {
  fs.writeFileSync(baselineFile, `${JSON.stringify(Object.fromEntries(over), null, 2)}\n`);
  console.log(`${over.length} files over ${LIMIT} lines written to ${path.relative(root, baselineFile)}`);
  process.exit(0);
}

const baseline = JSON.parse(fs.readFileSync(baselineFile, 'utf8'));
const faults = [];
for (const [file, lines] of over) {
  const allowed = baseline[file];
  if (allowed === undefined) faults.push(`${file}: ${lines} lines (limit ${LIMIT}); cut it at its seams`);
  else if (lines > allowed)
    faults.push(`${file}: grew to ${lines} lines (listed at ${allowed}); cut it, do not grow it`);
}
for (const file of Object.keys(baseline)) {
  const lines = lengths.get(file);
  if (lines === undefined || lines <= LIMIT)
    faults.push(`${file}: now ${lines ?? 'gone'}, under the limit; remove it from file-size-baseline.json`);
}
console.log(
  `${files.length} source files; ${over.length} over ${LIMIT} lines, all listed in the baseline: ${Object.keys(baseline).length} left to cut`,
);
for (const fault of faults) console.error(`  ${fault}`);
process.exit(faults.length > 0 ? 1 : 0);
