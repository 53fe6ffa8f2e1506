/**
 * Every field of the spec's tables, present with the type the table gives (spec "Resources and their fields"): the
 * simulation, the envelope, Answer, Prediction, Population and user models. One test per field, so a target that
 * drops or retypes one field fails on that field's rule. The spec does not show which of these fields are nullable;
 * the tables give one type each, and that type is what is asserted.
 *
 * Answers and predictions are made through the create operations the spec names under Versioning (POST /v1/tests,
 * POST /v1/predictions) but whose bodies it does not show: the suite builds each body from the target's own
 * /openapi.json (bss-mock's body on a bss-mock), and where it cannot the answer and prediction rules are not
 * applicable, with the reason.
 */
import { as } from "../support/client.js";
import { goalFor, visibleUserModelIds } from "../support/fixtures.js";
import { describe, expect, it, unobservable } from "../support/harness.js";
import { createdId, insightBody } from "../support/insight-bodies.js";
import { createResearch, untilStatus } from "../support/simulations.js";
import { named, newCaller, useTarget, waitFor } from "../support/target.js";
import { ANSWER_ONLY_FIELDS, ISO_DATE, ISO_TIMESTAMP, UUID } from "../support/values.js";

const target = useTarget();

type Body = Record<string, unknown>;
type Check = (value: unknown, data: Body) => void;

const OPTIONS = ["Every day", "A few times a week", "Rarely", "Never"];
const COUNTS = [412, 301, 187, 0];

const isString: Check = (v) => expect(typeof v).toBe("string");
const isUuid: Check = (v) => expect(v).toMatch(UUID);
const isTimestamp: Check = (v) => expect(v).toMatch(ISO_TIMESTAMP);
const isBoolean: Check = (v) => expect(typeof v).toBe("boolean");
const isNumber: Check = (v) => {
  expect(typeof v).toBe("number");
  expect(Number.isFinite(v)).toBe(true);
};
const isCount: Check = (v) => {
  expect(Number.isInteger(v)).toBe(true);
  expect(v as number).toBeGreaterThanOrEqual(0);
};
const isFraction = (v: unknown) => {
  isNumber(v, {});
  expect(v as number).toBeGreaterThanOrEqual(0);
  expect(v as number).toBeLessThanOrEqual(1);
};
/** Answer option to fraction, over exactly the answer's options, summing to 1 (fractions of one whole). */
const isDistribution: Check = (v, data) => {
  expect(typeof v).toBe("object");
  const distribution = v as Record<string, unknown>;
  expect(Object.keys(distribution).sort()).toEqual([...(data.answer_options as string[])].sort());
  for (const fraction of Object.values(distribution)) isFraction(fraction);
  const sum = Object.values(distribution).reduce((a: number, b) => a + (b as number), 0);
  // Each fraction may be rounded (the spec gives no precision): their sum is 1 within what rounding to 1/1000 leaves.
  expect(Math.abs(sum - 1)).toBeLessThanOrEqual(0.001 * Object.keys(distribution).length);
};
const isNonNegative: Check = (v) => {
  isNumber(v, {});
  expect(v as number).toBeGreaterThanOrEqual(0);
};

/** How the number values of `field` are written in a JSON text. */
function integerLiterals(text: string, field: string): string[] {
  return [...text.matchAll(new RegExp(`"${field}"\\s*:\\s*(-?[0-9][0-9.eE+-]*)`, "g"))].map((m) => m[1] as string);
}

