import type { SuiteFile } from "../src/kit/contract/registry.js";

/**
 * The contract test files, in the order the bundled runner loads them (vitest finds them by itself), grouped in
 * folders by the spec's sections (the profile is told by each test's tags, not by its folder).
 * traceability/traceability.test.ts fails when a *.test.ts file of these folders is missing here.
 */
export const SUITE_FILES: readonly SuiteFile[] = [
  {
    name: "answers-predictions-populations/envelope-routes.test.ts",
    load: () => import("./answers-predictions-populations/envelope-routes.test.js"),
  },
  {
    name: "answers-predictions-populations/fields.test.ts",
    load: () => import("./answers-predictions-populations/fields.test.js"),
  },
  {
    name: "answers-predictions-populations/population-retests.test.ts",
    load: () => import("./answers-predictions-populations/population-retests.test.js"),
  },
  {
    name: "authentication/authorization-header.test.ts",
    load: () => import("./authentication/authorization-header.test.js"),
  },
  { name: "authentication/callers.test.ts", load: () => import("./authentication/callers.test.js") },
  {
    name: "authentication/project-visibility.test.ts",
    load: () => import("./authentication/project-visibility.test.js"),
  },
  { name: "authentication/scopes.test.ts", load: () => import("./authentication/scopes.test.js") },
  { name: "contexts/contexts.test.ts", load: () => import("./contexts/contexts.test.js") },
  { name: "contexts/project-context.test.ts", load: () => import("./contexts/project-context.test.js") },
  { name: "errors/fuzz.test.ts", load: () => import("./errors/fuzz.test.js") },
  { name: "errors/response-conformance.test.ts", load: () => import("./errors/response-conformance.test.js") },
  { name: "fastapi-fidelity/body-depth.test.ts", load: () => import("./fastapi-fidelity/body-depth.test.js") },
  {
    name: "fastapi-fidelity/cors-middleware.test.ts",
    load: () => import("./fastapi-fidelity/cors-middleware.test.js"),
  },
  { name: "fastapi-fidelity/http-layer.test.ts", load: () => import("./fastapi-fidelity/http-layer.test.js") },
  { name: "fastapi-fidelity/key-order.test.ts", load: () => import("./fastapi-fidelity/key-order.test.js") },
  { name: "fastapi-fidelity/request-origin.test.ts", load: () => import("./fastapi-fidelity/request-origin.test.js") },
  { name: "fastapi-fidelity/routing.test.ts", load: () => import("./fastapi-fidelity/routing.test.js") },
  { name: "limits/limits.test.ts", load: () => import("./limits/limits.test.js") },
  { name: "limits/stored-limits.test.ts", load: () => import("./limits/stored-limits.test.js") },
  { name: "mock-only/clock.test.ts", load: () => import("./mock-only/clock.test.js") },
  { name: "mock-only/control-api.test.ts", load: () => import("./mock-only/control-api.test.js") },
  { name: "mock-only/cors-origins.test.ts", load: () => import("./mock-only/cors-origins.test.js") },
  { name: "mock-only/coverage.test.ts", load: () => import("./mock-only/coverage.test.js") },
  { name: "mock-only/dashboard.test.ts", load: () => import("./mock-only/dashboard.test.js") },
  { name: "mock-only/default-context.test.ts", load: () => import("./mock-only/default-context.test.js") },
  { name: "mock-only/demo-world.test.ts", load: () => import("./mock-only/demo-world.test.js") },
  { name: "mock-only/determinism.test.ts", load: () => import("./mock-only/determinism.test.js") },
  { name: "mock-only/docs-server.test.ts", load: () => import("./mock-only/docs-server.test.js") },
  {
    name: "mock-only/generated-content-edges.test.ts",
    load: () => import("./mock-only/generated-content-edges.test.js"),
  },
  { name: "mock-only/generated-wording.test.ts", load: () => import("./mock-only/generated-wording.test.js") },
  { name: "mock-only/journal.test.ts", load: () => import("./mock-only/journal.test.js") },
  { name: "mock-only/journey-content.test.ts", load: () => import("./mock-only/journey-content.test.js") },
  { name: "mock-only/journey-device.test.ts", load: () => import("./mock-only/journey-device.test.js") },
  { name: "mock-only/list-order.test.ts", load: () => import("./mock-only/list-order.test.js") },
  { name: "mock-only/org-model-test-dates.test.ts", load: () => import("./mock-only/org-model-test-dates.test.js") },
  { name: "mock-only/prediction-grounding.test.ts", load: () => import("./mock-only/prediction-grounding.test.js") },
  { name: "mock-only/report-reader-check.test.ts", load: () => import("./mock-only/report-reader-check.test.js") },
  { name: "mock-only/robustness.test.ts", load: () => import("./mock-only/robustness.test.js") },
  {
    name: "mock-only/scenario-header-release.test.ts",
    load: () => import("./mock-only/scenario-header-release.test.js"),
  },
  { name: "mock-only/scenarios.test.ts", load: () => import("./mock-only/scenarios.test.js") },
  { name: "mock-only/share-page.test.ts", load: () => import("./mock-only/share-page.test.js") },
  { name: "plan/plan-edits.test.ts", load: () => import("./plan/plan-edits.test.js") },
  {
    name: "projects-rounds/projects-and-rounds.test.ts",
    load: () => import("./projects-rounds/projects-and-rounds.test.js"),
  },
  { name: "projects-rounds/round-synthesis.test.ts", load: () => import("./projects-rounds/round-synthesis.test.js") },
  {
    name: "projects-rounds/synthesis-staleness.test.ts",
    load: () => import("./projects-rounds/synthesis-staleness.test.js"),
  },
  { name: "simulations/goal-input-schemas.test.ts", load: () => import("./simulations/goal-input-schemas.test.js") },
  { name: "simulations/simulations.test.ts", load: () => import("./simulations/simulations.test.js") },
  { name: "states/simulation-lifecycle.test.ts", load: () => import("./states/simulation-lifecycle.test.js") },
  { name: "survey-design/plan-from-design.test.ts", load: () => import("./survey-design/plan-from-design.test.js") },
  {
    name: "survey-design/survey-design-rules.test.ts",
    load: () => import("./survey-design/survey-design-rules.test.js"),
  },
  { name: "user-models/simulation-schema.test.ts", load: () => import("./user-models/simulation-schema.test.js") },
  {
    name: "validation-errors/validation-fidelity.test.ts",
    load: () => import("./validation-errors/validation-fidelity.test.js"),
  },
  { name: "versioning/versioning.test.ts", load: () => import("./versioning/versioning.test.js") },
];
