import { z } from "zod";
import { onFirstUse, readFixture } from "./fixture-files.js";
import { schemaProblem } from "./input-schema.js";

/**
 * The schemas, built on first use: the packaged file was validated by the build (src/api/packaged-content.ts); only a
 * user's --fixtures folder needs them at start.
 */
function buildGoalSchemas() {
  const GoalSchema = z.object({
    id: z.string().regex(/^[a-z][a-z0-9_]*$/),
    name: z.string().min(1),
    description: z.string().min(1),
    input_schema: z
      .looseObject({
        type: z.literal("object"),
        properties: z.record(z.string(), z.record(z.string(), z.unknown())),
        required: z.array(z.string()).default([]),
      })
      // Every keyword is enforced on inputs, so one the mock does not know is refused rather than ignored.
      .superRefine((schema, ctx) => {
        const problem = schemaProblem(schema);
        if (problem) ctx.addIssue({ code: "custom", path: [...problem.path], message: problem.message });
      }),
  });

  const GoalsFixtureSchema = z.object({ research: z.array(GoalSchema), journey: z.array(GoalSchema) });
  return { GoalSchema, GoalsFixtureSchema };
}

export const goalSchemas = onFirstUse(buildGoalSchemas);
type GoalSchemas = ReturnType<typeof goalSchemas>;

export type Goal = z.output<GoalSchemas["GoalSchema"]>;
export type GoalCatalogue = z.output<GoalSchemas["GoalsFixtureSchema"]>;

export function loadGoals(dir: string): GoalCatalogue {
  return readFixture(dir, "goals.json", goalSchemas().GoalsFixtureSchema);
}

export function findGoal(catalogue: GoalCatalogue, mode: "research" | "journey", id: string): Goal | undefined {
  return catalogue[mode].find((goal) => goal.id === id);
}
