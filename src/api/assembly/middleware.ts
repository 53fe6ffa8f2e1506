import type { MiddlewareHandler } from "hono";
import { answeredAsServerError, detail, type RouteTable, type StarletteCors } from "../../fastapi/index.js";
import type { Clock } from "../clock/clock.js";
import type { Scheduler } from "../clock/scheduler.js";
import { type RequestJournal, recordRequest } from "../control/journal.js";
import type { Coverage } from "../coverage/coverage.js";
import { recordCoverage } from "../coverage/edge.js";
import { UI_PATH } from "../routes/control/ui-page.js";

/** What every request passes through before and after its route. */
export interface RequestEdge {
  readonly scheduler: Scheduler;
  readonly clock: Clock;
  readonly journal: RequestJournal;
  /** Whether the request journal is on (--journal-size above 0). */
  readonly journaling: boolean;
  readonly coverage: Coverage;
  readonly cors: StarletteCors;
  readonly table: RouteTable;
}

/**
 * The middleware of every request: background work that fell due, CORS (preflights answered here), HEAD and OPTIONS
 * as FastAPI answers them, coverage and the request journal.
 */
export function requestEdge({
  scheduler,
  clock,
  journal,
  journaling,
  coverage,
  cors,
  table,
}: RequestEdge): MiddlewareHandler {
  return async (c, next) => {
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
      if (!answeredAsServerError(c)) cors.addSimpleHeaders(origin, c.res);
    }
    if (c.req.path.startsWith("/v1/")) recordCoverage(coverage, c);
    const recording = journaled ? recordRequest(journal, c, started, at) : undefined;
    if (recording) await recording;
  };
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

/**
 * --control-token: the control API and the dashboard answer only requests that carry the token, in the header or in
 * the dashboard's cookie.
 */
export function controlTokenCheck(token: string): MiddlewareHandler {
  return async (c, next) => {
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
  };
}
