// The contract runner's bundle, dist/contract.cjs: the runner (src/contract), the contract test files and what they use
// (ajv, fast-check, @vitest/expect), so `bss-mock contract` runs from the installed package with no vitest or
// supertest. The test files import their framework from support/backend.ts (vitest's); this build puts the runner's
// src/contract/backend.ts in its place. Shared by scripts/build.mjs and the tests that build it.
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** @type {import("esbuild").Plugin} */
const runnerBackend = {
  name: "contract-runner-backend",
  setup(build) {
    build.onResolve({ filter: /\/backend\.js$/ }, (args) =>
      args.importer.includes("/contract-tests/support/") ? { path: `${root}src/contract/backend.ts` } : undefined,
    );
  },
};

/** esbuild options for dist/contract.cjs (`outdir` given by the caller). */
export function contractBuildOptions(outdir) {
  return {
    absWorkingDir: root,
    entryPoints: { contract: "contract-tests/bundle-entry.ts" },
    outdir,
    outExtension: { ".js": ".cjs" },
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    sourcemap: true,
    minify: true,
    legalComments: "linked",
    logLevel: "warning",
    plugins: [runnerBackend],
  };
}
