import type { Tree } from './merge';

export type TextsLanguage = 'nl' | 'en';
type AreaLoader = () => Promise<{ default: Tree }>;

/** One lazy chunk per area file (`<area>.<language>.json`) and language. */
const byArea = (files: Record<string, AreaLoader>, language: TextsLanguage): Record<string, AreaLoader> =>
  Object.fromEntries(
    Object.entries(files).map(([file, load]) => [file.slice('./'.length, -`.${language}.json`.length), load]),
  );

/** Every area of a language, and `shell`: the signed-in shell's texts, picked from them (`build/shell-texts.ts`). */
export const areaLoaders: Record<TextsLanguage, Record<string, AreaLoader>> = {
  nl: {
    ...byArea(import.meta.glob<{ default: Tree }>('./*.nl.json'), 'nl'),
    shell: () => import('virtual:shell-texts/nl'),
  },
  en: {
    ...byArea(import.meta.glob<{ default: Tree }>('./*.en.json'), 'en'),
    shell: () => import('virtual:shell-texts/en'),
  },
};

/** Every area (the shell's texts are in them). */
export const ALL_AREAS: readonly string[] = Object.keys(areaLoaders.nl).filter((area) => area !== 'shell');

/**
 * First screens that load only the shell's texts (`shell`) and their own area's before they show; the other areas
 * follow right after the first paint. Every other address loads every area first. A screen added here
 * needs its case in `first-screen-texts.test.tsx`, which renders it with only these areas and fails on a
 * missing key.
 */
export const FIRST_SCREEN_AREAS: readonly { path: RegExp; areas: readonly string[] }[] = [
  { path: /^\/admin\/useroverview\/?$/i, areas: ['users'] },
  { path: /^\/employer\/employees\/?$/i, areas: ['employer-employee'] },
  { path: /^\/employees\/?$/i, areas: ['employee'] },
  { path: /^\/location\/members\/?$/i, areas: ['member'] },
];

/** The areas a first visit of `pathname` loads before it shows. */
export function firstScreenAreas(pathname: string): readonly string[] {
  const screen = FIRST_SCREEN_AREAS.find(({ path }) => path.test(pathname));
  return screen ? ['shell', ...screen.areas] : ALL_AREAS;
}
