import {
  findGoal,
  generatePlan,
  journeyReport,
  journeyResults,
  journeySynthesis,
  researchReport,
  researchResults,
  researchSynthesis,
  studyCurrency,
  studyLocale,
} from "../../content/index.js";
import { BoundedLru } from "../../platform/bounded-lru.js";
import { backgroundTurn } from "../../platform/timers.js";
import type { JsonObject, Plan, SimulationRecord, UserModelRecord, World } from "../../store/index.js";
import type { Services } from "../services.js";

/**
 * What a simulation shows that the mock writes itself: its plan and, once it completed, its results, synthesis and
 * report. They are generated deterministically from the seed and the simulation's inputs (goal, inputs, survey design,
 * context, user models, title), so they are not stored ("store what cannot be derived"): a stored simulation keeps
 * its inputs, an edited plan and its timestamps, a small part of the whole, and this generates the rest when it is
 * read, keeping the most recently read ones in a small cache. Values a record does hold (an edited plan; everything
 * in files written before) are shown as stored.
 */
export interface SimulationContent {
  plan: Plan | null;
  results: JsonObject | null;
  synthesis: string | null;
  markdown: string | null;
}

/** Most recently read simulations whose content is kept. */
const CACHED = 500;
/**
 * And no more than this weight of them (see weightOf): content quotes the inputs, so 500 simulations of 1 MiB inputs
 * (the JSON body limit) would otherwise keep ~1 GiB of content. The most recently read is kept whatever its weight.
 */
export const CACHED_WEIGHT = 32 * 1024 * 1024;

/** Per world: simulation id -> the record the content was generated for, and the content, weighed by weightOf. */
const caches = new WeakMap<World, BoundedLru<{ record: SimulationRecord; content: SimulationContent }>>();

/**
 * About how much the content of a simulation holds: the text of its inputs (it quotes them; keys and strings counted,
 * 8 for any other value), plus the fixed ~50 KB. Walked, not JSON.stringify'd: this runs on every cache miss.
 */
function weightOf(simulation: SimulationRecord): number {
  let weight = 50 * 1024;
  const pending: unknown[] = [simulation.inputs];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") weight += item.length;
    else if (Array.isArray(item)) pending.push(...item);
    else if (item !== null && typeof item === "object") {
      for (const [key, value] of Object.entries(item)) {
        weight += key.length;
        pending.push(value);
      }
    } else weight += 8;
  }
  return weight;
}

/** Whether this record's content is generated and kept (tests). */
export function contentReady(services: Services, simulation: SimulationRecord): boolean {
  return caches.get(services.world)?.get(simulation.id)?.record === simulation;
}

/** The weight of the content kept for this world (tests). */
export function cachedContentWeight(world: World): number {
  return caches.get(world)?.weight ?? 0;
}

function cacheOf(services: Services): BoundedLru<{ record: SimulationRecord; content: SimulationContent }> {
  let cache = caches.get(services.world);
  if (!cache) {
    cache = new BoundedLru(CACHED, CACHED_WEIGHT);
    caches.set(services.world, cache);
  }
  return cache;
}

export function simulationContent(services: Services, simulation: SimulationRecord): SimulationContent {
  const cache = cacheOf(services);
  const cached = cache.get(simulation.id);
  // Records are replaced, never changed in place: the same object means the same content.
  if (cached?.record === simulation) return cached.content;
  const content = generate(services, simulation);
  cache.set(simulation.id, { record: simulation, content }, weightOf(simulation));
  return content;
}

/** The plan and title the question writer gives a simulation; undefined when its goal is no longer known. */
export function draftPlan(services: Services, simulation: SimulationRecord): { plan: Plan; title: string } | undefined {
  const goal = findGoal(services.content.goals, simulation.mode, simulation.goal);
  if (!goal) return undefined;
  const context = simulation.context_id ? services.world.contexts.get(simulation.context_id) : undefined;
  return generatePlan(simulation, goal, context, services.world.seed, {
    maxQuestions: simulation.planMaxQuestions ?? services.options.maxQuestions,
    models: modelsOf(services, simulation),
    contextByDefault: simulation.contextByDefault === true,
  });
}

function modelsOf(services: Services, simulation: SimulationRecord): UserModelRecord[] {
  return simulation.user_model_ids
    .map((id) => services.world.userModels.get(id))
    .filter((model): model is UserModelRecord => model !== undefined);
}

function generate(services: Services, simulation: SimulationRecord): SimulationContent {
  const steps = generation(services, simulation);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * The content, generated a part at a time (plan, results, synthesis, report): each `next()` does one part, the last
 * answers the content. generate() runs them at once; prepareContent() one per turn of the event loop.
 */
function* generation(services: Services, simulation: SimulationRecord): Generator<void, SimulationContent> {
  const plan =
    simulation.plan ?? (simulation.planned_at !== null ? (draftPlan(services, simulation)?.plan ?? null) : null);
  if (simulation.status !== "completed" || !plan || simulation.results) {
    return {
      plan,
      results: simulation.results ?? null,
      synthesis: simulation.synthesis ?? null,
      markdown: simulation.markdown ?? null,
    };
  }
  yield;
  const models = modelsOf(services, simulation);
  const title = simulation.title ?? "Simulation";
  const seed = services.world.seed;
  if (simulation.mode === "research") {
    const results = researchResults(simulation, plan, models, seed);
    yield;
    const study = {
      goal: simulation.goal,
      inputs: simulation.inputs,
      designed: simulation.survey_design !== null,
      languages: models.map((m) => ({
        name: m.name,
        language: typeof m.metadata.language === "string" ? m.metadata.language : "",
      })),
      locale: studyLocale(simulation.inputs, models),
      currency: studyCurrency(simulation.inputs, models),
      models,
    };
    const synthesis = researchSynthesis(title, plan, results, study);
    yield;
    return written(plan, results, synthesis, researchReport(title, plan, results, study));
  }
  const results = journeyResults(simulation, plan, models, seed);
  yield;
  const synthesis = journeySynthesis(title, plan, results, models, simulation.inputs);
  yield;
  return written(plan, results, synthesis, journeyReport(title, plan, results, models, simulation.inputs));
}

/**
 * Generates a simulation's content ahead of its first read (one that just completed), a part per turn of the event
 * loop: the poll that first sees it completed finds it ready, and no turn holds every other request behind the whole
 * of it (results and report in one piece would stall the poll). A read before it is done generates it itself.
 */
export function prepareContent(services: Services, simulation: SimulationRecord): void {
  // Only where clients poll in real time; a manual clock moved past many completions would leave a long queue of
  // content nobody may read (and the cache keeps 500).
  if (services.clock.kind !== "system" || preparing >= MAX_PREPARING) return;
  preparing++;
  const steps = generation(services, simulation);
  const next = () => {
    // Changed or already read meanwhile: this content is no longer wanted.
    const wanted =
      services.world.simulations.get(simulation.id) === simulation &&
      cacheOf(services).get(simulation.id)?.record !== simulation;
    const step = wanted ? steps.next() : undefined;
    if (step && !step.done) {
      backgroundTurn(next);
      return;
    }
    preparing--;
    if (step?.done)
      cacheOf(services).set(simulation.id, { record: simulation, content: step.value }, weightOf(simulation));
  };
  backgroundTurn(next);
}

/** Simulations whose content is being prepared, at most MAX_PREPARING (more complete at once: read when polled). */
let preparing = 0;
const MAX_PREPARING = 16;

function written(plan: Plan, results: object, synthesis: string, markdown: string): SimulationContent {
  return { plan, results: results as JsonObject, synthesis, markdown };
}
