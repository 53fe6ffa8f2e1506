import { OpenAPIHono } from "@hono/zod-openapi";
import { TrieRouter } from "hono/router/trie-router";
import type { Content } from "../content/index.js";
import type { AnyOperation } from "../fastapi/index.js";
import {
  answeredAsServerError,
  answerPreparer,
  connectionLost,
  detail,
  faultOf,
  messageLine,
  mountOperation,
  RouteTable,
  requestLog,
  ScenarioEdge,
  StarletteCors,
  scenarioOperations,
  serverErrorResponse,
  starlettePath,
} from "../fastapi/index.js";
import { didYouMean } from "../platform/nearest.js";
import { printError, printLine } from "../platform/output.js";
import type { ChangeSink } from "../store/index.js";
import { World, type WorldCollections } from "../store/index.js";
import { type Clock, MANUAL_CLOCK_DEFAULT_START, ManualClock, SystemClock } from "./clock/clock.js";
import { Scheduler } from "./clock/scheduler.js";
import { corsOrigins, type MockOptions, optionError } from "./config.js";
import { createControl, type MockControl, registerControl } from "./control/control.js";
import { RequestJournal, recordRequest } from "./control/journal.js";
import { Coverage } from "./coverage/coverage.js";
import { recordCoverage } from "./coverage/edge.js";
import { lifecycleHandlers } from "./domain/lifecycle.js";
import { answerOperations } from "./routes/answers/answers.index.js";
import { contextOperations } from "./routes/contexts/contexts.index.js";
import { controlOperations } from "./routes/control/control.index.js";
import { mountUi, UI_PATH } from "./routes/control/ui-page.js";
import { DOCUMENT_CONFIG, finishDocument, registerDocumentComponents } from "./routes/document.js";
import { metaOperations, mountDocs } from "./routes/meta/meta.index.js";
import { populationOperations } from "./routes/populations/populations.index.js";
import { predictionOperations } from "./routes/predictions/predictions.index.js";
import { projectOperations } from "./routes/projects/projects.index.js";
import { simulationOperations } from "./routes/simulations/simulations.index.js";
import { testOperations } from "./routes/tests/tests.index.js";
import { userModelOperations } from "./routes/user-models/user-models.index.js";
import { type CompiledScenario, type CompileEnv, compileScenario, ScenarioCatalogue } from "./scenarios/catalogue.js";
import { ScenarioEngine } from "./scenarios/engine.js";
import { ensureDemoWorld } from "./seeding/demo-world.js";
import { installOrganisationFixtures, type OrganisationFixtures } from "./seeding/organisation-fixtures.js";
import type { Services } from "./services.js";

/**
 * The mock without sockets or files: a Hono app over a world, a clock and a scheduler, with scenarios, the request
 * journal and the control operations. Everything it reads from outside (fixtures, scenario files, the version) comes
 * in as CoreSources, so node (app.ts: from disk) and a browser bundle (in memory) build the same mock.
 */

/** The mock in-process, as the package's users see it: no hono or internal types, so its declarations stand alone. */
export interface MockHandle {
  /** Answers one request as the server would (a WHATWG fetch handler). */
  readonly fetch: (request: Request) => Response | Promise<Response>;
  /** The OpenAPI 3.1 document, built once on first use. */
  document(): Record<string, unknown>;
  /** Stops background timers (the state stays as it is). */
  close(): void;
}

export interface MockApp extends MockHandle {
  readonly app: OpenAPIHono;
  readonly services: Services;
  /** The control operations (also when --no-control keeps them off HTTP). */
  readonly control: MockControl;
  /**
   * Answers a request in-process. With node bindings (`env` from @hono/node-server: its `incoming` gives the raw path
   * and headers) faults break the real connection; without, a fault rejects the promise as a failed fetch would.
   */
  readonly fetch: (request: Request, env?: object) => Response | Promise<Response>;
}

