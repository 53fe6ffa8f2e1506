import type { z } from "@hono/zod-openapi";
import type { BatchContents } from "../../domain/predictions.js";
import type { Services } from "../../services.js";
import { answerView } from "../answers/answers.views.js";
import type { TestBatch } from "./tests.schemas.js";

type TestBatchBody = z.output<ReturnType<typeof TestBatch>>;

export function testBatchView(services: Services, { batch, records }: BatchContents): TestBatchBody {
  const answers = records.map((record) => answerView(services, record));
  return { id: batch.id, name: batch.name, description: batch.description, created_at: batch.created_at, answers };
}
