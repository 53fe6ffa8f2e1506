/**
 * Rounds and their synthesis (spec "Round synthesis status", "Projects and rounds", CreateSimulationBody's project
 * fields; docs/decisions/mock-choices.md#rounds and #create-refusals).
 */
import { as } from "../support/client.js";
import { conceptTestBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, forRule, IN_PROCESS, it, MOCK, SPEC } from "../support/harness.js";
import { createProject, createResearch, runToCompletion, untilStatus } from "../support/simulations.js";
import { letTimePass, NIL_UUID, newCaller, useTarget, waitFor } from "../support/target.js";

/** What the round's synthesis_stale should say, named in a failure ("synthesis_stale: … expected true to be false"). */
const NOT_STALE =
  "synthesis_stale (every completed simulation of the round is covered by the synthesis, or none completed)";
const STALE = "synthesis_stale (a completed simulation of the round is not covered by the synthesis)";

/** The realistic preset's synthesis time, stated so "not yet" checks are exact. */
const SYNTHESIS_MS = 4000;
const target = useTarget({ synthesisMs: SYNTHESIS_MS });

type Body = Record<string, unknown>;

interface Round {
  id: string;
  number?: number;
  title: string | null;
  simulations: Array<{ id: string; title: string | null; status: string }>;
  synthesis: string | null;
  synthesis_status: string | null;
  synthesis_error?: string | null;
  synthesis_stale: boolean;
}

function newProject(auth: string, body?: Body) {
  return createProject(target, auth, body);
}

async function rounds(auth: string, projectId: string): Promise<Round[]> {
  const res = await as(target, auth).get(`/v1/projects/${projectId}`);
  expect(res.status).toBe(200);
  return res.body.rounds as Round[];
}

async function round(auth: string, projectId: string, roundId: string): Promise<Round> {
  const found = (await rounds(auth, projectId)).find((r) => r.id === roundId);
  if (!found) throw new Error(`round ${roundId} is not in project ${projectId}`);
  return found;
}

function createIn(auth: string, projectId: string, extra: Body = {}) {
  return createResearch<Body & { id: string; round_id: string }>(target, auth, { project_id: projectId, ...extra });
}

async function simulation(auth: string, id: string) {
  const res = await as(target, auth).get(`/v1/simulations/${id}`);
  expect(res.status).toBe(200);
  return res.body as Body & { id: string; status: string; title: string | null };
}

function until(auth: string, id: string, status: string) {
  return untilStatus<Body & { id: string; status: string; title: string | null }>(target, auth, id, status);
}

function complete(auth: string, id: string) {
  return runToCompletion(target, auth, id);
}

function regenerate(auth: string, projectId: string, roundId: string) {
  return as(target, auth).post(`/v1/projects/${projectId}/rounds/${roundId}/synthesis`);
}

/** Polls get-project, letting time pass between polls, until the round's synthesis is no longer generating. */
function synthesisSettled(auth: string, projectId: string, roundId: string): Promise<Round> {
  return waitFor(target, `round ${roundId}'s synthesis to finish`, async () => {
    const current = await round(auth, projectId, roundId);
    return current.synthesis_status !== "generating" ? current : undefined;
  });
}

