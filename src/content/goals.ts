import { z } from "zod";
import { readFixture } from "./fixture-files.js";
import { schemaProblem } from "./input-schema.js";

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

export const GoalsFixtureSchema = z.object({ research: z.array(GoalSchema), journey: z.array(GoalSchema) });

export type Goal = z.output<typeof GoalSchema>;
export type GoalCatalogue = z.output<typeof GoalsFixtureSchema>;

export function loadGoals(dir: string): GoalCatalogue {
  return readFixture(dir, "goals.json", GoalsFixtureSchema);
}

export function findGoal(catalogue: GoalCatalogue, mode: "research" | "journey", id: string): Goal | undefined {
  return catalogue[mode].find((goal) => goal.id === id);
}
