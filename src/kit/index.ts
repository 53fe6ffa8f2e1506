// The contract kit's front door for the command line (src/kit/README.md); its runner is bundled from
// contract-tests/bundle-entry.ts.
export type { CompareHooks } from "./contract/compare.js";
export { CONTRACT_USAGE } from "./contract/usage.js";
export { CHECK_USAGE, PROXY_USAGE } from "./proxy/usage.js";
