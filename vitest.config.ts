import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "contract-tests/**/*.test.ts"],
    // The kit's runs over HTTP (each profile, the fairness variants) take minutes: `npm run test:kit`, called by CI.
    exclude: ["contract-tests/kit/**", "node_modules/**"],
    environment: "node",
    // Contract tests are HTTP-only and isolate themselves with fresh caller tokens, so files can run in parallel.
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Most files wait on servers,
    // child processes and clocks, so two at once keep both cores busy.
    maxWorkers: 2,
    testTimeout: 15_000,
    // The same property-test cases on every run (FC_SEED draws others): vitest.setup.ts.
    setupFiles: ["vitest.setup.ts"],
    tags: [
      { name: "spec", description: "Asserts what the interface spec states; runs against any implementation" },
      {
        name: "fastapi",
        description:
          "Asserts what FastAPI + Pydantic v2 answer where the spec is silent (docs/decisions/fastapi-behaviour.md)",
      },
      { name: "mock", description: "Asserts a choice of docs/decisions/mock-choices.md; runs only against the mock" },
    ],
  },
});
