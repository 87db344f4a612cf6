import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Translations live in one file pair per area (`<area>.nl.json`, `<area>.en.json`), merged here into one
 * namespace, so that keys read `<domain>.<screen>.<key>` and areas can be edited independently.
 */
type Tree = { [key: string]: string | Tree };
const load = (files: Record<string, unknown>): Tree =>
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

export const resources = {
  nl: { translation: load(import.meta.glob('./*.nl.json', { eager: true })) },
  en: { translation: load(import.meta.glob('./*.en.json', { eager: true })) },
};

export const LANGUAGE_STORAGE_KEY = 'language';
const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
const initial = stored === 'en' ? 'en' : 'nl';

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: 'nl',
  interpolation: { escapeValue: false },
  returnNull: false,
});
dayjs.locale(initial);

export function setLanguage(language: 'nl' | 'en') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  dayjs.locale(language);
  document.documentElement.lang = language;
  return i18n.changeLanguage(language);
}

export default i18n;
