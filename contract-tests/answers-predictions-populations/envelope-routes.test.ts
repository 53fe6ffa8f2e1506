/**
 * The envelope routes: answers, predictions, tests, their batches and populations (spec "Response envelope", "Answers,
 * predictions, populations", "Versioning"; docs/decisions/mock-choices.md#envelope and #predictions-and-tests).
 * Success is `{"data": …, "errors": null}`, a refusal `{"data": null, "errors": [{code, message}]}`, and a
 * validation failure keeps FastAPI's 422 `detail` body.
 */
import { runSettings } from "../../src/kit/contract/settings.js";
import { as } from "../support/client.js";
import { describe, expect, forServed, IN_PROCESS, it, MOCK, SPEC, unobservable } from "../support/harness.js";
import { letTimePass, NIL_UUID, newCaller, useTarget, waitFor } from "../support/target.js";
import { ANSWER_ONLY_FIELDS } from "../support/values.js";

/** The realistic preset's retest time, stated so "just before" is exact. */
const RETEST_MS = 5000;
const target = useTarget({ retestMs: RETEST_MS });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

type Body = Record<string, unknown>;
type Distribution = Record<string, number>;

interface Answer {
  id: string;
  population: string;
  question: string;
  answer_options: string[];
  predicted_answer_percentages: Distribution;
  simulated_answer_percentages: Distribution;
  ground_answer_counts: Record<string, number>;
  ground_answer_percentages: Distribution;
  accuracy: number;
  squared_error: number;
  root_mean_squared_error: number;
  information_loss: number;
  normalised_information_loss: number;
  batch: string;
  test_started_at: string;
  test_finished_at: string;
  [key: string]: unknown;
}

interface Population {
  id: string;
  status: string;
  average_accuracy: number;
  average_squared_error: number;
  average_normalised_information_loss: number;
  test_started_at: string;
  test_finished_at: string;
  [key: string]: unknown;
}

const PREDICTION_FIELDS = [
  "id",
  "created_at",
  "population",
  "population_name",
  "status",
  "question",
  "simulated_answer_percentages",
  "predicted_answer_percentages",
  "batch",
  "prediction_started_at",
  "prediction_finished_at",
  "simulation_engine",
  "public",
  "answer_options",
  "question_options",
];

const POPULATION_FIELDS = [
  "id",
  "created_at",
  "name",
  "public",
  "question_count",
  "simulacrum_count",
  "status",
  "average_accuracy",
  "average_squared_error",
  "average_normalised_information_loss",
  "data_source",
  "description",
  "effective_date",
  "reality_target",
  "simulation_engine",
  "test_started_at",
  "test_finished_at",
  "upload_filename",
];

const OPTIONS = ["Every day", "A few times a week", "Rarely", "Never"];

async function populationId(auth: string, index = 0): Promise<string> {
  const res = await as(target, auth).get("/v1/populations");
  expect(res.status).toBe(200);
  const population = (res.body.data as Array<{ id: string }>)[index];
  if (!population) throw new Error("the target lists no population");
  return population.id;
}

function predictionBody(population: string, extra: Body = {}) {
  return { population_id: population, question: "How often do you buy coffee out?", answer_options: OPTIONS, ...extra };
}

function testBody(population: string, counts: number[], extra: Body = {}) {
  const ground_answer_counts = Object.fromEntries(OPTIONS.map((option, i) => [option, counts[i] ?? 0]));
  return predictionBody(population, { ground_answer_counts, ...extra });
}

/** Exactly `data` and `errors` on the mock; the spec allows more beside them. */
function expectEnvelopeKeys(body: Body) {
  if (runSettings().profile === "mock") expect(Object.keys(body).sort()).toEqual(["data", "errors"]);
  else expect(Object.keys(body)).toEqual(expect.arrayContaining(["data", "errors"]));
}

function expectSuccess(res: { status: number; body: Body }, status: number) {
  expect(res.status).toBe(status);
  expectEnvelopeKeys(res.body);
  expect(res.body.errors).toBeNull();
  expect(res.body.data).not.toBeNull();
  expect(typeof res.body.data).toBe("object");
}

