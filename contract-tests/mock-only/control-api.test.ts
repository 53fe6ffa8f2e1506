/**
 * The control API under /__mock (docs/decisions/mock-choices.md#control-api; the interface agreed in the team plan): capabilities,
 * reset, the clock to the next transition or until idle, the request journal, organisation-owned contexts and user
 * models, the control token and --no-control.
 */
import { randomUUID } from "node:crypto";
import { as } from "../support/client.js";
import { conceptTestBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, IN_PROCESS, it, MOCK } from "../support/harness.js";
import { createProject, createResearch } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget({ planningMs: 3000, runningMs: 12_000, synthesisMs: 4000, retestMs: 5000 });
/** Mocks started with particular options, for the tests that need them. */
const smallJournal = useTarget({ journalSize: 5 });
const fresh = useTarget({ now: "2026-03-01T09:00:00Z" });
const guarded = useTarget({ controlToken: "s3cret" });
const closed = useTarget({ noControl: true });

function freshOrg() {
  const org = `org-${randomUUID()}`;
  return { org, auth: newCaller(org) };
}

describe("GET /__mock", { rules: ["MOCK-CONTROL-API"], needs: ["bss-mock"] }, () => {
  it("should say it is bss-mock, with its seed, options, clock, timing, scenarios and capabilities", MOCK, async () => {
    const res = await target.http().get("/__mock").expect(200);
    expect(res.body).toMatchObject({
      name: "bss-mock",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      seed: expect.any(Number),
      options: expect.objectContaining({ journal_size: expect.any(Number), no_control: false }),
      clock: {
        kind: expect.stringMatching(/^(manual|system)$/),
        now: expect.any(String),
        epoch_ms: expect.any(Number),
      },
      timing: {
        planning_ms: expect.any(Number),
        running_ms: expect.any(Number),
        synthesis_ms: expect.any(Number),
        retest_ms: expect.any(Number),
      },
      scenarios: { known: expect.arrayContaining([{ name: "run-fails", description: expect.any(String) }]) },
      capabilities: [
        "clock.advance",
        "clock.until",
        "reset",
        "scenarios",
        "scenarios.org",
        "scenarios.header",
        "journal",
        "planner-turn",
        "org-fixtures",
        "orgs.list",
        "simulations.create",
        "coverage",
      ],
    });
    expect(Object.keys(res.body.scenarios.active)).toEqual(["global", "organisations"]);
  });
});

describe("POST /__mock/clock/advance", {
  rules: ["MOCK-CONTROL-API"],
  needs: ["manual-clock", "control:clock.until"],
}, () => {
  it(
    "should run to the next transition, or until nothing is pending, without the test guessing durations",
    MOCK,
    async () => {
      const { auth } = freshOrg();
      const planningMs = (await target.http().get("/__mock").expect(200)).body.timing.planning_ms as number;
      const simulation = await createResearch(target, auth);
      const plannedBy = Date.parse(simulation.created_at as string) + planningMs;
      // On a mock other tests share, other work may fall due first: each step runs only the nearest transition, so
      // the clock never passes this simulation's end of planning on the way to it.
      let status = "planning";
      for (let steps = 0; status === "planning" && steps < 50; steps++) {
        const next = await target.http().post("/__mock/clock/advance").send({ until: "next" }).expect(200);
        expect(Date.parse(next.body.now)).toBeLessThanOrEqual(plannedBy);
        status = (await as(target, auth).get(`/v1/simulations/${simulation.id}`)).body.status;
      }
      expect(status).toBe("planned");
      await as(target, auth).post(`/v1/simulations/${simulation.id}/run`).expect(200);
      await target.http().post("/__mock/clock/advance").send({ until: "idle" }).expect(200);
      expect((await as(target, auth).get(`/v1/simulations/${simulation.id}`)).body.status).toBe("completed");
    },
  );

  it("should refuse a body that is neither ms nor until with FastAPI's 422", MOCK, async () => {
    const res = await target.http().post("/__mock/clock/advance").send({ until: "later" });
    expect(res.status).toBe(422);
  });
});

