import { json, jsonBytes, noContent } from "../../../fastapi/index.js";
import { notFound } from "../../domain/errors.js";
import {
  createSimulation,
  deleteSimulation,
  findPublicSimulation,
  listSimulations,
  moveSimulation,
  type PlanChanges,
  requireSimulation,
  runSimulation,
  shareSimulation,
  updatePlan,
} from "../../domain/simulations.js";
import type { OperationInput } from "../operation.js";
import { renderSharePage, sharePageHeaders } from "./share-page.js";
import type * as routes from "./simulations.routes.js";
import { shareUrl, simulationJson, simulationsJson, simulationView } from "./simulations.views.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

export function listSimulationsHandler(input: In<"listSimulationsRoute">) {
  const { services, caller, query } = input;
  return jsonBytes(200, simulationsJson(services, listSimulations(services, caller, query), input));
}

export function createSimulationHandler(input: In<"createSimulationRoute">) {
  const { services, caller, body } = input;
  return jsonBytes(201, simulationJson(services, createSimulation(services, caller, body), input));
}

export function getSimulationHandler(input: In<"getSimulationRoute">) {
  const { services, caller, params } = input;
  return jsonBytes(200, simulationJson(services, requireSimulation(services, caller, params.simulation_id), input));
}

export function moveSimulationHandler(input: In<"moveSimulationRoute">) {
  const { services, caller, params, body } = input;
  const moved = moveSimulation(services, caller, params.simulation_id, body.project_id);
  return jsonBytes(200, simulationJson(services, moved, input));
}

export function deleteSimulationHandler({ services, caller, params }: In<"deleteSimulationRoute">) {
  deleteSimulation(services, caller, params.simulation_id);
  return noContent();
}

export function updatePlanHandler(input: In<"updatePlanRoute">) {
  const { services, caller, params, body } = input;
  const { survey_questions, ...rest } = body;
  const changes: PlanChanges = { ...rest };
  if (survey_questions !== undefined) {
    changes.survey_questions =
      survey_questions?.map((q) => ({
        question_text: q.question_text,
        question_type: q.question_type,
        answer_options: q.answer_options ?? null,
        insight: q.insight ?? null,
        variable_name: q.variable_name ?? null,
      })) ?? null;
  }
  return jsonBytes(200, simulationJson(services, updatePlan(services, caller, params.simulation_id, changes), input));
}

export function runSimulationHandler(input: In<"runSimulationRoute">) {
  const { services, caller, params } = input;
  return jsonBytes(200, simulationJson(services, runSimulation(services, caller, params.simulation_id), input));
}

export function shareSimulationHandler({ services, caller, params, origin }: In<"shareSimulationRoute">) {
  const simulation = shareSimulation(services, caller, params.simulation_id);
  return json(200, { url: shareUrl(origin, simulation.id) });
}

export function publicSimulationHandler(input: In<"publicSimulationRoute">) {
  const { services, params, c } = input;
  const simulation = findPublicSimulation(services, params.simulation_id);
  if (!simulation) throw notFound("Simulation");
  if (prefersJson(c.req.header("accept"))) return jsonBytes(200, simulationJson(services, simulation, input));
  return new Response(renderSharePage(simulationView(services, simulation, input)), { headers: sharePageHeaders() });
}

/**
 * Content negotiation for the share page (RFC 9110): each type takes the q-value of the most specific range that
 * matches it; JSON is served only when it ranks above HTML, or ties and was named more specifically (as in axios'
 * "application/json, text/plain" plus a wildcard). A browser's header, a bare wildcard or none gets the page.
 */
export function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const json = rank(accept, "application", "json");
  const html = rank(accept, "text", "html");
  return json.q > 0 && (json.q > html.q || (json.q === html.q && json.specificity > html.specificity));
}

function rank(accept: string, type: string, subtype: string): { q: number; specificity: number } {
  let best = { q: 0, specificity: -1 };
  for (const range of accept.split(",")) {
    const [mediaRange = "", ...params] = range.trim().toLowerCase().split(";");
    const [rangeType, rangeSubtype] = mediaRange.trim().split("/");
    const specificity =
      rangeType === type && rangeSubtype === subtype ? 2 : rangeType === type && rangeSubtype === "*" ? 1 : 0;
    if (specificity === 0 && !(rangeType === "*" && rangeSubtype === "*")) continue;
    if (specificity <= best.specificity) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    best = { q: Number.isFinite(q) ? q : 0, specificity };
  }
  return best;
}
