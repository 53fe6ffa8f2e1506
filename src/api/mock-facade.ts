import { z } from "zod";
import { refusalStatus } from "../fastapi/index.js";
import { WriteFailed } from "../store/index.js";
import type { MockApp } from "./assembly/create-core.js";
import { expectedBy, issueToReport, shown } from "./config/issue-wording.js";
import {
  type ClockView,
  type ContextView,
  type MockInfo,
  type OrganisationView,
  type ScenarioInput,
  type ScenariosView,
  type SimulationInStatusInput,
  SYSTEM_CLOCK_REFUSAL,
  type UserModelView,
} from "./control/control.js";
import { type JournalEntry, type JournalFilter, journalSince } from "./control/journal.js";
import type { CoverageView } from "./coverage/coverage.js";
import { Refusal } from "./domain/errors.js";
import type { OrganisationContextInput, OrganisationUserModelInput } from "./domain/organisations.js";
import {
  AdvanceByMs,
  CoverageQuery,
  JournalQuery,
  MockSimulationBody,
  OrganisationContextBody,
  OrganisationUserModelBody,
  OrgParams,
  PlannerTurnBody,
  PlannerTurnParams,
  PutScenariosBody,
  ResetBody,
} from "./routes/control/control.routes.js";
import type { CreateSimulationBody, Simulation } from "./routes/simulations/simulations.schemas.js";
import { simulationJson } from "./routes/simulations/simulations.views.js";

/** A simulation as GET /v1/simulations/{simulation_id} answers it (the package exports it as `Simulation`). */
type SimulationAnswer = z.output<ReturnType<typeof Simulation>>;
/** What POST /v1/simulations takes (the package exports it as `CreateSimulationBody`). */
type SimulationRequest = z.input<ReturnType<typeof CreateSimulationBody>>;

/** A simulation to make for a caller in a status at once (`mock.createSimulation`, POST /__mock/simulations). */
export interface SimulationInStatus {
  /** The token of the caller who owns it (`<user>@<org>`, or any token), without `Bearer `. */
  caller: string;
  status: SimulationAnswer["status"];
  simulation: SimulationRequest;
  /** A failed one's `error`. */
  error?: string | undefined;
}

/**
 * The mock's testing surface as typed calls, made once for both entry points: createMock in Node (src/api/mock.ts, which
 * adds `url`) and in a browser (src/browser.ts, whose BrowserMock is this interface). Every call is one
 * of the control operations that the /__mock routes also serve, so a test that uses either sees the same mock.
 */

/**
 * A control call the mock refused, as its `/__mock` route would: `status` is the route's HTTP status. Moving the clock
 * of a mock without `clock: "manual"` (409), an unknown scenario name or a scenario object that does not validate
 * (400), a planner turn for a project that does not exist (404), a change that could not be written to `db` (503).
 * An argument of the wrong kind or out of bounds is a TypeError or RangeError instead, thrown before anything changes.
 */
export class ControlError extends Error {
  // By hand, on instances and on the class: the bundle is minified, and a test report should still say what this is.
  override readonly name: string = "ControlError";
  static {
    Object.defineProperty(ControlError, "name", { value: "ControlError" });
  }
  constructor(
    message: string,
    /** What the `/__mock` route answers for the same refusal: 400, 404, 409 or 503. */
    readonly status: number,
  ) {
    super(message);
  }
}

/** A refusal of the control operations as the programmatic API says it: the call first, in its own words. */
function asControlError(error: unknown, call: string): unknown {
  if (error instanceof Refusal) {
    const message =
      error.message === SYSTEM_CLOCK_REFUSAL
        ? 'the clock is the system clock; create the mock with { clock: "manual" } to move time by hand'
        : error.message;
    return new ControlError(`${call}: ${message}`, refusalStatus(error));
  }
  if (error instanceof WriteFailed) {
    return new ControlError(`${call}: ${error.message}; nothing was changed, ${error.remedy}`, 503);
  }
  return error;
}

/** The request journal: `mock.requests(filter)` lists, `.count(filter)` counts, `.clear()` empties. */
export interface MockRequests {
  (filter?: JournalFilter): JournalEntry[];
  count(filter?: JournalFilter): number;
  clear(): void;
}