export interface CreateAppState {
  collections?: WorldCollections;
  changes?: ChangeSink;
  log?: (line: string) => void;
  /** Nothing listens (an in-process or browser mock): GET /__mock shows no port or host. */
  socketless?: boolean;
  /**
   * The options the entry point takes, when it takes fewer than `serve` (a browser mock): GET /__mock shows only
   * these, not serve's defaults for options the caller could not have set.
   */
  optionNames?: readonly string[];
}

export interface ScenarioFile {
  /** Where it came from, as error messages name it (a file path). */
  readonly source: string;
  /** The parsed JSON. */
  readonly raw: unknown;
}

export interface CoreSources {
  /** Loads the fixtures' public content into the world and returns the rest (goals, the demo world). */
  loadContent(world: World): Content;
  readonly organisationFixtures?: OrganisationFixtures | undefined;
  /** Scenarios compiled already (the shipped ones, by the build): before scenarioFiles. */
  readonly scenarios?: readonly CompiledScenario[];
  /** Scenario files in order: later ones replace earlier ones of the same name (a user's folder after the shipped). */
  readonly scenarioFiles: readonly ScenarioFile[];
  /** The package version, shown by GET /__mock. */
  readonly version: string;
}

/** Every operation of the API, in the order FastAPI would declare them (it decides which route a 405 names). */
export const operations: readonly AnyOperation[] = [
  ...userModelOperations,
  ...simulationOperations,
  ...projectOperations,
  ...contextOperations,
  ...answerOperations,
  ...predictionOperations,
  ...testOperations,
  ...populationOperations,
  ...metaOperations,
  ...controlOperations,
];

const isControl = (operation: AnyOperation) => operation.route.path.startsWith("/__mock");

/** Where a manual clock starts, and where a reset takes it back to. */
function manualStart(options: MockOptions): number {
  return options.now ? Date.parse(options.now) : MANUAL_CLOCK_DEFAULT_START;
}

/**
 * A restart with --db goes on from where the manual clock stood, and a manual clock on a world written under the
 * system clock starts at its last write: never back before the times the world stored (`stored`: World.storedTime).
 */
function createClock(options: MockOptions, stored: number | undefined): Clock {
  if (options.clock === "system") return new SystemClock();
  return new ManualClock(Math.max(manualStart(options), stored ?? Number.NEGATIVE_INFINITY));
}

/** What scenarios are checked against: the API's operations and the mock's own answer builders. */
export const scenarioCompileEnv: CompileEnv = {
  operations: scenarioOperations(operations),
  prepareAnswer: answerPreparer(operations),
};

/**
 * Compiles the scenario files into a catalogue after those compiled already; the first bad file stops the start (its
 * error names the field).
 */
export function scenarioCatalogue(
  files: readonly ScenarioFile[],
  compiled: readonly CompiledScenario[] = [],
): ScenarioCatalogue {
  return new ScenarioCatalogue([
    ...compiled,
    ...files.map((file) => compileScenario(file.raw, file.source, scenarioCompileEnv)),
  ]);
}

/**
 * The start-up scenarios: names, or scenarios written out in full (programmatic use). An unknown name is a usage
 * error naming the option, like a bad flag (`invalid scenarios 'nope'`; the command line says `--scenario`).
 */
function startupScenarios(options: MockOptions, catalogue: ScenarioCatalogue): Array<string | CompiledScenario> {
  const unknown = options.scenarios.filter((item): item is string => typeof item === "string" && !catalogue.get(item));
  if (unknown.length > 0) {
    const known = catalogue.names().join(", ") || "(none)";
    const hint = unknown.length === 1 ? didYouMean(unknown[0] as string, catalogue.names()) : undefined;
    throw optionError(
      "scenarios",
      unknown.join(","),
      `no such scenario${hint ? ` (${hint})` : ""}; known scenarios: ${known}`,
    );
  }
  return options.scenarios.map((item, index) =>
    typeof item === "string" ? item : compileScenario(item, `scenarios option #${index + 1}`, scenarioCompileEnv),
  );
}

/** The cookie the dashboard's page carries the control token in (see the --control-token middleware). */
const CONTROL_COOKIE = "bss-mock-control";

