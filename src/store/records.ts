/**
 * The records the world stores. Field names follow the API's snake_case where a record is close to its
 * representation; bookkeeping fields (owner, organisation) are camelCase and never leave the server as-is.
 */
export type JsonObject = { [key: string]: unknown };

export interface OrganisationRecord {
  id: string;
  key: string;
  created_at: string;
}

export interface CallerRecord {
  id: string;
  key: string;
  orgId: string;
  created_at: string;
}

export type SimulationStatus = "planning" | "planned" | "running" | "completed" | "failed";
export type SimulationMode = "research" | "journey";

/** The request's survey design, kept as given (validated by the edge). */
export interface SurveyDesign {
  stimulus?: string | null;
  item_sets?: Array<{ ask: string; items: string[]; scale?: string[] | null }>;
  custom_questions?: Array<{ question_text: string; answer_options?: string[] | null }>;
}

export interface SurveyQuestion {
  question_text: string;
  question_type: string;
  answer_options: string[] | null;
  insight: string | null;
  variable_name: string | null;
}

export interface Plan {
  question_text: string | null;
  hypothesis_text: string | null;
  survey_questions: SurveyQuestion[] | null;
  journey_task: JsonObject | null;
}

export interface SimulationRecord {
  id: string;
  ownerId: string;
  orgId: string;
  mode: SimulationMode;
  goal: string;
  inputs: JsonObject;
  user_model_ids: string[];
  title: string | null;
  project_id: string | null;
  round_id: string | null;
  context_id: string | null;
  /**
   * True when context_id is the caller's default context rather than one the request or its project named: such a
   * context shapes the plan only when the study is plainly about its product (absent in files of earlier versions).
   */
  contextByDefault?: boolean;
  /**
   * Where it stands in its round's order of joining (see RoundRecord.joined): the round lists its simulations in that
   * order, which a restart cannot take from the order records were first stored in (absent in files of earlier
   * versions, and for fixtures: those come first, in stored order).
   */
  roundPlace?: number;
  status: SimulationStatus;
  survey_design: SurveyDesign | null;
  /**
   * An edited plan. A generated plan, results, synthesis and report are not stored but generated when read, from the
   * seed and the inputs above (domain/simulation-content.ts); records written by earlier versions may hold them.
   */
  plan: Plan | null;
  /** --max-questions when it was planned: the generated plan is capped by it (absent in files of earlier versions). */
  planMaxQuestions?: number;
  progress: { completed: number; total: number; fraction: number } | null;
  synthesis: string | null;
  markdown: string | null;
  results: JsonObject | null;
  error: string | null;
  public: boolean;
  created_at: string;
  updated_at: string;
  planned_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  /** What a scenario decided for its phases (see domain/fates.ts); absent for most simulations. */
  fate?: SimulationFate;
}

/**
 * A scenario's say over one background phase of a thing, kept on the record so it persists with --db and holds
 * whoever asks next: fail it (at a fraction of the way, for a run), make it take `ms`, or hold it (stuck) until the
 * scenario that holds it is cleared.
 */
export interface PhaseFate {
  fail?: { error: string; at_fraction?: number };
  ms?: number;
  /** The hold's key (scope and scenario); the phase does not end until the hold is released. */
  hold?: string;
  /** How far a held run gets before it stalls (progress stays there). */
  stall_at?: number;
}

export interface SimulationFate {
  planning?: PhaseFate;
  running?: PhaseFate;
}

export interface ProjectRecord {
  id: string;
  orgId: string;
  owner_id: string;
  name: string;
  context_id: string | null;
  created_at: string;
  updated_at: string;
  last_active_at: string;
  /** Epoch ms until which the in-app planner is mid-turn on the project (mock control); absent when never started. */
  planner_turn_until?: number | null;
}

export type ArtefactType = "text" | "url" | "file";
export type SynthesisStatus = "generating" | "completed" | "failed";

export interface RoundRecord {
  id: string;
  projectId: string;
  number: number;
  /** Set by the caller (create or rename); null means the automatic title applies. */
  callerTitle: string | null;
  artefact_name: string | null;
  artefact_type: ArtefactType | null;
  artefact: { text?: string; url?: string; bytes?: number; content_type?: string } | null;
  synthesis: string | null;
  synthesis_status: SynthesisStatus | null;
  synthesis_error: string | null;
  /** Ids of the completed simulations the current synthesis covers. */
  synthesisCovers: string[];
  /** How many simulations ever joined it (created in it or moved in): the next one's `roundPlace` (absent: none yet). */
  joined?: number;
  created_at: string;
  /** A scenario's say over the round's next synthesis (see domain/fates.ts). */
  fate?: { synthesis?: PhaseFate };
}