describe("POST /__mock/reset with an organisation", {
  rules: ["MOCK-CONTROL-API"],
  needs: ["control:reset", "control:scenarios.org"],
}, () => {
  it("should empty that organisation and leave the others as they are", MOCK, async () => {
    const gone = freshOrg();
    const kept = freshOrg();
    await createResearch(target, gone.auth);
    await createProject(target, gone.auth);
    const keptSimulation = await createResearch(target, kept.auth);
    await target
      .http()
      .put("/__mock/scenarios")
      .send({ scenarios: ["server-error"], org: gone.org })
      .expect(200);
    await target.http().post("/__mock/reset").send({ org: gone.org }).expect(204);
    expect((await as(target, gone.auth).get("/v1/simulations")).body).toEqual([]);
    expect((await as(target, gone.auth).get("/v1/projects")).body).toEqual([]);
    expect((await as(target, kept.auth).get(`/v1/simulations/${keptSimulation.id}`)).status).toBe(200);
  });
});

describe("GET /__mock/orgs", { rules: ["MOCK-CONTROL-API"], needs: ["control:orgs.list"] }, () => {
  it("should list an organisation once one of its callers made something, with what it holds", MOCK, async () => {
    const { org, auth } = freshOrg();
    const listed = async () =>
      ((await target.http().get("/__mock/orgs").expect(200)).body.organisations as Array<{ name: string }>).find(
        (organisation) => organisation.name === org,
      );
    await as(target, auth).get("/v1/simulations").expect(200);
    expect(await listed()).toBeUndefined();
    await createResearch(target, auth);
    await createResearch(target, newCaller(org));
    expect(await listed()).toEqual({
      kind: "shared",
      name: org,
      created_at: expect.any(String),
      callers: 2,
      simulations: 2,
      projects: 0,
    });
    await target.http().post("/__mock/reset").send({ org }).expect(204);
    expect(await listed()).toBeUndefined();
  });
});

describe("POST /__mock/simulations", { rules: ["MOCK-CONTROL-API"], needs: ["control:simulations.create"] }, () => {
  it("should make a caller's simulation in each status at once, as its caller then reads it", MOCK, async () => {
    const { auth } = freshOrg();
    const caller = auth.replace(/^Bearer /, "");
    const simulation = conceptTestBody(await visibleUserModelId(target, auth));
    for (const status of ["planning", "planned", "running", "completed", "failed"]) {
      const made = await target
        .http()
        .post("/__mock/simulations")
        .send({ caller, status, simulation, error: "The panel provider timed out." });
      expect(made.status, status).toBe(201);
      expect(made.body.status, status).toBe(status);
      // A phase under way goes on as any other: on a mock with quick phases, planning or running may be over by now.
      const next = { planning: ["planning", "planned"], running: ["running", "completed"] }[status] ?? [status];
      const read = await as(target, auth).get(`/v1/simulations/${made.body.id}`).expect(200);
      expect(next, status).toContain(read.body.status);
      expect(read.body.error, status).toBe(status === "failed" ? "The panel provider timed out." : null);
      if (status === "completed") expect(read.body.results).not.toBeNull();
      if (status === "planned") expect(read.body.plan).not.toBeNull();
    }
    const unknownGoal = await target
      .http()
      .post("/__mock/simulations")
      .send({ caller, status: "completed", simulation: { ...simulation, goal: "no_such_goal" } });
    expect(unknownGoal.status).toBe(400);
    expect(unknownGoal.body.detail).toMatch(/^Unknown goal 'no_such_goal'/);
    // The caller as an authorization header has it is the same caller; "Bearer" alone names none.
    const bearer = await target
      .http()
      .post("/__mock/simulations")
      .send({ caller: auth, status: "planning", simulation });
    expect((await as(target, auth).get(`/v1/simulations/${bearer.body.id}`)).status).toBe(200);
    const nobody = await target
      .http()
      .post("/__mock/simulations")
      .send({ caller: "Bearer", status: "planning", simulation });
    expect(nobody.status).toBe(400);
  });
});

