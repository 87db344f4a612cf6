#!/usr/bin/env node
/**
 * Source files stay small enough to read whole: no tracked source file over 450 lines (generated files
 * excepted; decision 024). A file that grows past the limit is cut at the seams its own sections mark.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const LIMIT = 450;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js|jsx|css)$/;
const GENERATED = [/\.gen\.ts$/, /(^|\/)drizzle\//, /(^|\/)dist\//];

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file) && !GENERATED.some((pattern) => pattern.test(file)))
  .filter((file) => fs.existsSync(path.join(root, file)));

const over = files
  .map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1])
  .filter(([, lines]) => lines > LIMIT)
  .sort((a, b) => b[1] - a[1]);

console.log(`${files.length} source files; ${over.length} over ${LIMIT} lines`);
for (const [file, lines] of over)
  console.error(`  ${file}: ${lines} lines (limit ${LIMIT}); cut it at its seams`);
process.exit(over.length > 0 ? 1 : 0);
