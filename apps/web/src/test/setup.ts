import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setSessionHooks } from '@/app/api-client';
import { forgetRestoredSession } from '@/app/session';
import { sessionStore } from '@/app/session-store';
import { loadLanguage, showLanguage } from '@/i18n';
import { forgetAnsweredEndpoints } from '@/test/fake-api';

/**
 * Runs before every screen test file (`vitest.config.ts`, project `screens`). The files of a worker share
 * one module graph and one DOM (`isolate: false`): what loads here loads once per worker, and each file
 * starts as a fresh page would (signed out, Dutch, empty storage, no stubs left by the file before).
 * The fake API registers the response schema of each endpoint it answers (`fake-api.tsx`), not every
 * contract's up front.
 */

afterEach(() => cleanup());

// The app loads one language's texts at a time; tests switch freely, so both are in (once per worker).
await Promise.all([loadLanguage('nl'), loadLanguage('en')]);

// Controls deferred past the first paint (`ui/deferred`) render as themselves at once in the tests.
await Promise.all([
  import('@/app/shell/user-menu-dropdown'),
  import('@/app/shell/environment-switcher'),
  import('@/app/shell/switch-picker'),
  import('@/ui/row-actions-menu'),
  import('@/ui/filter-select-control'),
]);

// A screen that loads its route lazily can take seconds on a busy machine (CI runs the suites while other
// work goes on): wait for what a person would see as long as a person would, not one second.
const waitForScreens = { asyncUtilTimeout: 15_000 };
configure(waitForScreens);

beforeAll(async () => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.setClaims(null);
  forgetRestoredSession();
  setSessionHooks({});
  await showLanguage('nl');
});

// What a file may replace on the shared window by assignment instead of `vi.spyOn` / `vi.stubGlobal`: put back
// after each file, so a mock's calls never reach the next file's expectations.
// Kept from the first file of the worker (the files share the window, and so this module's globals).
const urlKey = Symbol.for('xp.test.urlStatics');
const keep = globalThis as { [urlKey]?: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'> };
keep[urlKey] ??= { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
const urlStatics = keep[urlKey];

afterAll(() => {
  cleanup();
  Object.assign(URL, urlStatics);
  // A file may set its own wait; the next file starts with the common one.
  configure(waitForScreens);
  forgetAnsweredEndpoints();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

// jsdom lacks these; Mantine uses them. Installed once per window (the files of a worker share it).
const patched = Symbol.for('xp.test.windowPatched');
if (!(patched in window)) {
  Object.defineProperty(window, patched, { value: true });
  const { getComputedStyle } = window;
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserver;
  window.HTMLElement.prototype.scrollIntoView = () => {};
}
