/**
 * `bss-mock/browser`: the whole mock in a page or a Service Worker, with no server and no network. Its state lives in
 * memory and ends with the page (or the worker); the packaged fixtures are built into the bundle.
 *
 * The same app as `bss-mock serve` (createApp), built for the browser by scripts/browser-build.mjs, which swaps the
 * Node modules of src/platform/ for their browser twins. The mock it resolves to is the same facade over the control
 * operations as Node's createMock (src/api/mock-facade.ts), less `url`, and its types are the facade's: `npm pack` bundles
 * them into types/browser.d.ts (scripts/build-types.mjs), which needs nothing else installed.
 */
import { z } from "zod";
import type { ScenarioInput } from "./api/index.js";
import {
  checkOptions,
  createApp,
  type InProcessMock,
  inProcessMock,
  type MockApp,
  ConfigError as MockConfigError,
  type MockOptionsInput,
  optionsSchema,
} from "./api/index.js";
import { mountFolder, packagedFixtureFiles } from "./platform/files.browser.js";
import { printError } from "./platform/output.js";

/** The fixture files a browser mock can be given in place of the packaged ones (docs/callers-and-demo-world.md). */
export type FixtureFileName = "goals.json" | "populations.json" | "demo-world.json";

const FIXTURE_FILES: readonly FixtureFileName[] = ["goals.json", "populations.json", "demo-world.json"];

/**
 * The serve options that act in a page (checked as the command line checks them). The others (port, host, db,
 * fixtures and scenario folders…) would be accepted and do nothing, or fail later, so they are refused as unknown.
 */
const serveOptionsInAPage = optionsSchema.pick({
  seed: true,
  clock: true,
  now: true,
  timing: true,
  planningMs: true,
  runningMs: true,
  synthesisMs: true,
  retestMs: true,
  auth: true,
  maxQuestions: true,
  maxContextMb: true,
  scenarios: true,
  journalSize: true,
});

/** What info().options shows: the serve options a page takes (its fixture files and log function are not options). */
const SHOWN_OPTIONS: readonly string[] = Object.keys(serveOptionsInAPage.shape);

/** What a browser mock takes: those options, its fixture files and a log function. */
const browserOptionsSchema = serveOptionsInAPage.extend({
  fixtures: z
    .record(z.string(), z.unknown())
    .superRefine((files, ctx) => {
      const unknown = Object.keys(files).find((name) => !(FIXTURE_FILES as readonly string[]).includes(name));
      if (unknown !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `no fixture file is called '${unknown}'; the files are ${FIXTURE_FILES.join(", ")}`,
        });
      }
    })
    .optional(),
  log: z.custom<(line: string) => void>((value) => typeof value === "function", "expected a function").optional(),
});

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
  /** MiB of context text (names and bodies) one organisation may store (default 64); past it a create gets 413. */
  maxContextMb?: number;
  /** Scenarios active from the start, by name or written out (`mock.scenarios.reset()` comes back to these). */
  scenarios?: ScenarioInput[];
  /** How many requests the journal keeps (default 1,000; 0 keeps none). */
  journalSize?: number;
  /**
   * Fixture files (their parsed JSON) in place of the packaged ones of the same name; `null` leaves a file out
   * (`"demo-world.json": null` gives an empty demo organisation). Checked as the server checks `--fixtures`.
   */
  fixtures?: Partial<Record<FixtureFileName, unknown>>;
  /** Receives the request log (method, path, status, ms), one line per request; none by default. */
  log?: (line: string) => void;
}

/** An option the mock cannot use (`error.option` names it), or a fixture or scenario file that does not validate. */
export interface ConfigError extends Error {
  readonly name: string;
  /** The option at fault, when it is one option (`seed`, `log`…), with its value as quoted and the problem. */
  readonly option?: string | undefined;
  readonly value?: string | undefined;
  readonly problem?: string | undefined;
}

/** What `createMock` rejects with for an option or a file it cannot use: `error instanceof ConfigError`. */
export const ConfigError: { new (message: string): ConfigError; readonly prototype: ConfigError } = MockConfigError;

export type {
  ClockView,
  ContextView,
  CoverageItem,
  CoverageView,
  JournalEntry,
  JournalFilter,
  MockInfo,
  OrganisationContextInput,
  OrganisationUserModelInput,
  OrganisationView,
  ScenarioDefinition,
  ScenarioInput,
  ScenariosView,
  UserModelView,
} from "./api/index.js";
export { ControlError, type MockRequests, type SimulationInStatus } from "./api/index.js";

/**
 * The mock in this page or worker: the testing surface of Node's createMock (`bss-mock`) less `url`, as a browser
 * mock has no socket to name; hand it `mock.fetch` instead (MSW, a Service Worker, your API client).
 */
export type BrowserMock = InProcessMock;

type CheckedOptions = z.output<typeof browserOptionsSchema>;

function serveOptions(options: CheckedOptions, fixtures: string | undefined): MockOptionsInput {
  const { fixtures: _files, log, ...rest } = options;
  const input: MockOptionsInput = { ...rest, quiet: log === undefined };
  if (fixtures !== undefined) input.fixtures = fixtures;
  return input;
}

/** The caller's log function; one that throws is reported, and the request it logged is answered all the same. */
function requestLog(log: (line: string) => void): (line: string) => void {
  return (line) => {
    try {
      log(line);
    } catch (error) {
      printError(`bss-mock: the log function threw on '${line}': ${error}`);
    }
  };
}

/** Builds the app, with the caller's fixture files mounted as a folder while it loads them. */
function build(options: CheckedOptions): MockApp {
  const state = {
    socketless: true,
    optionNames: SHOWN_OPTIONS,
    ...(options.log ? { log: requestLog(options.log) } : {}),
  };
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

/**
 * Creates a mock in this page or worker: Node's createMock handle less `url` (no socket here; give `mock.fetch` to MSW,
 * a Service Worker or your API client). An option it cannot use (unknown, such as `port` or `db`, or of the wrong type)
 * or a fixture file that does not validate rejects with a ConfigError naming the option, or the file and field.
 */
export async function createMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  const checked = checkOptions(browserOptionsSchema, options, {
    known: (keys) => `a browser mock has no socket and no files; its options are ${keys}`,
    example: '{ clock: "manual" }',
  });
  const app = build(checked);
  return inProcessMock(app, async () => app.close());
}
