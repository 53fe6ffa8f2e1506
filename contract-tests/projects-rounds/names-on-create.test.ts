/**
 * The spec bounds a project name and a round title (1 to 200 characters) on rename only and says nothing of bounds on
 * create: bss-mock takes any string there (its decision, profile mock); a service that bounds create too keeps the
 * spec, so profile spec does not assert either.
 */
import { as } from "../support/client.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { createProject } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();
const LONG = "é".repeat(201);

describe("create project: name", { ...MOCK, rules: ["MOCK-PROJECTS"] }, () => {
  it("should accept an empty name", async () => {
    const res = await as(target, newCaller()).post("/v1/projects", { name: "" });
    expect(res.status).toBe(201);
  });

  it("should accept a name of 201 characters and keep it", async () => {
    const res = await as(target, newCaller()).post("/v1/projects", { name: LONG });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(LONG);
  });
});

describe("create round: title", { ...MOCK, rules: ["MOCK-ROUNDS"] }, () => {
  it("should accept an empty title", async () => {
    const auth = newCaller();
    const project = await createProject(target, auth);
    const res = await as(target, auth).post(`/v1/projects/${project.id}/rounds`, { title: "" });
    expect(res.status).toBe(201);
  });

  it("should accept a title of 201 characters and keep it", async () => {
    const auth = newCaller();
    const project = await createProject(target, auth);
    const res = await as(target, auth).post(`/v1/projects/${project.id}/rounds`, { title: LONG });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe(LONG);
  });
});

describe("empty names on create", { ...MOCK, rules: ["MOCK-PROJECTS", "MOCK-ROUNDS"] }, () => {
  it("should name a project created with an empty name 'New project'", async () => {
    const res = await as(target, newCaller()).post("/v1/projects", { name: "" });
    expect(res.body.name).toBe("New project");
  });

  it("should give a round created with an empty title its automatic title", async () => {
    const auth = newCaller();
    const project = await createProject(target, auth);
    const res = await as(target, auth).post(`/v1/projects/${project.id}/rounds`, { title: "" });
    expect(res.body.title).toBe("Round 1");
  });
});
