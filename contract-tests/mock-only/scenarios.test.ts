/**
 * The shipped scenarios (docs/testing.md#scenarios), each shown changing what a client sees over HTTP, and how
 * scenarios are activated: for one organisation through the control API (so parallel tests never see each other's), for
 * one request with `x-mock-scenario`, or written out in full. Every test uses an organisation of its own.
 */
import { randomUUID } from "node:crypto";
import { as } from "../support/client.js";
import { conceptTestBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, IN_PROCESS, it, MOCK } from "../support/harness.js";
import { createProject, createResearch, untilStatus } from "../support/simulations.js";
import { newCaller, type Target, useTarget } from "../support/target.js";

const TIMING = { planningMs: 3000, runningMs: 12_000, synthesisMs: 4000, retestMs: 5000 };
const target = useTarget(TIMING);

function freshOrg() {
  const org = `org-${randomUUID()}`;
  return { org, auth: newCaller(org) };
}

/** Activates scenarios for one organisation only. */
async function activate(org: string, scenarios: unknown[], t: Target = target) {
  const res = await t.http().put("/__mock/scenarios").send({ scenarios, org });
  expect(res.status).toBe(200);
  return res;
}

async function advance(ms: number) {
  await target.http().post("/__mock/clock/advance").send({ ms }).expect(200);
}

async function untilIdle() {
  await target.http().post("/__mock/clock/advance").send({ until: "idle" }).expect(200);
}

async function plannedSimulation(auth: string, extra: Record<string, unknown> = {}) {
  const created = await createResearch(target, auth, extra);
  return untilStatus(target, auth, created.id, "planned");
}

