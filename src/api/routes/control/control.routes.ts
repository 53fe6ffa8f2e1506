import { z } from "@hono/zod-openapi";
import { onFirstUse } from "../../../content/index.js";
import { Context } from "../contexts/contexts.schemas.js";
import { defineRoute } from "../define-route.js";
import { detailErrors, jsonContent, Timestamp } from "../shared.schemas.js";
import { CreateSimulationBody, Simulation, SimulationStatus } from "../simulations/simulations.schemas.js";
import { UserModel } from "../user-models/user-models.schemas.js";

const tags = ["mock"];

const ControlTokenHeader = onFirstUse(() =>
  z.object({
    "x-mock-control-token": z
      .string()
      .optional()
      .openapi({ description: "Required when the mock was started with --control-token" }),
  }),
);

const controlErrors = (...statuses: Array<400 | 404 | 409>) => ({
  ...detailErrors(...statuses),
  401: jsonContent(z.object({ detail: z.string() }), "No x-mock-control-token header (with --control-token)"),
  403: jsonContent(z.object({ detail: z.string() }), "A wrong x-mock-control-token (with --control-token)"),
});

export const ClockState = onFirstUse(() =>
  z.object({ kind: z.enum(["system", "manual"]), now: z.iso.datetime(), epoch_ms: z.int() }).openapi("MockClock"),
);

/** Moving by ms: at most a year at a time (the programmatic clock.advance checks the same schema). */
export const AdvanceByMs = onFirstUse(() => z.strictObject({ ms: z.int().min(0).max(31_536_000_000) }));

export const AdvanceUntil = onFirstUse(() =>
  z.strictObject({
    until: z.enum(["next", "idle"]).openapi({
      description: "next: to the next transition (and all due at that moment); idle: until nothing is pending",
    }),
  }),
);

export const AdvanceClockBody = onFirstUse(() => z.union([AdvanceByMs(), AdvanceUntil()]).openapi("AdvanceClockBody"));

export const readClockRoute = defineRoute(
  { method: "get", path: "/__mock/clock", tags, summary: "Read the mock's clock" },
  {
    request: () => ({ headers: ControlTokenHeader() }),
    responses: () => ({ 200: jsonContent(ClockState(), "The clock"), ...controlErrors() }),
  },
);

export const advanceClockRoute = defineRoute(
  {
    method: "post",
    path: "/__mock/clock/advance",
    tags,
    summary: "Move the manual clock: by ms, to the next transition, or until idle (409 with the system clock)",
  },
  {
    request: () => ({
      headers: ControlTokenHeader(),
      body: { required: true, content: { "application/json": { schema: AdvanceClockBody() } } },
    }),
    responses: () => ({ 200: jsonContent(ClockState(), "The clock after moving"), ...controlErrors(409) }),
  },
);

export const PlannerTurnBody = onFirstUse(() =>
  z
    .strictObject({ ms: z.int().min(1).max(86_400_000) })
    .openapi("PlannerTurnBody", { description: "How long the in-app planner stays mid-turn on the project" }),
);

export const PlannerTurnParams = onFirstUse(() => z.object({ project_id: z.uuid() }));

export const plannerTurnRoute = defineRoute(
  {
    method: "post",
    path: "/__mock/projects/{project_id}/planner-turn",
    tags,
    summary: "Start an in-app planner turn on a project: create-in-project and move-into-project give 409 meanwhile",
  },
  {
    request: () => ({
      headers: ControlTokenHeader(),
      params: PlannerTurnParams(),
      body: { required: true, content: { "application/json": { schema: PlannerTurnBody() } } },
    }),
    responses: () => ({
      200: jsonContent(
        z.object({ project_id: z.uuid(), planner_turn_until: z.iso.datetime() }).openapi("PlannerTurn"),
        "The planner turn",
      ),
      ...controlErrors(404),
    }),
  },
);

const KnownScenario = onFirstUse(() => z.object({ name: z.string(), description: z.string() }));

