/**
 * The demo world (docs/decisions/mock-choices.md#demo-caller: "No header: the demo caller in the demo organisation,
 * which starts with the demo world"). A caller without authorization finds fixtures/demo-world.json built; nobody
 * else sees any of it. The demo organisation's own population (fixtures/organisations.json) has no benchmark answers
 * (docs/decisions/mock-choices.md#organisation-data), so its record must not claim questions it was tested on; the demo
 * world tests it as an organisation would (a batch of tests, then a retest), so it reads tested some time after it was
 * uploaded, never "ready" with test dates equal to its creation.
 */
import { as } from "../support/client.js";
import { conceptTestBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, IN_PROCESS, it, MOCK } from "../support/harness.js";
import { untilStatus } from "../support/simulations.js";
import { letTimePass, newCaller, useTarget } from "../support/target.js";

const target = useTarget();

interface Simulation {
  id: string;
  status: string;
  title: string | null;
  project_id: string | null;
  error: string | null;
  results: unknown;
}
interface Round {
  number: number;
  title: string;
  artefact_type: string | null;
  simulations: Array<{ id: string; status: string }>;
  synthesis: string | null;
  synthesis_status: string | null;
}

async function demoSimulations(): Promise<Simulation[]> {
  const res = await target.http().get("/v1/simulations").query({ limit: 100 }).expect(200);
  return res.body as Simulation[];
}

describe("demo world", { rules: ["MOCK-DEMO-WORLD"], needs: ["demo-caller"] }, () => {
  it(
    "gives the caller without authorization two contexts with their product text, and the organisation's own",
    MOCK,
    async () => {
      const list = await target.http().get("/v1/contexts").expect(200);
      const contexts = list.body as Array<{ id: string; name: string; scope: string }>;
      const byScope = (scope: string) =>
        contexts
          .filter((c) => c.scope === scope)
          .map((c) => c.name)
          .sort();
      expect(byScope("user")).toEqual(["Kontor", "Weeknight"]);
      // From fixtures/organisations.json: the API cannot create organisation contexts.
      expect(byScope("organisation")).toEqual(["Research guidelines"]);
      for (const { id } of contexts.filter((c) => c.scope === "user")) {
        const context = await target.http().get(`/v1/contexts/${id}`).expect(200);
        expect(context.body.body).toMatch(/Pricing/);
        expect(context.body.body).toMatch(/Competitors/);
      }
      const current = await target.http().get("/v1/context").expect(200);
      expect(current.body.has_context).toBe(true);
    },
  );

  it("has three projects with rounds, artefacts and a completed round synthesis", MOCK, async () => {
    const list = await target.http().get("/v1/projects").expect(200);
    expect(list.body).toHaveLength(3);
    const rounds: Round[] = [];
    for (const { id } of list.body as Array<{ id: string }>) {
      const project = await target.http().get(`/v1/projects/${id}`).expect(200);
      expect(project.body.rounds.length).toBeGreaterThanOrEqual(2);
      expect((project.body.rounds as Round[]).map((r) => r.number)).toEqual(
        (project.body.rounds as Round[]).map((_, index) => index + 1),
      );
      rounds.push(...(project.body.rounds as Round[]));
    }
    expect(new Set(rounds.map((r) => r.artefact_type))).toEqual(new Set(["text", "url", null]));
    const synthesised = rounds.filter((r) => r.synthesis_status === "completed");
    expect(synthesised.length).toBeGreaterThanOrEqual(1);
    for (const round of synthesised) expect(round.synthesis).toMatch(/completed simulation/);
  });

  it(
    "has simulations in every status, completed ones with results and a failed one with its error",
    IN_PROCESS,
    async () => {
      const simulations = await demoSimulations();
      const statuses = new Set(simulations.map((s) => s.status));
      expect([...statuses].sort()).toEqual(["completed", "failed", "planned", "planning", "running"]);
      const completed = simulations.filter((s) => s.status === "completed");
      for (const { id } of completed.slice(0, 2)) {
        const one = await target.http().get(`/v1/simulations/${id}`).expect(200);
        expect(one.body.results).not.toBeNull();
        expect(one.body.markdown).toEqual(expect.any(String));
      }
      const failed = simulations.find((s) => s.status === "failed");
      expect(failed?.error).toEqual(expect.any(String));
      expect(simulations.some((s) => s.project_id === null)).toBe(true);
    },
  );

  it("keeps moving: a planning simulation gets planned and a running one completes", IN_PROCESS, async () => {
    // A file of its own clock: the first no-auth request of this file may have built the world a moment ago.
    const before = await demoSimulations();
    const planning = before.filter((s) => s.status === "planning").map((s) => s.id);
    const running = before.filter((s) => s.status === "running").map((s) => s.id);
    expect(planning.length).toBeGreaterThan(0);
    expect(running.length).toBeGreaterThan(0);
    await letTimePass(target, 15_000);
    const after = new Map((await demoSimulations()).map((s) => [s.id, s]));
    for (const id of planning) expect(after.get(id)?.status).toBe("planned");
    for (const id of running) expect(after.get(id)?.status).toBe("completed");
  });

  it(
    "has tested a population against its own panel: that population's averages differ from another caller's",
    MOCK,
    async () => {
      // Batches have no list route; the demo's test batch shows through the population it retested, whose averages the
      // demo organisation sees with its own test answers counted.
      const auth = newCaller();
      const models = await target.http().get("/v1/user-models").set("authorization", auth).expect(200);
      let differs = 0;
      for (const { id } of models.body as Array<{ id: string }>) {
        const demo = await target.http().get(`/v1/populations/${id}`).expect(200);
        const other = await target.http().get(`/v1/populations/${id}`).set("authorization", auth).expect(200);
        if (demo.body.data.test_finished_at !== other.body.data.test_finished_at) {
          differs++;
          expect(demo.body.data.status).toBe("ready");
          expect(demo.body.data.average_accuracy).not.toBe(other.body.data.average_accuracy);
        }
      }
      expect(differs).toBe(1);
    },
  );

  it("is the demo organisation's alone: another caller sees none of it", MOCK, async () => {
    await target.http().get("/v1/projects").expect(200);
    const auth = newCaller();
    const contexts = await target.http().get("/v1/contexts").set("authorization", auth).expect(200);
    expect(contexts.body).toEqual([]);
    const projects = await target.http().get("/v1/projects").set("authorization", auth).expect(200);
    expect(projects.body).toEqual([]);
    const simulations = await target.http().get("/v1/simulations").set("authorization", auth).expect(200);
    expect(simulations.body).toEqual([]);
    const current = await target.http().get("/v1/context").set("authorization", auth).expect(200);
    expect(current.body).toEqual({ has_context: false });
    const demo = await demoSimulations();
    for (const { id } of demo.slice(0, 3)) {
      await target.http().get(`/v1/simulations/${id}`).set("authorization", auth).expect(404);
    }
  });
});

