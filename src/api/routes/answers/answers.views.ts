import type { z } from "@hono/zod-openapi";
import type { AnswerRecord } from "../../../store/index.js";
import { PUBLIC } from "../../../store/index.js";
import { recordMetrics } from "../../domain/metrics.js";
import { populationFacts } from "../../domain/populations.js";
import type { Services } from "../../services.js";
import type { Answer } from "./answers.schemas.js";

/** The body as the schema documents it: a field the schema adds or renames fails the type check here. */
export type AnswerBody = z.output<ReturnType<typeof Answer>>;

export function answerView(services: Services, record: AnswerRecord): AnswerBody {
  const population = populationFacts(services, record.population);
  const metrics = recordMetrics(record);
  return {
    id: record.id,
    created_at: record.created_at,
    population: record.population,
    population_name: population.name,
    status: record.status,
    question: record.question,
    accuracy: metrics.accuracy,
    squared_error: metrics.squared_error,
    root_mean_squared_error: metrics.root_mean_squared_error,
    simulated_answer_percentages: { ...record.predicted_answer_percentages },
    predicted_answer_percentages: { ...record.predicted_answer_percentages },
    information_loss: metrics.information_loss,
    normalised_information_loss: metrics.normalised_information_loss,
    batch: record.batch,
    prediction_started_at: record.prediction_started_at,
    prediction_finished_at: record.prediction_finished_at,
    test_started_at: record.test_started_at ?? record.prediction_finished_at,
    test_finished_at: record.test_finished_at ?? record.prediction_finished_at,
    ground_answer_counts: { ...(record.ground_answer_counts ?? {}) },
    ground_answer_percentages: metrics.ground_answer_percentages,
    simulation_engine: population.engine,
    public: record.orgId === PUBLIC,
    answer_options: [...record.answer_options],
    question_options: { question_type: record.question_type },
  };
}
