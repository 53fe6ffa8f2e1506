/** The response conformance check lives in the package (src/kit/contract/document-check.ts): `bss-mock proxy` uses it too. */
export * from "../../src/kit/contract/document-check.js";
