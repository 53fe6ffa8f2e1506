/**
 * A reader's check of the generated content (docs/decisions/mock-choices.md#generated-content: plans, results and reports; the README's
 * "Generated content"): for every goal the mock serves, one simulation is planned, run and reported, and the report
 * is read as a researcher would. Options fit what each question asks; the headline names the best-scoring item; the
 * Van Westendorp points are ordered and inside the prices asked; a refuted hypothesis is called refuted; quoted
 * participants are of their user model's ages; desktop journeys report no phone problems; every percentage printed is
 * one the results give. These are the mock's own content choices, so the file runs only against the mock.
 */
import { QUESTION_TABLE } from "../../src/content/__fixtures__/question-table.js";
import { as } from "../support/client.js";
import { describe, expect, IN_PROCESS, it } from "../support/harness.js";
import { runToCompletion, untilStatus } from "../support/simulations.js";
import { useTarget } from "../support/target.js";

// Room for the whole table of hand-written questions in one survey design.
const target = useTarget({ maxQuestions: 80 });

type Distribution = Record<string, number>;
interface Question {
  question_text: string;
  question_type: string;
  answer_options: string[];
  overall: Distribution;
  by_user_model: Record<string, Distribution>;
}
interface Research {
  respondents: number;
  questions: Question[];
}
interface ModelJourney {
  user_model_id: string;
  sessions: number;
  task_success_rate: number;
  median_time_on_task_seconds: number;
  drop_off_by_step: Array<{ step: string; reached: number; dropped: number }>;
  friction_points: Array<{ step: string; issue: string; quote: string; participant: string }>;
  impressions?: {
    median_attention_seconds: number;
    understood_as: Array<{ answer: string; correct: boolean; share: number }>;
    next_click: Array<{ target: string; intended: boolean; share: number }>;
  };
}
interface Journey {
  sessions: number;
  by_user_model: ModelJourney[];
}
interface Model {
  id: string;
  name: string;
  metadata: { age_range?: string };
}
type Simulation = { id: string; markdown: string; synthesis: string; results: unknown; plan: Record<string, unknown> };

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** The favourable end of an ordered scale as the questions here are written: the last two options. */
const topTwo = (q: Question) =>
  (q.overall[q.answer_options.at(-1) as string] ?? 0) + (q.overall[q.answer_options.at(-2) as string] ?? 0);

