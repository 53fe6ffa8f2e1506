import { inSetUp } from "../../src/contract/scope.js";
import { as } from "./client.js";
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

/** A valid research simulation body for the `concept_test` goal. */
export function conceptTestBody(userModelId: string, extra: Record<string, unknown> = {}) {
  return {
    mode: "research",
    goal: "concept_test",
    inputs: { concept: "A reusable coffee cup that tracks how much caffeine you drink" },
    user_model_ids: [userModelId],
    ...extra,
  };
}

export const JOURNEY_INPUTS = {
  start_url: "https://shop.example.com/gift-cards",
  task: "Buy a £20 gift card for a friend",
};

/** A valid journey simulation body for the `usability_test` goal. */
export function journeyBody(userModelId: string, extra: Record<string, unknown> = {}) {
  return { mode: "journey", goal: "usability_test", inputs: JOURNEY_INPUTS, user_model_ids: [userModelId], ...extra };
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
