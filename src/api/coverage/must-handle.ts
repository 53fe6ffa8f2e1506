/**
 * The error answers and states every client of the API must handle, each with what shows it was reached and the
 * shipped scenario (scenarios/*.json) that produces it: a client's run that never reached one is told how to.
 */

/** What a must-handle item is judged on: the counts a coverage tally keeps. */
export interface Reached {
  /** How often `METHOD template` was answered with `status` (any operation when `operation` is undefined). */
  answered(status: number, operation?: string): number;
  /** How often a state of a kind was read in an answer. */
  observed(kind: string, state: string): number;
  /** How often something the edge noticed happened (`delayed`, `survey-design-400`). */
  noticed(what: string): number;
}

export interface MustHandle {
  readonly id: string;
  readonly title: string;
  /** The shipped scenario that produces it, or null where the API's own flow does (then `how` says how). */
  readonly scenario: string | null;
  readonly how: string;
  readonly count: (r: Reached) => number;
}

export const MUST_HANDLE: readonly MustHandle[] = [
  {
    id: "planner-turn-409",
    title: "409 on create: the project's in-app planner is mid-turn",
    scenario: "planner-busy",
    how: "turn on planner-busy, create or open a project, then create a simulation in it",
    count: (r) => r.answered(409, "POST /v1/simulations"),
  },
  {
    id: "delete-running-409",
    title: "409 on delete: the simulation is planning or running",
    scenario: "stuck-running",
    how: "turn on stuck-running, run a simulation, then delete it while it stays running",
    count: (r) => r.answered(409, "DELETE /v1/simulations/{simulation_id}"),
  },
  {
    id: "survey-design-400",
    title: "400 on create: a well-formed survey_design that cannot be used",
    scenario: "survey-design-rejected",
    how: "turn on survey-design-rejected, then create a research simulation with a survey_design",
    count: (r) => r.noticed("survey-design-400"),
  },
  {
    id: "validation-422",
    title: "422: FastAPI's validation errors",
    scenario: "validation-errors",
    how: "turn on validation-errors, then create a simulation",
    count: (r) => r.answered(422),
  },
  {
    id: "simulation-failed",
    title: "A simulation read as failed, with its error",
    scenario: "run-fails",
    how: "turn on run-fails, run a simulation and poll it",
    count: (r) => r.observed("simulation", "failed"),
  },
  {
    id: "synthesis-failed",
    title: "A round synthesis read as failed, with synthesis_error",
    scenario: "synthesis-fails",
    how: "turn on synthesis-fails, regenerate a round's synthesis and read the project",
    count: (r) => r.observed("round_synthesis", "failed"),
  },
  {
    id: "synthesis-stale",
    title: "A round synthesis read as stale (synthesis_stale true)",
    scenario: null,
    how: "regenerate a round's synthesis, complete another simulation in the round, then read the project",
    count: (r) => r.observed("synthesis_freshness", "stale"),
  },
  {
    id: "retest-failed",
    title: "A population retest read as failed",
    scenario: "retest-fails",
    how: "turn on retest-fails, retest a population and read it",
    count: (r) => r.observed("population_retest", "failed"),
  },
  {
    id: "rate-limited",
    title: "429 Too Many Requests with Retry-After",
    scenario: "rate-limited",
    how: "turn on rate-limited and make more than 20 requests in a minute",
    count: (r) => r.answered(429),
  },
  {
    id: "server-error",
    title: "500 Internal Server Error",
    scenario: "server-error",
    how: "turn on server-error, then list simulations",
    count: (r) => r.answered(500),
  },
  {
    id: "unavailable",
    title: "503 Service Unavailable with Retry-After",
    scenario: "flaky",
    how: "turn on flaky and make a few dozen requests",
    count: (r) => r.answered(503),
  },
  {
    id: "slow-network",
    title: "A slow network: answers seconds late",
    scenario: "slow-network",
    how: "turn on slow-network and make any request",
    count: (r) => r.noticed("delayed"),
  },
];
