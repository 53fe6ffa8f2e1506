/**
 * Lists the spec orders by time ("newest first", "most recently updated/active first") break ties by creation order,
 * newest first: on the mock's manual clock, things made one after another carry the same timestamp.
 */
import { as } from "../support/client.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { createProject } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

describe("ties in time-ordered lists", {
  ...MOCK,
  rules: ["MOCK-PROJECTS", "MOCK-CONTEXTS"],
  needs: ["manual-clock"],
}, () => {
  it("should list the newer of two contexts made at the same instant first, and make it the default", async () => {
    const client = as(target, newCaller());
    const first = await client.post("/v1/contexts", { name: "First", body: "made first" });
    const second = await client.post("/v1/contexts", { name: "Second", body: "made second" });
    expect(second.body.updated_at).toBe(first.body.updated_at);
    const list = await client.get("/v1/contexts");
    expect(list.body.map((c: { id: string }) => c.id)).toEqual([second.body.id, first.body.id]);
    const current = await client.get("/v1/context");
    expect(current.body.id).toBe(second.body.id);
  });

  it("should list the newer of two projects made at the same instant first", async () => {
    const auth = newCaller();
    const ids: string[] = [];
    for (const name of ["One", "Two", "Three"]) ids.push((await createProject(target, auth, { name })).id);
    const list = await as(target, auth).get("/v1/projects");
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
  });

  it("should give a new project the newest of the caller's contexts made at the same instant", async () => {
    const auth = newCaller();
    const client = as(target, auth);
    await client.post("/v1/contexts", { name: "Older", body: "x" });
    const newer = await client.post("/v1/contexts", { name: "Newer", body: "y" });
    const project = await createProject(target, auth);
    expect(project.context_id).toBe(newer.body.id);
  });
});
