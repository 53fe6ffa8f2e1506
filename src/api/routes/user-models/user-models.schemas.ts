import { z } from "@hono/zod-openapi";
import { onFirstUse } from "../../../content/index.js";

export const UserModel = onFirstUse(() =>
  z
    .object({
      id: z.uuid().openapi({ description: "Use it as an element of user_model_ids; the same id is the population's" }),
      name: z.string(),
      description: z.string(),
      accuracy: z
        .number()
        .openapi({ description: "The population's average accuracy over its tested answers (0 to 1)" }),
      metadata: z
        .record(z.string(), z.unknown())
        .openapi({ description: "Country, age range, sample source and similar facts about the population" }),
      owned_by_org: z
        .boolean()
        .openapi({ description: "true for the organisation's own models, false for public ones" }),
    })
    .openapi("UserModel"),
);

export const SchemaMode = onFirstUse(() => z.enum(["research", "journey"]));

export const SimulationSchemaQuery = onFirstUse(() =>
  z.object({
    mode: SchemaMode(),
    goal: z.string().optional(),
  }),
);

export const GoalSummary = onFirstUse(() =>
  z.object({ id: z.string(), name: z.string(), description: z.string() }).openapi("GoalSummary"),
);

export const GoalInputSchema = onFirstUse(() =>
  z
    .object({
      mode: SchemaMode(),
      goal: z.string(),
      name: z.string(),
      description: z.string(),
      input_schema: z
        .record(z.string(), z.unknown())
        .openapi({ description: "JSON Schema 2020-12 whose property names are the goal's input ids" }),
    })
    .openapi("GoalInputSchema"),
);

export const SimulationSchemaResponse = onFirstUse(() => z.union([z.array(GoalSummary()), GoalInputSchema()]));
