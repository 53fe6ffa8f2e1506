import { as } from "./support/client.js";
import { olderAndNewerContext } from "./support/fixtures.js";
import { describe, expect, it, MOCK, SPEC } from "./support/harness.js";
import { invents, named, newCaller, otherOrgCaller, useTarget } from "./support/target.js";
import { expectOrder } from "./support/values.js";

const target = useTarget();

const cuppa = () => ({
  name: named("Cuppa"),
  body: "# Cuppa\nA smart reusable cup for office workers. Competitors: KeepCup.",
});

describe("contexts", SPEC, () => {
  it("should create a context (201) and return it with its full text", {
    rules: ["CONTEXT-CREATE", "CONTEXT-GET-FULL-TEXT", "CONTEXT-FIELD-NAME", "CONTEXT-FIELD-BODY"],
  }, async () => {
    const auth = newCaller();
    const context = cuppa();
    const created = await as(target, auth).post("/v1/contexts", context);
    expect(created.status).toBe(201);
    const got = await as(target, auth).get(`/v1/contexts/${created.body.id}`).expect(200);
    expect(got.body).toMatchObject(context);
    expect(typeof got.body.name).toBe("string");
    expect(typeof got.body.body).toBe("string");
  });

  it("should answer has_context false when no context exists", {
    rules: ["CONTEXT-DEFAULT-NONE"],
    needs: ["isolated-caller"],
    readOnly: true,
  }, async () => {
    const res = await as(target, newCaller()).get("/v1/context").expect(200);
    expect(res.body.has_context).toBe(false);
  });

  it("should list contexts most recently updated first", {
    rules: ["CONTEXT-LIST", "CONTEXT-LIST-UPDATED-FIRST"],
  }, async () => {
    const auth = newCaller();
    const { older, newer } = await olderAndNewerContext(target, auth);
    const res = await as(target, auth).get("/v1/contexts").expect(200);
    // A shared account (--token) may list contexts other tests made meanwhile, anywhere: the two made here keep their
    // order (black-box-5 #3). A caller of its own has nothing else to list: they come first.
    expectOrder(res.body, [newer.id, older.id], "the caller's contexts most recently updated first");
    if (invents())
      expect((res.body as Array<{ id: string }>).slice(0, 2).map((c) => c.id)).toEqual([newer.id, older.id]);
  });

  it("should answer the caller's most recently updated context as the default", {
    rules: ["CONTEXT-DEFAULT"],
    needs: ["isolated-caller"],
  }, async () => {
    const auth = newCaller();
    const { newer } = await olderAndNewerContext(target, auth);
    const res = await as(target, auth).get("/v1/context").expect(200);
    expect(res.body).toMatchObject({ name: newer.name, body: "b" });
  });

  it("should refuse a context without name or body with 422", {
    rules: ["CONTEXT-CREATE-FIELDS-REQUIRED", "VALIDATION-422"],
    readOnly: true,
  }, async () => {
    const auth = newCaller();
    for (const body of [{ body: "b" }, { name: "n" }]) {
      const res = await as(target, auth).post("/v1/contexts", body);
      expect(res.status).toBe(422);
    }
  });

  it("should keep a context from another organisation's callers", {
    rules: ["SCOPE-ORG-CONTEXTS"],
    needs: ["other-org"],
  }, async () => {
    const auth = newCaller();
    const created = await as(target, auth).post("/v1/contexts", cuppa()).expect(201);
    const stranger = otherOrgCaller();
    const other = await as(target, stranger).get(`/v1/contexts/${created.body.id}`);
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(other.status).toBeLessThan(500);
    const list = await as(target, stranger).get("/v1/contexts").expect(200);
    expect((list.body as Array<{ id: string }>).map((c) => c.id)).not.toContain(created.body.id);
  });
});

describe("contexts: the mock's choices", { ...MOCK, rules: ["MOCK-CONTEXTS"] }, () => {
  it("should return the newest own context as the default with has_context true", async () => {
    const auth = newCaller();
    const context = cuppa();
    const created = await as(target, auth).post("/v1/contexts", context).expect(201);
    const res = await as(target, auth).get("/v1/context").expect(200);
    expect(res.body).toMatchObject({ id: created.body.id, has_context: true, ...context, scope: "user" });
  });

  it("should keep the list free of bodies and hide other callers' contexts", {
    rules: ["MOCK-VISIBILITY"],
  }, async () => {
    const auth = newCaller();
    const created = await as(target, auth).post("/v1/contexts", cuppa()).expect(201);
    const list = await as(target, auth).get("/v1/contexts").expect(200);
    expect(list.body[0]).not.toHaveProperty("body");
    const other = await as(target, newCaller()).get(`/v1/contexts/${created.body.id}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: "Context not found" });
  });

  it("should use the caller's newest context as a new project's context", async () => {
    const auth = newCaller();
    const created = await as(target, auth).post("/v1/contexts", cuppa()).expect(201);
    const project = await as(target, auth).post("/v1/projects", {}).expect(201);
    expect(project.body.context_id).toBe(created.body.id);
  });
});