function expectEnvelopeError(res: { status: number; body: Body }, status: number, code?: string) {
  expect(res.status).toBe(status);
  expectEnvelopeKeys(res.body);
  expect(res.body.data).toBeNull();
  const errors = res.body.errors as Array<Record<string, unknown>>;
  expect(Array.isArray(errors)).toBe(true);
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(Object.keys(error).sort()).toEqual(["code", "message"]);
    expect(typeof error.code).toBe("string");
    expect(typeof error.message).toBe("string");
    expect((error.message as string).trim()).not.toBe("");
  }
  if (code) expect(errors[0]!.code).toBe(code);
}

function expectValidationDetail(res: { status: number; body: Body }) {
  expect(res.status).toBe(422);
  // The spec gives the 422 body's `detail`; other members beside it (an envelope's `errors`) are the target's own.
  if (runSettings().profile !== "spec") expect(Object.keys(res.body)).toEqual(["detail"]);
  const detail = res.body.detail as Array<Record<string, unknown>>;
  expect(Array.isArray(detail)).toBe(true);
  expect(detail.length).toBeGreaterThan(0);
  for (const item of detail) {
    expect(Array.isArray(item.loc)).toBe(true);
    expect(typeof item.msg).toBe("string");
    expect(typeof item.type).toBe("string");
  }
  return detail;
}

function expectFractions(distribution: Distribution, options: string[]) {
  expect(Object.keys(distribution).sort()).toEqual([...options].sort());
  for (const value of Object.values(distribution)) {
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(1);
  }
  expect(Math.abs(Object.values(distribution).reduce((a, b) => a + b, 0) - 1)).toBeLessThanOrEqual(1e-9);
}

/** The metrics of docs/decisions/mock-choices.md#metrics, recomputed here from the answer's own predicted fractions and ground counts. */
function metricsOf(answer: Pick<Answer, "answer_options" | "predicted_answer_percentages" | "ground_answer_counts">) {
  const options = answer.answer_options;
  const k = options.length;
  const total = options.reduce((sum, o) => sum + (answer.ground_answer_counts[o] ?? 0), 0);
  const g = options.map((o) => (answer.ground_answer_counts[o] ?? 0) / total);
  const p = options.map((o) => answer.predicted_answer_percentages[o] ?? 0);
  const squared_error = options.reduce((sum, _, i) => sum + (p[i]! - g[i]!) ** 2, 0);
  const accuracy = 1 - 0.5 * options.reduce((sum, _, i) => sum + Math.abs(p[i]! - g[i]!), 0);
  let information_loss = 0;
  options.forEach((_, i) => {
    if (g[i]! === 0) return;
    information_loss += g[i]! * Math.log(g[i]! / Math.max(p[i]!, 1e-6));
  });
  return {
    accuracy,
    squared_error,
    root_mean_squared_error: Math.sqrt(squared_error / k),
    information_loss,
    normalised_information_loss: information_loss / Math.log(k),
    ground_answer_percentages: Object.fromEntries(options.map((o, i) => [o, g[i]!])),
  };
}

function expectMetrics(answer: Answer) {
  const expected = metricsOf(answer);
  for (const key of [
    "accuracy",
    "squared_error",
    "root_mean_squared_error",
    "information_loss",
    "normalised_information_loss",
  ] as const) {
    expect(typeof answer[key], key).toBe("number");
    expect(Math.abs(answer[key] - expected[key]), key).toBeLessThanOrEqual(1e-9);
  }
  for (const option of answer.answer_options) {
    expect(
      Math.abs(answer.ground_answer_percentages[option]! - expected.ground_answer_percentages[option]!),
    ).toBeLessThanOrEqual(1e-9);
  }
}

async function createTest(auth: string, population: string, counts: number[], extra: Body = {}) {
  const res = await as(target, auth).post("/v1/tests", testBody(population, counts, extra));
  expectSuccess(res, 201);
  return res.body.data as Answer;
}

async function readPopulation(auth: string, id: string): Promise<Population> {
  const res = await as(target, auth).get(`/v1/populations/${id}`);
  expectSuccess(res, 200);
  return res.body.data as Population;
}

async function clockNow(): Promise<string> {
  const res = await target.http().get("/__mock/clock");
  expect(res.status).toBe(200);
  return res.body.now as string;
}

