import { checkGoalInputs, findGoal } from "../../content/index.js";
import type {
  JsonObject,
  Plan,
  SimulationRecord,
  SimulationStatus,
  SurveyDesign,
  SurveyQuestion,
} from "../../store/index.js";
import { phaseDurations } from "../config/presets.js";
import { type Services, timestamp } from "../services.js";
import { type Caller, nextIdOf, ownsSimulation } from "./callers.js";
import { defaultContext, findContext } from "./contexts.js";
import { badRequest, conflict, notFound } from "./errors.js";
import { scheduleSimulationPhase } from "./fates.js";
import { joinRound, refuseDuringPlannerTurn, requireProject, roundToJoin, touchProject } from "./projects.js";
import { simulationContent } from "./simulation-content.js";
import { checkPlanEdit, checkSurveyDesign } from "./survey-design.js";

export interface CreateSimulationInput {
  mode: "research" | "journey";
  goal: string;
  inputs: Record<string, unknown>;
  user_model_ids: string[];
  title?: string | null;
  project_id?: string | null;
  round_id?: string | null;
  context_id?: string | null;
  survey_design?: SurveyDesign | null;
}

/** A caller sees only their own simulations; anything else is "not found". */
export function findSimulation(services: Services, caller: Caller, id: string): SimulationRecord | undefined {
  const simulation = services.world.simulations.get(id);
  return simulation && ownsSimulation(caller, simulation) ? simulation : undefined;
}

export function requireSimulation(services: Services, caller: Caller, id: string): SimulationRecord {
  const simulation = findSimulation(services, caller, id);
  if (!simulation) throw notFound("Simulation");
  return simulation;
}

export function listSimulations(
  services: Services,
  caller: Caller,
  filter: { status_filter?: string; limit: number; project_id?: string },
): SimulationRecord[] {
  const out: SimulationRecord[] = [];
  // Insertion order is creation order, so reading from the newest end gives newest first without sorting every
  // record, copying their ids or reading more of them than the page needs.
  for (const id of services.world.simulations.newestIdsBy("owner", caller.id)) {
    if (out.length >= filter.limit) break;
    const simulation = services.world.simulations.get(id) as SimulationRecord;
    if (filter.status_filter !== undefined && simulation.status !== filter.status_filter) continue;
    if (filter.project_id !== undefined && simulation.project_id !== filter.project_id) continue;
    out.push(simulation);
  }
  return out;
}

export function createSimulation(services: Services, caller: Caller, input: CreateSimulationInput): SimulationRecord {
  const goal = findGoal(services.content.goals, input.mode, input.goal);
  if (!goal) {
    const known = services.content.goals[input.mode].map((g) => g.id).join(", ");
    throw badRequest(`Unknown goal '${input.goal}' for mode '${input.mode}'; use one of: ${known}.`);
  }
  const inputProblem = checkGoalInputs(goal, input.inputs);
  if (inputProblem) throw badRequest(inputProblem);
  if (input.survey_design) checkSurveyDesign(input.mode, input.survey_design, services.options.maxQuestions);

  const visibleModels = new Set(services.world.visibleUserModels(caller.orgId).map((m) => m.id));
  const unknownModel = input.user_model_ids.find((id) => !visibleModels.has(id));
  if (unknownModel) throw notFound(`User model ${unknownModel}`);

  if (input.round_id && !input.project_id) {
    throw badRequest("round_id needs project_id: a round belongs to a project; give both or neither.");
  }

  let contextId: string | null;
  let contextByDefault = false;
  let project: ReturnType<typeof requireProject> | undefined;
  if (input.project_id) {
    project = requireProject(services, caller, input.project_id);
    refuseDuringPlannerTurn(services, project);
    if (input.context_id && input.context_id !== project.context_id) {
      // An unknown context is a 404 before it is a mismatch (docs/decisions/mock-choices.md#create-refusals).
      if (!findContext(services, caller, input.context_id)) throw notFound("Context");
      throw badRequest(
        "A simulation in a project plans against the project's context; omit context_id or give the project's own.",
      );
    }
    contextId = project.context_id;
  } else if (input.context_id) {
    if (!findContext(services, caller, input.context_id)) throw notFound("Context");
    contextId = input.context_id;
  } else {
    contextId = defaultContext(services, caller)?.id ?? null;
    contextByDefault = contextId !== null;
  }

  const round = project ? roundToJoin(services, caller, project, input.round_id) : undefined;
  const now = timestamp(services);
  const simulation = services.world.simulations.put({
    id: nextIdOf(services, caller),
    ownerId: caller.id,
    orgId: caller.orgId,
    mode: input.mode,
    goal: input.goal,
    inputs: input.inputs,
    // A model named twice is one audience: results hold one segment per distinct model, in first-named order.
    user_model_ids: [...new Set(input.user_model_ids)],
    title: input.title ?? null,
    project_id: project?.id ?? null,
    round_id: round?.id ?? null,
    ...(round ? { roundPlace: joinRound(services, round) } : {}),
    context_id: contextId,
    ...(contextByDefault ? { contextByDefault } : {}),
    status: "planning",
    survey_design: input.survey_design ?? null,
    plan: null,
    progress: null,
    synthesis: null,
    markdown: null,
    results: null,
    error: null,
    public: false,
    created_at: now,
    updated_at: now,
    planned_at: null,
    started_at: null,
    completed_at: null,
  });
  if (project) touchProject(services, project.id, now);
  services.scheduler.schedule("finish_planning", simulation.id, phaseDurations(services.options).planningMs);
  return simulation;
}