export const ScenariosState = onFirstUse(() =>
  z
    .object({
      known: z.array(KnownScenario()),
      active: z.object({
        global: z.array(z.string()).openapi({ description: "Active for the whole mock" }),
        organisations: z
          .record(z.string(), z.array(z.string()))
          .openapi({ description: "Active for one organisation (tokens <user>@<organisation>) only" }),
      }),
    })
    .openapi("MockScenarios"),
);

export const MockInfo = onFirstUse(() =>
  z
    .object({
      name: z.literal("bss-mock"),
      version: z.string(),
      seed: z.int(),
      options: z.record(z.string(), z.unknown()).openapi({ description: "The serve options (snake_case)" }),
      clock: ClockState(),
      timing: z.object({
        planning_ms: z.int(),
        running_ms: z.int(),
        synthesis_ms: z.int(),
        retest_ms: z.int(),
      }),
      scenarios: ScenariosState(),
      capabilities: z.array(z.string()),
    })
    .openapi("MockInfo"),
);

export const infoRoute = defineRoute(
  {
    method: "get",
    path: "/__mock",
    tags,
    summary: "What this mock is: version, seed, options, clock, timing, scenarios and capabilities",
  },
  {
    request: () => ({ headers: ControlTokenHeader() }),
    responses: () => ({ 200: jsonContent(MockInfo(), "The mock"), ...controlErrors() }),
  },
);

export const ResetBody = onFirstUse(() =>
  z
    .strictObject({
      org: z.string().min(1).optional().openapi({ description: "Only this organisation (tokens <user>@<org>)" }),
    })
    .openapi("ResetBody"),
);

export const resetRoute = defineRoute(
  {
    method: "post",
    path: "/__mock/reset",
    tags,
    summary:
      "Back to the start: everything (state, clock, journal, scenarios; the demo world is built again), or one organisation",
  },
  {
    request: () => ({
      headers: ControlTokenHeader(),
      body: { required: false, content: { "application/json": { schema: ResetBody() } } },
    }),
    responses: () => ({ 204: { description: "Reset" }, ...controlErrors() }),
  },
);

const ScenarioItem = onFirstUse(() =>
  z.union([
    z.string().openapi({ description: "A known scenario's name" }),
    z
      .record(z.string(), z.unknown())
      .openapi({ description: "A scenario written out in full, as a file (scenarios/scenario.schema.json)" }),
  ]),
);

export const PutScenariosBody = onFirstUse(() =>
  z
    .strictObject({
      scenarios: z.array(ScenarioItem()),
      org: z.string().min(1).optional().openapi({ description: "Only for this organisation; else the whole mock" }),
    })
    .openapi("PutScenariosBody"),
);

export const ClearScenariosQuery = onFirstUse(() =>
  z.object({ org: z.string().min(1).optional().openapi({ description: "Only this organisation's; else all" }) }),
);

export const readScenariosRoute = defineRoute(
  {
    method: "get",
    path: "/__mock/scenarios",
    tags,
    summary: "Known scenarios, and which are active for the whole mock and per organisation",
  },
  {
    request: () => ({ headers: ControlTokenHeader() }),
    responses: () => ({ 200: jsonContent(ScenariosState(), "The scenarios"), ...controlErrors() }),
  },
);

export const putScenariosRoute = defineRoute(
  {
    method: "put",
    path: "/__mock/scenarios",
    tags,
    summary: "Replace the active scenarios of the whole mock or of one organisation (counters start afresh)",
  },
  {
    request: () => ({
      headers: ControlTokenHeader(),
      body: { required: true, content: { "application/json": { schema: PutScenariosBody() } } },
    }),
    responses: () => ({ 200: jsonContent(ScenariosState(), "The scenarios"), ...controlErrors(400) }),
  },
);

export const deleteScenariosRoute = defineRoute(
  {
    method: "delete",
    path: "/__mock/scenarios",
    tags,
    summary:
      "Clear one organisation's scenarios (?org=, those its callers' x-mock-scenario headers started included), or every scenario; phases they hold are released",
  },
  {
    request: () => ({ headers: ControlTokenHeader(), query: ClearScenariosQuery() }),
    responses: () => ({ 200: jsonContent(ScenariosState(), "The scenarios"), ...controlErrors() }),
  },
);