describe("populations", SPEC, () => {
  it("should read a population as an envelope with the spec's fields", {
    rules: ["POPULATION-READ-ENVELOPE", "POPULATION-IS-USER-MODEL", "ENVELOPE-SUCCESS", "ENVELOPE-ERRORS-FIELD"],
    readOnly: true,
  }, async () => {
    const auth = newCaller();
    const models = await as(target, auth).get("/v1/user-models").expect(200);
    const id = (models.body as Array<{ id: string }>)[0]!.id;
    const population = await readPopulation(auth, id);
    expect(population.id).toBe(id);
    for (const field of POPULATION_FIELDS) expect(population, field).toHaveProperty(field);
    expect(population.id).toMatch(UUID);
    expect(typeof population.name).toBe("string");
    expect(typeof population.public).toBe("boolean");
    expect(Number.isInteger(population.question_count)).toBe(true);
    expect(Number.isInteger(population.simulacrum_count)).toBe(true);
    expect(typeof population.status).toBe("string");
    for (const field of ["average_accuracy", "average_squared_error", "average_normalised_information_loss"]) {
      expect(typeof population[field], field).toBe("number");
    }
    for (const field of ["created_at", "test_started_at", "test_finished_at"]) {
      expect(population[field], field).toMatch(ISO);
    }
    expect(population.effective_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("should answer retest with 200 and an envelope holding the population", {
    rules: ["POPULATION-RETEST-ENVELOPE", "ENVELOPE-SUCCESS"],
  }, async () => {
    const auth = newCaller();
    const models = (await as(target, auth).get("/v1/user-models").expect(200)).body as Array<{
      id: string;
      owned_by_org?: boolean;
    }>;
    // The organisation's own model first: who may retest a public one is access the spec does not show.
    const id = (models.find((m) => m.owned_by_org === true) ?? models[0])!.id;
    const res = await as(target, auth).post(`/v1/populations/${id}/retest`);
    if (res.status === 401 || res.status === 403) {
      unobservable(`the target refuses this caller a retest of ${id} (${res.status}): access is not shown by the spec`);
    }
    expectSuccess(res, 200);
    expect((res.body.data as Population).id).toBe(id);
    for (const field of POPULATION_FIELDS) expect(res.body.data, field).toHaveProperty(field);
  });
});

describe("populations: the mock's choices", { ...MOCK, rules: ["MOCK-POPULATIONS"] }, () => {
  it("should list populations as an envelope holding a list, one per visible user model, same ids", async () => {
    const auth = newCaller();
    const res = await as(target, auth).get("/v1/populations");
    expectSuccess(res, 200);
    const list = res.body.data as Population[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const population of list) {
      for (const field of POPULATION_FIELDS) expect(population, field).toHaveProperty(field);
    }
    const models = await as(target, auth).get("/v1/user-models").expect(200);
    expect(list.map((p) => p.id).sort()).toEqual((models.body as Array<{ id: string }>).map((m) => m.id).sort());
    const one = await readPopulation(auth, list[0]!.id);
    expect(one).toEqual(list[0]);
  });

  it(
    "should retest: testing with test_started_at now, still testing just before the retest time, then ready with averages over its answers",
    IN_PROCESS,
    async () => {
      const auth = newCaller();
      const id = await populationId(auth, 1);
      const before = await readPopulation(auth, id);
      expect(before.status).toBe("ready");

      // The organisation's own tests: far off the prediction, so they move the averages a long way.
      const mine: Answer[] = [];
      for (const counts of [
        [0, 0, 0, 100],
        [100, 0, 0, 0],
        [0, 5, 90, 5],
      ]) {
        const question = `How often do you buy coffee out? (${mine.length + 1})`;
        mine.push(await createTest(auth, id, counts, { question }));
      }
      // Tests are not counted before a retest.
      expect(await readPopulation(auth, id)).toEqual(before);

      const startedAt = await clockNow();
      const retest = await as(target, auth).post(`/v1/populations/${id}/retest`);
      expectSuccess(retest, 200);
      const testing = retest.body.data as Population;
      expect(testing.status).toBe("testing");
      expect(testing.test_started_at).toBe(startedAt);

      await letTimePass(target, RETEST_MS - 1);
      const almost = await readPopulation(auth, id);
      expect(almost.status).toBe("testing");
      expect(almost.test_started_at).toBe(startedAt);
      expect(almost.test_finished_at).toBe(before.test_finished_at);
      expect(almost.average_accuracy).toBe(before.average_accuracy);

      await letTimePass(target, 1);
      const ready = await readPopulation(auth, id);
      expect(ready.status).toBe("ready");
      expect(ready.test_started_at).toBe(startedAt);
      expect(ready.test_finished_at).toBe(new Date(Date.parse(startedAt) + RETEST_MS).toISOString());
      expect(ready.test_finished_at).not.toBe(before.test_finished_at);

      // The answers read back, and what the mean over them must be: N earlier answers averaging what `before` shows,
      // plus the organisation's own. N is solved from accuracy and must fit the other two averages as well.
      const readBack: Answer[] = [];
      for (const answer of mine) {
        const res = await as(target, auth).get(`/v1/answers/${answer.id}`);
        expectSuccess(res, 200);
        readBack.push(res.body.data as Answer);
      }
      const m = readBack.length;
      const sum = (key: "accuracy" | "squared_error" | "normalised_information_loss") =>
        readBack.reduce((total, a) => total + a[key], 0);
      const n = (sum("accuracy") - m * ready.average_accuracy) / (ready.average_accuracy - before.average_accuracy);
      expect(Math.abs(n - Math.round(n))).toBeLessThan(1e-6);
      const N = Math.round(n);
      expect(N).toBeGreaterThanOrEqual(0);
      const mean = (prior: number, own: number) => (N * prior + own) / (N + m);
      expect(Math.abs(ready.average_accuracy - mean(before.average_accuracy, sum("accuracy")))).toBeLessThanOrEqual(
        1e-9,
      );
      expect(
        Math.abs(ready.average_squared_error - mean(before.average_squared_error, sum("squared_error"))),
      ).toBeLessThanOrEqual(1e-9);
      expect(
        Math.abs(
          ready.average_normalised_information_loss -
            mean(before.average_normalised_information_loss, sum("normalised_information_loss")),
        ),
      ).toBeLessThanOrEqual(1e-9);

      // A second retest takes in a test created since, over the same N earlier answers.
      mine.push(await createTest(auth, id, [1, 1, 1, 97], { question: "How often do you buy coffee out? (4)" }));
      const last = await as(target, auth).get(`/v1/answers/${mine[3]!.id}`);
      readBack.push(last.body.data as Answer);
      expect((await as(target, auth).post(`/v1/populations/${id}/retest`)).status).toBe(200);
      await letTimePass(target, RETEST_MS);
      const again = await readPopulation(auth, id);
      expect(again.status).toBe("ready");
      const all = readBack.reduce((total, a) => total + a.accuracy, 0);
      expect(Math.abs(again.average_accuracy - (N * before.average_accuracy + all) / (N + 4))).toBeLessThanOrEqual(
        1e-9,
      );
    },
  );

  it("should keep one organisation's retest and tests out of another organisation's view of the population", async () => {
    const auth = newCaller();
    const other = newCaller();
    const id = await populationId(auth, 2);
    const seenByOther = await readPopulation(other, id);
    await createTest(auth, id, [0, 0, 0, 10]);
    expect((await as(target, auth).post(`/v1/populations/${id}/retest`)).status).toBe(200);
    const retested = await waitFor(target, `population ${id}'s retest to finish`, async () => {
      const population = await readPopulation(auth, id);
      return population.status === "testing" ? undefined : population;
    });
    expect(retested.average_accuracy).not.toBe(seenByOther.average_accuracy);
    expect(await readPopulation(other, id)).toEqual(seenByOther);
  });
});

describe("predictions and tests", { ...MOCK, rules: ["MOCK-PREDICTIONS"] }, () => {
  it("should create a prediction with 201 and read it back as the same envelope", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const created = await as(target, auth).post("/v1/predictions", predictionBody(population));
    expectSuccess(created, 201);
    const prediction = created.body.data as Body;
    for (const field of PREDICTION_FIELDS) expect(prediction, field).toHaveProperty(field);
    for (const field of ANSWER_ONLY_FIELDS) expect(prediction, field).not.toHaveProperty(field);
    expect(prediction).toMatchObject({
      population,
      question: "How often do you buy coffee out?",
      answer_options: OPTIONS,
      question_options: { question_type: "single-choice" },
    });
    expect(prediction.id).toMatch(UUID);
    expectFractions(prediction.predicted_answer_percentages as Distribution, OPTIONS);
    expect(prediction.simulated_answer_percentages).toEqual(prediction.predicted_answer_percentages);
    expect(created.headers.deprecation).toBeUndefined();

    const read = await as(target, auth).get(`/v1/predictions/${prediction.id}`);
    expectSuccess(read, 200);
    expect(read.body.data).toEqual(prediction);
  });

  it("should create a test with 201 whose metrics follow the formulas, and read it back unchanged", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const created = await as(target, auth).post("/v1/tests", testBody(population, [412, 301, 187, 0]));
    expectSuccess(created, 201);
    const answer = created.body.data as Answer;
    for (const field of [...PREDICTION_FIELDS, ...ANSWER_ONLY_FIELDS]) expect(answer, field).toHaveProperty(field);
    expect(answer.ground_answer_counts).toEqual({
      "Every day": 412,
      "A few times a week": 301,
      Rarely: 187,
      Never: 0,
    });
    expectFractions(answer.predicted_answer_percentages, OPTIONS);
    expectFractions(answer.ground_answer_percentages, OPTIONS);
    expect(answer.simulated_answer_percentages).toEqual(answer.predicted_answer_percentages);
    expectMetrics(answer);
    expect(answer.test_started_at).toMatch(ISO);
    expect(answer.test_finished_at).toMatch(ISO);

    const read = await as(target, auth).get(`/v1/answers/${answer.id}`);
    expectSuccess(read, 200);
    expect(read.body.data).toEqual(answer);
    expectMetrics(read.body.data as Answer);
  });

  it("should compute the metrics for every shape of ground truth, including a miss on every option", async () => {
    const auth = newCaller();
    const population = await populationId(auth, 3);
    for (const counts of [
      [1, 0, 0, 0],
      [0, 0, 0, 7],
      [25, 25, 25, 25],
      [3, 1, 4, 1],
    ]) {
      expectMetrics(await createTest(auth, population, counts));
    }
    const two = await as(target, auth).post("/v1/tests", {
      population_id: population,
      question: "Do you own a reusable cup?",
      answer_options: ["Yes", "No"],
      ground_answer_counts: { Yes: 640, No: 360 },
    });
    expectSuccess(two, 201);
    expectMetrics(two.body.data as Answer);
  });

  it("should refuse ground_answer_counts whose keys are not exactly the answer options with a 400 envelope", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const res = await as(target, auth).post(
      "/v1/tests",
      predictionBody(population, { ground_answer_counts: { "Every day": 3, Rarely: 1 } }),
    );
    expectEnvelopeError(res, 400, "bad_request");
  });
});

