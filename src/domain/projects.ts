import { type Services, timestamp } from "../services.js";
import type { ArtefactType, ProjectRecord, RoundRecord, SimulationRecord } from "../world/records.js";
import { type Caller, nextIdOf, ownsSimulation } from "./callers.js";
import { defaultContext, findContext } from "./contexts.js";
import { conflict, forbidden, notFound, Refusal } from "./errors.js";
import { schedulePhaseEnd } from "./fates.js";

export const DEFAULT_PROJECT_NAME = "New project";
export const MAX_ARTEFACT_BYTES = 10 * 1024 * 1024;

/** Projects are visible to everyone in the owner's organisation. */
export function findProject(services: Services, caller: Caller, id: string): ProjectRecord | undefined {
  const project = services.world.projects.get(id);
  return project && project.orgId === caller.orgId ? project : undefined;
}

export function requireProject(services: Services, caller: Caller, id: string): ProjectRecord {
  const project = findProject(services, caller, id);
  if (!project) throw notFound("Project");
  return project;
}

/**
 * Most recently active first; see docs/decisions/mock-choices.md#list-order for what counts as activity. Ties (a manual clock) go to the newest
 * created: insertion order is creation order, reversed before the stable sort.
 */
export function listProjects(services: Services, caller: Caller): ProjectRecord[] {
  return services.world.projects
    .listBy("org", caller.orgId)
    .reverse()
    .sort((a, b) => b.last_active_at.localeCompare(a.last_active_at) || b.created_at.localeCompare(a.created_at));
}

/**
 * Marks the project active `at` the moment of the event that touched it (the caller's own timestamp): a second clock
 * read would put a system clock's project a millisecond after the simulation's completed_at.
 */
export function touchProject(services: Services, projectId: string, at = timestamp(services)): void {
  services.world.projects.update(projectId, (p) => ({ ...p, last_active_at: at }));
}

export function createProject(
  services: Services,
  caller: Caller,
  input: { name?: string | null; context_id?: string | null } | undefined,
): ProjectRecord {
  let contextId: string | null;
  if (input?.context_id) {
    if (!findContext(services, caller, input.context_id)) throw notFound("Context");
    contextId = input.context_id;
  } else {
    contextId = defaultContext(services, caller)?.id ?? null;
  }
  const now = timestamp(services);
  return services.world.projects.put({
    id: nextIdOf(services, caller),
    orgId: caller.orgId,
    owner_id: caller.id,
    // An empty name reads as no name, as an empty round title does.
    name: input?.name || DEFAULT_PROJECT_NAME,
    context_id: contextId,
    created_at: now,
    updated_at: now,
    last_active_at: now,
  });
}

export function renameProject(services: Services, caller: Caller, id: string, name: string): ProjectRecord {
  const project = requireProject(services, caller, id);
  if (project.owner_id !== caller.id) throw forbidden("Only the project's owner can rename it.");
  const now = timestamp(services);
  return services.world.projects.put({ ...project, name, updated_at: now, last_active_at: now });
}

export function roundsOf(services: Services, projectId: string): RoundRecord[] {
  return services.world.rounds.listBy("project", projectId).sort((a, b) => a.number - b.number);
}

export function latestRound(services: Services, projectId: string): RoundRecord | undefined {
  return roundsOf(services, projectId).at(-1);
}

/** The round's simulations in the order they joined it (created in it or moved in). */
export function simulationsOfRound(services: Services, roundId: string): SimulationRecord[] {
  return services.world.simulations.listBy("round", roundId).sort((a, b) => (a.roundPlace ?? 0) - (b.roundPlace ?? 0));
}

/** A simulation joins `round`: counts it in the round and answers its place there (SimulationRecord.roundPlace). */
export function joinRound(services: Services, round: RoundRecord): number {
  const place = (round.joined ?? 0) + 1;
  services.world.rounds.put({ ...round, joined: place });
  return place;
}

/**
 * The round's simulations a caller may open, the ones its `simulations` list shows: their own. A colleague's
 * simulation in the organisation's project is still the round's (it names the round, its synthesis covers it, and the
 * round is not empty), but listing it would hand out a link that is 404 for this caller.
 */
