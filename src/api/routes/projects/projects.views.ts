import type { ProjectRecord, RoundRecord } from "../../../store/index.js";
import type { Caller } from "../../domain/callers.js";
import {
  isSynthesisStale,
  roundSimulationsFor,
  roundSynthesisText,
  roundsOf,
  roundTitle,
  simulationsOfRound,
} from "../../domain/projects.js";
import type { Services } from "../../services.js";

export function projectView(p: ProjectRecord) {
  return {
    id: p.id,
    name: p.name,
    context_id: p.context_id,
    owner_id: p.owner_id,
    created_at: p.created_at,
    updated_at: p.updated_at,
    last_active_at: p.last_active_at,
  };
}

/** One round as `caller` sees it: the round's own facts over all its simulations, the list of those the caller owns. */
export function roundView(services: Services, caller: Caller, round: RoundRecord) {
  const simulations = simulationsOfRound(services, round.id);
  return {
    id: round.id,
    number: round.number,
    title: roundTitle(round, simulations),
    artefact_name: round.artefact_name,
    artefact_type: round.artefact_type,
    simulations: roundSimulationsFor(caller, simulations).map((s) => ({
      id: s.id,
      title: s.title,
      status: s.status,
      mode: s.mode,
      goal: s.goal,
    })),
    synthesis: roundSynthesisText(round, simulations),
    synthesis_status: round.synthesis_status,
    synthesis_error: round.synthesis_error,
    synthesis_stale: isSynthesisStale(round, simulations),
    created_at: round.created_at,
  };
}

export function projectWithRoundsView(services: Services, caller: Caller, p: ProjectRecord) {
  return { ...projectView(p), rounds: roundsOf(services, p.id).map((r) => roundView(services, caller, r)) };
}
