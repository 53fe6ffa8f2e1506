// The contract runner's bundle, dist/contract.cjs: the runner (src/kit/contract), the contract test files and what they use
// (ajv, fast-check, @vitest/expect), so `bss-mock contract` runs from the installed package with no vitest or
// supertest. The test files import their framework from support/backend.ts (vitest's); this build puts the runner's
// src/kit/contract/backend.ts in its place. Shared by scripts/build.mjs and the tests that build it.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const vitestBackend = resolve(root, "contract-tests/support/backend.js");

/** @type {import("esbuild").Plugin} */
const runnerBackend = {
  name: "contract-runner-backend",
  setup(build) {
    // Whoever imports it (the harness, the target, a test file): vitest's backend is never bundled.
    build.onResolve({ filter: /\/backend\.js$/ }, (args) =>
      resolve(args.resolveDir, args.path) === vitestBackend
        ? { path: `${root}src/kit/contract/backend.ts` }
        : undefined,
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
    lineLimit: 160, // see scripts/build.mjs
    legalComments: "linked",
    logLevel: "warning",
    plugins: [runnerBackend],
  };
}
