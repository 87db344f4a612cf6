// Zod must know that eval is refused (the Content-Security-Policy) before any schema is built, and a module's
// static imports run before its body: so the app is imported after the setting.
import './app/zod-jitless';

void import('./bootstrap');