/** The first bullet of the summary: the finding the report leads with. */
function headline(markdown: string): string {
  const summary = markdown.slice(markdown.indexOf("## Summary"));
  // A message test's summary opens with the messages it names by letter ("- Message A: \"…\""): not its finding.
  return summary.split("\n").find((line) => line.startsWith("- ") && !/^- Message [A-Z]: "/.test(line)) ?? "";
}

/**
 * A caller of its own for each check, named rather than random: ids follow each caller's own stream, so every run reads
 * the same reports (the unit tests of findings.ts vary the simulations instead).
 */
const reader = (check: string) => `Bearer reader@readers-check-${check}`;

async function models(auth: string): Promise<Model[]> {
  const res = await as(target, auth).get("/v1/user-models");
  expect(res.status).toBe(200);
  return res.body as Model[];
}

const named = (list: Model[], part: string) => {
  const found = list.find((m) => m.name.includes(part));
  if (!found) throw new Error(`no user model named like ${part}`);
  return found;
};

async function simulate(auth: string, body: Record<string, unknown>, hypothesis?: string): Promise<Simulation> {
  const res = await as(target, auth).post("/v1/simulations", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  if (hypothesis) {
    await untilStatus(target, auth, id, "planned");
    const edited = await as(target, auth).patch(`/v1/simulations/${id}/plan`, { hypothesis_text: hypothesis });
    expect(edited.status).toBe(200);
  }
  return runToCompletion<Simulation>(target, auth, id);
}

// --- Every percentage a report prints is one its results give -----------------------------------------------------

/** Sums of every run of neighbouring options of a distribution (single shares, top and bottom boxes, price curves). */
function runs(options: string[], distribution: Distribution): number[] {
  const out: number[] = [];
  for (let i = 0; i < options.length; i++) {
    let sum = 0;
    for (let j = i; j < options.length; j++) {
      sum += distribution[options[j] as string] ?? 0;
      out.push(sum);
    }
  }
  return out;
}

/** What a research report may print: runs of each distribution, and what is left once two runs are taken from 1. */
function researchFractions(results: Research): number[] {
  const fractions = results.questions.flatMap((q) =>
    [q.overall, ...Object.values(q.by_user_model)].flatMap((d) => runs(q.answer_options, d)),
  );
  const prices = results.questions
    .filter((q) => /price/i.test(q.question_text))
    .flatMap((q) => runs(q.answer_options, q.overall));
  return [...fractions, ...prices.flatMap((a) => prices.map((b) => 1 - a - b))];
}

/** The questions' own words and option labels, which may hold a "%" of their own. */
const wordsOf = (results: Research) =>
  results.questions.flatMap((q) => [q.question_text, ...q.answer_options]).filter((words) => words.includes("%"));

/** Journeys count whole sessions: a printed share is some number of a model's sessions, or of all of them. */
function journeyFractions(results: Journey): number[] {
  const totals = [results.sessions, ...results.by_user_model.map((m) => m.sessions)];
  return totals.flatMap((n) => Array.from({ length: n + 1 }, (_v, k) => k / n));
}

function expectPercentagesFrom(
  markdown: string,
  hypothesis: string | null,
  fractions: number[],
  labels: readonly string[] = [],
) {
  // The hypothesis is the plan's own words (its thresholds are not results): its quote and claims are left out; so
  // are the questions' own words and option labels ("10% to 25% more").
  const text = [...labels]
    .sort((a, b) => b.length - a.length)
    .reduce((t, label) => t.replaceAll(label, ""), markdown)
    .split("\n")
    .filter((line) => !line.startsWith("> "))
    .map((line) => line.replace(/^- \*.*?\*: /, "- "))
    .join("\n")
    .replaceAll(hypothesis ?? "\u0000", "")
    .replace(/"([^"\n]+)"|\*([^*\n]+)\*/g, (quote, inner?: string, claim?: string) =>
      hypothesis?.includes(inner ?? claim ?? "\u0000") ? "" : quote,
    );
  for (const match of text.matchAll(/(\d+(?:\.\d+)?)%/g)) {
    const printed = Number(match[1]);
    expect(
      fractions.some((f) => Math.abs(f * 100 - printed) <= 0.05 + 1e-9),
      `${match[0]} in: ${text.slice(Math.max(0, (match.index ?? 0) - 80), (match.index ?? 0) + 20)}`,
    ).toBe(true);
  }
}

// --- Van Westendorp, worked out here from the answers ----------------------------------------------------------------

function amount(label: string): number | null {
  const m = /[£$€]\s?(\d+(?:\.\d+)?)/.exec(label);
  return m ? Number(m[1]) : null;
}

function vanWestendorp(results: Research) {
  const find = (pattern: RegExp) => results.questions.find((q) => pattern.test(q.question_text)) as Question;
  const tooCheap = find(/so cheap|too cheap/i);
  const cheap = find(/bargain/i);
  const expensive = find(/start to feel expensive|getting expensive/i);
  const tooExpensive = find(/too expensive/i);
  const prices = tooCheap.answer_options
    .map(amount)
    .filter((p): p is number => p !== null)
    .sort((a, b) => a - b);
  const at = (q: Question, p: number, above: boolean) =>
    q.answer_options.reduce((sum, o) => {
      const price = amount(o);
      return price !== null && (above ? price >= p : price <= p) ? sum + (q.overall[o] ?? 0) : sum;
    }, 0);
  const cross = (down: Question, up: Question) => {
    for (let i = 0; i + 1 < prices.length; i++) {
      const [a, b] = [prices[i] as number, prices[i + 1] as number];
      const ga = at(down, a, true) - at(up, a, false);
      const gb = at(down, b, true) - at(up, b, false);
      if (ga >= 0 && gb <= 0) return ga === gb ? a : a + ((b - a) * ga) / (ga - gb);
    }
    return at(down, prices[0] as number, true) < at(up, prices[0] as number, false)
      ? (prices[0] as number)
      : (prices.at(-1) as number);
  };
  return {
    prices,
    pmc: cross(tooCheap, expensive),
    opp: cross(tooCheap, tooExpensive),
    ipp: cross(cheap, expensive),
    pme: cross(cheap, tooExpensive),
  };
}

// --- The checks, goal by goal -----------------------------------------------------------------------------------------

const MESSAGES = [
  "Dinner, decided. Only on the weeks you want.",
  "No subscription guilt: order the weeks that suit you.",
  "All the recipes, none of the commitment.",
  "Skip the weekly box. Keep the easy dinners.",
];
const FEATURES = ["A weekly price cap", "Pantry mode", "Swap a recipe until the day before", "Leftovers for lunch"];

