import { describe, expect, it } from "vitest";
import { QUESTION_TABLE } from "./__fixtures__/question-table.js";
import { describeQuestion, kindOf, listedItems, readQuestion, scaleForItems } from "./question-kinds.js";
import { SCALES } from "./scales.js";
import { shapeOf } from "./segments.js";

/** The kind a reading gives: a "which" question that names nothing to choose from is answered in words. */
const readKind = (text: string) => readQuestion(text).kind;

describe("reading a question", () => {
  it("should have a table of at least 40 questions written by hand", () => {
    expect(QUESTION_TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(QUESTION_TABLE)("should read %j as %s", (text, kind) => {
    expect(readKind(text)).toBe(kind);
  });

  it.each(QUESTION_TABLE)("should give %j options that fit its kind, in order", (text, kind) => {
    const reading = readQuestion(text);
    const options = reading.options;
    expect(options.length, text).toBeGreaterThanOrEqual(2);
    expect(options.length, text).toBeLessThanOrEqual(7);
    expect(new Set(options.map((o) => o.toLowerCase())).size).toBe(options.length);
    switch (kind) {
      case "frequency":
        expect(options).toEqual([...SCALES.frequency]);
        break;
      case "agreement":
      case "likelihood":
      case "satisfaction":
      case "appeal":
      case "importance":
      case "clarity":
      case "value":
      case "trust":
      case "ease":
      case "rating": {
        // An ordered scale, least favourable first, whose labels speak of what was asked.
        const shape = shapeOf(options);
        expect(shape.kind, `${text}: ${options.join(" / ")}`).toBe("ordered");
        expect(shape.kind === "ordered" && shape.order).toEqual(options.map((_o, i) => i));
        break;
      }
      case "yes_no":
        expect(options).toEqual(["No", "Not sure", "Yes"]);
        break;
      case "age_band":
        expect(options[0]).toBe("18 to 24");
        expect(options.at(-1)).toBe("65 or older");
        break;
      case "count": {
        const first = Number(options[0]) || 0;
        expect(first).toBeLessThanOrEqual(1);
        expect(options.at(-1)).toMatch(/or more$/);
        break;
      }
      case "money_band":
        expect(options.filter((o) => /[£$€]\d/.test(o)).length).toBeGreaterThanOrEqual(4);
        break;
      case "choice":
      case "ranking":
        expect(reading.question_type).toBe(kind === "ranking" ? "ranking" : "single_choice");
        break;
      case "open_text":
        expect(reading.question_type).toBe("open_text");
        break;
    }
    expect(reading.question_type).toBe(
      kind === "open_text" ? "open_text" : kind === "ranking" ? "ranking" : "single_choice",
    );
  });

  it("should give age bands in order with no gaps, households counted from one, frequencies from never", () => {
    expect(readQuestion("What is your age?").options).toEqual([
      "18 to 24",
      "25 to 34",
      "35 to 44",
      "45 to 54",
      "55 to 64",
      "65 or older",
    ]);
    expect(readQuestion("How many people live in your household?").options).toEqual(["1", "2", "3", "4", "5 or more"]);
    expect(readQuestion("How often do you eat granola?").options[0]).toBe("Never");
  });

  it("should band money in the study's currency and period, from nothing up", () => {
    expect(readQuestion("How much do you spend on groceries each week?", { currency: "EUR" }).options).toEqual([
      "Nothing",
      "Under €10",
      "€10 to €24",
      "€25 to €49",
      "€50 to €99",
      "€100 or more",
    ]);
    expect(readQuestion("How much would you spend on it, in $?").options[1]).toBe("Under $5");
    expect(readQuestion("What is your annual household income?").options).toContain("£40,000 to £59,999");
  });

  it("should take the items a question lists as its options, and the goal's items when it names none", () => {
    expect(readQuestion("Which do you prefer: tea, coffee or hot chocolate?").options).toEqual([
      "Tea",
      "Coffee",
      "Hot chocolate",
      "No preference",
    ]);
    expect(readQuestion("Would you rather cook at home or eat out?").options).toEqual([
      "Cook at home",
      "Eat out",
      "No preference",
    ]);
    expect(readQuestion("Rank these in order of importance: price, quality, speed").options).toEqual([
      "Price",
      "Quality",
      "Speed",
    ]);
    const features = ["Price cap", "Pantry mode", "Swaps"];
    expect(
      readQuestion("Which feature would you use first?", { goal: "feature_prioritisation", inputs: { features } })
        .options,
    ).toEqual([...features, "None of these"]);
    expect(
      readQuestion("Which brand would you choose?", { inputs: { brand: "Kontor", competitors: ["sevDesk"] } }).options,
    ).toEqual(["Kontor", "sevDesk", "None of these"]);
  });

  it("should not read a quoted stimulus as a list of answers", () => {
    expect(listedItems('Here is a new idea: "Cheap, quick or tasty: pick two." How appealing is it to you?')).toEqual(
      [],
    );
    expect(kindOf('Here is a new idea: "Cheap, quick or tasty: pick two." How appealing is it to you?')).toBe("appeal");
  });

  it("should choose an item set's scale from its ask, else the goal's usual scale", () => {
    expect(scaleForItems("How often do you use")).toEqual(SCALES.frequency);
    expect(scaleForItems("How much do you agree with")).toEqual(SCALES.agreement);
    expect(scaleForItems("Rate", "feature_prioritisation")).toEqual(SCALES.importance);
    expect(scaleForItems("Rate", "concept_test")).toEqual(SCALES.appeal);
  });
});

describe("naming a question in running text", () => {
  it("should quote a short question whole", () => {
    expect(describeQuestion("How often do you eat granola?")).toBe('"How often do you eat granola?"');
  });

  it("should name a long question by what it measures, from its own words", () => {
    expect(
      describeQuestion(
        'How important would "Recurring invoices with direct debit" be to you in Kontor Team: up to 5 users, approvals before sending, DATEV export?',
      ),
    ).toBe('how important "Recurring invoices with direct debit" is');
    expect(
      describeQuestion(
        "If Weeknight Flex cost £5.49 a portion for 2 people, delivery £4.99 (free over £60), how likely would you be to buy it?",
      ),
    ).toBe("purchase intent at £5.49");
    expect(
      describeQuestion(
        "At which of these prices would Weeknight Flex, 2 people, 3 recipes, ordered only in the weeks you want seem so cheap that you would doubt its quality?",
      ),
    ).toBe('the "too cheap" price');
  });
});
