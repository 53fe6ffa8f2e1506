import { tokenFromAuthorization } from "../../fastapi/index.js";
import type { SimulationRecord } from "../../store/index.js";
import { MANUAL_CLOCK_ID } from "../../store/index.js";
import { isoTimestamp, ManualClock } from "../clock/clock.js";
import { phaseDurations } from "../config/presets.js";
import type { Coverage, CoverageView } from "../coverage/coverage.js";
import { resolveCaller, sharedOrganisationKey } from "../domain/callers.js";
import { contextView } from "../domain/contexts.js";
import { badRequest, conflict, notFound } from "../domain/errors.js";
import {
  createOrganisationContext,
  createOrganisationUserModel,
  forgetEverything,
  forgetOrganisation,
  type OrganisationContextInput,
  type OrganisationUserModelInput,
  organisationCaller,
  organisationId,
} from "../domain/organisations.js";
import { listUserModels, type UserModelView } from "../domain/populations.js";
import { isSynthesisStale, roundsOf, roundTitle, simulationsOfRound, startPlannerTurn } from "../domain/projects.js";
import type { CreateSimulationInput } from "../domain/simulations.js";
import { type CompiledScenario, ScenarioError } from "../scenarios/catalogue.js";
import type { ActiveScenarios, ScenarioEngine } from "../scenarios/engine.js";
import type { ScenarioDefinition } from "../scenarios/schema.js";
import { simulationInStatus } from "../seeding/past-work.js";
import type { Services } from "../services.js";
import type { JournalEntry, JournalFilter, RequestJournal } from "./journal.js";
import type { OrganisationResources, SimulationSummary } from "./resources.js";

export type { OrganisationResources } from "./resources.js";

/**
 * The mock's control operations as plain functions: the /__mock routes and the programmatic API (createMock) both
 * call these, so the two can never disagree. Refusals are domain Refusals (the routes write them as `{"detail"}`).
 */

/** Moving a system clock, as the /__mock routes say it; the programmatic API words it for its own option. */
export const SYSTEM_CLOCK_REFUSAL =
  "The clock is the system clock; start the mock with --clock manual to move time by hand.";

export const CAPABILITIES = [
  "clock.advance",
  "clock.until",
  "reset",
  "scenarios",
  "scenarios.org",
  "scenarios.header",
  "journal",
  "planner-turn",
  "org-fixtures",
  "orgs.list",
  "simulations.create",
  "coverage",
] as const;

export interface ClockView {
  kind: "system" | "manual";
  now: string;
  epoch_ms: number;
}

export interface ScenariosView {
  known: Array<{ name: string; description: string }>;
  active: ActiveScenarios;
}

export interface MockInfo {
  name: "bss-mock";
  version: string;
  seed: number;
  options: Record<string, unknown>;
  clock: ClockView;
  timing: { planning_ms: number; running_ms: number; synthesis_ms: number; retest_ms: number };
  scenarios: ScenariosView;
  capabilities: string[];
}

/** A scenario named, or written out in full (validated like a file when used). */
export type ScenarioInput = string | ScenarioDefinition;
/** What the control accepts: the typed input, or any JSON object from the HTTP API (validated all the same). */
type ScenarioItem = ScenarioInput | Record<string, unknown>;

export interface ContextView {
  id: string;
  name: string;
  scope: "user" | "organisation";
  owner_id: string;
  created_at: string;
  updated_at: string;
  body: string;
}

export type { UserModelView };

/** An organisation the mock holds anything of (it is stored with the first thing one of its callers makes). */
export interface OrganisationView {
  /**
   * `shared`: the organisation `<user>@<name>` tokens join (what `reset({ org })` and the journal's `organisation`
   * filter take); `own`: a token without `@`, alone in an organisation of its own; `demo`: requests without a token.
   */
  kind: "shared" | "own" | "demo";
  /** The organisation's name, the token of an `own` one, or `demo`. */
  name: string;
  created_at: string;
  callers: number;
  simulations: number;
  projects: number;
}

