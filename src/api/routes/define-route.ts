import type { RouteConfig } from "@hono/zod-openapi";
import { onFirstUse } from "../../content/index.js";

interface RouteSchemas {
  request?: () => RouteConfig["request"];
  responses: () => RouteConfig["responses"];
}

type Built<S extends RouteSchemas> = { [K in keyof S]: S[K] extends () => infer T ? T : never };

/**
 * A route whose method, path and words are there at start (the app registers its handler with them) and whose
 * `request` and `responses` are each built on first read: the request by the route's first request or the OpenAPI
 * document, the responses by the document only. Building every route's zod schemas at start would slow every
 * cold start. The route is typed as createRoute's object, so a handler's input is inferred from the same
 * schemas as before.
 */
export function defineRoute<
  P extends string,
  R extends Omit<RouteConfig, "path" | "request" | "responses"> & { path: P },
  S extends RouteSchemas,
>(route: R, schemas: S): R & Built<S> {
  // Getters, not a spread (createRoute spreads): zod-to-openapi reads them as it builds the document.
  const properties: PropertyDescriptorMap = {};
  for (const [key, build] of Object.entries(schemas)) properties[key] = { get: onFirstUse(build), enumerable: true };
  return Object.defineProperties(route, properties) as R & Built<S>;
}
