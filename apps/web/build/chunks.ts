import type { Plugin } from 'vite';

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
  ],
};

/** An import of a Mantine module, and what replaces it (see `lighterMantineImports`). */
const REPLACED_IMPORTS: { file: RegExp; from: string; to: string }[] = [
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
 * Mantine modules that import a whole library for a small part of it: the import is replaced by the same
 * thing without the library (`REPLACED_IMPORTS`), in the build and the tests. Fails the build when the
 * Mantine file no longer has that import (check on a Mantine upgrade).
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
