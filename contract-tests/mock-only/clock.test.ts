/**
 * `POST /__mock/clock/advance {"until": "next" | "idle"}` reaches every piece of background work (docs/time.md):
 * population retests as well as simulation phases, and a run a scenario keeps stuck is shown where it stalls. A test
 * driven by next/idle never guesses a duration. Every test uses an organisation of its own.
 */
import { randomUUID } from "node:crypto";
import { as } from "../support/client.js";
import { visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, IN_PROCESS, it, MOCK } from "../support/harness.js";
import { createResearch, untilStatus } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const TIMING = { planningMs: 3000, runningMs: 12_000, synthesisMs: 4000, retestMs: 5000 };
const target = useTarget(TIMING);

async function advanceUntil(until: "next" | "idle"): Promise<number> {
  const res = await target.http().post("/__mock/clock/advance").send({ until }).expect(200);
  return res.body.epoch_ms;
}

async function clockNow(): Promise<number> {
  return (await target.http().get("/__mock/clock").expect(200)).body.epoch_ms;
}

async function populationStatus(auth: string, id: string): Promise<string> {
  const res = await as(target, auth).get(`/v1/populations/${id}`);
  expect(res.status).toBe(200);
  return res.body.data.status;
}

/** Starts a retest of the caller's first visible population; answers its id and when the retest began. */
async function startRetest(auth: string, scenario?: string) {
  const populationId = await visibleUserModelId(target, auth);
  await advanceUntil("idle"); // nothing else pending: the next transition is the retest's
  const started = await clockNow();
  const request = as(target, auth).post(`/v1/populations/${populationId}/retest`);
  const res = await (scenario ? request.set("x-mock-scenario", scenario) : request);
  expect(res.status).toBe(200);
  expect(res.body.data.status).toBe("testing");
  return { populationId, started };
}

// The file's timings are asserted exactly: the in-process mock started with them.
describe("advancing the clock to the next transition or until idle", {
  ...IN_PROCESS,
  rules: ["MOCK-CONTROL-API", "MOCK-SCENARIOS"],
}, () => {
  it("should finish a population retest with until next, at the moment it is due", MOCK, async () => {
    const auth = newCaller();
    const { populationId, started } = await startRetest(auth);
    expect(await advanceUntil("next")).toBe(started + TIMING.retestMs);
    expect(await populationStatus(auth, populationId)).toBe("ready");
  });

  it("should finish a population retest with until idle", MOCK, async () => {
    const auth = newCaller();
    const { populationId, started } = await startRetest(auth);
    expect(await advanceUntil("idle")).toBeGreaterThanOrEqual(started + TIMING.retestMs);
    expect(await populationStatus(auth, populationId)).toBe("ready");
  });

  it("should end a retest the retest-fails scenario fails as failed with until idle", MOCK, async () => {
    const auth = newCaller();
    const { populationId } = await startRetest(auth, "retest-fails");
    await advanceUntil("idle");
    expect(await populationStatus(auth, populationId)).toBe("failed");
  });

  it(
    "should move a run stuck-running holds to where it stalls (50 %) with until idle, and no further",
    MOCK,
    async () => {
      const org = `org-${randomUUID()}`;
      const auth = newCaller(org);
      const created = await createResearch(target, auth);
      const simulation = await untilStatus(target, auth, created.id, "planned");
      await target
        .http()
        .put("/__mock/scenarios")
        .send({ scenarios: ["stuck-running"], org })
        .expect(200);
      await advanceUntil("idle");
      const started = await clockNow();
      await as(target, auth).post(`/v1/simulations/${simulation.id}/run`).expect(200);
      const stalledAt = await advanceUntil("idle");
      expect(stalledAt).toBe(started + TIMING.runningMs / 2);
      const stalled = await as(target, auth).get(`/v1/simulations/${simulation.id}`);
      expect(stalled.body.status).toBe("running");
      expect(stalled.body.progress.fraction).toBeCloseTo(0.5, 1);
      // The held phase is no transition: idle and next leave the clock where it is.
      expect(await advanceUntil("idle")).toBe(stalledAt);
      expect(await advanceUntil("next")).toBe(stalledAt);
      await target.http().delete(`/__mock/scenarios?org=${org}`).expect(200);
      await advanceUntil("idle");
      expect((await as(target, auth).get(`/v1/simulations/${simulation.id}`)).body.status).toBe("completed");
    },
  );

  it("should answer other requests while until idle works through many transitions", MOCK, async () => {
    const auth = newCaller();
    const client = as(target, auth);
    const userModelId = await visibleUserModelId(target, auth);
    await advanceUntil("idle");
    for (let i = 0; i < 300; i++) {
      const created = await client.post("/v1/simulations").send({
        mode: "research",
        goal: "concept_test",
        inputs: { concept: `Cup ${i}` },
        user_model_ids: [userModelId],
      });
      expect(created.status).toBe(201);
    }
    // 300 plans to write: the advance yields between slices, and a read made meanwhile is answered first.
    const finished: string[] = [];
    const advance = advanceUntil("idle").then(() => finished.push("advance"));
    await new Promise((resolve) => setImmediate(resolve));
    const read = client.get("/v1/user-models").then((res) => {
      expect(res.status).toBe(200);
      finished.push("read");
    });
    await Promise.all([advance, read]);
    expect(finished).toEqual(["read", "advance"]);
  });
});
