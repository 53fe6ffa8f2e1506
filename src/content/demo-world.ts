import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ManualClock } from "../clock/clock.js";
import { Scheduler } from "../clock/scheduler.js";
import { createContext } from "../domain/contexts.js";
import { checkGoalInputs } from "../domain/goal-inputs.js";
import { createPrediction, createTest, type PredictionInput, retestPopulation } from "../domain/insights.js";
import { lifecycleHandlers } from "../domain/lifecycle.js";
import { attachArtefact, createProject, startRound, startSynthesis } from "../domain/projects.js";
import { type CreateSimulationInput, createSimulation, runSimulation } from "../domain/simulations.js";
import { type Caller, resolveCaller } from "../http/caller.js";
import { type Services, timestamp } from "../services.js";
import { Collection, NO_CHANGES } from "../world/collection.js";
import type { JobRecord, SimulationRecord } from "../world/records.js";
import { readFixture } from "./fixture-files.js";
import { findGoal, type GoalCatalogue } from "./goals.js";

/**
 * fixtures/demo-world.json: what the demo caller (a request without `authorization`) finds on first use, so a
 * frontend has something to show. It is validated at start-up, every reference included (contexts, goals, inputs
 * against the goal's input schema, public populations), and built through the domain functions, so every rule of
 * the API holds for it.
 *
 * Time: the file is read in order on a clock of its own that starts in the past. An item's `days_ago` moves that
 * clock forward to that moment (never back); an item without one happens just after the previous item. A completed
 * simulation goes through planning (3 s), is run about ten minutes later and completes (12 s); a round synthesis
 * takes 4 s. What is still `planning` or `running` in the file happens at the moment of the build, on the mock's own
 * clock and timing, and keeps moving after it: a planning simulation is created then, a running one is run then.
 */

const DAY_MS = 86_400_000;
/** Between a simulation's plan and its run: someone read the plan first. */
const REVIEW_MS = 10 * 60_000;
/** Between two items without `days_ago`. */
const GAP_MS = 3 * 60_000;
/** History runs on realistic durations whatever `--timing` says, so its timestamps read like real work. */
const HISTORY_TIMING = { planningMs: 3000, runningMs: 12_000, synthesisMs: 4000, retestMs: 5000 };

const DaysAgo = z.number().positive().max(3650);
const Text = z.string().trim().min(1);
const Key = z.string().regex(/^[a-z][a-z0-9_-]*$/, "use lower-case letters, digits, '-' and '_'");

const ContextSpec = z.strictObject({
  key: Key,
  days_ago: DaysAgo,
  name: Text.max(200),
  body: Text,
});

const simulationFields = {
  status: z.enum(["planning", "planned", "running", "completed", "failed"]),
  days_ago: DaysAgo.optional(),
  mode: z.enum(["research", "journey"]),
  goal: Text,
  title: Text.max(200).nullable().default(null),
  inputs: z.record(z.string(), z.unknown()).default({}),
  populations: z.array(z.uuid()).min(1),
  /** Why a failed simulation failed (required for `failed`, refused otherwise). */
  error: Text.optional(),
};

function checkStatusFields(
  spec: { status: string; error?: string | undefined; days_ago?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (spec.status === "failed" && spec.error === undefined) {
    ctx.addIssue({ code: "custom", path: ["error"], message: "a failed simulation needs an error text" });
  }
  if (spec.status !== "failed" && spec.error !== undefined) {
    ctx.addIssue({ code: "custom", path: ["error"], message: "only a failed simulation has an error" });
  }
  if (spec.status === "planning" && spec.days_ago !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["days_ago"],
      message: "a planning simulation is created when the demo world is built; leave days_ago out",
    });
  }
}

const SimulationSpec = z.strictObject(simulationFields).superRefine(checkStatusFields);
/** A simulation outside any project names the context it plans against (else the demo caller's default). */
const StandaloneSimulationSpec = z
  .strictObject({ ...simulationFields, context: Key.optional() })
  .superRefine(checkStatusFields);

const ArtefactSpec = z.union([
  z.strictObject({ name: Text.max(200), text: Text }),
  z.strictObject({ name: Text.max(200).optional(), url: z.url({ protocol: /^https?$/ }) }),
]);

