import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultFixturesDir, FixtureError } from "../../content/fixture-files.js";
import { orgPopulationKey, World } from "../../store/world.js";
import { createApp } from "../app.js";
import { parseServeOptions } from "../config/flags.js";
import { resolveCaller } from "../domain/callers.js";
import { readOrganisationFixtures } from "../packaged-content.js";
import { ensureDemoWorld } from "./demo-world.js";
import { loadFixtures as loadFixturesOnly } from "./fixtures.js";
import { demoOrganisationUserModelIds } from "./organisation-fixtures.js";

/** Loads a fixtures folder as a start does: the demo world may test the folder's demo organisation models. */
function loadFixtures(world: World, dir = defaultFixturesDir()) {
  return loadFixturesOnly(world, dir, demoOrganisationUserModelIds(readOrganisationFixtures(dir)));
}

const packaged = defaultFixturesDir();
const temps: string[] = [];

/** A --fixtures folder: the packaged goals and populations, and the demo world given (or none). */
function fixturesDir(demo?: (file: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "bss-mock-fixtures-"));
  temps.push(dir);
  for (const file of ["goals.json", "populations.json", "organisations.json"])
    copyFileSync(join(packaged, file), join(dir, file));
  if (demo) {
    const file = JSON.parse(readFileSync(join(packaged, "demo-world.json"), "utf8")) as Record<string, unknown>;
    demo(file);
    writeFileSync(join(dir, "demo-world.json"), JSON.stringify(file));
  }
  return dir;
}

// biome-ignore lint/suspicious/noExplicitAny: reaching into the parsed JSON of a test copy
type Json = any;

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("fixtures/demo-world.json", () => {
  it("validates against the packaged goals and populations", () => {
    const { demoWorld } = loadFixtures(new World(1));
    expect(demoWorld?.contexts.map((c) => c.name)).toEqual(["Weeknight", "Kontor"]);
    expect(demoWorld?.projects).toHaveLength(3);
    const statuses = new Set(
      [
        ...(demoWorld?.projects ?? []).flatMap((p) => p.rounds.flatMap((r) => r.simulations)),
        ...(demoWorld?.simulations ?? []),
      ].map((s) => s.status),
    );
    expect([...statuses].sort()).toEqual(["completed", "failed", "planned", "planning", "running"]);
  });

  it("names the file and the field of a broken copy", () => {
    const dir = fixturesDir((file: Json) => {
      file.projects[1].rounds[0].simulations[0].populations[0] = "00000000-0000-4000-8000-000000000000";
    });
    expect(() => loadFixtures(new World(1), dir)).toThrow(FixtureError);
    expect(() => loadFixtures(new World(1), dir)).toThrow(
      `fixture ${join(dir, "demo-world.json")}: field projects.1.rounds.0.simulations.0.populations.0: no public population 00000000-0000-4000-8000-000000000000 in populations.json`,
    );
  });

  it.each([
    [
      "inputs that do not fit the goal's input schema",
      (file: Json) => {
        delete file.projects[0].rounds[0].simulations[0].inputs.concept;
      },
      "field projects.0.rounds.0.simulations.0.inputs: Input 'concept' is required for goal 'concept_test'",
    ],
    [
      "an unknown goal",
      (file: Json) => {
        file.simulations[0].goal = "nps";
      },
      "field simulations.0.goal: no research goal 'nps' in goals.json",
    ],
    [
      "a context key that is not defined",
      (file: Json) => {
        file.projects[2].context = "acme";
      },
      "field projects.2.context: no context with key 'acme'",
    ],
    [
      "a failed simulation without an error",
      (file: Json) => {
        file.projects[1].rounds[1].simulations[1].error = undefined;
      },
      "field projects.1.rounds.1.simulations.1.error: a failed simulation needs an error text",
    ],
    [
      "ground counts that do not match the options",
      (file: Json) => {
        file.batches[0].questions[1].ground_answer_counts = { Yes: 3 };
      },
      "field batches.0.questions.1.ground_answer_counts: keys must be exactly the answer options",
    ],
    [
      "a batch on a population that is neither public nor the demo organisation's",
      (file: Json) => {
        file.batches[3].population = "00000000-0000-4000-8000-000000000000";
      },
      "field batches.3.population: no public population 00000000-0000-4000-8000-000000000000 in populations.json nor demo organisation user model in organisations.json",
    ],
    [
      "a round before its project",
      (file: Json) => {
        file.projects[0].rounds[0].days_ago = 60;
      },
      "field projects.0.rounds.0.days_ago: a round cannot start before its project",
    ],
    [
      "an unknown field",
      (file: Json) => {
        file.contexts[0].colour = "green";
      },
      "field contexts.0: Unrecognized key",
    ],
  ])("refuses %s", (_, breakIt, message) => {
    const dir = fixturesDir(breakIt);
    expect(() => loadFixtures(new World(1), dir)).toThrow(message);
  });

  it("starts the demo organisation empty when a --fixtures folder has no demo-world.json", () => {
    const { demoWorld } = loadFixtures(new World(1), fixturesDir());
    expect(demoWorld).toEqual({ contexts: [], projects: [], simulations: [], batches: [] });
  });

  it("refuses a --fixtures folder that does not exist, or a missing goals.json", () => {
    expect(() => loadFixtures(new World(1), "/nonexistent/bss-mock-fixtures")).toThrow(
      "fixtures directory /nonexistent/bss-mock-fixtures does not exist",
    );
    const dir = fixturesDir();
    rmSync(join(dir, "goals.json"));
    expect(() => loadFixtures(new World(1), dir)).toThrow(`fixture ${join(dir, "goals.json")}: ENOENT`);
  });

  it("is read from --fixtures / BSS_MOCK_FIXTURES", () => {
    expect(parseServeOptions(["--fixtures", "my-fixtures"]).fixtures).toBe("my-fixtures");
    expect(parseServeOptions([], { BSS_MOCK_FIXTURES: "env-fixtures" }).fixtures).toBe("env-fixtures");
    expect(parseServeOptions([]).fixtures).toBeUndefined();
  });
});

