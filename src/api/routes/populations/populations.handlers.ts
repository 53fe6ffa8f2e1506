import type { OperationInput } from "../../../fastapi/index.js";
import { envelope, jsonText } from "../../../fastapi/index.js";
import {
  type AnswerView,
  createPrediction,
  createTest,
  listPopulations,
  readAnswer,
  readPopulation,
  readPrediction,
  readPredictionBatch,
  readTestBatch,
  retestPopulation,
} from "../../domain/populations.js";
import { answerOrders, stringifyInOrder } from "../ordered-json.js";
import type * as routes from "./populations.routes.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

/** The envelope with a prediction's or answer's percentages and counts keyed in its options' order. */
function byOptions(status: number, data: unknown): Response {
  return jsonText(status, stringifyInOrder({ data, errors: null }, answerOrders(data)));
}

/** The answer under its deprecated metric name too, right after the new one. */
function withDeprecatedNames(answer: AnswerView) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) {
    out[key] = value;
    if (key === "information_loss") out.kullback_leibler_divergence = value;
  }
  return out;
}

export function getAnswerHandler({ services, caller, params }: In<"getAnswerRoute">) {
  return byOptions(200, readAnswer(services, caller, params.answer_id));
}

export function createAnswerHandler({ services, caller, body }: In<"createAnswerRoute">) {
  return byOptions(201, createPrediction(services, caller, body));
}

export function createBenchmarkAnswerHandler({ services, caller, body }: In<"createBenchmarkAnswerRoute">) {
  return byOptions(201, withDeprecatedNames(createTest(services, caller, body)));
}

export function getPredictionBatchHandler({ services, caller, params }: In<"getPredictionBatchRoute">) {
  return byOptions(200, readPredictionBatch(services, caller, params.batch_id));
}

export function getPredictionHandler({ services, caller, params }: In<"getPredictionRoute">) {
  return byOptions(200, readPrediction(services, caller, params.prediction_id));
}

export function createPredictionHandler({ services, caller, body }: In<"createPredictionRoute">) {
  return byOptions(201, createPrediction(services, caller, body));
}

export function createTestHandler({ services, caller, body }: In<"createTestRoute">) {
  return byOptions(201, createTest(services, caller, body));
}

export function getTestBatchHandler({ services, caller, params }: In<"getTestBatchRoute">) {
  return byOptions(200, readTestBatch(services, caller, params.batch_id));
}

export function listPopulationsHandler({ services, caller }: In<"listPopulationsRoute">) {
  return envelope(200, listPopulations(services, caller));
}

export function getPopulationHandler({ services, caller, params }: In<"getPopulationRoute">) {
  return envelope(200, readPopulation(services, caller, params.population_id));
}

export function retestPopulationHandler({ services, caller, params }: In<"retestPopulationRoute">) {
  return envelope(200, retestPopulation(services, caller, params.population_id));
}