const RoundSpec = z.strictObject({
  days_ago: DaysAgo,
  /** Omitted or null: the automatic title (from the round's simulations). */
  title: Text.max(200).nullable().default(null),
  artefact: ArtefactSpec.nullable().default(null),
  simulations: z.array(SimulationSpec).default([]),
  /** Regenerate the round's synthesis after its simulations. */
  synthesis: z.boolean().default(false),
});

const ProjectSpec = z.strictObject({
  days_ago: DaysAgo,
  name: Text.max(200),
  context: Key,
  rounds: z.array(RoundSpec).min(1),
});

const QuestionSpec = z.strictObject({
  question: Text,
  answer_options: z.array(Text).min(2).max(20),
  ground_answer_counts: z.record(z.string(), z.int().min(0)).optional(),
});

const BatchSpec = z.strictObject({
  kind: z.enum(["predictions", "tests"]),
  days_ago: DaysAgo,
  name: Text.max(200),
  description: Text.nullable().default(null),
  population: z.uuid(),
  questions: z.array(QuestionSpec).min(1),
  /** Tests only: retest the population afterwards, so its averages (as the demo organisation sees them) count them. */
  retest: z.boolean().default(false),
});

const DemoWorldFileSchema = z.strictObject({
  $comment: z.string().optional(),
  contexts: z.array(ContextSpec).default([]),
  projects: z.array(ProjectSpec).default([]),
  simulations: z.array(StandaloneSimulationSpec).default([]),
  batches: z.array(BatchSpec).default([]),
});

export type SimulationSpec = z.output<typeof SimulationSpec>;
export type DemoWorld = Omit<z.output<typeof DemoWorldFileSchema>, "$comment">;

export const EMPTY_DEMO_WORLD: DemoWorld = { contexts: [], projects: [], simulations: [], batches: [] };

type Path = Array<string | number>;

/**
 * The file's schema, with every reference checked against the goals and public populations in effect: an issue
 * names the field (`projects.0.rounds.1.simulations.0.inputs`).
 */
