import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../platform/package-root.js";
import { scenarioCatalogue } from "../assembly/startup-scenarios.js";
import { defaultScenariosDir, readScenarioDir, SCENARIO_SCHEMA_FILE } from "./files.js";
import { scenarioJsonSchema } from "./schema.js";

const schemaFile = join(packageRoot(), "scenarios", SCENARIO_SCHEMA_FILE);

describe("scenario files", () => {
  it("should match scenarios/scenario.schema.json, generated from the zod schema (regenerate: npx vitest run -u src/api/scenarios/schema.test.ts)", async () => {
    await expect(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`).toMatchFileSnapshot(schemaFile);
  });

  it("should ship scenarios that each name the schema and compile against the API", () => {
    const files = readScenarioDir(defaultScenariosDir());
    const catalogue = scenarioCatalogue(files);
    expect(catalogue.names()).toEqual([
      "fast-phases",
      "flaky",
      "planner-busy",
      "planning-fails",
      "rate-limited",
      "retest-fails",
      "run-fails",
      "server-error",
      "slow-network",
      "stuck-running",
      "survey-design-rejected",
      "synthesis-fails",
      "validation-errors",
    ]);
    for (const file of files) {
      expect((file.raw as { $schema?: string }).$schema).toBe("./scenario.schema.json");
      expect(file.source.endsWith(`${(file.raw as { name: string }).name}.json`)).toBe(true);
    }
  });

  it("should describe every shipped scenario in one line of docs/testing.md", () => {
    const readme = readFileSync(join(packageRoot(), "docs", "testing.md"), "utf8");
    for (const name of scenarioCatalogue(readScenarioDir(defaultScenariosDir())).names()) {
      expect(readme).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, "m"));
    }
  });
});
