import type { OpenAPIHono } from "@hono/zod-openapi";

type DocumentConfig = Parameters<OpenAPIHono["getOpenAPI31Document"]>[0];

import { operationIdOf } from "./operation-ids.js";

/** What the document says about the API as a whole (getOpenAPI31Document's configuration). */
export const DOCUMENT_CONFIG: DocumentConfig = {
  openapi: "3.1.0",
  info: {
    title: "Behaviour Simulation Service (bss-mock)",
    version: "1.0.0",
    description:
      "Mock of the Behaviour Simulation Service v1 API. Paths, status codes and FastAPI validation bodies follow the interface spec; see the README's Assumptions table for the mock's own choices.",
    license: { name: "MIT", url: "https://spdx.org/licenses/MIT.html" },
  },
  servers: [
    {
      url: "http://{host}:{port}",
      description: "bss-mock (`npx bss-mock`; `--host` and `--port` change where it listens)",
      variables: { host: { default: "127.0.0.1" }, port: { default: "4010" } },
    },
  ],
  // The header is optional (requests without it are the demo caller) unless the mock runs with --auth required.
  security: [{}, { bearerToken: [] }],
  tags: [
    { name: "user-models", description: "Simulated populations to run simulations with, and the goals of each mode" },
    {
      name: "simulations",
      description: "A simulation from a mode, a goal and user models: planned, then run, then completed with results",
    },
    { name: "projects", description: "Projects group simulations into rounds, with artefacts and a round synthesis" },
    { name: "contexts", description: "Product contexts a simulation is written for (own and organisation-wide)" },
    { name: "answers", description: "Answers to single questions (deprecated names of predictions and tests)" },
    { name: "predictions", description: "Predicted answer distributions for questions, one by one or in batches" },
    { name: "tests", description: "Predictions benchmarked against known answers" },
    { name: "populations", description: "Public populations and their retests against test batches" },
    { name: "mock", description: "Mock-only endpoints, not part of the real API" },
  ],
};

/** Registers what the document's operations refer to beyond their own schemas. */
export function registerDocumentComponents(app: OpenAPIHono) {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerToken", {
    type: "http",
    scheme: "bearer",
    description:
      "`authorization: Bearer <token>` (or the bare token). A token `user@org` is user `user` of organisation `org`; any other token is a user alone in an organisation of its own. Optional unless the mock runs with `--auth required`.",
  });
}

interface MediaType {
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType & { schema?: unknown }>;
}
interface OperationObject {
  operationId?: string;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, ResponseObject>;
}
type Operations = Record<string, Record<string, OperationObject>>;

interface RecordedExamples {
  request?: unknown;
  responses: Record<string, Record<string, unknown>>;
}

/**
 * What getOpenAPI31Document cannot say: operationIds, the answers the edge gives before or in place of a route's own
 * and the recorded examples, added in place.
 */
export function finishDocument(document: { paths?: unknown }, routes: readonly { method: string; path: string }[]) {
  nameOperations(document, routes);
  documentEdgeAnswers(document);
  attachExamples(document);
}

const HTTP_ERROR = { $ref: "#/components/schemas/HTTPError" };
const ENVELOPE_ERROR = { $ref: "#/components/schemas/EnvelopeError" };
const detailBody = (schema: unknown = HTTP_ERROR) => ({ "application/json": { schema } });

/**
 * The answers every operation can give besides its route's own, as FastAPI documents them with `responses=`: the
 * edge's (--auth required, the body limits, bodies in flight, a failed --db write) and the shipped scenarios'
 * (rate-limited, flaky, server-error). Without them a typed client took every error for the 422 body, and
 * `error.detail.map` compiled where a rate limit's `detail` is a string.
 */
