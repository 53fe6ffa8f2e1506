import { isDirectory, joinPath, listFiles, packagePath, readTextFile } from "../platform/files.js";
import { parseKeepingKeyOrder } from "../world/key-order.js";
import { ScenarioError } from "./catalogue.js";

/** The scenario files of a folder, parsed: the packaged scenarios/ or a user's `--scenarios DIR`. */

export const SCENARIO_SCHEMA_FILE = "scenario.schema.json";

/** scenarios/ at the package root: the shipped scenarios. */
export function defaultScenariosDir(): string {
  return packagePath("scenarios");
}

/**
 * Every `*.json` of `dir` but the JSON Schema, in name order; a file that is not JSON names itself. An answer body
 * keeps the file's key order (parseKeepingKeyOrder).
 */
export function readScenarioDir(dir: string): Array<{ source: string; raw: unknown }> {
  if (!isDirectory(dir)) throw new ScenarioError(`scenarios directory ${dir} does not exist`);
  return listFiles(dir)
    .filter((name) => name.endsWith(".json") && name !== SCENARIO_SCHEMA_FILE)
    .map((name) => {
      const source = joinPath(dir, name);
      try {
        return { source, raw: parseKeepingKeyOrder(readTextFile(source)) };
      } catch (error) {
        throw new ScenarioError(`scenario ${source}: ${(error as Error).message}`);
      }
    });
}
