import { z } from "@hono/zod-openapi";
import { onFirstUse, QUESTION_TYPES } from "../../../content/index.js";
import { nullableRef, Timestamp } from "../shared.schemas.js";

export const Mode = onFirstUse(() => z.enum(["research", "journey"]));
export const SimulationStatus = onFirstUse(() => z.enum(["planning", "planned", "running", "completed", "failed"]));

const FreeForm = onFirstUse(() => z.record(z.string(), z.unknown()));

/** Documents that options must be distinct (a repeat is refused with 400 by the domain, not by the body model). */
const DISTINCT = { uniqueItems: true, description: "Distinct options (a repeated option is refused with 400)" };

// ---- request models (the spec's pydantic models, field order as the spec lists them) ----

export const ItemSet = onFirstUse(() =>
  z
    .strictObject({
      ask: z.string().min(1).openapi({ description: "What is asked about every item" }),
      items: z.array(z.string().min(1)).min(2),
      scale: z
        .array(z.string().min(1))
        .min(2)
        .max(7)
        .openapi(DISTINCT)
        .nullable()
        .optional()
        .openapi({ description: "Least to most favourable; one is chosen for the set when omitted" }),
    })
    .openapi("ItemSet"),
);

export const CustomQuestion = onFirstUse(() =>
  z
    .strictObject({
      question_text: z.string().min(1).openapi({ description: "Used exactly as written" }),
      answer_options: z.array(z.string().min(1)).min(2).max(10).openapi(DISTINCT).nullable().optional(),
    })
    .openapi("CustomQuestion"),
);

export const SurveyDesign = onFirstUse(() =>
  z
    .strictObject({
      stimulus: z.string().nullable().optional(),
      item_sets: z.array(ItemSet()).optional(),
      custom_questions: z.array(CustomQuestion()).optional(),
    })
    .openapi("SurveyDesign"),
);

export const CreateSimulationBody = onFirstUse(() =>
  z
    .object({
      mode: Mode(),
      goal: z.string().openapi({ description: "Goal id within the mode (see /v1/simulation-schema)" }),
      inputs: FreeForm().default({}).openapi({ description: "Answers keyed by the goal's input ids" }),
      user_model_ids: z.array(z.uuid()).min(1),
      title: z.string().nullable().optional(),
      project_id: z.uuid().nullable().optional(),
      round_id: z.uuid().nullable().optional(),
      context_id: z.uuid().nullable().optional(),
      survey_design: nullableRef(SurveyDesign()).optional(),
    })
    .openapi("CreateSimulationBody"),
);

export const SurveyQuestionIn = onFirstUse(() =>
  z
    .object({
      question_text: z.string(),
      // A string to the body model, as the spec types it (another value is the domain's 400, not a 422); the values it
      // accepts are listed for clients (scripts/generate-client.mjs types them as a union).
      question_type: z
        .string()
        .default("single_choice")
        .openapi({
          "x-extensible-enum": [...QUESTION_TYPES],
          description:
            "single_choice (one option each), ranking (the share ranking each option first) or open_text (answers coded into the options as themes); another type is refused with 400",
        }),
      answer_options: z
        .array(z.string())
        .openapi({
          uniqueItems: true,
          description:
            "At least 2 distinct, non-empty labels, exactly what is answered (a repeated option, or null, is refused with 400)",
        })
        .nullable()
        .optional(),
      insight: z.string().nullable().optional(),
      variable_name: z.string().nullable().optional(),
    })
    .openapi("SurveyQuestionIn"),
);

export const PlanUpdateBody = onFirstUse(() =>
  z
    .object({
      question_text: z.string().nullable().optional(),
      hypothesis_text: z.string().nullable().optional(),
      survey_questions: z.array(SurveyQuestionIn()).nullable().optional(),
      journey_task: FreeForm().nullable().optional(),
    })
    .openapi("PlanUpdate"),
);

export const MoveSimulationBody = onFirstUse(() => z.object({ project_id: z.uuid() }).openapi("MoveSimulationBody"));

export const SimulationIdParams = onFirstUse(() =>
  z.object({
    simulation_id: z.uuid(),
  }),
);

export const ListSimulationsQuery = onFirstUse(() =>
  z.object({
    // Any string, as the spec has it (an unknown status matches nothing); the statuses are listed for clients.
    status_filter: z
      .string()
      .optional()
      .openapi({
        "x-extensible-enum": [...SimulationStatus().options],
        description: "Only simulations in this status",
      }),
    limit: z.int().min(1).max(100).default(20),
    project_id: z.uuid().optional(),
  }),
);

// ---- representations ----

export const SurveyQuestion = onFirstUse(() =>
  z
    .object({
      question_text: z.string(),
      question_type: z.string(),
      answer_options: z.array(z.string()).nullable(),
      insight: z.string().nullable(),
      variable_name: z.string().nullable(),
    })
    .openapi("SurveyQuestion"),
);

export const Plan = onFirstUse(() =>
  z
    .object({
      question_text: z.string().nullable(),
      hypothesis_text: z.string().nullable(),
      survey_questions: z.array(SurveyQuestion()).nullable(),
      journey_task: FreeForm().nullable(),
    })
    .openapi("Plan"),
);