export interface ContextRecord {
  id: string;
  orgId: string;
  owner_id: string;
  scope: "user" | "organisation";
  name: string;
  body: string;
  created_at: string;
  updated_at: string;
  /** Loaded from the fixtures on every start (never persisted, kept by a reset). */
  fixture?: true;
}

export interface UserModelRecord {
  id: string;
  /** null for public models (fixtures); an organisation's id for its own. */
  orgId: string | null;
  name: string;
  description: string;
  /**
   * No stored `accuracy`: it is computed from the population's tested answers (see domain/populations.ts), so the user
   * model list and the population read can never disagree.
   */
  metadata: JsonObject;
  created_at: string;
  question_count: number;
  simulacrum_count: number;
  /** The status of the last completed test; a retest in progress is read from the organisation's RetestRecord. */
  status: string;
  data_source: string;
  /** A date, `YYYY-MM-DD`. */
  effective_date: string;
  reality_target: string;
  simulation_engine: string;
  test_started_at: string;
  test_finished_at: string;
  upload_filename: string;
  /** Loaded from the fixtures on every start (never persisted, kept by a reset). */
  fixture?: true;
}

export interface AnswerRecord {
  id: string;
  /** The organisation that made it, or PUBLIC for fixture benchmark answers. */
  orgId: string;
  ownerId: string;
  /** A prediction has no ground truth; a test answer ("answer") has. */
  kind: "prediction" | "answer";
  /** True for the ground-truth questions a population was built and tested with (fixtures). */
  benchmark: boolean;
  population: string;
  question: string;
  answer_options: string[];
  question_type: string;
  predicted_answer_percentages: Record<string, number>;
  /** Set when kind is "answer". */
  ground_answer_counts: Record<string, number> | null;
  batch: string;
  status: string;
  created_at: string;
  prediction_started_at: string;
  prediction_finished_at: string;
  test_started_at: string | null;
  test_finished_at: string | null;
}

/**
 * A time kept with the world so that a restart with --db never goes back before the times it stored: where a manual
 * clock stands (id "manual"), and when the world was last written on either clock (id "written").
 */
export interface ClockRecord {
  id: string;
  /** Epoch milliseconds. */
  now_ms: number;
}

export interface BatchRecord {
  id: string;
  /** The organisation that made it, or PUBLIC for a population's benchmark batch. */
  orgId: string;
  ownerId: string;
  /** Prediction batches hold predictions (read under /v1/predictions/batch), answer batches hold tests. */
  kind: "prediction" | "answer";
  name: string;
  description: string | null;
  created_at: string;
}

/** A retest that finished (not failed): what a population's averages rest on until the next one finishes. */
export interface FinishedRetest {
  test_started_at: string;
  test_finished_at: string;
  /** See RetestRecord.tests_counted. */
  tests_counted?: number;
}

/** Where a retest stands: testing until its finish_retest job runs, then ready, or failed by a scenario. */
export type RetestStatus = "testing" | "ready" | "failed";

/** The last retest an organisation started on a population. */
export interface RetestRecord {
  /** `${orgId}|${populationId}` */
  id: string;
  orgId: string;
  population: string;
  test_started_at: string;
  /** test_started_at + the retest duration in effect when it started. */
  test_finishes_at: string;
  /**
   * How many of the organisation's own tests of the population existed when it started: the ones it counts (the first
   * that many, in creation order), so a test added while it runs or after it finished waits for the next retest.
   * Absent on retests stored before it was kept: they count the tests created up to when they finished.
   */
  tests_counted?: number;
  /** The retest this one replaced, once that one had finished; null when the fixture's own test was the last. */
  previous: FinishedRetest | null;
  /** A scenario's say over this retest: it fails, or is held (still testing) until released (domain/fates.ts). */
  fate?: PhaseFate;
  /**
   * Moved from testing by the finish_retest job (domain/populations.ts). Absent on retests stored before it was
   * kept: testing while their finish_retest job is pending, else ended as their fate says.
   */
  status?: RetestStatus;
}

/**
 * `stall_run` changes no record (a held run's progress is read off the clock): it marks the moment something a client
 * sees changes, so the manual clock's next/idle stop there too. Every other kind ends a phase.
 */
export type JobKind =
  | "finish_planning"
  | "finish_run"
  | "fail_run"
  | "stall_run"
  | "finish_synthesis"
  | "finish_retest";

/** Background work waiting on the clock; persisted so a restart with --db resumes or completes it. */
export interface JobRecord {
  id: string;
  kind: JobKind;
  /** The simulation or round the job moves along, or the retest's id (`${orgId}|${populationId}`). */
  subject: string;
  /** Epoch milliseconds at which it falls due. */
  due_at: number;
  /** Tie-breaker for jobs due at the same millisecond: the order they were scheduled in. */
  sequence: number;
  /** Set while a scenario holds the job (a stuck phase): it never falls due until released. */
  held?: string;
}
