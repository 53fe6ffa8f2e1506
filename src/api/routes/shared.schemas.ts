import { z } from "@hono/zod-openapi";
import { onFirstUse } from "../../content/index.js";

/** FastAPI's HTTPException body. */
export const DetailErrorSchema = onFirstUse(() =>
  z.object({ detail: z.string() }).openapi("HTTPError", { example: { detail: "Simulation not found" } }),
);

/** FastAPI's RequestValidationError body (Pydantic v2 items). */
export const ValidationErrorSchema = onFirstUse(() =>
  z
    .object({
      detail: z.array(
        z.object({
          type: z.string(),
          loc: z.array(z.union([z.string(), z.int()])),
          msg: z.string(),
          input: z.unknown(),
          ctx: z.record(z.string(), z.unknown()).optional(),
        }),
      ),
    })
    .openapi("HTTPValidationError"),
);

/** One error of an envelope (spec: "Response envelope"). */
const ErrorObjectSchema = onFirstUse(() =>
  z.object({ code: z.string(), message: z.string() }).openapi("ErrorObject", {
    example: { code: "not_found", message: "Population not found" },
  }),
);

export const EnvelopeErrorSchema = onFirstUse(() =>
  z
    .object({
      data: z.null(),
      errors: z.array(ErrorObjectSchema()),
    })
    .openapi("EnvelopeError"),
);

/**
 * A success envelope. `errors` is typed as the spec writes it, an array of error objects or null (what a Pydantic
 * `list[ErrorObject] | None` gives), though a success always sends null: typed as null alone, openapi-fetch (the typed
 * client docs/serving.md recommends) dropped it from every success type, so one envelope check could not read it.
 */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ data, errors: z.array(ErrorObjectSchema()).nullable() });
}

const DESCRIPTIONS: Record<number, string> = {
  400: "The request is well-formed but cannot be used",
  401: "Not authenticated (only with --auth required)",
  403: "Not allowed for this caller",
  404: "Not found, or not visible to the caller",
  409: "Refused in the resource's current state",
  413: "File too large",
  415: "Unsupported file type",
};

type ErrorStatus = keyof typeof DESCRIPTIONS;

/** The documented error responses of an operation: `detail` bodies plus FastAPI's 422. */
export function detailErrors(...statuses: ErrorStatus[]) {
  const out: Record<number, { description: string; content: { "application/json": { schema: z.ZodType } } }> = {};
  for (const status of statuses) {
    out[status] = {
      description: DESCRIPTIONS[status] ?? "Error",
      content: { "application/json": { schema: DetailErrorSchema() } },
    };
  }
  out[422] = { description: "Validation Error", content: { "application/json": { schema: ValidationErrorSchema() } } };
  return out;
}

/** The same for envelope routes: refusals in the envelope, validation still FastAPI's 422. */
export function envelopeErrors(...statuses: ErrorStatus[]) {
  const out: Record<number, { description: string; content: { "application/json": { schema: z.ZodType } } }> = {};
  for (const status of statuses) {
    out[status] = {
      description: DESCRIPTIONS[status] ?? "Error",
      content: { "application/json": { schema: EnvelopeErrorSchema() } },
    };
  }
  out[422] = { description: "Validation Error", content: { "application/json": { schema: ValidationErrorSchema() } } };
  return out;
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

export const AuthorizationHeader = onFirstUse(() => z.object({ authorization: z.string().optional() }));

export const Timestamp = onFirstUse(() => z.iso.datetime().openapi({ example: "2026-01-01T00:00:00.000Z" }));

/**
 * `X | None` for a registered (component) schema. Written as a union with null because the OpenAPI generator drops
 * the null of `.nullable()` on a $ref (asteasolutions/zod-to-openapi#387); pydantic and our validator treat both
 * spellings as the same Optional.
 */
export function nullableRef<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}