describe("shipped scenarios", { ...IN_PROCESS, rules: ["MOCK-SCENARIOS"], unchecked: true }, () => {
  it(
    "planner-busy: a new project's planner is mid-turn, so creating a simulation in it gives 409 for 30 s",
    MOCK,
    async () => {
      const { org, auth } = freshOrg();
      await activate(org, ["planner-busy"]);
      const project = await createProject(target, auth, { name: "Busy planner" });
      const refused = await as(target, auth).post(
        "/v1/simulations",
        conceptTestBody(await visibleUserModelId(target, auth), { project_id: project.id }),
      );
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toMatch(/planner is mid-turn/);
      await advance(30_000);
      const accepted = await as(target, auth).post(
        "/v1/simulations",
        conceptTestBody(await visibleUserModelId(target, auth), { project_id: project.id }),
      );
      expect(accepted.status).toBe(201);
    },
  );

  it(
    "planning-fails: the simulation ends planning as failed with an error, and only the one the request touched",
    MOCK,
    async () => {
      const { auth } = freshOrg();
      const body = conceptTestBody(await visibleUserModelId(target, auth));
      const doomed = await as(target, auth).post("/v1/simulations", body).set("x-mock-scenario", "planning-fails");
      expect(doomed.status).toBe(201);
      expect(doomed.body.status).toBe("planning");
      const spared = await as(target, auth).post("/v1/simulations", body);
      await advance(TIMING.planningMs);
      const failed = await as(target, auth).get(`/v1/simulations/${doomed.body.id}`);
      expect(failed.body).toMatchObject({ status: "failed", plan: null, progress: null });
      expect(failed.body.error).toMatch(/^The plan could not be written/);
      expect((await as(target, auth).get(`/v1/simulations/${spared.body.id}`)).body.status).toBe("planned");
    },
  );

  it("run-fails: a run climbs as usual, then fails at 40 % with an error", MOCK, async () => {
    const { auth } = freshOrg();
    const simulation = await plannedSimulation(auth);
    const run = await as(target, auth).post(`/v1/simulations/${simulation.id}/run`).set("x-mock-scenario", "run-fails");
    expect(run.status).toBe(200);
    await advance(TIMING.runningMs * 0.3);
    const midway = await as(target, auth).get(`/v1/simulations/${simulation.id}`);
    expect(midway.body.status).toBe("running");
    expect(midway.body.progress.fraction).toBeGreaterThan(0.25);
    expect(midway.body.progress.fraction).toBeLessThan(0.4);
    await advance(TIMING.runningMs * 0.1);
    const failed = await as(target, auth).get(`/v1/simulations/${simulation.id}`);
    expect(failed.body).toMatchObject({ status: "failed", progress: null, results: null, completed_at: null });
    expect(failed.body.error).toMatch(/^The run stopped at 40%/);
  });

  it("synthesis-fails: the round's next synthesis ends failed with a synthesis_error", MOCK, async () => {
    const { org, auth } = freshOrg();
    const project = await createProject(target, auth, { name: "Synthesis" });
    const simulation = await plannedSimulation(auth, { project_id: project.id });
    await as(target, auth).post(`/v1/simulations/${simulation.id}/run`).expect(200);
    await untilIdle();
    await activate(org, ["synthesis-fails"]);
    const round = (await as(target, auth).get(`/v1/projects/${project.id}`)).body.rounds[0];
    const started = await as(target, auth).post(`/v1/projects/${project.id}/rounds/${round.id}/synthesis`);
    expect(started.status).toBe(200);
    expect(started.body.synthesis_status).toBe("generating");
    await untilIdle();
    const after = (await as(target, auth).get(`/v1/projects/${project.id}`)).body.rounds[0];
    expect(after.synthesis_status).toBe("failed");
    expect(after.synthesis_error).toMatch(/^The synthesis could not be written/);
    // The next regeneration, with the scenario cleared, succeeds.
    await target.http().delete(`/__mock/scenarios?org=${org}`).expect(200);
    await as(target, auth).post(`/v1/projects/${project.id}/rounds/${round.id}/synthesis`).expect(200);
    await untilIdle();
    expect((await as(target, auth).get(`/v1/projects/${project.id}`)).body.rounds[0].synthesis_status).toBe(
      "completed",
    );
  });

  it("retest-fails: a retest ends with status failed and the averages unchanged", MOCK, async () => {
    const { auth } = freshOrg();
    const populationId = await visibleUserModelId(target, auth);
    const before = (await as(target, auth).get(`/v1/populations/${populationId}`)).body.data;
    const retest = await as(target, auth)
      .post(`/v1/populations/${populationId}/retest`)
      .set("x-mock-scenario", "retest-fails");
    expect(retest.status).toBe(200);
    expect(retest.body.data.status).toBe("testing");
    await advance(TIMING.retestMs);
    const after = (await as(target, auth).get(`/v1/populations/${populationId}`)).body.data;
    expect(after.status).toBe("failed");
    expect(after.average_accuracy).toBe(before.average_accuracy);
  });

  it("survey-design-rejected: a create with a survey_design gets 400, one without is created", MOCK, async () => {
    const { org, auth } = freshOrg();
    await activate(org, ["survey-design-rejected"]);
    const userModelId = await visibleUserModelId(target, auth);
    const design = { custom_questions: [{ question_text: "Would you try it?" }] };
    const refused = await as(target, auth).post(
      "/v1/simulations",
      conceptTestBody(userModelId, { survey_design: design }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: expect.stringMatching(/^survey_design cannot be used/) });
    expect((await as(target, auth).post("/v1/simulations", conceptTestBody(userModelId))).status).toBe(201);
  });

  it(
    "validation-errors: a valid create gets a FastAPI 422 its body does not contradict, naming a field it lacks",
    MOCK,
    async () => {
      const { auth } = freshOrg();
      const sent = conceptTestBody(await visibleUserModelId(target, auth));
      const res = await as(target, auth).post("/v1/simulations", sent).set("x-mock-scenario", "validation-errors");
      expect(res.status).toBe(422);
      // It sent goal and one user model: "goal: Field required" and "at least 1 item, not 0" would be false of it.
      expect(res.body.detail).toEqual([
        { type: "missing", loc: ["body", "title"], msg: "Field required", input: sent },
      ]);
      const titled = { ...sent, title: "Titled" };
      const again = await as(target, auth).post("/v1/simulations", titled).set("x-mock-scenario", "validation-errors");
      expect(again.body.detail).toEqual([
        { type: "missing", loc: ["body", "project_id"], msg: "Field required", input: titled },
      ]);
    },
  );

  it(
    "validation-errors: a create that does lack goal and user models gets the 422 FastAPI writes for it, msg and ctx as pydantic writes them",
    MOCK,
    async () => {
      const { auth } = freshOrg();
      const sent = { mode: "research", inputs: { concept: "A tea club" }, user_model_ids: [] };
      const res = await as(target, auth).post("/v1/simulations", sent).set("x-mock-scenario", "validation-errors");
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        { type: "missing", loc: ["body", "goal"], msg: "Field required", input: sent },
        {
          type: "too_short",
          loc: ["body", "user_model_ids"],
          msg: "List should have at least 1 item after validation, not 0",
          input: [],
          ctx: { field_type: "List", min_length: 1, actual_length: 0 },
        },
      ]);
    },
  );

  it("slow-network: answers come 300 to 1200 ms late, and the journal says how late", MOCK, async () => {
    const { auth } = freshOrg();
    const started = performance.now();
    await as(target, auth).get("/v1/user-models").set("x-mock-scenario", "slow-network").expect(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    const journal = await target
      .http()
      .get("/__mock/requests")
      .query({ caller: auth.slice(7), limit: 1 });
    const [applied] = journal.body.requests[0].scenarios;
    expect(applied).toMatchObject({ scenario: "slow-network", action: "delay", scope: "request" });
    expect(applied.ms).toBeGreaterThanOrEqual(300);
    expect(applied.ms).toBeLessThanOrEqual(1200);
  });

  it(
    "flaky: about one request in ten gets 503 with Retry-After, the same ones again after re-activation",
    MOCK,
    async () => {
      // A fixed organisation: the seeded draws depend on the activation's scope, so the count below is fixed too.
      const org = "flaky-checks";
      const auth = newCaller(org);
      const statuses = async () => {
        await activate(org, ["flaky"]);
        const out: number[] = [];
        for (let i = 0; i < 60; i++) {
          const res = await as(target, auth).get("/v1/user-models");
          if (res.status === 503) {
            expect(res.headers["retry-after"]).toBe("1");
            expect(res.body).toEqual({ detail: "Service Unavailable" });
          }
          out.push(res.status);
        }
        return out;
      };
      const first = await statuses();
      const failures = first.filter((status) => status === 503).length;
      expect(failures).toBeGreaterThanOrEqual(1);
      expect(failures).toBeLessThanOrEqual(15);
      expect(first.filter((status) => status !== 503).every((status) => status === 200)).toBe(true);
      expect(await statuses()).toEqual(first);
    },
  );

  it(
    "rate-limited: past 20 requests a minute a caller gets 429 with Retry-After, other callers do not",
    MOCK,
    async () => {
      const { org, auth } = freshOrg();
      await activate(org, ["rate-limited"]);
      for (let i = 0; i < 20; i++) await as(target, auth).get("/v1/user-models").expect(200);
      await advance(15_000);
      const limited = await as(target, auth).get("/v1/user-models");
      expect(limited.status).toBe(429);
      expect(limited.headers["retry-after"]).toBe("45");
      expect(limited.body.detail).toMatch(/^Rate limit exceeded/);
      await as(target, newCaller(org)).get("/v1/user-models").expect(200);
      await advance(45_000);
      await as(target, auth).get("/v1/user-models").expect(200);
    },
  );

  it(
    "stuck-running: a run stalls at 50 % and stays running until the scenario is cleared, then completes",
    MOCK,
    async () => {
      const { org, auth } = freshOrg();
      const simulation = await plannedSimulation(auth);
      await activate(org, ["stuck-running"]);
      await as(target, auth).post(`/v1/simulations/${simulation.id}/run`).expect(200);
      await advance(10 * TIMING.runningMs);
      const stuck = await as(target, auth).get(`/v1/simulations/${simulation.id}`);
      expect(stuck.body.status).toBe("running");
      expect(stuck.body.progress.fraction).toBeCloseTo(0.5, 1);
      // Waiting for idle does not wait for a held phase.
      await untilIdle();
      await target.http().delete(`/__mock/scenarios?org=${org}`).expect(200);
      expect((await as(target, auth).get(`/v1/simulations/${simulation.id}`)).body.status).toBe("completed");
    },
  );

  it("server-error: listing simulations gives 500, other operations work", MOCK, async () => {
    const { org, auth } = freshOrg();
    await activate(org, ["server-error"]);
    const res = await as(target, auth).get("/v1/simulations");
    expect(res.status).toBe(500);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.text).toBe("Internal Server Error");
    await as(target, auth).get("/v1/user-models").expect(200);
  });
});

