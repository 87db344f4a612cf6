import { useEffect, useRef } from 'react';

/** The kiosk starts over when nobody touched the tablet for this long: the next person sees nothing of the last. */
export const KIOSK_IDLE_MS = 90_000;

/** What a person does on a page: touching, typing, scrolling. */
const ACTIVITY = ['pointerdown', 'keydown', 'input', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * Calls `onIdle` once nobody touched, typed or scrolled anywhere on the page for `timeoutMs` (and again
 * after each such quiet spell). Anything the person does starts the wait again.
 */
export function useIdle(timeoutMs: number, onIdle: () => void, isEnabled = true) {
  const latest = useRef(onIdle);
  latest.current = onIdle;
  useEffect(() => {
    if (!isEnabled) return;
    let timer = setTimeout(() => latest.current(), timeoutMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), timeoutMs);
    };
    for (const event of ACTIVITY) window.addEventListener(event, restart, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, restart, { capture: true });
    };
  }, [timeoutMs, isEnabled]);
}
