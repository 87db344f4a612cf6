/** Where the language picked in this browser is remembered. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The language shown at start: the one picked in this browser, else Dutch. */
export function startLanguage(): 'nl' | 'en' {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
  return stored === 'en' ? 'en' : 'nl';
}
