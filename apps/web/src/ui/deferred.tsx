import { type ComponentType, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: a registry of components with their own props
const provided = new Map<string, ComponentType<any>>();

/** Called by a deferred component's own module when it runs: from then on `deferred(name)` renders it. */
export function provideDeferred<P extends object>(name: string, component: ComponentType<P>): void {
  provided.set(name, component);
}

/** What a placeholder looks like on the way to the real control: the same element, focusable, named. */
const FOCUSABLE = 'button, input, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A control whose code is not needed for the first screen (a menu, a combobox with floating-ui): its
 * module loads right after the first paint, while a `Placeholder` (the same target, same size, same
 * accessible name, without the dropdown) is shown. Then the real one takes its place: focus stays on it,
 * and a click on the placeholder is replayed on it, so nothing is lost when someone is quicker than the
 * download. The module registers itself with `provideDeferred(name, Component)`; the tests import the
 * modules up front (`test/setup.ts`), so there the real one renders at once.
 */
export function deferred<P extends object>(
  name: string,
  load: () => Promise<unknown>,
  Placeholder: ComponentType<P>,
): ComponentType<P> {
  let loading: Promise<unknown> | null = null;
  const start = () => {
    loading ??= load().catch(() => {
      // Offline for a moment: the next mount or click tries again.
      loading = null;
    });
    return loading;
  };

  function Deferred(props: P): ReactNode {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => provided.get(name));
    const box = useRef<HTMLSpanElement>(null);
    const handOff = useRef<'focus' | 'click' | null>(null);

    /** Bumped by a click on the placeholder: tries the download again if it failed. */
    const [attempt, setAttempt] = useState(0);

    // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries a failed download
    useEffect(() => {
      if (Component) return;
      let live = true;
      void start().then(() => {
        const real = provided.get(name);
        if (!live || !real) return;
        if (handOff.current === null && box.current?.contains(document.activeElement))
          handOff.current = 'focus';
        setComponent(() => real);
      });
      return () => {
        live = false;
      };
    }, [Component, attempt]);

    useLayoutEffect(() => {
      if (!Component || handOff.current === null) return;
      const target = box.current?.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
      if (handOff.current === 'click') target?.click();
      handOff.current = null;
    }, [Component]);

    return (
      // `display: contents`: the wrapper takes no box, so the control sits in its parent's layout as before.
      <span
        ref={box}
        style={{ display: 'contents' }}
        onClickCapture={
          Component
            ? undefined
            : () => {
                handOff.current = 'click';
                setAttempt((count) => count + 1);
              }
        }
      >
        {Component ? <Component {...props} /> : <Placeholder {...props} />}
      </span>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  return Deferred;
}
