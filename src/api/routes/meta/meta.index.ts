import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { RouteTable } from "../../../fastapi/index.js";
import { json, requestOrigin } from "../../../fastapi/index.js";
import { defineOperation } from "../operation.js";
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

/** The mock's mark: a rounded square in the dashboard's accent colour. */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b57d0"/><path d="M4 11V5h3.2a1.6 1.6 0 0 1 0 3.2H4m3.2 0a1.4 1.4 0 0 1 0 2.8H4" fill="none" stroke="#fff" stroke-width="1.4"/></svg>';

/** Routes FastAPI keeps out of its schema too (include_in_schema=False): the document itself and the reference. */
export function mountDocs(app: OpenAPIHono, table: RouteTable, document: () => unknown) {
  for (const path of ["/openapi.json", "/docs", "/docs/scalar.js", "/docs/favicon.svg"]) {
    table.add("GET", path, { head: true });
  }
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
        // Served here: without one the browser asks for /favicon.ico, a 404 its console reports as an error.
        favicon: "/docs/favicon.svg",
        showDeveloperTools: "never",
        telemetry: false,
        // No "Ask AI": it calls Scalar's hosted services, and /docs must work with no network.
        agent: { disabled: true },
      }),
    );
    const page = await docsPage;
    return (await page(c, async () => {})) ?? c.notFound();
  });
  app.get(
    "/docs/favicon.svg",
    () =>
      new Response(FAVICON, {
        headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" },
      }),
  );
  app.get("/docs/scalar.js", () => {
    const bundle = scalarBundle();
    if (!bundle) return new Response("Scalar bundle not found; run npm run build", { status: 404 });
    return new Response(new Uint8Array(bundle), {
      headers: { "content-type": "application/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
    });
  });
}
