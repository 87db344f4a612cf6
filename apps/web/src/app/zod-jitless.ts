/**
 * Imported first: the Content-Security-Policy allows no eval, and Zod 4 probes `new Function` (and compiles
 * its object parsers with it) as each schema is built; the probe is refused, which the browser reports as a
 * CSP violation. Without JIT, Zod parses the same, without trying.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
