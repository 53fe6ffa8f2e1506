import type * as NodeTimers from "./timers.js";

/* timers.ts for the browser bundle: a page's or worker's timers never keep anything alive, so there is no unref. */

export const backgroundTimer: typeof NodeTimers.backgroundTimer = (callback, ms) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};

/* A page has no setImmediate; a zero timeout is the next task, after pending events. */
export const backgroundTurn: typeof NodeTimers.backgroundTurn = (callback) => {
  setTimeout(callback, 0);
};

export const nextTurn: typeof NodeTimers.nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));
