import { type MockOptions, type MockOptionsInput, validateOptions } from "./config.js";
import { defaultFixturesDir, readFixture } from "./content/fixture-files.js";
import { loadFixtures } from "./content/fixtures.js";
import { type CoreSources, type CreateAppState, createCore, type MockApp } from "./core.js";
import { fileExists, joinPath, packagePath, readTextFile } from "./platform/files.js";
import { defaultScenariosDir, readScenarioDir } from "./scenarios/files.js";
import { OrganisationFixturesSchema } from "./seeding/organisation-fixtures.js";

export { type CreateAppState, type MockApp, type MockHandle, operations } from "./core.js";

/**
 * The mock's outside inputs, read through platform/files (the disk in Node, the files built into the browser bundle):
 * fixtures, organisation fixtures, the shipped and the user's scenario files, the package version.
 */
export function packagedSources(options: MockOptions): CoreSources {
  const fixtures = options.fixtures ?? defaultFixturesDir();
  const manifest = JSON.parse(readTextFile(packagePath("package.json"))) as { version: string };
  return {
    loadContent: (world) => loadFixtures(world, fixtures),
    organisationFixtures: fileExists(joinPath(fixtures, "organisations.json"))
      ? readFixture(fixtures, "organisations.json", OrganisationFixturesSchema)
      : undefined,
    scenarioFiles: [
      ...readScenarioDir(defaultScenariosDir()),
      ...(options.scenariosDir ? readScenarioDir(options.scenariosDir) : []),
    ],
    version: manifest.version,
  };
}

/**
 * Builds the mock: options checked by the command line's schema (the same one-line errors), its inputs read. It
 * never listens: server.ts does, tests call `fetch`.
 */
export function createApp(input: MockOptionsInput = {}, state: CreateAppState = {}): MockApp {
  const options = validateOptions(input);
  return createCore(options, packagedSources(options), state);
}
