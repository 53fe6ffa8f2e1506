import type { AnswerRecord, FinishedRetest, RetestRecord, RetestStatus, UserModelRecord } from "../../store/index.js";
import { orgPopulationKey, PUBLIC } from "../../store/index.js";
import { isoTimestamp } from "../clock/clock.js";
import { phaseDurations } from "../config/presets.js";
import type { Services } from "../services.js";
import { type Caller, isVisibleOrg } from "./callers.js";
import { notFound } from "./errors.js";
import { scheduleRetestEnd } from "./fates.js";
import { type PopulationAverages, populationAverages, recordMetrics } from "./metrics.js";

/**
 * Populations with their retests. A population is a user model (same id): the user model list gives it the
 * accuracy its population reads with. Its averages are taken over the answers it was tested on (answers.ts).
 */

/** A population as one organisation sees it: its record, where its tests stand, and what they averaged. */
export interface PopulationState {
  model: UserModelRecord;
  status: string;
  test_started_at: string;
  test_finished_at: string;
  question_count: number;
  averages: PopulationAverages;
}

export interface UserModelView {
  id: string;
  name: string;
  description: string;
  accuracy: number;
  metadata: Record<string, unknown>;
  owned_by_org: boolean;
}

// ---- visibility ----

export function findPopulation(services: Services, caller: Caller, id: string): UserModelRecord | undefined {
  const model = services.world.userModels.get(id);
  return model && isVisibleOrg(model.orgId, caller) ? model : undefined;
}

export function requirePopulation(services: Services, caller: Caller, id: string): UserModelRecord {
  const model = findPopulation(services, caller, id);
  if (!model) throw notFound("Population");
  return model;
}

/** What a prediction or answer shows of its population; the population may have been removed since. */
export function populationFacts(services: Services, populationId: string) {
  const model = services.world.userModels.get(populationId);
  return { name: model?.name ?? "(removed population)", engine: model?.simulation_engine ?? "unknown" };
}

// ---- populations and retests ----

/** The organisation's own tests of the population, in creation order (the index keeps insertion order). */
function ownTests(services: Services, orgId: string, model: UserModelRecord): AnswerRecord[] {
  return services.world.answers
    .listBy("orgPopulation", orgPopulationKey(orgId, model.id))
    .filter((r) => !r.benchmark && r.kind === "answer");
}

/**
 * The answers a population's averages are taken over, as one organisation sees it (see `testedOn` for their weights):
 * - always the population's benchmark answers (the fixture's ground-truth questions);
 * - plus, once a retest of that organisation has finished, the organisation's own tests that retest counted: those
 *   that existed when it started (a count, not a time: on a manual clock or the instant preset a test added the
 *   moment a retest finished has the same timestamp, yet came after it). Later tests wait for the next retest.
 *   Other organisations' tests never count: public populations are shared, their retests are not.
 */
function scoredAnswers(services: Services, caller: Caller, model: UserModelRecord, last: FinishedRetest | null) {
  const benchmark = services.world.answers
    .listBy("orgPopulation", orgPopulationKey(model.orgId ?? PUBLIC, model.id))
    .filter((r) => r.benchmark && r.kind === "answer");
  if (last === null) return { benchmark, own: [] };
  const tests = ownTests(services, caller.orgId, model);
  const finished = Date.parse(last.test_finished_at);
  const own =
    last.tests_counted === undefined
      ? tests.filter((r) => Date.parse(r.created_at) <= finished)
      : tests.slice(0, last.tests_counted);
  return { benchmark, own };
}

/**
 * The averages and question count over everything the population was tested on. The fixture keeps a few benchmark
 * answers for the `question_count` questions the population was tested on, so together they weigh `question_count`
 * answers; each of the organisation's own tests weighs one and adds one question. One new answer therefore moves a
 * population tested on 980 questions by about a thousandth of the difference, not a fifth.
 */
function testedOn(services: Services, caller: Caller, model: UserModelRecord, last: FinishedRetest | null) {
  const { benchmark, own } = scoredAnswers(services, caller, model, last);
  const standsFor = benchmark.length > 0 ? Math.max(model.question_count, benchmark.length) / benchmark.length : 1;
  const averages = populationAverages([
    ...benchmark.map((r) => ({ ...recordMetrics(r), weight: standsFor })),
    ...own.map((r) => ({ ...recordMetrics(r), weight: 1 })),
  ]);
  return { averages, question_count: model.question_count + own.length };
}

interface TestState {
  status: string;
  test_started_at: string;
  test_finished_at: string;
  /** The organisation's last retest that finished, which the averages rest on; null: none yet (the fixture's test). */
  last: FinishedRetest | null;
}

function asFinished(retest: RetestRecord): FinishedRetest {
  const { test_started_at, test_finishes_at, tests_counted } = retest;
  return {
    test_started_at,
    test_finished_at: test_finishes_at,
    ...(tests_counted === undefined ? {} : { tests_counted }),
  };
}