/** A simulation made for a caller and taken to a status at once (POST /__mock/simulations). */
export interface SimulationInStatusInput {
  /** The token of the caller who owns it (`<user>@<org>`, or any token), `Bearer ` before it or not. */
  caller: string;
  status: "planning" | "planned" | "running" | "completed" | "failed";
  /** What POST /v1/simulations takes. */
  simulation: CreateSimulationInput;
  /** A failed one's `error` (else none). */
  error?: string | undefined;
}

export interface MockControl {
  info(): MockInfo;
  /** Everything back to the start (the demo organisation gets its demo world back), or one organisation emptied. */
  reset(input?: { org?: string | undefined }): void;
  readonly clock: {
    read(): ClockView;
    /** Every transition up to `ms` from now; other requests are answered between slices of the work. */
    advance(ms: number): Promise<ClockView>;
    /** To the next transition (and everything due at that moment). */
    runNext(): Promise<ClockView>;
    /** Transition after transition until nothing is pending. */
    runUntilIdle(): Promise<ClockView>;
  };
  readonly scenarios: {
    read(): ScenariosView;
    /** Replaces what is active for the whole mock, or for one organisation. */
    set(scenarios: readonly ScenarioItem[], org?: string): ScenariosView;
    /** Adds to what is active (already active ones keep their counters). */
    add(scenarios: readonly ScenarioItem[], org?: string): ScenariosView;
    /** Clears one organisation's (its callers' per-request ones included), or every scenario everywhere. */
    clear(org?: string): ScenariosView;
    /** Back to the scenarios the mock started with. */
    reset(): ScenariosView;
  };
  readonly requests: {
    list(filter?: JournalFilter): JournalEntry[];
    har(filter?: JournalFilter): ReturnType<RequestJournal["har"]>;
    count(filter?: JournalFilter): number;
    clear(): void;
  };
  readonly orgs: {
    list(): OrganisationView[];
    createContext(org: string, input: OrganisationContextInput): ContextView;
    createUserModel(org: string, input: OrganisationUserModelInput): UserModelView;
    /** An organisation's simulations (newest first, with their state timelines) and projects with their rounds. */
    resources(org: string): OrganisationResources;
  };
  /**
   * A simulation of the caller's in `status` now: planning as just created; planned, completed or failed as if made
   * minutes ago; running as if planned then and run now (it runs on as any other).
   */
  createSimulation(input: SimulationInStatusInput): SimulationRecord;
  plannerTurn(projectId: string, ms: number): { project_id: string; planner_turn_until: string };
  /** What the client's run reached since start or the last reset: the whole mock's, or one organisation's. */
  coverage(input?: { org?: string | undefined }): CoverageView;
}

export interface ControlDeps {
  readonly services: Services;
  readonly engine: ScenarioEngine;
  readonly journal: RequestJournal;
  readonly coverage: Coverage;
  /** Validates and compiles an inline scenario (as a scenario file). */
  compile(raw: unknown, source: string): CompiledScenario;
  readonly version: string;
  /** Where a manual clock started (a reset goes back there). */
  readonly clockStart: number;
  /** The demo world is built again on the demo caller's next request. */
  rebuildDemo(): void;
  /** Nothing listens (an in-process or browser mock): the options show no port or host. */
  readonly socketless: boolean;
  /** The options the entry point takes, when fewer than serve's: only these are shown. */
  readonly optionNames?: readonly string[] | undefined;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The serve options as GET /__mock shows them: snake_case, inline scenarios by name, never the control token, no
 * port or host where nothing listens (their defaults would name an address no one can reach), and only the options
 * the entry point takes (a browser mock reporting `cors_origin` would claim a setting it refuses).
 */
function optionsView(
  options: Services["options"],
  socketless: boolean,
  optionNames: readonly string[] | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (key === "controlToken" || value === undefined) continue;
    if (socketless && (key === "port" || key === "host")) continue;
    if (optionNames && !optionNames.includes(key)) continue;
    out[snake(key)] =
      key === "scenarios" && Array.isArray(value)
        ? value.map((item) => (typeof item === "string" ? item : (item as { name?: unknown }).name))
        : value;
  }
  return out;
}