describe("batches", { ...MOCK, rules: ["MOCK-PREDICTIONS"] }, () => {
  it("should group predictions into the batch named on the first and given by batch_id on the next", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const first = await as(target, auth).post(
      "/v1/predictions",
      predictionBody(population, { batch_name: "Coffee habits", batch_description: "Wave 1 wording" }),
    );
    expectSuccess(first, 201);
    const batchId = first.body.data.batch as string;
    expect(batchId).toMatch(UUID);
    const second = await as(target, auth).post(
      "/v1/predictions",
      predictionBody(population, { question: "Where do you buy it?", batch_id: batchId }),
    );
    expectSuccess(second, 201);
    expect(second.body.data.batch).toBe(batchId);
    const elsewhere = await as(target, auth).post("/v1/predictions", predictionBody(population));
    expectSuccess(elsewhere, 201);
    expect(elsewhere.body.data.batch).not.toBe(batchId);

    const batch = await as(target, auth).get(`/v1/predictions/batch/${batchId}`);
    expectSuccess(batch, 200);
    expect(batch.body.data).toMatchObject({ id: batchId, name: "Coffee habits", description: "Wave 1 wording" });
    expect(batch.body.data.created_at).toMatch(ISO);
    const predictions = batch.body.data.predictions as Body[];
    expect(predictions.map((p) => p.id).sort()).toEqual([first.body.data.id, second.body.data.id].sort());
    expect(predictions.find((p) => p.id === first.body.data.id)).toEqual(first.body.data);

    const auto = await as(target, auth).get(`/v1/predictions/batch/${elsewhere.body.data.batch}`);
    expectSuccess(auto, 200);
    expect(typeof auto.body.data.name).toBe("string");
    expect(auto.body.data.name.trim()).not.toBe("");
    expect(auto.body.data.predictions.map((p: Body) => p.id)).toEqual([elsewhere.body.data.id]);
  });

  it("should group tests into a batch read back with its answers", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const first = await createTest(auth, population, [5, 4, 3, 2], { batch_name: "Benchmarks" });
    const second = await createTest(auth, population, [1, 2, 3, 4], { batch_id: first.batch });
    expect(second.batch).toBe(first.batch);
    const batch = await as(target, auth).get(`/v1/tests/batch/${first.batch}`);
    expectSuccess(batch, 200);
    expect(batch.body.data).toMatchObject({ id: first.batch, name: "Benchmarks", description: null });
    const answers = batch.body.data.answers as Answer[];
    expect(answers.map((a) => a.id).sort()).toEqual([first.id, second.id].sort());
    for (const answer of answers) expectMetrics(answer);
    expect(answers.find((a) => a.id === second.id)).toEqual(second);
  });

  it("should hide a batch of another organisation and answer a batch of the other kind as not found", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const test = await createTest(auth, population, [1, 1, 1, 1]);
    const other = await as(target, newCaller()).get(`/v1/tests/batch/${test.batch}`);
    expectEnvelopeError(other, 404, "not_found");
    const wrongKind = await as(target, auth).get(`/v1/predictions/batch/${test.batch}`);
    expectEnvelopeError(wrongKind, 404, "not_found");
  });
});