/**
 * The retest's status as stored: "testing" from the request that started it until its finish_retest job runs
 * (finishRetest), then "ready", or "failed" when a scenario failed it. A retest stored before its status was kept
 * has none: it is testing while its finish_retest job is still pending, else it ended as its fate says.
 */
export function retestStatus(services: Services, retest: RetestRecord): RetestStatus {
  if (retest.status !== undefined) return retest.status;
  if (services.scheduler.pending(retest.id).some((job) => job.kind === "finish_retest")) return "testing";
  return endedStatus(retest);
}

function endedStatus(retest: RetestRecord): RetestStatus {
  return retest.fate?.fail ? "failed" : "ready";
}

/**
 * While testing, and once a retest a scenario failed has ended `failed`, test_finished_at and the averages are still
 * those of the last test that finished: test_finished_at always says when the averages shown were taken.
 */
function testState(services: Services, model: UserModelRecord, retest: RetestRecord | undefined): TestState {
  if (!retest) {
    return {
      status: model.status,
      test_started_at: model.test_started_at,
      test_finished_at: model.test_finished_at,
      last: null,
    };
  }
  const status = retestStatus(services, retest);
  const last = status === "ready" ? asFinished(retest) : retest.previous;
  return {
    status,
    test_started_at: retest.test_started_at,
    test_finished_at: last?.test_finished_at ?? model.test_finished_at,
    last,
  };
}

function populationState(services: Services, caller: Caller, model: UserModelRecord): PopulationState {
  const retest = services.world.retests.get(orgPopulationKey(caller.orgId, model.id));
  const { status, test_started_at, test_finished_at, last } = testState(services, model, retest);
  const { averages, question_count } = testedOn(services, caller, model, last);
  return { model, status, test_started_at, test_finished_at, question_count, averages };
}

/** The accuracy the population advertises to the caller's organisation: its average_accuracy as read now. */
export function populationAccuracy(services: Services, caller: Caller, model: UserModelRecord): number {
  return populationState(services, caller, model).averages.average_accuracy;
}

/** Public populations first, then the organisation's own, in the order they were added. */
export function listPopulations(services: Services, caller: Caller): PopulationState[] {
  return services.world.visibleUserModels(caller.orgId).map((model) => populationState(services, caller, model));
}

export function readPopulation(services: Services, caller: Caller, id: string): PopulationState {
  return populationState(services, caller, requirePopulation(services, caller, id));
}

/**
 * Starts a retest of the population for the caller's organisation and answers with it in status "testing" (even
 * with a 0 ms retest time: its finish_retest job runs before the next request). A retest asked for while one is still
 * testing changes nothing and answers the running one.
 */
export function retestPopulation(services: Services, caller: Caller, id: string): PopulationState {
  const model = requirePopulation(services, caller, id);
  const key = orgPopulationKey(caller.orgId, model.id);
  const now = services.clock.now();
  const current = services.world.retests.get(key);
  const ended = current ? retestStatus(services, current) : undefined;
  if (current && ended === "testing") return populationState(services, caller, model);
  const retest = services.world.retests.put({
    id: key,
    orgId: caller.orgId,
    population: model.id,
    test_started_at: isoTimestamp(now),
    test_finishes_at: isoTimestamp(now + phaseDurations(services.options).retestMs),
    tests_counted: ownTests(services, caller.orgId, model).length,
    // A failed retest counts for nothing: the last one that finished stays the one the averages rest on.
    previous: current && ended === "failed" ? current.previous : current ? asFinished(current) : null,
    status: "testing",
  });
  scheduleRetestEnd(services, retest);
  return populationState(services, caller, model);
}

/**
 * The end of a retest, when its finish_retest job falls due (on time, or at once when the scenario holding it is
 * cleared): "ready", so the averages take in the tests it counted, or "failed" when a scenario failed it.
 */
export function finishRetest(services: Services, retestId: string): void {
  const retest = services.world.retests.get(retestId);
  if (!retest || retestStatus(services, retest) !== "testing") return;
  services.world.retests.put({ ...retest, status: endedStatus(retest) });
}

// ---- user models ----

/**
 * The user models the caller can simulate with: public ones and the organisation's own. A user model is a population,
 * so its accuracy is the population's average_accuracy as this organisation sees it (benchmark answers, plus its own
 * tests once it has retested).
 */
export function listUserModels(services: Services, caller: Caller): UserModelView[] {
  return services.world.visibleUserModels(caller.orgId).map((model) => ({
    id: model.id,
    name: model.name,
    description: model.description,
    accuracy: populationState(services, caller, model).averages.average_accuracy,
    metadata: model.metadata,
    owned_by_org: model.orgId !== null,
  }));
}
