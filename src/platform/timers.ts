/**
 * Starts a timer for background work that must not keep the process alive on its own (Node's unref); returns its
 * cancel function. The browser bundle replaces this module with timers.browser.ts, where timers have no unref.
 */
export function backgroundTimer(callback: () => void, ms: number): () => void {
  const timer = setTimeout(callback, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * Runs `callback` on a later turn of the event loop, after pending I/O (setImmediate). Background work does not keep
 * the process alive on its own; work a caller awaits (`keepAlive`) does.
 */
export function nextTurn(callback: () => void, keepAlive = false): void {
  const immediate = setImmediate(callback);
  if (!keepAlive) immediate.unref();
}