describe("building the demo world", () => {
  function built(seed = 1) {
    const mock = createApp({ quiet: true, clock: "manual", seed });
    const { services } = mock;
    expect(
      ensureDemoWorld(
        services,
        services.content.demoWorld ?? { contexts: [], projects: [], simulations: [], batches: [] },
      ),
    ).toBe(true);
    const caller = resolveCaller(services, undefined);
    return { mock, services, caller };
  }

  it("puts every record in the demo organisation, all in the past or present", () => {
    const { services, caller } = built();
    const { world } = services;
    const simulations = world.simulations.listBy("owner", caller.id);
    expect(simulations).toHaveLength(16);
    expect(world.contexts.listBy("org", caller.orgId).filter((c) => c.fixture !== true)).toHaveLength(2);
    expect(world.projects.listBy("org", caller.orgId)).toHaveLength(3);
    expect(world.batches.listBy("org", caller.orgId).map((b) => b.kind)).toEqual([
      "answer",
      "answer",
      "prediction",
      "answer",
    ]);
    const now = new Date(services.clock.now()).toISOString();
    for (const simulation of simulations) {
      expect(simulation.created_at <= now).toBe(true);
      expect(simulation.updated_at <= now).toBe(true);
    }
    const failed = simulations.find((s) => s.status === "failed");
    expect(failed?.error).toMatch(/HTTP 503/);
    expect(failed?.started_at).not.toBeNull();
    // Only what is still planning or running waits on the mock's scheduler.
    const waiting = services.world.jobs.values();
    expect([...waiting].map((job) => job.kind).sort()).toEqual(["finish_planning", "finish_planning", "finish_run"]);
  });

  it("is built once: an organisation that holds anything is left alone", () => {
    const { services } = built();
    const before = services.world.simulations.size;
    expect(
      ensureDemoWorld(
        services,
        services.content.demoWorld ?? { contexts: [], projects: [], simulations: [], batches: [] },
      ),
    ).toBe(false);
    expect(services.world.simulations.size).toBe(before);
  });

  it("gives the same ids and timestamps for the same seed, other ids for another", () => {
    const ids = (seed: number) =>
      [...built(seed).services.world.simulations.values()].map((s) => `${s.id} ${s.created_at} ${s.updated_at}`);
    expect(ids(1)).toEqual(ids(1));
    expect(ids(2)).not.toEqual(ids(1));
  });
});

describe("the demo organisation's own user model (fixtures/organisations.json)", () => {
  it("reads tested on upload in its record, its test finished the realistic retest time after it was created", () => {
    const { services } = createApp({ quiet: true, clock: "manual" });
    const ids = demoOrganisationUserModelIds(readOrganisationFixtures(defaultFixturesDir()));
    expect(ids.size).toBe(1);
    for (const id of ids) {
      const model = services.world.userModels.get(id);
      expect(model?.status).toBe("ready");
      expect(model?.test_started_at).toBe(model?.created_at);
      expect(Date.parse(model?.test_finished_at ?? "") - Date.parse(model?.created_at ?? "")).toBe(5000);
    }
  });

  it("is tested by the demo world weeks after it was uploaded, and retested after its tests", () => {
    const mock = createApp({ quiet: true, clock: "manual" });
    const { services } = mock;
    ensureDemoWorld(
      services,
      services.content.demoWorld ?? { contexts: [], projects: [], simulations: [], batches: [] },
    );
    const caller = resolveCaller(services, undefined);
    const [id] = demoOrganisationUserModelIds(readOrganisationFixtures(defaultFixturesDir()));
    const model = services.world.userModels.get(id ?? "");
    const tests = services.world.answers.listBy("orgPopulation", orgPopulationKey(caller.orgId, id ?? ""));
    const retest = [...services.world.retests.values()].find((r) => r.population === id);
    expect(model && retest && tests.length).toBeTruthy();
    const created = Date.parse(model?.created_at ?? "");
    for (const test of tests) expect(Date.parse(test.created_at)).toBeGreaterThan(created + 7 * 86_400_000);
    const lastTest = Math.max(...tests.map((t) => Date.parse(t.test_finished_at ?? "")));
    expect(Date.parse(retest?.test_started_at ?? "")).toBeGreaterThan(lastTest);
  });
});