export function roundSimulationsFor(caller: Caller, simulations: readonly SimulationRecord[]): SimulationRecord[] {
  return simulations.filter((s) => ownsSimulation(caller, s));
}

function newRound(
  services: Services,
  caller: Caller,
  projectId: string,
  number: number,
  title: string | null,
): RoundRecord {
  return services.world.rounds.put({
    id: nextIdOf(services, caller),
    projectId,
    number,
    callerTitle: title,
    artefact_name: null,
    artefact_type: null,
    artefact: null,
    synthesis: null,
    synthesis_status: null,
    synthesis_error: null,
    synthesisCovers: [],
    created_at: timestamp(services),
  });
}

/** The round a simulation joins: the one named, else the latest, else a new round 1. */
export function roundToJoin(
  services: Services,
  caller: Caller,
  project: ProjectRecord,
  roundId?: string | null,
): RoundRecord {
  if (roundId) {
    const round = services.world.rounds.get(roundId);
    if (!round || round.projectId !== project.id) throw notFound("Round");
    return round;
  }
  return latestRound(services, project.id) ?? newRound(services, caller, project.id, 1, null);
}

export function startRound(services: Services, caller: Caller, projectId: string, title: string | null | undefined) {
  const project = requireProject(services, caller, projectId);
  const latest = latestRound(services, project.id);
  if (latest && simulationsOfRound(services, latest.id).length === 0) {
    throw conflict(
      `Round ${latest.number} has no simulations yet; add simulations to it instead of starting a new round.`,
    );
  }
  const round = newRound(services, caller, project.id, (latest?.number ?? 0) + 1, title || null);
  touchProject(services, project.id);
  return round;
}

export function requireRound(services: Services, caller: Caller, projectId: string, roundId: string): RoundRecord {
  const project = requireProject(services, caller, projectId);
  const round = services.world.rounds.get(roundId);
  if (!round || round.projectId !== project.id) throw notFound("Round");
  return round;
}

export function renameRound(services: Services, caller: Caller, projectId: string, roundId: string, title: string) {
  const round = requireRound(services, caller, projectId, roundId);
  touchProject(services, projectId);
  return services.world.rounds.put({ ...round, callerTitle: title });
}

export function attachArtefact(
  services: Services,
  caller: Caller,
  projectId: string,
  roundId: string,
  artefact: {
    type: ArtefactType;
    name: string | null;
    text?: string;
    url?: string;
    bytes?: number;
    content_type?: string;
  },
) {
  const round = requireRound(services, caller, projectId, roundId);
  const { type, name, ...stored } = artefact;
  touchProject(services, projectId);
  return services.world.rounds.put({ ...round, artefact_type: type, artefact_name: name, artefact: stored });
}

