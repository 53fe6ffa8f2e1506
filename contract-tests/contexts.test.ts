import { describe, expect, it } from "vitest";
import { letTimePass, MOCK, newCaller, SPEC, useTarget } from "./support/target.js";

const target = useTarget();

const cuppa = { name: "Cuppa", body: "# Cuppa\nA smart reusable cup for office workers. Competitors: KeepCup." };

describe("contexts", SPEC, () => {
  it("should create a context and return it with its full text", async () => {
    const auth = newCaller();
    const created = await target.http().post("/v1/contexts").set("authorization", auth).send(cuppa);
    expect(created.status).toBe(201);
    const got = await target.http().get(`/v1/contexts/${created.body.id}`).set("authorization", auth).expect(200);
    expect(got.body).toMatchObject(cuppa);
  });

  it("should answer has_context false when no context exists", async () => {
    const res = await target.http().get("/v1/context").set("authorization", newCaller()).expect(200);
    expect(res.body.has_context).toBe(false);
  });

  it("should list contexts most recently updated first", async () => {
    const auth = newCaller();
    const a = await target.http().post("/v1/contexts").set("authorization", auth).send({ name: "A", body: "a" });
    await letTimePass(target);
    const b = await target.http().post("/v1/contexts").set("authorization", auth).send({ name: "B", body: "b" });
    const res = await target.http().get("/v1/contexts").set("authorization", auth).expect(200);
    expect(res.body.map((c: { id: string }) => c.id)).toEqual([b.body.id, a.body.id]);
  });
});

describe("contexts: the mock's choices", MOCK, () => {
  it("should return the newest own context as the default with has_context true", async () => {
    const auth = newCaller();
    const created = await target.http().post("/v1/contexts").set("authorization", auth).send(cuppa).expect(201);
    const res = await target.http().get("/v1/context").set("authorization", auth).expect(200);
    expect(res.body).toMatchObject({ id: created.body.id, has_context: true, ...cuppa, scope: "user" });
  });

  it("should keep the list free of bodies and hide other callers' contexts", async () => {
    const auth = newCaller();
    const created = await target.http().post("/v1/contexts").set("authorization", auth).send(cuppa).expect(201);
    const list = await target.http().get("/v1/contexts").set("authorization", auth).expect(200);
    expect(list.body[0]).not.toHaveProperty("body");
    const other = await target.http().get(`/v1/contexts/${created.body.id}`).set("authorization", newCaller());
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: "Context not found" });
  });

  it("should use the caller's newest context as a new project's context", async () => {
    const auth = newCaller();
    const created = await target.http().post("/v1/contexts").set("authorization", auth).send(cuppa).expect(201);
    const project = await target.http().post("/v1/projects").set("authorization", auth).send({}).expect(201);
    expect(project.body.context_id).toBe(created.body.id);
  });
});