describe("deprecated operations", { ...MOCK, rules: ["MOCK-DEPRECATED"] }, () => {
  it("should create a prediction through POST /v1/answers with Deprecation and Link headers and both field names", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const res = await as(target, auth).post("/v1/answers", predictionBody(population));
    expectSuccess(res, 201);
    expect(res.headers.deprecation).toBe("true");
    expect(res.headers.link).toBe('</v1/predictions>; rel="successor-version"');
    const data = res.body.data as Body;
    expectFractions(data.predicted_answer_percentages as Distribution, OPTIONS);
    expect(data.simulated_answer_percentages).toEqual(data.predicted_answer_percentages);
    const read = await as(target, auth).get(`/v1/predictions/${data.id}`);
    expectSuccess(read, 200);
  });

  it("should create a test through POST /v1/answers/benchmark with the headers, both field names and the old metric name", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const res = await as(target, auth).post("/v1/answers/benchmark", testBody(population, [10, 20, 30, 40]));
    expectSuccess(res, 201);
    expect(res.headers.deprecation).toBe("true");
    // docs/decisions/mock-choices.md#deprecated-routes gives both deprecated routes this one Link.
    expect(res.headers.link).toBe('</v1/predictions>; rel="successor-version"');
    const data = res.body.data as Answer;
    expect(data.simulated_answer_percentages).toEqual(data.predicted_answer_percentages);
    expect(data.kullback_leibler_divergence).toBe(data.information_loss);
    expectMetrics(data);
    const read = await as(target, auth).get(`/v1/answers/${data.id}`);
    expectSuccess(read, 200);
    expect(read.body.data.simulated_answer_percentages).toEqual(read.body.data.predicted_answer_percentages);
  });

  for (const [path, change, status] of [
    ["/v1/answers", { answer_options: ["only one"] }, 422],
    ["/v1/answers/benchmark", { ground_answer_counts: undefined }, 422],
    ["/v1/answers", { population_id: "00000000-0000-4000-8000-000000000000" }, 404],
  ] as const) {
    it(`should send the deprecation headers on refusals of ${path} too (${JSON.stringify(change)} → ${status})`, async () => {
      const auth = newCaller();
      const population = await populationId(auth);
      const body = { ...testBody(population, [1, 2, 3, 4]), ...change };
      const res = await as(target, auth).post(path, body);
      expect(res.status).toBe(status);
      expect(res.headers.deprecation).toBe("true");
      expect(res.headers.link).toBe('</v1/predictions>; rel="successor-version"');
    });
  }

  it("should carry no Deprecation header on the replacements", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const res = await as(target, auth).post("/v1/tests", testBody(population, [1, 2, 3, 4]));
    expectSuccess(res, 201);
    expect(res.headers.deprecation).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
  });
});