describe("the request journal", { rules: ["MOCK-CONTROL-API"], needs: ["control:journal"] }, () => {
  it(
    "should record each API request with its template, caller, bodies, status and the rules applied",
    MOCK,
    async () => {
      const { org, auth } = freshOrg();
      const token = auth.slice("Bearer ".length);
      const userModelId = await visibleUserModelId(target, auth);
      const created = await as(target, auth).post("/v1/simulations", conceptTestBody(userModelId));
      const read = await as(target, auth).get(`/v1/simulations/${created.body.id}?view=full`).expect(200);
      await as(target, auth).get("/v1/simulations/not-a-uuid").expect(422);

      const all = await target.http().get("/__mock/requests").query({ organisation: org }).expect(200);
      expect(all.body.requests.map((e: { method: string; template: string }) => `${e.method} ${e.template}`)).toEqual([
        "GET /v1/user-models",
        "POST /v1/simulations",
        "GET /v1/simulations/{simulation_id}",
        "GET /v1/simulations/{simulation_id}",
      ]);
      const post = all.body.requests[1];
      expect(post).toMatchObject({
        path: "/v1/simulations",
        caller: token,
        organisation: org,
        request_body: conceptTestBody(userModelId),
        status: 201,
        response_body: created.body,
        fault: null,
      });
      // The kit asks a mock on the system clock for short phases (fast-phases) on its own POSTs: nothing else applied.
      expect(post.scenarios.filter((s: { scenario: string }) => s.scenario !== "fast-phases")).toEqual([]);
      expect(all.body.requests[2].query).toEqual({ view: "full" });
      expect(all.body.requests[2].response_body).toEqual(read.body);

      const filtered = await target
        .http()
        .get("/__mock/requests")
        .query({ caller: token, template: "/v1/simulations/{simulation_id}", status: 422 });
      expect(filtered.body.requests).toHaveLength(1);
      expect(filtered.body.requests[0].path).toBe("/v1/simulations/not-a-uuid");
      const since = await target.http().get("/__mock/requests").query({ caller: token, since: post.id });
      expect(since.body.requests).toHaveLength(2);
      const count = await target.http().get("/__mock/requests/count").query({ caller: token, method: "GET" });
      expect(count.body).toEqual({ count: 3 });
    },
  );

  it("should export the journal as HAR 1.2 with the same filters, credentials redacted", MOCK, async () => {
    const { org, auth } = freshOrg();
    const userModelId = await visibleUserModelId(target, auth);
    const created = await as(target, auth).post("/v1/simulations", conceptTestBody(userModelId)).expect(201);
    const har = await target.http().get("/__mock/requests/har").query({ organisation: org }).expect(200);
    const entries = har.body.log.entries;
    expect(har.body.log.version).toBe("1.2");
    expect(entries.map((e: { request: { method: string } }) => e.request.method)).toEqual(["GET", "POST"]);
    expect(entries[1].request.url).toMatch(/\/v1\/simulations$/);
    expect(JSON.parse(entries[1].request.postData.text)).toEqual(conceptTestBody(userModelId));
    expect(entries[1].response.status).toBe(201);
    expect(JSON.parse(entries[1].response.content.text)).toEqual(created.body);
    expect(JSON.stringify(har.body)).not.toContain(auth.slice("Bearer ".length));
    const headers = entries.map(
      (e: { request: { headers: Array<{ name: string; value: string }> } }) =>
        e.request.headers.find((h) => h.name === "authorization")?.value,
    );
    expect(headers).toEqual(["redacted caller 1", "redacted caller 1"]);
  });

  it("should not record the control API itself, and DELETE should empty it", IN_PROCESS, async () => {
    const small = smallJournal;
    await small.http().get("/v1/user-models").expect(200);
    await small.http().get("/__mock/clock").expect(200);
    expect((await small.http().get("/__mock/requests/count")).body).toEqual({ count: 1 });
    await small.http().delete("/__mock/requests").expect(204);
    expect((await small.http().get("/__mock/requests/count")).body).toEqual({ count: 0 });
  });

  it("should keep only the last --journal-size requests", IN_PROCESS, async () => {
    const small = smallJournal;
    for (let i = 0; i < 8; i++) await small.http().get(`/v1/user-models?n=${i}`).expect(200);
    const res = await small.http().get("/__mock/requests").expect(200);
    expect(res.body.requests.map((e: { query: { n: string } }) => e.query.n)).toEqual(["3", "4", "5", "6", "7"]);
  });
});

