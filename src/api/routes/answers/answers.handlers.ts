import type { OperationInput } from "../../../fastapi/index.js";
import { type AnswerView, createTest, readAnswer } from "../../domain/answers.js";
import { createPrediction } from "../../domain/predictions.js";
import { byOptions } from "../ordered-json.js";
import type * as routes from "./answers.routes.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

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
