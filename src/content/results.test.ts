import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Plan, SurveyQuestion, UserModelRecord } from "../store/records.js";
import englishNames from "./english-first-names.json" with { type: "json" };
import { journeyResults } from "./journeys.js";
import { researchResults } from "./results.js";
import { SCALES } from "./scales.js";
import { priceSensitivity } from "./van-westendorp.js";

const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as UserModelRecord[];
const named = (part: string) => {
  const found = populations.find((p) => p.name.includes(part));
  if (!found) throw new Error(`no fixture population named like ${part}`);
  return found;
};
const orgModel = { id: "org-model-1", name: "Our newsletter readers", description: "People on our list", metadata: {} };

const q = (question_text: string, answer_options: string[] | null, variable_name: string): SurveyQuestion => ({
  question_text,
  question_type: "single_choice",
  answer_options,
  insight: null,
  variable_name,
});

const concept: Plan = {
  question_text: "Is a phone app that plans your weekly meals appealing?",
  hypothesis_text: null,
  journey_task: null,
  survey_questions: [
    q('How appealing is this idea to you? "A phone app that plans your weekly meals"', [...SCALES.appeal], "appeal"),
    q("At £4.99 a month, how likely would you be to buy it?", [...SCALES.likelihood], "intent_low"),
    q("At £12.99 a month, how likely would you be to buy it?", [...SCALES.likelihood], "intent_high"),
    q(
      "Which would you do with it?",
      ["Replace something I use now", "Use it alongside what I have", "Try it once", "Not use it"],
      "use",
    ),
    q("Which matters most to you?", ["Price", "Quality", "Convenience", "None of these"], "driver"),
    q("At which price would it be too expensive to consider?", ["£4.99", "£7.99", "£12.99"], "too_expensive"),
    q("Would you tell a friend about it?", null, "tell"),
  ],
};
const models = () =>
  [named("Gen Z"), named("UK adults"), named("German small-business"), orgModel] as UserModelRecord[];

const topTwo = (distribution: Record<string, number>, options: string[]) =>
  options.slice(-2).reduce((sum, o) => sum + (distribution[o] ?? 0), 0);

