/** The response conformance check lives in the package (src/contract/document-check.ts): `bss-mock proxy` uses it too. */
export * from "../../src/contract/document-check.js";
