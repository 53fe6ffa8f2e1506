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
interface OperationObject {
  operationId?: string;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
type Operations = Record<string, Record<string, OperationObject>>;

interface RecordedExamples {
  request?: unknown;
  responses: Record<string, Record<string, unknown>>;
}

/** What getOpenAPI31Document cannot say: operationIds and the recorded examples, added in place. */
export function finishDocument(document: { paths?: unknown }, routes: readonly { method: string; path: string }[]) {
  nameOperations(document, routes);
  attachExamples(document);
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
  // Required here, not imported: the ~80 KB of examples are read when a document is made (/openapi.json, /docs,
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
