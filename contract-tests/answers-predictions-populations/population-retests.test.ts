/**
 * A population's averages move only when a retest finishes. docs/decisions/mock-choices.md#retest: "Retest: 200
 * envelope with the population in status `testing`; after the retest time it is `ready` with new `test_finished_at` and
 * averages recomputed from its answers"; docs/decisions/mock-choices.md#failures-come-only-from-scenarios: a failed
 * retest's averages "stay those of the last retest that finished". A retest counts the organisation's tests that exist
 * when it starts; a later one waits for the next.
 */
import { randomUUID } from "node:crypto";
import { as } from "../support/client.js";
import { describe, expect, IN_PROCESS, it, MOCK } from "../support/harness.js";
import { named, newCaller, useTarget } from "../support/target.js";

const RETEST_MS = 5000;
const target = useTarget({ retestMs: RETEST_MS });

type Population = Record<string, unknown> & { status: string; question_count: number; average_accuracy: number };

/** The fields that say what the averages rest on: they change only when a retest finishes. */
const tested = (p: Population) => ({
  question_count: p.question_count,
  average_accuracy: p.average_accuracy,
  average_squared_error: p.average_squared_error,
  average_normalised_information_loss: p.average_normalised_information_loss,
  test_finished_at: p.test_finished_at,
});

/** A caller of a new organisation and a user model of the organisation's own (no benchmark answers: averages 0). */
async function ownPopulation() {
  const org = `org-${randomUUID()}`;
  const made = await target
    .http()
    .post(`/__mock/orgs/${org}/user-models`)
    .send({ name: named("Panel"), description: "Our panel" })
    .expect(201);
  return { auth: newCaller(org), id: made.body.id as string };
}

async function addTest(auth: string, id: string, question: string, counts: { A: number; B: number }) {
  const body = {
    population_id: id,
    question,
    answer_options: ["A", "B"],
    question_type: "single-choice",
    ground_answer_counts: counts,
  };
  await as(target, auth).post("/v1/tests", body).expect(201);
}

async function read(auth: string, id: string): Promise<Population> {
  return (await as(target, auth).get(`/v1/populations/${id}`).expect(200)).body.data as Population;
}

async function retest(auth: string, id: string, scenario?: string): Promise<void> {
  const request = as(target, auth).post(`/v1/populations/${id}/retest`);
  const res = await (scenario ? request.set("x-mock-scenario", scenario) : request);
  expect(res.status).toBe(200);
  expect(res.body.data.status).toBe("testing");
}

async function advance(ms: number): Promise<void> {
  await target.http().post("/__mock/clock/advance").send({ ms }).expect(200);
}

/** Retests the population and moves the clock until the retest has ended; the population as it then reads. */
async function retested(auth: string, id: string, scenario?: string): Promise<Population> {
  await retest(auth, id, scenario);
  await advance(RETEST_MS);
  return read(auth, id);
}

describe("population averages and retests", {
  ...IN_PROCESS,
  ...MOCK,
  rules: ["MOCK-POPULATIONS", "MOCK-SCENARIOS"],
  // IN_PROCESS's own needs are replaced by this list: the retest time is this file's own, so it runs in-process only.
  needs: ["in-process", "control:org-fixtures", "control:scenarios"],
}, () => {
  it("should leave a test added after a retest out of the averages until the next retest finishes", async () => {
    const { auth, id } = await ownPopulation();
    await addTest(auth, id, "Pick one", { A: 5, B: 5 });
    const first = await retested(auth, id);
    expect(first.status).toBe("ready");
    expect(first.question_count).toBe(1);

    // Added the moment the retest finished, as a manual clock's until-idle leaves it: the retest is over.
    await addTest(auth, id, "Pick two", { A: 9, B: 1 });
    expect(tested(await read(auth, id))).toEqual(tested(first));
    await advance(60_000);
    expect(tested(await read(auth, id))).toEqual(tested(first));

    const second = await retested(auth, id);
    expect(second.status).toBe("ready");
    expect(second.question_count).toBe(2);
    expect(second.average_accuracy).not.toBe(first.average_accuracy);
  });

  it("should count only the tests that existed when the retest started", async () => {
    const { auth, id } = await ownPopulation();
    await addTest(auth, id, "Pick one", { A: 5, B: 5 });
    await retest(auth, id);
    await advance(RETEST_MS / 2);
    await addTest(auth, id, "Pick two", { A: 9, B: 1 });
    await advance(RETEST_MS / 2);
    const ready = await read(auth, id);
    expect(ready.status).toBe("ready");
    expect(ready.question_count).toBe(1);
  });

  it("retest-fails: should keep the averages and test_finished_at of the last retest that finished", async () => {
    const { auth, id } = await ownPopulation();
    await addTest(auth, id, "Pick one", { A: 5, B: 5 });
    const finished = await retested(auth, id);
    await addTest(auth, id, "Pick two", { A: 9, B: 1 });

    const failed = await retested(auth, id, "retest-fails");
    expect(failed.status).toBe("failed");
    expect(tested(failed)).toEqual(tested(finished));
    expect(failed.test_started_at).not.toBe(finished.test_started_at);

    // The test the failed retest did not count is counted by the next one that finishes.
    const ready = await retested(auth, id);
    expect(ready.status).toBe("ready");
    expect(ready.question_count).toBe(2);
  });
});

describe("retest by any string id", () => {
  it("should retest a population named by any string id (not a validation error)", {
    rules: ["RETEST-STRING-ID"],
    readOnly: true,
  }, async () => {
    // A route the target does not serve is not applicable (NotServed); one it serves answers as an envelope operation.
    const res = await as(target, newCaller()).post("/v1/populations/not-a-uuid/retest");
    expect(res.status).not.toBe(422);
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) {
      expect(Array.isArray(res.body?.errors), `a refusal of retest is an envelope with errors: ${res.text}`).toBe(true);
    }
  });
});
