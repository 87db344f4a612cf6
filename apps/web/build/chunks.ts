import type { Plugin } from 'vite';
import { planGroups } from './chunk-plan';

/**
 * How the build splits the code (decision 010), for `build.rollupOptions.output.codeSplitting`:
 * - `react` (react, react-dom, i18next: the login entry's too) and `framework` (TanStack, dayjs: the
 *   app's) are on every first screen; one chunk each instead of a dozen saves the import/export glue gzip
 *   cannot share across files (~5 KB).
 * - `floating-ui`: its own chunk, loaded only with what positions a dropdown (Menu, Popover, Combobox,
 *   Tooltip), which a list page loads after its first paint; else the bundler may put a small helper every
 *   page needs beside it, and every page would load it.
 * - `zod`: its own chunk, off the first screen (decision 010). Zod's `jitless` setting
 *   (`src/app/zod-jitless.ts`, set on `globalThis` without importing zod) runs first, before zod loads.
 */
export const codeSplitting = {
  groups: [
    {
      name: 'react',
      test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|i18next|react-i18next)[\\/]/,
    },
    { name: 'framework', test: /node_modules[\\/](@tanstack|dayjs)[\\/]/ },
    // Zod: its own chunk, loaded with the first module that builds a schema (a form, a lazy modal, a
    // contract module); the first screen calls endpoints by schema-free descriptors (decision 010).
    { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
    { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
    // The dates' provider (the app's providers) and its context (every date input): a chunk of its own, else
    // the bundler puts it in the bootstrap's chunk, which `app-start` then imports back (a cycle).
    {
      name: 'dates-provider',
      test: /node_modules[\\/]@mantine[\\/]dates[\\/]esm[\\/]components[\\/]DatesProvider[\\/]/,
    },
    // The first screens' code in a few files: common, app-start, shell, kit (build/chunk-plan.ts).
    ...planGroups(),
  ],
};

/** A piece of a Mantine module, and what replaces it (see `lighterMantineImports`). */
const REPLACED_IMPORTS: { file: RegExp; from: string; to: string }[] = [
  {
    // Mantine's `useId` renders React's id, then swaps it for a random one in a layout effect: every
    // component with an id (the AppShell, tabs, every input, buttons' transitions...) renders twice when it
    // mounts, the second time synchronously before the first paint (~130 ms for the members list on a
    // loaded machine, docs/performance/runs/2026-11-29-list-race-3.md). In a page rendered only in the
    // browser, React's id is unique and stable; it stays.
    file: /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/,
    from:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Mantine's source, as it is
      '\tconst [uuid, setUuid] = useState(`mantine-${reactId.replace(/:/g, "")}`);\n' +
      '\tconst hasInitializedRef = useRef(false);\n' +
      '\tuseIsomorphicEffect(() => {\n' +
      '\t\tif (hasInitializedRef.current) return;\n' +
      '\t\thasInitializedRef.current = true;\n' +
      '\t\tsetUuid(randomId());\n' +
      '\t}, []);\n',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the same, as source
    to: '\tconst uuid = `mantine-${reactId.replace(/:/g, "")}`;\n',
  },
  {
    // ScrollArea (navbar, tables, modals: on every signed-in page) imports only `useMergeRefs` from
    // floating-ui, and so loaded all of floating-ui (15 KB gzip), which a page needs only for dropdowns.
    // Mantine's own `useMergedRef` does the same (a ref callback that sets every ref, with cleanups).
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    from: 'import { useMergeRefs } from "@floating-ui/react";',
    to:
      'import { useMergedRef as xpUseMergedRef } from "@mantine/hooks";\n' +
      'const useMergeRefs = (refs) => xpUseMergedRef(...refs);',
  },
  {
    // The AppShell's header, footer and aside import all of react-remove-scroll (3 KB gzip) for the name of
    // one class; it comes from the same constant react-remove-scroll takes it from.
    file: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]AppShell\1\.mjs$/,
    from: 'import { RemoveScroll } from "react-remove-scroll";',
    to:
      'import { zeroRightClassName as xpZeroRight } from "react-remove-scroll-bar/constants";\n' +
      'const RemoveScroll = { classNames: { zeroRight: xpZeroRight } };',
  },
];

/**
 * Mantine modules that import a whole library for a small part of it (the import is replaced by the same
 * thing without the library), or render twice on mount (`REPLACED_IMPORTS`), in the build and the tests.
 * Fails the build when the Mantine file no longer has that piece (check on a Mantine upgrade).
 */
export function lighterMantineImports(): Plugin {
  return {
    name: 'xp-lighter-mantine-imports',
    transform(code, id) {
      const replaced = REPLACED_IMPORTS.find(({ file }) => file.test(id));
      if (!replaced) return null;
      if (!code.includes(replaced.from))
        throw new Error(`${id}: no "${replaced.from}" to replace (Mantine changed; see build/chunks.ts)`);
      return { code: code.replace(replaced.from, replaced.to), map: null };
    },
  };
}
