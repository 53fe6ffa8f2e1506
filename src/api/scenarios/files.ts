import { fileExists, isDirectory, joinPath, listFiles, packagePath, readTextFile } from "../../platform/files.js";
import { jsonSyntaxError } from "../../platform/json-error.js";
import { parseKeepingKeyOrder } from "../../platform/key-order.js";
import { ScenarioError } from "./catalogue.js";

/** The scenario files of a folder, parsed: the packaged scenarios/ or a user's `--scenarios DIR`. */

export const SCENARIO_SCHEMA_FILE = "scenario.schema.json";

/** scenarios/ at the package root: the shipped scenarios. */
export function defaultScenariosDir(): string {
  return packagePath("scenarios");
}

/**
 * Every `*.json` of `dir` but the JSON Schema, in name order, or `dir` itself when it is one scenario file; a file that
 * is not JSON names itself and where it breaks (line and column). An answer body keeps the file's key order
 * (parseKeepingKeyOrder).
 */
export function readScenarioDir(dir: string): Array<{ source: string; raw: unknown }> {
  if (!isDirectory(dir)) {
    if (fileExists(dir)) return [readScenarioFile(dir)];
    throw new ScenarioError(`scenarios ${dir}: no such folder or file`);
  }
  return listFiles(dir)
    .filter((name) => name.endsWith(".json") && name !== SCENARIO_SCHEMA_FILE)
    .map((name) => readScenarioFile(joinPath(dir, name)));
}

function readScenarioFile(source: string): { source: string; raw: unknown } {
  let text: string;
  try {
    text = readTextFile(source);
  } catch (error) {
    throw new ScenarioError(`scenario ${source}: ${(error as Error).message}`);
  }
  try {
    return { source, raw: parseKeepingKeyOrder(text) };
  } catch (error) {
    throw new ScenarioError(`scenario ${source}: ${jsonSyntaxError(text, error)}`);
  }
}
