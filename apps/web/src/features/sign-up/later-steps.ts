import { type ComponentType, lazy } from 'react';

/*
 * What a first screen of the sign-up does not show (decision 010, the public entry): the personal data step
 * (the date input, its calendar and floating-ui), the summary and the login popup (a Modal). They load once
 * the page has loaded and the browser is idle, so by the time the person gets there they are in.
 */

// biome-ignore lint/suspicious/noExplicitAny: a step's own props, which `lazy` keeps.
function laterStep<P extends ComponentType<any>>(load: () => Promise<P>) {
  let loaded: P | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  // Once preloaded, the step shows at once: React reads a thenable that answers at once without suspending,
  // so no loader shows between two steps.
  const Step = lazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (above).
        ({ then: (resolve: (module: { default: P }) => void) => resolve({ default: loaded as P }) } as never)
      : preload().then((component) => ({ default: component })),
  );
  return { Step, preload };
}

const personal = laterStep(() => import('./personal-step').then((module) => module.PersonalStep));
const summary = laterStep(() => import('./summary-step').then((module) => module.SummaryStep));
const loginPopup = laterStep(() => import('./login-popup').then((module) => module.LoginPopup));

export const PersonalStep = personal.Step;
export const SummaryStep = summary.Step;
export const LoginPopup = loginPopup.Step;

/** Starts loading the later steps once the page has loaded and the browser is idle. */
export function preloadLaterSteps(): void {
  const load = () => {
    for (const step of [personal, summary, loginPopup]) void step.preload().catch(() => {});
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(load, { timeout: 2_000 });
    else setTimeout(load, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
