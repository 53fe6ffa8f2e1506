import type {
  ClockView,
  ContextView,
  MockInfo,
  ScenarioInput,
  ScenariosView,
  UserModelView,
} from "./control/control.js";
import type { JournalEntry, JournalFilter } from "./control/journal.js";
import type { MockApp } from "./core.js";
import type { OrganisationContextInput, OrganisationUserModelInput } from "./domain/organisations.js";

/**
 * The mock's testing surface as typed calls, made once for both entry points: createMock in Node (src/mock.ts, which
 * adds `url`) and in a browser (src/browser.ts, whose BrowserMock is this interface). Every call is one
 * of the control operations that the /__mock routes also serve, so a test that uses either sees the same mock.
 */

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
    /** Clears one organisation's scenarios, or every scenario. */
    clear(org?: string): Promise<ScenariosView>;
    /** Back to the scenarios the mock was created with (MSW's `resetHandlers`). */
    reset(): Promise<ScenariosView>;
  };
  readonly requests: MockRequests;
  readonly orgs: {
    createContext(org: string, input: OrganisationContextInput): Promise<ContextView>;
    createUserModel(org: string, input: OrganisationUserModelInput): Promise<UserModelView>;
  };
  /** The project's in-app planner is mid-turn for `ms`: create-in-project and move-into-project give 409. */
  plannerTurn(projectId: string, ms: number): Promise<{ project_id: string; planner_turn_until: string }>;
  /** What GET /__mock answers. */
  info(): MockInfo;
  /** Everything back to the start (the demo world again, the clock at its start), or one organisation emptied. */
  reset(options?: { org?: string }): Promise<void>;
  /** Stops timers (and, in Node, the socket with `port` and the --db file). */
  close(): Promise<void>;
}

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
  const written = async <T>(change: () => T): Promise<T> => {
    const value = change();
    await app.services.world.written();
    return value;
  };

  const requests = Object.assign((filter?: JournalFilter) => control.requests.list(filter), {
    count: (filter?: JournalFilter) => control.requests.count(filter),
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
      advance: (ms) => written(() => control.clock.advance(ms)),
      runNext: () => written(() => control.clock.runNext()),
      runUntilIdle: () => written(() => control.clock.runUntilIdle()),
    },
    scenarios: {
      read: () => control.scenarios.read(),
      use: (...scenarios) => written(() => control.scenarios.add(scenarios)),
      useFor: (org, ...scenarios) => written(() => control.scenarios.add(scenarios, org)),
      clear: (org) => written(() => control.scenarios.clear(org)),
      reset: () => written(() => control.scenarios.reset()),
    },
    requests,
    orgs: {
      createContext: (org, body) => written(() => control.orgs.createContext(org, body)),
      createUserModel: (org, body) => written(() => control.orgs.createUserModel(org, body)),
    },
    plannerTurn: (projectId, ms) => written(() => control.plannerTurn(projectId, ms)),
    info: () => control.info(),
    reset: (options) => written(() => control.reset(options)),
    close() {
      closed ??= stop();
      return closed;
    },
  };
}
