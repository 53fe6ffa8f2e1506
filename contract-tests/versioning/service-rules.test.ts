/**
 * Rules about the service as a whole (spec "Endpoints", "Authentication", "Versioning", the user-models-and-schema
 * table): the /v1 prefix, JSON bodies, the schema endpoint, callers' scopes, the deprecated names and batches.
 * Batches and the deprecated create operations are named by the spec without their bodies: the suite sends
 * bss-mock's, and where a target refuses them those rules are not applicable.
 */

import { goalIds, goalListEntries } from "../../src/kit/contract/goals.js";
import { as } from "../support/client.js";
import { conceptTestBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, forRule, forServed, it, unobservable } from "../support/harness.js";
import { createdId, type InsightRequest, insightBody } from "../support/insight-bodies.js";
import { createResearch, expectAcceptedWithout, untilStatus } from "../support/simulations.js";
import { named, newCaller, otherOrgCaller, sameOrgCallers, useTarget } from "../support/target.js";
import { stringsIn } from "../support/values.js";

const target = useTarget();

type Body = Record<string, unknown>;

describe("the service", { readOnly: true }, () => {
  it("should serve the API under /v1 only", { rules: ["PATH-PREFIX-V1"] }, async () => {
    const auth = newCaller();
    expect((await as(target, auth).get("/v1/user-models")).status).toBe(200);
    for (const path of ["/user-models", "/simulations", "/v2/user-models"]) {
      const res = await as(target, auth).get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it("should answer JSON bodies as JSON", { rules: ["JSON-BODIES"] }, async () => {
    const auth = newCaller();
    for (const path of [
      "/v1/user-models",
      "/v1/simulations",
      "/v1/projects",
      "/v1/contexts",
      "/v1/simulations/not-a-uuid",
    ]) {
      const res = await as(target, auth).get(path);
      expect(res.headers["content-type"], path).toMatch(/^application\/(.+\+)?json\b/);
      expect(() => JSON.parse(res.text), path).not.toThrow();
    }
  });

  it("should accept an authorization header on every endpoint it reads", {
    rules: ["AUTH-OPTIONAL-HEADER"],
  }, async () => {
    const auth = newCaller();
    await forServed(
      ["/v1/user-models", "/v1/simulations", "/v1/projects", "/v1/contexts", "/v1/context"],
      async (path) => {
        expect((await as(target, auth).get(path)).status, path).toBe(200);
      },
    );
  });

  it("should list a mode's goals without goal, and a goal's input schema with it", {
    rules: ["SCHEMA-GOALS-LIST", "SCHEMA-GOAL-INPUTS"],
  }, async () => {
    const auth = newCaller();
    for (const mode of ["research", "journey"]) {
      const list = await as(target, auth).get(`/v1/simulation-schema?mode=${mode}`);
      // The list's shape and the names in it are not shown: any list (or object of goals) with an entry will do.
      await forRule("SCHEMA-GOALS-LIST", () => {
        expect(list.status, mode).toBe(200);
        expect(goalListEntries(list.body), `${mode}: goals listed`).toBeGreaterThan(0);
      });
      // Which of an entry's strings is the goal id is not shown either: the first the schema endpoint takes.
      let schema: { body: unknown } | undefined;
      for (const goal of goalIds(list.body).slice(0, 16)) {
        const res = await as(target, auth).get(`/v1/simulation-schema?mode=${mode}&goal=${encodeURIComponent(goal)}`);
        if (res.status === 200) {
          schema = res;
          break;
        }
      }
      await forRule("SCHEMA-GOAL-INPUTS", () => {
        expect(schema, `${mode}: no entry of the goal list is answered with a schema`).toBeDefined();
        expect(typeof schema?.body).toBe("object");
        expect(schema?.body).not.toEqual(list.body);
      });
    }
  });
});

/**
 * The user models the caller's organisation owns. A made-up caller of a bss-mock owns none: the control API gives its
 * organisation one where it can (PLAN.md: POST /__mock/orgs/{org}/user-models).
 */
async function ownedModels(auth: string): Promise<Body[]> {
  const read = async () => {
    const res = await as(target, auth).get("/v1/user-models").expect(200);
    return (res.body as Body[]).filter((m) => m.owned_by_org === true);
  };
  const owned = await read();
  if (owned.length > 0 || !target.info.capabilities.has("org-fixtures")) return owned;
  const org = auth.slice(auth.lastIndexOf("@") + 1);
  const made = await target
    .http()
    .post(`/__mock/orgs/${encodeURIComponent(org)}/user-models`)
    .send({ name: named("Own panel"), description: "An organisation's own user model" })
    .unchecked();
  return made.status < 300 ? read() : owned;
}

/** The caller's simulations name none titled `title`: a refused create left nothing behind. */
async function expectNotCreated(auth: string, title: string): Promise<void> {
  const list = await as(target, auth).get("/v1/simulations").expect(200);
  expect(
    (list.body as Body[]).map((s) => s.title),
    "the caller's simulations after the refused create",
  ).not.toContain(title);
}

describe("callers' scopes", () => {
  it("should keep a simulation to its caller: a colleague of the same organisation cannot read it or list it", {
    rules: ["SCOPE-CALLER", "SCOPE-OWN-SIMULATIONS"],
    needs: ["same-org"],
  }, async () => {
    const [owner, colleague] = sameOrgCallers();
    const sim = await createResearch(target, owner, { title: named("Mine") });
    const read = await as(target, colleague).get(`/v1/simulations/${sim.id}`);
    expect(read.status).toBeGreaterThanOrEqual(400);
    expect(read.status).toBeLessThan(500);
    const list = await as(target, colleague).get("/v1/simulations").expect(200);
    expect((list.body as Body[]).map((s) => s.id)).not.toContain(sim.id);
  });

  it("should keep a simulation's writes to its caller: another organisation cannot delete, run, edit or share it", {
    rules: ["SCOPE-OWN-SIMULATIONS"],
    needs: ["other-org"],
  }, async () => {
    const owner = newCaller();
    const created = await createResearch(target, owner, { title: named("Not theirs") });
    const before = await untilStatus<Body & { id: string }>(target, owner, created.id, "planned");
    const stranger = as(target, otherOrgCaller());
    const path = `/v1/simulations/${created.id}`;
    // The spec leaves the status open (403 or 404): any 4xx, and nothing changed.
    for (const [what, res] of [
      ["PATCH …/plan", await stranger.patch(`${path}/plan`, { question_text: "Rewritten by a stranger?" })],
      ["POST …/share", await stranger.post(`${path}/share`)],
      ["POST …/run", await stranger.post(`${path}/run`)],
      ["DELETE", await stranger.delete(path)],
    ] as const) {
      expect(res.status, `${what} by another organisation`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${what} by another organisation`).toBeLessThan(500);
    }
    const after = await as(target, owner).get(path).expect(200);
    expect(after.body, "the simulation after another organisation's writes").toEqual(before);
  });

  it("should refuse a simulation of another organisation's private user model, creating nothing", {
    rules: ["SCOPE-CREATE-USER-MODELS"],
    needs: ["other-org"],
  }, async () => {
    const caller = newCaller();
    const visible = new Set(
      ((await as(target, caller).get("/v1/user-models").expect(200)).body as Body[]).map((m) => m.id),
    );
    // Private to the other organisation: owned by it and not in the caller's list (a shared public one proves nothing).
    const foreign = (await ownedModels(otherOrgCaller())).find((m) => !visible.has(m.id));
    if (!foreign) unobservable("the other organisation owns no user model the caller cannot see (the API makes none)");
    const title = named("Another organisation's model");
    const res = await as(target, caller).post("/v1/simulations", conceptTestBody(foreign.id as string, { title }));
    // The spec does not show the status for what a caller may not use (404, 403, 400, 422 all refuse): any 4xx.
    expect(
      res.status,
      `create with another organisation's user model: ${res.text.slice(0, 200)}`,
    ).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    await expectNotCreated(caller, title);
    await expectAcceptedWithout(
      target,
      caller,
      conceptTestBody(await visibleUserModelId(target, caller), { title: named("Own model") }),
      "another organisation's user model",
    );
  });

  it("should refuse a simulation or project planned against another organisation's context, creating nothing", {
    rules: ["SCOPE-CREATE-CONTEXTS"],
    needs: ["other-org"],
  }, async () => {
    const caller = newCaller();
    const theirs = await as(target, otherOrgCaller())
      .post("/v1/contexts", { name: named("Their context"), body: "Another organisation's product" })
      .expect(201);
    const own = await as(target, caller)
      .post("/v1/contexts", { name: named("Own context"), body: "The caller's product" })
      .expect(201);
    const userModelId = await visibleUserModelId(target, caller);
    // Both creates the spec lets name a context; a target that has no projects is judged on simulations alone.
    await forServed(["/v1/simulations", "/v1/projects"] as const, async (path) => {
      const title = named(`On their context via ${path}`);
      const body = (contextId: unknown, name: string) =>
        path === "/v1/simulations"
          ? conceptTestBody(userModelId, { title: name, context_id: contextId })
          : { name, context_id: contextId };
      const res = await as(target, caller).post(path, body(theirs.body.id, title));
      expect(
        res.status,
        `POST ${path} with another organisation's context: ${res.text.slice(0, 200)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      if (path === "/v1/simulations") await expectNotCreated(caller, title);
      await expectAcceptedWithout(
        target,
        caller,
        body(own.body.id, named("On the own context")),
        "another organisation's context",
        path,
      );
    });
  });

  it("should show each organisation its own user models and the public ones, never another organisation's", {
    rules: ["SCOPE-USER-MODELS"],
    needs: ["other-org"],
  }, async () => {
    const auth = newCaller();
    const owned = await ownedModels(auth);
    if (owned.length === 0) unobservable("the caller's organisation owns no user model");
    const theirs = await as(target, otherOrgCaller()).get("/v1/user-models").expect(200);
    const visible = (theirs.body as Body[]).map((m) => m.id);
    for (const model of owned) expect(visible).not.toContain(model.id);
    const publicModels = (theirs.body as Body[]).filter((m) => m.owned_by_org === false).map((m) => m.id);
    expect(publicModels.length).toBeGreaterThan(0);
    // An organisation with models of its own still sees the public ones.
    const mine = ((await as(target, auth).get("/v1/user-models").expect(200)).body as Body[]).map((m) => m.id);
    expect(mine).toEqual(expect.arrayContaining(publicModels));
  });
});

describe("versioning", () => {
  const OPTIONS = ["Yes", "No", "Not sure"];
  async function population(auth: string) {
    return visibleUserModelId(target, auth);
  }

  /** Sends the same request to the current and the deprecated path, each with its body from the target's document. */
  async function both(auth: string, current: string, old: string, request: InsightRequest) {
    const bodies = [insightBody(target, current, request), insightBody(target, old, request)];
    for (const body of bodies) if (typeof body === "string") unobservable(body);
    const now = await as(target, auth).post(current, bodies[0] as Body);
    if (now.status >= 300) unobservable(`POST ${current} refused the body (${now.status}): ${now.text.slice(0, 200)}`);
    return { now, deprecated: await as(target, auth).post(old, bodies[1] as Body) };
  }

  it("should accept the deprecated POST /v1/answers like POST /v1/predictions", {
    rules: ["DEPRECATED-ACCEPTED", "DEPRECATED-ANSWERS-ROUTE"],
  }, async () => {
    const auth = newCaller();
    const request = { population: await population(auth), question: "Would you try refills?", options: OPTIONS };
    const { now, deprecated } = await both(auth, "/v1/predictions", "/v1/answers", request);
    expect(deprecated.status).toBe(now.status);
    expect(Object.keys(deprecated.body as Body).sort()).toEqual(Object.keys(now.body as Body).sort());
  });

  it("should accept the deprecated POST /v1/answers/benchmark like POST /v1/tests, information_loss also under its old name", {
    rules: ["DEPRECATED-ACCEPTED", "DEPRECATED-BENCHMARK-ROUTE", "DEPRECATED-KL-NAME"],
  }, async () => {
    const auth = newCaller();
    const request = {
      population: await population(auth),
      question: "Do you recycle?",
      options: OPTIONS,
      counts: [5, 3, 2],
    };
    const { now, deprecated } = await both(auth, "/v1/tests", "/v1/answers/benchmark", request);
    await forRule("DEPRECATED-BENCHMARK-ROUTE", () => expect(deprecated.status).toBe(now.status));
    // The answer, read back: the deprecated field name carries what its replacement carries.
    const id = createdId(deprecated, request.question);
    const read = id ? await as(target, auth).get(`/v1/answers/${id}`) : deprecated;
    const data = ((read.body as { data?: Body }).data ?? (read.body as Body)) as Body;
    await forRule("DEPRECATED-KL-NAME", () => {
      expect(typeof data.information_loss).toBe("number");
      if ("kullback_leibler_divergence" in data) expect(data.kullback_leibler_divergence).toBe(data.information_loss);
    });
  });

  it("should group predictions made under one batch", { rules: ["BATCH-GROUPS"] }, async () => {
    const auth = newCaller();
    const populationId = await population(auth);
    const request = {
      population: populationId,
      question: "Would you try refills?",
      options: OPTIONS,
      batch: { name: named("Refills"), description: "Wave 1" },
    };
    const body = insightBody(target, "/v1/predictions", request);
    if (typeof body === "string") unobservable(body);
    const first = await as(target, auth).post("/v1/predictions", body);
    if (first.status >= 300)
      unobservable(`POST /v1/predictions refused the body (${first.status}): ${first.text.slice(0, 200)}`);
    const firstId = createdId(first, request.question);
    // The Answer field `batch` (shared by predictions) names the batch: read it back.
    const read = await as(target, auth).get(`/v1/predictions/${firstId}`).expect(200);
    const batch = (read.body as { data: { batch: string } }).data.batch;
    const secondBody = insightBody(target, "/v1/predictions", {
      ...request,
      question: "Where would you buy them?",
      batch: { id: batch },
    });
    if (typeof secondBody === "string") unobservable(secondBody);
    if (!JSON.stringify(secondBody).includes(batch))
      unobservable("the create body in the target's document names no batch to join");
    const second = await as(target, auth).post("/v1/predictions", secondBody);
    expect(second.status).toBeLessThan(300);
    const grouped = await as(target, auth).get(`/v1/predictions/batch/${batch}`).expect(200);
    const text = stringsIn(grouped.body);
    expect(text).toContain(named("Refills"));
    expect(text).toContain("Wave 1");
    expect(text).toContain(firstId);
    expect(text).toContain(createdId(second, "Where would you buy them?"));
  });

  it("should retest a population named by any string id (not a validation error)", {
    rules: ["RETEST-STRING-ID"],
    readOnly: true,
  }, async () => {
    // A route the target does not serve is not applicable (NotServed); one it serves answers as an envelope operation.
    const res = await as(target, newCaller()).post("/v1/populations/not-a-uuid/retest");
    expect(res.status).not.toBe(422);
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) {
      expect(Array.isArray(res.body?.errors), `a refusal of retest is an envelope with errors: ${res.text}`).toBe(true);
    }
  });
});

describe("create with a project: the project's context", () => {
  it("should create in a project with no context_id", { rules: ["SIM-CREATE-CONTEXT-ID"] }, async () => {
    const auth = newCaller();
    const project = await as(target, auth)
      .post("/v1/projects", { name: named("No context") })
      .expect(201);
    const userModelId = await visibleUserModelId(target, auth);
    const res = await as(target, auth).post(
      "/v1/simulations",
      conceptTestBody(userModelId, { project_id: project.body.id }),
    );
    expect(res.status).toBe(201);
  });
});
