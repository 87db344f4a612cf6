import { useSyncExternalStore } from 'react';

type Listener = () => void;

let switching = false;
const listeners = new Set<Listener>();

function set(next: boolean): void {
  if (next === switching) return;
  switching = next;
  for (const listener of listeners) listener();
}

/**
 * Whether a switch of environment or organisation is under way. Meanwhile the shell shows a loader
 * instead of the page being left, so that page's queries have no observers and nothing refetches them
 * under the new scope.
 */
export const switchGate = {
  isSwitching: () => switching,
  begin: () => set(true),
  end: () => set(false),
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useIsSwitching(): boolean {
  return useSyncExternalStore(switchGate.subscribe, switchGate.isSwitching);
}