const ARTEFACT_TYPES: Record<string, readonly string[]> = {
  pdf: ["application/pdf"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  md: ["text/markdown", "text/x-markdown", "text/plain"],
  txt: ["text/plain"],
};

/** pdf, docx, md or txt by extension and content type (a generic octet-stream type defers to the extension). */
export function checkArtefactFile(file: { filename: string; contentType: string; size: number }): void {
  const extension = file.filename.includes(".") ? (file.filename.split(".").pop() ?? "").toLowerCase() : "";
  const allowed = ARTEFACT_TYPES[extension];
  const type = (file.contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (!allowed || !(type === "" || type === "application/octet-stream" || allowed.includes(type))) {
    throw new Refusal(
      "unsupported_media_type",
      `Unsupported file type '${file.filename}' (${type || "no content type"}); upload a pdf, docx, md or txt file.`,
    );
  }
  if (file.size > MAX_ARTEFACT_BYTES) {
    throw new Refusal("too_large", `File is ${file.size} bytes; the limit is 10 MB (${MAX_ARTEFACT_BYTES} bytes).`);
  }
}

/** Automatic title: from the round's simulations once it has any titled ones, else `Round <n>`. */
export function roundTitle(round: RoundRecord, simulations: SimulationRecord[]): string {
  if (round.callerTitle) return round.callerTitle;
  // Each title once: two simulations of one idea would otherwise read "Concept test · Concept test".
  const titles = [...new Set(simulations.map((s) => s.title).filter((t): t is string => Boolean(t)))];
  if (titles.length === 0) return `Round ${round.number}`;
  // Within the spec's 200 characters for a round title: two titles if they fit, else the first, shortened.
  const more = (n: number) => (n > 0 ? ` +${n} more` : "");
  const two = `${titles.slice(0, 2).join(" · ")}${more(titles.length - 2)}`;
  if (two.length <= ROUND_TITLE_MAX) return two;
  const tail = more(titles.length - 1);
  const first = titles[0] as string;
  const room = ROUND_TITLE_MAX - tail.length;
  return `${first.length <= room ? first : `${first.slice(0, room - 1).replace(/\s+\S*$/, "")}\u2026`}${tail}`;
}

/** The spec's limit on a round title (create and rename take 1 to 200 characters). */
const ROUND_TITLE_MAX = 200;

/** Simulations the current synthesis covers that are no longer completed in the round: they were deleted since. */
function coveredButGone(round: RoundRecord, simulations: SimulationRecord[]): number {
  const completed = new Set(simulations.filter((s) => s.status === "completed").map((s) => s.id));
  return round.synthesisCovers.filter((id) => !completed.has(id)).length;
}

/**
 * True when the current synthesis does not match the round's completed simulations: one of them is not covered, or
 * one it covers has been deleted since (it then speaks of findings the round no longer has).
 */
export function isSynthesisStale(round: RoundRecord, simulations: SimulationRecord[]): boolean {
  const covered = new Set(round.synthesisCovers);
  return (
    simulations.some((s) => s.status === "completed" && !covered.has(s.id)) || coveredButGone(round, simulations) > 0
  );
}

/**
 * The round's synthesis as a reader should see it now: when simulations it covers have been deleted since it was
 * written, a note first says so, so it never claims coverage the round no longer has.
 */
export function roundSynthesisText(round: RoundRecord, simulations: SimulationRecord[]): string | null {
  if (round.synthesis === null) return null;
  const gone = coveredButGone(round, simulations);
  if (gone === 0) return round.synthesis;
  const covered = round.synthesisCovers.length;
  const which =
    gone === covered
      ? `${covered === 1 ? "The simulation" : `All ${covered} simulations`} it covers ${covered === 1 ? "has" : "have"} been deleted`
      : `${gone} of the ${covered} simulations it covers ${gone === 1 ? "has" : "have"} been deleted`;
  return `> **Out of date.** ${which} since this synthesis was written; its findings below no longer describe this round. Regenerate it to bring it up to date.\n\n${round.synthesis}`;
}

/** Regeneration starts now and finishes in the background; the previous synthesis is replaced when it does. */
export function startSynthesis(services: Services, caller: Caller, projectId: string, roundId: string): RoundRecord {
  const round = requireRound(services, caller, projectId, roundId);
  touchProject(services, projectId);
  const generating = services.world.rounds.put({ ...round, synthesis_status: "generating", synthesis_error: null });
  // A regeneration restarts the clock: the pending one would otherwise finish this one early.
  services.scheduler.cancel(round.id);
  schedulePhaseEnd(services, "finish_synthesis", round.id, "synthesis", generating.fate?.synthesis);
  return generating;
}

/** "The in-app planner is mid-turn": a window the control API or a scenario opens on a project. */
export function isPlannerMidTurn(services: Services, project: ProjectRecord): boolean {
  return typeof project.planner_turn_until === "number" && services.clock.now() < project.planner_turn_until;
}

export function refuseDuringPlannerTurn(services: Services, project: ProjectRecord): void {
  if (!isPlannerMidTurn(services, project)) return;
  const seconds = Math.ceil(((project.planner_turn_until as number) - services.clock.now()) / 1000);
  throw conflict(`The project's planner is mid-turn; try again when it has finished (in about ${seconds} s).`);
}

export function startPlannerTurn(services: Services, projectId: string, ms: number): ProjectRecord | undefined {
  return services.world.projects.update(projectId, (p) => ({ ...p, planner_turn_until: services.clock.now() + ms }));
}