export function demoWorldSchema(goals: GoalCatalogue, populations: ReadonlySet<string>) {
  return DemoWorldFileSchema.superRefine((file, ctx) => {
    const issue = (path: Path, message: string) => ctx.addIssue({ code: "custom", path, message });
    const contextKeys = new Set<string>();
    file.contexts.forEach((context, index) => {
      if (contextKeys.has(context.key)) issue(["contexts", index, "key"], `duplicate key '${context.key}'`);
      contextKeys.add(context.key);
    });
    const checkContext = (key: string | undefined, path: Path) => {
      if (key !== undefined && !contextKeys.has(key)) {
        issue(path, `no context with key '${key}'; contexts: ${[...contextKeys].join(", ") || "(none)"}`);
      }
    };
    const checkPopulation = (id: string, path: Path) => {
      if (!populations.has(id)) issue(path, `no public population ${id} in populations.json`);
    };
    const checkSimulation = (spec: SimulationSpec, path: Path) => {
      const goal = findGoal(goals, spec.mode, spec.goal);
      if (!goal) {
        const known = goals[spec.mode].map((g) => g.id).join(", ");
        issue([...path, "goal"], `no ${spec.mode} goal '${spec.goal}' in goals.json; use one of: ${known}`);
      } else {
        const problem = checkGoalInputs(goal, spec.inputs);
        if (problem) issue([...path, "inputs"], problem);
      }
      spec.populations.forEach((id, index) => {
        checkPopulation(id, [...path, "populations", index]);
      });
    };

    file.projects.forEach((project, p) => {
      checkContext(project.context, ["projects", p, "context"]);
      project.rounds.forEach((round, r) => {
        const path: Path = ["projects", p, "rounds", r];
        if (round.days_ago > project.days_ago) {
          issue([...path, "days_ago"], `a round cannot start before its project (days_ago ${project.days_ago})`);
        }
        round.simulations.forEach((spec, s) => {
          checkSimulation(spec, [...path, "simulations", s]);
          if (spec.days_ago !== undefined && spec.days_ago > round.days_ago) {
            issue(
              [...path, "simulations", s, "days_ago"],
              `a simulation cannot come before its round (days_ago ${round.days_ago})`,
            );
          }
        });
        // A new round starts only once the latest one has a simulation (planning ones are created at the build).
        const next = project.rounds[r + 1];
        if (
          next &&
          !round.simulations.some((s) => s.status !== "planning" && (s.days_ago ?? round.days_ago) >= next.days_ago)
        ) {
          issue(
            [...path, "simulations"],
            "the next round starts only once this one has a simulation that is not planning; add one from before it",
          );
        }
        if (round.synthesis && !round.simulations.some((s) => s.status !== "planning")) {
          issue([...path, "synthesis"], "a synthesis needs simulations in the round");
        }
      });
    });

    file.simulations.forEach((spec, index) => {
      checkSimulation(spec, ["simulations", index]);
      checkContext(spec.context, ["simulations", index, "context"]);
      if (spec.status !== "planning" && spec.days_ago === undefined) {
        issue(
          ["simulations", index, "days_ago"],
          "say when it happened: a simulation outside a project needs days_ago",
        );
      }
    });

    file.batches.forEach((batch, b) => {
      checkPopulation(batch.population, ["batches", b, "population"]);
      batch.questions.forEach((question, q) => {
        const path: Path = ["batches", b, "questions", q];
        const options = question.answer_options;
        if (new Set(options).size !== options.length) issue([...path, "answer_options"], "options must be distinct");
        const counts = question.ground_answer_counts;
        if (batch.kind === "predictions") {
          if (q === 0 && batch.retest) issue(["batches", b, "retest"], "only a batch of tests can be retested against");
          if (counts) issue([...path, "ground_answer_counts"], "a prediction has no ground truth; leave it out");
          return;
        }
        if (!counts) {
          issue([...path, "ground_answer_counts"], "a test needs the real answers: one count per answer option");
          return;
        }
        const keys = Object.keys(counts);
        if (keys.length !== options.length || !options.every((option) => Object.hasOwn(counts, option))) {
          issue([...path, "ground_answer_counts"], "keys must be exactly the answer options");
        } else if (keys.reduce((sum, key) => sum + (counts[key] ?? 0), 0) === 0) {
          issue([...path, "ground_answer_counts"], "counts add up to 0");
        }
      });
    });
  });
}

/**
 * Reads and validates `demo-world.json` in `dir`. A directory without one gives the empty demo world (a `--fixtures`
 * directory may leave it out); a file that is there must be valid, or start-up stops naming file and field.
 */
export function loadDemoWorld(dir: string, goals: GoalCatalogue, populations: ReadonlySet<string>): DemoWorld {
  if (!existsSync(join(dir, "demo-world.json"))) return EMPTY_DEMO_WORLD;
  const { $comment: _, ...demo } = readFixture(dir, "demo-world.json", demoWorldSchema(goals, populations));
  return demo;
}

export function isEmptyDemoWorld(demo: DemoWorld): boolean {
  return (
    demo.contexts.length === 0 &&
    demo.projects.length === 0 &&
    demo.simulations.length === 0 &&
    demo.batches.length === 0
  );
}

/**
 * True while the demo organisation holds nothing of its own: the demo world is built only then, so a restart with
 * `--db` (or a world where someone already worked as the demo caller) never gets it twice.
 */
export function isDemoOrganisationEmpty(services: Services, caller: Caller): boolean {
  const { world } = services;
  return (
    world.contexts.listBy("org", caller.orgId).length === 0 &&
    world.projects.listBy("org", caller.orgId).length === 0 &&
    world.batches.listBy("org", caller.orgId).length === 0 &&
    world.simulations.listBy("owner", caller.id).length === 0
  );
}

/**
 * Builds the demo world for the demo caller when its organisation is still empty; returns whether it did. Past work
 * runs on a clock of its own (see the top of this file) with its own scheduler, whose jobs all finish during the
 * build; only the simulations still planning or running are left on the mock's scheduler.
 */
