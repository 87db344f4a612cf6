import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkPlan, KIT_SHARE } from './chunk-plan';

/** A chunk of the fake first build: only what `chunkPlan` reads. */
type Spec = {
  imports?: string[];
  entry?: boolean;
  lazy?: boolean;
  facade?: string;
};

const route = (path: string) => `/app/src/routes/${path}.tsx?tsr-split=component`;
const texts = (file: string) => `/app/src/i18n/${file}.json`;

/** Fake output chunks, named by their key (`assets/<key>.js`), with two modules each. */
function fakeChunks(specs: Record<string, Spec>): Rollup.OutputChunk[] {
  return Object.entries(specs).map(([name, spec]) => {
    for (const imported of spec.imports ?? [])
      if (!(imported in specs)) throw new Error(`${name} imports an unknown chunk ${imported}`);
    return {
      fileName: `assets/${name}.js`,
      name,
      modules: { [`/app/src/${name}.ts`]: {}, [`/app/src/${name}-more.ts`]: {} },
      imports: (spec.imports ?? []).map((imported) => `assets/${imported}.js`),
      isEntry: spec.entry ?? false,
      isDynamicEntry: spec.lazy ?? false,
      facadeModuleId: spec.facade ?? null,
    } as unknown as Rollup.OutputChunk;
  });
}

/**
 * The app in small: two entries, the bootstrap, the signed-in layout and five screens (six lazy roots, so a
 * chunk goes into `kit` from three of them at the default share), four text chunks, zod and floating-ui.
 */
const app: Record<string, Spec> = {
  index: { entry: true, facade: '/app/index.html', imports: ['react', 'translate', 'api-client'] },
  login: {
    entry: true,
    facade: '/app/login.html',
    imports: ['react', 'translate', 'login-form', 'language'],
  },
  'login-form': { imports: ['input', 'translate'] },
  translate: { imports: ['react'] },
  language: { imports: ['translate'] },
  'api-client': { imports: ['translate'] },
  bootstrap: {
    lazy: true,
    facade: '/app/src/bootstrap.tsx',
    imports: ['react', 'api-client', 'route-tree', 'language', 'error-page', 'dates-provider'],
  },
  'route-tree': { imports: ['session'] },
  session: { imports: ['api-client'] },
  // A lazy module the bootstrap also imports statically: keeps its own chunk.
  'error-page': { lazy: true, facade: '/app/src/app/error-pages.tsx', imports: ['translate'] },
  _app: { lazy: true, facade: route('_app'), imports: ['react', 'translate', 'app-shell', 'dates-provider'] },
  'app-shell': { imports: ['button', 'session'] },
  button: { imports: ['react'] },
  members: {
    lazy: true,
    facade: route('_app/location/members'),
    imports: ['table', 'button', 'menu', 'form', 'input'],
  },
  invoices: {
    lazy: true,
    facade: route('_app/invoices'),
    imports: ['table', 'button', 'menu', 'form', 'input'],
  },
  gyms: { lazy: true, facade: route('_app/gyms'), imports: ['table', 'button', 'form', 'input'] },
  challenges: { lazy: true, facade: route('_app/challenges'), imports: ['chart', 'form', 'menu'] },
  reports: { lazy: true, facade: route('_app/reports'), imports: ['chart'] },
  table: { imports: ['table-cell', 'react'] },
  'table-cell': {},
  chart: {},
  input: { imports: ['react'] },
  form: { imports: ['zod', 'form-field'] },
  'form-field': {},
  menu: { imports: ['popover'] },
  popover: { imports: ['floating-ui'] },
  'members.nl': { lazy: true, facade: texts('members.nl') },
  'members.en': { lazy: true, facade: texts('members.en') },
  'invoices.nl': { lazy: true, facade: texts('invoices.nl') },
  'invoices.en': { lazy: true, facade: texts('invoices.en') },
  react: {},
  'dates-provider': { imports: ['react'] },
  zod: {},
  'floating-ui': { imports: ['react'] },
};

/** Chunk name → the group the plan puts all its modules in (undefined: none); throws on a chunk it splits. */
function groupsOf(chunks: Rollup.OutputChunk[], plan: Map<string, string>): Map<string, string | undefined> {
  return new Map(
    chunks.map((chunk) => {
      const groups = new Set(Object.keys(chunk.modules).map((id) => plan.get(id)));
      if (groups.size !== 1) throw new Error(`${chunk.name} is split over ${[...groups].join(', ')}`);
      return [chunk.name, [...groups][0]];
    }),
  );
}

