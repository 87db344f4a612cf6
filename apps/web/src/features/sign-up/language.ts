import dayjs from 'dayjs';
import type { i18n as I18n } from 'i18next';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/start-language';

type Texts = Record<string, unknown>;
type Language = 'nl' | 'en';

/** Every area's texts: the chunks the app loads its texts from (`i18n/areas.ts`). */
const areas = import.meta.glob<{ default: Texts }>('@/i18n/*.json');

/** The app's texts of a language: every area's. */
async function everyArea(language: Language): Promise<Texts[]> {
  const files = Object.entries(areas).filter(([file]) => file.endsWith(`.${language}.json`));
  const loaded = await Promise.all(files.map(([, load]) => load()));
  return loaded.map((module) => module.default);
}

let loadTexts: (language: Language) => Promise<Texts[]> = everyArea;

/**
 * Where the texts of another language come from: the app's areas by default; the public pages' own entry
 * (`public.html`, decision 010) has its own few texts per language and sets them here.
 */
export function setTextsLoader(load: (language: Language) => Promise<Texts[]>) {
  loadTexts = load;
}

/**
 * Shows the sign-up in another language without a reload, so nothing typed is lost; remembered in this
 * browser as the app's own choice is. Not the app's `pickLanguage`: a public page that reaches the texts'
 * module splits it into a first-screen chunk of its own (the same reason the pay link's page reloads).
 */
export async function switchLanguage(i18n: I18n, language: Language) {
  const loaded = await loadTexts(language);
  for (const texts of loaded) i18n.addResourceBundle(language, 'translation', texts, true, true);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  dayjs.locale(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
