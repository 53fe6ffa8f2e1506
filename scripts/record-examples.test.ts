import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/index.js";
import { EXAMPLES_FILE, examplesText, recordExamples } from "./record-examples.mjs";

describe("the OpenAPI document's examples", () => {
  it("should be what the mock answers now (run `npm run openapi` when this fails)", async () => {
    expect(readFileSync(EXAMPLES_FILE, "utf8")).toBe(examplesText(await recordExamples(createApp)));
  });
});
