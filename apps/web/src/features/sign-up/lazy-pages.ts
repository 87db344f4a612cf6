import { lazy } from 'react';

/**
 * The sign-up's pages as their routes load them: a route's chunk names only this module, and this module the
 * pages' many chunks, once; so the route table every first screen downloads stays small.
 */
export const SignUpPage = lazy(() =>
  import('./sign-up-page').then((module) => ({ default: module.SignUpPage })),
);
export const SignUpResultPage = lazy(() =>
  import('./result-page').then((module) => ({ default: module.SignUpResultPage })),
);
export const CompleteSignUpPage = lazy(() =>
  import('./complete-page').then((module) => ({ default: module.CompleteSignUpPage })),
);
export const ConfirmSignUpPage = lazy(() =>
  import('./confirm-page').then((module) => ({ default: module.ConfirmSignUpPage })),
);
