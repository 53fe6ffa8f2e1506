/**
 * The programmatic API: `createMock` for tests (in-process `fetch`, the clock, scenarios, the request journal), start
 * the mock on a port (`startServer`) or build it in-process (`createApp`), and the API's request and response types.
 * Options are those of `bss-mock serve` in camelCase, as typed values, checked by the same schema as the command line.
 *
 * Everything exported here is the package's public API: its declarations are bundled into types/index.d.ts, which
 * must stand alone (no hono or zod types; scripts/build-types.mjs refuses to build otherwise). The API's types below
 * are inferred from the zod schemas the mock validates and documents with; the bundler writes them out as plain types.
 */
import type { z } from "zod";
import type {
  answerSchemas as answers,
  contextSchemas as contexts,
  MockOptionsInput,
  populationSchemas as populations,
  predictionSchemas as predictions,
  projectSchemas as projects,
  simulationSchemas as simulations,
  testSchemas as tests,
  userModelSchemas as userModels,
} from "./api/index.js";
import { createApp as createMockApp, type MockHandle, PUBLIC_SCHEMAS } from "./api/index.js";

export type {
  AppliedRule,
  ClockView,
  ContextView,
  CoverageItem,
  CoverageView,
  JournalEntry,
  JournalFilter,
  MockHandle,
  MockInfo,
  OrganisationContextInput,
  OrganisationUserModelInput,
  OrganisationView,
  ScenarioDefinition,
  ScenarioInput,
  ScenariosView,
  UserModelView,
} from "./api/index.js";
export {
  ConfigError,
  ControlError,
  type InProcessMock,
  type MockOptions,
  type MockOptionsInput,
  type MockRequests,
  type SimulationInStatus,
} from "./api/index.js";
export {
  type CreateMockOptions,
  createMock,
  type Mock,
  PortInUseError,
  type RunningServer,
  startServer,
} from "./api/node.js";

/** Builds the mock in-process, without listening: call its `fetch` with a `Request`. Close it when done. */
export function createApp(options: MockOptionsInput = {}): MockHandle {
  return createMockApp(options);
}

// ---- the API's types (requests as a client sends them, answers as the mock gives them) ----

// Each schema is a builder (made on first use, routes/define-route.ts): a type is that of the schema it returns. Written
// as ReturnType<…> in each line, not through an alias, so scripts/build-types.mjs writes every one out as a plain type.
export type CreateSimulationBody = z.input<ReturnType<typeof simulations.CreateSimulationBody>>;
export type PlanUpdateBody = z.input<ReturnType<typeof simulations.PlanUpdateBody>>;
export type MoveSimulationBody = z.input<ReturnType<typeof simulations.MoveSimulationBody>>;
export type SurveyDesign = z.input<ReturnType<typeof simulations.SurveyDesign>>;
export type Simulation = z.output<ReturnType<typeof simulations.Simulation>>;
export type SimulationStatus = z.output<ReturnType<typeof simulations.SimulationStatus>>;
export type Plan = z.output<ReturnType<typeof simulations.Plan>>;
export type ResearchResults = z.output<ReturnType<typeof simulations.ResearchResults>>;
export type JourneyResults = z.output<ReturnType<typeof simulations.JourneyResults>>;
export type ShareResponse = z.output<ReturnType<typeof simulations.ShareResponse>>;

export type CreateProjectBody = z.input<ReturnType<typeof projects.CreateProjectBody>>;
export type RenameProjectBody = z.input<ReturnType<typeof projects.RenameProjectBody>>;
export type CreateRoundBody = z.input<ReturnType<typeof projects.CreateRoundBody>>;
export type RenameRoundBody = z.input<ReturnType<typeof projects.RenameRoundBody>>;
export type ArtefactBody = z.input<ReturnType<typeof projects.ArtefactBody>>;
export type Project = z.output<ReturnType<typeof projects.Project>>;
export type ProjectWithRounds = z.output<ReturnType<typeof projects.ProjectWithRounds>>;
export type Round = z.output<ReturnType<typeof projects.Round>>;

export type CreateContextBody = z.input<ReturnType<typeof contexts.CreateContextBody>>;
export type Context = z.output<ReturnType<typeof contexts.Context>>;
export type ContextSummary = z.output<ReturnType<typeof contexts.ContextSummary>>;
export type DefaultContext = z.output<ReturnType<typeof contexts.DefaultContext>>;

export type UserModel = z.output<ReturnType<typeof userModels.UserModel>>;
export type GoalSummary = z.output<ReturnType<typeof userModels.GoalSummary>>;
export type GoalInputSchema = z.output<ReturnType<typeof userModels.GoalInputSchema>>;