describe("researchResults", () => {
  const results = researchResults({ id: "sim-concept", inputs: {} }, concept, models(), 1);

  it("should give every distribution over exactly the question's options, summing to 1", () => {
    expect(results.questions).toHaveLength(concept.survey_questions?.length ?? 0);
    for (const question of results.questions) {
      expect(question.answer_options.length).toBeGreaterThanOrEqual(2);
      const distributions = [question.overall, ...Object.values(question.by_user_model)];
      expect(Object.keys(question.by_user_model).sort()).toEqual(results.segments.map((s) => s.user_model_id).sort());
      for (const d of distributions) {
        expect(Object.keys(d).sort()).toEqual([...question.answer_options].sort());
        for (const value of Object.values(d)) expect(value).toBeGreaterThanOrEqual(0);
        expect(Math.abs(Object.values(d).reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-9);
      }
    }
  });

  it("should make overall the respondent-weighted mix of the segments, in whole respondents", () => {
    expect(results.respondents).toBe(results.segments.reduce((sum, s) => sum + s.respondents, 0));
    for (const question of results.questions) {
      for (const option of question.answer_options) {
        const mixed =
          results.segments.reduce(
            (sum, s) => sum + s.respondents * (question.by_user_model[s.user_model_id]?.[option] ?? 0),
            0,
          ) / results.respondents;
        expect(Math.abs((question.overall[option] ?? 0) - mixed)).toBeLessThan(1e-9);
        for (const s of results.segments) {
          const count = (question.by_user_model[s.user_model_id]?.[option] ?? 0) * s.respondents;
          expect(Math.abs(count - Math.round(count))).toBeLessThan(1e-6);
        }
      }
    }
  });

  it("should make a young US segment warmer to a new app concept than a general UK adult one", () => {
    // Over several seeds and simulations, so the trait effect is shown to outweigh the seeded noise every time.
    for (let seed = 1; seed <= 8; seed++) {
      const r = researchResults({ id: `sim-${seed}`, inputs: {} }, concept, models(), seed);
      const appeal = r.questions.find((x) => x.variable_name === "appeal");
      if (!appeal) throw new Error("appeal question missing");
      const young = topTwo(appeal.by_user_model[named("Gen Z").id] ?? {}, appeal.answer_options);
      const adults = topTwo(appeal.by_user_model[named("UK adults").id] ?? {}, appeal.answer_options);
      const owners = topTwo(appeal.by_user_model[named("German small-business").id] ?? {}, appeal.answer_options);
      expect(young).toBeGreaterThan(adults);
      expect(young).toBeGreaterThan(owners);
    }
  });

  it("should place Van Westendorp answers in order on the price ladder: too cheap < bargain < getting expensive < too expensive", () => {
    const ladder = ["€29 a month", "€39 a month", "€49 a month", "€59 a month", "None of these prices"];
    const about = "Kontor Team";
    const plan: Plan = {
      question_text: null,
      hypothesis_text: null,
      journey_task: null,
      survey_questions: [
        q(`At which of these prices would ${about} seem so cheap that you would doubt its quality?`, ladder, "cheap"),
        q(`At which of these prices would ${about} feel like a bargain?`, ladder, "bargain"),
        q(
          `At which of these prices would ${about} start to feel expensive, though you would still consider it?`,
          ladder,
          "pricey",
        ),
        q(`At which of these prices would ${about} be too expensive to consider?`, ladder, "too_pricey"),
      ],
    };
    for (let seed = 1; seed <= 6; seed++) {
      const vw = researchResults({ id: `sim-vw-${seed}`, inputs: {} }, plan, models(), seed);
      // Each respondent's four thresholds are in order, so at every price the curves are too: no more find it too
      // cheap than a bargain, and no more too expensive than getting expensive.
      const curves = priceSensitivity(vw);
      if (!curves) throw new Error("no price sensitivity");
      for (const row of curves.rows) {
        expect(row.tooCheap, `seed ${seed} ${row.label}`).toBeLessThanOrEqual(row.cheap + 1e-12);
        expect(row.tooExpensive, `seed ${seed} ${row.label}`).toBeLessThanOrEqual(row.expensive + 1e-12);
      }
    }
  });

  it("should lower purchase intent at the higher price for every segment", () => {
    const low = results.questions.find((x) => x.variable_name === "intent_low");
    const high = results.questions.find((x) => x.variable_name === "intent_high");
    if (!low || !high) throw new Error("intent questions missing");
    for (const s of results.segments) {
      expect(topTwo(high.by_user_model[s.user_model_id] ?? {}, high.answer_options)).toBeLessThan(
        topTwo(low.by_user_model[s.user_model_id] ?? {}, low.answer_options),
      );
    }
  });

  it("should give the same results for the same inputs, and different ones for another simulation", () => {
    expect(researchResults({ id: "sim-concept", inputs: {} }, concept, models(), 1)).toEqual(results);
    expect(researchResults({ id: "sim-other", inputs: {} }, concept, models(), 1)).not.toEqual(results);
  });
});

describe("researchResults: questions about who people are", () => {
  const profile: Plan = {
    question_text: null,
    hypothesis_text: null,
    journey_task: null,
    survey_questions: [
      q("What is your age?", ["18 to 24", "25 to 34", "35 to 44", "45 to 54", "55 to 64", "65 or older"], "age"),
      q("How many people live in your household?", ["1", "2", "3", "4", "5 or more"], "household"),
      q("What is your annual household income?", ["Under £20,000", "£20,000 to £39,999", "£40,000 or more"], "income"),
    ],
  };
  const genZ = named("Gen Z");
  const germans = named("German small-business");
  const results = researchResults({ id: "sim-profile", inputs: {} }, profile, [genZ, germans], 1);
  const [age, household] = results.questions;

  it("should give ages only within each user model's own age range", () => {
    // US Gen Z (18-26): only the bands that overlap 18-26.
    const young = age?.by_user_model[genZ.id] ?? {};
    expect((young["18 to 24"] ?? 0) + (young["25 to 34"] ?? 0)).toBeCloseTo(1, 12);
    expect(young["18 to 24"]).toBeGreaterThan(young["25 to 34"] ?? 1);
    // German small-business owners (25-70): nobody under 25.
    expect(age?.by_user_model[germans.id]?.["18 to 24"]).toBe(0);
  });

  it("should size households by life stage and keep every answer a whole respondent", () => {
    const shares = household?.overall ?? {};
    expect((shares["1"] ?? 0) + (shares["2"] ?? 0)).toBeGreaterThan(0.35);
    expect(shares["5 or more"]).toBeLessThan(0.2);
    for (const segment of results.segments) {
      for (const share of Object.values(household?.by_user_model[segment.user_model_id] ?? {}))
        expect(Math.abs(share * segment.respondents - Math.round(share * segment.respondents))).toBeLessThan(1e-9);
    }
  });

  it("should answer a stored question without options on the options the question writer supplies for it", () => {
    const plan: Plan = { ...profile, survey_questions: [q("How often do you eat granola?", null, "granola")] };
    const [granola] = researchResults({ id: "sim-old", inputs: {} }, plan, [genZ], 1).questions;
    expect(granola?.answer_options).toEqual([...SCALES.frequency]);
  });
});

describe("journeyResults", () => {
  const plan: Plan = {
    question_text: null,
    hypothesis_text: null,
    survey_questions: null,
    journey_task: {
      task: "Buy a travel mug",
      start_url: "https://shop.example.com",
      steps: ["Land on the page", "Search for a mug", "Add to basket", "Create an account", "Pay"],
    },
  };

  it("should make drop-off add up: reached falls by dropped, success is the last step's reached over sessions", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const results = journeyResults({ id: `journey-${seed}` }, plan, models(), seed);
      expect(results.sessions).toBe(results.by_user_model.reduce((sum, m) => sum + m.sessions, 0));
      for (const m of results.by_user_model) {
        expect(m.drop_off_by_step.map((d) => d.step)).toEqual(results.steps);
        expect(m.drop_off_by_step[0]).toMatchObject({ reached: m.sessions, dropped: 0 });
        m.drop_off_by_step.forEach((d, i) => {
          if (i > 0) expect(d.reached + d.dropped).toBe(m.drop_off_by_step[i - 1]?.reached);
          expect(Number.isInteger(d.reached) && Number.isInteger(d.dropped) && d.dropped >= 0).toBe(true);
        });
        const last = m.drop_off_by_step[m.drop_off_by_step.length - 1];
        expect(m.task_success_rate).toBeCloseTo((last?.reached ?? 0) / m.sessions, 12);
        expect(m.common_paths.reduce((sum, p) => sum + p.share, 0)).toBeLessThanOrEqual(1 + 1e-9);
        expect(m.common_paths.length).toBeGreaterThan(0);
        for (const f of m.friction_points) {
          expect(results.steps).toContain(f.step);
          expect(f.quote.length).toBeGreaterThan(5);
        }
        expect(m.median_steps).toBeGreaterThan(0);
        expect(m.median_time_on_task_seconds).toBeGreaterThan(0);
      }
    }
  });

  it("should let a young, tech-savvy segment complete the task more often than a general adult one", () => {
    let young = 0;
    let adults = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const results = journeyResults({ id: `journey-${seed}` }, plan, models(), seed);
      const rate = (id: string) => results.by_user_model.find((m) => m.user_model_id === id)?.task_success_rate ?? 0;
      young += rate(named("Gen Z").id);
      adults += rate(named("UK adults").id);
    }
    expect(young).toBeGreaterThan(adults);
  });

  it.each([
    ["Gen Z", "US", ""],
    ["German small-business", "Germany", "; translated from German"],
  ])(
    "should quote named %s participants of their own country, ages within the segment's age range",
    (segmentName, country, translated) => {
      const model = named(segmentName);
      const [low, high] = String(model.metadata.age_range).split("-").map(Number) as [number, number];
      const quoted = new Set<string>();
      for (let seed = 1; seed <= 12; seed++) {
        const results = journeyResults({ id: `journey-${seed}` }, plan, models(), seed);
        const segment = results.by_user_model.find((m) => m.user_model_id === model.id);
        for (const point of segment?.friction_points ?? []) {
          const match = /^(\p{Lu}[\p{L}'-]+), (\d+), ([A-Za-z ]+)(; translated from \w+)?$/u.exec(point.participant);
          expect(match, point.participant).not.toBeNull();
          const age = Number(match?.[2]);
          expect(age, point.participant).toBeGreaterThanOrEqual(low);
          expect(age, point.participant).toBeLessThanOrEqual(high);
          expect(match?.[3]).toBe(country);
          expect(match?.[4] ?? "").toBe(translated);
          quoted.add(point.participant);
        }
      }
      expect(quoted.size).toBeGreaterThan(5);
    },
  );

  it("should give UK participants first names people of their age have in the UK", () => {
    const byAge = (age: number) => (age < 35 ? "18-34" : age < 55 ? "35-54" : "55+");
    const uk = englishNames.uk;
    for (let seed = 1; seed <= 12; seed++) {
      const results = journeyResults({ id: `journey-${seed}` }, plan, models(), seed);
      const segment = results.by_user_model.find((m) => m.user_model_id === named("UK adults").id);
      for (const { participant } of segment?.friction_points ?? []) {
        const [name, age] = participant.split(", ") as [string, string];
        const band = uk[byAge(Number(age))];
        expect([...band.female, ...band.male], participant).toContain(name);
      }
    }
  });

  it("should be deterministic and vary between simulations", () => {
    const one = journeyResults({ id: "journey-a" }, plan, models(), 3);
    expect(journeyResults({ id: "journey-a" }, plan, models(), 3)).toEqual(one);
    expect(journeyResults({ id: "journey-b" }, plan, models(), 3)).not.toEqual(one);
  });
});
