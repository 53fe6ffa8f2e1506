import { inSetUp } from "../../src/kit/contract/scope.js";
import { runSettings } from "../../src/kit/contract/settings.js";
import { as } from "./client.js";
import { conceptTestBody, surveyBody, visibleUserModelId } from "./fixtures.js";
import { expect, unobservable } from "./harness.js";
import type { Response } from "./http.js";
import { invents, movesClock, named, type Target, waitFor } from "./target.js";

type Body = Record<string, unknown>;
export type Simulation = Body & { id: string };

/** Posts a research (`concept_test`) simulation for the first visible user model; the response is not checked. */
export function postResearch(target: Target, auth: string, extra: Body = {}): Promise<Response> {
  return inSetUp(async () => {
    const userModelId = await visibleUserModelId(target, auth);
    return as(target, auth).post("/v1/simulations", conceptTestBody(userModelId, extra));
  });
}

/** Posts a research simulation whose survey_design is `design`, for the first visible user model; not checked. */
export async function postWithDesign(target: Target, auth: string, design: unknown): Promise<Response> {
  const userModelId = await visibleUserModelId(target, auth);
  return as(target, auth).post("/v1/simulations", surveyBody(userModelId, design));
}

/** On a caller whose account starts empty, the caller has no simulation: a refused create left nothing behind. */
export async function expectNoSimulations(target: Target, auth: string): Promise<void> {
  if (!invents(target)) return; // a shared account's list cannot tell
  const list = await as(target, auth).get("/v1/simulations").expect(200);
  expect(list.body).toEqual([]);
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
  return inSetUp(() =>
    waitFor(target, what, async () => {
      const res = await as(target, auth).get(`/v1/simulations/${id}`);
      expect(res.status).toBe(200);
      last = String(res.body.status);
      if (res.body.status === status) return res.body as T;
      if (!MOVING_ON.includes(last)) leftTheWay(id, status, last);
      return undefined;
    }),
  );
}

/** States a simulation leaves by itself (or, planned, on the run the suite sends): worth polling on. */
const MOVING_ON = ["planning", "planned", "running"];

/**
 * A simulation read in a state it does not leave by itself while the suite waits for another: waiting on would only
 * run into --timeout-ms. A failed simulation is a state the spec allows (why a run fails is not
 * shown): not applicable; any other state is not on the spec's way to the awaited one: a failure, at once.
 */
function leftTheWay(id: string, awaited: string, read: string): never {
  if (read === "failed")
    unobservable(`set-up failed: simulation ${id} ended failed while the suite waited for ${awaited}`);
  throw new Error(
    `simulation ${id} read ${JSON.stringify(read)} while the suite waited for it to be ${awaited}: the spec's states go planning -> planned -> running -> completed, and ${JSON.stringify(read)} is none that moves on by itself`,
  );
}

/** Waits for the simulation to be planned, runs it (200 expected) and waits for it to complete. */
export async function runToCompletion<T extends { id: string } = Simulation>(
  target: Target,
  auth: string,
  id: string,
): Promise<T> {
  return inSetUp(async () => {
    await untilStatus(target, auth, id, "planned");
    const res = await as(target, auth).post(`/v1/simulations/${id}/run`);
    expect(res.status).toBe(200);
    return untilStatus<T>(target, auth, id, "completed");
  });
}

/** Creates a project (201 expected; named for the run unless `body` says otherwise) and returns its body. */
export async function createProject(target: Target, auth: string, body: Body = { name: named("Project") }) {
  const res = await inSetUp(() =>
    as(target, auth)
      .post("/v1/projects", body)
      .then((r) => r),
  );
  expect(res.status).toBe(201);
  return res.body as Body & { id: string; context_id: string | null };
}

/** A simulation seen in a state, and when the request that put it there was sent (it cannot have entered earlier). */
export interface SeenIn {
  readonly id: string;
  readonly state: "planning" | "running";
  /** Date.now() just before the create (planning) or run (running) request was sent. */
  readonly since: number;
}

/**
 * Creates a research simulation and reads it back planning, timed from the create request itself (the user model is
 * looked up first), or ends the test not applicable when the target planned it before the read.
 */
export async function seenPlanning(target: Target, auth: string): Promise<SeenIn> {
  const userModelId = await visibleUserModelId(target, auth);
  const since = Date.now();
  const res = await inSetUp(() =>
    as(target, auth)
      .post("/v1/simulations", conceptTestBody(userModelId))
      .then((r) => r),
  );
  expect(res.status, "POST /v1/simulations: status").toBe(201);
  const id = res.body.id as string;
  // The create's own answer says planning (the spec's 201): delete at once, no read in between to widen the gap.
  if (res.body.status === "planning") return { id, state: "planning", since };
  if ((await as(target, auth).get(`/v1/simulations/${id}`)).body.status !== "planning") {
    unobservable("the simulation was planned before it could be deleted (the target plans instantly)");
  }
  return { id, state: "planning", since };
}

/** A planned simulation run and read back running, timed from the run request, or the test not applicable. */
export async function seenRunning(target: Target, auth: string): Promise<SeenIn> {
  const created = await createResearch(target, auth);
  await untilStatus(target, auth, created.id, "planned");
  const since = Date.now();
  expect((await as(target, auth).post(`/v1/simulations/${created.id}/run`)).status, "POST …/run: status").toBe(200);
  if ((await as(target, auth).get(`/v1/simulations/${created.id}`)).body.status !== "running") {
    unobservable("the simulation completed before it could be deleted (the target runs instantly)");
  }
  return { id: created.id, state: "running", since };
}