export function ensureDemoWorld(live: Services, demo: DemoWorld): boolean {
  if (isEmptyDemoWorld(demo)) return false;
  const liveNow = live.clock.now();
  const firstDaysAgo = Math.max(
    0,
    ...demo.contexts.map((c) => c.days_ago),
    ...demo.projects.map((p) => p.days_ago),
    ...demo.simulations.map((s) => s.days_ago ?? 0),
    ...demo.batches.map((b) => b.days_ago),
  );
  const clock = new ManualClock(liveNow - Math.ceil(firstDaysAgo * DAY_MS) - GAP_MS);
  const jobs = new Collection<JobRecord, "subject">("demo-history-jobs", new Map(), NO_CHANGES, {
    subject: (job) => job.subject,
  });
  const scheduler = new Scheduler(clock, jobs);
  const past: Services = {
    ...live,
    clock,
    scheduler,
    options: { ...live.options, ...HISTORY_TIMING },
  };
  scheduler.handle(lifecycleHandlers(past));

  const caller = resolveCaller(past, undefined);
  if (!isDemoOrganisationEmpty(live, caller)) return false;
  new DemoBuilder(live, past, clock, scheduler, caller, liveNow).build(demo);
  return true;
}

interface DemoEvent {
  /** Days before the build at which it happens (larger is earlier). */
  daysAgo: number;
  run: () => void;
}

class DemoBuilder {
  readonly #contexts = new Map<string, string>();
  readonly #projects = new Map<DemoWorld["projects"][number], string>();
  readonly #rounds = new Map<DemoWorld["projects"][number]["rounds"][number], string>();
  /** Simulations to move along at the moment of the build: planning ones to create, running ones to run. */
  readonly #atBuild: Array<() => void> = [];

  constructor(
    readonly live: Services,
    readonly past: Services,
    readonly clock: ManualClock,
    readonly scheduler: Scheduler,
    readonly caller: Caller,
    readonly liveNow: number,
  ) {}