export const JournalQuery = onFirstUse(() =>
  z.object({
    method: z.string().optional(),
    path: z.string().optional().openapi({ description: "The concrete path, e.g. /v1/simulations/<id>/run" }),
    template: z
      .string()
      .optional()
      .openapi({ description: "The path template, e.g. /v1/simulations/{simulation_id}/run" }),
    caller: z
      .string()
      .optional()
      .openapi({ description: "The token as sent (without Bearer); empty: no authorization" }),
    organisation: z.string().optional(),
    status: z.int().optional(),
    // FastAPI's `since: int | datetime`: an id, else a date-time (a naive one is UTC, the mock clock's timeline).
    since: z
      .union([z.int(), z.iso.datetime({ offset: true, local: true })])
      .optional()
      .openapi({ description: "An entry id (entries after it), or a date-time (entries at or after it, mock clock)" }),
    limit: z.int().min(1).max(100_000).optional().openapi({ description: "The last n matching entries" }),
  }),
);

const AppliedRule = onFirstUse(() =>
  z.object({
    scenario: z.string(),
    scope: z.enum(["global", "organisation", "request"]),
    rule: z.int(),
    action: z.enum(["answer", "delay", "fault", "effect"]),
    status: z.int().optional(),
    ms: z.int().optional(),
    fault: z.string().optional(),
    effect: z.string().optional(),
  }),
);

export const JournalEntry = onFirstUse(() =>
  z
    .object({
      id: z.int(),
      at: Timestamp(),
      method: z.string(),
      path: z.string(),
      template: z.string().nullable(),
      query: z.record(z.string(), z.string()),
      caller: z.string().openapi({ description: "The token as sent (without Bearer); empty: no authorization" }),
      organisation: z.string().nullable(),
      request_body: z.unknown(),
      status: z.int().nullable().openapi({ description: "null when a fault dropped the connection" }),
      response_body: z.unknown(),
      ms: z.number(),
      scenarios: z.array(AppliedRule()).openapi({ description: "The scenario rules that acted on the request" }),
      fault: z.string().nullable(),
    })
    .openapi("MockJournalEntry"),
);

export const listRequestsRoute = defineRoute(
  {
    method: "get",
    path: "/__mock/requests",
    tags,
    summary: "The request journal (API requests with what was answered), oldest first, filtered",
  },
  {
    request: () => ({ headers: ControlTokenHeader(), query: JournalQuery() }),
    responses: () => ({
      200: jsonContent(z.object({ requests: z.array(JournalEntry()) }).openapi("MockJournal"), "Matching requests"),
      ...controlErrors(),
    }),
  },
);

export const requestsHarRoute = defineRoute(
  {
    method: "get",
    path: "/__mock/requests/har",
    tags,
    summary: "The request journal as HAR 1.2 (credentials redacted), oldest first, filtered: for `bss-mock check`",
  },
  {
    request: () => ({ headers: ControlTokenHeader(), query: JournalQuery() }),
    responses: () => ({
      200: jsonContent(
        z
          .object({
            log: z.object({
              version: z.literal("1.2"),
              creator: z.object({ name: z.string(), version: z.string() }),
              entries: z.array(z.record(z.string(), z.unknown())),
            }),
          })
          .openapi("MockJournalHar"),
        "Matching requests, as HAR",
      ),
      ...controlErrors(),
    }),
  },
);

export const countRequestsRoute = defineRoute(
  { method: "get", path: "/__mock/requests/count", tags, summary: "How many journaled requests match" },
  {
    request: () => ({ headers: ControlTokenHeader(), query: JournalQuery().omit({ limit: true }) }),
    responses: () => ({
      200: jsonContent(z.object({ count: z.int() }).openapi("MockJournalCount"), "The count"),
      ...controlErrors(),
    }),
  },
);

export const clearRequestsRoute = defineRoute(
  { method: "delete", path: "/__mock/requests", tags, summary: "Empty the request journal" },
  {
    request: () => ({ headers: ControlTokenHeader() }),
    responses: () => ({ 204: { description: "Emptied" }, ...controlErrors() }),
  },
);

