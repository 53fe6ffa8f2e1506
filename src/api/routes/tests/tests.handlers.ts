import type { OperationInput } from "../../../fastapi/index.js";
import { createTest, readTestBatch } from "../../domain/answers.js";
import { byOptions } from "../ordered-json.js";
import type * as routes from "./tests.routes.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

export function createTestHandler({ services, caller, body }: In<"createTestRoute">) {
  return byOptions(201, createTest(services, caller, body));
}

export function getTestBatchHandler({ services, caller, params }: In<"getTestBatchRoute">) {
  return byOptions(200, readTestBatch(services, caller, params.batch_id));
}
