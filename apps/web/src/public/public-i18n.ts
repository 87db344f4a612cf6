import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import { createInstance, type i18n as I18n } from 'i18next';
import { setTextsLoader } from '@/features/sign-up/language';

export type PublicLanguage = 'nl' | 'en';
type Tree = { [key: string]: string | Tree };

const texts: Record<PublicLanguage, () => Promise<{ default: Tree }>> = {
  nl: () => import('virtual:public-texts/nl'),
  en: () => import('virtual:public-texts/en'),
};

/** The public pages' texts of a language (`build/public-texts.ts`): one small chunk, not the app's areas. */
export const loadPublicTexts = async (language: PublicLanguage): Promise<Tree[]> => [
  (await texts[language]()).default,
];

/**
 * An i18next with only the public pages' texts of the start language (a chunk of ~6 KB gzip, fetched beside
 * the page's code); the sign-up's language choice loads the other language's the same way
 * (`setTextsLoader`), the pay and cancel pages reload in it. `ready` resolves once the texts are in.
 */
export function createPublicI18n(language: PublicLanguage): { i18n: I18n; ready: Promise<void> } {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    resources: {},
  });
  document.documentElement.lang = language;
  dayjs.locale(language);
  setTextsLoader(loadPublicTexts);
  const ready = loadPublicTexts(language).then(([tree]) => {
    i18n.addResourceBundle(language, 'translation', tree, true, true);
  });
  return { i18n, ready };
}
