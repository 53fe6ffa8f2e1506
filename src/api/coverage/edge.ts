import type { Context } from "hono";
import { bodyOf, closesBeforeAnswer, exchangeOf, firstHeader, tokenFromAuthorization } from "../../fastapi/index.js";
import { tenantOfToken } from "../domain/callers.js";
import type { Coverage } from "./coverage.js";

/** Counts an answered API request (called by the edge's one middleware, assembly/middleware.ts, for /v1 paths only). */
export function recordCoverage(coverage: Coverage, c: Context): void {
  const exchange = exchangeOf(c.req.raw);
  const tenant = tenantOfToken(tokenFromAuthorization(firstHeader(c, "authorization")));
  coverage.record({
    method: c.req.method,
    template: exchange?.template,
    status: closesBeforeAnswer(exchange?.fault) ? null : c.res.status,
    org: tenant.kind === "shared" ? tenant.org : undefined,
    applied: exchange?.applied,
    body: () => bodyOf(c.res)?.body,
  });
}
