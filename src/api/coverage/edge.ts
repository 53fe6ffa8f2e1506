import type { Context } from "hono";
import {
  bodyOf,
  closesBeforeAnswer,
  connectionFault,
  firstHeader,
  tokenFromAuthorization,
} from "../../fastapi/index.js";
import { tenantOfToken } from "../domain/callers.js";
import { exchangeOf } from "../scenarios/edge.js";
import type { Coverage } from "./coverage.js";

/** Counts an answered API request (called by the edge's one middleware, assembly/middleware.ts, for /v1 paths only). */
export function recordCoverage(coverage: Coverage, c: Context): void {
  const exchange = exchangeOf(c);
  const tenant = tenantOfToken(tokenFromAuthorization(firstHeader(c, "authorization")));
  coverage.record({
    method: c.req.method,
    template: exchange?.template,
    status: closesBeforeAnswer(connectionFault(c)) ? null : c.res.status,
    org: tenant.kind === "shared" ? tenant.org : undefined,
    applied: exchange?.applied,
    body: () => bodyOf(c.res)?.body,
  });
}
