/**
 * Builds the runner's bundle (dist/contract.cjs as scripts/build.mjs makes it, into a temporary folder) for tests of
 * the kit itself: the traceability checks list its tests, and the HTTP runs execute it as `bss-mock contract` does.
 */
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { contractBuildOptions } from "../../scripts/contract-bundle.mjs";

export interface ListedTest {
  file: string;
  path: string[];
  name: string;
  rules: string[];
  profile: "spec" | "fastapi" | "mock";
  needs: string[];
  readOnly: boolean;
}

let built: Promise<string> | undefined;

/** The path of a freshly built contract.cjs (built once per process). */
export function contractBundle(): Promise<string> {
  built ??= (async () => {
    const outdir = mkdtempSync(join(tmpdir(), "bss-contract-bundle-"));
    await build({ ...contractBuildOptions(outdir), minify: false, sourcemap: false, logLevel: "error" });
    return join(outdir, "contract.cjs");
  })();
  return built;
}

/** Every test of the bundled suite with its rules, profile and needs. */
export async function listSuite(): Promise<ListedTest[]> {
  const bundle = createRequire(import.meta.url)(await contractBundle()) as { list(): Promise<ListedTest[]> };
  return bundle.list();
}