export const OrgParams = onFirstUse(() =>
  z.object({
    org: z.string().min(1).openapi({ description: "The organisation, as in tokens <user>@<org>" }),
  }),
);

export const OrganisationContextBody = onFirstUse(() =>
  z.strictObject({ name: z.string().min(1).max(200), body: z.string().min(1) }).openapi("OrganisationContextBody"),
);

export const createOrgContextRoute = defineRoute(
  {
    method: "post",
    path: "/__mock/orgs/{org}/contexts",
    tags,
    summary: "Create an organisation context (scope organisation), which the API cannot create",
  },
  {
    request: () => ({
      headers: ControlTokenHeader(),
      params: OrgParams(),
      body: { required: true, content: { "application/json": { schema: OrganisationContextBody() } } },
    }),
    responses: () => ({ 201: jsonContent(Context(), "The context"), ...controlErrors() }),
  },
);

export const OrganisationUserModelBody = onFirstUse(() =>
  z
    .strictObject({
      name: z.string().min(1).max(200),
      description: z.string().min(1),
      metadata: z.record(z.string(), z.unknown()).optional(),
      question_count: z.int().min(0).optional(),
      simulacrum_count: z.int().min(1).optional(),
      data_source: z.string().min(1).optional(),
      effective_date: z.iso.date().optional(),
      reality_target: z.string().min(1).optional(),
      simulation_engine: z.string().min(1).optional(),
      upload_filename: z.string().min(1).optional(),
    })
    .openapi("OrganisationUserModelBody"),
);

export const createOrgUserModelRoute = defineRoute(
  {
    method: "post",
    path: "/__mock/orgs/{org}/user-models",
    tags,
    summary: "Create an organisation user model (owned_by_org: true; also readable as a population)",
  },
  {
    request: () => ({
      headers: ControlTokenHeader(),
      params: OrgParams(),
      body: { required: true, content: { "application/json": { schema: OrganisationUserModelBody() } } },
    }),
    responses: () => ({ 201: jsonContent(UserModel(), "The user model"), ...controlErrors() }),
  },
);

export const OrganisationSummary = onFirstUse(() =>
  z
    .object({
      kind: z.enum(["shared", "own", "demo"]).openapi({
        description:
          "shared: the organisation <user>@<name> tokens join (what reset and the journal's organisation filter take); own: a token without @, alone; demo: requests without a token",
      }),
      name: z.string().openapi({ description: "The organisation's name, the token of an own one, or demo" }),
      created_at: Timestamp(),
      callers: z.int(),
      simulations: z.int(),
      projects: z.int(),
    })
    .openapi("MockOrganisation"),
);

export const listOrgsRoute = defineRoute(
  {
    method: "get",
    path: "/__mock/orgs",
    tags,
    summary: "The organisations the mock holds anything of (stored with the first thing one of their callers makes)",
  },
  {
    request: () => ({ headers: ControlTokenHeader() }),
    responses: () => ({
      200: jsonContent(z.object({ organisations: z.array(OrganisationSummary()) }), "The organisations, oldest first"),
      ...controlErrors(),
    }),
  },
);

export const MockSimulationBody = onFirstUse(() =>
  z
    .strictObject({
      caller: z.string().min(1).openapi({
        description: "The token of the caller who owns it (<user>@<org>, or any token), Bearer before it or not",
      }),
      status: SimulationStatus(),
      simulation: CreateSimulationBody(),
      error: z.string().min(1).optional().openapi({ description: "A failed simulation's error" }),
    })
    .openapi("MockSimulationBody"),
);

export const createMockSimulationRoute = defineRoute(
  {
    method: "post",
    path: "/__mock/simulations",
    tags,
    summary:
      "A simulation of a caller in a given status at once: planning as just created; planned, completed or failed as if made minutes ago; running as if planned then and run now",
  },
  {
    request: () => ({
      headers: ControlTokenHeader(),
      body: { required: true, content: { "application/json": { schema: MockSimulationBody() } } },
    }),
    responses: () => ({
      201: jsonContent(Simulation(), "The simulation, as GET /v1/simulations/{simulation_id} shows it to its caller"),
      ...controlErrors(400, 404, 409),
    }),
  },
);