describe("organisation contexts and user models", {
  rules: ["MOCK-CONTROL-API"],
  needs: ["control:org-fixtures"],
}, () => {
  it(
    "should create an organisation context that every caller of the organisation sees, and no one else",
    MOCK,
    async () => {
      const { org, auth } = freshOrg();
      const created = await target
        .http()
        .post(`/__mock/orgs/${org}/contexts`)
        .send({ name: "Brand book", body: "Our voice: plain, warm, never salesy." });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: "Brand book", scope: "organisation", body: expect.any(String) });
      const colleague = newCaller(org);
      const seen = await as(target, colleague).get("/v1/contexts").expect(200);
      expect(seen.body).toEqual([expect.objectContaining({ id: created.body.id, scope: "organisation" })]);
      // With no context of their own, a new project plans against the organisation's.
      expect((await createProject(target, auth)).context_id).toBe(created.body.id);
      await as(target, newCaller()).get(`/v1/contexts/${created.body.id}`).expect(404);
    },
  );

  it(
    "should create an organisation user model: owned_by_org, usable in a simulation, readable as a population",
    MOCK,
    async () => {
      const { org, auth } = freshOrg();
      const created = await target
        .http()
        .post(`/__mock/orgs/${org}/user-models`)
        .send({
          name: "Our customer panel",
          description: "Opted-in customers of the last twelve months.",
          metadata: { country: "GB" },
        });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: "Our customer panel",
        owned_by_org: true,
        metadata: { country: "GB" },
      });
      const models = await as(target, auth).get("/v1/user-models").expect(200);
      expect(models.body.filter((m: { owned_by_org: boolean }) => m.owned_by_org)).toEqual([created.body]);
      const population = await as(target, auth).get(`/v1/populations/${created.body.id}`).expect(200);
      expect(population.body.data).toMatchObject({ id: created.body.id, name: "Our customer panel", public: false });
      const simulation = await as(target, auth).post("/v1/simulations", conceptTestBody(created.body.id));
      expect(simulation.status).toBe(201);
      await as(target, newCaller()).get(`/v1/populations/${created.body.id}`).expect(404);
    },
  );

  it("should give the demo organisation an organisation context and user model from fixtures", {
    ...MOCK,
    needs: ["demo-caller"],
  }, async () => {
    const models = await target.http().get("/v1/user-models").expect(200);
    const own = models.body.filter((m: { owned_by_org: boolean }) => m.owned_by_org);
    expect(own.map((m: { name: string }) => m.name)).toEqual(["Weeknight subscribers (customer panel)"]);
    const contexts = await target.http().get("/v1/contexts").expect(200);
    expect(contexts.body.filter((c: { scope: string }) => c.scope === "organisation")).toHaveLength(1);
  });
});

describe("POST /__mock/reset", { rules: ["MOCK-CONTROL-API"] }, () => {
  it(
    "should take everything back to the start: state, clock, journal, scenarios, and the demo world",
    IN_PROCESS,
    async () => {
      const first = await fresh.http().get("/v1/simulations").expect(200);
      const caller = newCaller();
      await createResearch(fresh, caller);
      await fresh
        .http()
        .put("/__mock/scenarios")
        .send({ scenarios: ["server-error"] })
        .expect(200);
      await fresh.http().post("/__mock/clock/advance").send({ ms: 3_600_000 }).expect(200);
      await fresh.http().post("/__mock/reset").send({}).expect(204);

      expect((await fresh.http().get("/__mock/clock")).body.now).toBe("2026-03-01T09:00:00.000Z");
      expect((await fresh.http().get("/__mock/scenarios")).body.active).toEqual({ global: [], organisations: {} });
      expect((await fresh.http().get("/__mock/requests/count")).body).toEqual({ count: 0 });
      expect((await as(fresh, caller).get("/v1/simulations")).body).toEqual([]);
      // The demo world is built again, the same bytes as the first time.
      const again = await fresh.http().get("/v1/simulations").expect(200);
      expect(again.text).toBe(first.text);
    },
  );
});

describe("--control-token", { rules: ["MOCK-CONTROL-API"] }, () => {
  it(
    "should answer the control API only with the right x-mock-control-token, and leave /v1 open",
    IN_PROCESS,
    async () => {
      const missing = await guarded.http().get("/__mock");
      expect(missing.status).toBe(401);
      expect(missing.body.detail).toMatch(/x-mock-control-token/);
      expect((await guarded.http().post("/__mock/reset").set("x-mock-control-token", "guess")).status).toBe(403);
      const right = await guarded.http().get("/__mock").set("x-mock-control-token", "s3cret").expect(200);
      expect(JSON.stringify(right.body.options)).not.toContain("s3cret");
      await guarded.http().get("/v1/user-models").expect(200);
    },
  );
});

describe("--no-control", { rules: ["MOCK-CONTROL-API"] }, () => {
  it("should serve no /__mock route and document none", IN_PROCESS, async () => {
    expect((await closed.http().get("/__mock")).status).toBe(404);
    expect((await closed.http().post("/__mock/clock/advance").send({ ms: 1 })).status).toBe(404);
    const document = await closed.http().get("/openapi.json").expect(200);
    expect(Object.keys(document.body.paths).filter((path) => path.startsWith("/__mock"))).toEqual([]);
    expect(document.body.tags.map((tag: { name: string }) => tag.name)).not.toContain("mock");
  });
});
