/**
 * `bss-mock/browser`: the whole mock in a page or a Service Worker, with no server and no network. Its state lives in
 * memory and ends with the page (or the worker); the packaged fixtures are built into the bundle.
 *
 * The same app as `bss-mock serve` (createApp), built for the browser by scripts/browser-build.mjs, which swaps the
 * Node modules of src/platform/ for their browser twins. This file's exported types are written out by hand so that
 * dist/browser.d.ts needs nothing else.
 */
import { createApp, type MockApp } from "./app.js";
import { ManualClock } from "./clock/clock.js";
import type { MockOptionsInput } from "./config.js";
import { mountFolder, packagedFixtureFiles } from "./platform/files.browser.js";

/** The fixture files a browser mock can be given in place of the packaged ones (see the README's Demo world). */
export type FixtureFileName = "goals.json" | "populations.json" | "demo-world.json";

export interface BrowserMockOptions {
  /** Seed of every generated id and text (default 1): the same seed and requests give the same bytes. */
  seed?: number;
  /** "system" (default): real time. "manual": time stands still until `clock.advance` or `clock.runUntilIdle`. */
  clock?: "system" | "manual";
  /** Start of the manual clock, as an ISO date-time (default 2026-01-01T00:00:00Z). */
  now?: string;
  /** Background phase durations (default "realistic": planning ~3 s, running ~12 s; "fast": a few hundred ms). */
  timing?: "realistic" | "fast" | "instant";
  /** Per-phase overrides of `timing`, in ms. */
  planningMs?: number;
  runningMs?: number;
  synthesisMs?: number;
  retestMs?: number;
  /** "required": a request without `authorization` gets 401 (default "optional": the demo caller). */
  auth?: "optional" | "required";
  /** Most questions in a survey design or an edited plan (default 40). */
  maxQuestions?: number;
  /**
   * Fixture files (their parsed JSON) in place of the packaged ones of the same name; `null` leaves a file out
   * (`"demo-world.json": null` gives an empty demo organisation). Checked as the server checks `--fixtures`.
   */
  fixtures?: Partial<Record<FixtureFileName, unknown>>;
  /** Receives the request log (method, path, status, ms), one line per request; none by default. */
  log?: (line: string) => void;
}

export interface BrowserMockClock {
  readonly kind: "system" | "manual";
  /** The mock's time, epoch milliseconds. */
  now(): number;
  /** Manual clock: moves time forward by `ms`, running every transition that falls due, in order. */
  advance(ms: number): Promise<void>;
  /** Manual clock: moves time on until no background work is pending (every planning, run and synthesis done). */
  runUntilIdle(): Promise<void>;
}

export interface BrowserMock {
  /**
   * Answers a request as the API would, in memory. A path alone (`"/v1/simulations"`) is taken as the mock's own;
   * a Request or absolute URL may name any host (only its path and query matter).
   */
  fetch(input: Request | URL | string, init?: RequestInit): Promise<Response>;
  readonly clock: BrowserMockClock;
  /** Back to the start: a new, empty world (the demo world again on the demo caller's next request), clock included. */
  reset(): Promise<void>;
  /** Stops background timers; the mock answers nothing after this. */
  close(): Promise<void>;
}

// Relative paths need some origin to make a Request; the mock only reads path and query.
const ORIGIN = "http://bss-mock.invalid";

// A manual clock stops at every job on the way; this bounds a run that somehow never goes idle.
const MAX_IDLE_STEPS = 100_000;

function serveOptions(options: BrowserMockOptions, fixtures: string | undefined): MockOptionsInput {
  const { fixtures: _files, log, ...rest } = options;
  const input: MockOptionsInput = { ...rest, quiet: log === undefined };
  if (fixtures !== undefined) input.fixtures = fixtures;
  return input;
}

/** Builds the app, with the caller's fixture files mounted as a folder while it loads them. */
function build(options: BrowserMockOptions): MockApp {
  const state = options.log ? { log: options.log } : {};
  if (!options.fixtures) return createApp(serveOptions(options, undefined), state);
  const files: Record<string, string> = { ...packagedFixtureFiles() };
  for (const [name, content] of Object.entries(options.fixtures)) {
    if (content === null) delete files[name];
    else if (content !== undefined) files[name] = JSON.stringify(content);
  }
  const folder = mountFolder(files);
  try {
    return createApp(serveOptions(options, folder.dir), state);
  } finally {
    folder.unmount();
  }
}

/** Creates a mock in this page or worker. A fixture file that does not validate rejects, naming the file and field. */
export async function createMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  let app = build(options);
  let closed = false;

  const live = (): MockApp => {
    if (closed) throw new Error("bss-mock: this mock is closed");
    return app;
  };
  const manualClock = (): { services: MockApp["services"]; clock: ManualClock } => {
    const { services } = live();
    if (!(services.clock instanceof ManualClock)) {
      throw new Error('bss-mock: only a manual clock can be moved; create the mock with clock: "manual"');
    }
    return { services, clock: services.clock };
  };

  return {
    async fetch(input, init) {
      const target = typeof input === "string" && input.startsWith("/") ? new URL(input, ORIGIN) : input;
      return live().fetch(new Request(target, init));
    },
    clock: {
      kind: app.services.clock.kind,
      now: () => app.services.clock.now(),
      async advance(ms) {
        manualClock().services.scheduler.advance(ms);
      },
      async runUntilIdle() {
        // The scheduler's own: a phase a scenario holds (stuck) is not waited for.
        manualClock().services.scheduler.runUntilIdle(MAX_IDLE_STEPS);
      },
    },
    async reset() {
      live().close();
      app = build(options);
    },
    async close() {
      closed = true;
      app.close();
    },
  };
}