describe("missing items", { ...MOCK, rules: ["MOCK-ENVELOPE-ERRORS"] }, () => {
  it("should answer every read of a missing item with a 404 envelope", async () => {
    const auth = newCaller();
    for (const path of [
      `/v1/answers/${NIL_UUID}`,
      `/v1/predictions/${NIL_UUID}`,
      `/v1/predictions/batch/${NIL_UUID}`,
      `/v1/tests/batch/${NIL_UUID}`,
      `/v1/populations/${NIL_UUID}`,
    ]) {
      const res = await as(target, auth).get(path);
      expectEnvelopeError(res, 404, "not_found");
    }
  });

  it("should answer a retest of a missing population with a 404 envelope, for any string id", async () => {
    const auth = newCaller();
    for (const id of [NIL_UUID, "not-a-uuid", "42"]) {
      const res = await as(target, auth).post(`/v1/populations/${id}/retest`);
      expectEnvelopeError(res, 404, "not_found");
    }
  });

  it("should answer creates naming a missing population or batch with a 404 envelope", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const cases: Array<[string, Body]> = [
      ["/v1/predictions", predictionBody(NIL_UUID)],
      ["/v1/answers", predictionBody(NIL_UUID)],
      ["/v1/tests", testBody(NIL_UUID, [1, 1, 1, 1])],
      ["/v1/answers/benchmark", testBody(NIL_UUID, [1, 1, 1, 1])],
      ["/v1/predictions", predictionBody(population, { batch_id: NIL_UUID })],
      ["/v1/tests", testBody(population, [1, 1, 1, 1], { batch_id: NIL_UUID })],
    ];
    for (const [path, body] of cases) {
      const res = await as(target, auth).post(path, body);
      expectEnvelopeError(res, 404, "not_found");
    }
  });

  it("should answer another organisation's answer and prediction with a 404 envelope", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const answer = await createTest(auth, population, [1, 2, 3, 4]);
    const prediction = await as(target, auth).post("/v1/predictions", predictionBody(population));
    const stranger = newCaller();
    expectEnvelopeError(await as(target, stranger).get(`/v1/answers/${answer.id}`), 404);
    expectEnvelopeError(await as(target, stranger).get(`/v1/predictions/${prediction.body.data.id}`), 404);
  });

  it("should not read a prediction without ground truth as an answer", async () => {
    const auth = newCaller();
    const population = await populationId(auth);
    const prediction = await as(target, auth).post("/v1/predictions", predictionBody(population));
    expectSuccess(prediction, 201);
    const res = await as(target, auth).get(`/v1/answers/${prediction.body.data.id}`);
    expectEnvelopeError(res, 404, "not_found");
  });
});

