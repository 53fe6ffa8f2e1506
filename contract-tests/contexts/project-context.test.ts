/**
 * A project's simulations plan against the project's context, whoever in the organisation creates them. When that
 * context is the project owner's own (user-scoped), the other members must still be able to read it: the mock lets
 * everyone who can see a project read its context
 * (docs/decisions/mock-choices.md#visibility-404-never-403).
 */
import { randomUUID } from "node:crypto";
import { as } from "../support/client.js";
import { conceptTestBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { createProject } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

async function aliceProjectWithHerContext() {
  const org = `acme-${randomUUID()}`;
  const alice = newCaller(org);
  const bob = newCaller(org);
  const context = await as(target, alice).post("/v1/contexts", {
    name: "Alice's notes",
    body: "Only alice wrote this",
  });
  expect(context.status).toBe(201);
  expect(context.body.scope).toBe("user");
  const project = await createProject(target, alice, { name: "Shared project" });
  expect(project.context_id).toBe(context.body.id);
  return { alice, bob, context: context.body as { id: string; body: string }, project };
}

describe("a project's context and the project's members", {
  ...MOCK,
  rules: ["MOCK-CONTEXTS", "MOCK-VISIBILITY"],
}, () => {
  it("should let a member read the context their simulation in the project plans against", async () => {
    const { bob, context, project } = await aliceProjectWithHerContext();
    const model = await visibleUserModelId(target, bob);
    const simulation = await as(target, bob).post("/v1/simulations", {
      ...conceptTestBody(model),
      project_id: project.id,
    });
    expect(simulation.status).toBe(201);
    expect(simulation.body.context_id).toBe(context.id);
    const read = await as(target, bob).get(`/v1/contexts/${context.id}`);
    expect(read.status).toBe(200);
    expect(read.body.body).toBe(context.body);
  });

  it("should not list another member's own context among the contexts a member can plan against", async () => {
    const { bob, context } = await aliceProjectWithHerContext();
    const list = await as(target, bob).get("/v1/contexts");
    expect(list.body.map((c: { id: string }) => c.id)).not.toContain(context.id);
  });

  it("should keep the context hidden from other organisations", async () => {
    const { context } = await aliceProjectWithHerContext();
    const read = await as(target, newCaller()).get(`/v1/contexts/${context.id}`);
    expect(read.status).toBe(404);
  });

  it("should keep a member's own context hidden from the others while no project uses it", async () => {
    const org = `acme-${randomUUID()}`;
    const context = await as(target, newCaller(org)).post("/v1/contexts", { name: "Private", body: "x" });
    const read = await as(target, newCaller(org)).get(`/v1/contexts/${context.body.id}`);
    expect(read.status).toBe(404);
  });
});
