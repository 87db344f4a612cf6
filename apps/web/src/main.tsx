// Zod must know that eval is refused (the Content-Security-Policy) before any schema is built, and a module's
// static imports run before its body: so the app is imported after the setting.
import './app/zod-jitless';
import { startLanguage } from './i18n/start-language';

// The texts of the start language are fetched beside the app's code, not after it (see i18n/index.ts).
void (startLanguage() === 'en' ? import('./i18n/texts.en') : import('./i18n/texts.nl'));
void import('./bootstrap');
