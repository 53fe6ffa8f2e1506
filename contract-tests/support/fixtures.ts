import type { Target } from "./target.js";

/** The id of a user model the caller can see (the first of GET /v1/user-models). */
export async function visibleUserModelId(target: Target, auth: string): Promise<string> {
  const res = await target.http().get("/v1/user-models").set("authorization", auth).expect(200);
  const first = (res.body as Array<{ id: string }>)[0];
  if (!first) throw new Error("no user model visible: the target needs at least one public user model");
  return first.id;
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