/** Answer fields (spec table "Answer"), each with its rule and the check of its type. */
const ANSWER_FIELDS: Array<[rule: string, fields: string[], check: Check]> = [
  ["ANSWER-FIELD-ID", ["id"], isUuid],
  ["ANSWER-FIELD-CREATED-AT", ["created_at"], isTimestamp],
  ["ANSWER-FIELD-POPULATION", ["population"], isUuid],
  ["ANSWER-FIELD-POPULATION-NAME", ["population_name"], isString],
  ["ANSWER-FIELD-STATUS", ["status"], isString],
  ["ANSWER-FIELD-QUESTION", ["question"], (v) => expect(v).toBe(QUESTION)],
  ["ANSWER-FIELD-ACCURACY", ["accuracy"], isNumber],
  ["ANSWER-FIELD-SQUARED-ERROR", ["squared_error"], isNonNegative],
  ["ANSWER-FIELD-ROOT-MEAN-SQUARED-ERROR", ["root_mean_squared_error"], isNonNegative],
  [
    "ANSWER-FIELD-SIMULATED-ANSWER-PERCENTAGES",
    ["simulated_answer_percentages"],
    (v, data) => {
      isDistribution(v, data);
      // The deprecated name of predicted_answer_percentages (Versioning): the same answer under both names.
      if ("predicted_answer_percentages" in data) expect(v).toEqual(data.predicted_answer_percentages);
    },
  ],
  ["ANSWER-FIELD-PREDICTED-ANSWER-PERCENTAGES", ["predicted_answer_percentages"], isDistribution],
  ["ANSWER-FIELD-INFORMATION-LOSS", ["information_loss"], isNonNegative],
  ["ANSWER-FIELD-NORMALISED-INFORMATION-LOSS", ["normalised_information_loss"], isNonNegative],
  ["ANSWER-FIELD-BATCH", ["batch"], isUuid],
  [
    "ANSWER-FIELD-TIMESTAMPS",
    ["prediction_started_at", "prediction_finished_at", "test_started_at", "test_finished_at"],
    isTimestamp,
  ],
  [
    "ANSWER-FIELD-GROUND-ANSWER-COUNTS",
    ["ground_answer_counts"],
    (v) => expect(v).toEqual(Object.fromEntries(OPTIONS.map((o, i) => [o, COUNTS[i]]))),
  ],
  [
    "ANSWER-FIELD-GROUND-ANSWER-PERCENTAGES",
    ["ground_answer_percentages"],
    (v, data) => {
      isDistribution(v, data);
      const total = COUNTS.reduce((a, b) => a + b, 0);
      OPTIONS.forEach((option, i) => {
        expect(Math.abs((v as Record<string, number>)[option]! - COUNTS[i]! / total)).toBeLessThanOrEqual(0.0005);
      });
    },
  ],
  ["ANSWER-FIELD-SIMULATION-ENGINE", ["simulation_engine"], isString],
  ["ANSWER-FIELD-PUBLIC", ["public"], isBoolean],
  ["ANSWER-FIELD-ANSWER-OPTIONS", ["answer_options"], (v) => expect(v).toEqual(OPTIONS)],
  [
    "ANSWER-FIELD-QUESTION-OPTIONS",
    ["question_options"],
    (v) => {
      expect(typeof v).toBe("object");
      expect(typeof (v as Body).question_type).toBe("string");
    },
  ],
];

const POPULATION_FIELDS: Array<[rule: string, fields: string[], check: Check]> = [
  ["POPULATION-FIELD-ID", ["id"], isUuid],
  ["POPULATION-FIELD-CREATED-AT", ["created_at"], isTimestamp],
  ["POPULATION-FIELD-NAME", ["name"], isString],
  ["POPULATION-FIELD-PUBLIC", ["public"], isBoolean],
  ["POPULATION-FIELD-QUESTION-COUNT", ["question_count"], isCount],
  ["POPULATION-FIELD-SIMULACRUM-COUNT", ["simulacrum_count"], isCount],
  ["POPULATION-FIELD-STATUS", ["status"], isString],
  ["POPULATION-FIELD-AVERAGE-ACCURACY", ["average_accuracy"], isNumber],
  ["POPULATION-FIELD-AVERAGE-SQUARED-ERROR", ["average_squared_error"], isNonNegative],
  ["POPULATION-FIELD-AVERAGE-NORMALISED-INFORMATION-LOSS", ["average_normalised_information_loss"], isNonNegative],
  ["POPULATION-FIELD-DATA-SOURCE", ["data_source"], isString],
  ["POPULATION-FIELD-DESCRIPTION", ["description"], isString],
  ["POPULATION-FIELD-EFFECTIVE-DATE", ["effective_date"], (v) => expect(v).toMatch(ISO_DATE)],
  ["POPULATION-FIELD-REALITY-TARGET", ["reality_target"], isString],
  ["POPULATION-FIELD-SIMULATION-ENGINE", ["simulation_engine"], isString],
  ["POPULATION-FIELD-TIMESTAMPS", ["test_started_at", "test_finished_at"], isTimestamp],
  ["POPULATION-FIELD-UPLOAD-FILENAME", ["upload_filename"], isString],
];

