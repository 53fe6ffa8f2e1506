/**
 * Plan edits that would leave a plan the mock cannot run, or one answered on anything the plan does not show
 * (docs/decisions/mock-choices.md#plan-edits; the mock's choices listed in the README's Assumptions). A research plan
 * needs at least one question, each of a known `question_type` with at least two options; a journey plan needs its
 * steps. Refusals are 400 in the words of the survey-design refusals, and the plan stays as it was.
 */
import { as } from "../support/client.js";
import { journeyBody, visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, IN_PROCESS, it, MOCK } from "../support/harness.js";
import { createResearch, runToCompletion, untilStatus } from "../support/simulations.js";
import { newCaller, type Target, useTarget } from "../support/target.js";

const target = useTarget();
/** A mock started with --max-questions 3. */
const capped = useTarget({ maxQuestions: 3 });

type Body = Record<string, unknown>;
type Question = { question_text: string; question_type: string; answer_options: string[] | null };

function editPlan(auth: string, id: string, body: Body, t: Target = target) {
  return as(t, auth).patch(`/v1/simulations/${id}/plan`, body);
}

async function planned(auth: string, t: Target = target) {
  const created = await createResearch(t, auth);
  return untilStatus(t, auth, created.id, "planned");
}

async function plannedJourney(auth: string) {
  const userModelId = await visibleUserModelId(target, auth);
  const res = await as(target, auth).post("/v1/simulations", journeyBody(userModelId));
  expect(res.status).toBe(201);
  return untilStatus(target, auth, res.body.id as string, "planned");
}

/** Sends an edit that must be refused, and checks the plan is as it was. */
async function refused(auth: string, sim: Body & { id: string }, body: Body, detail: RegExp) {
  const res = await editPlan(auth, sim.id, body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.detail).toMatch(detail);
  const after = await as(target, auth).get(`/v1/simulations/${sim.id}`).expect(200);
  expect(after.body.plan).toEqual(sim.plan);
}

describe("plan edits that leave nothing to ask", { ...MOCK, rules: ["MOCK-PLAN-EDITS"] }, () => {
  it("should refuse survey_questions [] or null on a research plan with 400, as a survey design with nothing to ask", async () => {
    const auth = newCaller();
    const sim = await planned(auth);
    for (const survey_questions of [[], null]) {
      await refused(
        auth,
        sim,
        { survey_questions },
        /^survey_questions has nothing to ask; give at least one question\.$/,
      );
    }
  });

  it("should refuse a journey task without steps, and questions on a journey or a task on a research plan", async () => {
    const auth = newCaller();
    const journey = await plannedJourney(auth);
    await refused(auth, journey, { journey_task: null }, /^journey_task has nothing to walk/);
    await refused(
      auth,
      journey,
      { journey_task: { start_url: "https://shop.example.com", steps: [] } },
      /nothing to walk/,
    );
    await refused(
      auth,
      journey,
      { survey_questions: [{ question_text: "Would you buy it?", answer_options: ["Yes", "No"] }] },
      /research simulations only/,
    );
    const research = await planned(auth);
    await refused(auth, research, { journey_task: { steps: ["Land", "Buy"] } }, /journey simulations only/);
    // The journey's own task, sent back as it is, is accepted.
    const same = await editPlan(auth, journey.id, { journey_task: (journey.plan as Body).journey_task as Body });
    expect(same.status).toBe(200);
  });
});

describe("plan edits with a question that cannot be answered", { ...MOCK, rules: ["MOCK-PLAN-EDITS"] }, () => {
  for (const [name, bad, detail] of [
    [
      "answer_options null",
      { question_text: "How often do you eat granola?", answer_options: null },
      /no answer options/,
    ],
    ["answer_options left out", { question_text: "How often do you eat granola?" }, /no answer options/],
    ["answer_options []", { question_text: "Would you buy it?", answer_options: [] }, /no answer options/],
    ["one answer option", { question_text: "Would you buy it?", answer_options: ["Yes"] }, /one answer option/],
    ["an empty option", { question_text: "Would you buy it?", answer_options: ["Yes", " "] }, /empty option/],
    ["an empty question", { question_text: "  ", answer_options: ["Yes", "No"] }, /question_text is empty/],
    [
      "an unknown question_type",
      { question_text: "Would you buy it?", question_type: "banana", answer_options: ["Yes", "No"] },
      /question_type "banana" is not a question type; use one of: single_choice, ranking, open_text\./,
    ],
  ] as const) {
    it(`should refuse a question with ${name} with 400, naming the question, and keep the plan`, async () => {
      const auth = newCaller();
      const sim = await planned(auth);
      const good = { question_text: "Would you carry it every day?", answer_options: ["No", "Not sure", "Yes"] };
      await refused(auth, sim, { survey_questions: [good, bad] }, detail);
      const res = await editPlan(auth, sim.id, { survey_questions: [good, bad] });
      expect(res.body.detail).toMatch(/^survey_questions\[1\]/);
    });
  }

  it("should run an edited plan on exactly the options it shows, for every question type", async () => {
    const auth = newCaller();
    const sim = await planned(auth);
    const questions = [
      { question_text: "Would you carry it every day?", answer_options: ["No", "Not sure", "Yes"] },
      {
        question_text: "Rank these: price, looks, capacity",
        question_type: "ranking",
        answer_options: ["Price", "Looks", "Capacity"],
      },
      {
        question_text: "Why would you not buy it?",
        question_type: "open_text",
        answer_options: ["Too expensive", "Do not drink coffee", "Another reason"],
      },
    ];
    const edited = await editPlan(auth, sim.id, { survey_questions: questions });
    expect(edited.status).toBe(200);
    const shown = (edited.body.plan as { survey_questions: Question[] }).survey_questions;
    expect(shown.map((q) => q.question_type)).toEqual(["single_choice", "ranking", "open_text"]);
    const done = await runToCompletion(target, auth, sim.id);
    const answered = (done.results as { questions: Array<Question & { overall: Record<string, number> }> }).questions;
    answered.forEach((q, i) => {
      expect(q.answer_options).toEqual(shown[i]?.answer_options);
      expect(q.question_type).toBe(shown[i]?.question_type);
      expect(Object.keys(q.overall)).toEqual(shown[i]?.answer_options);
    });
  });
});

describe("--max-questions caps what the question writer plans", {
  ...IN_PROCESS,
  rules: ["MOCK-PLAN-EDITS", "MOCK-SURVEY-DESIGN"],
}, () => {
  it("should plan at most 3 questions with --max-questions 3, and accept that plan sent back unchanged", async () => {
    const auth = newCaller();
    const sim = await planned(auth, capped);
    const plan = sim.plan as Body & { survey_questions: Question[] };
    expect(plan.survey_questions.length).toBeGreaterThanOrEqual(1);
    expect(plan.survey_questions.length).toBeLessThanOrEqual(3);
    const back = await editPlan(auth, sim.id, { ...plan }, capped);
    expect(back.status).toBe(200);
    expect(back.body.plan).toEqual(plan);
  });
});