export function createControl(deps: ControlDeps): MockControl {
  const { services, engine, journal } = deps;

  const clockView = (): ClockView => {
    const now = services.clock.now();
    return { kind: services.clock.kind, now: isoTimestamp(now), epoch_ms: now };
  };
  const manual = (): ManualClock => {
    if (!(services.clock instanceof ManualClock)) {
      throw conflict(SYSTEM_CLOCK_REFUSAL);
    }
    return services.clock;
  };
  /** A manual clock's position is kept with the world (--db), so a restart goes on from it (assembly/create-core.ts createClock). */
  const keepClock = () => {
    if (services.clock instanceof ManualClock) {
      services.world.clocks.put({ id: MANUAL_CLOCK_ID, now_ms: services.clock.now() });
    }
  };
  const scenariosView = (): ScenariosView => ({ known: engine.catalogue.list(), active: engine.active() });
  const compileAll = (inputs: readonly ScenarioItem[]): CompiledScenario[] => {
    const refs = inputs.map((input, index) => {
      if (typeof input === "string") return input;
      try {
        return deps.compile(input, `inline scenario #${index + 1}`);
      } catch (error) {
        if (error instanceof ScenarioError) throw badRequest(error.message);
        throw error;
      }
    });
    return engine.resolve(refs, "scenarios");
  };

  const control: MockControl = {
    info: () => {
      const timing = phaseDurations(services.options);
      return {
        name: "bss-mock",
        version: deps.version,
        seed: services.world.seed,
        options: optionsView(services.options, deps.socketless, deps.optionNames),
        clock: clockView(),
        timing: {
          planning_ms: timing.planningMs,
          running_ms: timing.runningMs,
          synthesis_ms: timing.synthesisMs,
          retest_ms: timing.retestMs,
        },
        scenarios: scenariosView(),
        capabilities: [...CAPABILITIES],
      };
    },

    reset: (input = {}) => {
      if (input.org !== undefined) {
        engine.clear(input.org);
        deps.coverage.clear(input.org);
        forgetOrganisation(services, sharedOrganisationKey(input.org));
        return;
      }
      forgetEverything(services);
      services.scheduler.clear();
      if (services.clock instanceof ManualClock) services.clock.reset(deps.clockStart);
      keepClock();
      journal.clear();
      deps.coverage.clear();
      engine.resetToStartup();
      deps.rebuildDemo();
    },

    clock: {
      read: clockView,
      advance: async (ms) => {
        manual();
        await services.scheduler.advanceInSlices(ms);
        keepClock();
        return clockView();
      },
      runNext: async () => {
        manual();
        await services.scheduler.runNextInSlices();
        keepClock();
        return clockView();
      },
      runUntilIdle: async () => {
        manual();
        await services.scheduler.runUntilIdleInSlices();
        keepClock();
        return clockView();
      },
    },

    scenarios: {
      read: scenariosView,
      set: (inputs, org) => {
        engine.set(compileAll(inputs), org);
        return scenariosView();
      },
      add: (inputs, org) => {
        engine.add(compileAll(inputs), org);
        return scenariosView();
      },
      clear: (org) => {
        engine.clear(org);
        return scenariosView();
      },
      reset: () => {
        engine.resetToStartup();
        return scenariosView();
      },
    },

    requests: {
      list: (filter) => journal.list(filter),
      har: (filter) => journal.har(filter),
      count: (filter) => journal.count(filter),
      clear: () => journal.clear(),
    },

    orgs: {
      list: () => organisationsView(services),
      createContext: (org, input) =>
        contextView(createOrganisationContext(services, sharedOrganisationKey(org), input)),
      createUserModel: (org, input) => {
        const key = sharedOrganisationKey(org);
        const model = createOrganisationUserModel(services, key, input);
        const view = listUserModels(services, organisationCaller(services, key)).find((m) => m.id === model.id);
        if (!view) throw new Error("the organisation's new user model is not among its user models");
        return view;
      },
      resources: (org) => organisationResources(services, org),
    },

    createSimulation: (input) => {
      // As the authorization header reads it: `Bearer ann@acme` is ann@acme too.
      const token = tokenFromAuthorization(input.caller);
      if (token === undefined)
        throw badRequest("caller must be a token, such as ann@acme (the demo caller has its own world)");
      const error = input.status === "failed" ? (input.error ?? null) : null;
      return simulationInStatus(services, resolveCaller(services, token), input.simulation, input.status, error);
    },

    plannerTurn: (projectId, ms) => {
      const project = startPlannerTurn(services, projectId, ms);
      if (!project) throw notFound("Project");
      return { project_id: project.id, planner_turn_until: isoTimestamp(project.planner_turn_until ?? 0) };
    },

    coverage: (input = {}) => deps.coverage.view(input.org, isoTimestamp),
  };
  return control;
}