function expectEnvelope(body: Body) {
  expect(body).toHaveProperty("data");
  expect(body).toHaveProperty("errors");
  expect(typeof body.data).toBe("object");
  expect(body.data).not.toBeNull();
  // On success `errors` is an array of error objects or null; a successful read carries none that is an error.
  if (body.errors !== null) expect(Array.isArray(body.errors)).toBe(true);
}

const QUESTION = "How often do you buy coffee out?";
const made = new Map<string, Promise<Body>>();

/**
 * Creates one item through `create` and reads it back from `read` + its id (the envelope, or `{unobservable}` when the
 * target's create body cannot be made out from its document or the target refuses it: the spec shows neither).
 */
function createdAndRead(create: string, read: string, counts?: readonly number[]): Promise<Body> {
  let item = made.get(create);
  if (!item) {
    item = (async () => {
      const auth = newCaller();
      const [population] = await visibleUserModelIds(target, auth, 1);
      const request = {
        population: population as string,
        question: QUESTION,
        options: OPTIONS,
        counts,
        batch: { name: named("Fields") },
      };
      const body = insightBody(target, create, request);
      if (typeof body === "string") return { unobservable: body };
      const created = await as(target, auth).post(create, body);
      if (created.status >= 300)
        return { unobservable: `POST ${create} refused the body (${created.status}): ${created.text.slice(0, 200)}` };
      const id = createdId(created, QUESTION);
      if (!id) return { unobservable: `POST ${create} answered ${created.status} without an id the suite can find` };
      const res = await as(target, auth).get(`${read}/${id}`);
      expect(res.status).toBe(200);
      return res.body as Body;
    })();
    made.set(create, item);
  }
  return item;
}

/** One test answer, read back through GET /v1/answers/{id}. */
const answer = () => createdAndRead("/v1/tests", "/v1/answers", COUNTS);

/** One prediction, read back through GET /v1/predictions/{id}. */
const prediction = () => createdAndRead("/v1/predictions", "/v1/predictions");

async function data(read: () => Promise<Body>): Promise<Body> {
  const body = await read();
  if (typeof body.unobservable === "string") unobservable(body.unobservable);
  return body.data as Body;
}

describe("Answer (GET /v1/answers/{answer_id})", () => {
  it("should answer an envelope whose data is the Answer", {
    rules: ["ANSWER-READ-ENVELOPE", "ENVELOPE-SUCCESS"],
  }, async () => {
    const body = await answer();
    if (typeof body.unobservable === "string") unobservable(body.unobservable);
    expectEnvelope(body);
  });

  for (const [rule, fields, check] of ANSWER_FIELDS) {
    it(`should carry ${fields.join(", ")} with the table's type`, { rules: [rule] }, async () => {
      const answerData = await data(answer);
      for (const field of fields) {
        expect(answerData, field).toHaveProperty(field);
        check(answerData[field], answerData);
      }
    });
  }
});

