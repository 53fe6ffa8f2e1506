import { z } from "@hono/zod-openapi";
import { onFirstUse } from "../../../content/index.js";
import { Timestamp } from "../shared.schemas.js";

export const ContextIdParams = onFirstUse(() => z.object({ context_id: z.uuid() }));

export const CreateContextBody = onFirstUse(() =>
  z
    .object({
      name: z.string().openapi({ description: "Short name, for example the product's name" }),
      body: z
        .string()
        .openapi({ description: "Markdown: what the organisation or product is, users, competitors, pricing" }),
    })
    .openapi("CreateContextBody"),
);

const summaryFields = onFirstUse(() => ({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(["user", "organisation"]),
  owner_id: z.uuid(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
}));

export const ContextSummary = onFirstUse(() => z.object(summaryFields()).openapi("ContextSummary"));
export const Context = onFirstUse(() => z.object({ ...summaryFields(), body: z.string() }).openapi("Context"));
export const DefaultContext = onFirstUse(() =>
  z
    .union([
      z.object({ ...summaryFields(), body: z.string(), has_context: z.literal(true) }),
      z.object({ has_context: z.literal(false) }),
    ])
    .openapi("DefaultContext"),
);
