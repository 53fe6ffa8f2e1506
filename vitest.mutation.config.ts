import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * The tests Stryker runs for each mutant (`npm run mutation`): unit tests and the contract suite against the in-process
 * mock. Left out: the fuzzing (hundreds of requests per run, seeded to the unmutated mock's answers) and the suite's
 * bookkeeping, which covers no mock code.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        "contract-tests/kit/**",
        "contract-tests/traceability/**",
        "contract-tests/fuzz.test.ts",
        "node_modules/**",
      ],
    },
  }),
);
