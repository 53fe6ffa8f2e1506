import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type MockOptions, type MockOptionsInput, optionsSchema } from "./config.js";
import { defaultFixturesDir, readFixture } from "./content/fixture-files.js";
import { loadFixtures } from "./content/fixtures.js";
import { type CoreSources, type CreateAppState, createCore, type MockApp } from "./core.js";
import { packageRoot } from "./package-root.js";
import { defaultScenariosDir, readScenarioDir } from "./scenarios/files.js";
import { OrganisationFixturesSchema } from "./seeding/organisation-fixtures.js";

export { type CreateAppState, type MockApp, operations } from "./core.js";

/** The mock's outside inputs read from disk: fixtures, organisation fixtures, scenario files, the version. */
export function sourcesFromDisk(options: MockOptions): CoreSources {
  const fixtures = options.fixtures ?? defaultFixturesDir();
  const organisations = join(fixtures, "organisations.json");
  const manifest = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string };
  return {
    loadContent: (world) => loadFixtures(world, fixtures),
    organisationFixtures: existsSync(organisations)
      ? readFixture(fixtures, "organisations.json", OrganisationFixturesSchema)
      : undefined,
    scenarioFiles: [
      ...readScenarioDir(defaultScenariosDir()),
      ...(options.scenariosDir ? readScenarioDir(options.scenariosDir) : []),
    ],
    version: manifest.version,
  };
}

/** Builds the mock (node): options validated, inputs read from disk. It never listens: server.ts does. */
export function createApp(input: MockOptionsInput = {}, state: CreateAppState = {}): MockApp {
  const options = optionsSchema.parse(input);
  return createCore(options, sourcesFromDisk(options), state);
}
