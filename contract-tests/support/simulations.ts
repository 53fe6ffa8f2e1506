import { expect } from "vitest";
import { as } from "./client.js";
import { conceptTestBody, visibleUserModelId } from "./fixtures.js";
import { letTimePass, type Target } from "./target.js";

type Body = Record<string, unknown>;
export type Simulation = Body & { id: string };

/** Generously more than any phase (planning, running, synthesis) takes. */
export const LONG = 60_000;

/** Posts a research (`concept_test`) simulation for the first visible user model; the response is not checked. */
export async function postResearch(target: Target, auth: string, extra: Body = {}) {
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

/** Polls get-simulation, letting time pass between polls, until it reaches `status`. */
export async function untilStatus<T extends { id: string } = Simulation>(
  target: Target,
  auth: string,
  id: string,
  status: string,
): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const res = await as(target, auth).get(`/v1/simulations/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status === status) return res.body as T;
    await letTimePass(target, LONG);
  }
  throw new Error(`simulation ${id} never reached ${status}`);
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

/** Creates a project (201 expected) and returns its body. */
export async function createProject(target: Target, auth: string, body: Body = {}) {
  const res = await as(target, auth).post("/v1/projects", body);
  expect(res.status).toBe(201);
  return res.body as Body & { id: string; context_id: string | null };
}