export type CreatePredictionBody = z.input<ReturnType<typeof predictions.CreatePredictionBody>>;
export type CreateTestBody = z.input<ReturnType<typeof tests.CreateTestBody>>;
export type Prediction = z.output<ReturnType<typeof predictions.Prediction>>;
export type Answer = z.output<ReturnType<typeof answers.Answer>>;
export type Population = z.output<ReturnType<typeof populations.Population>>;
export type PredictionBatch = z.output<ReturnType<typeof predictions.PredictionBatch>>;
export type TestBatch = z.output<ReturnType<typeof tests.TestBatch>>;

/** `{"data": T, "errors": null}` (answers, predictions, tests, populations, batches). */
export interface Envelope<T> {
  data: T;
  errors: null;
}
/** A refusal on an envelope route. */
export interface EnvelopeError {
  data: null;
  errors: Array<{ code: string; message: string }>;
}
/** FastAPI's `{"detail": "..."}`. */
export interface HttpError {
  detail: string;
}
/** FastAPI's 422 body. */
export interface ValidationError {
  detail: Array<{
    type: string;
    loc: Array<string | number>;
    msg: string;
    input: unknown;
    ctx?: Record<string, unknown>;
  }>;
}

// ---- the zod schemas behind those types, for a test's own assertions ----

/** What a schema's `~standard.validate` returns (Standard Schema v1). */
export type SchemaResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: ReadonlyArray<{
        readonly message: string;
        readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
      }>;
    };

/**
 * A zod schema the mock validates or documents with, typed by what it reads: `parse` (throws on a mismatch),
 * `safeParse`, and the Standard Schema interface (`~standard`) that vitest's `expect.schemaMatching` and other
 * libraries take. Answers are checked as the mock documents them; a request body as its model reads it, which the
 * mock's own validation follows with FastAPI's rules (a 422 is the mock's to say, not this schema's).
 */
export interface Schema<T> {
  parse(value: unknown): T;
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: Error };
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => SchemaResult<T> | Promise<SchemaResult<T>>;
  };
}

/** The schema of each of the API's types above, by the type's name. */
export interface Schemas {
  readonly CreateSimulationBody: Schema<CreateSimulationBody>;
  readonly PlanUpdateBody: Schema<PlanUpdateBody>;
  readonly MoveSimulationBody: Schema<MoveSimulationBody>;
  readonly SurveyDesign: Schema<SurveyDesign>;
  readonly Simulation: Schema<Simulation>;
  readonly SimulationStatus: Schema<SimulationStatus>;
  readonly Plan: Schema<Plan>;
  readonly ResearchResults: Schema<ResearchResults>;
  readonly JourneyResults: Schema<JourneyResults>;
  readonly ShareResponse: Schema<ShareResponse>;
  readonly CreateProjectBody: Schema<CreateProjectBody>;
  readonly RenameProjectBody: Schema<RenameProjectBody>;
  readonly CreateRoundBody: Schema<CreateRoundBody>;
  readonly RenameRoundBody: Schema<RenameRoundBody>;
  readonly ArtefactBody: Schema<ArtefactBody>;
  readonly Project: Schema<Project>;
  readonly ProjectWithRounds: Schema<ProjectWithRounds>;
  readonly Round: Schema<Round>;
  readonly CreateContextBody: Schema<CreateContextBody>;
  readonly Context: Schema<Context>;
  readonly ContextSummary: Schema<ContextSummary>;
  readonly DefaultContext: Schema<DefaultContext>;
  readonly UserModel: Schema<UserModel>;
  readonly GoalSummary: Schema<GoalSummary>;
  readonly GoalInputSchema: Schema<GoalInputSchema>;
  readonly CreatePredictionBody: Schema<CreatePredictionBody>;
  readonly CreateTestBody: Schema<CreateTestBody>;
  readonly Prediction: Schema<Prediction>;
  readonly Answer: Schema<Answer>;
  readonly Population: Schema<Population>;
  readonly PredictionBatch: Schema<PredictionBatch>;
  readonly TestBatch: Schema<TestBatch>;
}

/**
 * The API's zod schemas, each built on first read (building them all would cost every start): `schemas.Simulation`
 * and so on, by the names of the types above.
 */
export const schemas: Schemas = Object.defineProperties(
  {},
  Object.fromEntries(Object.entries(PUBLIC_SCHEMAS).map(([name, build]) => [name, { get: build, enumerable: true }])),
) as Schemas;
