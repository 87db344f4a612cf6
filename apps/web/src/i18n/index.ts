import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Tree } from './merge';
import { LANGUAGE_STORAGE_KEY, startLanguage } from './start-language';

export { LANGUAGE_STORAGE_KEY };

export type TextsLanguage = 'nl' | 'en';

/**
 * The texts of one language are a chunk of their own (a first visit downloads one language, not both):
 * `loadLanguage` fetches them once; the app renders after the start language's texts are in (bootstrap),
 * and a language is loaded before it is switched to.
 */
const textLoaders: Record<TextsLanguage, () => Promise<{ default: Tree }>> = {
  nl: () => import('./texts.nl'),
  en: () => import('./texts.en'),
};
const loading = new Map<TextsLanguage, Promise<void>>();

export function loadLanguage(language: TextsLanguage): Promise<void> {
  let loaded = loading.get(language);
  if (!loaded) {
    loaded = textLoaders[language]().then(({ default: texts }) => {
      i18n.addResourceBundle(language, 'translation', texts, true, true);
    });
    loaded.catch(() => loading.delete(language));
    loading.set(language, loaded);
  }
  return loaded;
}

const initial = startLanguage();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initial,
  fallbackLng: 'nl',
  interpolation: { escapeValue: false },
  returnNull: false,
});
dayjs.locale(initial);

/** Resolves once the start language's texts are in (the app renders after). */
export const textsReady: Promise<void> = loadLanguage(initial);

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
