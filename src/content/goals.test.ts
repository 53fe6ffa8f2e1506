import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../api/app.js";
import { FixtureError } from "./fixture-files.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function fixturesWithGoalInputs(properties: Record<string, unknown>): string {
  dir = mkdtempSync(join(tmpdir(), "bss-mock-goals-"));
  copyFileSync(new URL("../../fixtures/populations.json", import.meta.url), join(dir, "populations.json"));
  const goal = { id: "g", name: "G", description: "A goal", input_schema: { type: "object", properties } };
  writeFileSync(join(dir, "goals.json"), JSON.stringify({ research: [goal], journey: [] }));
  return dir;
}

describe("goals.json input schemas at start-up", () => {
  it("should refuse a keyword the mock cannot enforce, naming the file, the field and the keyword", () => {
    const fixtures = fixturesWithGoalInputs({ plan: { anyOf: [{ type: "string" }, { type: "integer" }] } });
    expect(() => createApp({ quiet: true, fixtures })).toThrow(FixtureError);
    expect(() => createApp({ quiet: true, fixtures })).toThrow(
      /^fixture .*goals\.json: field research\.0\.input_schema\.properties\.plan\.anyOf: JSON Schema keyword 'anyOf' is not supported/,
    );
  });

  it("should start with a schema that keeps to the subset", () => {
    const fixtures = fixturesWithGoalInputs({ n: { type: "integer", minimum: 0, description: "How many" } });
    const mock = createApp({ quiet: true, fixtures });
    mock.close();
  });
});
