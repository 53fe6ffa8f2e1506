import { OpenAPIHono } from "@hono/zod-openapi";
import { TrieRouter } from "hono/router/trie-router";
import type { Content } from "../../content/index.js";
import {
  connectionLost,
  faultOf,
  messageLine,
  mountOperation,
  RouteTable,
  requestLog,
  StarletteCors,
  serverErrorResponse,
  starlettePath,
} from "../../fastapi/index.js";
import { printError, printLine } from "../../platform/output.js";
import type { ChangeSink } from "../../store/index.js";
import { World, type WorldCollections } from "../../store/index.js";
import { type Clock, MANUAL_CLOCK_DEFAULT_START, ManualClock, SystemClock } from "../clock/clock.js";
import { Scheduler } from "../clock/scheduler.js";
import { corsOrigins } from "../config/cors-origins.js";
import type { MockOptions } from "../config/options.js";
import { createControl, type MockControl, registerControl } from "../control/control.js";
import { RequestJournal } from "../control/journal.js";
import { Coverage } from "../coverage/coverage.js";
import { lifecycleHandlers } from "../domain/lifecycle.js";
import { edgeHooks } from "../edge-hooks.js";
import { mountUi } from "../routes/control/ui-page.js";
import { DOCUMENT_CONFIG, finishDocument, registerDocumentComponents } from "../routes/document.js";
import { mountDocs } from "../routes/meta/meta.index.js";
import { type CompiledScenario, compileScenario } from "../scenarios/catalogue.js";
import { ScenarioEdge } from "../scenarios/edge.js";
import { ScenarioEngine } from "../scenarios/engine.js";
import { installOrganisationFixtures, type OrganisationFixtures } from "../seeding/organisation-fixtures.js";
import type { Services } from "../services.js";
import { lazyDemoWorld } from "./demo-world-loader.js";
import { controlTokenCheck, requestEdge } from "./middleware.js";
import { isControl, operations } from "./operations.js";
import { type ScenarioFile, scenarioCatalogue, scenarioCompileEnv, startupScenarios } from "./startup-scenarios.js";

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
  const edge = new ScenarioEdge(engine, services);
  const journal = new RequestJournal(options.journalSize);
  const journaling = options.journalSize > 0;
  const coverage = new Coverage(() => clock.now());

  const { build: buildDemoWorld, rebuild: rebuildDemo } = lazyDemoWorld(services, content, options);

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
  app.use("*", requestEdge({ scheduler, clock, journal, journaling, coverage, cors, table }));
  const token = options.controlToken;
  if (token !== undefined && !options.noControl) {
    // A mock reachable from a network (Docker on 0.0.0.0) must not be reset or steered by anyone who can reach it.
    app.use("/__mock/*", controlTokenCheck(token));
  }

  const mounted = operations.filter((operation) => !(options.noControl && isControl(operation)));
  const hooks = edgeHooks(services, edge, buildDemoWorld);
  for (const operation of mounted) mountOperation(app, table, operation, hooks);
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
    if (connectionLost(c.env)) return serverErrorResponse(c);
    // A bug, never an expected outcome: answer like Starlette's ServerErrorMiddleware and say what broke in the log.
    printError(
      messageLine(
        options.logFormat,
        "error",
        `unhandled error on ${c.req.method} ${c.req.path}: ${error.stack ?? error}`,
      ),
    );
    return serverErrorResponse(c);
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