describe("Prediction (GET /v1/predictions/{prediction_id})", () => {
  it("should answer an envelope whose data is the Prediction", { rules: ["PREDICTION-READ-ENVELOPE"] }, async () => {
    const body = await prediction();
    if (typeof body.unobservable === "string") unobservable(body.unobservable);
    expectEnvelope(body);
  });

  it("should carry every Answer field but those the spec leaves out, with their types", {
    rules: ["PREDICTION-FIELDS"],
  }, async () => {
    const predictionData = await data(prediction);
    for (const [, fields, check] of ANSWER_FIELDS) {
      for (const field of fields.filter((f) => !ANSWER_ONLY_FIELDS.includes(f))) {
        expect(predictionData, field).toHaveProperty(field);
        if (!field.startsWith("ground_")) check(predictionData[field], predictionData);
      }
    }
  });

  it("should not carry the fields that need ground truth", { rules: ["PREDICTION-NO-ANSWER-FIELDS"] }, async () => {
    const predictionData = await data(prediction);
    for (const field of ANSWER_ONLY_FIELDS) expect(predictionData, field).not.toHaveProperty(field);
  });
});

describe("Population (GET /v1/populations/{population_id})", { readOnly: true }, () => {
  let population: Promise<{ id: string; body: Body; text: string }> | undefined;
  const read = () => {
    population ??= (async () => {
      const auth = newCaller();
      const [id] = await visibleUserModelIds(target, auth, 1);
      const res = await as(target, auth).get(`/v1/populations/${id}`);
      expect(res.status).toBe(200);
      return { id: id as string, body: res.body as Body, text: res.text };
    })();
    return population;
  };

  it("should read a user model as a population: an envelope whose data is the Population with the same id", {
    rules: ["POPULATION-READ-ENVELOPE", "POPULATION-IS-USER-MODEL", "ENVELOPE-SUCCESS", "ENVELOPE-ERRORS-FIELD"],
  }, async () => {
    const { id, body } = await read();
    expectEnvelope(body);
    expect((body.data as Body).id).toBe(id);
  });

  for (const [rule, fields, check] of POPULATION_FIELDS) {
    it(`should carry ${fields.join(", ")} with the table's type`, { rules: [rule] }, async () => {
      const { body, text } = await read();
      const populationData = body.data as Body;
      for (const field of fields) {
        expect(populationData, field).toHaveProperty(field);
        check(populationData[field], populationData);
        // An integer as JSON writes one: 138, not 138.0 (JSON.parse reads both as the same number).
        if (check === isCount)
          expect(integerLiterals(text, field), field).not.toContainEqual(expect.stringMatching(/[.eE]/));
      }
    });
  }
});

describe("envelope errors", { readOnly: true }, () => {
  it("should refuse a read of an answer that does not exist with an errors array of code and message", {
    rules: ["ENVELOPE-ERROR-OBJECT", "ENVELOPE-ERRORS-FIELD"],
  }, async () => {
    const res = await as(target, newCaller()).get("/v1/answers/5b1c2b9a-3d4e-4f50-8a61-7b8c9d0e1f24");
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const errors = (res.body as Body).errors as Array<Body>;
    expect(Array.isArray(errors)).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(typeof error.code).toBe("string");
      expect(typeof error.message).toBe("string");
    }
  });
});