describe("regenerating a round's synthesis", SPEC, () => {
  it("should answer 200, read as generating, then as completed with a synthesis", {
    rules: ["SYNTH-REGENERATE", "SYNTH-SETTLES", "SYNTH-STATUS-VALUES", "SYNTH-STALE"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const sim = await createIn(auth, project.id);
    await complete(auth, sim.id);
    const res = await regenerate(auth, project.id, sim.round_id);
    await forRule("SYNTH-REGENERATE", () => expect(res.status).toBe(200));
    // Generating until it ends; a fast target may have ended already.
    const generating = await round(auth, project.id, sim.round_id);
    await forRule("SYNTH-STATUS-VALUES", () =>
      expect(["generating", "completed"]).toContain(generating.synthesis_status),
    );
    const done = await synthesisSettled(auth, project.id, sim.round_id);
    await forRule("SYNTH-SETTLES", () => {
      expect(done.synthesis_status).toBe("completed");
      // The synthesis' type is not shown: it holds something once completed (a text, an object of sections, …).
      expect(JSON.stringify(done.synthesis ?? null)).not.toMatch(/^(null|""|\{\}|\[\])$/);
      expect(done.synthesis_error ?? null).toBeNull();
    });
    await forRule("SYNTH-STALE", () => expect(done.synthesis_stale).toBe(false));
  });

  it("should set synthesis_stale exactly when a completed simulation of the round is not covered by the synthesis", {
    rules: ["SYNTH-STALE", "SYNTH-COVERS-COMPLETED"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const first = await createIn(auth, project.id);
    const second = await createIn(auth, project.id);
    const roundId = first.round_id;
    expect(second.round_id).toBe(roundId);
    expect((await round(auth, project.id, roundId)).synthesis_stale, NOT_STALE).toBe(false);

    await until(auth, first.id, "planned");
    await until(auth, second.id, "planned");
    expect((await round(auth, project.id, roundId)).synthesis_stale, NOT_STALE).toBe(false);
    expect((await as(target, auth).post(`/v1/simulations/${first.id}/run`)).status).toBe(200);
    // Not stale while nothing has completed (read the round before the simulation: a fast target may complete it).
    const whileRunning = await round(auth, project.id, roundId);
    if ((await simulation(auth, first.id)).status !== "completed") {
      expect(whileRunning.synthesis_stale, NOT_STALE).toBe(false);
    }

    await until(auth, first.id, "completed");
    expect((await round(auth, project.id, roundId)).synthesis_stale, STALE).toBe(true);

    expect((await regenerate(auth, project.id, roundId)).status).toBe(200);
    const covered = await synthesisSettled(auth, project.id, roundId);
    expect(covered.synthesis_status).toBe("completed");
    expect(covered.synthesis_stale, NOT_STALE).toBe(false);

    await complete(auth, second.id);
    expect((await round(auth, project.id, roundId)).synthesis_stale, STALE).toBe(true);

    expect((await regenerate(auth, project.id, roundId)).status).toBe(200);
    const again = await synthesisSettled(auth, project.id, roundId);
    expect(again.synthesis_status).toBe("completed");
    expect(again.synthesis_stale, NOT_STALE).toBe(false);
  });

  it("should become stale when a completed simulation is moved into a synthesised round", {
    rules: ["SYNTH-STALE"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const inRound = await createIn(auth, project.id);
    await complete(auth, inRound.id);
    expect((await regenerate(auth, project.id, inRound.round_id)).status).toBe(200);
    expect((await synthesisSettled(auth, project.id, inRound.round_id)).synthesis_stale).toBe(false);

    const loose = await createResearch(target, auth);
    await complete(auth, loose.id);
    const moved = await as(target, auth).patch(`/v1/simulations/${loose.id}`, { project_id: project.id });
    expect(moved.status).toBe(200);
    expect(moved.body.round_id).toBe(inRound.round_id);
    expect((await round(auth, project.id, inRound.round_id)).synthesis_stale).toBe(true);
  });

  it("should keep the staleness of each round to its own simulations", { rules: ["SYNTH-STALE"] }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const inOne = await createIn(auth, project.id);
    await complete(auth, inOne.id);
    expect((await regenerate(auth, project.id, inOne.round_id)).status).toBe(200);
    await synthesisSettled(auth, project.id, inOne.round_id);
    const roundTwo = await as(target, auth).post(`/v1/projects/${project.id}/rounds`, {});
    expect(roundTwo.status).toBe(201);
    const inTwo = await createIn(auth, project.id);
    expect(inTwo.round_id).toBe(roundTwo.body.id);
    await complete(auth, inTwo.id);
    const [one, two] = await rounds(auth, project.id);
    expect(one!.synthesis_stale).toBe(false);
    expect(two!.synthesis_stale).toBe(true);
  });

  it("should keep a round title the caller set, whatever its simulations are called", {
    rules: ["ROUND-TITLE-KEPT"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const first = await createIn(auth, project.id, { title: "Cup concept, first look" });
    const started = await as(target, auth).post(`/v1/projects/${project.id}/rounds`, { title: "Wave two" });
    expect(started.status).toBe(201);
    expect(started.body.title).toBe("Wave two");
    const second = await createIn(auth, project.id, { title: "Cup concept, second look" });
    const untitled = await createIn(auth, project.id);
    const renamed = await as(target, auth).patch(`/v1/projects/${project.id}/rounds/${first.round_id}`, {
      title: "Wave one",
    });
    expect(renamed.status).toBe(200);
    await until(auth, second.id, "planned");
    await until(auth, untitled.id, "planned");
    const [one, two] = await rounds(auth, project.id);
    expect(one!.title).toBe("Wave one");
    expect(two!.title).toBe("Wave two");
  });
});

describe("synthesis content", { ...MOCK, rules: ["MOCK-SYNTHESIS"] }, () => {
  it("should answer regenerate with the round in synthesis_status generating", async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const sim = await createIn(auth, project.id);
    const res = await regenerate(auth, project.id, sim.round_id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sim.round_id, synthesis_status: "generating" });
  });

  it("should name every completed simulation of the round in the synthesis, and none that has not completed", async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const alpha = await createIn(auth, project.id, { title: "Alpha cup concept" });
    const beta = await createIn(auth, project.id, { title: "Beta cup concept" });
    const gamma = await createIn(auth, project.id, { title: "Gamma cup concept" });
    await complete(auth, alpha.id);
    await complete(auth, beta.id);
    expect((await simulation(auth, gamma.id)).status).toBe("planned");
    expect((await regenerate(auth, project.id, alpha.round_id)).status).toBe(200);
    const done = await synthesisSettled(auth, project.id, alpha.round_id);
    expect(done.synthesis_status).toBe("completed");
    expect(done.synthesis).toContain("Alpha cup concept");
    expect(done.synthesis).toContain("Beta cup concept");
    expect(done.synthesis).not.toContain("Gamma cup concept");
  });

  it("should replace the previous synthesis entirely when regenerated", async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const alpha = await createIn(auth, project.id, { title: "Alpha cup concept" });
    const beta = await createIn(auth, project.id, { title: "Beta cup concept" });
    await complete(auth, alpha.id);
    expect((await regenerate(auth, project.id, alpha.round_id)).status).toBe(200);
    const first = await synthesisSettled(auth, project.id, alpha.round_id);
    expect(first.synthesis).toContain("Alpha cup concept");
    expect(first.synthesis).not.toContain("Beta cup concept");

    await complete(auth, beta.id);
    const stale = await round(auth, project.id, alpha.round_id);
    expect(stale.synthesis).toBe(first.synthesis);
    expect((await regenerate(auth, project.id, alpha.round_id)).status).toBe(200);
    const second = await synthesisSettled(auth, project.id, alpha.round_id);
    expect(second.synthesis_status).toBe("completed");
    expect(second.synthesis).toContain("Alpha cup concept");
    expect(second.synthesis).toContain("Beta cup concept");
    expect(second.synthesis).not.toBe(first.synthesis);
    expect(second.synthesis).not.toContain(first.synthesis as string);
  });

  it(
    "should keep generating for the whole synthesis time after a regeneration, even one asked for while an earlier one ran",
    IN_PROCESS,
    async () => {
      const auth = newCaller();
      const project = await newProject(auth);
      const sim = await createIn(auth, project.id);
      await complete(auth, sim.id);
      expect((await regenerate(auth, project.id, sim.round_id)).status).toBe(200);
      await letTimePass(target, SYNTHESIS_MS / 2);
      // Asked for again while generating: whether that restarts the work or joins it, the round settles at some point.
      expect((await regenerate(auth, project.id, sim.round_id)).status).toBe(200);
      let settled = await round(auth, project.id, sim.round_id);
      for (let waited = 0; settled.synthesis_status === "generating" && waited < 4 * SYNTHESIS_MS; waited += 250) {
        await letTimePass(target, 250);
        settled = await round(auth, project.id, sim.round_id);
      }
      expect(settled.synthesis_status).toBe("completed");

      // A fresh regeneration now takes the synthesis time in full, whatever was asked for before.
      const fresh = await regenerate(auth, project.id, sim.round_id);
      expect(fresh.status).toBe(200);
      await letTimePass(target, SYNTHESIS_MS - 1);
      expect((await round(auth, project.id, sim.round_id)).synthesis_status).toBe("generating");
      await letTimePass(target, 1);
      expect((await round(auth, project.id, sim.round_id)).synthesis_status).toBe("completed");
    },
  );

  it("should end failed with a synthesis_error when the round has no completed simulation", async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const sim = await createIn(auth, project.id);
    await until(auth, sim.id, "planned");
    expect((await regenerate(auth, project.id, sim.round_id)).status).toBe(200);
    const failed = await synthesisSettled(auth, project.id, sim.round_id);
    expect(failed.synthesis_status).toBe("failed");
    expect(typeof failed.synthesis_error).toBe("string");
    expect((failed.synthesis_error as string).trim()).not.toBe("");
    expect(failed.synthesis_stale).toBe(false);

    const emptyProject = await newProject(auth);
    const empty = await as(target, auth).post(`/v1/projects/${emptyProject.id}/rounds`);
    expect(empty.status).toBe(201);
    expect((await regenerate(auth, emptyProject.id, empty.body.id)).status).toBe(200);
    const emptyFailed = await synthesisSettled(auth, emptyProject.id, empty.body.id);
    expect(emptyFailed.synthesis_status).toBe("failed");
    expect(typeof emptyFailed.synthesis_error).toBe("string");
  });

  it("should clear synthesis_error once a later regeneration completes", async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const sim = await createIn(auth, project.id);
    expect((await regenerate(auth, project.id, sim.round_id)).status).toBe(200);
    expect((await synthesisSettled(auth, project.id, sim.round_id)).synthesis_status).toBe("failed");
    await complete(auth, sim.id);
    expect((await regenerate(auth, project.id, sim.round_id)).status).toBe(200);
    const done = await synthesisSettled(auth, project.id, sim.round_id);
    expect(done.synthesis_status).toBe("completed");
    expect(done.synthesis_error ?? null).toBeNull();
  });
});

