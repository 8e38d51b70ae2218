import { useEffect, useState, useSyncExternalStore } from 'react';

/** At the latest this long after asking, even if the page never goes idle (ms). */
const IDLE_TIMEOUT_MS = 1000;
/** A signed-in page without a guarded screen (a public page) never says it is shown (ms). */
const SCREEN_TIMEOUT_MS = 3000;

/**
 * Runs `run` once the browser has painted and then has a moment to spare. Returns a cancel
 * function.
 */
export function afterFirstPaint(run: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    // The frame callback runs before the paint; the idle callback after it.
    if (typeof requestIdleCallback === 'function') {
      idle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    } else {
      timer = setTimeout(run, 0);
    }
  });
  return () => {
    cancelAnimationFrame(frame);
    if (idle !== undefined) cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

let screenShown = false;
const listeners = new Set<() => void>();

/** The signed-in screen has rendered its content (RequireAuth, once it shows the screen). */
export function markScreenShown(): void {
  if (screenShown) return;
  screenShown = true;
  for (const listener of listeners) listener();
}

/** As on a freshly opened page (the web tests share one module instance). */
export function resetScreenShown(): void {
  screenShown = false;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * False until the screen's content has been painted and the page is idle: for the parts of a
 * signed-in page nobody sees at first (the idle guard, the realtime socket, the toasts'
 * container), whose code and first render would otherwise delay the screen's first paint.
 */
export function useAfterScreenPaint(): boolean {
  const shown = useSyncExternalStore(subscribe, () => screenShown);
  const [ready, setReady] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setTimedOut(true), SCREEN_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  useEffect(() => {
    if (!shown && !timedOut) return;
    return afterFirstPaint(() => setReady(true));
  }, [shown, timedOut]);
  return ready;
}
