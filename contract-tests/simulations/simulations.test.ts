import { as } from "../support/client.js";
import { conceptTestBody, goalFor, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, forRule, it, MOCK, SPEC, unobservable } from "../support/harness.js";
import type { Response } from "../support/http.js";
import {
  createProject,
  createResearch,
  expectAcceptedWithout,
  expectDeleteRefused,
  postResearch,
  runToCompletion,
  seenPlanning,
  untilStatus,
} from "../support/simulations.js";
import { NIL_UUID, named, newCaller, otherOrgCaller, useTarget } from "../support/target.js";
import { expectOrder, stringsIn } from "../support/values.js";

const target = useTarget();

function createSimulation(auth: string, extra: Record<string, unknown> = {}) {
  return postResearch(target, auth, extra);
}

describe("create simulation", SPEC, () => {
  // One create, judged by four rules each on its own part of the answer.
  let creation: Promise<{ userModelId: string; res: Response }> | undefined;
  const created = () => {
    creation ??= (async () => {
      const auth = newCaller();
      const userModelId = await visibleUserModelId(target, auth);
      const res = await as(target, auth).post(
        "/v1/simulations",
        conceptTestBody(userModelId, { title: named("Caffeine cup concept") }),
      );
      return { userModelId, res };
    })();
    return creation;
  };
  /** The create's answer when it was a 201; its status is SIM-CREATE-201's to judge, the other rules' set-up. */
  const answer = async () => {
    const { res } = await created();
    if (res.status !== 201) unobservable(`set-up failed: POST /v1/simulations answered ${res.status} (SIM-CREATE-201)`);
    return res.body as Record<string, unknown>;
  };

  it("should return 201 at once with the new simulation", { rules: ["SIM-CREATE-201"] }, async () => {
    const { userModelId, res } = await created();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      mode: "research",
      goal: goalFor("research").goal,
      user_model_ids: [userModelId],
      project_id: null,
      round_id: null,
    });
  });

  // The create's own answer, so a broken status fails here under its rule rather than making a set-up step not
  // applicable (states/ follows the same simulation on from planning).
  it("should create in status planning", { rules: ["SIM-CREATE-PLANNING"] }, async () => {
    expect((await answer()).status).toBe("planning");
  });

  it("should give the new simulation a uuid id", { rules: ["SIM-FIELD-ID"] }, async () => {
    expect((await answer()).id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("should keep the title given", { rules: ["SIM-CREATE-TITLE"] }, async () => {
    expect((await answer()).title).toBe(named("Caffeine cup concept"));
  });

  it("should refuse a simulation of no user model (user_model_ids one or more)", {
    rules: ["SIM-CREATE-USER-MODELS-REQUIRED"],
  }, async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(target, auth);
    const res = await as(target, auth).post(
      "/v1/simulations",
      conceptTestBody(userModelId, { user_model_ids: [], title: named("No user model") }),
    );
    // "One or more", with no status shown for a refusal: any 4xx (422 from a list's minimum length, or a 400).
    expect(res.status, `user_model_ids: []: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    await expectAcceptedWithout(target, auth, conceptTestBody(userModelId), "the empty list of user models");
  });

  it("should be readable by its creator", { rules: ["SIM-GET"] }, async () => {
    const auth = newCaller();
    const created = await createSimulation(auth);
    const mine = await as(target, auth).get(`/v1/simulations/${created.body.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(created.body.id);
  });

  it("should not be readable by another organisation's caller", {
    rules: ["SCOPE-OWN-SIMULATIONS"],
    needs: ["other-org"],
  }, async () => {
    const created = await createSimulation(newCaller());
    const theirs = await as(target, otherOrgCaller()).get(`/v1/simulations/${created.body.id}`);
    // The spec leaves the status of another caller's simulation open (404 or 403): never a 2xx.
    expect(theirs.status).toBeGreaterThanOrEqual(400);
    expect(theirs.status).toBeLessThan(500);
  });
});

describe("create simulation in a project", SPEC, () => {
  it("should create in a project with no context_id", { rules: ["SIM-CREATE-CONTEXT-ID"] }, async () => {
    const auth = newCaller();
    const project = await createProject(target, auth, { name: named("No context") });
    const res = await createSimulation(auth, { project_id: project.id });
    expect(res.status).toBe(201);
  });
});

describe("create simulation: the mock's refusals", { ...MOCK, rules: ["MOCK-CREATE-REFUSALS"] }, () => {
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
  it("should list a project's simulations with project_id, newest first, and only those in a status with status_filter", {
    rules: ["SIM-LIST-PROJECT-FILTER", "SIM-LIST-STATUS-FILTER", "SIM-LIST-NEWEST-FIRST"],
  }, async () => {
    const auth = newCaller();
    const project = await createProject(target, auth, { name: named("Filters") });
    const planned = await createResearch(target, auth, { project_id: project.id });
    await untilStatus(target, auth, planned.id, "planned");
    const done = await createResearch(target, auth, { project_id: project.id });
    await runToCompletion(target, auth, done.id);
    // Outside the project, newer than both: a list that ignored project_id would show it first.
    const outside = await createResearch(target, auth);
    const list = async (query: string) => {
      const res = await as(target, auth).get(`/v1/simulations?project_id=${project.id}${query}`).expect(200);
      return (res.body as Array<{ id: string }>).map((sim) => sim.id);
    };
    const inProject = await as(target, auth).get(`/v1/simulations?project_id=${project.id}`).expect(200);
    expectOrder(inProject.body, [done.id, planned.id], "the project's simulations newest first");
    expect(await list("")).toEqual([done.id, planned.id]);
    expect(await list("&status_filter=completed")).toEqual([done.id]);
    expect(await list("&status_filter=planned")).toEqual([planned.id]);
    expect(await list("&status_filter=running")).toEqual([]);
    const all = await as(target, auth).get("/v1/simulations").expect(200);
    expect((all.body as Array<{ id: string }>).map((sim) => sim.id)).toContain(outside.id);
  });

  it("should list only the caller's simulations, newest first", {
    rules: ["SIM-LIST-OWN", "SIM-LIST-NEWEST-FIRST"],
    needs: ["other-org"],
  }, async () => {
    const auth = newCaller();
    const first = await createSimulation(auth, { title: "first" });
    const second = await createSimulation(auth, { title: "second" });
    const theirs = await createSimulation(otherOrgCaller(), { title: "someone else's" });
    const res = await as(target, auth).get("/v1/simulations").expect(200);
    const listed = res.body.map((s: { id: string }) => s.id) as string[];
    // A shared account may list more: the two made here keep their order, and the other caller's is not listed.
    expectOrder(res.body, [second.body.id, first.body.id], "the caller's simulations newest first");
    expect(listed).not.toContain(theirs.body.id);
  });

  it("should apply limit", { rules: ["SIM-LIST-LIMIT"] }, async () => {
    const auth = newCaller();
    for (let i = 0; i < 3; i++) await createResearch(target, auth);
    const limited = await as(target, auth).get("/v1/simulations?limit=2").expect(200);
    expect(limited.body).toHaveLength(2);
  });

  // Its own test, with no project (a target may not serve projects yet), so a status_filter bug is reported as such.
  it("should list only simulations in the status_filter's status", { rules: ["SIM-LIST-STATUS-FILTER"] }, async () => {
    const auth = newCaller();
    const done = await createResearch(target, auth);
    await runToCompletion(target, auth, done.id);
    const waiting = await createResearch(target, auth);
    // The one just made is not completed: the filter must leave it out (ignoring it would list it first).
    const completed = await as(target, auth).get("/v1/simulations?status_filter=completed").expect(200);
    const listed = completed.body as Array<{ id: string; status: string }>;
    for (const sim of listed) expect(sim.status, sim.id).toBe("completed");
    expect(listed.map((sim) => sim.id)).toContain(done.id);
    expect(listed.map((sim) => sim.id)).not.toContain(waiting.id);
  });

  it("should default limit to 20", { rules: ["SIM-LIST-LIMIT-DEFAULT-20"] }, async () => {
    const auth = newCaller();
    for (let i = 0; i < 21; i++) await createSimulation(auth);
    const res = await as(target, auth).get("/v1/simulations").expect(200);
    expect(res.body).toHaveLength(20);
  });
});

describe("state rules on a planning simulation", SPEC, () => {
  it("should refuse delete with 409 while planning", { rules: ["SIM-DELETE-409-PLANNING"] }, async () => {
    const auth = newCaller();
    await expectDeleteRefused(target, auth, await seenPlanning(target, auth));
  });

  it("should refuse run and plan edit with 409 while planning", {
    ...MOCK,
    rules: ["MOCK-STATE-409"],
    needs: ["observable-states"],
  }, async () => {
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
  it("should move a simulation without a project into the project's first round, then refuse a second move", {
    rules: ["SIM-MOVE-200-NO-PROJECT", "SIM-MOVE-ROUND-1", "SIM-MOVE-409-HAS-PROJECT"],
  }, async () => {
    const auth = newCaller();
    const created = await createSimulation(auth);
    const project = await createProject(target, auth);
    const moved = await as(target, auth).patch(`/v1/simulations/${created.body.id}`, { project_id: project.id });
    await forRule("SIM-MOVE-200-NO-PROJECT", () => expect(moved.status).toBe(200));
    // The move's answer body is not shown: the simulation and the project, read back, say where it went.
    const read = await as(target, auth).get(`/v1/simulations/${created.body.id}`).expect(200);
    const got = await as(target, auth).get(`/v1/projects/${project.id}`).expect(200);
    await forRule("SIM-MOVE-ROUND-1", () => {
      expect(read.body.project_id).toBe(project.id);
      expect(got.body.rounds).toHaveLength(1);
      expect(got.body.rounds[0].simulations.map((s: { id: string }) => s.id)).toEqual([created.body.id]);
      expect(read.body.round_id).toBe(got.body.rounds[0].id);
    });

    const again = await as(target, auth).patch(`/v1/simulations/${created.body.id}`, { project_id: project.id });
    await forRule("SIM-MOVE-409-HAS-PROJECT", () => expect(again.status).toBe(409));
  });

  it("should share a simulation: public true and a URL that serves it without authorization", {
    rules: ["SIM-SHARE"],
  }, async () => {
    const auth = newCaller();
    const created = await createSimulation(auth, { title: "Shared concept" });
    const shared = await as(target, auth).post(`/v1/simulations/${created.body.id}/share`);
    expect(shared.status).toBe(200);
    // The spec names no field for the URL: the answer holds one absolute http(s) URL.
    const urls = stringsIn(shared.body).filter((value) => /^https?:\/\/\S+$/.test(value));
    expect(urls).toHaveLength(1);
    const url = urls[0] as string;
    let page: globalThis.Response;
    try {
      page = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      // A share URL on another host (the web app's) that this machine cannot reach says nothing of the target.
      if (new URL(url).host !== new URL(target.baseUrl).host) {
        unobservable(
          `the share URL ${url} is on another host, which could not be reached: ${String((error as { cause?: unknown }).cause ?? error)}`,
        );
      }
      throw error;
    }
    expect(page.status).toBe(200);
    // What the page shows is not shown by the spec: the simulation, or (a web app that loads it) its id.
    const text = await page.text();
    expect(text.includes("Shared concept") || text.includes(created.body.id), text.slice(0, 200)).toBe(true);
  });
});

describe("share page", { ...MOCK, rules: ["MOCK-SHARE"] }, () => {
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
