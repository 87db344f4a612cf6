/**
 * Imported first: the Content-Security-Policy allows no eval, and Zod 4 probes `new Function` (and compiles
 * its object parsers with it) as each schema is built; the probe is refused, which the browser reports as a
 * CSP violation. Without JIT, Zod parses the same, without trying.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` and keeps an object it finds there (zod/v4/core
 * `core.js`: `globalThis.__zod_globalConfig ??= {}`): setting `jitless` there, without importing zod, keeps
 * zod off the first screen (decision 010) and still holds when zod loads later, with a lazy module.
 * `zod-jitless.test.ts` checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
