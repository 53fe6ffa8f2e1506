import { OpenAPIHono } from "@hono/zod-openapi";
import { cors } from "hono/cors";
import { type Clock, MANUAL_CLOCK_DEFAULT_START, ManualClock, SystemClock } from "./clock/clock.js";
import { Scheduler } from "./clock/scheduler.js";
import { corsOrigins, type MockOptions, type MockOptionsInput, validateOptions } from "./config.js";
import { loadFixtures } from "./content/fixtures.js";
import { lifecycleHandlers } from "./domain/lifecycle.js";
import { tokenFromAuthorization } from "./http/authorization.js";
import { mountOperation } from "./http/mount.js";
import type { AnyOperation } from "./http/operation.js";
import { requestLog } from "./http/request-log.js";
import { starlettePath } from "./http/request-path.js";
import { RouteTable } from "./http/route-table.js";
import { printError, printLine } from "./platform/output.js";
import { contextOperations } from "./routes/contexts/contexts.index.js";
import { controlOperations } from "./routes/control/control.index.js";
import { DOCUMENT_CONFIG, finishDocument, registerDocumentComponents } from "./routes/document.js";
import { insightOperations } from "./routes/insights/insights.index.js";
import { metaOperations, mountDocs } from "./routes/meta/meta.index.js";
import { projectOperations } from "./routes/projects/projects.index.js";
import { simulationOperations } from "./routes/simulations/simulations.index.js";
import { userModelOperations } from "./routes/user-models/user-models.index.js";
import { ensureDemoWorld } from "./seeding/demo-world.js";
import type { Services } from "./services.js";
import type { ChangeSink } from "./world/collection.js";
import { World, type WorldCollections } from "./world/world.js";

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
  /** `env` is what @hono/node-server passes (its `incoming` gives the raw path and headers); omit it in-process. */
  readonly fetch: (request: Request, env?: object) => Response | Promise<Response>;
}

export interface CreateAppState {
  collections?: WorldCollections;
  changes?: ChangeSink;
  log?: (line: string) => void;
}

/** Every operation of the API, in the order FastAPI would declare them (it decides which route a 405 names). */
export const operations: readonly AnyOperation[] = [
  ...userModelOperations,
  ...simulationOperations,
  ...projectOperations,
  ...contextOperations,
  ...insightOperations,
  ...metaOperations,
  ...controlOperations,
];

function createClock(options: MockOptions): Clock {
  if (options.clock === "system") return new SystemClock();
  return new ManualClock(options.now ? Date.parse(options.now) : MANUAL_CLOCK_DEFAULT_START);
}

/** Builds the mock as a Hono app. It never listens: server.ts does, tests call `fetch` in-process. */
export function createApp(input: MockOptionsInput = {}, state: CreateAppState = {}): MockApp {
  const options = validateOptions(input);
  const world = new World(options.seed, state.collections, state.changes);
  const content = loadFixtures(world, options.fixtures);
  const clock = createClock(options);
  const scheduler = new Scheduler(clock, world.jobs);
  const services: Services = { world, clock, scheduler, options, content };
  scheduler.handle(lifecycleHandlers(services));

  // The demo world is built on the demo caller's first API request rather than at start-up: the start stays as fast
  // as before, and what is planning or running in it is seen moving. It is built only into an empty demo
  // organisation, so a restart with --db never adds it twice.
  let demoPending = options.auth === "optional" && content.demoWorld !== undefined;
  const buildDemoWorld = () => {
    demoPending = false;
    try {
      if (content.demoWorld) ensureDemoWorld(services, content.demoWorld);
    } catch (error) {
      printError(`bss-mock: the demo world could not be built: ${(error as Error).stack ?? error}`);
    }
  };

  const app = new OpenAPIHono({ getPath: starlettePath });
  const table = new RouteTable();
  if (!options.quiet) app.use("*", requestLog(state.log ?? printLine, options.logFormat));
  const corsMiddleware = cors({
    origin: corsOrigins(options.corsOrigin) ?? "*",
    // Headers the API sends that a browser script may read (deprecated routes, rate-limit scenarios).
    exposeHeaders: ["Deprecation", "Link", "Retry-After"],
  });
  app.use("*", async (c, next) => {
    // Background work that fell due is applied before any request looks at the state.
    scheduler.runDue();
    if (
      demoPending &&
      c.req.path.startsWith("/v1/") &&
      !c.req.path.startsWith("/v1/public/") &&
      tokenFromAuthorization(c.req.header("authorization")) === undefined
    ) {
      buildDemoWorld();
    }
    // Like Starlette's CORSMiddleware: only requests with an Origin get CORS headers, only real preflights are
    // answered, and a bare OPTIONS falls through to 405. (Skipping it without an Origin also keeps the hot path lean.)
    const preflight = c.req.method === "OPTIONS" && c.req.header("access-control-request-method") !== undefined;
    if (c.req.method === "HEAD" && !table.servesHead(c.req.path)) return table.unmatched(c);
    if (c.req.method === "OPTIONS" && !preflight) return table.unmatched(c);
    if (c.req.header("origin") === undefined) return next();
    return corsMiddleware(c, next);
  });

  for (const operation of operations) mountOperation(app, table, services, operation);
  registerDocumentComponents(app);

  let document: Record<string, unknown> | undefined;
  const buildDocument = () => {
    if (!document) {
      document = app.getOpenAPI31Document(DOCUMENT_CONFIG) as unknown as Record<string, unknown>;
      finishDocument(
        document,
        operations.map((operation) => operation.route),
      );
    }
    return document;
  };
  mountDocs(app, table, buildDocument);

  app.notFound((c) => table.unmatched(c));
  app.onError((error, c) => {
    // A bug, never an expected outcome: answer like Starlette's ServerErrorMiddleware and say what broke in the log.
    printError(`bss-mock: unhandled error on ${c.req.method} ${c.req.path}: ${error.stack ?? error}`);
    return new Response("Internal Server Error", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  });

  // Completes work that fell due while a --db world was down, and arms the timer for the rest.
  scheduler.start();

  return {
    app,
    services,
    fetch: (request, env) => app.fetch(request, env),
    document: buildDocument,
    close: () => scheduler.stop(),
  };
}
