import { createTest, readTestBatch } from "../../domain/answers.js";
import { answerView } from "../answers/answers.views.js";
import type { OperationInput } from "../operation.js";
import { byOptions } from "../ordered-json.js";
import type * as routes from "./tests.routes.js";
import { testBatchView } from "./tests.views.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

export function createTestHandler({ services, caller, body }: In<"createTestRoute">) {
  return byOptions(201, answerView(services, createTest(services, caller, body)));
}

export function getTestBatchHandler({ services, caller, params }: In<"getTestBatchRoute">) {
  return byOptions(200, testBatchView(services, readTestBatch(services, caller, params.batch_id)));
}
