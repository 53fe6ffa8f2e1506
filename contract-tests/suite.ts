import type { SuiteFile } from "../src/contract/registry.js";

/**
 * The contract test files, in the order the bundled runner loads them (vitest finds them by itself).
 * traceability/traceability.test.ts fails when a *.test.ts file of this folder is missing here.
 */
export const SUITE_FILES: readonly SuiteFile[] = [
  { name: "authorization-header.test.ts", load: () => import("./authorization-header.test.js") },
  { name: "callers.test.ts", load: () => import("./callers.test.js") },
  { name: "clock-until.test.ts", load: () => import("./clock-until.test.js") },
  { name: "contexts.test.ts", load: () => import("./contexts.test.js") },
  { name: "content-edges.test.ts", load: () => import("./content-edges.test.js") },
  { name: "control-api.test.ts", load: () => import("./control-api.test.js") },
  { name: "cors.test.ts", load: () => import("./cors.test.js") },
  { name: "create-names.test.ts", load: () => import("./create-names.test.js") },
  { name: "demo-world.test.ts", load: () => import("./demo-world.test.js") },
  { name: "determinism.test.ts", load: () => import("./determinism.test.js") },
  { name: "envelope.test.ts", load: () => import("./envelope.test.js") },
  { name: "fields.test.ts", load: () => import("./fields.test.js") },
  { name: "fuzz.test.ts", load: () => import("./fuzz.test.js") },
  { name: "goal-input-schemas.test.ts", load: () => import("./goal-input-schemas.test.js") },
  { name: "http-layer.test.ts", load: () => import("./http-layer.test.js") },
  { name: "lifecycle.test.ts", load: () => import("./lifecycle.test.js") },
  { name: "limits.test.ts", load: () => import("./limits.test.js") },
  { name: "list-order.test.ts", load: () => import("./list-order.test.js") },
  { name: "plan-edits.test.ts", load: () => import("./plan-edits.test.js") },
  { name: "project-context.test.ts", load: () => import("./project-context.test.js") },
  { name: "project-rules.test.ts", load: () => import("./project-rules.test.js") },
  { name: "projects.test.ts", load: () => import("./projects.test.js") },
  { name: "readers-check.test.ts", load: () => import("./readers-check.test.js") },
  { name: "response-conformance.test.ts", load: () => import("./response-conformance.test.js") },
  { name: "robustness.test.ts", load: () => import("./robustness.test.js") },
  { name: "rounds-synthesis.test.ts", load: () => import("./rounds-synthesis.test.js") },
  { name: "routing.test.ts", load: () => import("./routing.test.js") },
  { name: "scenarios.test.ts", load: () => import("./scenarios.test.js") },
  { name: "service-rules.test.ts", load: () => import("./service-rules.test.js") },
  { name: "share-page.test.ts", load: () => import("./share-page.test.js") },
  { name: "simulations.test.ts", load: () => import("./simulations.test.js") },
  { name: "states.test.ts", load: () => import("./states.test.js") },
  { name: "survey-design-rules.test.ts", load: () => import("./survey-design-rules.test.js") },
  { name: "survey-design.test.ts", load: () => import("./survey-design.test.js") },
  { name: "synthesis-staleness.test.ts", load: () => import("./synthesis-staleness.test.js") },
  { name: "validation-fidelity.test.ts", load: () => import("./validation-fidelity.test.js") },
];