describe("round titles", { ...MOCK, rules: ["MOCK-ROUNDS"] }, () => {
  it("should name a round 'Round <n>' until its simulations have titles, then from their titles", {
    needs: ["observable-states"],
  }, async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const sim = await createIn(auth, project.id);
    expect(sim.title).toBeNull();
    expect((await round(auth, project.id, sim.round_id)).title).toBe("Round 1");
    const planned = await until(auth, sim.id, "planned");
    expect(typeof planned.title).toBe("string");
    const named = await round(auth, project.id, sim.round_id);
    expect(named.title).toContain(planned.title as string);

    const second = await as(target, auth).post(`/v1/projects/${project.id}/rounds`, {});
    expect(second.status).toBe(201);
    expect(second.body.title).toBe("Round 2");
    const titled = await createIn(auth, project.id, { title: "Pricing check" });
    expect(titled.round_id).toBe(second.body.id);
    expect((await round(auth, project.id, second.body.id)).title).toContain("Pricing check");
  });

  it("should name each simulation title once in an automatic round title", async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const first = await createIn(auth, project.id, { title: "Veg box test" });
    await createIn(auth, project.id, { title: "Veg box test" });
    await createIn(auth, project.id, { title: "Price check" });
    const title = (await round(auth, project.id, first.round_id)).title as string;
    expect(title.split("Veg box test")).toHaveLength(2);
    expect(title).toContain("Price check");
  });

  it("should name a round given a null title automatically", async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    await createIn(auth, project.id, { title: "First" });
    const second = await as(target, auth).post(`/v1/projects/${project.id}/rounds`, { title: null });
    expect(second.status).toBe(201);
    expect(second.body.title).toBe("Round 2");
  });
});

