import { afterEach, describe, expect, it } from "vitest";
import { createApp, packagedSources } from "./app.js";
import { validateOptions } from "./config.js";
import { compilePackagedContent, type PackagedContent, trustedPackagedContent } from "./packaged-content.js";
import { defaultScenariosDir, readScenarioDir } from "./scenarios/files.js";

/** What scripts/build.mjs defines in the Node bundles; under vitest a test sets it as the global it reads. */
const BUILD_GLOBAL = "__BSS_PACKAGED_CONTENT__";
const globals = globalThis as Record<string, unknown>;

afterEach(() => {
  delete globals[BUILD_GLOBAL];
});

describe("packaged content (validated and compiled at build time)", () => {
  it("should come through JSON unchanged: no undefined, Date or class in the validated fixtures", () => {
    const { files, fixtures, organisations } = compilePackagedContent();
    expect(JSON.parse(JSON.stringify({ files, fixtures, organisations }))).toStrictEqual({
      files,
      fixtures,
      organisations,
    });
  });

  it("should name every packaged scenario file and compile each one with its path as the source", () => {
    const compiled = JSON.stringify(compilePackagedContent());
    const trusted = trustedPackagedContent(compiled) as PackagedContent;
    const files = readScenarioDir(defaultScenariosDir());
    expect(trusted.scenarios.map((scenario) => scenario.source)).toEqual(files.map((file) => file.source));
    expect(Object.keys(trusted.files).filter((path) => path.startsWith("scenarios/"))).toHaveLength(files.length);
  });

  it("should not be used when a packaged file is not the one the build saw (changed, added or removed)", () => {
    const content = compilePackagedContent();
    const changed = { ...content, files: { ...content.files, "fixtures/goals.json": "{}" } };
    const added = { ...content, files: { ...content.files, "scenarios/new.json": "{}" } };
    const { "scenarios/flaky.json": _, ...fewer } = content.files;
    expect(trustedPackagedContent(JSON.stringify(content))).toBeDefined();
    expect(trustedPackagedContent(JSON.stringify(changed))).toBeUndefined();
    expect(trustedPackagedContent(JSON.stringify(added))).toBeUndefined();
    expect(trustedPackagedContent(JSON.stringify({ ...content, files: fewer }))).toBeUndefined();
  });

  it("should give a mock that answers exactly like one that validated the files at start", async () => {
    const options = { quiet: true, clock: "manual", journalSize: 0 } as const;
    const fromFiles = createApp(options);
    globals[BUILD_GLOBAL] = JSON.stringify(compilePackagedContent());
    const sources = packagedSources(validateOptions(options));
    expect(sources.scenarios?.length).toBeGreaterThan(0);
    expect(sources.scenarioFiles).toEqual([]);
    const fromBuild = createApp(options);
    const paths = [
      "/v1/user-models",
      "/v1/simulations?limit=100",
      "/v1/projects",
      "/v1/contexts",
      "/v1/simulation-schema?mode=research",
      "/v1/simulation-schema?mode=research&goal=concept_test",
      "/__mock",
      "/__mock/scenarios",
    ];
    for (const auth of [undefined, "Bearer someone@acme"]) {
      for (const path of paths) {
        const init = auth ? { headers: { authorization: auth } } : {};
        const [a, b] = await Promise.all(
          [fromFiles, fromBuild].map(async (app) => {
            const response = await app.fetch(new Request(`http://mock.test${path}`, init));
            return `${response.status} ${await response.text()}`;
          }),
        );
        expect(b, path).toBe(a);
        expect(a?.startsWith("200 "), path).toBe(true);
      }
    }
    fromFiles.close();
    fromBuild.close();
  });

  it("should still validate a user's --fixtures folder when the packaged content is trusted", () => {
    globals[BUILD_GLOBAL] = JSON.stringify(compilePackagedContent());
    expect(() => createApp({ quiet: true, fixtures: "/nonexistent/bss-mock-fixtures" })).toThrow(/does not exist/);
  });
});
