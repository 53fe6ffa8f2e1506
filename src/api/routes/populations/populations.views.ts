import type { z } from "@hono/zod-openapi";
import type { PopulationState } from "../../domain/populations.js";
import type { Population } from "./populations.schemas.js";

/** The body as the schema documents it: a field the schema adds or renames fails the type check here. */
type PopulationBody = z.output<ReturnType<typeof Population>>;

export function populationView({
  model,
  status,
  test_started_at,
  test_finished_at,
  question_count,
  averages,
}: PopulationState): PopulationBody {
  return {
    id: model.id,
    created_at: model.created_at,
    name: model.name,
    public: model.orgId === null,
    question_count,
    simulacrum_count: model.simulacrum_count,
    status,
    average_accuracy: averages.average_accuracy,
    average_squared_error: averages.average_squared_error,
    average_normalised_information_loss: averages.average_normalised_information_loss,
    data_source: model.data_source,
    description: model.description,
    effective_date: model.effective_date,
    reality_target: model.reality_target,
    simulation_engine: model.simulation_engine,
    test_started_at,
    test_finished_at,
    upload_filename: model.upload_filename,
  };
}
