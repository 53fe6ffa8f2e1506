import { as } from "./client.js";
import type { Target } from "./target.js";

/** The id of a user model the caller can see (the first of GET /v1/user-models). */
export async function visibleUserModelId(target: Target, auth: string): Promise<string> {
  return (await visibleUserModelIds(target, auth, 1))[0] as string;
}

/** The ids of `count` user models the caller can see. */
export async function visibleUserModelIds(target: Target, auth: string, count: number): Promise<string[]> {
  const res = await as(target, auth).get("/v1/user-models").expect(200);
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
