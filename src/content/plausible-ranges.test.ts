import { describe, expect, it } from "vitest";
import type { Plan } from "../store/records.js";
import { named, singleChoice } from "./__fixtures__/survey-question.js";
import { plausibleRange } from "./plausible-ranges.js";
import { researchResults } from "./results.js";

const genZ = named("Gen Z");

const q = singleChoice;

describe("plausibleRange (the table the question writer and the answers share)", () => {
  it.each([
    ["How much do you pay in rent each month?", "USD", "money", "month", 800, 2000],
    ["How much credit card debt do you currently carry?", "GBP", "money", "once", 500, 5000],
    ["How much would you pay for a new car?", "GBP", "money", "once", 8000, 40000],
    ["How many hours a week do you spend on TikTok?", "GBP", "hours", "week", 2, 15],
    ["How long have you had your current phone?", "GBP", "months", "once", 6, 36],
  ] as const)("should read %s as %s per %s around a plausible amount", (text, currency, unit, period, min, max) => {
    const range = plausibleRange(text, currency);
    expect(range?.unit).toBe(unit);
    expect(range?.period).toBe(period);
    expect(range?.typical).toBeGreaterThanOrEqual(min);
    expect(range?.typical).toBeLessThanOrEqual(max);
  });

  it("should know nothing of a subject it has no row for", () => {
    expect(plausibleRange("How much do you like jazz?")).toBeNull();
  });
});

describe("money and hours answers spread over what is plausible for the subject", () => {
  const plan: Plan = {
    question_text: "Money habits",
    hypothesis_text: null,
    journey_task: null,
    survey_questions: [
      q("How much do you pay in rent each month?", [
        "Under $500",
        "$500 to $999",
        "$1,000 to $1,499",
        "$1,500 to $1,999",
        "$2,000 or more",
      ]),
      q("How many hours a week do you spend on TikTok?", [
        "Under 16 hours",
        "16 to 29 hours",
        "30 to 37 hours",
        "38 to 45 hours",
        "46 hours or more",
      ]),
      q("How long have you had your current phone?", [
        "Less than a year",
        "1 to 2 years",
        "3 to 5 years",
        "6 to 10 years",
        "More than 10 years",
      ]),
      q("How many hours a week do you spend on TikTok?", [
        "None",
        "Under 1 hour",
        "1 to 4 hours",
        "5 to 9 hours",
        "10 to 19 hours",
        "20 hours or more",
      ]),
    ],
  };
  const [rent, workWeekBands, phone, leisureBands] = researchResults({ id: "money" }, plan, [genZ], 1).questions;

  it("should put most rents in the hundreds to low thousands a month", () => {
    const d = rent?.overall ?? {};
    expect((d["$500 to $999"] ?? 0) + (d["$1,000 to $1,499"] ?? 0)).toBeGreaterThan(0.5);
  });

  it("should read a phone's age in months against bands in years: most under three years, none over ten", () => {
    const d = phone?.overall ?? {};
    expect((d["Less than a year"] ?? 0) + (d["1 to 2 years"] ?? 0)).toBeGreaterThan(0.6);
    expect(d["More than 10 years"] ?? 0).toBeLessThan(0.02);
  });

  it("should never have a third of 18-26-year-olds on TikTok for a working week", () => {
    expect(workWeekBands?.overall["38 to 45 hours"]).toBeLessThan(0.1);
    expect(workWeekBands?.overall["Under 16 hours"]).toBeGreaterThan(0.6);
    expect(leisureBands?.overall["20 hours or more"]).toBeLessThan(0.3);
    expect(leisureBands?.overall["5 to 9 hours"]).toBeGreaterThan(0.15);
  });
});
