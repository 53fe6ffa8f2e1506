import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { defineOperation } from "../../http/operation.js";
import { json } from "../../http/responses.js";
import type { RouteTable } from "../../http/route-table.js";
import { requestOrigin } from "../../http/starlette/request-origin.js";
import { scalarBundle } from "./docs-assets.js";
import { healthRoute } from "./meta.routes.js";

export const metaOperations = [defineOperation(healthRoute, () => json(200, { status: "ok" }))];

/**
 * The document as served: its server is the one it was served from. The /docs page and code generators pointed at a
 * running mock then send to it, whatever port or host it has (the template's defaults, 127.0.0.1:4010, sent them to
 * another mock or to nothing); the document written by `bss-mock openapi` keeps the template.
 */
function servedFrom(document: Record<string, unknown>, origin: string): Record<string, unknown> {
  return {
    ...document,
    servers: [{ url: origin, description: "This bss-mock (where this document was served from)" }],
  };
}

/** Routes FastAPI keeps out of its schema too (include_in_schema=False): the document itself and the reference. */
export function mountDocs(app: OpenAPIHono, table: RouteTable, document: () => unknown) {
  for (const path of ["/openapi.json", "/docs", "/docs/scalar.js"]) table.add("GET", path, { head: true });
  app.get("/openapi.json", (c) => json(200, servedFrom(document() as Record<string, unknown>, requestOrigin(c))));
  // Loaded on first use: the reference page is not on the start-up path.
  let docsPage: Promise<MiddlewareHandler> | undefined;
  app.get("/docs", async (c) => {
    docsPage ??= import("@scalar/hono-api-reference").then(({ Scalar }) =>
      Scalar({
        url: "/openapi.json",
        cdn: "/docs/scalar.js",
        pageTitle: "Behaviour Simulation Service (bss-mock)",
        withDefaultFonts: false,
        showDeveloperTools: "never",
        telemetry: false,
        // No "Ask AI": it calls Scalar's hosted services, and /docs must work with no network.
        agent: { disabled: true },
      }),
    );
    const page = await docsPage;
    return (await page(c, async () => {})) ?? c.notFound();
  });
  app.get("/docs/scalar.js", () => {
    const bundle = scalarBundle();
    if (!bundle) return new Response("Scalar bundle not found; run npm run build", { status: 404 });
    return new Response(new Uint8Array(bundle), {
      headers: { "content-type": "application/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
    });
  });
}