function timelineOf(s: SimulationRecord): SimulationSummary["timeline"] {
  const timeline = [{ status: "planning", at: s.created_at }];
  if (s.planned_at) timeline.push({ status: "planned", at: s.planned_at });
  if (s.started_at) timeline.push({ status: "running", at: s.started_at });
  if (s.status === "completed" || s.status === "failed") {
    timeline.push({ status: s.status, at: s.completed_at ?? s.updated_at });
  }
  return timeline;
}

function organisationResources(services: Services, org: string): OrganisationResources {
  const { world } = services;
  const orgId = organisationId(sharedOrganisationKey(org));
  const simulations = [...world.simulations.values()]
    .filter((s) => s.orgId === orgId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((s) => ({
      id: s.id,
      title: s.title,
      mode: s.mode,
      goal: s.goal,
      status: s.status,
      project_id: s.project_id,
      round_id: s.round_id,
      error: s.error,
      timeline: timelineOf(s),
    }));
  const projects = world.projects
    .listBy("org", orgId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map((p) => ({
      id: p.id,
      name: p.name,
      created_at: p.created_at,
      rounds: roundsOf(services, p.id).map((round) => {
        const inRound = simulationsOfRound(services, round.id);
        return {
          id: round.id,
          number: round.number,
          title: roundTitle(round, inRound),
          synthesis_status: round.synthesis_status,
          synthesis_stale: isSynthesisStale(round, inRound),
          simulation_ids: inRound.map((s) => s.id),
        };
      }),
    }));
  return { organisation: org, simulations, projects };
}

/** Every organisation the world holds, oldest first, with how much each holds. */
function organisationsView(services: Services): OrganisationView[] {
  const { world } = services;
  const count = (counts: Map<string, number>, orgId: string) => counts.set(orgId, (counts.get(orgId) ?? 0) + 1);
  const callers = new Map<string, number>();
  for (const caller of world.callers.values()) count(callers, caller.orgId);
  const simulations = new Map<string, number>();
  for (const simulation of world.simulations.values()) count(simulations, simulation.orgId);
  return [...world.organisations.values()]
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((organisation) => {
      const [kind, name] = JSON.parse(organisation.key) as ["org" | "own" | "demo", string?];
      return {
        kind: kind === "org" ? "shared" : kind,
        name: name ?? "demo",
        created_at: organisation.created_at,
        callers: callers.get(organisation.id) ?? 0,
        simulations: simulations.get(organisation.id) ?? 0,
        projects: world.projects.listBy("org", organisation.id).length,
      };
    });
}

/** The control of the mock a request reached (the routes are shared by every mock in a process). */
const controls = new WeakMap<Services, MockControl>();

export function registerControl(services: Services, control: MockControl): void {
  controls.set(services, control);
}

export function controlOf(services: Services): MockControl {
  const control = controls.get(services);
  if (!control) throw new Error("no control API registered for this mock");
  return control;
}
