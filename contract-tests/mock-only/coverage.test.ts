/**
 * Coverage (GET /__mock/coverage, mock only): what a client's requests reached since start or the last reset, counted
 * from what the mock answered, per organisation: operations with their statuses, the kit's rules the answers showed,
 * the states and transitions read, the scenarios that acted, and the must-handle answers never reached, each named
 * with the shipped scenario that produces it. Every test uses an organisation of its own.
 */
import { randomUUID } from "node:crypto";
import { as } from "../support/client.js";
import { conceptTestBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { createProject, createResearch } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget({ planningMs: 3000, runningMs: 12_000, synthesisMs: 4000, retestMs: 5000 });

function freshOrg() {
  const org = `org-${randomUUID()}`;
  return { org, auth: newCaller(org) };
}

async function coverageOf(org: string) {
  const res = await target.http().get("/__mock/coverage").query({ org }).expect(200);
  return res.body;
}

async function advance(ms: number) {
  await target.http().post("/__mock/clock/advance").send({ ms }).expect(200);
}

const neverReached = (coverage: { never_reached: Array<{ id: string }> }) => coverage.never_reached.map((i) => i.id);

describe("GET /__mock/coverage", { rules: ["MOCK-CONTROL-API"], needs: ["bss-mock", "manual-clock"] }, () => {
  it(
    "should count an organisation's operations with their statuses, the rules they showed and the states it read",
    MOCK,
    async () => {
      const { org, auth } = freshOrg();
      const created = await createResearch(target, auth);
      await as(target, auth).get(`/v1/simulations/${created.id}`).expect(200);
      await advance(3000);
      const planned = await as(target, auth).get(`/v1/simulations/${created.id}`).expect(200);
      expect(planned.body.status).toBe("planned");
      await as(target, auth).post(`/v1/simulations/${created.id}/run`).expect(200);
      await as(target, auth).post(`/v1/simulations/${created.id}/run`).expect(409);

      const coverage = await coverageOf(org);
      expect(coverage.organisation).toBe(org);
      expect(coverage.operations).toMatchObject({
        "POST /v1/simulations": { "201": 1 },
        "GET /v1/simulations/{simulation_id}": { "200": 2 },
        "POST /v1/simulations/{simulation_id}/run": { "200": 1, "409": 1 },
      });
      expect(coverage.rules.exercised).toMatchObject({
        "SIM-CREATE-201": 1,
        "SIM-RUN-REFUSED-NOT-PLANNED": 1,
        "SIM-PLANNING-TO-PLANNED": 1,
      });
      expect(coverage.rules.never).not.toContain("SIM-CREATE-201");
      expect(coverage.rules.never).toContain("SIM-RUNNING-TO-COMPLETED");
      expect(coverage.states.simulation.observed).toEqual({ planning: 2, planned: 1, running: 1 });
      expect(coverage.states.simulation.transitions).toEqual({ "planning->planned": 1, "planned->running": 1 });
      expect(coverage.states.simulation.never).toEqual(["completed", "failed"]);
      expect(coverage.errors).toEqual({ "POST /v1/simulations/{simulation_id}/run 409": 1 });
    },
  );

  it(
    "should list the must-handle answers the run never reached, each with the scenario that produces it",
    MOCK,
    async () => {
      const { org, auth } = freshOrg();
      await createResearch(target, auth);
      const coverage = await coverageOf(org);
      expect(coverage.never_reached).toContainEqual(
        expect.objectContaining({ id: "planner-turn-409", reached: false, count: 0, scenario: "planner-busy" }),
      );
      expect(coverage.never_reached).toContainEqual(
        expect.objectContaining({ id: "simulation-failed", scenario: "run-fails" }),
      );
      expect(coverage.errors_percent).toBe(0);
    },
  );

  it("should count a scenario that acted, and what it made reachable as reached", MOCK, async () => {
    const { org, auth } = freshOrg();
    await target
      .http()
      .put("/__mock/scenarios")
      .send({ scenarios: ["planner-busy"], org })
      .expect(200);
    const project = await createProject(target, auth);
    const refused = await as(target, auth).post(
      "/v1/simulations",
      conceptTestBody(await visibleUserModelId(target, auth), { project_id: project.id }),
    );
    expect(refused.status).toBe(409);
    const coverage = await coverageOf(org);
    expect(coverage.scenarios).toEqual({ "planner-busy": 1 });
    expect(neverReached(coverage)).not.toContain("planner-turn-409");
    expect(coverage.must_handle).toContainEqual(expect.objectContaining({ id: "planner-turn-409", reached: true }));
    expect(coverage.rules.exercised["SIM-CREATE-409-PLANNER-TURN"]).toBe(1);
    expect(coverage.errors_percent).toBeGreaterThan(0);
  });

  it("should keep organisations apart, and start an organisation afresh when it is reset", MOCK, async () => {
    const a = freshOrg();
    const b = freshOrg();
    await createResearch(target, a.auth);
    expect((await coverageOf(b.org)).requests).toBe(0);
    expect((await coverageOf(a.org)).requests).toBeGreaterThan(0);
    await target.http().post("/__mock/reset").send({ org: a.org }).expect(204);
    const after = await coverageOf(a.org);
    expect(after.requests).toBe(0);
    expect(after.operations).toEqual({});
  });

  it("should count the whole mock without ?org=", MOCK, async () => {
    const { auth } = freshOrg();
    const before = (await target.http().get("/__mock/coverage").expect(200)).body;
    await createResearch(target, auth);
    const after = (await target.http().get("/__mock/coverage").expect(200)).body;
    expect(after.organisation).toBeNull();
    expect(after.operations["POST /v1/simulations"]["201"]).toBe(
      (before.operations["POST /v1/simulations"]?.["201"] ?? 0) + 1,
    );
  });

  it("should refuse an empty org with FastAPI's 422", MOCK, async () => {
    const res = await target.http().get("/__mock/coverage").query({ org: "" });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(["query", "org"]);
  });
});
