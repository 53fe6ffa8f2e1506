import { defaultFixturesDir } from "../content/index.js";
import { packagePath, readTextFile } from "../platform/files.js";
import { type CoreSources, type CreateAppState, createCore, type MockApp } from "./assembly/create-core.js";
import { type MockOptions, type MockOptionsInput, validateOptions } from "./config/options.js";
import { readOrganisationFixtures, trustedPackagedContent } from "./packaged-content.js";
import { defaultScenariosDir, readScenarioDir } from "./scenarios/files.js";
import { installFixtures, loadFixtures } from "./seeding/fixtures.js";
import { demoOrganisationUserModelIds } from "./seeding/organisation-fixtures.js";

export type { CreateAppState, MockApp, MockHandle } from "./assembly/create-core.js";

/**
 * The packaged fixtures and scenarios as `npm run build` validated and compiled them (scripts/build.mjs defines this
 * in the Node bundles); not defined under tests or in the browser bundle, which validate the files on every start.
 */
declare const __BSS_PACKAGED_CONTENT__: string | undefined;

/**
 * The mock's outside inputs, read through platform/files (the disk in Node, the files built into the browser bundle):
 * fixtures, organisation fixtures, the shipped and the user's scenario files, the package version.
 */
export function packagedSources(options: MockOptions): CoreSources {
  const manifest = JSON.parse(readTextFile(packagePath("package.json"))) as { version: string };
  const packaged = trustedPackagedContent(
    typeof __BSS_PACKAGED_CONTENT__ === "string" ? __BSS_PACKAGED_CONTENT__ : undefined,
  );
  // What a user gives (--fixtures, --scenarios) is validated on every start; the packaged files were at build time.
  const fixtures = options.fixtures ?? defaultFixturesDir();
  const trustedFixtures = packaged && options.fixtures === undefined ? packaged : undefined;
  const organisations = trustedFixtures ? trustedFixtures.organisations : readOrganisationFixtures(fixtures);
  return {
    loadContent: (world) =>
      trustedFixtures
        ? installFixtures(world, trustedFixtures.fixtures)
        : loadFixtures(world, fixtures, demoOrganisationUserModelIds(organisations)),
    organisationFixtures: organisations,
    ...(packaged ? { scenarios: packaged.scenarios } : {}),
    scenarioFiles: [
      ...(packaged ? [] : readScenarioDir(defaultScenariosDir())),
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
