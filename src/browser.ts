/**
 * `bss-mock/browser`: the whole mock in a page or a Service Worker, with no server and no network. Its state lives in
 * memory and ends with the page (or the worker); the packaged fixtures are built into the bundle.
 *
 * The same app as `bss-mock serve` (createApp), built for the browser by scripts/browser-build.mjs, which swaps the
 * Node modules of src/platform/ for their browser twins. The mock it resolves to is the same facade over the control
 * operations as Node's createMock (src/mock-facade.ts), less `url`. This file's exported types are written out by hand
 * so that dist/browser.d.ts needs nothing else; src/browser.test.ts fails the type check when they stop being exactly
 * the facade's.
 */
import { z } from "zod";
import { createApp, type MockApp } from "./app.js";
import { checkOptions, ConfigError as MockConfigError, type MockOptionsInput, optionsSchema } from "./config.js";
import { inProcessMock } from "./mock-facade.js";
import { mountFolder, packagedFixtureFiles } from "./platform/files.browser.js";
import { printError } from "./platform/output.js";

/** The fixture files a browser mock can be given in place of the packaged ones (see the README's Demo world). */
export type FixtureFileName = "goals.json" | "populations.json" | "demo-world.json";

const FIXTURE_FILES: readonly FixtureFileName[] = ["goals.json", "populations.json", "demo-world.json"];

/**
 * What a browser mock takes: the serve options that act in a page (checked as the command line checks them), its
 * fixture files and a log function. The others (port, host, db, fixtures and scenario folders…) would be accepted and
 * do nothing, or fail later, so they are refused as unknown.
 */
