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

type Operations = Record<string, Record<string, { operationId?: string }>>;

/** Names every operation as FastAPI would (see operation-ids.ts), in place. */
export function nameOperations(document: { paths?: unknown }, routes: readonly { method: string; path: string }[]) {
  const paths = (document.paths ?? {}) as Operations;
  for (const route of routes) {
    const operation = paths[route.path]?.[route.method];
    const id = operationIdOf(route);
    if (operation && id) operation.operationId = id;
  }
}
