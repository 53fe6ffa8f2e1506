import type { MockApp } from "./app.js";
import { type MockOptionsInput, validateOptions } from "./config.js";
import type {
  ClockView,
  ContextView,
  MockControl,
  MockInfo,
  ScenarioInput,
  ScenariosView,
  UserModelView,
} from "./control/control.js";
import type { JournalEntry, JournalFilter } from "./control/journal.js";
import type { OrganisationContextInput, OrganisationUserModelInput } from "./domain/organisations.js";
import { listen, openApp, type RunningServer } from "./server.js";

/**
 * The programmatic API: `const mock = await createMock({ clock: "manual" })` in a test, then `mock.fetch(...)` with no
 * socket (or `port` for a real URL), the clock, scenarios and the request journal as typed calls. Every call is one of
 * the control operations that the /__mock routes also serve, so a test that uses either sees the same mock.
 */

/** The serve options (the same zod schema as the command line), plus: `port` given means a real socket. */
export type CreateMockOptions = MockOptionsInput;

/** The request journal: `mock.requests(filter)` lists, `.count(filter)` counts, `.clear()` empties. */
export interface MockRequests {
  (filter?: JournalFilter): JournalEntry[];
  count(filter?: JournalFilter): number;
  clear(): void;
}

export interface Mock {
  /** The base URL: a real one with `port` (0 = any free port), else `http://bss-mock.invalid` (never resolves). */
  readonly url: string;
  /** Answers in-process, no socket: a path (`/v1/simulations`), a URL or a Request. Faults reject as fetch would. */
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
  /** Everything back to the start, or one organisation emptied. */
  reset(options?: { org?: string }): Promise<void>;
  /** Stops timers, the socket (with `port`) and the --db file. */
  close(): Promise<void>;
}

/** The app behind a mock (hono, services, the control operations): for this package's own tests, not exported. */
const apps = new WeakMap<Mock, MockApp>();

export function appOf(mock: Mock): MockApp {
  const app = apps.get(mock);
  if (!app) throw new Error("not a mock made by createMock");
  return app;
}

const IN_PROCESS_URL = "http://bss-mock.invalid";

export async function createMock(input: CreateMockOptions = {}): Promise<Mock> {
  const options = validateOptions({ quiet: true, ...input });
  const opened = await openApp(options);
  let server: RunningServer | undefined;
  if (input.port !== undefined) server = await listen(opened, options);
  const app = opened.mock;
  const control: MockControl = app.control;
  const base = server?.url ?? IN_PROCESS_URL;

  const requests = Object.assign((filter?: JournalFilter) => control.requests.list(filter), {
    count: (filter?: JournalFilter) => control.requests.count(filter),
    clear: () => control.requests.clear(),
  });

  // A change the control makes is answered once it is written (--db), as the /__mock routes answer.
  const written = async <T>(value: T): Promise<T> => {
    await app.services.world.written();
    return value;
  };

  let closed: Promise<void> | undefined;
  const mock: Mock = {
    url: base,
    fetch: async (resource, init) => {
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
      advance: (ms) => written(control.clock.advance(ms)),
      runNext: () => written(control.clock.runNext()),
      runUntilIdle: () => written(control.clock.runUntilIdle()),
    },
    scenarios: {
      read: () => control.scenarios.read(),
      use: (...scenarios) => written(control.scenarios.add(scenarios)),
      useFor: (org, ...scenarios) => written(control.scenarios.add(scenarios, org)),
      clear: (org) => written(control.scenarios.clear(org)),
      reset: () => written(control.scenarios.reset()),
    },
    requests,
    orgs: {
      createContext: async (org, body) => written(control.orgs.createContext(org, body)),
      createUserModel: async (org, body) => written(control.orgs.createUserModel(org, body)),
    },
    plannerTurn: async (projectId, ms) => written(control.plannerTurn(projectId, ms)),
    info: () => control.info(),
    reset: async (resetOptions) => written(control.reset(resetOptions)),
    close() {
      closed ??= server ? server.close() : Promise.resolve(app.close()).then(() => opened.persistence.close());
      return closed;
    },
  };
  apps.set(mock, app);
  return mock;
}
