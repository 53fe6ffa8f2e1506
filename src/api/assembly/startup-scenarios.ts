import { didYouMean } from "../../platform/nearest.js";
import { type MockOptions, optionError } from "../config/options.js";
import { type CompiledScenario, type CompileEnv, compileScenario, ScenarioCatalogue } from "../scenarios/catalogue.js";
import { answerPreparer, scenarioOperations } from "../scenarios/edge.js";
import { operations } from "./operations.js";

export interface ScenarioFile {
  /** Where it came from, as error messages name it (a file path). */
  readonly source: string;
  /** The parsed JSON. */
  readonly raw: unknown;
}

/** What scenarios are checked against: the API's operations and the mock's own answer builders. */
export const scenarioCompileEnv: CompileEnv = {
  operations: scenarioOperations(operations),
  prepareAnswer: answerPreparer(operations),
};

/**
 * Compiles the scenario files into a catalogue after those compiled already; the first bad file stops the start (its
 * error names the field).
 */
export function scenarioCatalogue(
  files: readonly ScenarioFile[],
  compiled: readonly CompiledScenario[] = [],
): ScenarioCatalogue {
  return new ScenarioCatalogue([
    ...compiled,
    ...files.map((file) => compileScenario(file.raw, file.source, scenarioCompileEnv)),
  ]);
}

/**
 * The start-up scenarios: names, or scenarios written out in full (programmatic use). An unknown name is a usage
 * error naming the option, like a bad flag (`invalid scenarios 'nope'`; the command line says `--scenario`).
 */
export function startupScenarios(options: MockOptions, catalogue: ScenarioCatalogue): Array<string | CompiledScenario> {
  const unknown = options.scenarios.filter((item): item is string => typeof item === "string" && !catalogue.get(item));
  if (unknown.length > 0) {
    const known = catalogue.names().join(", ") || "(none)";
    const hint = unknown.length === 1 ? didYouMean(unknown[0] as string, catalogue.names()) : undefined;
    throw optionError(
      "scenarios",
      unknown.join(","),
      `no such scenario${hint ? ` (${hint})` : ""}; known scenarios: ${known}`,
    );
  }
  return options.scenarios.map((item, index) =>
    typeof item === "string" ? item : compileScenario(item, `scenarios option #${index + 1}`, scenarioCompileEnv),
  );
}
