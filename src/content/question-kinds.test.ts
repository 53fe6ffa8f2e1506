import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QUESTION_TABLE } from "./__fixtures__/question-table.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";
import {
  describeQuestion,
  hasFavourableEnd,
  kindOf,
  listedItems,
  readQuestion,
  scaleForItems,
  suppliedOptions,
} from "./question-kinds.js";
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
    expect(options.length, text).toBeLessThanOrEqual(kind === "nps" ? 11 : 7);
    // No question is given another kind's scale, nor the "reasons" themes unless it asks for reasons.
    if (!["rating", "value"].includes(kind)) expect(options, text).not.toContain("Excellent");
    if (!/\bwhy\b|\bmatters?\b|\bimportan/i.test(text)) expect(options, text).not.toContain("Price or value");
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
        // A fact is Yes or No; a hypothetical leaves room for "Not sure".
        expect(options).toEqual(
          /^would\b/i.test(text)
            ? ["No", "Not sure", "Yes"]
            : ["Yes", "No", /^have\b/i.test(text) ? "Can't remember" : "Prefer not to say"],
        );
        break;
      case "nps":
        expect(options).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
        break;
      case "duration":
        expect(options[0], text).toMatch(/^(?:less than|in the last|under)\b/i);
        expect(options.join(" "), text).not.toMatch(/\b18 to 24\b/);
        break;
      case "fact":
        expect(options.length, text).toBeGreaterThanOrEqual(4);
        expect(options.join(" "), text).not.toMatch(/appealing|agree|\bpoor\b|don't know/i);
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
      // A job title, a favourite meal, a charity: written in people's own words and coded into groups.
      kind === "open_text" || (kind === "fact" && /\bjob title\b|\bmeal\b|\bcharity\b/.test(text))
        ? "open_text"
        : kind === "ranking"
          ? "ranking"
          : "single_choice",
    );
  });

  it.each(QUESTION_TABLE)("should give %j options whose order a JSON object keeps", (text) => {
    // Keys that read as whole numbers come first in a JS object (and so in `overall`): the writer's own labels never
    // depend on that.
    const options = readQuestion(text).options;
    expect(Object.keys(Object.fromEntries(options.map((o) => [o, 0])))).toEqual(options);
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

  it("should give facts the answers a questionnaire lists for them", () => {
    expect(readQuestion("How did you hear about us?").options).toContain("A friend or family member");
    expect(readQuestion("Which country do you live in?", { countries: ["DE"] }).options).toEqual([
      "Germany",
      "United Kingdom",
      "United States",
      "France",
      "Another country",
    ]);
    expect(readQuestion("What is your highest level of education?").options).toContain("Undergraduate degree");
    expect(readQuestion("How old is your car?").options).toContain("I don't have one");
    expect(readQuestion("How many hours a week do you work?").options).toEqual([
      "Under 16 hours",
      "16 to 29 hours",
      "30 to 37 hours",
      "38 to 45 hours",
      "46 hours or more",
    ]);
    expect(readQuestion("How long have you lived at your current address?").options[0]).toBe("Less than a year");
    expect(readQuestion("When did you last buy a meal kit?").options.at(-1)).toBe("Never");
  });

  it("should give facts and money no favourable end, and opinions one", () => {
    expect(hasFavourableEnd("How much do you spend on groceries each week?", "single_choice")).toBe(false);
    expect(hasFavourableEnd("Do you own a car?", "single_choice")).toBe(false);
    expect(hasFavourableEnd("How did you hear about us?", "single_choice")).toBe(false);
    expect(hasFavourableEnd("Would you pay extra for next-day delivery?", "single_choice")).toBe(true);
    expect(hasFavourableEnd("How satisfied are you with your bank?", "single_choice")).toBe(true);
  });

  it("should band money in the study's currency and period, from nothing up (a food shop from under 25)", () => {
    expect(readQuestion("How much do you spend on groceries each week?", { currency: "EUR" }).options).toEqual([
      "Under €25",
      "€25 to €49",
      "€50 to €74",
      "€75 to €99",
      "€100 to €149",
      "€150 or more",
    ]);
    expect(readQuestion("How much do you spend on coffee and snacks each week?", { currency: "EUR" }).options).toEqual([
      "Nothing",
      "Under €3",
      "€3 to €4",
      "€5 to €9",
      "€10 to €19",
      "€20 or more",
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

describe("naming the messages of a message test", () => {
  const goal = findGoal(loadGoals(defaultFixturesDir()), "research", "message_test");
  const WORDS = ["Save", "20%", "today", "only", "your", "money", "sorted", "no", "fees", "ever", "£10", "gives"];
  const sentence = fc
    .array(fc.constantFrom(...WORDS, "someone", "a", "warm", "bed", "tonight", "help", "us", "open", "more", "beds"), {
      minLength: 2,
      maxLength: 12,
    })
    .map((words) => `${words.join(" ")}${"."}`.replace(/^./, (c) => c.toUpperCase()));
  const message = fc.oneof(
    fc.constantFrom(
      "£10 gives someone a warm bed tonight.",
      "Last winter 212 people slept safely in our shelters. Help us open more beds.",
      "Homelessness can happen to anyone. Support can too.",
      "Save 20%. Today only.",
      "Banking that gets you.",
      "Your money, sorted. No fees, ever.",
    ),
    fc.array(sentence, { minLength: 1, maxLength: 3 }).map((s) => s.join(" ")),
  );

  it("should name every message by its own words, one label style per kind of question, never nesting quotes", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(message, { minLength: 2, maxLength: 5, selector: (m) => m.toLowerCase() }),
        fc.constantFrom("Acme Bank", "Shelter Hope", undefined),
        (messages, brand) => {
          if (!goal) throw new Error("no message_test goal");
          const inputs = { messages, ...(brand ? { brand } : {}) };
          const { plan } = generatePlan(
            { id: "sim-1", mode: "research", inputs, survey_design: null },
            goal,
            undefined,
            1,
          );
          const shapes = new Map<string, Set<string>>();
          for (const q of plan.survey_questions ?? []) {
            const label = describeQuestion(q.question_text);
            expect(label).not.toMatch(/the idea|""/);
            // Quotes in pairs, never one pair inside another.
            expect(label.split('"').length % 2, label).toBe(1);
            expect(label, label).not.toMatch(/"[^"]*"[^"\s][^"]*"[^"]*"/);
            const shown = messages.find((m) => q.question_text.includes(`"${m}"`));
            if (!shown) continue;
            const opening = shown.split(/\s+/)[0] as string;
            expect(label, `${q.question_text} → ${label}`).toContain(`"${opening}`);
            const template = q.question_text.replace(shown, "…");
            const shape = label.replace(/"[^"]*"/, "…");
            shapes.set(template, new Set([...(shapes.get(template) ?? []), shape]));
          }
          for (const [template, set] of shapes) expect([...set], template).toHaveLength(1);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("options of the kind a question asks for", () => {
  const US = { countries: ["US"], currency: "USD" };
  it.each([
    ["In which month did you last turn your heating on for the season?", /^(?:October|Haven't turned it on yet)$/],
    ["How long is your commute, one way?", /^(?:Under 15 minutes|I work from home)$/],
    ["I prefer working from home.", /^Strongly agree$/],
    ["How many cars does your household own?", /^3 or more$/],
    ["Wie viele Mitarbeiter hat Ihr Betrieb?", /^(?:Just me|10 to 49)$/],
    ["How much do you pay in rent each month?", /^\$1,000 to \$1,499$/],
    ["How much do you have in savings?", /^(?:None|\$1,000 to \$4,999)$/],
    ["How much credit card debt do you currently carry?", /^None$/],
    ["How much did you spend on your last holiday?", /^\$1,000 to \$1,999$/],
    ["How much would you pay for a new car?", /^\$20,000 to \$29,999$/],
    ["How long have you had your current phone?", /^1 to 2 years$/],
    ["How many hours a week do you spend on TikTok?", /^(?:Under 1 hour|20 hours or more)$/],
    ["When did you last change jobs?", /^1 to 2 years ago$/],
    ["Who in your household decides when the heating goes on?", /^Me$/],
  ])("should answer %j with options of its kind", (question, expected) => {
    const options = readQuestion(question, US).options;
    expect(options.filter((o) => expected.test(o)).length, options.join(" | ")).toBeGreaterThan(0);
    // Never a quality rating, and no bands that cannot hold the answer.
    expect(options).not.toContain("Excellent");
    expect(options.join(" | ")).not.toMatch(/More than 10 years|Under \$10\b|38 to 45 hours|\$5 to \$9/);
  });

  it("should offer the UK energy suppliers people are with, Scottish Power among them", () => {
    const reading = readQuestion("Which energy supplier are you with?", { countries: ["GB"] });
    expect(reading.options).toContain("Scottish Power");
    // Supplied to a survey design's question, within its 3 to 6 labels, too.
    expect(suppliedOptions(reading)).toContain("Scottish Power");
  });

  it("should offer the card readers a business in the respondents' country uses", () => {
    expect(readQuestion("Which card reader do you use today?", { countries: ["DE"] }).options).toContain("SumUp");
  });
});

describe("open questions coded into themes of their own field", () => {
  it.each([
    ["Why do German tradespeople still send paper invoices?", "Customers ask for paper"],
    ["What would make you turn the heating on earlier?", "Colder weather"],
    ["Why do dog owners choose raw food over kibble?", "Better for my pet's health"],
  ])("should code %j into its field's themes, not price, quality and convenience", (question, theme) => {
    const reading = readQuestion(question);
    expect(reading.question_type).toBe("open_text");
    expect(reading.options).toContain(theme);
    expect(reading.options).not.toContain("Saves time");
    expect(reading.options).not.toContain("Price or value");
  });
});

describe("questions a brief asks in German, French or Spanish are read for their kind (issue 27, reading l S6)", () => {
  // Invented things, so no vocabulary of a field is what reads them.
  const anyThing = fc.constantFrom("le zorava", "la quelion", "den Vrinka", "das Keshum", "el brometh", "la plomika");
  const ASKED: Record<string, Array<(x: string) => string>> = {
    frequency: [
      (x) => `À quelle fréquence utilisez-vous ${x} ?`,
      (x) => `Wie oft nutzen Sie ${x}?`,
      (x) => `¿Con qué frecuencia usa ${x}?`,
      (x) => `¿Cada cuánto visita ${x}?`,
    ],
    open_text: [
      (x) => `Pourquoi ne rapportez-vous pas ${x} ?`,
      (x) => `Warum nutzen Sie ${x} nicht?`,
      (x) => `¿Por qué no usa ${x}?`,
      (x) => `Qu'est-ce qui vous empêche d'essayer ${x} ?`,
    ],
    likelihood: [
      (x) => `Dans quelle mesure ceci vous inciterait-il à essayer ${x} ?`,
      (x) => `Wie wahrscheinlich ist es, dass Sie ${x} ausprobieren?`,
      (x) => `¿Qué tan dispuesto estaría a probar ${x}?`,
    ],
    satisfaction: [(x) => `Êtes-vous satisfait de ${x} ?`, (x) => `Wie zufrieden sind Sie mit ${x}?`],
    yes_no: [(x) => `Avez-vous déjà utilisé ${x} ?`, (x) => `Haben Sie ${x} schon genutzt?`, (x) => `¿Tiene ${x}?`],
  };
  const anyAsked = fc
    .constantFrom(...Object.keys(ASKED))
    .chain((kind) => fc.tuple(fc.constant(kind), fc.constantFrom(...(ASKED[kind] ?? [])), anyThing));

  it("should read how often, why, how likely, how satisfied and yes-or-no, never rating them from poor to excellent", () => {
    fc.assert(
      fc.property(anyAsked, ([kind, ask, thing]) => {
        const text = ask(thing);
        expect(kindOf(text), text).toBe(kind);
        expect(readQuestion(text).options, text).not.toEqual([...SCALES.rating]);
      }),
      { numRuns: 60 },
    );
  });

  it("should answer a question of those languages it cannot read in people's own words", () => {
    for (const text of ["Quelle est votre relation avec le zorava ?", "¿Cómo describiría la quelion?"])
      expect(kindOf(text), text).toBe("open_text");
  });
});
