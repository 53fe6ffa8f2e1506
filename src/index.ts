/**
 * The programmatic API: `createMock` for tests (in-process `fetch`, clock, scenarios, request journal), the app and
 * server for tools, and the API's request and response types, inferred from the same zod schemas the mock validates
 * and documents with.
 */
import type { z } from "zod";
import * as contexts from "./routes/contexts/contexts.schemas.js";
import * as insights from "./routes/insights/insights.schemas.js";
import * as projects from "./routes/projects/projects.schemas.js";
import * as simulations from "./routes/simulations/simulations.schemas.js";
import * as userModels from "./routes/user-models/user-models.schemas.js";

export { createApp, type MockApp, operations } from "./app.js";
export { ManualClock, SystemClock } from "./clock/clock.js";
export { type MockOptions, type MockOptionsInput, optionsSchema, parseServeOptions } from "./config.js";
export type {
  ClockView,
  ContextView,
  MockInfo,
  ScenarioInput,
  ScenariosView,
  UserModelView,
} from "./control/control.js";
export type { JournalEntry, JournalFilter } from "./control/journal.js";
export { type CreateMockOptions, createMock, type Mock, type MockRequests } from "./mock.js";
export type { ScenarioDefinition } from "./scenarios/schema.js";
export { type RunningServer, startServer } from "./server.js";

/** The API's zod schemas (requests and responses), e.g. `schemas.Simulation.parse(await response.json())`. */
export const schemas = { ...simulations, ...projects, ...contexts, ...userModels, ...insights };

// ---- the API's types (inputs as a client sends them, outputs as the mock answers) ----

export type CreateSimulationBody = z.input<typeof simulations.CreateSimulationBody>;
export type PlanUpdateBody = z.input<typeof simulations.PlanUpdateBody>;
export type MoveSimulationBody = z.input<typeof simulations.MoveSimulationBody>;
export type SurveyDesign = z.input<typeof simulations.SurveyDesign>;
export type Simulation = z.output<typeof simulations.Simulation>;
export type SimulationStatus = z.output<typeof simulations.SimulationStatus>;
export type Plan = z.output<typeof simulations.Plan>;
export type ResearchResults = z.output<typeof simulations.ResearchResults>;
export type JourneyResults = z.output<typeof simulations.JourneyResults>;
export type ShareResponse = z.output<typeof simulations.ShareResponse>;

export type CreateProjectBody = z.input<typeof projects.CreateProjectBody>;
export type RenameProjectBody = z.input<typeof projects.RenameProjectBody>;
export type CreateRoundBody = z.input<typeof projects.CreateRoundBody>;
export type RenameRoundBody = z.input<typeof projects.RenameRoundBody>;
export type ArtefactBody = z.input<typeof projects.ArtefactBody>;
export type Project = z.output<typeof projects.Project>;
export type ProjectWithRounds = z.output<typeof projects.ProjectWithRounds>;
export type Round = z.output<typeof projects.Round>;

export type CreateContextBody = z.input<typeof contexts.CreateContextBody>;
export type Context = z.output<typeof contexts.Context>;
export type ContextSummary = z.output<typeof contexts.ContextSummary>;
export type DefaultContext = z.output<typeof contexts.DefaultContext>;

export type UserModel = z.output<typeof userModels.UserModel>;
export type GoalSummary = z.output<typeof userModels.GoalSummary>;
export type GoalInputSchema = z.output<typeof userModels.GoalInputSchema>;

export type CreatePredictionBody = z.input<typeof insights.CreatePredictionBody>;
export type CreateTestBody = z.input<typeof insights.CreateTestBody>;
export type Prediction = z.output<typeof insights.Prediction>;
export type Answer = z.output<typeof insights.Answer>;
export type Population = z.output<typeof insights.Population>;
export type PredictionBatch = z.output<typeof insights.PredictionBatch>;
export type TestBatch = z.output<typeof insights.TestBatch>;

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
