/**
 * Who sees which simulations of a project. The spec scopes results to "own simulations" while a
 * project is the organisation's: a colleague's simulation in a shared project is not the caller's, so the project's
 * rounds, `GET /v1/simulations?project_id=` and get-simulation must agree on it. Nothing of a project ever reaches
 * another organisation, whichever way it is asked for.
 */
import { as } from "../support/client.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import type { Response } from "../support/http.js";
import { createProject, createResearch, postResearch } from "../support/simulations.js";
import { named, newCaller, otherOrgCaller, sameOrgCallers, useTarget } from "../support/target.js";

const target = useTarget();

type Body = Record<string, unknown>;
interface Round extends Body {
  id: string;
  simulations: Array<{ id: string }>;
}

function expectRefused(res: Response) {
  expect(res.status, res.text).toBeGreaterThanOrEqual(400);
  expect(res.status, res.text).toBeLessThan(500);
}

async function roundSimulationIds(auth: string, projectId: string): Promise<string[]> {
  const res = await as(target, auth).get(`/v1/projects/${projectId}`).expect(200);
  return (res.body.rounds as Round[]).flatMap((round) => round.simulations.map((s) => s.id));
}

async function listedInProject(auth: string, projectId: string): Promise<string[]> {
  const res = await as(target, auth).get(`/v1/simulations?project_id=${projectId}&limit=100`).expect(200);
  return (res.body as Body[]).map((s) => s.id as string);
}

describe("a shared project's simulations", { ...MOCK, rules: ["MOCK-VISIBILITY", "MOCK-ROUNDS"] }, () => {
  it("should list in each member's rounds exactly the simulations that member can open and list by project", {
    needs: ["same-org"],
  }, async () => {
    const [ann, bob] = sameOrgCallers();
    const project = await createProject(target, ann, { name: named("Shared") });
    const annsOwn = await createResearch(target, ann, { project_id: project.id, title: named("Ann's") });
    const bobsOwn = await createResearch(target, bob, { project_id: project.id, title: named("Bob's") });

    for (const [who, own, colleagues] of [
      [ann, annsOwn.id, bobsOwn.id],
      [bob, bobsOwn.id, annsOwn.id],
    ] as const) {
      const inRounds = await roundSimulationIds(who, project.id);
      expect(inRounds).toEqual([own]);
      expect(await listedInProject(who, project.id)).toEqual([own]);
      expect((await as(target, who).get(`/v1/simulations/${own}`)).status).toBe(200);
      expect((await as(target, who).get(`/v1/simulations/${colleagues}`)).status).toBe(404);
    }
  });

  it("should still count a colleague's simulation as the round's: a new round may start after it", {
    needs: ["same-org"],
  }, async () => {
    const [ann, bob] = sameOrgCallers();
    const project = await createProject(target, ann, { name: named("Shared") });
    await createResearch(target, bob, { project_id: project.id });
    expect(await roundSimulationIds(ann, project.id)).toEqual([]);
    // The round holds bob's simulation, so it is not the empty latest round a start-round is refused for.
    expect((await as(target, ann).post(`/v1/projects/${project.id}/rounds`, {})).status).toBe(201);
  });
});

describe("another organisation and a project", { rules: ["SCOPE-CALLER", "SCOPE-OWN-SIMULATIONS"] }, () => {
  it("should show another organisation nothing of a project: not it, its rounds' simulations, nor a list by it", {
    needs: ["other-org"],
  }, async () => {
    const owner = newCaller();
    const outsider = otherOrgCaller();
    const project = await createProject(target, owner, { name: named("Private") });
    const sim = await createResearch(target, owner, { project_id: project.id });

    expectRefused(await as(target, outsider).get(`/v1/projects/${project.id}`));
    expect(await listedInProject(outsider, project.id)).toEqual([]);
    expectRefused(await as(target, outsider).get(`/v1/simulations/${sim.id}`));
    const projects = await as(target, outsider).get("/v1/projects").expect(200);
    expect((projects.body as Body[]).map((p) => p.id)).not.toContain(project.id);

    // Nor can it put anything into the project: created or moved in, it never joins the owner's rounds.
    expectRefused(await postResearch(target, outsider, { project_id: project.id }));
    const stray = await createResearch(target, outsider);
    expectRefused(await as(target, outsider).patch(`/v1/simulations/${stray.id}`, { project_id: project.id }));
    expect(await roundSimulationIds(owner, project.id)).toEqual([sim.id]);
    expect(await listedInProject(owner, project.id)).toEqual([sim.id]);
  });
});