describe("validation on envelope routes", () => {
  it("should keep FastAPI's 422 detail body for a malformed path id", {
    ...SPEC,
    rules: ["PATH-ID-UUID", "VALIDATION-422-BODY", "VALIDATION-422-LOC"],
    readOnly: true,
  }, async () => {
    const auth = newCaller();
    const cases = [
      ["/v1/answers/not-a-uuid", "answer_id"],
      ["/v1/predictions/not-a-uuid", "prediction_id"],
      ["/v1/populations/not-a-uuid", "population_id"],
      ["/v1/predictions/batch/not-a-uuid", "batch_id"],
      ["/v1/tests/batch/not-a-uuid", "batch_id"],
    ] as const;
    await forServed(cases, async ([path, name]) => {
      const res = await as(target, auth).get(path);
      const detail = expectValidationDetail(res);
      // Where the field stands in `loc` is the spec's; FastAPI's ["path", name] is profile fastapi's.
      if (runSettings().profile === "spec") expect(detail[0]!.loc, path).toContain(name);
      else expect(detail[0]!.loc, path).toEqual(["path", name]);
    });
  });

  it("should keep FastAPI's 422 detail body for a malformed create body", {
    ...MOCK,
    rules: ["MOCK-PREDICTIONS", "VALIDATION-422-BODY"],
    readOnly: true,
  }, async () => {
    const auth = newCaller();
    for (const path of ["/v1/predictions", "/v1/tests", "/v1/answers", "/v1/answers/benchmark"]) {
      const res = await as(target, auth).post(path, {});
      const detail = expectValidationDetail(res);
      const missing = detail.filter((d) => d.type === "missing").map((d) => (d.loc as string[]).join("."));
      expect(missing, path).toContain("body.population_id");
      expect(missing, path).toContain("body.question");
      expect(missing, path).toContain("body.answer_options");
    }
    const population = await populationId(auth);
    const noCounts = await as(target, auth).post("/v1/tests", predictionBody(population));
    const detail = expectValidationDetail(noCounts);
    expect(detail.map((d) => d.loc)).toEqual([["body", "ground_answer_counts"]]);
  });
});