describe("activating scenarios", {
  rules: ["MOCK-SCENARIOS"],
  needs: ["control:scenarios.org", "control:scenarios.header"],
  unchecked: true,
}, () => {
  it("should keep an organisation's scenarios to that organisation", MOCK, async () => {
    const busy = freshOrg();
    const calm = freshOrg();
    await activate(busy.org, ["server-error"]);
    expect((await as(target, busy.auth).get("/v1/simulations")).status).toBe(500);
    expect((await as(target, calm.auth).get("/v1/simulations")).status).toBe(200);
    const state = await target.http().get("/__mock/scenarios").expect(200);
    expect(state.body.active.organisations[busy.org]).toEqual(["server-error"]);
    expect(state.body.active.organisations[calm.org]).toBeUndefined();
  });

  it("should refuse an unknown scenario name, listing the known ones (header and control API)", MOCK, async () => {
    const { org, auth } = freshOrg();
    const header = await as(target, auth).get("/v1/user-models").set("x-mock-scenario", "flaky, no-such-thing");
    expect(header.status).toBe(400);
    expect(header.body.detail).toBe(
      "Unknown scenario 'no-such-thing' in x-mock-scenario; known scenarios: fast-phases, flaky, planner-busy, planning-fails, rate-limited, retest-fails, run-fails, server-error, slow-network, stuck-running, survey-design-rejected, synthesis-fails, validation-errors.",
    );
    const put = await target
      .http()
      .put("/__mock/scenarios")
      .send({ scenarios: ["nope"], org });
    expect(put.status).toBe(400);
    expect(put.body.detail).toMatch(/^Unknown scenario 'nope' in scenarios; known scenarios: fast-phases, flaky, /);
    const typo = await as(target, auth).get("/v1/user-models").set("x-mock-scenario", "run-fail");
    expect(typo.body.detail).toMatch(
      /^Unknown scenario 'run-fail' in x-mock-scenario \(did you mean 'run-fails'\?\); /,
    );
  });

  it("should take a scenario written out in full, and refuse one with a mistake naming the field", MOCK, async () => {
    const { org, auth } = freshOrg();
    const teapot = {
      name: "second-read-conflicts",
      description: "The second read of a simulation is refused with 409.",
      rules: [
        {
          match: { method: "GET", path: "/v1/simulations/{simulation_id}" },
          occurrence: { nth: 2 },
          answer: { status: 409, detail: "Simulation is being archived; try again in a minute." },
        },
      ],
    };
    await activate(org, [teapot]);
    const simulation = await createResearch(target, auth);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await as(target, auth).get(`/v1/simulations/${simulation.id}`)).status);
    expect(statuses).toEqual([200, 409, 200]);

    const broken = {
      ...teapot,
      rules: [{ ...teapot.rules[0], match: { method: "GET", path: "/v1/simulation/{id}" } }],
    };
    const refused = await target
      .http()
      .put("/__mock/scenarios")
      .send({ scenarios: [broken], org });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(
      /^scenario inline scenario #1: field rules\.0\.match\.path: no operation of the API has the path template \/v1\/simulation\/\{id\}/,
    );
  });

  it(
    "should answer a query 422 its request does not contradict: a parameter named that it lacks, else another it lacks",
    MOCK,
    async () => {
      const { org, auth } = freshOrg();
      await activate(org, [
        {
          name: "limit-refused",
          description: "Listing simulations is refused with a 422 on limit.",
          rules: [
            {
              match: { method: "GET", path: "/v1/simulations" },
              answer: {
                status: 422,
                validation_errors: [{ loc: ["query", "limit"], type: "greater_than_equal", input: "0" }],
              },
            },
          ],
        },
      ]);
      const missing = (name: string) => ({ type: "missing", loc: ["query", name], msg: "Field required", input: null });
      // limit=7 is no limit below 1: the answer names a parameter the request did not send.
      const sent = await as(target, auth).get("/v1/simulations?limit=7");
      expect(sent.status).toBe(422);
      expect(sent.body.detail).toEqual([missing("status_filter")]);
      const absent = await as(target, auth).get("/v1/simulations");
      expect(absent.body.detail).toEqual([missing("limit")]);
      // A limit that does break the rule gets pydantic's own words for it.
      const zero = await as(target, auth).get("/v1/simulations?limit=0");
      expect(zero.body.detail).toEqual([
        {
          type: "greater_than_equal",
          loc: ["query", "limit"],
          msg: "Input should be greater than or equal to 1",
          input: "0",
          ctx: { ge: 1 },
        },
      ]);
    },
  );

  it("should break the connection for a fault: reset, empty reply, truncated body", MOCK, async () => {
    const { org, auth } = freshOrg();
    const fault = (type: string) => ({
      name: `fault-${type.replaceAll("_", "-")}`,
      description: "The user model list fails on the wire.",
      rules: [{ match: { method: "GET", path: "/v1/user-models" }, fault: { type } }],
    });
    const get = () => fetch(`${target.baseUrl}/v1/user-models`, { headers: { authorization: auth } });
    await activate(org, [fault("connection_reset")]);
    await expect(get()).rejects.toMatchObject({ cause: { code: "ECONNRESET" } });
    await activate(org, [fault("empty_response")]);
    await expect(get()).rejects.toMatchObject({ cause: { code: "UND_ERR_SOCKET" } });
    await activate(org, [fault("truncated_body")]);
    const truncated = await get();
    expect(truncated.status).toBe(200);
    await expect(truncated.text()).rejects.toThrow(/terminated/);
    // The journal shows what happened on the wire.
    const entries = await target.http().get("/__mock/requests").query({ organisation: org });
    expect(entries.body.requests.map((e: { fault: string | null }) => e.fault)).toEqual([
      "connection_reset",
      "empty_response",
      "truncated_body",
    ]);
  });

  it("should leave the control API alone whatever scenario a request names", MOCK, async () => {
    const res = await target.http().get("/__mock/clock").set("x-mock-scenario", "server-error");
    expect(res.status).toBe(200);
  });
});

