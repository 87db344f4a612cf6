import type { Plugin, Rollup } from 'vite';

/**
 * The chunk plan (decision 010, 2026-11-29): a first screen in ~20 files instead of the ~100 of 0.2-5 KB
 * that the bundler's automatic splitting makes (one per set of routes that share a module), which over
 * HTTP/1.1's six connections arrive one after another and hold up the session restore and the list's request
 * behind them.
 *
 * Which modules a screen runs is known only after tree-shaking (a module imports `@mantine/core`'s index,
 * which re-exports every component; the build keeps the few it uses), so the plan is made from a first build
 * of the same configuration, in memory and without minifying (`planningBuild`), and the real build groups by
 * it (`planGroups`). From the first build's chunks:
 * - `common`: what the login page runs and the app's first screens too (its entry, the bootstrap, the shell,
 *   the kit): one file for both;
 * - `app-start`: what only the app's entry and its bootstrap load;
 * - `shell`: what the signed-in layout (`routes/_app.tsx`'s component, on every signed-in screen) needs
 *   beyond those;
 * - `kit`: every other chunk that at least `KIT_SHARE` of the lazy roots (routes' components, lazy modals
 *   and steps; not the text chunks) need: the tables, inputs, buttons and list kit most screens run.
 * Left where they are: the entries' own chunks, the named groups of build/chunks.ts, chunks of the
 * bootstrap's closure that an `import()` also loads, and every chunk that loads, directly or not, a library a
 * first screen leaves for later (zod, floating-ui). A planned chunk imports its own group or a group that
 * does not import it back (common ← app-start, shell ← kit); `noChunkCycles` (build/preload.ts) fails the
 * build if a graph ever makes a cycle anyway (possible only through a lazily imported chunk of the
 * bootstrap's closure that sits between two `app-start` chunks; build/chunk-plan.test.ts).
 */

/** The share of the lazy roots that must need a chunk for it to go into `kit`. */
export const KIT_SHARE = 0.35;

/** Set while the planning build runs (its own plugins skip what only the real build needs). */
export const PLANNING = 'XP_CHUNK_PLANNING';

/** The named groups of build/chunks.ts: each keeps its own file. */
const KEPT = /^(react|framework|zod|floating-ui|dates-provider)$/;
/** Libraries a first screen loads later: a chunk that imports them, directly or not, stays where it is. */
const LATER = /^(zod|floating-ui)$/;
/** The text chunks (one per area and language): lazy roots that need nothing. */
const TEXTS = /[\\/]src[\\/]i18n[\\/]/;
/** The signed-in layout's component (TanStack Router's split of `routes/_app.tsx`). */
const SHELL_ROOT = /[\\/]src[\\/]routes[\\/]_app\.tsx\?tsr-split=component/;

type Chunk = Rollup.OutputChunk;