export const CoverageQuery = onFirstUse(() =>
  z.object({
    org: z.string().min(1).optional().openapi({ description: "One organisation's coverage (tokens <user>@<org>)" }),
  }),
);

const CoverageItem = onFirstUse(() =>
  z
    .object({
      id: z.string(),
      title: z.string(),
      reached: z.boolean(),
      count: z.int(),
      scenario: z.string().nullable().openapi({ description: "The shipped scenario that produces it" }),
      how: z.string().openapi({ description: "How a client's run reaches it" }),
    })
    .openapi("MockCoverageItem"),
);

const Counts = onFirstUse(() => z.record(z.string(), z.int()));

export const CoverageReport = onFirstUse(() =>
  z
    .object({
      organisation: z.string().nullable(),
      since: Timestamp().openapi({ description: "The start, or the last reset (mock clock)" }),
      requests: z.int(),
      operations: z.record(z.string(), Counts()).openapi({
        description: 'Each operation with the status codes it answered: {"POST /v1/simulations": {"201": 12}}',
      }),
      rules: z.object({
        exercised: Counts().openapi({ description: "The kit's rule ids the answers showed, with how often" }),
        never: z.array(z.string()).openapi({ description: "Rules coverage can see that no answer showed" }),
        percent: z.number(),
      }),
      states: z.record(
        z.string(),
        z.object({
          observed: Counts().openapi({ description: "States read in an answer, with how often" }),
          never: z.array(z.string()),
          transitions: Counts().openapi({ description: "from->to between two reads of the same resource" }),
        }),
      ),
      scenarios: Counts().openapi({ description: "Scenarios that acted on a request, with how often" }),
      errors: Counts().openapi({ description: "Error answers: METHOD template status, with how often" }),
      must_handle: z.array(CoverageItem()).openapi({
        description: "The error answers and states a client must handle, reached or not",
      }),
      never_reached: z.array(CoverageItem()),
      errors_percent: z.number().openapi({ description: "Must-handle items reached, in percent" }),
    })
    .openapi("MockCoverage"),
);

export const coverageRoute = defineRoute(
  {
    method: "get",
    path: "/__mock/coverage",
    tags,
    summary:
      "What the client's requests reached since start or the last reset: operations and statuses, rules, states read, scenarios, and the must-handle answers never reached",
  },
  {
    request: () => ({ headers: ControlTokenHeader(), query: CoverageQuery() }),
    responses: () => ({ 200: jsonContent(CoverageReport(), "The coverage"), ...controlErrors() }),
  },
);

export const OrganisationResources = onFirstUse(() =>
  z
    .object({
      organisation: z.string(),
      simulations: z.array(
        z.object({
          id: z.uuid(),
          title: z.string().nullable(),
          mode: z.string(),
          goal: z.string(),
          status: SimulationStatus(),
          project_id: z.uuid().nullable(),
          round_id: z.uuid().nullable(),
          error: z.string().nullable(),
          timeline: z
            .array(z.object({ status: SimulationStatus(), at: Timestamp() }))
            .openapi({ description: "Each state the simulation entered, and when (mock clock)" }),
        }),
      ),
      projects: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          created_at: Timestamp(),
          rounds: z.array(
            z.object({
              id: z.uuid(),
              number: z.int(),
              title: z.string(),
              synthesis_status: z.enum(["generating", "completed", "failed"]).nullable(),
              synthesis_stale: z.boolean(),
              simulation_ids: z.array(z.uuid()),
            }),
          ),
        }),
      ),
    })
    .openapi("MockOrganisationResources"),
);

export const orgResourcesRoute = defineRoute(
  {
    method: "get",
    path: "/__mock/orgs/{org}/resources",
    tags,
    summary:
      "An organisation's simulations (newest first, each with its state timeline) and projects with their rounds, whoever of its callers owns them",
  },
  {
    request: () => ({ headers: ControlTokenHeader(), params: OrgParams() }),
    responses: () => ({
      200: jsonContent(OrganisationResources(), "The organisation's resources"),
      ...controlErrors(),
    }),
  },
);
