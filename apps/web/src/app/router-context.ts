import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from './session-store';

/** What every route's `beforeLoad` and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
  session: SessionStore;
}
