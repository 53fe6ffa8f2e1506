import { randomUUID } from "node:crypto";
import { as } from "../support/client.js";
import { olderAndNewerContext } from "../support/fixtures.js";
import { describe, expect, it, MOCK, SPEC, unobservable } from "../support/harness.js";
import type { Response } from "../support/http.js";
import { invents, named, newCaller, otherOrgCaller, useTarget } from "../support/target.js";
import { expectOrder } from "../support/values.js";

const target = useTarget();

const cuppa = () => ({
  name: named("Cuppa"),
  body: "# Cuppa\nA smart reusable cup for office workers. Competitors: KeepCup.",
});

describe("contexts", SPEC, () => {
  // One context created and read back; each rule judges its own part of the exchange.
  let made: Promise<{ sent: { name: string; body: string }; created: Response; got?: Response }> | undefined;
  const exchange = () => {
    made ??= (async () => {
      const auth = newCaller();
      const sent = cuppa();
      const created = await as(target, auth).post("/v1/contexts", sent);
      const got = created.status === 201 ? await as(target, auth).get(`/v1/contexts/${created.body.id}`) : undefined;
      return { sent, created, got };
    })();
    return made;
  };
  /** The context read back, or the test not applicable when the create it stands on was refused. */
  const read = async () => {
    const { sent, created, got } = await exchange();
    if (!got) unobservable(`set-up failed: POST /v1/contexts answered ${created.status} (CONTEXT-CREATE)`);
    expect(got.status, "GET /v1/contexts/{context_id}").toBe(200);
    return { sent, context: got.body as Record<string, unknown> };
  };

  it("should create a context with 201", { rules: ["CONTEXT-CREATE"] }, async () => {
    const { created } = await exchange();
    expect(created.status, created.text.slice(0, 200)).toBe(201);
  });

  it("should return one context with its full text", { rules: ["CONTEXT-GET-FULL-TEXT"] }, async () => {
    const { sent, context } = await read();
    expect(context.body, "the context's full text").toBe(sent.body);
  });

  it("should carry the context's name as a string", { rules: ["CONTEXT-FIELD-NAME"] }, async () => {
    const { sent, context } = await read();
    expect(context.name).toBe(sent.name);
  });

  it("should carry the context's body as a markdown string, wherever a context carries it", {
    rules: ["CONTEXT-FIELD-BODY"],
  }, async () => {
    // The read leaving its body out is CONTEXT-GET-FULL-TEXT's failure; this rule judges the body's type where it is.
    const { created } = await exchange();
    const { context } = await read();
    const bodies = [created.body?.body, context.body].filter((body) => body !== undefined);
    expect(bodies.length, "a context answered with its body").toBeGreaterThan(0);
    for (const body of bodies) expect(typeof body).toBe("string");
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
    // order. A caller of its own has nothing else to list: they come first.
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
    // "the default context": its fields, at the top or in a member of their own (the shape is not shown).
    const candidates = [res.body, ...Object.values(res.body as object)].filter((v) => v && typeof v === "object");
    expect(candidates, JSON.stringify(res.body).slice(0, 300)).toContainEqual(
      expect.objectContaining({ name: newer.name, body: "b" }),
    );
  });

  it("should answer the caller's own context as the default over a newer one of the organisation", {
    rules: ["CONTEXT-DEFAULT"],
    needs: ["isolated-caller", "same-org"],
  }, async () => {
    const org = `org-${randomUUID()}`;
    const auth = newCaller(org);
    const own = await as(target, auth)
      .post("/v1/contexts", { name: named("Own"), body: "own" })
      .expect(201);
    // A newer context of the organisation: a bss-mock makes one over its control API, elsewhere a colleague does.
    if (target.info.capabilities.has("org-fixtures")) {
      await target
        .http()
        .post(`/__mock/orgs/${org}/contexts`)
        .send({ name: named("Org"), body: "org" })
        .expect(201);
    } else {
      await as(target, newCaller(org))
        .post("/v1/contexts", { name: named("Colleague's"), body: "org" })
        .expect(201);
    }
    const res = await as(target, auth).get("/v1/context").expect(200);
    const candidates = [res.body, ...Object.values(res.body as object)].filter((v) => v && typeof v === "object");
    expect(candidates, JSON.stringify(res.body).slice(0, 300)).toContainEqual(
      expect.objectContaining({ name: own.body.name ?? named("Own"), body: "own" }),
    );
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
