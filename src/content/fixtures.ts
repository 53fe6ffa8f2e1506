import { isDirectory } from "../platform/files.js";
import { type DemoWorld, loadDemoWorld } from "./demo-world-file.js";
import { defaultFixturesDir, FixtureError } from "./fixture-files.js";
import { type GoalCatalogue, loadGoals } from "./goals.js";
import { type PopulationFixture, readPopulationFixtures } from "./populations.js";

export interface Content {
  readonly goals: GoalCatalogue;
  /**
   * What the demo organisation starts with (validated here, built on the demo caller's first request). Optional so
   * services assembled by hand (unit tests) need not name it: none means an empty demo world.
   */
  readonly demoWorld?: DemoWorld;
}

/** A fixtures folder as validated: plain JSON data, so the packaged folder's can be checked at build time. */
export interface FixtureFiles {
  readonly goals: GoalCatalogue;
  /** The public populations (the API makes their records, with stable ids). */
  readonly populations: readonly PopulationFixture[];
  readonly demoWorld: DemoWorld;
}

/**
 * Reads and validates every fixture file of `dir` (the packaged fixtures/, or `--fixtures`): goals.json and
 * populations.json must be there, demo-world.json may be left out (the demo organisation then starts empty).
 */
export function readFixtureFiles(
  dir: string = defaultFixturesDir(),
  organisationModels: ReadonlySet<string> = new Set(),
): FixtureFiles {
  if (!isDirectory(dir)) {
    throw new FixtureError(`fixtures directory ${dir} does not exist`);
  }
  const goals = loadGoals(dir);
  const populations = readPopulationFixtures(dir);
  // The public populations once installed are exactly the file's (others are removed): the demo world may name those,
  // and its batches the demo organisation's own user models (`organisationModels`, from organisations.json).
  const publicIds = new Set(populations.map((population) => population.id));
  const demoWorld = loadDemoWorld(dir, goals, publicIds, organisationModels);
  return { goals, populations, demoWorld };
}