const BUSY: readonly SimulationStatus[] = ["planning", "running"];

/** "Simulation has failed", not "is failed": each status as the sentence of a 409 detail says it. */
const STATE: Record<SimulationStatus, string> = {
  planning: "is being planned",
  planned: "is planned",
  running: "is running",
  completed: "has completed",
  failed: "has failed",
};

export function deleteSimulation(services: Services, caller: Caller, id: string): void {
  const simulation = requireSimulation(services, caller, id);
  if (BUSY.includes(simulation.status)) {
    throw conflict(`Simulation ${STATE[simulation.status]}; it can be deleted once it has finished.`);
  }
  services.scheduler.cancel(simulation.id);
  services.world.simulations.delete(simulation.id);
}

function requirePlanned(simulation: SimulationRecord, action: string): void {
  if (simulation.status !== "planned") {
    throw conflict(`Simulation ${STATE[simulation.status]}; ${action} only while it is planned.`);
  }
}

export interface PlanChanges {
  question_text?: string | null;
  hypothesis_text?: string | null;
  survey_questions?: SurveyQuestion[] | null;
  journey_task?: JsonObject | null;
}

/** Fields given replace the plan's, others are kept; null clears. */
export function updatePlan(services: Services, caller: Caller, id: string, changes: PlanChanges): SimulationRecord {
  const simulation = requireSimulation(services, caller, id);
  requirePlanned(simulation, "the plan can be edited");
  checkPlanEdit(simulation.mode, changes, services.options.maxQuestions);
  const current: Plan = simulationContent(services, simulation).plan ?? {
    question_text: null,
    hypothesis_text: null,
    survey_questions: null,
    journey_task: null,
  };
  const plan: Plan = { ...current };
  for (const key of ["question_text", "hypothesis_text", "survey_questions", "journey_task"] as const) {
    if (key in changes) (plan as unknown as Record<string, unknown>)[key] = changes[key] ?? null;
  }
  return services.world.simulations.put({ ...simulation, plan, updated_at: timestamp(services) });
}

export function runSimulation(services: Services, caller: Caller, id: string): SimulationRecord {
  const simulation = requireSimulation(services, caller, id);
  requirePlanned(simulation, "it can be run");
  const now = timestamp(services);
  const running = services.world.simulations.put({
    ...simulation,
    status: "running",
    started_at: now,
    updated_at: now,
  });
  scheduleSimulationPhase(services, running, "running");
  return running;
}

export function shareSimulation(services: Services, caller: Caller, id: string): SimulationRecord {
  const simulation = requireSimulation(services, caller, id);
  if (simulation.public) return simulation;
  return services.world.simulations.put({ ...simulation, public: true, updated_at: timestamp(services) });
}

/** Shared simulations are readable by anyone holding the URL. */
export function findPublicSimulation(services: Services, id: string): SimulationRecord | undefined {
  const simulation = services.world.simulations.get(id);
  return simulation?.public ? simulation : undefined;
}

export function moveSimulation(services: Services, caller: Caller, id: string, projectId: string): SimulationRecord {
  const simulation = requireSimulation(services, caller, id);
  if (simulation.project_id !== null) {
    throw conflict("Simulation already belongs to a project; only a simulation without a project can be moved.");
  }
  const project = requireProject(services, caller, projectId);
  refuseDuringPlannerTurn(services, project);
  const round = roundToJoin(services, caller, project, null);
  // It keeps the context it was planned against; the project's context applies to simulations created in it.
  const now = timestamp(services);
  const moved = services.world.simulations.put({
    ...simulation,
    project_id: project.id,
    round_id: round.id,
    roundPlace: joinRound(services, round),
    updated_at: now,
  });
  touchProject(services, project.id, now);
  return moved;
}
