/**
 * Predictions and tests follow the population: a UK population answers "Which nation of the UK
 * do you live in?" mostly England, a Gen Z population gives its age inside 18-26, the answer does not change when
 * the options are listed the other way round, and a test of a population advertised at ~97% scores near that.
 */
import { as } from "../support/client.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();
const UK_ADULTS = "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11";
const US_GEN_Z = "5b9e0c3d-7f1a-4b2c-8d3e-4f5a6b7c8d94";

type Distribution = Record<string, number>;

async function predict(auth: string, population_id: string, question: string, answer_options: string[]) {
  const body = { population_id, question, answer_options, question_type: "single-choice" };
  return (await as(target, auth).post("/v1/predictions", body).expect(201)).body.data
    .predicted_answer_percentages as Distribution;
}

describe("predictions follow the population", { ...MOCK, rules: ["MOCK-PREDICTIONS"] }, () => {
  it("should answer questions about who people are from the population's country and ages", async () => {
    const auth = newCaller();
    const nation = await predict(auth, UK_ADULTS, "Which nation of the UK do you live in?", [
      "England",
      "Scotland",
      "Wales",
      "Northern Ireland",
    ]);
    expect(nation.England).toBeGreaterThan(0.75);
    const age = await predict(auth, US_GEN_Z, "How old are you?", ["18 to 21", "22 to 26", "27 to 40", "41 or older"]);
    expect((age["27 to 40"] ?? 0) + (age["41 or older"] ?? 0)).toBeLessThan(0.05);
  });

  it("should give the same answer whatever the options' order", async () => {
    const auth = newCaller();
    const question = "Have you bought a houseplant in the last year?";
    const forward = await predict(auth, UK_ADULTS, question, ["Yes", "No", "Not sure"]);
    const backward = await predict(auth, UK_ADULTS, question, ["Not sure", "No", "Yes"]);
    for (const option of ["Yes", "No", "Not sure"]) {
      expect(Math.abs((forward[option] ?? 0) - (backward[option] ?? 0))).toBeLessThan(2e-4);
    }
  });

  it("should score a test near the accuracy the population advertises", async () => {
    const auth = newCaller();
    const population = (await as(target, auth).get(`/v1/populations/${UK_ADULTS}`).expect(200)).body.data;
    const body = {
      population_id: UK_ADULTS,
      question: "Do you have a pet?",
      answer_options: ["Yes, a dog", "Yes, a cat", "Yes, another pet", "No"],
      question_type: "single-choice",
      ground_answer_counts: { "Yes, a dog": 290, "Yes, a cat": 240, "Yes, another pet": 90, No: 380 },
    };
    const answer = (await as(target, auth).post("/v1/tests", body).expect(201)).body.data;
    expect(Math.abs(answer.accuracy - population.average_accuracy)).toBeLessThan(0.05);
  });
});
