import { describe, expect, it, MOCK } from "../support/harness.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget({ auth: "required" });

describe("authorization", { ...MOCK, rules: ["MOCK-CALLERS"] }, () => {
  it("should answer 401 Not authenticated without the header under --auth required", {
    ...MOCK,
    rules: ["MOCK-AUTH-REQUIRED"],
    needs: ["auth-required"],
    readOnly: true,
  }, async () => {
    const res = await target.http().get("/v1/simulations");
    expect(res.status).toBe(401);
    expect(res.text).toBe('{"detail":"Not authenticated"}');
    expect(res.headers["www-authenticate"]).toBe("Bearer");
  });

  it("should still answer a broken JSON body with 422 before checking the credential", { readOnly: true }, async () => {
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

describe("one token, one identity", { ...MOCK, rules: ["MOCK-CALLERS", "MOCK-VISIBILITY"] }, () => {
  const demo = useTarget();

  /** Pairs of tokens that name different callers in different organisations, however their characters line up. */
  const unrelated = (tag: string): Array<[string, string]> => [
    [`a/${tag}@c`, `${tag}@c/a`],
    [`a${tag}`, `u@own:a${tag}`],
    [`x@y${tag}@z`, `x@y@z${tag}`],
    [`["org","${tag}"]`, `u@${tag}`],
    [`a"${tag}@b`, `a@${tag}"b`],
  ];

  it("should never let one token read or rename another organisation's project", async () => {
    const tag = crypto.randomUUID();
    for (const [first, second] of unrelated(tag)) {
      const project = await demo.http().post("/v1/projects").set("authorization", first).send({}).expect(201);
      const list = await demo.http().get("/v1/projects").set("authorization", second).expect(200);
      expect(list.body, `${JSON.stringify(second)} listed ${JSON.stringify(first)}'s project`).toEqual([]);
      await demo
        .http()
        .patch(`/v1/projects/${project.body.id}`)
        .set("authorization", second)
        .send({ name: "taken" })
        .expect(404);
    }
  });

  it("should split user@org at the last @, so user names may hold @", async () => {
    const org = `org-${crypto.randomUUID()}`;
    const project = await demo.http().post("/v1/projects").set("authorization", `mallory@x@${org}`).send({});
    const list = await demo.http().get("/v1/projects").set("authorization", `bob@${org}`).expect(200);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([project.body.id]);
  });

  it("should not make a token that spells the demo caller's names the demo caller", {
    rules: ["MOCK-DEMO-WORLD"],
    needs: ["demo-caller"],
  }, async () => {
    const asDemo = await demo.http().get("/v1/projects").expect(200);
    expect(asDemo.body.length).toBeGreaterThan(0);
    const spelled = await demo.http().get("/v1/projects").set("authorization", "demo@demo").expect(200);
    expect(spelled.body).toEqual([]);
  });
});
