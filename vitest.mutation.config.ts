import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * The tests Stryker runs for each mutant (`npm run mutation`), chosen per scope by BSS_MUTATION:
 * - domain: the unit tests and the contract files that drive the spec's rules through the domain;
 * - edge: the unit tests and the contract files about the HTTP layer (validation, routing, bodies).
 * Left out of both: the fuzzing (hundreds of requests per run), the suite's bookkeeping, the 1 GiB upload streams,
 * the determinism replay and the share page's HTML: minutes per mutant for little the others do not check.
 */
const contract = (names: string[]) => names.map((name) => `contract-tests/${name}.test.ts`);
const units = [
  "src/api/domain/**/*.test.ts",
  "src/fastapi/**/*.test.ts",
  "src/content/**/*.test.ts",
  "src/api/clock/**/*.test.ts",
];
const scopes: Record<string, string[]> = {
  domain: [
    ...units,
    ...contract([
      "authentication/callers",
      "contexts/contexts",
      "projects-rounds/projects-and-rounds",
      "answers-predictions-populations/envelope-routes",
      "answers-predictions-populations/fields",
      "states/simulation-lifecycle",
      "mock-only/list-order",
      "contexts/project-context",
      "projects-rounds/round-synthesis",
      "versioning/versioning",
      "authentication/scopes",
      "simulations/simulations",
      "survey-design/survey-design-rules",
      "survey-design/plan-from-design",
      "mock-only/demo-world",
    ]),
  ],
  edge: [
    ...units,
    ...contract([
      "validation-errors/validation-fidelity",
      "fastapi-fidelity/routing",
      "fastapi-fidelity/http-layer",
      "mock-only/robustness",
      "mock-only/cors-origins",
      "contexts/contexts",
      "simulations/simulations",
    ]),
  ],
};

// Not mergeConfig: it would add these lists to the base config's instead of replacing them.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: scopes[process.env.BSS_MUTATION ?? "domain"] ?? [],
    exclude: ["node_modules/**"],
  },
});
