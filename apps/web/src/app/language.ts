import type { Language } from '@xp/contracts';
import i18n, { LANGUAGE_STORAGE_KEY, setLanguage, showLanguage } from '@/i18n';

/** The language the user picked in the user menu, if any; it wins over the language of the account. */
export function pickedLanguage(): Language | null {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return stored === 'nl' || stored === 'en' ? stored : null;
}

/** Picked in the user menu (or on the login page): remembered in this browser. */
export function pickLanguage(language: Language): Promise<unknown> {
  return setLanguage(language);
}

/**
 * After login or restore: use the account's language unless the user picked one here; resolves once it
 * shows (its texts are loaded first).
 */
export function applyAccountLanguage(language: Language): Promise<void> {
  if (pickedLanguage() || i18n.language === language) return Promise.resolve();
  return showLanguage(language);
}

export const currentLanguage = (): Language => (i18n.language === 'en' ? 'en' : 'nl');
