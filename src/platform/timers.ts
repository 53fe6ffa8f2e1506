/**
 * Starts a timer for background work that must not keep the process alive on its own (Node's unref); returns its
 * cancel function. The browser bundle replaces this module with timers.browser.ts, where timers have no unref.
 */
export function backgroundTimer(callback: () => void, ms: number): () => void {
  const timer = setTimeout(callback, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/** Calls `callback` on the next turn of the event loop, after pending I/O, without keeping the process alive. */
export function backgroundTurn(callback: () => void): void {
  setImmediate(callback).unref();
}

/** Resolves on the next turn of the event loop, after pending I/O: lets waiting requests be answered. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
