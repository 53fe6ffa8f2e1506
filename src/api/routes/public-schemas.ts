import { Answer } from "./answers/answers.schemas.js";
import { Context, ContextSummary, CreateContextBody, DefaultContext } from "./contexts/contexts.schemas.js";
import { Population } from "./populations/populations.schemas.js";
import { CreatePredictionBody, Prediction, PredictionBatch } from "./predictions/predictions.schemas.js";
import {
  ArtefactBody,
  CreateProjectBody,
  CreateRoundBody,
  Project,
  ProjectWithRounds,
  RenameProjectBody,
  RenameRoundBody,
  Round,
} from "./projects/projects.schemas.js";
import {
  CreateSimulationBody,
  JourneyResults,
  MoveSimulationBody,
  Plan,
  PlanUpdateBody,
  ResearchResults,
  ShareResponse,
  Simulation,
  SimulationStatus,
  SurveyDesign,
} from "./simulations/simulations.schemas.js";
import { CreateTestBody, TestBatch } from "./tests/tests.schemas.js";
import { GoalInputSchema, GoalSummary, UserModel } from "./user-models/user-models.schemas.js";

/**
 * The builders of the schemas the package exports as `schemas`, which index.ts types by name: typed loosely here, so
 * the package's declarations name no zod type.
 */
export const PUBLIC_SCHEMAS: Readonly<Record<string, () => unknown>> = {
  CreateSimulationBody,
  PlanUpdateBody,
  MoveSimulationBody,
  SurveyDesign,
  Simulation,
  SimulationStatus,
  Plan,
  ResearchResults,
  JourneyResults,
  ShareResponse,
  CreateProjectBody,
  RenameProjectBody,
  CreateRoundBody,
  RenameRoundBody,
  ArtefactBody,
  Project,
  ProjectWithRounds,
  Round,
  CreateContextBody,
  Context,
  ContextSummary,
  DefaultContext,
  UserModel,
  GoalSummary,
  GoalInputSchema,
  CreatePredictionBody,
  CreateTestBody,
  Prediction,
  Answer,
  Population,
  PredictionBatch,
  TestBatch,
};
