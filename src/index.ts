/**
 * The programmatic API: start the mock on a port (`startServer`) or build it in-process (`createApp`). Options are
 * those of `bss-mock serve` in camelCase, as plain values, checked by the same schema as the command line.
 *
 * Everything exported here is the package's public API: its declarations are bundled into types/index.d.ts, which
 * must stand alone (no hono or zod types; scripts/build-types.mjs refuses to build otherwise).
 */
import { createApp as createMockApp, type MockHandle } from "./app.js";
import type { MockOptionsInput } from "./config.js";

export type { MockHandle } from "./app.js";
export { ConfigError, type MockOptions, type MockOptionsInput } from "./config.js";
export { PortInUseError, type RunningServer, startServer } from "./server.js";

/** Builds the mock in-process, without listening: call its `fetch` with a `Request`. Close it when done. */
export function createApp(options: MockOptionsInput = {}): MockHandle {
  return createMockApp(options);
}