function controlCookie(header: string | undefined): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [name, ...value] = part.trim().split("=");
    if (name === CONTROL_COOKIE) {
      try {
        return decodeURIComponent(value.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Builds the mock as a Hono app. It never listens: server.ts does, tests call `fetch` in-process. */
export function createCore(options: MockOptions, sources: CoreSources, state: CreateAppState = {}): MockApp {
  const world = new World(options.seed, state.collections, state.changes);
  // Before fixtures are loaded: only what the --db files hold counts.
  const stored = options.clock === "manual" ? world.storedTime() : undefined;
  const content = sources.loadContent(world);
  installOrganisationFixtures(world, sources.organisationFixtures);
  const clock = createClock(options, stored);
  world.keepWriteTime(() => clock.now());
  const clockStart = options.clock === "system" ? clock.now() : manualStart(options);
  const scheduler = new Scheduler(clock, world.jobs);
  const services: Services = { world, clock, scheduler, options, content };
  scheduler.handle(lifecycleHandlers(services));

  const catalogue = scenarioCatalogue(sources.scenarioFiles, sources.scenarios);
  const engine = new ScenarioEngine(catalogue, services, startupScenarios(options, catalogue));
  // Phases held by scenarios that are not active any more (a restart with --db) go on.
  engine.releaseOrphanedHolds();
  const edge = new ScenarioEdge(engine);
  const journal = new RequestJournal(options.journalSize);
  const journaling = options.journalSize > 0;
  const coverage = new Coverage(() => clock.now());

  // The demo world is built on the demo caller's first API request rather than at start-up: the start stays as fast
  // as before, and what is planning or running in it is seen moving. It is built only into an empty demo
  // organisation, so a restart with --db never adds it twice.
  let demoPending = false;
  const rebuildDemo = () => {
    demoPending = options.auth === "optional" && content.demoWorld !== undefined;
  };
  rebuildDemo();
  const buildDemoWorld = () => {
    if (!demoPending) return;
    demoPending = false;
    try {
      if (content.demoWorld && ensureDemoWorld(services, content.demoWorld)) {
        // A write that fails undoes the build (and the request that showed it is answered 503): build it again on
        // the next request, rather than leave the demo organisation empty until a restart.
        services.world.written()?.catch(rebuildDemo);
      }
    } catch (error) {
      printError(
        messageLine(
          options.logFormat,
          "error",
          `the demo world could not be built: ${(error as Error).stack ?? error}`,
        ),
      );
    }
  };

  const control = createControl({
    services,
    engine,
    journal,
    coverage,
    compile: (raw, source) => compileScenario(raw, source, scenarioCompileEnv),
    version: sources.version,
    clockStart,
    rebuildDemo,
    socketless: state.socketless === true,
    optionNames: state.optionNames,
  });
  registerControl(services, control);

  // TrieRouter, not Hono's default SmartRouter: the SmartRouter's first match builds a RegExpRouter, which refuses our
  // routes (`/v1/predictions/{id}` beside `/v1/predictions/batch/{id}`), and only then settles on a TrieRouter.
  const app = new OpenAPIHono({ getPath: starlettePath, router: new TrieRouter() });
  const table = new RouteTable();
  if (!options.quiet) app.use("*", requestLog(state.log ?? printLine, options.logFormat));
  // Headers the API sends that a browser script may read (deprecated routes, rate-limit scenarios).
  const cors = new StarletteCors(corsOrigins(options.corsOrigin) ?? "*", ["Deprecation", "Link", "Retry-After"]);
  app.use("*", async (c, next) => {
    // Background work that fell due is applied before any request looks at the state.
    scheduler.runDue();
    // The request journal (outside /__mock), recorded here rather than in a middleware layer of its own.
    const journaled = journaling && !c.req.path.startsWith("/__mock");
    const started = journaled ? performance.now() : 0;
    const at = journaled ? clock.now() : 0;
    const origin = c.req.header("origin");
    const method = c.req.method;
    if (cors.isPreflight(method, origin, c.req.raw.headers)) {
      c.res = cors.preflight(origin as string, c.req.raw.headers);
    } else {
      // FastAPI routes answer neither HEAD nor OPTIONS (a bare OPTIONS, not a preflight, is 405 too).
      if (method === "OPTIONS" || (method === "HEAD" && !table.servesHead(c.req.path))) c.res = table.unmatched(c);
      else await next();
      // An unhandled error's 500 is answered outside CORSMiddleware, by ServerErrorMiddleware.
      if (!answeredAsServerError(c.req.raw)) cors.addSimpleHeaders(origin, c.res);
    }
    if (c.req.path.startsWith("/v1/")) recordCoverage(coverage, c);
    const recording = journaled ? recordRequest(journal, c, started, at) : undefined;
    if (recording) await recording;
  });
  const token = options.controlToken;
  if (token !== undefined && !options.noControl) {
    // A mock reachable from a network (Docker on 0.0.0.0) must not be reset or steered by anyone who can reach it.
    app.use("/__mock/*", async (c, next) => {
      // The dashboard is opened once with ?token=: a cookie then carries the token for the page's own requests, sent
      // by the browser to this mock's /__mock only (SameSite=Strict: never on a request another site starts).
      if (c.req.path === UI_PATH && c.req.query("token") === token) {
        const cookie = `${CONTROL_COOKIE}=${encodeURIComponent(token)}; Path=/__mock; HttpOnly; SameSite=Strict`;
        return new Response(null, { status: 303, headers: { location: UI_PATH, "set-cookie": cookie } });
      }
      const given = c.req.header("x-mock-control-token") ?? controlCookie(c.req.header("cookie"));
      if (given === undefined) {
        return detail(
          401,
          c.req.path.startsWith(UI_PATH)
            ? "The dashboard needs the control token: open /__mock/ui?token=<your --control-token>."
            : "The control API needs the header x-mock-control-token.",
        );
      }
      if (given !== token) return detail(403, "The x-mock-control-token header does not match --control-token.");
      return next();
    });
  }

  const mounted = operations.filter((operation) => !(options.noControl && isControl(operation)));
  for (const operation of mounted) mountOperation(app, table, services, operation, edge, buildDemoWorld);
  if (!options.noControl) mountUi(app, table);
  registerDocumentComponents(app);

  let document: Record<string, unknown> | undefined;
  const buildDocument = () => {
    if (!document) {
      const config = options.noControl
        ? { ...DOCUMENT_CONFIG, tags: DOCUMENT_CONFIG.tags?.filter((tag) => tag.name !== "mock") }
        : DOCUMENT_CONFIG;
      document = app.getOpenAPI31Document(config) as unknown as Record<string, unknown>;
      finishDocument(
        document,
        mounted.map((operation) => operation.route),
      );
    }
    return document;
  };
  mountDocs(app, table, buildDocument);

  app.notFound((c) => table.unmatched(c));
  app.onError((error, c) => {
    // The connection went while the body was read: no one to answer, and the request log says why (not a bug).
    if (connectionLost(c.env)) return serverErrorResponse(c.req.raw);
    // A bug, never an expected outcome: answer like Starlette's ServerErrorMiddleware and say what broke in the log.
    printError(
      messageLine(
        options.logFormat,
        "error",
        `unhandled error on ${c.req.method} ${c.req.path}: ${error.stack ?? error}`,
      ),
    );
    return serverErrorResponse(c.req.raw);
  });

  // Completes work that fell due while a --db world was down, and arms the timer for the rest.
  scheduler.start();

  return {
    app,
    services,
    control,
    fetch: (request, env) => {
      if (env !== undefined) return app.fetch(request, env);
      // In-process: a fault is a rejected fetch, as over a broken connection.
      return Promise.resolve(app.fetch(request)).then((response) => {
        const fault = faultOf(response);
        if (fault) throw fault;
        return response;
      });
    },
    document: buildDocument,
    close: () => scheduler.stop(),
  };
}
