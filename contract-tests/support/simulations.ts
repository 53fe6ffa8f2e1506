import { as } from "./client.js";
import { conceptTestBody, visibleUserModelId } from "./fixtures.js";
import { expect } from "./harness.js";
import type { Response } from "./http.js";
import { named, type Target, waitFor } from "./target.js";

type Body = Record<string, unknown>;
export type Simulation = Body & { id: string };

/** Posts a research (`concept_test`) simulation for the first visible user model; the response is not checked. */
export async function postResearch(target: Target, auth: string, extra: Body = {}): Promise<Response> {
  const userModelId = await visibleUserModelId(target, auth);
  return as(target, auth).post("/v1/simulations", conceptTestBody(userModelId, extra));
}

/** Creates a research simulation (201 expected) and returns its body. */
export async function createResearch<T extends { id: string } = Simulation>(
  target: Target,
  auth: string,
  extra: Body = {},
): Promise<T> {
  const res = await postResearch(target, auth, extra);
  expect(res.status).toBe(201);
  return res.body as T;
}

/** Polls get-simulation, letting time pass between polls, until it reaches `status` (bounded by --timeout-ms). */
export async function untilStatus<T extends { id: string } = Simulation>(
  target: Target,
  auth: string,
  id: string,
  status: string,
): Promise<T> {
  let last = "";
  const what = () => `simulation ${id} to be ${status} (it stayed ${JSON.stringify(last)})`;
  return waitFor(target, what, async () => {
    const res = await as(target, auth).get(`/v1/simulations/${id}`);
    expect(res.status).toBe(200);
    last = String(res.body.status);
    return res.body.status === status ? (res.body as T) : undefined;
  });
}

/** Waits for the simulation to be planned, runs it (200 expected) and waits for it to complete. */
export async function runToCompletion<T extends { id: string } = Simulation>(
  target: Target,
  auth: string,
  id: string,
): Promise<T> {
  await untilStatus(target, auth, id, "planned");
  const res = await as(target, auth).post(`/v1/simulations/${id}/run`);
  expect(res.status).toBe(200);
  return untilStatus<T>(target, auth, id, "completed");
}

/** Creates a project (201 expected; named for the run unless `body` says otherwise) and returns its body. */
export async function createProject(target: Target, auth: string, body: Body = { name: named("Project") }) {
  const res = await as(target, auth).post("/v1/projects", body);
  expect(res.status).toBe(201);
  return res.body as Body & { id: string; context_id: string | null };
}
