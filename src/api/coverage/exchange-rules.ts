/**
 * Which of the kit's rules (contract-tests/traceability/rules.ts) an exchange shows, from its operation and status
 * alone: the one table coverage counts by. Only what the status proves is named: a 409 on delete is refused either
 * while planning or while running, so it names neither rule. The traffic proxy's judge reads bodies and can say more;
 * this table is what is left when all one has is the journal's method, template and status.
 */

export interface ExchangeFacts {
  /** Upper case, as sent. */
  readonly method: string;
  /** The path template, e.g. /v1/simulations/{simulation_id}/run. */
  readonly route: string;
  readonly status: number;
}

type ByStatus = Readonly<Record<number, readonly string[]>>;

/** `METHOD template` -> status -> the rules that answer shows. */
export const EXCHANGE_RULES: Readonly<Record<string, ByStatus>> = {
  "GET /v1/user-models": { 200: ["USER-MODELS-LIST"] },
  "GET /v1/simulation-schema": { 200: ["SCHEMA-GOALS-LIST", "SCHEMA-GOAL-INPUTS"] },
  "POST /v1/simulations": { 201: ["SIM-CREATE-201", "SIM-CREATE-PLANNING"], 409: ["SIM-CREATE-409-PLANNER-TURN"] },
  "GET /v1/simulations": { 200: ["SCOPE-CALLER"] },
  "GET /v1/simulations/{simulation_id}": { 200: ["SIM-GET"] },
  "PATCH /v1/simulations/{simulation_id}": { 200: ["SIM-MOVE-200-NO-PROJECT"] },
  "DELETE /v1/simulations/{simulation_id}": { 204: ["SIM-DELETE-204", "SIM-DELETE-DISCARDS"] },
  "PATCH /v1/simulations/{simulation_id}/plan": {
    200: ["PLAN-EDIT-PLANNED", "PLAN-EDIT-REPLACES"],
    409: ["PLAN-EDIT-REFUSED-NOT-PLANNED"],
  },
  "POST /v1/simulations/{simulation_id}/run": {
    200: ["SIM-RUN-200-PLANNED", "SIM-RUN-RUNNING"],
    409: ["SIM-RUN-REFUSED-NOT-PLANNED"],
  },
  "POST /v1/simulations/{simulation_id}/share": { 200: ["SIM-SHARE"] },
  "GET /v1/projects": { 200: ["PROJECT-LIST-VISIBLE", "PROJECT-LIST-ACTIVE-FIRST"] },
  "POST /v1/projects": { 201: ["PROJECT-CREATE-201"] },
  "GET /v1/projects/{project_id}": { 200: ["PROJECT-GET-ROUNDS"] },
  "PATCH /v1/projects/{project_id}": { 200: ["PROJECT-RENAME"], 403: ["PROJECT-RENAME-OWNER"] },
  "POST /v1/projects/{project_id}/rounds": { 201: ["ROUND-CREATE-201"], 409: ["ROUND-CREATE-REFUSED-EMPTY"] },
  "PATCH /v1/projects/{project_id}/rounds/{round_id}": { 200: ["ROUND-RENAME"] },
  "POST /v1/projects/{project_id}/rounds/{round_id}/artefact": { 200: ["ARTEFACT-REPLACES"] },
  "POST /v1/projects/{project_id}/rounds/{round_id}/artefact/file": {
    200: ["ARTEFACT-FILE", "ARTEFACT-REPLACES"],
    413: ["ARTEFACT-FILE-SIZE"],
    415: ["ARTEFACT-FILE-TYPES"],
  },
  "POST /v1/projects/{project_id}/rounds/{round_id}/synthesis": { 200: ["SYNTH-REGENERATE"] },
  "GET /v1/context": { 200: ["CONTEXT-DEFAULT"] },
  "GET /v1/contexts": { 200: ["CONTEXT-LIST"] },
  "POST /v1/contexts": { 201: ["CONTEXT-CREATE"] },
  "GET /v1/contexts/{context_id}": { 200: ["CONTEXT-GET-FULL-TEXT"] },
  "GET /v1/answers/{answer_id}": { 200: ["ANSWER-READ-ENVELOPE", "DEPRECATED-ANSWERS-ROUTE"] },
  "POST /v1/answers/benchmark": { 201: ["DEPRECATED-BENCHMARK-ROUTE"] },
  "GET /v1/predictions/{prediction_id}": { 200: ["PREDICTION-READ-ENVELOPE"] },
  "GET /v1/populations": { 200: ["POPULATION-READ-ENVELOPE"] },
  "GET /v1/populations/{population_id}": { 200: ["POPULATION-READ-ENVELOPE"] },
  "POST /v1/populations/{population_id}/retest": { 200: ["POPULATION-RETEST-ENVELOPE"] },
};

/** Whatever the operation: a 422 is the validation rule. */
const ANY_OPERATION: ByStatus = { 422: ["VALIDATION-422"] };

/** The catalogue's rule ids an exchange shows (none for an operation or status the table does not name). */
export function exchangeRules(e: ExchangeFacts): string[] {
  const own = EXCHANGE_RULES[`${e.method} ${e.route}`]?.[e.status] ?? [];
  const any = ANY_OPERATION[e.status] ?? [];
  return any.length === 0 ? [...own] : [...own, ...any];
}

/** Every rule id the table can name: what a client's run could exercise, as far as coverage can tell. */
export function exchangeRuleIds(): string[] {
  const ids = new Set<string>();
  for (const table of [...Object.values(EXCHANGE_RULES), ANY_OPERATION]) {
    for (const list of Object.values(table)) for (const id of list) ids.add(id);
  }
  return [...ids];
}