describe("a reader's check of every goal's report", { ...IN_PROCESS, rules: ["MOCK-CONTENT"] }, () => {
  it("should serve exactly the goals this check reads", async () => {
    const auth = reader("goals");
    for (const [mode, goals] of [
      [
        "research",
        ["concept_test", "message_test", "pricing", "feature_prioritisation", "brand_perception", "custom_survey"],
      ],
      ["journey", ["usability_test", "conversion_funnel", "first_impression"]],
    ] as const) {
      const res = await as(target, auth).get(`/v1/simulation-schema?mode=${mode}`);
      expect(res.status).toBe(200);
      expect((res.body as Array<{ id: string }>).map((g) => g.id).sort()).toEqual([...goals].sort());
    }
  });

  it("concept_test: leads with appeal and the concept's strongest point, and calls a refuted hypothesis refuted", async () => {
    const auth = reader("concept");
    const [uk] = [named(await models(auth), "UK adults")];
    const sim = await simulate(
      auth,
      {
        mode: "research",
        goal: "concept_test",
        inputs: {
          concept: "Weeknight Flex: order a meal kit only in the weeks you want, with no subscription.",
          product_name: "Weeknight Flex",
          price_point: "£5.49 a portion",
        },
        user_model_ids: [uk.id],
      },
      "At least 99% of respondents rate Weeknight Flex quite or very appealing.",
    );
    const results = sim.results as Research;
    const appeal = results.questions.find((q) => /appealing/i.test(q.question_text)) as Question;
    const lead = headline(sim.markdown);
    expect(lead).toContain(`Weeknight Flex appeals to ${percent(topTwo(appeal))}`);
    // Its strongest point, when the numbers single one out, is the best-scoring of the other measures; when three or
    // more are level at the top, its weakest are named instead.
    const others = results.questions.filter(
      (q) => q !== appeal && !/\bbuy\b/i.test(q.question_text) && q.question_type === "single_choice",
    );
    const best = Math.max(...others.map(topTwo));
    if (others.length >= 2) expect(lead).toMatch(/strongest points? (?:is|are)|weakest/);
    if (/strongest point is/.test(lead))
      expect(lead).toMatch(new RegExp(`strongest point is [^(]+\\(${percent(best).replace(".", "\\.")}\\)`));
    expect(sim.markdown).toContain("**Refuted.**");
    expect(sim.synthesis).toContain("Hypothesis refuted");
    expect(sim.markdown).toMatch(
      /- \*At least 99% of respondents rate Weeknight Flex quite or very appealing\*: refuted;/,
    );
    expectPercentagesFrom(
      sim.markdown,
      "At least 99% of respondents rate Weeknight Flex quite or very appealing.",
      researchFractions(results),
    );
  });

  it("message_test: names the message with the best persuasion score as the strongest", async () => {
    const auth = reader("message");
    const uk = named(await models(auth), "UK adults");
    const sim = await simulate(auth, {
      mode: "research",
      goal: "message_test",
      inputs: { messages: MESSAGES, audience: "people who cancelled a meal kit" },
      user_model_ids: [uk.id],
    });
    const results = sim.results as Research;
    const persuasion = (m: string) =>
      topTwo(
        results.questions.find(
          (q) => q.question_text.includes(`"${m}"`) && /find out more/i.test(q.question_text),
        ) as Question,
      );
    const chosen = results.questions.find((q) =>
      /^Which of these messages would most/i.test(q.question_text),
    ) as Question;
    const scored = MESSAGES.map((m) => ({ m, score: persuasion(m), picked: chosen.overall[m] ?? 0 }));
    const top = percent(Math.max(...scored.map((s) => s.score)));
    // Level on the printed figure is a tie, broken by the side-by-side choice.
    const best = scored.filter((s) => percent(s.score) === top).sort((a, b) => b.picked - a.picked)[0];
    // More than two messages are named by letter once each is quoted.
    const label = `Message ${String.fromCharCode(65 + MESSAGES.indexOf(best?.m ?? ""))}`;
    expect(sim.markdown).toContain(`- ${label}: "${best?.m}"`);
    expect(headline(sim.markdown)).toMatch(new RegExp(`^- ${label} is the strongest message`));
    expectPercentagesFrom(
      sim.markdown,
      sim.plan.hypothesis_text as string,
      researchFractions(results),
      wordsOf(results),
    );
  });

  it("pricing: puts the Van Westendorp points in order inside the prices asked and leads with the acceptable range", async () => {
    const auth = reader("pricing");
    const shoppers = named(await models(auth), "grocery");
    const sim = await simulate(auth, {
      mode: "research",
      goal: "pricing",
      inputs: { product: "Weeknight Flex", currency: "GBP", price_points: [4.49, 4.99, 5.49, 5.99, 6.49] },
      user_model_ids: [shoppers.id],
    });
    const results = sim.results as Research;
    const vw = vanWestendorp(results);
    const [low, high] = [vw.prices[0] as number, vw.prices.at(-1) as number];
    for (const point of [vw.pmc, vw.opp, vw.ipp, vw.pme]) {
      expect(point).toBeGreaterThanOrEqual(low);
      expect(point).toBeLessThanOrEqual(high);
    }
    expect(vw.pmc).toBeLessThanOrEqual(Math.min(vw.opp, vw.ipp) + 1e-9);
    expect(Math.max(vw.opp, vw.ipp)).toBeLessThanOrEqual(vw.pme + 1e-9);
    // Both ends as the report prints them, to the ladder's own precision (10p on a ladder in steps of 50p); an end at
    // the last price asked says so.
    const printed = (p: number) => (Math.round(p * 10) / 10).toFixed(2).replace(".", "\\.");
    expect(headline(sim.markdown)).toMatch(
      new RegExp(
        `acceptable price range is £${printed(vw.pmc)}(?: or below \\(the lowest price asked\\))? to £${printed(vw.pme)}`,
      ),
    );
    expect(sim.markdown).toContain("## Price sensitivity (Van Westendorp)");
    expectPercentagesFrom(
      sim.markdown,
      sim.plan.hypothesis_text as string,
      researchFractions(results),
      wordsOf(results),
    );
  });

  it("feature_prioritisation: names the feature people keep when they can have only one", async () => {
    const auth = reader("feature");
    const uk = named(await models(auth), "UK adults");
    const sim = await simulate(auth, {
      mode: "research",
      goal: "feature_prioritisation",
      inputs: { product: "Weeknight", features: FEATURES },
      user_model_ids: [uk.id],
    });
    const results = sim.results as Research;
    const onlyOne = results.questions.find((q) => /only one/i.test(q.question_text)) as Question;
    const best = FEATURES.reduce((a, b) => ((onlyOne.overall[b] ?? 0) > (onlyOne.overall[a] ?? 0) ? b : a));
    expect(headline(sim.markdown)).toMatch(new RegExp(`^- "${best}" is the top feature`));
    expect(sim.markdown).not.toMatch(/the importance [a-z]+ [a-z]+ question/);
    expectPercentagesFrom(
      sim.markdown,
      sim.plan.hypothesis_text as string,
      researchFractions(results),
      wordsOf(results),
    );
  });

  it("brand_perception: names the brand picked first most often, and calls a supported hypothesis supported", async () => {
    const auth = reader("brand");
    const germans = named(await models(auth), "German small-business");
    // Kontor is little known: few know it well enough to consider it, so the claim is about first choice against a leader.
    const hypothesis = "Kontor is new, so fewer people would pick it first than sevDesk.";
    const sim = await simulate(
      auth,
      {
        mode: "research",
        goal: "brand_perception",
        inputs: { brand: "Kontor", competitors: ["Lexware Office", "sevDesk", "FastBill"] },
        user_model_ids: [germans.id],
      },
      hypothesis,
    );
    const results = sim.results as Research;
    const first = results.questions.find((q) => /pick first/i.test(q.question_text)) as Question;
    const brands = ["Kontor", "Lexware Office", "sevDesk", "FastBill"];
    const order = [...brands].sort((a, b) => (first.overall[b] ?? 0) - (first.overall[a] ?? 0));
    const [a, b] = [first.overall[order[0] as string] ?? 0, first.overall[order[1] as string] ?? 0];
    // A leader only beyond the 95% margin of error of the gap between two answers to one question.
    const margin = 1.96 * Math.sqrt((a + b - (a - b) ** 2) / results.respondents);
    if (a - b > margin + 0.002)
      expect(headline(sim.markdown)).toMatch(new RegExp(`^- ${order[0]} is picked first most often`));
    else if (a - b < margin - 0.002)
      expect(headline(sim.markdown)).toMatch(/^- No brand clearly leads on first choice/);
    expect(sim.markdown).toContain("**Supported.**");
    expectPercentagesFrom(sim.markdown, hypothesis, researchFractions(results), wordsOf(results));
  });

  it(`custom_survey: gives each of ${QUESTION_TABLE.length} hand-written questions options that fit what it asks, and answers exactly those`, async () => {
    const auth = reader("custom");
    const list = await models(auth);
    const genZ = named(list, "Gen Z");
    const uk = named(list, "UK adults");
    const sim = await simulate(auth, {
      mode: "research",
      goal: "custom_survey",
      inputs: { objective: "understand how people shop for breakfast" },
      user_model_ids: [genZ.id, uk.id],
      survey_design: { custom_questions: QUESTION_TABLE.map(([question_text]) => ({ question_text })) },
    });
    const plan = sim.plan.survey_questions as Array<{
      question_text: string;
      question_type: string;
      answer_options: string[];
    }>;
    const results = sim.results as Research;
    expect(plan).toHaveLength(QUESTION_TABLE.length);
    QUESTION_TABLE.forEach(([text, kind], i) => {
      const q = plan[i] as (typeof plan)[number];
      const options = q.answer_options;
      expect(q.question_text).toBe(text);
      const expected: Record<string, (o: string[]) => boolean> = {
        frequency: (o) => o[0] === "Never" && o.at(-1) === "Every day",
        agreement: (o) => o[0] === "Strongly disagree" && o.at(-1) === "Strongly agree",
        likelihood: (o) => o[0] === "Very unlikely" && o.at(-1) === "Very likely",
        satisfaction: (o) => o[0] === "Very dissatisfied" && o.at(-1) === "Very satisfied",
        appeal: (o) => o[0] === "Not at all appealing" && o.at(-1) === "Very appealing",
        importance: (o) => o[0] === "Not at all important" && o.at(-1) === "Essential",
        clarity: (o) => o[0] === "Very unclear" && o.at(-1) === "Very clear",
        value: (o) => o[0] === "Very poor value" && o.at(-1) === "Excellent value",
        trust: (o) => o[0] === "Do not trust at all" && o.at(-1) === "Trust completely",
        ease: (o) => o[0] === "Very difficult" && o.at(-1) === "Very easy",
        rating: (o) => o[0] === "Very poor" && o.at(-1) === "Excellent",
        // A fact is Yes or No; a hypothetical ("Would you pay extra…?") leaves room for "Not sure".
        yes_no: (o) =>
          /^would\b/i.test(text)
            ? o.join("/") === "No/Not sure/Yes"
            : o[0] === "Yes" && o[1] === "No" && o.length === 3,
        // Asked in its three bands: a design's supplied options have 3 to 6 labels (docs/decisions/mock-choices.md#survey-design).
        nps: (o) => o.join(",") === "0 to 6,7 or 8,9 or 10",
        duration: (o) => /^(?:less than|in the last|under)\b/i.test(o[0] as string) && !o.includes("18 to 24"),
        fact: (o) => o.length >= 4 && !o.some((x) => /appealing|agree|\bpoor\b|excellent|price or value/i.test(x)),
        age_band: (o) => o[0] === "18 to 24" && o.at(-1) === "65 or older",
        gender: (o) => o.includes("Woman") && o.includes("Man"),
        count: (o) =>
          /^(?:0|1|None|Under \d+ hours|Less than 1 hour)$/.test(o[0] as string) && /or more$/.test(o.at(-1) as string),
        money_band: (o) => o.filter((x) => /[£$€]\d/.test(x)).length >= 4,
        choice: (o) => o.length >= 3 && !o.some((x) => /appealing|agree/i.test(x)),
        ranking: (o) => o.length >= 3 && q.question_type === "ranking",
        open_text: (o) => o.length >= 3 && q.question_type === "open_text",
      };
      expect(expected[kind]?.(options), `${text}: ${options.join(" / ")}`).toBe(true);
      // Supplied for a design's custom question: 3 to 6 labels (docs/decisions/mock-choices.md#survey-design).
      expect(options.length, text).toBeGreaterThanOrEqual(3);
      expect(options.length, text).toBeLessThanOrEqual(6);
      expect(results.questions[i]?.answer_options).toEqual(options);
      // (Keys that read as numbers, such as "1", come first in any JSON object, so the keys are compared as a set.)
      expect(Object.keys(results.questions[i]?.overall ?? {}).sort()).toEqual([...options].sort());
    });
    // "What is your age?" is answered from each user model's own age range: US Gen Z (18-26) in the two youngest bands.
    const age = results.questions.find((q) => q.question_text === "What is your age?") as Question;
    const young = age.by_user_model[genZ.id] ?? {};
    expect((young["18 to 24"] ?? 0) + (young["25 to 34"] ?? 0)).toBeCloseTo(1, 9);
    // "Which country do you live in?" is answered from where each user model lives.
    const country = results.questions.find((q) => q.question_text === "Which country do you live in?") as Question;
    expect(country.by_user_model[uk.id]?.["United Kingdom"] ?? 0).toBeGreaterThan(0.9);
    // The report never calls a question about who people are (age, household, income, education) its finding.
    expect(headline(sim.markdown)).not.toMatch(/age|household|income|live with|education|hear about|country/i);
    expectPercentagesFrom(
      sim.markdown,
      sim.plan.hypothesis_text as string,
      researchFractions(results),
      wordsOf(results),
    );
  });

  for (const device of ["desktop", "mobile"]) {
    it(`usability_test and conversion_funnel on ${device}: friction fits the device, quoted people are of their model's ages`, async () => {
      const auth = reader(`journey-${device}`);
      const list = await models(auth);
      const chosen = [named(list, "Gen Z"), named(list, "German small-business"), named(list, "UK adults")];
      const ranges = new Map(
        chosen.map((m) => {
          const [low, high] = (m.metadata.age_range ?? "18+").split(/[-+]/).map(Number) as [number, number];
          return [m.id, [low, Number.isNaN(high) || high === 0 ? 85 : high] as const];
        }),
      );
      for (const [goal, inputs] of [
        [
          "usability_test",
          { start_url: "https://shop.example.com", task: "Buy a gift card and send it to a friend", device },
        ],
        ["conversion_funnel", { start_url: "https://shop.example.com", goal_event: "completes checkout", device }],
      ] as const) {
        const sim = await simulate(auth, { mode: "journey", goal, inputs, user_model_ids: chosen.map((m) => m.id) });
        const results = sim.results as Journey;
        for (const model of results.by_user_model) {
          const [low, high] = ranges.get(model.user_model_id) as readonly [number, number];
          for (const point of model.friction_points) {
            const text = `${point.issue} ${point.quote}`;
            if (device === "desktop")
              expect(text).not.toMatch(/\bphone\b|smaller screens|keyboard|mobile|icon people miss/i);
            else expect(text).not.toMatch(/hover/i);
            if (/search/i.test(point.issue)) expect(point.step).toMatch(/search/i);
            const age = Number(/^[^,]+, (\d+)/.exec(point.participant)?.[1]);
            expect(age, point.participant).toBeGreaterThanOrEqual(low);
            expect(age, point.participant).toBeLessThanOrEqual(high);
          }
        }
        expect(sim.markdown).toContain(`- Device: ${device}`);
        expectPercentagesFrom(sim.markdown, sim.plan.hypothesis_text as string, journeyFractions(results));
      }
    });
  }

  it("first_impression: reports what people took in during a few seconds, not a funnel of minutes", async () => {
    const auth = reader("first-impression");
    const uk = named(await models(auth), "UK adults");
    const sim = await simulate(auth, {
      mode: "journey",
      goal: "first_impression",
      inputs: {
        start_url: "https://www.weeknight.example/flex",
        questions: ["What is being offered?", "What would one week cost you?"],
      },
      user_model_ids: [uk.id],
    });
    const results = sim.results as Journey;
    const model = results.by_user_model[0] as ModelJourney;
    expect(model.median_time_on_task_seconds).toBeLessThanOrEqual(15);
    expect(model.impressions).toBeDefined();
    const understood = model.impressions?.understood_as.find((u) => u.correct)?.share ?? 0;
    const intended = model.impressions?.next_click.find((c) => c.intended)?.share ?? 0;
    expect(headline(sim.markdown)).toBe(
      `- ${percent(understood)} could say what the page offers (${Math.round(understood * model.sessions)} of ${model.sessions}); ${percent(intended)} would click its main button next (${Math.round(intended * model.sessions)} of ${model.sessions}), within the ${percent(model.task_success_rate)} who named a sensible next click (${Math.round(model.task_success_rate * model.sessions)} of ${model.sessions}).`,
    );
    expect(sim.markdown).toContain("| Noticed first | Share |");
    expect(sim.markdown).not.toMatch(/\d{3,} s\b/);
    expectPercentagesFrom(sim.markdown, sim.plan.hypothesis_text as string, journeyFractions(results));
  });
});