export const Progress = onFirstUse(() =>
  z.object({ completed: z.int(), total: z.int(), fraction: z.number() }).openapi("SimulationProgress"),
);

const Distribution = onFirstUse(() =>
  z
    .record(z.string(), z.number().min(0).max(1))
    .openapi({ description: "Answer option → share of respondents; sums to 1 over exactly the question's options" }),
);

export const ResearchResults = onFirstUse(() =>
  z
    .object({
      respondents: z.int().min(0),
      segments: z.array(z.object({ user_model_id: z.uuid(), name: z.string(), respondents: z.int().min(0) })),
      questions: z.array(
        z.object({
          variable_name: z.string(),
          question_text: z.string(),
          question_type: z.string(),
          answer_options: z.array(z.string()),
          overall: Distribution(),
          by_user_model: z.record(z.uuid(), Distribution()).openapi({ description: "User model id → distribution" }),
          insight: z.string(),
        }),
      ),
    })
    .openapi("ResearchResults", { description: "Results of a completed research simulation" }),
);

export const JourneyResults = onFirstUse(() =>
  z
    .object({
      sessions: z.int().min(0),
      steps: z.array(z.string()),
      by_user_model: z.array(
        z.object({
          user_model_id: z.uuid(),
          name: z.string(),
          sessions: z.int().min(0),
          task_success_rate: z.number().min(0).max(1),
          median_steps: z.number().min(0),
          median_time_on_task_seconds: z.number().min(0),
          drop_off_by_step: z.array(z.object({ step: z.string(), reached: z.int().min(0), dropped: z.int().min(0) })),
          common_paths: z.array(z.object({ path: z.array(z.string()), share: z.number().min(0).max(1) })),
          friction_points: z.array(
            z.object({ step: z.string(), issue: z.string(), quote: z.string(), participant: z.string() }),
          ),
          impressions: z
            .object({
              median_attention_seconds: z.number().min(0),
              noticed_first: z.array(z.object({ element: z.string(), share: z.number().min(0).max(1) })),
              understood_as: z.array(
                z.object({ answer: z.string(), correct: z.boolean(), share: z.number().min(0).max(1) }),
              ),
              trust: z.array(z.object({ level: z.string(), share: z.number().min(0).max(1) })),
              next_click: z.array(
                z.object({ target: z.string(), intended: z.boolean(), share: z.number().min(0).max(1) }),
              ),
              answers: z
                .array(
                  z.object({
                    question: z.string(),
                    answered: z.number().min(0).max(1),
                    replies: z
                      .array(z.object({ answer: z.string(), share: z.number().min(0).max(1) }))
                      .optional()
                      .openapi({
                        description:
                          'A yes-or-no question of the team\'s own only: what all sessions answered ("Yes", "Partly", "No", or "Could not tell from the first screen"), shares summing to 1',
                      }),
                  }),
                )
                .openapi({
                  description:
                    "Each question of the test (the team's own, or what the page offers and who it is for) with the share of all sessions that could answer it from the first screen; everyone is asked every question",
                }),
            })
            .optional()
            .openapi({
              description:
                "First-impression tests only: what the sessions noticed first, took the page for, trusted and would click next; each list's shares sum to 1",
            }),
        }),
      ),
    })
    .openapi("JourneyResults", { description: "Results of a completed journey simulation" }),
);

/**
 * A simulation's representation for one mode. `mode` decides which results it carries, so the document states
 * Simulation as a union discriminated by `mode`: a generated client narrows `results` by checking `mode`.
 */
function simulationOf<M extends "research" | "journey", R extends z.ZodType>(mode: M, results: R, name: string) {
  return z
    .object({
      id: z.uuid(),
      mode: z.literal(mode),
      goal: z.string(),
      inputs: FreeForm(),
      user_model_ids: z.array(z.uuid()),
      title: z.string().nullable(),
      project_id: z.uuid().nullable(),
      round_id: z.uuid().nullable(),
      status: SimulationStatus(),
      context_id: z.uuid().nullable(),
      plan: nullableRef(Plan()),
      progress: nullableRef(Progress()),
      synthesis: z.string().nullable(),
      markdown: z.string().nullable(),
      results: nullableRef(results).openapi({ description: `${name} once completed, else null` }),
      error: z.string().nullable(),
      public: z.boolean(),
      share_url: z.string().nullable(),
      created_at: Timestamp(),
      updated_at: Timestamp(),
      planned_at: Timestamp().nullable(),
      started_at: Timestamp().nullable(),
      completed_at: Timestamp().nullable(),
    })
    .openapi(`${mode === "research" ? "Research" : "Journey"}Simulation`);
}

export const Simulation = onFirstUse(() =>
  z
    .discriminatedUnion("mode", [
      simulationOf("research", ResearchResults(), "ResearchResults"),
      simulationOf("journey", JourneyResults(), "JourneyResults"),
    ])
    .openapi("Simulation", { description: "A simulation; its `mode` says which results it carries" }),
);

export const ShareResponse = onFirstUse(() => z.object({ url: z.url() }).openapi("ShareResponse"));
