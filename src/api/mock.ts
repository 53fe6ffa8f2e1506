import type { MockApp } from "./app.js";
import { type MockOptionsInput, optionError, validateOptions } from "./config/options.js";
import { IN_PROCESS_URL, type InProcessMock, inProcessMock } from "./mock-facade.js";
import { listen, openApp, type RunningServer } from "./server.js";

/**
 * The programmatic API: `const mock = await createMock({ clock: "manual" })` in a test, then `mock.fetch(...)` with no
 * socket (or `port` for a real URL), the clock, scenarios and the request journal as typed calls (src/api/mock-facade.ts,
 * shared with bss-mock/browser).
 */

/** The serve options (the same zod schema as the command line), plus: `port` given means a real socket. */
export type CreateMockOptions = MockOptionsInput;

export interface Mock extends InProcessMock {
  /** The base URL: a real one with `port` (0 = any free port), else `http://bss-mock.invalid` (never resolves). */
  readonly url: string;
}

/** The app behind a mock (hono, services, the control operations): for this package's own tests, not exported. */
const apps = new WeakMap<Mock, MockApp>();

export function appOf(mock: Mock): MockApp {
  const app = apps.get(mock);
  if (!app) throw new Error("not a mock made by createMock");
  return app;
}

export async function createMock(input: CreateMockOptions = {}): Promise<Mock> {
  // Quiet unless told otherwise; anything but an object is left for the check to refuse (spread, null would vanish).
  const isObject = typeof input === "object" && input !== null && !Array.isArray(input);
  const options = validateOptions(isObject ? { quiet: true, ...input } : input);
  // Only a port makes the mock listen: a host alone would be accepted and ignored, and its user left wondering why
  // nothing answers there (as a mistyped option is refused rather than ignored).
  if (input.host !== undefined && input.port === undefined) {
    throw optionError(
      "host",
      input.host,
      "a host needs a port: without one the mock listens nowhere and answers only mock.fetch ({ host, port: 0 } takes any free port)",
    );
  }
  const opened = await openApp(options, { socketless: input.port === undefined });
  let server: RunningServer | undefined;
  if (input.port !== undefined) server = await listen(opened, options);
  else opened.persistence.confirmStart();
  const app = opened.mock;
  const url = server?.url ?? IN_PROCESS_URL;
  const mock: Mock = {
    url,
    ...inProcessMock(
      app,
      () => (server ? server.close() : Promise.resolve(app.close()).then(() => opened.persistence.close())),
      url,
    ),
  };
  apps.set(mock, app);
  return mock;
}
