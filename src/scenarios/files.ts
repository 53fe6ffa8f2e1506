import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../package-root.js";
import { ScenarioError } from "./catalogue.js";

/** Node only: the scenario files of a folder, parsed (the browser bundle passes its scenarios in memory). */

export const SCENARIO_SCHEMA_FILE = "scenario.schema.json";

/** scenarios/ at the package root: the shipped scenarios. */
export function defaultScenariosDir(): string {
  return join(packageRoot(), "scenarios");
}

/** Every `*.json` of `dir` but the JSON Schema, in name order; a file that is not JSON names itself. */
export function readScenarioDir(dir: string): Array<{ source: string; raw: unknown }> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ScenarioError(`scenarios directory ${dir} does not exist`);
  }
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json") && name !== SCENARIO_SCHEMA_FILE)
    .sort()
    .map((name) => {
      const source = join(dir, name);
      try {
        return { source, raw: JSON.parse(readFileSync(source, "utf8")) as unknown };
      } catch (error) {
        throw new ScenarioError(`scenario ${source}: ${(error as Error).message}`);
      }
    });
}
