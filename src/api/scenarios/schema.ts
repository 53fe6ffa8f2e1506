import { z } from "zod";
import { onFirstUse } from "../../content/index.js";

/**
 * One scenario file (scenarios/<name>.json): a name, a one-line description and rules. A rule matches requests to the
 * API and does one thing to them: answers in the mock's place, delays the answer, breaks the connection, or has the
 * domain do something (fail a phase, slow it, hold it, start a planner turn). This schema is the one source of truth:
 * files and inline scenarios are validated with it, and scenarios/scenario.schema.json is generated from it.
 */

export const FAULT_TYPES = ["connection_reset", "empty_response", "truncated_body"] as const;
export type FaultType = (typeof FAULT_TYPES)[number];

export const ACTIONS = ["answer", "delay", "fault", "effect"] as const;
export type ActionKind = (typeof ACTIONS)[number];

/**
 * The schemas, built on first use: only a user's scenario (a --scenarios folder, an inline scenario, the JSON Schema
 * file's generator) needs them; the shipped scenarios were validated by the build (src/api/packaged-content.ts).
 */
function buildSchemas() {
  const Int = z
    .int()
    .min(0)
    .max(2 ** 31 - 1);
  const PositiveInt = z
    .int()
    .min(1)
    .max(2 ** 31 - 1);
  const Ms = z.int().min(0).max(86_400_000);
  const Fraction = z.number().min(0).max(1);
  const Sentence = z
    .string()
    .min(1)
    .max(500)
    .regex(/^[^\n\r]*$/, "one line, no line breaks");
  const JsonValue = z.json().meta({ id: "JsonValue", description: "Any JSON value" });

  const ScenarioName = z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "lower-case letters, digits and '-', at most 64 characters")
    .meta({ description: "How the scenario is named in --scenario, x-mock-scenario and the control API" });

  const JsonPointer = z
    .string()
    .regex(/^(\/([^~]|~[01])*)*$/, "a JSON pointer such as /survey_design or /inputs/price (RFC 6901)");

  const BodyPredicate = z.union([
    z.strictObject({
      pointer: JsonPointer,
      equals: JsonValue.meta({ description: "The value at the pointer equals this JSON value" }),
    }),
    z.strictObject({
      pointer: JsonPointer,
      exists: z.boolean().meta({ description: "true: the pointer names a value in the body; false: it does not" }),
    }),
  ]);

  const MatchSchema = z
    .strictObject({
      method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).optional(),
      path: z
        .string()
        .regex(/^\/v1\//, "a path template of the API as the spec writes it, e.g. /v1/simulations/{simulation_id}/run")
        .optional()
        .meta({ description: "Path template as the spec writes it; leave out to match every operation" }),
      caller: z
        .string()
        .min(1)
        .optional()
        .meta({ description: "Only requests with this token (as in `authorization: Bearer <token>`)" }),
      organisation: z
        .string()
        .min(1)
        .optional()
        .meta({ description: "Only requests of this organisation (tokens `<user>@<organisation>`)" }),
      body: z
        .array(BodyPredicate)
        .min(1)
        .optional()
        .meta({ description: "Every predicate must hold on the JSON request body" }),
    })
    .meta({ description: "Which requests the rule is about; every field given must match" });

  const OccurrenceSchema = z
    .strictObject({
      nth: PositiveInt.optional().meta({ description: "Only the nth matching request (1 = the first)" }),
      after: Int.optional().meta({ description: "Only after the first n matching requests" }),
      every: PositiveInt.optional().meta({ description: "Every nth matching request (counted after `after`)" }),
      at_most: PositiveInt.optional().meta({ description: "At most this many times" }),
      probability: z
        .number()
        .gt(0)
        .max(1)
        .optional()
        .meta({ description: "Seeded chance per matching request (same seed and requests: same choices)" }),
      rate: z.strictObject({ requests: PositiveInt, per_seconds: PositiveInt }).optional().meta({
        description:
          "Only once a caller has made more than `requests` matching requests in a window of `per_seconds` (mock clock); an answer then gets Retry-After",
      }),
    })
    .superRefine((occurrence, ctx) => {
      if (occurrence.nth !== undefined && Object.keys(occurrence).length > 1) {
        ctx.addIssue({ code: "custom", path: ["nth"], message: "nth names one request; give it alone" });
      }
    })
    .meta({
      description: "Which matching requests the rule applies to; counted per activation (global, organisation, caller)",
    });

  const ValidationErrorItem = z.strictObject({
    loc: z
      .array(z.union([z.string(), z.int()]))
      .min(1)
      .meta({ description: 'Where, as FastAPI writes it: ["body", "user_model_ids"], ["query", "limit"]' }),
    type: z.string().min(1).meta({ description: "pydantic's error type, e.g. missing, too_short, literal_error" }),
    input: JsonValue.meta({
      description:
        "A value that gives this error (for `missing`, the object the field is missing from), checked when the scenario loads; msg and ctx are filled in. The answer echoes what the client sent at loc instead",
    }),
  });

  const AnswerSchema = z
    .strictObject({
      status: z.int().min(200).max(599),
      headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/, "a header name"), z.string()).optional(),
      detail: z.string().min(1).optional().meta({ description: 'Body {"detail": "..."} (FastAPI HTTPException)' }),
      envelope_error: z
        .strictObject({ code: z.string().min(1), message: z.string().min(1) })
        .optional()
        .meta({ description: 'Body {"data": null, "errors": [{code, message}]} (envelope routes)' }),
      validation_errors: z.array(ValidationErrorItem).min(1).optional().meta({
        description: "A FastAPI 422; each item completed with pydantic's msg and ctx by the mock's validator",
      }),
      body: JsonValue.optional().meta({ description: "Any other JSON body" }),
    })
    .superRefine((answer, ctx) => {
      const bodies = (["detail", "envelope_error", "validation_errors", "body"] as const).filter((k) => k in answer);
      if (bodies.length > 1) {
        ctx.addIssue({ code: "custom", path: [bodies[1] as string], message: `give one of ${bodies.join(", ")}` });
      }
      if (answer.validation_errors !== undefined && answer.status !== 422) {
        ctx.addIssue({ code: "custom", path: ["status"], message: "validation_errors answer with status 422" });
      }
    })
    .meta({
      description:
        "Answer in the mock's place. Without detail/envelope_error/validation_errors/body: FastAPI's default body for the status",
    });

  const DelaySchema = z
    .discriminatedUnion("type", [
      z.strictObject({ type: z.literal("fixed"), ms: Ms }),
      z.strictObject({ type: z.literal("uniform"), min_ms: Ms, max_ms: Ms }),
      z.strictObject({
        type: z.literal("log_normal"),
        median_ms: Ms,
        sigma: z.number().gt(0).max(10),
        max_ms: Ms.optional(),
      }),
    ])
    .superRefine((delay, ctx) => {
      if (delay.type === "uniform" && delay.max_ms < delay.min_ms) {
        ctx.addIssue({ code: "custom", path: ["max_ms"], message: "max_ms must be at least min_ms" });
      }
    })
    .meta({ description: "Wait this long (real time, seeded draws), then answer normally" });

  const FaultSchema = z.strictObject({ type: z.enum(FAULT_TYPES) }).meta({
    description:
      "connection_reset: the connection is reset before any answer; empty_response: closed without a byte; truncated_body: the usual answer, cut off half way",
  });

  const EffectSchema = z
    .discriminatedUnion("type", [
      z.strictObject({
        type: z.literal("planner_turn"),
        ms: PositiveInt.max(86_400_000),
      }),
      z.strictObject({ type: z.literal("fail_planning"), error: Sentence }),
      z.strictObject({ type: z.literal("fail_run"), at_fraction: Fraction, error: Sentence }),
      z.strictObject({ type: z.literal("fail_synthesis"), synthesis_error: Sentence }),
      z.strictObject({ type: z.literal("fail_retest") }),
      z.strictObject({
        type: z.literal("phase_duration"),
        phase: z.enum(["planning", "running", "synthesis", "retest"]),
        ms: Ms.optional(),
        stuck: z.literal(true).optional(),
        stall_at: Fraction.optional().meta({ description: "How far a stuck run gets (progress), 0.5 by default" }),
      }),
    ])
    .superRefine((effect, ctx) => {
      if (effect.type !== "phase_duration") return;
      if ((effect.ms === undefined) === (effect.stuck === undefined)) {
        ctx.addIssue({ code: "custom", path: ["ms"], message: "give ms (a slow phase) or stuck: true, not both" });
      }
      if (effect.stall_at !== undefined && (effect.stuck === undefined || effect.phase !== "running")) {
        ctx.addIssue({ code: "custom", path: ["stall_at"], message: "stall_at is for a stuck running phase" });
      }
    })
    .meta({
      description:
        "Something the domain does to the thing the request touched (kept on it, on the mock's clock): planner_turn on the project, fail_planning/fail_run/phase_duration on the simulation, fail_synthesis on the round, fail_retest on the population",
    });

  const RuleSchema = z
    .strictObject({
      description: Sentence.optional(),
      match: MatchSchema.optional(),
      occurrence: OccurrenceSchema.optional(),
      answer: AnswerSchema.optional(),
      delay: DelaySchema.optional(),
      fault: FaultSchema.optional(),
      effect: EffectSchema.optional(),
    })
    .superRefine((rule, ctx) => {
      const given = ACTIONS.filter((action) => rule[action] !== undefined);
      if (given.length !== 1) {
        ctx.addIssue({
          code: "custom",
          path: given.length > 1 ? [given[1] as string] : [],
          message: `a rule does one thing: give exactly one of ${ACTIONS.join(", ")}`,
        });
      }
    })
    .meta({ description: "Matches requests and does one thing to them" });

  const ScenarioSchema = z
    .strictObject({
      $schema: z.string().optional(),
      name: ScenarioName,
      description: Sentence.meta({ description: "One line: what a client sees while the scenario is active" }),
      rules: z.array(RuleSchema).min(1),
    })
    .meta({ title: "bss-mock scenario" });
  return { ScenarioSchema, RuleSchema, MatchSchema, OccurrenceSchema, AnswerSchema, DelaySchema, EffectSchema };
}