/** Module id → `common`, `app-start`, `shell` or `kit`, from the chunks of a build (see above). */
export function chunkPlan(chunks: Chunk[], kitShare = KIT_SHARE): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Chunk, into = new Set<Chunk>()) => {
    const stack = [start];
    while (stack.length) {
      const chunk = stack.pop() as Chunk;
      if (into.has(chunk)) continue;
      into.add(chunk);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) stack.push(next);
      }
    }
    return into;
  };
  const entryFiles = new Set<Chunk>();
  for (const chunk of chunks) if (chunk.isEntry) closure(chunk, entryFiles);
  // The bootstrap: imported by the entry with `import()`, on every first screen of the app.
  const bootstrap = chunks.find((chunk) => /[\\/]src[\\/]bootstrap\.tsx$/.test(chunk.facadeModuleId ?? ''));
  if (bootstrap) closure(bootstrap, entryFiles);
  const login = chunks.find((chunk) => chunk.isEntry && /[\\/]login\.html$/.test(chunk.facadeModuleId ?? ''));
  const app = chunks.find((chunk) => chunk.isEntry && /[\\/]index\.html$/.test(chunk.facadeModuleId ?? ''));
  const later = new Set<Chunk>();
  for (const chunk of chunks) if ([...closure(chunk)].some((each) => LATER.test(each.name))) later.add(chunk);
  const plannable = (chunk: Chunk) => !entryFiles.has(chunk) && !later.has(chunk) && !KEPT.test(chunk.name);

  const plan = new Map<string, string>();
  const assign = (chunk: Chunk, group: string) => {
    for (const id of Object.keys(chunk.modules)) plan.set(id, group);
  };
  const shellRoot = chunks.find((chunk) => SHELL_ROOT.test(chunk.facadeModuleId ?? ''));
  const shell = new Set(shellRoot ? [...closure(shellRoot)].filter(plannable) : []);
  const roots = chunks.filter(
    (chunk) => chunk.isDynamicEntry && !TEXTS.test(chunk.facadeModuleId ?? '') && !entryFiles.has(chunk),
  );
  const need = new Map<Chunk, number>();
  for (const root of roots) for (const chunk of closure(root)) need.set(chunk, (need.get(chunk) ?? 0) + 1);
  const least = Math.max(2, Math.ceil(roots.length * kitShare));
  const kit = new Set(
    [...need].filter(([chunk, count]) => count >= least && !shell.has(chunk)).map(([chunk]) => chunk),
  );

  // What the login page runs and the app's first screens too (the app's own files, the shell's, the kit's):
  // one file for both.
  const appFiles = new Set(kit);
  if (shellRoot) closure(shellRoot, appFiles);
  if (app) closure(app, appFiles);
  if (bootstrap) closure(bootstrap, appFiles);
  const common = new Set(
    login
      ? [...closure(login)].filter(
          (chunk) => appFiles.has(chunk) && !chunk.isEntry && !KEPT.test(chunk.name) && !later.has(chunk),
        )
      : [],
  );
  for (const chunk of common) assign(chunk, 'common');
  // What only the app's entry and its bootstrap load (the session, the api client, the access rules...): one
  // file with the bootstrap's own code (build/chunks.ts's `app-start`), instead of a dozen of 0.3-1 KB.
  if (app && bootstrap)
    for (const chunk of closure(bootstrap, closure(app)))
      if (
        !common.has(chunk) &&
        !chunk.isEntry &&
        !chunk.isDynamicEntry &&
        !KEPT.test(chunk.name) &&
        !later.has(chunk)
      )
        assign(chunk, 'app-start');
  for (const chunk of shell) if (!common.has(chunk)) assign(chunk, 'shell');
  for (const chunk of kit) if (!common.has(chunk) && plannable(chunk)) assign(chunk, 'kit');
  return plan;
}

let plan: Map<string, string> | undefined;

/**
 * The groups of the plan, for `codeSplitting.groups`: a module the plan names goes into that group. Without
 * a plan (the planning build itself, the tests) it captures nothing.
 */
export function planGroups() {
  return [
    {
      name: (id: string) => plan?.get(id) ?? null,
      test: (id: string) => plan?.has(id) ?? false,
      includeDependenciesRecursively: false,
    },
  ];
}

/** Makes the plan before the build: a build of the same configuration in memory (`chunkPlan`). */
export function planningBuild(): Plugin {
  let configFile: string | undefined;
  let root = '';
  return {
    name: 'xp-chunk-plan',
    apply: (_config, { command }) => command === 'build' && !process.env[PLANNING],
    configResolved(config) {
      configFile = config.configFile;
      root = config.root;
    },
    async buildStart() {
      const { build } = await import('vite');
      process.env[PLANNING] = '1';
      try {
        const output = await build({
          configFile,
          root,
          logLevel: 'silent',
          build: { write: false, minify: false, sourcemap: false, emptyOutDir: false },
        });
        const chunks = (Array.isArray(output) ? output : [output])
          .flatMap((each) => ('output' in each ? each.output : []))
          .filter((each): each is Chunk => each.type === 'chunk');
        plan = chunkPlan(chunks);
      } finally {
        delete process.env[PLANNING];
      }
    },
  };
}
