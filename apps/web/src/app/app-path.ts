import type { RegisteredRouter } from '@tanstack/react-router';

/**
 * A path of a screen that exists, as the registered router knows it (the generated route tree registers
 * itself in `app/router.ts`): features name paths with this type without importing the shell or the tree.
 */
export type AppPath = RegisteredRouter['routeTree']['types']['fileRouteTypes']['to'];
