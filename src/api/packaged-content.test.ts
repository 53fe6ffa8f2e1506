import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultFixturesDir } from "../content/fixture-files.js";
import { createApp, packagedSources } from "./app.js";
import { validateOptions } from "./config/options.js";
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

  it("should answer under the shipped scenarios as it does from the files: a 422 echoing what was sent, a bare 500", async () => {
    const options = { quiet: true, clock: "manual", journalSize: 0 } as const;
    const fromFiles = createApp(options);
    globals[BUILD_GLOBAL] = JSON.stringify(compilePackagedContent());
    const fromBuild = createApp(options);
    const sent = { mode: "journey", inputs: { start_url: "https://x.example" }, user_model_ids: [] };
    const requests = () => [
      new Request("http://mock.test/v1/simulations", {
        method: "POST",
        headers: {
          authorization: "Bearer ve@v",
          "content-type": "application/json",
          "x-mock-scenario": "validation-errors",
        },
        body: JSON.stringify(sent),
      }),
      new Request("http://mock.test/v1/simulations", {
        headers: { origin: "http://localhost:5173", "x-mock-scenario": "server-error" },
      }),
    ];
    const answers = await Promise.all(
      [fromFiles, fromBuild].map(async (app) => {
        const seen = [];
        for (const request of requests()) {
          const response = await app.fetch(request);
          seen.push({ status: response.status, headers: [...response.headers], body: await response.text() });
        }
        return seen;
      }),
    );
    expect(answers[1]).toEqual(answers[0]);
    const [invalid, failed] = answers[1] as Array<{ status: number; headers: string[][]; body: string }>;
    expect(invalid?.status).toBe(422);
    expect(JSON.parse(invalid?.body as string).detail[0]).toMatchObject({ loc: ["body", "goal"], input: sent });
    expect(failed?.status).toBe(500);
    expect(failed?.headers.map(([name]) => name)).toEqual(["content-type"]);
    fromFiles.close();
    fromBuild.close();
  });

  it("should still validate a user's --fixtures folder when the packaged content is trusted", () => {
    globals[BUILD_GLOBAL] = JSON.stringify(compilePackagedContent());
    expect(() => createApp({ quiet: true, fixtures: "/nonexistent/bss-mock-fixtures" })).toThrow(/does not exist/);
  });
});

describe("a --fixtures folder's organisations.json", () => {
  it("should keep a user model's metadata in the file's key order, integer-like keys included", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bss-mock-org-fixtures-"));
    try {
      for (const file of ["goals.json", "populations.json", "demo-world.json"])
        copyFileSync(join(defaultFixturesDir(), file), join(dir, file));
      const organisations = readFileSync(join(defaultFixturesDir(), "organisations.json"), "utf8");
      const metadata = '{"country":"GB","2024":"wave 2","2023":"wave 1"}';
      const model = `{"key":"panel","name":"Panel","description":"Our panel","metadata":${metadata.replaceAll(",", ", ")},"created_at":"2025-01-01T00:00:00Z"}`;
      writeFileSync(
        join(dir, "organisations.json"),
        organisations.replace(/"organisations":\s*\{\s*\}/, `"organisations": {"acme": {"user_models": [${model}]}}`),
      );
      const mock = createApp({ quiet: true, fixtures: dir });
      const listed = await mock.fetch(
        new Request("http://mock/v1/user-models", { headers: { authorization: "ann@acme" } }),
      );
      expect(await listed.text()).toContain(`"metadata":${metadata}`);
      mock.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
