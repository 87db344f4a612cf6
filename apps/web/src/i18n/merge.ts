/**
 * Translations live in one file pair per area (`<area>.nl.json`, `<area>.en.json`), merged into one
 * namespace, so that keys read `<domain>.<screen>.<key>` and areas can be edited independently.
 */
export type Tree = { [key: string]: string | Tree };

export const mergeTexts = (files: Record<string, unknown>): Tree =>
  Object.values(files).reduce<Tree>((all, file) => deepMerge(all, (file as { default: Tree }).default), {});

function deepMerge(target: Tree, source: Tree): Tree {
  const result: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = result[key];
    result[key] =
      typeof value === 'object' && typeof existing === 'object' ? deepMerge(existing, value) : value;
  }
  return result;
}
