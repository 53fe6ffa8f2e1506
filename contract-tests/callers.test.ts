import { describe, expect, it } from "vitest";
import { MOCK, MOCK_IN_PROCESS, newCaller, useTarget } from "./support/target.js";

const target = useTarget({ auth: "required" });

describe("authorization", MOCK, () => {
  it("should answer 401 Not authenticated without the header under --auth required", MOCK_IN_PROCESS, async () => {
    const res = await target.http().get("/v1/simulations");
    expect(res.status).toBe(401);
    expect(res.text).toBe('{"detail":"Not authenticated"}');
    expect(res.headers["www-authenticate"]).toBe("Bearer");
  });

  it("should still answer a broken JSON body with 422 before checking the credential", async () => {
    const res = await target.http().post("/v1/contexts").set("content-type", "application/json").send("{");
    expect(res.status).toBe(422);
  });

  it("should accept a bare token as well as Bearer", async () => {
    const token = newCaller().replace(/^Bearer /, "");
    const created = await target
      .http()
      .post("/v1/contexts")
      .set("authorization", token)
      .send({ name: "n", body: "b" })
      .expect(201);
    const read = await target.http().get(`/v1/contexts/${created.body.id}`).set("authorization", `Bearer ${token}`);
    expect(read.status).toBe(200);
  });

  it("should let two users of one organisation share projects but not simulations", async () => {
    const org = `org-${crypto.randomUUID()}`;
    const alice = newCaller(org);
    const bob = newCaller(org);
    const project = await target.http().post("/v1/projects").set("authorization", alice).send({}).expect(201);
    const list = await target.http().get("/v1/projects").set("authorization", bob).expect(200);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([project.body.id]);
    const outsider = await target.http().get("/v1/projects").set("authorization", newCaller()).expect(200);
    expect(outsider.body).toEqual([]);
  });
});