/** Everything a test does with the mock in its own process; nothing here needs a socket. */
export interface InProcessMock {
  /**
   * Answers in-process, no socket: a path (`/v1/simulations`), a URL or a Request (of any host: only its path and
   * query matter). Faults reject as fetch would; after `close` every call rejects.
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
    /**
     * Clears one organisation's scenarios (those its callers named in `x-mock-scenario` included: a run one of their
     * requests left stuck is released), or every scenario.
     */
    clear(org?: string): Promise<ScenariosView>;
    /** Back to the scenarios the mock was created with (MSW's `resetHandlers`). */
    reset(): Promise<ScenariosView>;
  };
  readonly requests: MockRequests;
  readonly orgs: {
    /** The organisations the mock holds anything of, oldest first: what `reset({ org })` can empty. */
    list(): OrganisationView[];
    createContext(org: string, input: OrganisationContextInput): Promise<ContextView>;
    createUserModel(org: string, input: OrganisationUserModelInput): Promise<UserModelView>;
  };
  /**
   * A simulation of `caller` (a token) in `status` at once, as its caller would read it: planning as just created;
   * planned, completed or failed (with `error`) as if made minutes ago; running as if planned then and run now.
   */
  createSimulation(input: SimulationInStatus): Promise<SimulationAnswer>;
  /** The project's in-app planner is mid-turn for `ms`: create-in-project and move-into-project give 409. */
  plannerTurn(projectId: string, ms: number): Promise<{ project_id: string; planner_turn_until: string }>;
  /** What GET /__mock answers. */
  info(): MockInfo;
  /**
   * What the client's requests reached since start or the last reset (GET /__mock/coverage): operations with their
   * statuses, rules, states read, scenarios, and the error answers and states never reached with the scenario for each.
   */
  coverage(options?: { org?: string }): CoverageView;
  /** Everything back to the start (the demo world again, the clock at its start), or one organisation emptied. */
  reset(options?: { org?: string }): Promise<void>;
  /** Stops timers (and, in Node, the socket with `port` and the --db file). */
  close(): Promise<void>;
}

// ---- arguments: the /__mock routes' own schemas, so a call refuses what the route refuses ----

/**
 * `value` as the route's schema reads it, else a TypeError (a value of the wrong kind, an unknown key) or a RangeError
 * (the right kind, out of bounds: 1e16 ms, 1.5 ms, NaN, an empty org) naming the call, the argument and the value.
 * Thrown before anything is changed: a bad call leaves the mock as it was (a clock moved past the year 275760 made
 * every later write fail).
 */
function checked<T>(schema: z.ZodType<T>, value: unknown, call: string, name: string, route: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = issueToReport(result.error.issues);
  const where = [name, ...issue.path.map(String)].join(".");
  const at = issue.path.reduce<unknown>((inner, key) => (inner as Record<PropertyKey, unknown>)?.[key], value);
  if (issue.code === "unrecognized_keys") {
    throw new TypeError(`${call}: ${where} has no key ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`);
  }
  const wrongKind =
    issue.code === "invalid_union" ||
    (issue.code === "invalid_type" && !(typeof at === "number" && /^(int|number)$/.test(issue.expected)));
  const must = expectedBy(issue, "quoted");
  const problem = `${call}: ${where} must be ${must} (as ${route} accepts), not ${shown(at, "quoted")}`;
  throw wrongKind ? new TypeError(problem) : new RangeError(problem);
}

/** The journal's query, as an object: `since` may be an entry id as a number too, and a mistyped key is refused. */
const JournalFilterArgument = (() => {
  let schema: z.ZodType<JournalFilter> | undefined;
  return () => {
    schema ??= JournalQuery()
      .extend({
        since: z
          .union([
            z.int().min(0),
            z.string().refine((since) => journalSince(since) !== null, "an entry id or a date-time"),
          ])
          .optional(),
      })
      .strict() as unknown as z.ZodType<JournalFilter>;
    return schema;
  };
})();

/** Where a bare path goes when the mock has no socket: a Request needs some origin, the mock reads path and query. */
export const IN_PROCESS_URL = "http://bss-mock.invalid";

/**
 * The facade over an app. `stop` releases what the entry point opened (called once, however often `close` is);
 * `base` is the origin a bare path is resolved against.
 */
