import { createTest, readAnswer } from "../../domain/answers.js";
import { createPrediction } from "../../domain/predictions.js";
import type { OperationInput } from "../operation.js";
import { byOptions } from "../ordered-json.js";
import { predictionView } from "../predictions/predictions.views.js";
import type * as routes from "./answers.routes.js";
import { type AnswerBody, answerView } from "./answers.views.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

/** The answer under its deprecated metric name too, right after the new one. */
function withDeprecatedNames(answer: AnswerBody) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) {
    out[key] = value;
    if (key === "information_loss") out.kullback_leibler_divergence = value;
  }
  return out;
}

export function getAnswerHandler({ services, caller, params }: In<"getAnswerRoute">) {
  return byOptions(200, answerView(services, readAnswer(services, caller, params.answer_id)));
}

export function createAnswerHandler({ services, caller, body }: In<"createAnswerRoute">) {
  return byOptions(201, predictionView(services, createPrediction(services, caller, body)));
}

export function createBenchmarkAnswerHandler({ services, caller, body }: In<"createBenchmarkAnswerRoute">) {
  return byOptions(201, withDeprecatedNames(answerView(services, createTest(services, caller, body))));
}
