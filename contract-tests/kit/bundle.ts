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

let built: Promise<{ path: string; inputs: string[] }> | undefined;

function buildOnce() {
  built ??= (async () => {
    const outdir = mkdtempSync(join(tmpdir(), "bss-contract-bundle-"));
    const result = await build({
      ...contractBuildOptions(outdir),
      minify: false,
      sourcemap: false,
      logLevel: "error",
      metafile: true,
    });
    return { path: join(outdir, "contract.cjs"), inputs: Object.keys(result.metafile?.inputs ?? {}) };
  })();
  return built;
}

/** The path of a freshly built contract.cjs (built once per process). */
export async function contractBundle(): Promise<string> {
  return (await buildOnce()).path;
}

/** The source files the bundle was made from, relative to the repository. */
export async function bundleInputs(): Promise<string[]> {
  return (await buildOnce()).inputs;
}

/** Every test of the bundled suite with its rules, profile and needs. */
export async function listSuite(): Promise<ListedTest[]> {
  const bundle = createRequire(import.meta.url)(await contractBundle()) as { list(): Promise<ListedTest[]> };
  return bundle.list();
}