function documentEdgeAnswers(document: { paths?: unknown }) {
  const paths = (document.paths ?? {}) as Operations;
  for (const [path, item] of Object.entries(paths)) {
    const api = path.startsWith("/v1/");
    if (!api && !path.startsWith("/__mock")) continue;
    for (const [method, operation] of Object.entries(item)) {
      operation.responses ??= {};
      const responses = operation.responses;
      const add = (status: number, response: ResponseObject) => {
        const own = responses[status];
        // A route's own answer with that status (the upload's 413 for a large file) keeps its body; the description
        // says both.
        responses[status] = own ? { ...own, description: `${own.description}; ${response.description}` } : response;
      };
      const hasBody = operation.requestBody !== undefined;
      // Envelope routes refuse in their envelope (a failed --db write too); the edge's own answers are `{"detail"}`.
      const envelope = JSON.stringify(responses).includes(ENVELOPE_ERROR.$ref);
      if (api && !path.startsWith("/v1/public/")) {
        add(401, {
          description: "Not authenticated: no authorization header while the mock runs with --auth required",
          headers: { "www-authenticate": { schema: { type: "string", const: "Bearer" } } },
          content: detailBody(),
        });
      }
      if (hasBody) {
        add(413, {
          description:
            path === "/v1/contexts"
              ? "A JSON body over 1 MiB, or contexts past --max-context-mb for the organisation"
              : "A JSON body over 1 MiB",
          content: detailBody(),
        });
      }
      if (api) {
        add(429, {
          description: "Too many requests (scenario rate-limited); Retry-After says when to try again",
          headers: { "retry-after": { schema: { type: "string" }, description: "Seconds to wait" } },
          content: detailBody(),
        });
        add(500, {
          description:
            "An unhandled error (scenario server-error), answered as Starlette does: plain text, no CORS headers",
          content: { "text/plain": { schema: { type: "string", const: "Internal Server Error" } } },
        });
      }
      if (api || hasBody || method !== "get") {
        add(503, {
          description:
            "Unavailable: scenario flaky, too many request bodies in flight, or a --db write that failed (nothing was changed)",
          content: detailBody(envelope ? { anyOf: [HTTP_ERROR, ENVELOPE_ERROR] } : HTTP_ERROR),
        });
      }
    }
  }
}

/** Names every operation as FastAPI would (see operation-ids.ts), in place. */
function nameOperations(document: { paths?: unknown }, routes: readonly { method: string; path: string }[]) {
  const paths = (document.paths ?? {}) as Operations;
  for (const route of routes) {
    const operation = paths[route.path]?.[route.method];
    const id = operationIdOf(route);
    if (operation && id) operation.operationId = id;
  }
}

/**
 * Puts the recorded examples (openapi-examples.json beside this file: answers of the mock itself, written by
 * scripts/record-examples.mjs) on the request and response bodies, so the docs page and code generators show real
 * values rather than "string".
 */
function attachExamples(document: { paths?: unknown }) {
  const paths = (document.paths ?? {}) as Operations;
  // Required here, not imported: the examples are read when a document is made (/openapi.json, /docs,
  // `bss-mock openapi`), not at every start. esbuild bundles the file as a module initialised on first require.
  const examples = require("./openapi-examples.json") as Record<string, RecordedExamples>;
  for (const [key, recorded] of Object.entries(examples)) {
    const [method, path] = key.split(" ") as [string, string];
    const operation = paths[path]?.[method];
    if (!operation) continue;
    const requestJson = operation.requestBody?.content?.["application/json"];
    if (requestJson && recorded.request !== undefined) requestJson.example = recorded.request;
    for (const [status, named] of Object.entries(recorded.responses)) {
      const responseJson = operation.responses?.[status]?.content?.["application/json"];
      if (!responseJson) continue;
      const entries = Object.entries(named);
      if (entries.length === 1 && entries[0]?.[0] === "example") responseJson.example = entries[0][1];
      else responseJson.examples = Object.fromEntries(entries.map(([name, value]) => [name, { value }]));
    }
  }
}
