import type { World } from "../world/world.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { type GoalCatalogue, loadGoals } from "./goals.js";
import { loadPopulationFixtures } from "./populations.js";

export interface Content {
  readonly goals: GoalCatalogue;
}

/** Loads and validates every fixture file; public populations go into the world (same ids every start). */
export function loadFixtures(world: World, dir: string = defaultFixturesDir()): Content {
  const goals = loadGoals(dir);
  world.untracked(() => loadPopulationFixtures(world, dir));
  return { goals };
}
