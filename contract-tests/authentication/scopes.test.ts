/**
 * Spec "Authentication": every endpoint takes an optional `authorization` header, and results are scoped to the caller
 * and the caller's organisation (own simulations, own and organisation contexts, own and public user models). The
 * spec shows neither the header's format nor the answer to a missing or invalid one: those are the mock's choices
 * (callers.test.ts, authorization-header.test.ts, README.md).
 */
import { as } from "../support/client.js";
import { conceptTestBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, forServed, it, unobservable } from "../support/harness.js";
import { createResearch, expectAcceptedWithout, untilStatus } from "../support/simulations.js";
import { named, newCaller, otherOrgCaller, sameOrgCallers, useTarget } from "../support/target.js";

const target = useTarget();

type Body = Record<string, unknown>;

describe("the authorization header", { readOnly: true }, () => {
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
});

/**
 * The user models the caller's organisation owns. A made-up caller of a bss-mock owns none: the control API gives its
 * organisation one where it can (POST /__mock/orgs/{org}/user-models).
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