  /**
   * Every item becomes an event at its `days_ago`; events run oldest first, items of the same moment in file order,
   * so projects that overlap in time interleave as they would have.
   */
  build(demo: DemoWorld): void {
    const events: DemoEvent[] = [];
    for (const spec of demo.contexts) {
      events.push({
        daysAgo: spec.days_ago,
        run: () => {
          const context = createContext(this.past, this.caller, { name: spec.name, body: spec.body });
          this.#contexts.set(spec.key, context.id);
        },
      });
    }
    for (const project of demo.projects) this.#projectEvents(project, events);
    for (const spec of demo.simulations) {
      this.#simulationEvents(spec, spec.days_ago ?? 0, events, () => ({
        context_id: spec.context === undefined ? null : (this.#contexts.get(spec.context) ?? null),
      }));
    }
    for (const batch of demo.batches) events.push({ daysAgo: batch.days_ago, run: () => this.#batch(batch) });

    const ordered = events.map((event, order) => ({ event, order }));
    ordered.sort((a, b) => b.event.daysAgo - a.event.daysAgo || a.order - b.order);
    for (const { event } of ordered) {
      this.#moveTo(event.daysAgo);
      event.run();
    }
    // Whatever the file says, the past ends before the present.
    if (this.clock.now() > this.liveNow) {
      throw new Error(
        "demo-world.json: the demo's past runs beyond the present; give the last items a larger days_ago",
      );
    }
    for (const step of this.#atBuild) step();
  }

  /** Moves the demo's clock to `days_ago` before the build, never back (earlier work may have taken it further). */
  #moveTo(daysAgo: number): void {
    const target = this.liveNow - Math.round(daysAgo * DAY_MS);
    if (target > this.clock.now()) this.scheduler.advance(target - this.clock.now());
  }

  #projectEvents(spec: DemoWorld["projects"][number], events: DemoEvent[]): void {
    events.push({
      daysAgo: spec.days_ago,
      run: () => {
        const contextId = this.#contexts.get(spec.context) ?? null;
        const project = createProject(this.past, this.caller, { name: spec.name, context_id: contextId });
        this.#projects.set(spec, project.id);
      },
    });
    const projectId = () => this.#projects.get(spec) as string;
    for (const roundSpec of spec.rounds) {
      const roundId = () => this.#rounds.get(roundSpec) as string;
      events.push({
        daysAgo: roundSpec.days_ago,
        run: () => {
          const round = startRound(this.past, this.caller, projectId(), roundSpec.title);
          this.#rounds.set(roundSpec, round.id);
          const artefact = roundSpec.artefact;
          if (!artefact) return;
          this.scheduler.advance(GAP_MS);
          attachArtefact(
            this.past,
            this.caller,
            projectId(),
            round.id,
            "url" in artefact
              ? { type: "url", name: artefact.name ?? artefact.url, url: artefact.url }
              : { type: "text", name: artefact.name, text: artefact.text },
          );
        },
      });
      for (const simulation of roundSpec.simulations) {
        this.#simulationEvents(simulation, roundSpec.days_ago, events, () => ({
          project_id: projectId(),
          round_id: roundId(),
        }));
      }
      if (roundSpec.synthesis) {
        // Right after the round's last simulation (file order breaks the tie).
        const last = Math.min(...roundSpec.simulations.map((s) => s.days_ago ?? roundSpec.days_ago));
        events.push({
          daysAgo: last,
          run: () => {
            this.scheduler.advance(GAP_MS);
            startSynthesis(this.past, this.caller, projectId(), roundId());
            this.scheduler.advance(HISTORY_TIMING.synthesisMs);
          },
        });
      }
    }
  }

  #simulationEvents(
    spec: SimulationSpec,
    defaultDaysAgo: number,
    events: DemoEvent[],
    where: () => Partial<CreateSimulationInput>,
  ): void {
    const input = (): CreateSimulationInput => ({
      mode: spec.mode,
      goal: spec.goal,
      inputs: spec.inputs,
      user_model_ids: spec.populations,
      title: spec.title,
      ...where(),
    });
    if (spec.status === "planning") {
      this.#atBuild.push(() => createSimulation(this.live, this.caller, input()));
      return;
    }
    events.push({ daysAgo: spec.days_ago ?? defaultDaysAgo, run: () => this.#pastSimulation(spec, input()) });
  }

  #pastSimulation(spec: SimulationSpec, input: CreateSimulationInput): void {
    const created = createSimulation(this.past, this.caller, input);
    this.scheduler.advance(HISTORY_TIMING.planningMs);
    if (spec.status === "planned") return;
    if (spec.status === "running") {
      this.#atBuild.push(() => runSimulation(this.live, this.caller, created.id));
      return;
    }
    this.scheduler.advance(REVIEW_MS);
    runSimulation(this.past, this.caller, created.id);
    if (spec.status === "completed") {
      this.scheduler.advance(HISTORY_TIMING.runningMs);
      return;
    }
    // failed: mock-decisions reaches it only through scenarios; here the run stops a third of the way through.
    this.scheduler.advance(Math.round(HISTORY_TIMING.runningMs / 3));
    this.scheduler.cancel(created.id);
    const running = this.past.world.simulations.get(created.id) as SimulationRecord;
    const now = timestamp(this.past);
    this.past.world.simulations.put({ ...running, status: "failed", error: spec.error ?? null, updated_at: now });
  }

  #batch(spec: DemoWorld["batches"][number]): void {
    let batchId: string | null = null;
    for (const question of spec.questions) {
      const input: PredictionInput = {
        population_id: spec.population,
        question: question.question,
        answer_options: question.answer_options,
        question_type: "single-choice",
        batch_id: batchId,
        batch_name: spec.name,
        batch_description: spec.description,
      };
      const record: { batch: string } =
        spec.kind === "tests"
          ? createTest(this.past, this.caller, { ...input, ground_answer_counts: question.ground_answer_counts ?? {} })
          : createPrediction(this.past, this.caller, input);
      batchId = record.batch;
      this.scheduler.advance(40_000);
    }
    if (spec.retest) {
      this.scheduler.advance(GAP_MS);
      retestPopulation(this.past, this.caller, spec.population);
      this.scheduler.advance(HISTORY_TIMING.retestMs);
    }
  }
}
