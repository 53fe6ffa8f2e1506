import { BSS_MOCK_GOALS, type GoalChoice, type GoalKind } from "../../src/kit/contract/goals.js";
import { inSetUp } from "../../src/kit/contract/scope.js";
import { runSettings } from "../../src/kit/contract/settings.js";
import { as } from "./client.js";
import { unobservable } from "./harness.js";
import { letTimePass, named, type Target } from "./target.js";

/** The id of a user model the caller can see (the first of GET /v1/user-models). */
export async function visibleUserModelId(target: Target, auth: string): Promise<string> {
  return (await visibleUserModelIds(target, auth, 1))[0] as string;
}

/** The ids of `count` user models the caller can see. */
export async function visibleUserModelIds(target: Target, auth: string, count: number): Promise<string[]> {
  const res = await inSetUp(() =>
    as(target, auth)
      .get("/v1/user-models")
      .expect(200)
      .then((r) => r),
  );
  const ids = (res.body as Array<{ id: string }>).slice(0, count).map((m) => m.id);
  if (ids.length < count) throw new Error(`the target needs ${count} user models visible to the caller`);
  return ids;
}

/**
 * The goal the suite creates simulations of `kind` with: bss-mock's own on a bss-mock (and in-process), else the one
 * the runner read from the target's `GET /v1/simulation-schema` (goal ids and inputs are not shown by the spec). A
 * target that offers none the suite can fill makes the test not applicable, with the reason.
 */
export function goalFor(kind: GoalKind): GoalChoice {
  const offered = runSettings().target?.goals?.[kind];
  if (!offered) return BSS_MOCK_GOALS[kind];
  if ("missing" in offered) unobservable(`set-up failed: ${offered.missing}`);
  return offered;
}

/** A valid research simulation body (bss-mock's `concept_test`, or the goal the target offers). */
export function conceptTestBody(userModelId: string, extra: Record<string, unknown> = {}) {
  const { goal, inputs } = goalFor("research");
  return { mode: "research", goal, inputs, user_model_ids: [userModelId], ...extra };
}

/** A valid research body to go with a survey design (bss-mock's `custom_survey`, or the goal the target offers). */
export function surveyBody(userModelId: string, surveyDesign: unknown, extra: Record<string, unknown> = {}) {
  const { goal, inputs } = goalFor("survey");
  return { mode: "research", goal, inputs, user_model_ids: [userModelId], survey_design: surveyDesign, ...extra };
}

export const JOURNEY_INPUTS = BSS_MOCK_GOALS.journey.inputs as { start_url: string; task: string };

/** A valid journey simulation body (bss-mock's `usability_test`, or the goal the target offers). */
export function journeyBody(userModelId: string, extra: Record<string, unknown> = {}) {
  const { goal, inputs } = goalFor("journey");
  return { mode: "journey", goal, inputs, user_model_ids: [userModelId], ...extra };
}

/** Two contexts of the caller, the second updated later: the one the spec's "most recently updated" picks. */
export async function olderAndNewerContext(target: Target, auth: string) {
  const older = await as(target, auth)
    .post("/v1/contexts", { name: named("Older"), body: "a" })
    .expect(201);
  await letTimePass(target);
  const newer = await as(target, auth)
    .post("/v1/contexts", { name: named("Newer"), body: "b" })
    .expect(201);
  return { older: older.body as { id: string; name: string }, newer: newer.body as { id: string; name: string } };
}
