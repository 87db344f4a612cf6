import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent, { type Options as UserEventOptions } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '@/i18n';
import { markModalsReady } from '@/ui/overlays';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to `document.fonts`.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// The app loads its ModalsProvider after the first screen; here it is mounted with every render.
markModalsReady();

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Language of the texts; default Dutch. */
  language?: 'nl' | 'en';
  /** Options of `userEvent.setup` (e.g. `advanceTimers` with fake timers). */
  userEventOptions?: UserEventOptions;
}

/** The app's providers as the kit needs them: Mantine (test env: no transitions or portals), i18n, modals, toasts. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <DatesProvider settings={{ locale: i18n.language }}>
          <ModalsProvider>
            <Notifications />
            {children}
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

/** Renders `ui` inside the providers and returns Testing Library's result plus a `user` (user-event). */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { language = 'nl', userEventOptions, ...renderOptions } = options;
  void i18n.changeLanguage(language);
  notifications.clean();
  const user = userEvent.setup(userEventOptions);
  return { user, ...render(ui, { wrapper: TestProviders, ...renderOptions }) };
}

export * from '@testing-library/react';
export { userEvent };
