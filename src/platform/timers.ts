/**
 * Starts a timer for background work that must not keep the process alive on its own (Node's unref); returns its
 * cancel function. The browser bundle replaces this module with timers.browser.ts, where timers have no unref.
 */
export function backgroundTimer(callback: () => void, ms: number): () => void {
  const timer = setTimeout(callback, ms);
  timer.unref();
  return () => clearTimeout(timer);
}
