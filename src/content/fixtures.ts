import { isDirectory } from "../platform/files.js";
import { PUBLIC, type World } from "../world/world.js";
import { type DemoWorld, loadDemoWorld } from "./demo-world-file.js";
import { defaultFixturesDir, FixtureError } from "./fixture-files.js";
import { type GoalCatalogue, loadGoals } from "./goals.js";
import { loadPopulationFixtures } from "./populations.js";

export interface Content {
  readonly goals: GoalCatalogue;
  /**
   * What the demo organisation starts with (validated here, built on the demo caller's first request). Optional so
   * services assembled by hand (unit tests) need not name it: none means an empty demo world.
   */
  readonly demoWorld?: DemoWorld;
}

/**
 * Loads and validates every fixture file of `dir` (the packaged fixtures/, or `--fixtures`): goals.json and
 * populations.json must be there, demo-world.json may be left out (the demo organisation then starts empty). Public
 * populations go into the world (same ids every start).
 */
export function loadFixtures(world: World, dir: string = defaultFixturesDir()): Content {
  if (!isDirectory(dir)) {
    throw new FixtureError(`fixtures directory ${dir} does not exist`);
  }
  const goals = loadGoals(dir);
  world.untracked(() => loadPopulationFixtures(world, dir));
  const populations = new Set(world.userModels.listBy("org", PUBLIC).map((model) => model.id));
  return { goals, demoWorld: loadDemoWorld(dir, goals, populations) };
}
