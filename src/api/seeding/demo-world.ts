import type { DemoWorld, SimulationSpec } from "../../content/index.js";
import { isEmptyDemoWorld } from "../../content/index.js";
import type { ManualClock } from "../clock/clock.js";
import type { Scheduler } from "../clock/scheduler.js";
import { createTest } from "../domain/answers.js";
import { type Caller, resolveCaller } from "../domain/callers.js";
import { createContext } from "../domain/contexts.js";
import { retestPopulation } from "../domain/populations.js";
import { createPrediction, type PredictionInput } from "../domain/predictions.js";
import { attachArtefact, createProject, startRound, startSynthesis } from "../domain/projects.js";
import { type CreateSimulationInput, createSimulation, runSimulation } from "../domain/simulations.js";
import type { Services } from "../services.js";
import { HISTORY_TIMING, pastSimulation, pastWork } from "./past-work.js";

/**
 * Builds the demo world (fixtures/demo-world.json, read and validated by content/demo-world-file.ts) for the demo caller
 * through the domain functions, so every rule of the API holds for it. It sits above the domain: seeding drives the
 * domain the way requests do.
 *
 * Time: the file is read in order on a clock of its own that starts in the past. An item's `days_ago` moves that
 * clock forward to that moment (never back); an item without one happens just after the previous item. A completed
 * simulation goes through planning (3 s), is run about ten minutes later and completes (12 s); a round synthesis
 * takes 4 s. What is still `planning` or `running` in the file happens at the moment of the build, on the mock's own
 * clock and timing, and keeps moving after it: a planning simulation is created then, a running one is run then.
 */

const DAY_MS = 86_400_000;
/** Between two items without `days_ago`. */
const GAP_MS = 3 * 60_000;

/**
 * True while the demo organisation holds nothing of its own: the demo world is built only then, so a restart with
 * `--db` (or a world where someone already worked as the demo caller) never gets it twice.
 */
export function isDemoOrganisationEmpty(services: Services, caller: Caller): boolean {
  const { world } = services;
  return (
    // The organisation's fixture contexts (fixtures/organisations.json) are there from the start; they do not count.
    world.contexts.listBy("org", caller.orgId).every((context) => context.fixture === true) &&
    world.projects.listBy("org", caller.orgId).length === 0 &&
    world.batches.listBy("org", caller.orgId).length === 0 &&
    world.simulations.countBy("owner", caller.id) === 0
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
  const { past, clock, scheduler } = pastWork(live, liveNow - Math.ceil(firstDaysAgo * DAY_MS) - GAP_MS);

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
    const status = spec.status;
    events.push({
      daysAgo: spec.days_ago ?? defaultDaysAgo,
      run: () => {
        const work = { live: this.live, past: this.past, clock: this.clock, scheduler: this.scheduler };
        // A running one is run at the moment of the build, after the whole past.
        pastSimulation(work, this.caller, input(), status, spec.error ?? null, (id) =>
          this.#atBuild.push(() => runSimulation(this.live, this.caller, id)),
        );
      },
    });
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