export function inProcessMock(app: MockApp, stop: () => Promise<void>, base: string = IN_PROCESS_URL): InProcessMock {
  const { control } = app;
  let closed: Promise<void> | undefined;

  // A change the control makes is answered once it is written (--db), as the /__mock routes answer.
  const written = async <T>(call: string, change: () => T | Promise<T>): Promise<T> => {
    try {
      const value = await change();
      await app.services.world.written();
      return value;
    } catch (error) {
      throw asControlError(error, call);
    }
  };

  // Each call's arguments are checked as its /__mock route checks them, before anything changes.
  const filterOf = (filter: JournalFilter | undefined, call: string) =>
    filter === undefined ? undefined : checked(JournalFilterArgument(), filter, call, "filter", "GET /__mock/requests");
  const orgOf = (org: unknown, call: string, route: string) => checked(OrgParams().shape.org, org, call, "org", route);
  const scenariosOf = (scenarios: unknown, call: string) =>
    checked(
      PutScenariosBody().shape.scenarios,
      scenarios,
      call,
      "scenarios",
      "PUT /__mock/scenarios",
    ) as ScenarioInput[];

  const requests = Object.assign((filter?: JournalFilter) => control.requests.list(filterOf(filter, "mock.requests")), {
    count: (filter?: JournalFilter) => control.requests.count(filterOf(filter, "mock.requests.count")),
    clear: () => control.requests.clear(),
  });

  return {
    fetch: async (resource, init) => {
      if (closed) throw new Error("bss-mock: this mock is closed");
      const request =
        resource instanceof Request && init === undefined
          ? resource
          : new Request(
              typeof resource === "string" && resource.startsWith("/") ? `${base}${resource}` : resource,
              init,
            );
      return app.fetch(request);
    },
    clock: {
      read: () => control.clock.read(),
      advance: (ms) =>
        written("mock.clock.advance", () => {
          const by = checked(AdvanceByMs().shape.ms, ms, "mock.clock.advance", "ms", "POST /__mock/clock/advance");
          return control.clock.advance(by);
        }),
      runNext: () => written("mock.clock.runNext", () => control.clock.runNext()),
      runUntilIdle: () => written("mock.clock.runUntilIdle", () => control.clock.runUntilIdle()),
    },
    scenarios: {
      read: () => control.scenarios.read(),
      use: (...scenarios) =>
        written("mock.scenarios.use", () => control.scenarios.add(scenariosOf(scenarios, "mock.scenarios.use"))),
      useFor: (org, ...scenarios) =>
        written("mock.scenarios.useFor", () => {
          const call = "mock.scenarios.useFor";
          return control.scenarios.add(scenariosOf(scenarios, call), orgOf(org, call, "PUT /__mock/scenarios"));
        }),
      clear: (org) =>
        written("mock.scenarios.clear", () =>
          control.scenarios.clear(
            org === undefined ? undefined : orgOf(org, "mock.scenarios.clear", "DELETE /__mock/scenarios"),
          ),
        ),
      reset: () => written("mock.scenarios.reset", () => control.scenarios.reset()),
    },
    requests,
    orgs: {
      list: () => control.orgs.list(),
      createContext: (org, body) =>
        written("mock.orgs.createContext", () => {
          const [call, route] = ["mock.orgs.createContext", "POST /__mock/orgs/{org}/contexts"];
          const input = checked(OrganisationContextBody(), body, call, "input", route);
          return control.orgs.createContext(orgOf(org, call, route), input);
        }),
      createUserModel: (org, body) =>
        written("mock.orgs.createUserModel", () => {
          const [call, route] = ["mock.orgs.createUserModel", "POST /__mock/orgs/{org}/user-models"];
          const input = checked(OrganisationUserModelBody(), body, call, "input", route);
          return control.orgs.createUserModel(orgOf(org, call, route), input as OrganisationUserModelInput);
        }),
    },
    createSimulation: (input) =>
      written("mock.createSimulation", () => {
        const call = "mock.createSimulation";
        const body = checked(MockSimulationBody(), input, call, "input", "POST /__mock/simulations");
        const record = control.createSimulation(body as SimulationInStatusInput);
        return JSON.parse(new TextDecoder().decode(simulationJson(app.services, record, { origin: base })));
      }),
    plannerTurn: (projectId, ms) =>
      written("mock.plannerTurn", () => {
        const [call, route] = ["mock.plannerTurn", "POST /__mock/projects/{project_id}/planner-turn"];
        const id = checked(PlannerTurnParams().shape.project_id, projectId, call, "projectId", route);
        return control.plannerTurn(id, checked(PlannerTurnBody().shape.ms, ms, call, "ms", route));
      }),
    info: () => control.info(),
    coverage: (options) =>
      control.coverage(
        options === undefined
          ? {}
          : checked(CoverageQuery().strict(), options, "mock.coverage", "options", "GET /__mock/coverage"),
      ),
    reset: (options) =>
      written("mock.reset", () =>
        control.reset(
          options === undefined ? {} : checked(ResetBody(), options, "mock.reset", "options", "POST /__mock/reset"),
        ),
      ),
    close() {
      closed ??= stop();
      return closed;
    },
  };
}
