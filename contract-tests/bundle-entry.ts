/**
 * The entry of dist/contract.cjs (scripts/contract-bundle.mjs): the runner, the rule catalogue and every contract
 * test file, with vitest's backend swapped for the runner's. `bss-mock contract` requires it and calls `run`.
 */
import { main } from "../src/contract/main.js";
import { SUITE_FILES } from "./suite.js";
import { isRuleId, ruleProfile, ruleSentences } from "./traceability/rules.js";

export function run(argv: readonly string[]): Promise<number> {
  return main(argv, {
    files: SUITE_FILES,
    catalogue: { has: isRuleId, sentences: ruleSentences, profile: ruleProfile },
  });
}
