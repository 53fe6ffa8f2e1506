import type { z } from "@hono/zod-openapi";
import type { AnswerRecord } from "../../../store/index.js";
import { PUBLIC } from "../../../store/index.js";
import { populationFacts } from "../../domain/populations.js";
import type { BatchContents } from "../../domain/predictions.js";
import type { Services } from "../../services.js";
import type { Prediction, PredictionBatch } from "./predictions.schemas.js";

/** The bodies as the schemas document them: a field the schema adds or renames fails the type check here. */
type PredictionBody = z.output<ReturnType<typeof Prediction>>;
type PredictionBatchBody = z.output<ReturnType<typeof PredictionBatch>>;

/** A prediction, or the prediction inside a tested answer (its Prediction fields are a subset). */
export function predictionView(services: Services, record: AnswerRecord): PredictionBody {
  const population = populationFacts(services, record.population);
  return {
    id: record.id,
    created_at: record.created_at,
    population: record.population,
    population_name: population.name,
    status: record.status,
    question: record.question,
    simulated_answer_percentages: { ...record.predicted_answer_percentages },
    predicted_answer_percentages: { ...record.predicted_answer_percentages },
    batch: record.batch,
    prediction_started_at: record.prediction_started_at,
    prediction_finished_at: record.prediction_finished_at,
    simulation_engine: population.engine,
    public: record.orgId === PUBLIC,
    answer_options: [...record.answer_options],
    question_options: { question_type: record.question_type },
  };
}

export function predictionBatchView(services: Services, { batch, records }: BatchContents): PredictionBatchBody {
  const predictions = records.map((record) => predictionView(services, record));
  return { id: batch.id, name: batch.name, description: batch.description, created_at: batch.created_at, predictions };
}
