import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ALL_AREAS, areaLoaders, firstScreenAreas, type TextsLanguage } from './areas';
import { LANGUAGE_STORAGE_KEY, startLanguage } from './start-language';

export type { TextsLanguage };
export { LANGUAGE_STORAGE_KEY };

/**
 * The texts are a chunk per area and language (`areas.ts`): a first visit downloads one language, and on
 * the list pages of `FIRST_SCREEN_AREAS` only the shell's and the page's areas before the page shows; the
 * other areas follow once the first screen's code is in and the browser is idle (`afterFirstScreen`). A key asked
 * before its area is in (a screen missing from that table's areas) loads the rest of the language and shows
 * again: never a key for long, and the test `first-screen-texts.test.tsx` keeps it from happening on those
 * pages.
 */
const loadingAreas = new Map<string, Promise<void>>();

function loadArea(language: TextsLanguage, area: string): Promise<void> {
  const id = `${language}:${area}`;
  let loaded = loadingAreas.get(id);
  if (!loaded) {
    const load = areaLoaders[language][area];
    if (!load) return Promise.resolve();
    loaded = load().then(({ default: texts }) => {
      i18n.addResourceBundle(language, 'translation', texts, true, true);
    });
    loaded.catch(() => loadingAreas.delete(id));
    loadingAreas.set(id, loaded);
  }
  return loaded;
}

/** Loads these areas of a language (each once). */
export function loadAreas(language: TextsLanguage, areas: readonly string[]): Promise<void> {
  return Promise.all(areas.map((area) => loadArea(language, area))).then(() => {});
}

const complete = new Set<TextsLanguage>();

/** Loads every area of a language. */
export function loadLanguage(language: TextsLanguage): Promise<void> {
  return loadAreas(language, ALL_AREAS).then(() => {
    complete.add(language);
  });
}

/** Forgets a language's texts (tests: to show a screen with only some areas loaded). */
export function unloadLanguage(language: TextsLanguage): void {
  i18n.removeResourceBundle(language, 'translation');
  for (const id of [...loadingAreas.keys()]) if (id.startsWith(`${language}:`)) loadingAreas.delete(id);
  complete.delete(language);
}

let refreshing: Promise<void> | null = null;

/** A key was asked that is not loaded: load the rest of the shown language, then show the screens again. */
function loadMissing(): void {
  const language: TextsLanguage = i18n.language === 'en' ? 'en' : 'nl';
  if (complete.has(language) || refreshing) return;
  refreshing = loadLanguage(language)
    .then(() => i18n.changeLanguage(i18n.language))
    .then(
      () => {},
      () => {},
    )
    .finally(() => {
      refreshing = null;
    });
}

const initial = startLanguage();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initial,
  fallbackLng: 'nl',
  interpolation: { escapeValue: false },
  returnNull: false,
  // Not saved anywhere: tells that a key's area is not in yet (`loadMissing`).
  saveMissing: true,
  missingKeyHandler: loadMissing,
});
dayjs.locale(initial);

/**
 * Resolves once the start language's texts of the first screen are in (the app renders after); the rest of
 * the language follows right after, without holding up the first paint.
 */
export const textsReady: Promise<void> = loadAreas(
  initial,
  firstScreenAreas(typeof location === 'undefined' ? '/' : location.pathname),
);
void textsReady.then(
  () => afterFirstScreen(() => void loadLanguage(initial).catch(() => {})),
  () => {},
);

let firstScreenIn: Promise<unknown> | undefined;

/**
 * The app tells when its first screen's code and data have started and its code is in (`startFirstScreen`,
 * bootstrap.tsx): the rest of the language waits for it, not for the load event, which comes before the
 * screen's modules (they are loaded by the app, not by the page) and leaves the browser idle between them.
 */
export function textsAfter(firstScreen: Promise<unknown>): void {
  firstScreenIn = firstScreen;
}

/**
 * Runs `task` once the first screen is in (`textsAfter`; else the page has loaded) and the browser is idle
 * (at the latest 3 s after): the rest of the language (30-odd chunks) would otherwise compete with the first
 * screen's code and data.
 */
function afterFirstScreen(task: () => void): void {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') {
    setTimeout(task, 0);
    return;
  }
  const idle = () => window.requestIdleCallback(task, { timeout: 3000 });
  const loaded = () => {
    if (firstScreenIn) void firstScreenIn.catch(() => {}).then(idle);
    else idle();
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}

/** Shows a language: its texts are loaded first, then it applies (without remembering it). */
export async function showLanguage(language: TextsLanguage): Promise<void> {
  await loadLanguage(language);
  dayjs.locale(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

/** Picks a language and remembers it in this browser. */
export function setLanguage(language: TextsLanguage): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return showLanguage(language);
}

export default i18n;
