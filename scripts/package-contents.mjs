// What the published package must and must not hold. Checked on `npm pack --dry-run` by
// scripts/package-contents.test.ts (in `npm test`) and on the real tarball by scripts/test-package.mjs.
import { readFileSync } from "node:fs";

/** Written by `prepack` (scripts/build-types.mjs), so present in a real pack, not in a dry run with --ignore-scripts. */
export const PACK_TIME_FILES = ["types/index.d.ts", "types/browser.d.ts", "types/client.d.ts"];

const REQUIRED = [
  "package.json",
  "README.md",
  "LICENSE",
  "dist/bss-mock.cjs",
  "dist/cli.cjs",
  "dist/cli.cjs.cache",
  "dist/index.js",
  "dist/client.js",
  // `bss-mock contract`: the runner and the contract suite, loaded only by that command.
  "dist/contract.cjs",
  // `bss-mock mcp`: the MCP server, loaded only by that command.
  "dist/mcp.cjs",
  "dist/bss-mock-compact-worker.js",
  "dist/public/scalar-standalone.js",
  // The dashboard's page script (/__mock/ui).
  "dist/public/ui.js",
  "fixtures/goals.json",
  "fixtures/populations.json",
  "fixtures/demo-world.json",
  "openapi/openapi.json",
  // The README's links: the docs by reader, and how the project is built.
  "docs/serving.md",
  "docs/decisions/README.md",
  "CONTRIBUTING.md",
  ...PACK_TIME_FILES,
];

const FORBIDDEN = [
  [/^src\//, "sources (the bundles in dist/ are what runs)"],
  [/(?<!\.d)\.[cm]?ts$/, "TypeScript sources, which cannot run or compile in the installed package"],
  [/\.test\./, "tests"],
  [/^(scripts|bench|contract-tests|\.ci|node_modules)\//, "development files"],
  // The contract runner reports a failure by rule, request and response, not by stack trace: its map (1.1 MB) is
  // for working on the suite, not for users.
  [/^dist\/contract\.cjs\.map$/, "the contract bundle's source map"],
  [
    /^(Dockerfile|\.dockerignore|tsconfig\.json|biome\.json|vitest\.config\.ts|package-lock\.json)$/,
    "development files",
  ],
];

/** Every path package.json points a user at (bin, main, types, exports), as a file path in the package. */
export function referencedFiles(manifest = JSON.parse(readFileSync("package.json", "utf8"))) {
  const paths = [manifest.main, manifest.types, ...Object.values(manifest.bin ?? {})];
  const walk = (value) => {
    if (typeof value === "string") paths.push(value);
    else if (value && typeof value === "object") for (const v of Object.values(value)) walk(v);
  };
  walk(manifest.exports);
  return paths.filter(Boolean).map((p) => p.replace(/^\.\//, ""));
}

/** Problems with a list of packed file paths (empty when the package is right). */
export function packageProblems(files, { packTimeFilesBuilt = true } = {}) {
  const present = new Set(files);
  const problems = [];
  const expected = new Set([...REQUIRED, ...referencedFiles()]);
  for (const file of expected) {
    if (!packTimeFilesBuilt && PACK_TIME_FILES.includes(file)) continue;
    if (!present.has(file)) problems.push(`missing ${file}`);
  }
  for (const file of files) {
    for (const [pattern, why] of FORBIDDEN) {
      if (pattern.test(file)) problems.push(`${file} should not be packed: ${why}`);
    }
  }
  return problems;
}