const browserOptionsSchema = optionsSchema
  .pick({
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
    scenarios: true,
    journalSize: true,
  })
  .extend({
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

/** A JSON value, as scenario bodies and predicates take it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A scenario written out in full, as a scenario file holds it (see the README's Scenario files). */
export interface ScenarioDefinition {
  $schema?: string | undefined;
  name: string;
  description: string;
  rules: Array<{
    description?: string | undefined;
    match?:
      | {
          method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | undefined;
          path?: string | undefined;
          caller?: string | undefined;
          organisation?: string | undefined;
          body?: Array<{ pointer: string; equals: JsonValue } | { pointer: string; exists: boolean }> | undefined;
        }
      | undefined;
    occurrence?:
      | {
          nth?: number | undefined;
          after?: number | undefined;
          every?: number | undefined;
          at_most?: number | undefined;
          probability?: number | undefined;
          rate?: { requests: number; per_seconds: number } | undefined;
        }
      | undefined;
    answer?:
      | {
          status: number;
          headers?: Record<string, string> | undefined;
          detail?: string | undefined;
          envelope_error?: { code: string; message: string } | undefined;
          validation_errors?: Array<{ loc: Array<string | number>; type: string; input: JsonValue }> | undefined;
          body?: JsonValue | undefined;
        }
      | undefined;
    delay?:
      | { type: "fixed"; ms: number }
      | { type: "uniform"; min_ms: number; max_ms: number }
      | { type: "log_normal"; median_ms: number; sigma: number; max_ms?: number | undefined }
      | undefined;
    fault?: { type: "connection_reset" | "empty_response" | "truncated_body" } | undefined;
    effect?:
      | { type: "planner_turn"; ms: number }
      | { type: "fail_planning"; error: string }
      | { type: "fail_run"; at_fraction: number; error: string }
      | { type: "fail_synthesis"; synthesis_error: string }
      | { type: "fail_retest" }
      | {
          type: "phase_duration";
          phase: "planning" | "running" | "synthesis" | "retest";
          ms?: number | undefined;
          stuck?: true | undefined;
          stall_at?: number | undefined;
        }
      | undefined;
  }>;
}

/** A scenario by name (a shipped one), or written out in full. */
export type ScenarioInput = string | ScenarioDefinition;

export interface ClockView {
  kind: "system" | "manual";
  now: string;
  epoch_ms: number;
}

export interface ScenariosView {
  known: Array<{ name: string; description: string }>;
  active: { global: string[]; organisations: Record<string, string[]> };
}

/** What GET /__mock answers. */
export interface MockInfo {
  name: "bss-mock";
  version: string;
  seed: number;
  options: Record<string, unknown>;
  clock: ClockView;
  timing: { planning_ms: number; running_ms: number; synthesis_ms: number; retest_ms: number };
  scenarios: ScenariosView;
  capabilities: string[];
}

export interface JournalFilter {
  method?: string | undefined;
  /** The concrete path, e.g. /v1/simulations/6f…/run. */
  path?: string | undefined;
  /** The path template, e.g. /v1/simulations/{simulation_id}/run. */
  template?: string | undefined;
  /** The token as sent (without "Bearer "); "" for requests without authorization. */
  caller?: string | undefined;
  organisation?: string | undefined;
  status?: number | undefined;
  /** Entries after this entry id, or at or after this ISO time (mock clock). */
  since?: string | number | undefined;
  /** The last n matching entries. */
  limit?: number | undefined;
}

/** One request the mock answered, with what it answered and the scenario rules that acted on it. */
export interface JournalEntry {
  id: number;
  at: string;
  method: string;
  path: string;
  template: string | null;
  query: Record<string, string>;
  caller: string | null;
  organisation: string | null;
  request_body: unknown;
  status: number | null;
  response_body: unknown;
  ms: number;
  scenarios: Array<{
    scenario: string;
    scope: "global" | "organisation" | "request";
    rule: number;
    action: "answer" | "delay" | "fault" | "effect";
    status?: number;
    ms?: number;
    fault?: "connection_reset" | "empty_response" | "truncated_body";
    effect?: string;
  }>;
  fault: string | null;
}

/** The request journal: `mock.requests(filter)` lists, `.count(filter)` counts, `.clear()` empties. */
export interface MockRequests {
  (filter?: JournalFilter): JournalEntry[];
  count(filter?: JournalFilter): number;
  clear(): void;
}

export interface ContextView {
  id: string;
  name: string;
  scope: "user" | "organisation";
  owner_id: string;
  created_at: string;
  updated_at: string;
  body: string;
}

export interface UserModelView {
  id: string;
  name: string;
  description: string;
  accuracy: number;
  metadata: Record<string, unknown>;
  owned_by_org: boolean;
}

export interface OrganisationUserModelInput {
  name: string;
  description: string;
  metadata?: Record<string, unknown> | undefined;
  question_count?: number | undefined;
  simulacrum_count?: number | undefined;
  data_source?: string | undefined;
  effective_date?: string | undefined;
  reality_target?: string | undefined;
  simulation_engine?: string | undefined;
  upload_filename?: string | undefined;
}

/**
 * The mock in this page or worker: the testing surface of Node's createMock (`bss-mock`) less `url`, as a browser
 * mock has no socket to name; hand it `mock.fetch` instead (MSW, a Service Worker, your API client).
 */
export interface BrowserMock {
  /**
   * Answers a request as the API would, in memory. A path alone (`"/v1/simulations"`) is taken as the mock's own; a
   * Request or absolute URL may name any host (only its path and query matter). Faults reject as fetch would; after
   * `close` every call rejects.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  readonly clock: {
    read(): ClockView;
    /** Moves the manual clock, running every transition at its moment. */
    advance(ms: number): Promise<ClockView>;
    /** To the next transition. */
    runNext(): Promise<ClockView>;
    /** Transition after transition until nothing is pending: no test guesses durations. */
    runUntilIdle(): Promise<ClockView>;
  };
  readonly scenarios: {
    read(): ScenariosView;
    /** Activates scenarios for the whole mock, on top of what is active (MSW's `server.use`). */
    use(...scenarios: ScenarioInput[]): Promise<ScenariosView>;
    /** Activates scenarios for one organisation only (tokens `<user>@<org>`): parallel tests stay apart. */
    useFor(org: string, ...scenarios: ScenarioInput[]): Promise<ScenariosView>;
    /** Clears one organisation's scenarios, or every scenario. */
    clear(org?: string): Promise<ScenariosView>;
    /** Back to the scenarios the mock was created with (MSW's `resetHandlers`). */
    reset(): Promise<ScenariosView>;
  };
  readonly requests: MockRequests;
  /** Things of an organisation, which the API cannot create (`owned_by_org: true`). */
  readonly orgs: {
    createContext(org: string, input: { name: string; body: string }): Promise<ContextView>;
    createUserModel(org: string, input: OrganisationUserModelInput): Promise<UserModelView>;
  };
  /** The project's in-app planner is mid-turn for `ms`: create-in-project and move-into-project give 409. */
  plannerTurn(projectId: string, ms: number): Promise<{ project_id: string; planner_turn_until: string }>;
  /** What GET /__mock answers. */
  info(): MockInfo;
  /** Everything back to the start (the demo world again, the clock at its start), or one organisation emptied. */
  reset(options?: { org?: string }): Promise<void>;
  /** Stops background timers. */
  close(): Promise<void>;
}

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
  const state = { socketless: true, ...(options.log ? { log: requestLog(options.log) } : {}) };
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
