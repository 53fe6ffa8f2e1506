/**
 * Edges of the question writer and the reports: inputs that clash
 * with the options the writer adds, caps, keys that read as numbers. These are the mock's own content choices
 * (docs/decisions/mock-choices.md#generated-content and the README's "Questions and their options"), so the file runs only against the
 * mock.
 */
import { as } from "../support/client.js";
import { visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, IN_PROCESS, it, MOCK } from "../support/harness.js";
import { runToCompletion, untilStatus } from "../support/simulations.js";
import { newCaller, type Target, useTarget } from "../support/target.js";

const target = useTarget();
/** A mock started with --max-questions 3 (in-process only). */
const capped = useTarget({ maxQuestions: 3 });
/** The mock's generated content (docs/decisions/mock-choices.md#generated-content, README "Questions and their options"). */
const CONTENT = { ...MOCK, rules: ["MOCK-CONTENT"] };

type Body = Record<string, unknown>;
interface Question {
  variable_name: string;
  question_text: string;
  question_type: string;
  answer_options: string[];
  overall: Record<string, number>;
}
interface Simulation {
  id: string;
  plan: { survey_questions: Question[] | null; journey_task: Body | null; hypothesis_text: string };
  results: { questions: Question[] } & Body;
  markdown: string;
}

async function simulate(auth: string, body: Body, t: Target = target): Promise<Simulation> {
  const res = await as(t, auth).post("/v1/simulations", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return runToCompletion<Simulation>(t, auth, res.body.id as string);
}

const sum = (d: Record<string, number>) => Object.values(d).reduce((a, b) => a + b, 0);

describe("inputs that clash with the options the writer adds", CONTENT, () => {
  const cases: Array<[string, Body]> = [
    ["message_test", { messages: ["Fresh every week", "None of these"] }],
    ["feature_prioritisation", { features: ["Bank sync", "None of these"] }],
    ["brand_perception", { brand: "Alpha", competitors: ["None of these", "Beta"] }],
  ];
  for (const [goal, inputs] of cases) {
    it(`${goal} with an item called 'None of these': options stay distinct, distributions sum to 1, the plan can be sent back`, async () => {
      const auth = newCaller();
      const userModelId = await visibleUserModelId(target, auth);
      const created = await as(target, auth).post("/v1/simulations", {
        mode: "research",
        goal,
        inputs,
        user_model_ids: [userModelId],
      });
      expect(created.status).toBe(201);
      const planned = await untilStatus<Simulation>(target, auth, created.body.id as string, "planned");
      const questions = planned.plan.survey_questions ?? [];
      for (const q of questions) expect(new Set(q.answer_options).size, q.question_text).toBe(q.answer_options.length);
      const back = await as(target, auth).patch(`/v1/simulations/${planned.id}/plan`, {
        survey_questions: questions,
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      const sim = await runToCompletion<Simulation>(target, auth, planned.id);
      for (const q of sim.results.questions) expect(sum(q.overall), q.question_text).toBeCloseTo(1, 9);
    });
  }
});

describe("the order of a distribution's keys", CONTENT, () => {
  it("should list every count question's `overall` in the order of its options, as sent (keys are read from the raw JSON)", async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(target, auth);
    const questions = ["How many streaming services do you pay for?", "How many children under 16 live with you?"];
    const sim = await simulate(auth, {
      mode: "research",
      goal: "custom_survey",
      user_model_ids: [userModelId],
      survey_design: { custom_questions: questions.map((question_text) => ({ question_text })) },
    });
    const raw = (await as(target, auth).get(`/v1/simulations/${sim.id}`).expect(200)).text;
    // JSON.parse would put keys that read as whole numbers first, so the keys are read off the text itself.
    const overalls = [...raw.matchAll(/"overall":\{([^}]*)\}/g)].map((m) =>
      [...(m[1] as string).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((k) => JSON.parse(`"${k[1]}"`) as string),
    );
    expect(overalls).toHaveLength(questions.length);
    for (const [i, q] of sim.results.questions.entries())
      expect(overalls[i], q.question_text).toEqual(q.answer_options);
  });
});

describe("plan edits the question writer would never make", { ...MOCK, rules: ["MOCK-PLAN-EDITS"] }, () => {
  async function plannedCustom(auth: string) {
    const userModelId = await visibleUserModelId(target, auth);
    const res = await as(target, auth).post("/v1/simulations", {
      mode: "research",
      goal: "custom_survey",
      user_model_ids: [userModelId],
      survey_design: { custom_questions: [{ question_text: "How often do you eat granola?" }] },
    });
    expect(res.status).toBe(201);
    return untilStatus<Simulation>(target, auth, res.body.id as string, "planned");
  }

  async function refused(auth: string, sim: Simulation, survey_questions: Body[], detail: RegExp) {
    const res = await as(target, auth).patch(`/v1/simulations/${sim.id}/plan`, { survey_questions });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.detail).toMatch(detail);
    const after = await as(target, auth).get(`/v1/simulations/${sim.id}`).expect(200);
    expect(after.body.plan).toEqual(sim.plan);
  }

  it("should refuse more than 20 options, options that differ only by spaces or case, and a repeated variable_name", async () => {
    const auth = newCaller();
    const sim = await plannedCustom(auth);
    const many = Array.from({ length: 500 }, (_v, i) => String(i));
    await refused(
      auth,
      sim,
      [{ question_text: "Pick a number", answer_options: many }],
      /^survey_questions\[0\]\.answer_options has 500 options; the most is 20\.$/,
    );
    await refused(
      auth,
      sim,
      [{ question_text: "Q?", answer_options: ["a", "a "] }],
      /^survey_questions\[0\]\.answer_options repeats the option "a "/,
    );
    await refused(
      auth,
      sim,
      [{ question_text: "Q?", answer_options: ["Yes", "yes", "No"] }],
      /repeats the option "yes"/,
    );
    await refused(
      auth,
      sim,
      [
        { question_text: "One?", answer_options: ["a", "b"], variable_name: "v" },
        { question_text: "Two?", answer_options: ["a", "b"], variable_name: "v" },
      ],
      /^survey_questions\[1\]\.variable_name "v" repeats/,
    );
    // Twenty options, distinct names: accepted.
    const twenty = Array.from({ length: 20 }, (_v, i) => `Option ${i + 1}`);
    const ok = await as(target, auth).patch(`/v1/simulations/${sim.id}/plan`, {
      survey_questions: [{ question_text: "Which one?", answer_options: twenty, variable_name: "v" }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("should refuse a survey design's custom options that differ only by spaces or case", async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(target, auth);
    const res = await as(target, auth).post("/v1/simulations", {
      mode: "research",
      goal: "custom_survey",
      user_model_ids: [userModelId],
      survey_design: { custom_questions: [{ question_text: "Q?", answer_options: ["a", " A"] }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.detail).toMatch(/repeats the option " A"/);
  });
});

describe("verdicts on pricing hypotheses and close calls", { ...CONTENT, needs: ["demo-caller"] }, () => {
  it("should never call a price outside the Van Westendorp range acceptable, nor settle a claim within the margin of error", async () => {
    // The demo world's reports, read as its caller (no authorization).
    await target.http().get("/v1/context").expect(200);
    const list = await target.http().get("/v1/simulations").query({ limit: 100 }).expect(200);
    const reports = (list.body as Array<{ status: string; markdown: string | null }>)
      .filter((s) => s.status === "completed" && s.markdown)
      .map((s) => s.markdown as string);
    expect(reports.some((m) => /acceptable range \(/.test(m))).toBe(true);
    for (const markdown of reports) {
      const claims = markdown.split("\n").filter((line) => /^- \*.+\*: (?:supported|refuted|inconclusive);/.test(line));
      for (const claim of claims) {
        if (/a close call/.test(claim) && !/acceptable range/.test(claim)) expect(claim).toMatch(/: inconclusive;/);
        if (/more than half[^;]*; but it lies (?:above|below) the acceptable range/.test(claim))
          expect(claim).toMatch(/: inconclusive;/);
      }
      if (/but it lies (?:above|below) the acceptable range/.test(markdown))
        expect(markdown).not.toMatch(/The hypothesis holds in simulation/);
    }
  });
});

describe("--max-questions keeps what the goal needs most", { ...IN_PROCESS, rules: ["MOCK-CONTENT"] }, () => {
  it("should keep the side-by-side choice over all 8 messages of a message test under a cap of 3", async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(capped, auth);
    const messages = ["m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"];
    const sim = await simulate(
      auth,
      { mode: "research", goal: "message_test", inputs: { messages }, user_model_ids: [userModelId] },
      capped,
    );
    const questions = sim.plan.survey_questions ?? [];
    expect(questions.length).toBeLessThanOrEqual(3);
    const sideBySide = questions.find((q) => messages.every((m) => q.answer_options.includes(m)));
    expect(sideBySide?.question_text).toMatch(/^Which of these messages/);
  });

  it("should not ask part of the Van Westendorp ladder when all four questions do not fit", async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(capped, auth);
    const sim = await simulate(
      auth,
      {
        mode: "research",
        goal: "pricing",
        inputs: { product: "Granola box", price_points: [5, 8, 12, 15] },
        user_model_ids: [userModelId],
      },
      capped,
    );
    const texts = (sim.plan.survey_questions ?? []).map((q) => q.question_text);
    expect(texts.length).toBeLessThanOrEqual(3);
    expect(texts.filter((t) => /too cheap|bargain|feel expensive|too expensive/.test(t))).toEqual([]);
    expect(sim.markdown).not.toMatch(/None of these prices" leads/);
    expect(sim.markdown).toMatch(/\*\*(?:Supported|Refuted|Inconclusive)\.\*\*/);
  });
});

describe("journey drop-off wording", CONTENT, () => {
  it("should say a conversion funnel's drop-off is where sessions gave up, in the hypothesis, the method and the summary alike", async () => {
    const auth = newCaller();
    const userModelId = await visibleUserModelId(target, auth);
    const sim = await simulate(auth, {
      mode: "journey",
      goal: "conversion_funnel",
      inputs: { start_url: "https://shop.example.com", goal_event: "completes checkout" },
      user_model_ids: [userModelId],
    });
    expect(sim.markdown).not.toMatch(/lost before/);
    expect(sim.markdown).toMatch(/"Dropped" counts the sessions that gave up at a step/);
    // A bounce is the landing page's loss: no step before it to name.
    expect(sim.markdown).toMatch(/Most sessions were lost at "[^"]+" \(\d+ of \d+ gave up there(?:, after "[^"]+")?\)/);
  });
});

describe("a first impression is a glance at one page", CONTENT, () => {
  it("should report friction a glance can show (no forms, menus or checkout) and no drop-off language", async () => {
    const auth = newCaller();
    const list = await as(target, auth).get("/v1/user-models").expect(200);
    const ids = (list.body as Array<{ id: string }>).slice(0, 3).map((m) => m.id);
    const sim = await simulate(auth, {
      mode: "journey",
      goal: "first_impression",
      inputs: {
        start_url: "https://kontor.example.de",
        questions: ["What is this site for?", "Would you trust it with your bank details?"],
      },
      user_model_ids: ids,
    });
    const results = sim.results as unknown as { by_user_model: Array<{ friction_points: Array<{ issue: string }> }> };
    const issues = results.by_user_model.flatMap((m) => m.friction_points.map((f) => f.issue));
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues)
      expect(issue).not.toMatch(/form|field|error message|password|keyboard|menu|checkout|basket|button .* hovered/i);
    expect(sim.markdown).not.toMatch(/\bfell at\b|\bdrop-off\b/i);
  });
});
