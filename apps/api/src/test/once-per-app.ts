import type { TestApp } from './harness.ts';

/**
 * A fixture made on its first use and kept for the rest of the file (a signed-in employee, a supplier, a
 * product): a file that never asks for it does not pay for it. The files of a worker share their modules
 * (isolate: false) and each builds an app of its own, so the fixture is kept per app: the next file's first
 * use makes it anew, in its own database.
 */
export function oncePerApp<T>(app: () => TestApp, make: () => Promise<T>): () => Promise<T> {
  let made: { app: TestApp; value: Promise<T> } | undefined;
  return () => {
    const current = app();
    if (made?.app !== current) made = { app: current, value: make() };
    return made.value;
  };
}
