import dayjs from 'dayjs';
import type { i18n as I18n } from 'i18next';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/start-language';

type Texts = { default: Record<string, unknown> };

/** Every area's texts: the chunks the app loads its texts from (`i18n/areas.ts`). */
const areas = import.meta.glob<Texts>('@/i18n/*.json');

/**
 * Shows the sign-up in another language without a reload, so nothing typed is lost; remembered in this
 * browser as the app's own choice is. Not the app's `pickLanguage`: a public page that reaches the texts'
 * module splits it into a first-screen chunk of its own (the same reason the pay link's page reloads).
 */
export async function switchLanguage(i18n: I18n, language: 'nl' | 'en') {
  const files = Object.entries(areas).filter(([file]) => file.endsWith(`.${language}.json`));
  const loaded = await Promise.all(files.map(([, load]) => load()));
  for (const { default: texts } of loaded) i18n.addResourceBundle(language, 'translation', texts, true, true);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  dayjs.locale(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