export const scenarioSchemas = onFirstUse(buildSchemas);

export type ScenarioDefinition = z.input<ReturnType<typeof scenarioSchemas>["ScenarioSchema"]>;
export type Scenario = z.output<ReturnType<typeof scenarioSchemas>["ScenarioSchema"]>;
export type Rule = z.output<ReturnType<typeof scenarioSchemas>["RuleSchema"]>;
export type Occurrence = z.output<ReturnType<typeof scenarioSchemas>["OccurrenceSchema"]>;
export type Answer = z.output<ReturnType<typeof scenarioSchemas>["AnswerSchema"]>;
export type Delay = z.output<ReturnType<typeof scenarioSchemas>["DelaySchema"]>;
export type Effect = z.output<ReturnType<typeof scenarioSchemas>["EffectSchema"]>;

/** The JSON Schema of a scenario file (scenarios/scenario.schema.json), for editors. */
export function scenarioJsonSchema(): Record<string, unknown> {
  const { ScenarioSchema, RuleSchema } = scenarioSchemas();
  return z.toJSONSchema(ScenarioSchema, {
    io: "input",
    target: "draft-2020-12",
    override: (ctx) => {
      // "Exactly one action" is a refinement in zod; say it in JSON Schema too, so editors flag a rule without one.
      if (ctx.zodSchema === RuleSchema) ctx.jsonSchema.oneOf = ACTIONS.map((action) => ({ required: [action] }));
    },
  }) as Record<string, unknown>;
}