describe("a failed simulation", { ...MOCK, rules: ["MOCK-STATE-409"] }, () => {
  // The demo world's failed simulation is read, never deleted: the run did not create it, and a second run against the
  // same mock must find it again.
  it("should refuse run and plan edit with 409 on the demo world's failed simulation, and keep it failed", {
    rules: ["MOCK-DEMO-WORLD"],
    needs: ["demo-caller"],
  }, async () => {
    const failed = (await demoSimulations()).find((s) => s.status === "failed");
    if (!failed) throw new Error("the demo world has no failed simulation");
    expect(failed.error).toEqual(expect.any(String));
    const run = await target.http().post(`/v1/simulations/${failed.id}/run`);
    expect(run.status).toBe(409);
    expect(run.body.detail).toEqual(expect.any(String));
    const edit = await target.http().patch(`/v1/simulations/${failed.id}/plan`).send({ question_text: "Again?" });
    expect(edit.status).toBe(409);
    expect((await target.http().get(`/v1/simulations/${failed.id}`).expect(200)).body.status).toBe("failed");
  });

  it("should delete a failed simulation of the run's own with 204", {
    needs: ["control:scenarios.header"],
  }, async () => {
    const auth = newCaller();
    const body = conceptTestBody(await visibleUserModelId(target, auth));
    const created = await as(target, auth).post("/v1/simulations", body).set("x-mock-scenario", "planning-fails");
    expect(created.status).toBe(201);
    await untilStatus(target, auth, created.body.id, "failed");
    const removed = await as(target, auth).delete(`/v1/simulations/${created.body.id}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    await as(target, auth).get(`/v1/simulations/${created.body.id}`).expect(404);
  });
});

/**
 * The demo organisation's own population (fixtures/organisations.json). An organisation user model has no benchmark
 * answers (docs/decisions/mock-choices.md#organisation-data), so its record must not claim questions it was tested on:
 * "tested on 214 questions, accuracy 0" is what a UI showed first. The demo world tests it as an organisation would (a
 * batch of tests, then a retest), so it reads tested some time after it was uploaded, never "ready" with test dates
 * equal to its creation.
 */
interface Population {
  id: string;
  name: string;
  public: boolean;
  status: string;
  question_count: number;
  average_accuracy: number;
  created_at: string;
  test_started_at: string;
  test_finished_at: string;
}

describe("demo organisation's population", { rules: ["MOCK-DEMO-WORLD"], needs: ["demo-caller"] }, () => {
  it("claims no tested questions it has no accuracy for", MOCK, async () => {
    const res = await target.http().get("/v1/populations").expect(200);
    const own = (res.body.data as Population[]).filter((p) => !p.public);
    expect(own.map((p) => p.name)).toEqual(["Weeknight subscribers (customer panel)"]);
    for (const population of own) {
      if (population.average_accuracy === 0) expect(population.question_count, population.name).toBe(0);
    }
  });

  it(
    "was tested some time after it was uploaded, on its own tests, with the accuracy its user model shows",
    MOCK,
    async () => {
      const res = await target.http().get("/v1/populations").expect(200);
      const [own] = (res.body.data as Population[]).filter((p) => !p.public);
      if (!own) throw new Error("the demo organisation has no population of its own");
      expect(own.status).toBe("ready");
      expect(own.question_count).toBeGreaterThan(0);
      expect(own.average_accuracy).toBeGreaterThan(0.5);
      expect(own.average_accuracy).toBeLessThan(1);
      const created = Date.parse(own.created_at);
      const started = Date.parse(own.test_started_at);
      const finished = Date.parse(own.test_finished_at);
      expect(started, "tested after it was created").toBeGreaterThan(created);
      expect(finished - started, "a retest on the realistic timing").toBe(5000);
      const models = await target.http().get("/v1/user-models").expect(200);
      const model = (models.body as Array<{ id: string; accuracy: number }>).find((m) => m.id === own.id);
      expect(model?.accuracy).toBe(own.average_accuracy);
    },
  );
});
