import texts from 'virtual:login-texts';
import { createInstance, type i18n as I18n } from 'i18next';
import { LANGUAGE_STORAGE_KEY, startLanguage } from '@/i18n/start-language';

export type LoginLanguage = 'nl' | 'en';

/**
 * An i18next with only the login page's texts, of both languages (a few KB, so no second download before the
 * page shows; `build/login-texts.ts` picks them from the app's texts); the app's own setup (`i18n/index.ts`)
 * loads every area of one language.
 */
export function createLoginI18n(language: LoginLanguage = startLanguage()): I18n {
  const i18n = createInstance();
  void i18n.init({
    resources: { nl: { translation: texts.nl }, en: { translation: texts.en } },
    lng: language,
    fallbackLng: 'nl',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = language;
  return i18n;
}

/** As the app's `setLanguage`: shown at once and remembered in this browser, so the app starts in it too. */
export function languagePicker(i18n: I18n) {
  return async (language: LoginLanguage): Promise<void> => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    document.documentElement.lang = language;
    await i18n.changeLanguage(language);
  };
}
