import { defineConfig } from "vitest/config";

/**
 * The contract kit proving itself (`npm run test:kit`, run by CI after the build): the packaged `bss-mock contract`
 * against `bss-mock serve` in each profile, and profile spec against spec-valid variants of the mock behind a proxy
 * (which must pass) and broken ones (which must fail on their rule). Minutes, not seconds: kept out of `npm test`.
 */
export default defineConfig({
  test: {
    include: ["contract-tests/kit/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // Each file runs the whole suite several times against real servers; two at once keep a 2-core machine busy.
    maxWorkers: 2,
    // Runs within a file overlap (each waits on its own processes): three at a time.
    maxConcurrency: 3,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
