import { z } from "@hono/zod-openapi";
import { onFirstUse } from "../../../content/index.js";
import { envelopeOf, Timestamp } from "../shared.schemas.js";

export const PopulationIdParams = onFirstUse(() => z.object({ population_id: z.uuid() }));
/** The retest path takes any string id (the spec says so); an unknown one is a 404 envelope, not a 422. */
export const RetestPopulationParams = onFirstUse(() => z.object({ population_id: z.string() }));

// ---- representations ----

export const Population = onFirstUse(() =>
  z
    .object({
      id: z.uuid(),
      created_at: Timestamp(),
      name: z.string(),
      public: z.boolean(),
      question_count: z.int(),
      simulacrum_count: z.int(),
      status: z.string().openapi({ description: "ready, or testing while a retest runs", example: "ready" }),
      average_accuracy: z.number(),
      average_squared_error: z.number(),
      average_normalised_information_loss: z.number(),
      data_source: z.string(),
      description: z.string(),
      effective_date: z.iso.date().openapi({ example: "2025-09-30" }),
      reality_target: z.string(),
      simulation_engine: z.string(),
      test_started_at: Timestamp(),
      test_finished_at: Timestamp(),
      upload_filename: z.string(),
    })
    .openapi("Population"),
);

export const PopulationResponse = onFirstUse(() => envelopeOf(Population()).openapi("PopulationResponse"));
export const PopulationListResponse = onFirstUse(() =>
  envelopeOf(z.array(Population())).openapi("PopulationListResponse"),
);