/** slow-network's kind of delay, shorter, so the transcripts below take a second, not a minute. */
const jitter = {
  name: "jitter",
  description: "Every answer comes 5 to 40 ms late (seeded).",
  rules: [{ delay: { type: "uniform", min_ms: 5, max_ms: 40 } }],
};
// Two fresh mocks, same seed, same scenarios active from the start: the same requests give the same bytes.
const first = useTarget({ ...TIMING, scenarios: ["flaky", "run-fails", jitter], seed: 7 });
const second = useTarget({ ...TIMING, scenarios: ["flaky", "run-fails", jitter], seed: 7 });

describe("determinism under scenarios", {
  ...IN_PROCESS,
  rules: ["MOCK-SCENARIOS", "MOCK-DETERMINISM"],
  unchecked: true,
}, () => {
  async function transcript(t: Target): Promise<string[]> {
    const auth = "Bearer ada@scenario-determinism";
    const lines: string[] = [];
    const record = (res: { status: number; text: string }) => lines.push(`${res.status} ${res.text}`);
    const userModelId = (await as(t, auth).get("/v1/user-models")).body[0]?.id;
    for (let i = 0; i < 6; i++) {
      const created = await as(t, auth).post("/v1/simulations", conceptTestBody(userModelId));
      record(created);
      if (created.status !== 201) continue;
      await t.http().post("/__mock/clock/advance").send({ until: "idle" });
      record(await as(t, auth).post(`/v1/simulations/${created.body.id}/run`));
      await t.http().post("/__mock/clock/advance").send({ until: "idle" });
      record(await as(t, auth).get(`/v1/simulations/${created.body.id}`));
    }
    const delays = await t.http().get("/__mock/requests").query({ caller: "ada@scenario-determinism" });
    lines.push(
      JSON.stringify(
        delays.body.requests.map((e: { scenarios: Array<{ ms?: number }> }) => e.scenarios.map((s) => s.ms)),
      ),
    );
    return lines;
  }

  it(
    "should give the same bytes (and the same delays) for the same seed, scenarios and requests",
    IN_PROCESS,
    async () => {
      const [a, b] = await Promise.all([transcript(first), transcript(second)]);
      expect(a.some((line) => line.startsWith("503 "))).toBe(true);
      expect(a.some((line) => line.includes('"status":"failed"'))).toBe(true);
      expect(b).toEqual(a);
    },
  );
});
