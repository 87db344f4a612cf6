import type { Claims } from '@xp/contracts';

type Listener = () => void;

/**
 * The claims of the signed-in user, or null when signed out. A plain store rather than React state, so
 * that the router (`beforeLoad`) and the API client can read and change it outside components.
 */
export interface SessionStore {
  getClaims: () => Claims | null;
  setClaims: (claims: Claims | null) => void;
  subscribe: (listener: Listener) => () => void;
}

export function createSessionStore(initial: Claims | null = null): SessionStore {
  let claims = initial;
  const listeners = new Set<Listener>();
  return {
    getClaims: () => claims,
    setClaims: (next) => {
      if (next === claims) return;
      claims = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The one session of the running app. */
export const sessionStore = createSessionStore();
