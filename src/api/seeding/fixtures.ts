import { type Content, defaultFixturesDir, type FixtureFiles, readFixtureFiles } from "../../content/index.js";
import type { World } from "../../store/index.js";
import { installPopulationFixtures } from "./public-populations.js";

/** Puts validated fixtures' public populations into the world (same ids every start) and returns the rest. */
export function installFixtures(world: World, files: FixtureFiles): Content {
  world.untracked(() => installPopulationFixtures(world, files.populations));
  return { goals: files.goals, demoWorld: files.demoWorld };
}

/** Reads, validates and installs the fixtures of `dir`. */
export function loadFixtures(
  world: World,
  dir: string = defaultFixturesDir(),
  organisationModels: ReadonlySet<string> = new Set(),
): Content {
  return installFixtures(world, readFixtureFiles(dir, organisationModels));
}
