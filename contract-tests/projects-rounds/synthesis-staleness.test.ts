/**
 * A round synthesis whose simulations were deleted (spec "Round synthesis status": `synthesis_stale` is true when the
 * synthesis does not cover the round's completed simulations; the mock's reading: also when it covers ones that are
 * gone, and it then says so instead of claiming coverage the round no longer has).
 */
import { as } from "../support/client.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { createProject, createResearch, runToCompletion } from "../support/simulations.js";
import { newCaller, useTarget, waitFor } from "../support/target.js";

const target = useTarget();

interface Round {
  id: string;
  synthesis: string | null;
  synthesis_status: string | null;
  synthesis_stale: boolean;
}

async function roundOf(auth: string, projectId: string, roundId: string): Promise<Round> {
  const res = await as(target, auth).get(`/v1/projects/${projectId}`);
  expect(res.status).toBe(200);
  const round = (res.body.rounds as Round[]).find((r) => r.id === roundId);
  if (!round) throw new Error(`round ${roundId} is not in project ${projectId}`);
  return round;
}

async function synthesised(auth: string, projectId: string, roundId: string): Promise<Round> {
  expect((await as(target, auth).post(`/v1/projects/${projectId}/rounds/${roundId}/synthesis`)).status).toBe(200);
  return waitFor(target, `round ${roundId}'s synthesis to finish`, async () => {
    const round = await roundOf(auth, projectId, roundId);
    return round.synthesis_status !== "generating" ? round : undefined;
  });
}

describe("a round synthesis after its simulations are deleted", { ...MOCK, rules: ["MOCK-SYNTHESIS"] }, () => {
  it("should be stale and say so when every simulation it covers has been deleted", async () => {
    const auth = newCaller();
    const project = await createProject(target, auth);
    const sim = await createResearch<{ id: string; round_id: string }>(target, auth, { project_id: project.id });
    await runToCompletion(target, auth, sim.id);
    const fresh = await synthesised(auth, project.id, sim.round_id);
    expect(fresh.synthesis_stale).toBe(false);
    expect(fresh.synthesis).toMatch(/covers 1 completed simulation/);

    expect((await as(target, auth).delete(`/v1/simulations/${sim.id}`)).status).toBe(204);
    const after = await roundOf(auth, project.id, sim.round_id);
    expect(after.synthesis_stale).toBe(true);
    expect(after.synthesis).toMatch(/^> \*\*Out of date\.\*\* The simulation it covers has been deleted/);
  });

  it("should say how many of its simulations are gone when only some were deleted, and be fresh once regenerated", async () => {
    const auth = newCaller();
    const project = await createProject(target, auth);
    const first = await createResearch<{ id: string; round_id: string }>(target, auth, { project_id: project.id });
    const second = await createResearch<{ id: string; round_id: string }>(target, auth, { project_id: project.id });
    await runToCompletion(target, auth, first.id);
    await runToCompletion(target, auth, second.id);
    await synthesised(auth, project.id, first.round_id);

    expect((await as(target, auth).delete(`/v1/simulations/${first.id}`)).status).toBe(204);
    const after = await roundOf(auth, project.id, first.round_id);
    expect(after.synthesis_stale).toBe(true);
    expect(after.synthesis).toMatch(/1 of the 2 simulations it covers has been deleted/);

    const again = await synthesised(auth, project.id, first.round_id);
    expect(again.synthesis_stale).toBe(false);
    expect(again.synthesis).toMatch(/covers 1 completed simulation/);
    expect(again.synthesis).not.toMatch(/Out of date/);
  });
});