/**
 * How many times longer the state must last on another simulation than the DELETE came after this one entered it,
 * before a 204 counts as "accepted while in that state". Durations of one target vary (a planner's latency), not by a
 * factor of four: below it the state may honestly have passed and the test is not applicable.
 */
export const PERSISTED_FACTOR = 4;

/**
 * A lower bound of how long `state` lasts on this target, measured once per run on a simulation of its own: from the
 * answer that put it there to the last read (its sending) that still saw it there. Reads come closer together than
 * --poll-ms at first (a tenth of the time so far), so a state of two seconds is not measured as zero.
 */
function measureState(target: Target, auth: string, state: "planning" | "running"): Promise<number> {
  let measured = measuredStates.get(state);
  if (!measured) {
    measured = measure(target, auth, state);
    measuredStates.set(state, measured);
  }
  return measured;
}

const measuredStates = new Map<string, Promise<number>>();

async function measure(target: Target, auth: string, state: "planning" | "running"): Promise<number> {
  const created = await createResearch(target, auth);
  if (state === "running") {
    await untilStatus(target, auth, created.id, "planned");
    expect((await as(target, auth).post(`/v1/simulations/${created.id}/run`)).status).toBe(200);
  }
  const entered = Date.now();
  let lastSeen = entered;
  const { timeoutMs, pollMs } = runSettings();
  for (;;) {
    const sent = Date.now();
    const res = await as(target, auth).get(`/v1/simulations/${created.id}`);
    expect(res.status).toBe(200);
    if (res.body.status !== state || sent - entered > timeoutMs) return lastSeen - entered;
    lastSeen = sent;
    await sleep(Math.min(pollMs, Math.max(20, (Date.now() - entered) / 10)));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * States rule 3 on a simulation just seen planning or running: DELETE must answer 409 and keep it. On a clock the
 * suite moves, the state cannot have passed, so a 204 fails. On the target's own clock a 204 fails when the state
 * demonstrably persisted: the simulation still reads that state after the 204, or the state lasts (measured on
 * another simulation) PERSISTED_FACTOR times longer than the simulation had been in it when the DELETE was answered.
 * Otherwise the state may have passed between the two requests: not applicable, with the figures.
 */
export async function expectDeleteRefused(target: Target, auth: string, sim: SeenIn): Promise<void> {
  const { id, state } = sim;
  const res = await as(target, auth).delete(`/v1/simulations/${id}`);
  if (res.status === 204) await judgeAccepted(target, auth, sim, `DELETE /v1/simulations/${id}`, res.status, [state]);
  expect(res.status, `DELETE of a ${state} simulation: status`).toBe(409);
  expect((await as(target, auth).get(`/v1/simulations/${id}`)).status, "the simulation after the refused DELETE").toBe(
    200,
  );
}

/**
 * A request the spec refuses in `sim.state` was accepted: it fails when the simulation was in that state when the
 * request arrived, by what the run itself observed; not applicable when it may honestly have left the state between
 * two requests. Certain: it still reads one of `stillThere` after the answer (states only move forward), or the state
 * lasts on this target at least PERSISTED_FACTOR times longer than the request came after it was entered.
 */
export async function judgeAccepted(
  target: Target,
  auth: string,
  sim: SeenIn,
  request: string,
  status: number,
  stillThere: readonly string[],
): Promise<void> {
  const { id, state } = sim;
  const answered = Date.now();
  if (movesClock(target)) return;
  const after = await as(target, auth).get(`/v1/simulations/${id}`);
  if (after.status === 200 && stillThere.includes(after.body.status)) {
    throw new Error(
      `${request} answered ${status} while the simulation was ${state}: it reads ${after.body.status} after that answer (expected a refusal)`,
    );
  }
  const gap = answered - sim.since;
  const lasts = await measureState(target, auth, state);
  if (lasts >= PERSISTED_FACTOR * gap) {
    throw new Error(
      `${request} answered ${status} at most ${gap} ms after the simulation became ${state}, where ${state} lasts at least ${lasts} ms on this target (measured on another simulation): it was ${state} (expected a refusal)`,
    );
  }
  unobservable(
    `the simulation may have left ${state} between two requests (${request} came up to ${gap} ms after it became ${state}; ${state} took at least ${lasts} ms on another simulation)`,
  );
}

/**
 * The control of a refusal rule: `body`, the refused create without its one defect, must be accepted (201); else
 * the refusal cannot be told from one for another reason (an unknown goal, a broken create) and the test is not
 * applicable, never passed. The spec does not show 400 bodies, so their wording cannot tell.
 */
export async function expectAcceptedWithout(
  target: Target,
  auth: string,
  body: Body,
  defect: string,
  path = "/v1/simulations",
): Promise<void> {
  const res = await inSetUp(() =>
    as(target, auth)
      .post(path, body)
      .then((r) => r),
  );
  if (res.status !== 201) {
    unobservable(
      `set-up failed: the same body without ${defect} was refused too (${res.status} ${res.text.slice(0, 200)}), so the refusal may be for another reason`,
    );
  }
}
