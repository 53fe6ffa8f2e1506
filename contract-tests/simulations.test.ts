import { describe, expect, it } from "vitest";
import { as } from "./support/client.js";
import { conceptTestBody, visibleUserModelId } from "./support/fixtures.js";
import { postResearch } from "./support/simulations.js";
import { MOCK, NIL_UUID, newCaller, SPEC, useTarget } from "./support/target.js";

const target = useTarget();

function createSimulation(auth: string, extra: Record<string, unknown> = {}) {
  return postResearch(target, auth, extra);
}

describe("create simulation", SPEC, () => {
  it("should return 201 at once with status planning and the fields given", async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(target, auth);
    const res = await as(target, auth).post(
      "/v1/simulations",
      conceptTestBody(userModelId, { title: "Caffeine cup concept" }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      mode: "research",
      goal: "concept_test",
      user_model_ids: [userModelId],
      title: "Caffeine cup concept",
      project_id: null,
      round_id: null,
      status: "planning",
    });
    expect(res.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("should be readable by its creator and not by another caller", async () => {
    const auth = newCaller();
    const created = await createSimulation(auth);
    const mine = await as(target, auth).get(`/v1/simulations/${created.body.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(created.body.id);
    const theirs = await as(target, newCaller()).get(`/v1/simulations/${created.body.id}`);
    expect(theirs.status).toBe(404);
  });

  it("should refuse a well-formed survey design in journey mode with 400", async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(target, auth);
    const res = await as(target, auth).post("/v1/simulations", {
      mode: "journey",
      goal: "usability_test",
      inputs: { start_url: "https://shop.example.com", task: "Buy a gift card" },
      user_model_ids: [userModelId],
      survey_design: { custom_questions: [{ question_text: "How easy was it?" }] },
    });
    expect(res.status).toBe(400);
  });
});

describe("create simulation: the mock's refusals", MOCK, () => {
  it("should answer 404 naming the resource for an unknown user model", async () => {
    const res = await as(target, newCaller()).post("/v1/simulations", conceptTestBody(NIL_UUID));
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/User model/);
  });

  it("should answer 400 for a goal the mode does not have", async () => {
    const res = await createSimulation(newCaller(), { goal: "usability_test" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("usability_test");
  });

  it("should answer 400 naming the input id when inputs miss a required input, never 422", async () => {
    const res = await createSimulation(newCaller(), { inputs: { product_name: "Cuppa" } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("'concept'");
  });

  it("should say in plain words what a list input expects", MOCK, async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(target, auth);
    const res = await as(target, auth).post("/v1/simulations", {
      mode: "research",
      goal: "message_test",
      inputs: { messages: "Know your dose" },
      user_model_ids: [userModelId],
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("'messages'");
    expect(res.body.detail).toMatch(/an array of non-empty strings/);
  });

  it("should answer 400 when round_id is given without project_id", async () => {
    const res = await createSimulation(newCaller(), { round_id: NIL_UUID });
    expect(res.status).toBe(400);
  });

  it("should answer 404 for a project the caller cannot see", async () => {
    const res = await createSimulation(newCaller(), { project_id: NIL_UUID });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Project not found" });
  });

  it("should represent the mock's extra fields with nulls before planning", async () => {
    const res = await createSimulation(newCaller());
    expect(res.body).toMatchObject({
      plan: null,
      progress: null,
      synthesis: null,
      markdown: null,
      results: null,
      error: null,
      public: false,
      share_url: null,
      planned_at: null,
      started_at: null,
      completed_at: null,
    });
    expect(res.body.created_at).toMatch(/Z$/);
  });
});

describe("list simulations", SPEC, () => {
  it("should list only the caller's simulations, newest first", async () => {
    const auth = newCaller();
    const first = await createSimulation(auth, { title: "first" });
    const second = await createSimulation(auth, { title: "second" });
    await createSimulation(newCaller(), { title: "someone else's" });
    const res = await as(target, auth).get("/v1/simulations").expect(200);
    expect(res.body.map((s: { id: string }) => s.id)).toEqual([second.body.id, first.body.id]);
  });

  it("should apply limit and status_filter", async () => {
    const auth = newCaller();
    for (let i = 0; i < 3; i++) await createSimulation(auth);
    const limited = await as(target, auth).get("/v1/simulations?limit=2").expect(200);
    expect(limited.body).toHaveLength(2);
    const none = await as(target, auth).get("/v1/simulations?status_filter=completed").expect(200);
    expect(none.body).toEqual([]);
  });

  it("should default limit to 20", async () => {
    const auth = newCaller();
    for (let i = 0; i < 21; i++) await createSimulation(auth);
    const res = await as(target, auth).get("/v1/simulations").expect(200);
    expect(res.body).toHaveLength(20);
  });
});

describe("state rules on a planning simulation", SPEC, () => {
  it("should refuse delete with 409 while planning", async () => {
    const auth = newCaller();
    const created = await createSimulation(auth);
    const res = await as(target, auth).delete(`/v1/simulations/${created.body.id}`);
    expect(res.status).toBe(409);
  });

  it("should refuse run and plan edit with 409 while planning", async () => {
    const auth = newCaller();
    const created = await createSimulation(auth);
    const run = await as(target, auth).post(`/v1/simulations/${created.body.id}/run`);
    expect(run.status).toBe(409);
    const plan = await as(target, auth).patch(`/v1/simulations/${created.body.id}/plan`, {
      question_text: "Would you buy it?",
    });
    expect(plan.status).toBe(409);
  });
});

describe("move and share", SPEC, () => {
  it("should move a simulation without a project into the project's first round, then refuse a second move", async () => {
    const auth = newCaller();
    const created = await createSimulation(auth);
    const project = await as(target, auth).post("/v1/projects", {}).expect(201);
    const moved = await as(target, auth).patch(`/v1/simulations/${created.body.id}`, { project_id: project.body.id });
    expect(moved.status).toBe(200);
    expect(moved.body.project_id).toBe(project.body.id);
    const got = await as(target, auth).get(`/v1/projects/${project.body.id}`).expect(200);
    expect(got.body.rounds).toHaveLength(1);
    expect(got.body.rounds[0].simulations.map((s: { id: string }) => s.id)).toEqual([created.body.id]);
    expect(moved.body.round_id).toBe(got.body.rounds[0].id);

    const again = await as(target, auth).patch(`/v1/simulations/${created.body.id}`, { project_id: project.body.id });
    expect(again.status).toBe(409);
  });

  it("should share a simulation: public true and a URL that serves it without authorization", async () => {
    const auth = newCaller();
    const created = await createSimulation(auth, { title: "Shared concept" });
    const shared = await as(target, auth).post(`/v1/simulations/${created.body.id}/share`);
    expect(shared.status).toBe(200);
    expect(typeof shared.body.url).toBe("string");
    const after = await as(target, auth).get(`/v1/simulations/${created.body.id}`);
    expect(after.body.public).toBe(true);
    const page = await fetch(shared.body.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Shared concept");
  });
});

describe("share page", MOCK, () => {
  it("should serve JSON with Accept: application/json and 404 for a simulation that was not shared", async () => {
    const auth = newCaller();
    const created = await createSimulation(auth);
    const hidden = await target.http().get(`/v1/public/simulations/${created.body.id}`);
    expect(hidden.status).toBe(404);
    const shared = await as(target, auth).post(`/v1/simulations/${created.body.id}/share`);
    expect(shared.body.url).toBe(`${target.baseUrl}/v1/public/simulations/${created.body.id}`);
    const json = await target.http().get(`/v1/public/simulations/${created.body.id}`).set("accept", "application/json");
    expect(json.status).toBe(200);
    expect(json.body.id).toBe(created.body.id);
  });
});
