/**
 * The entry of dist/contract.cjs (scripts/contract-bundle.mjs): the runner, the rule catalogue and every contract
 * test file, with vitest's backend swapped for the runner's. `bss-mock contract` requires it and calls `run`;
 * `bss-mock proxy` and `check` call `proxy` and `check`, which judge traffic by the same catalogue.
 */
import document from "../openapi/openapi.json" with { type: "json" };
import manifest from "../package.json" with { type: "json" };
import type { CompareHooks } from "../src/kit/contract/compare.js";
import { main } from "../src/kit/contract/main.js";
import { loadFiles, testsOf } from "../src/kit/contract/registry.js";
import { check as checkMain, proxy as proxyMain } from "../src/kit/proxy/main.js";
import { SUITE_FILES } from "./suite.js";
import { allRuleIds, isRuleId, ruleProfile, ruleSentences } from "./traceability/rules.js";

export function run(argv: readonly string[], hooks?: CompareHooks): Promise<number> {
  return main(
    argv,
    {
      files: SUITE_FILES,
      catalogue: { has: isRuleId, ids: allRuleIds, sentences: ruleSentences, profile: ruleProfile },
    },
    undefined,
    hooks,
  );
}

/** What `bss-mock proxy` and `check` judge by: the same rule catalogue, and the package's document and version. */
export const PROXY_CATALOGUE = { has: isRuleId, sentences: ruleSentences, document, version: manifest.version };

export function proxy(argv: readonly string[]): Promise<number> {
  return proxyMain(argv, PROXY_CATALOGUE);
}

export function check(argv: readonly string[]): Promise<number> {
  return checkMain(argv, PROXY_CATALOGUE);
}

/** Every test of the suite with its rule ids, profile and needs (for traceability checks and `--list`). */
export async function list() {
  const files = await loadFiles(SUITE_FILES);
  return files.flatMap(testsOf).map((test) => ({
    file: test.file,
    path: test.path,
    name: test.name,
    rules: test.meta.rules,
    profile: test.meta.profile,
    needs: test.meta.needs,
    readOnly: test.meta.readOnly,
  }));
}
