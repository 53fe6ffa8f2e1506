import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:browser`: the example page and the browser snippets of docs/testing.md in headless Chromium. Not part
// of `npm test`, which must pass on a machine without Chromium.
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["examples/browser/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
  },
});