describe("Simulation (POST /v1/simulations, GET /v1/simulations/{simulation_id})", () => {
  let created: Promise<{ sent: Body; body: Body }> | undefined;
  const simulation = () => {
    created ??= (async () => {
      const auth = newCaller();
      const models = await visibleUserModelIds(target, auth, 2);
      const extra = { user_model_ids: models, title: named("Fields") };
      const sim = await createResearch(target, auth, extra);
      const read = await as(target, auth).get(`/v1/simulations/${sim.id}`).expect(200);
      return { sent: extra, body: read.body as Body };
    })();
    return created;
  };
  const fields: Array<[rule: string, field: string, check: (v: unknown, sent: Body) => void]> = [
    ["SIM-FIELD-ID", "id", (v) => expect(v).toMatch(UUID)],
    ["SIM-FIELD-MODE", "mode", (v) => expect(v).toBe("research")],
    ["SIM-FIELD-GOAL", "goal", (v) => expect(v).toBe(goalFor("research").goal)],
    ["SIM-FIELD-INPUTS", "inputs", (v) => expect(v).toMatchObject(goalFor("research").inputs)],
    [
      "SIM-FIELD-USER-MODEL-IDS",
      "user_model_ids",
      (v, sent) => {
        expect(v).toEqual(sent.user_model_ids);
        for (const id of v as string[]) expect(id).toMatch(UUID);
      },
    ],
    ["SIM-FIELD-TITLE", "title", (v, sent) => expect(v).toBe(sent.title)],
    ["SIM-FIELD-PROJECT-ID", "project_id", (v) => expect(v).toBeNull()],
    ["SIM-FIELD-ROUND-ID", "round_id", (v) => expect(v).toBeNull()],
    ["SIM-FIELD-STATUS", "status", (v) => expect(["planning", "planned"]).toContain(v)],
  ];
  it("should carry a title that is a string or null when the caller gave none, before and after planning", {
    rules: ["SIM-FIELD-TITLE"],
  }, async () => {
    const auth = newCaller();
    const created = await createResearch(target, auth);
    const planned = await untilStatus(target, auth, created.id, "planned");
    for (const [when, sim] of [
      ["created", created],
      ["planned", planned],
    ] as const) {
      expect(sim, when).toHaveProperty("title");
      expect(sim.title === null || typeof sim.title === "string", `title ${when}: ${JSON.stringify(sim.title)}`).toBe(
        true,
      );
    }
  });
  it("should carry a status that is one of the spec's states at every read, from creation to completion", {
    rules: ["SIM-FIELD-STATUS"],
  }, async () => {
    // A status outside the table ("done" for completed) fails here, by this rule, not only the lifecycle rules that
    // wait for the spec's name. "failed" is allowed: why a run fails is not shown.
    const STATES = ["planning", "planned", "running", "completed", "failed"];
    const auth = newCaller();
    const created = await createResearch(target, auth);
    const seen: unknown[] = [created.status];
    let ran = false;
    await waitFor(target, `simulation ${created.id} to end`, async () => {
      const res = await as(target, auth).get(`/v1/simulations/${created.id}`);
      expect(res.status).toBe(200);
      const status: unknown = res.body.status;
      seen.push(status);
      expect(STATES, `statuses read: ${JSON.stringify(seen)}`).toContain(status);
      if (status === "planned" && !ran) {
        expect((await as(target, auth).post(`/v1/simulations/${created.id}/run`)).status).toBe(200);
        ran = true;
      }
      return status === "completed" || status === "failed" ? status : undefined;
    });
  });
  for (const [rule, field, check] of fields) {
    it(`should carry ${field} with the table's type`, { rules: [rule] }, async () => {
      const { sent, body } = await simulation();
      expect(body, field).toHaveProperty(field);
      check(body[field], sent);
    });
  }
});

describe("user models (GET /v1/user-models)", { readOnly: true }, () => {
  it("should list the user models visible to the caller, each with a uuid id and a boolean owned_by_org, public ones included", {
    rules: ["USER-MODELS-LIST", "USER-MODEL-ID", "USER-MODEL-OWNED-BY-ORG"],
  }, async () => {
    const res = await as(target, newCaller()).get("/v1/user-models").expect(200);
    const models = res.body as Body[];
    expect(Array.isArray(models)).toBe(true);
    expect(models.length).toBeGreaterThan(0);
    for (const model of models) {
      expect(model.id).toMatch(UUID);
      expect(typeof model.owned_by_org).toBe("boolean");
    }
    expect(new Set(models.map((m) => m.id)).size).toBe(models.length);
    // Public models are visible to every caller.
    expect(models.some((m) => m.owned_by_org === false)).toBe(true);
  });
});
