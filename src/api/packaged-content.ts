import { defaultFixturesDir, type FixtureFiles, readFixture, readFixtureFiles } from "../content/index.js";
import { fileExists, joinPath, listFiles, packagePath, readTextFile } from "../platform/files.js";
import { parseKeepingKeyOrder } from "../platform/key-order.js";
import { scenarioCompileEnv } from "./assembly/startup-scenarios.js";
import { type CompiledScenario, compileScenario } from "./scenarios/catalogue.js";
import { defaultScenariosDir, readScenarioDir, SCENARIO_SCHEMA_FILE } from "./scenarios/files.js";
import {
  demoOrganisationUserModelIds,
  type OrganisationFixtures,
  organisationFixtureSchemas,
} from "./seeding/organisation-fixtures.js";

/**
 * The packaged fixtures/ and scenarios/ as a start uses them, validated and compiled by `npm run build`
 * (scripts/build.mjs), which fails on a bad packaged file. Validating them with zod on every start slowed every
 * cold start; a start now only checks that the files are still the ones the build saw (their text) and
 * validates what a user gives (`--fixtures`, `--scenarios`) as before.
 */
export interface PackagedContent {
  /** The packaged files it was made from, package-relative path -> text (null: no such file). */
  readonly files: Readonly<Record<string, string | null>>;
  readonly fixtures: FixtureFiles;
  readonly organisations?: OrganisationFixtures;
  /** Compiled, `source` package-relative (a start makes it the file's path again). */
  readonly scenarios: readonly CompiledScenario[];
}

const FIXTURE_FILES = ["goals.json", "populations.json", "demo-world.json", "organisations.json"];

/** The text of every packaged file a start reads (fixtures that may be left out as null). */
function packagedFileTexts(): Record<string, string | null> {
  const texts: Record<string, string | null> = {};
  for (const name of FIXTURE_FILES) {
    const path = joinPath(defaultFixturesDir(), name);
    texts[`fixtures/${name}`] = fileExists(path) ? readTextFile(path) : null;
  }
  for (const name of listFiles(defaultScenariosDir())) {
    if (name.endsWith(".json") && name !== SCENARIO_SCHEMA_FILE) {
      texts[`scenarios/${name}`] = readTextFile(joinPath(defaultScenariosDir(), name));
    }
  }
  return texts;
}

/**
 * Reads the organisation fixtures of a fixtures folder, when it has them. A user model's `metadata` keeps the file's
 * key order (the schema's copy would list integer-like keys first), as the API keeps a client's (key-order.ts).
 */
export function readOrganisationFixtures(dir: string): OrganisationFixtures | undefined {
  const path = joinPath(dir, "organisations.json");
  if (!fileExists(path)) return undefined;
  const fixtures = readFixture(dir, "organisations.json", organisationFixtureSchemas().OrganisationFixturesSchema);
  type Sent = { user_models?: Array<{ metadata?: unknown }> } | undefined;
  const sent = parseKeepingKeyOrder(readTextFile(path)) as { demo?: Sent; organisations?: Record<string, Sent> };
  const keepOrder = (organisation: OrganisationFixtures["demo"], raw: Sent) => {
    organisation?.user_models.forEach((model, i) => {
      const metadata = raw?.user_models?.[i]?.metadata;
      if (metadata !== undefined) model.metadata = metadata as typeof model.metadata;
    });
  };
  keepOrder(fixtures.demo, sent.demo);
  for (const [key, organisation] of Object.entries(fixtures.organisations)) {
    keepOrder(organisation, sent.organisations?.[key]);
  }
  return fixtures;
}

/** Validates and compiles the packaged files (at build time); throws on the first bad one, naming file and field. */
export function compilePackagedContent(): PackagedContent {
  const files = packagedFileTexts();
  const scenariosDir = defaultScenariosDir();
  const organisations = readOrganisationFixtures(defaultFixturesDir());
  return {
    files,
    fixtures: readFixtureFiles(defaultFixturesDir(), demoOrganisationUserModelIds(organisations)),
    ...(organisations ? { organisations } : {}),
    scenarios: readScenarioDir(scenariosDir).map((file) => {
      const source = `scenarios/${file.source.slice(joinPath(scenariosDir, "").length)}`;
      return compileScenario(file.raw, source, scenarioCompileEnv);
    }),
  };
}

/**
 * The build's packaged content (`compiled`: its JSON), when the packaged files are still exactly those it was made
 * from; else undefined, and the caller validates the files as it would a user's.
 */
export function trustedPackagedContent(compiled: string | undefined): PackagedContent | undefined {
  if (compiled === undefined) return undefined;
  const content = JSON.parse(compiled) as PackagedContent;
  let now: Record<string, string | null>;
  try {
    now = packagedFileTexts();
  } catch {
    // A packaged folder gone or unreadable: the files are read as a user's are, and that error is the one shown.
    return undefined;
  }
  const paths = Object.keys(now);
  if (paths.length !== Object.keys(content.files).length) return undefined;
  for (const path of paths) if (content.files[path] !== now[path]) return undefined;
  return {
    ...content,
    scenarios: content.scenarios.map((scenario) => ({ ...scenario, source: packagePath(scenario.source) })),
  };
}