describe("starting rounds", { ...MOCK, rules: ["MOCK-ROUNDS"] }, () => {
  it("should refuse a new round with 409 while the latest round has no simulations, and start none", async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const first = await as(target, auth).post(`/v1/projects/${project.id}/rounds`);
    expect(first.status).toBe(201);
    expect(first.body.number).toBe(1);
    const refused = await as(target, auth).post(`/v1/projects/${project.id}/rounds`);
    expect(refused.status).toBe(409);
    expect(typeof refused.body.detail).toBe("string");
    expect((await rounds(auth, project.id)).map((r) => r.id)).toEqual([first.body.id]);

    const sim = await createIn(auth, project.id);
    expect(sim.round_id).toBe(first.body.id);
    const second = await as(target, auth).post(`/v1/projects/${project.id}/rounds`);
    expect(second.status).toBe(201);
    expect(second.body.number).toBe(2);
    // Round 2, started after round 1 had a simulation, is the latest and empty: a third waits for it.
    const third = await as(target, auth).post(`/v1/projects/${project.id}/rounds`);
    expect(third.status).toBe(409);
    expect(typeof third.body.detail).toBe("string");
  });
});

describe("creating a simulation in a project: refusals", { ...MOCK, rules: ["MOCK-CREATE-REFUSALS"] }, () => {
  it("should answer 404 for a round_id of another project, creating nothing", async () => {
    const auth = newCaller();
    const a = await newProject(auth);
    const b = await newProject(auth);
    const inA = await createIn(auth, a.id);
    const userModelId = await visibleUserModelId(target, auth);
    const res = await as(target, auth).post(
      "/v1/simulations",
      conceptTestBody(userModelId, { project_id: b.id, round_id: inA.round_id }),
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Round not found" });
    const unknown = await as(target, auth).post(
      "/v1/simulations",
      conceptTestBody(userModelId, { project_id: a.id, round_id: NIL_UUID }),
    );
    expect(unknown.status).toBe(404);
    expect(await rounds(auth, b.id)).toEqual([]);
    const list = await as(target, auth).get("/v1/simulations").expect(200);
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([inA.id]);
  });

  it("should join the round named by round_id", async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const inOne = await createIn(auth, project.id);
    await as(target, auth).post(`/v1/projects/${project.id}/rounds`).expect(201);
    const back = await createIn(auth, project.id, { round_id: inOne.round_id });
    expect(back.round_id).toBe(inOne.round_id);
    const [one, two] = await rounds(auth, project.id);
    expect(one!.simulations.map((s) => s.id)).toEqual([inOne.id, back.id]);
    expect(two!.simulations).toEqual([]);
  });

  it("should answer 400 for a context_id other than the project's and accept the project's own", async () => {
    const auth = newCaller();
    const own = await as(target, auth).post("/v1/contexts", { name: "Cuppa", body: "# Cuppa\nA smart cup." });
    expect(own.status).toBe(201);
    const project = await newProject(auth);
    expect(project.context_id).toBe(own.body.id);
    await letTimePass(target, 1);
    const other = await as(target, auth).post("/v1/contexts", { name: "Brewtrack", body: "# Brewtrack\nAnother cup." });
    expect(other.status).toBe(201);
    const userModelId = await visibleUserModelId(target, auth);
    const refused = await as(target, auth).post(
      "/v1/simulations",
      conceptTestBody(userModelId, { project_id: project.id, context_id: other.body.id }),
    );
    expect(refused.status).toBe(400);
    expect(typeof refused.body.detail).toBe("string");
    // A context that does not exist is unknown before it is another one (docs/decisions/mock-choices.md#create-refusals: unknown context 404).
    const unknown = await as(target, auth).post(
      "/v1/simulations",
      conceptTestBody(userModelId, { project_id: project.id, context_id: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: "Context not found" });
    expect(await rounds(auth, project.id)).toEqual([]);

    const accepted = await createIn(auth, project.id, { context_id: own.body.id });
    expect(accepted.context_id).toBe(own.body.id);
    const defaulted = await createIn(auth, project.id);
    expect(defaulted.context_id).toBe(own.body.id);
  });

  it("should answer 400 for round_id without project_id", async () => {
    const auth = newCaller();
    const project = await newProject(auth);
    const sim = await createIn(auth, project.id);
    const userModelId = await visibleUserModelId(target, auth);
    for (const extra of [{ round_id: sim.round_id }, { round_id: sim.round_id, project_id: null }]) {
      const res = await as(target, auth).post("/v1/simulations", conceptTestBody(userModelId, extra));
      expect(res.status).toBe(400);
      expect(typeof res.body.detail).toBe("string");
    }
    const list = await as(target, auth).get("/v1/simulations").expect(200);
    expect(list.body).toHaveLength(1);
  });
});