/** The names of the chunks in each group, sorted. */
function members(specs: Record<string, Spec>, kitShare?: number): Record<string, string[]> {
  const chunks = fakeChunks(specs);
  const byGroup: Record<string, string[]> = {};
  for (const [name, group] of groupsOf(chunks, chunkPlan(chunks, kitShare)))
    if (group) byGroup[group] = [...(byGroup[group] ?? []), name];
  for (const names of Object.values(byGroup)) names.sort();
  return byGroup;
}

function groupOf(specs: Record<string, Spec>, name: string): string | undefined {
  const chunks = fakeChunks(specs);
  return groupsOf(chunks, chunkPlan(chunks)).get(name);
}

/**
 * A cycle between the files the real build makes from the plan (each group one file, each unplanned chunk
 * its own), as the list of its nodes; null without one.
 */
function groupCycle(chunks: Rollup.OutputChunk[], plan: Map<string, string>): string[] | null {
  const groups = groupsOf(chunks, plan);
  const node = (chunk: Rollup.OutputChunk) => groups.get(chunk.name) ?? chunk.fileName;
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const edges = new Map<string, Set<string>>();
  for (const chunk of chunks)
    for (const file of chunk.imports) {
      const from = node(chunk);
      const to = node(byFile.get(file) as Rollup.OutputChunk);
      if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (at: string): string[] | null => {
    if (state.get(at) === 'done') return null;
    if (state.get(at) === 'open') return [...path.slice(path.indexOf(at)), at];
    state.set(at, 'open');
    path.push(at);
    for (const next of edges.get(at) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(at, 'done');
    return null;
  };
  for (const start of edges.keys()) {
    const cycle = visit(start);
    if (cycle) return cycle;
  }
  return null;
}

/** A small seeded random number generator (mulberry32), so that a failing graph can be made again. */
function randomOf(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A random acyclic chunk graph of the app's shape: the entries, the bootstrap, the layout and some screens
 * import shared chunks and the named groups; a shared chunk imports shared chunks after it and the named
 * groups, which import nothing of the app.
 */
function randomApp(seed: number): Record<string, Spec> {
  const random = randomOf(seed);
  const shared = Array.from({ length: 4 + Math.floor(random() * 12) }, (_, index) => `shared-${index}`);
  const screens = Array.from({ length: 2 + Math.floor(random() * 6) }, (_, index) => `screen-${index}`);
  const named = ['react', 'zod', 'floating-ui'];
  const pick = (names: string[], chance: number) => names.filter(() => random() < chance);
  const specs: Record<string, Spec> = {};
  const some = () => [...pick(shared, 0.3), ...pick(named, 0.15)];
  specs.index = { entry: true, facade: '/app/index.html', imports: some() };
  specs.login = { entry: true, facade: '/app/login.html', imports: some() };
  specs.bootstrap = { lazy: true, facade: '/app/src/bootstrap.tsx', imports: some() };
  specs._app = { lazy: true, facade: route('_app'), imports: some() };
  for (const screen of screens)
    specs[screen] = { lazy: true, facade: route(`_app/${screen}`), imports: some() };
  specs['texts.nl'] = { lazy: true, facade: texts('texts.nl') };
  shared.forEach((name, index) => {
    specs[name] = { imports: [...pick(shared.slice(index + 1), 0.25), ...pick(named, 0.1)] };
  });
  for (const name of named) specs[name] = {};
  return specs;
}

describe('the chunk plan', () => {
  it('puts what both the login page and the app run into common, the kit and the bootstrap included', () => {
    // translate: both entries; input: the login form's and three screens' (kit); language: login and bootstrap.
    expect(members(app).common).toEqual(['input', 'language', 'translate']);
  });

  it("puts the app entry's and the bootstrap's own files into app-start, without the entries themselves", () => {
    expect(members(app)['app-start']).toEqual(['api-client', 'route-tree', 'session']);
    expect(groupOf(app, 'index')).toBeUndefined();
    expect(groupOf(app, 'bootstrap')).toBeUndefined();
  });

  it('leaves a lazy module the bootstrap imports statically in its own chunk', () => {
    expect(groupOf(app, 'error-page')).toBeUndefined();
    // The same module without its own import(): app-start.
    expect(groupOf({ ...app, 'error-page': { imports: ['translate'] } }, 'error-page')).toBe('app-start');
  });

  it("leaves the login page's own files where they are", () => {
    expect(groupOf(app, 'login')).toBeUndefined();
    expect(groupOf(app, 'login-form')).toBeUndefined();
  });

  it("puts the signed-in layout's closure into shell, also what most screens need besides", () => {
    // button: the layout's and three screens'; session: the bootstrap's (app-start) though the layout's too.
    expect(members(app).shell).toEqual(['_app', 'app-shell', 'button']);
  });

  it('puts into kit what at least the share of the lazy roots need, and plans nothing that fewer need', () => {
    // table and table-cell: 3 of 6 roots; form-field (through form): 4 of 6; chart: 2 of 6; a screen's own: 1.
    expect(KIT_SHARE).toBe(0.35);
    expect(members(app).kit).toEqual(['form-field', 'table', 'table-cell']);
    expect(groupOf(app, 'chart')).toBeUndefined();
    expect(groupOf(app, 'members')).toBeUndefined();
  });

  it('takes the share from its argument, and never puts into kit what a single root needs', () => {
    // 0.6 of 6 roots: 4.
    expect(members(app, 0.6).kit).toEqual(['form-field']);
    // 0.1 of 6 roots would be 1: two at least.
    expect(members(app, 0.1).kit).toEqual(['chart', 'form-field', 'table', 'table-cell']);
  });

  it('does not count the text chunks as lazy roots', () => {
    // Counted, 10 roots would need 4 for the kit, and the table (3) would not be in it.
    expect(groupOf(app, 'table')).toBe('kit');
    const textsAsScreens = Object.fromEntries(
      Object.entries(app).map(([name, spec]) => [
        name,
        spec.facade?.includes('/i18n/') ? { ...spec, facade: `/app/src/lazy/${name}.tsx` } : spec,
      ]),
    );
    expect(groupOf(textsAsScreens, 'table')).toBeUndefined();
  });

  it('plans no chunk that loads zod or floating-ui, directly or through another chunk', () => {
    // form (4 roots) imports zod; menu (3 roots) imports popover, which imports floating-ui.
    expect(groupOf(app, 'form')).toBeUndefined();
    expect(groupOf(app, 'menu')).toBeUndefined();
    expect(groupOf(app, 'popover')).toBeUndefined();
    expect(groupOf({ ...app, menu: {} }, 'menu')).toBe('kit');
  });

  it("leaves the layout's chunk where it is when it loads zod, and still plans the rest of its closure", () => {
    const withForm = {
      ...app,
      _app: { ...app._app, imports: [...(app._app?.imports ?? []), 'account-form'] },
      'account-form': { imports: ['zod'] },
    };
    expect(members(withForm).shell).toEqual(['app-shell', 'button']);
    expect(groupOf(withForm, '_app')).toBeUndefined();
    expect(groupOf(withForm, 'account-form')).toBeUndefined();
  });

  it('keeps the named groups in their own chunks, though every screen needs them', () => {
    for (const name of ['react', 'dates-provider', 'zod', 'floating-ui'])
      expect(groupOf(app, name)).toBeUndefined();
  });

  it('plans nothing of a build without chunks to plan', () => {
    expect(chunkPlan([]).size).toBe(0);
    expect(chunkPlan(fakeChunks({ react: {}, zod: {} })).size).toBe(0);
  });

  it("puts each planned chunk's imports in its own group or in one that never imports it back", () => {
    const chunks = fakeChunks(app);
    // The graph itself has no cycle: any the check finds, the plan made.
    expect(groupCycle(chunks, new Map())).toBeNull();
    expect(groupCycle(chunks, chunkPlan(chunks))).toBeNull();
    // The check finds one: the bootstrap and the session in one file, the route tree between them.
    const tangled = new Map([
      ['/app/src/bootstrap.ts', 'x'],
      ['/app/src/bootstrap-more.ts', 'x'],
      ['/app/src/session.ts', 'x'],
      ['/app/src/session-more.ts', 'x'],
    ]);
    expect(groupCycle(chunks, tangled)).toEqual(['x', 'assets/route-tree.js', 'x']);
  });

  it('makes no cycle between the groups of random chunk graphs of the same shape', () => {
    let planned = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const chunks = fakeChunks(randomApp(seed));
      const plan = chunkPlan(chunks);
      planned += new Set(plan.values()).size;
      expect(groupCycle(chunks, new Map()), `seed ${seed}: the graph`).toBeNull();
      expect(groupCycle(chunks, plan), `seed ${seed}`).toBeNull();
    }
    // The graphs make plans of several groups, not empty ones.
    expect(planned).toBeGreaterThan(400);
  });
});
