import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { endpointGroups } from '@xp/contracts';
import { afterEach } from 'vitest';
import { registerResponseSchemas } from '@/app/api-client';
import { loadLanguage } from '@/i18n';

afterEach(() => cleanup());

// Answers called by a schema-free descriptor are checked against their contract in the tests too.
registerResponseSchemas(Object.values(endpointGroups).flatMap((group) => Object.values(group)));

// The app loads one language's texts at a time; tests switch freely, so both are in from the start.
await Promise.all([loadLanguage('nl'), loadLanguage('en')]);

// Controls deferred past the first paint (`ui/deferred`) render as themselves at once in the tests.
await Promise.all([
  import('@/app/shell/user-menu-dropdown'),
  import('@/app/shell/environment-switcher'),
  import('@/app/shell/switch-picker'),
  import('@/ui/row-actions-menu'),
]);

// A screen that loads its route lazily can take seconds on a busy machine (CI runs the suites while other
// work goes on): wait for what a person would see as long as a person would, not one second.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these; Mantine uses them.
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
