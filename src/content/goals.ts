import { z } from "zod";
import { readFixture } from "./fixture-files.js";

const GoalSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9_]*$/),
  name: z.string().min(1),
  description: z.string().min(1),
  input_schema: z.looseObject({
    type: z.literal("object"),
    properties: z.record(z.string(), z.record(z.string(), z.unknown())),
    required: z.array(z.string()).default([]),
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
