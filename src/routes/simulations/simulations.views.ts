import { progressOf } from "../../domain/lifecycle.js";
import { simulationContent } from "../../domain/simulation-content.js";
import type { Services } from "../../services.js";
import type { SimulationRecord } from "../../world/records.js";

/** The public share page's URL for a simulation. */
export function shareUrl(origin: string, id: string): string {
  return `${origin}/v1/public/simulations/${id}`;
}

/** The API representation: the spec's fields, then mock-decisions' additions, without bookkeeping fields. */
export function simulationView(services: Services, s: SimulationRecord, origin: string) {
  const content = simulationContent(services, s);
  return {
    id: s.id,
    mode: s.mode,
    goal: s.goal,
    inputs: s.inputs,
    user_model_ids: s.user_model_ids,
    title: s.title,
    project_id: s.project_id,
    round_id: s.round_id,
    status: s.status,
    context_id: s.context_id,
    plan: content.plan,
    progress: progressOf(services, s),
    synthesis: content.synthesis,
    markdown: content.markdown,
    results: content.results,
    error: s.error,
    public: s.public,
    share_url: s.public ? shareUrl(origin, s.id) : null,
    created_at: s.created_at,
    updated_at: s.updated_at,
    planned_at: s.planned_at,
    started_at: s.started_at,
    completed_at: s.completed_at,
  };
}
