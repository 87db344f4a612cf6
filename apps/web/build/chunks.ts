import type { Plugin } from 'vite';

/**
 * How the build splits the code (decision 010), for `build.rollupOptions.output.codeSplitting`:
 * - `react` (react, react-dom, i18next: the login entry's too) and `framework` (TanStack, zod, dayjs: the
 *   app's) are on every first screen; one chunk each instead of a dozen saves the import/export glue gzip
 *   cannot share across files (~5 KB).
 * - `floating-ui`: its own chunk, loaded only with what positions a dropdown (Menu, Popover, Combobox,
 *   Tooltip), which a list page loads after its first paint; else the bundler may put a small helper every
 *   page needs beside it, and every page would load it.
 * Zod's `jitless` setting (`src/app/zod-jitless.ts`) still runs first: zod builds no schema of its own when
 * its modules run; the contracts' schemas are built by the app's modules, which run after the setting.
 */
export const codeSplitting = {
  groups: [
    {
      name: 'react',
      test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|i18next|react-i18next)[\\/]/,
    },
    { name: 'framework', test: /node_modules[\\/](@tanstack|zod|dayjs)[\\/]/ },
    { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
  ],
};

const SCROLL_AREA = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const FLOATING_IMPORT = 'import { useMergeRefs } from "@floating-ui/react";';

/**
 * Mantine's ScrollArea (the navbar, tables, modals: on every signed-in page) imports `useMergeRefs` from
 * floating-ui, and so loads all of floating-ui (15 KB gzip) that a page needs only for dropdowns. Mantine's
 * own `useMergedRef` does the same (a ref callback that sets every ref, with cleanups): the import is
 * replaced by it. Fails the build when Mantine's file no longer has that import (check on an upgrade).
 */
export function scrollAreaWithoutFloatingUi(): Plugin {
  return {
    name: 'xp-scroll-area-refs',
    transform(code, id) {
      if (!SCROLL_AREA.test(id)) return null;
      if (!code.includes(FLOATING_IMPORT))
        throw new Error(`${id}: no "${FLOATING_IMPORT}" to replace (Mantine changed; see build/chunks.ts)`);
      return {
        code: code.replace(
          FLOATING_IMPORT,
          'import { useMergedRef as xpUseMergedRef } from "@mantine/hooks";\n' +
            'const useMergeRefs = (refs) => xpUseMergedRef(...refs);',
        ),
        map: null,
      };
    },
  };
}
