import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import {
  anyBilling,
  anyConcept,
  anyCurrency,
  anyFeatures,
  anyModel,
  anyModels,
  anyName,
  anyPrices,
  anySeed,
  anyWord,
  cap,
  defined,
  NON_BUYING_OBJECTIVES,
  OTHER_LANGUAGE_OBJECTIVES,
  PUBLIC_CONCEPTS,
  PUBLIC_MESSAGES,
  PUBLIC_PRODUCTS,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import { studyDomain } from "./plans.js";
import { priceSensitivity } from "./van-westendorp.js";

/**
 * Issue 27, say less where unsure, and any subject, currency and language: studies that sell nothing never get
 * shopping, pricing or concept-test wording; open answers are coded in the study's own field; a report never quotes
 * a question the plan did not ask; any ISO 4217 currency is written by Intl for the study's locale with the client's
 * unit; objectives in German, French and Spanish are read for their subject, others never pasted into a question.
 */

const RUNS = { numRuns: 25 };
const SHOPPING =
  /\b(?:buy|buying|purchase|prices?|pricing|pay for|value for money|shopping|basket|cart|brand's own website|find out more about|lower prices|more choice|too expensive|a lower price)\b/i;
const COMMERCIAL_THEMES =
  /^(?:Lower prices|More choice|Easier to use|Better service|Too expensive|Found something better|A lower price)$/;

/** Everything a respondent reads and a client reads of a plan: questions, their options, title, framing. */
const planText = (run: {
  plan: {
    question_text: string | null;
    hypothesis_text: string | null;
    survey_questions: Array<{ question_text: string; answer_options: string[] | null }> | null;
  };
}) =>
  [
    run.plan.question_text ?? "",
    run.plan.hypothesis_text ?? "",
    ...(run.plan.survey_questions ?? []).flatMap((q) => [q.question_text, ...(q.answer_options ?? [])]),
  ].join("\n");

describe("studies that sell nothing get no shopping words (issue 27)", () => {
  it("should write public-health, government, workplace and charity studies without buying, prices or shops", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .uniqueArray(fc.constantFrom(...PUBLIC_MESSAGES.filter((m) => !/£/.test(m))), {
              minLength: 2,
              maxLength: 4,
            })
            .map((messages) => ["message_test", { messages }] as const),
          fc.constantFrom(...PUBLIC_CONCEPTS).map((concept) => ["concept_test", { concept }] as const),
          fc.constantFrom(...NON_BUYING_OBJECTIVES).map((objective) => ["custom_survey", { objective }] as const),
          fc
            .tuple(fc.constantFrom(...PUBLIC_PRODUCTS), anyFeatures)
            .map(([product, features]) => ["feature_prioritisation", { product, features }] as const),
        ),
        anyModels,
        anySeed,
        ([goal, inputs], models, seed) => {
          const run = runResearch(goal, inputs, models, seed);
          expect(planText(run)).not.toMatch(SHOPPING);
          expect(run.report.split("## Method")[0]).not.toMatch(SHOPPING);
          expect(run.report.split("## Recommendations")[1] ?? "").not.toMatch(SHOPPING);
        },
      ),
      RUNS,
    );
  });

  it("should code open answers into the themes of the study's own field, never generic shopping themes", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NON_BUYING_OBJECTIVES), anyModels, anySeed, (objective, models, seed) => {
        const run = runResearch("custom_survey", { objective }, models, seed);
        const open = (run.plan.survey_questions ?? []).filter((q) => q.question_type === "open_text");
        // An objective that asks why, or what would keep people, gets an open question on it.
        if (/\bwhy\b|\bwhat would\b|pourquoi|por qu|warum/i.test(objective))
          expect(open.length, objective).toBeGreaterThan(0);
        for (const q of open)
          for (const o of q.answer_options ?? []) expect(o, q.question_text).not.toMatch(COMMERCIAL_THEMES);
        // A deed people do not do is asked about as the deed ("voting in local elections"), never "not vote".
        expect(planText(run)).not.toMatch(/\b(?:comes to|about|Thinking about) (?:not|never)\b/);
      }),
      RUNS,
    );
  });
});

describe("a report quotes only questions the plan asked (issue 27)", () => {
  it("should never quote a question that is not in the plan", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyConcept.map((c) => ["concept_test", defined(c)] as const),
          fc.constantFrom(...NON_BUYING_OBJECTIVES).map((objective) => ["custom_survey", { objective }] as const),
          fc.constant(["message_test", { messages: ["Save 20% today", "Free delivery", "Made to last"] }] as const),
          // A survey whose questions use the word "understand" asks no clarity question.
          fc.constant(["custom_survey", { objective: "Find out how people understand their energy bills" }] as const),
        ),
        anyModels,
        anySeed,
        ([goal, inputs], models, seed) => {
          const run = runResearch(goal, inputs, models, seed);
          const asked = (run.plan.survey_questions ?? []).map((q) => q.question_text.replace(/"/g, "'"));
          for (const m of run.report.matchAll(/"([^"]{8,}\?)"/g)) {
            const quoted = m[1] as string;
            expect(
              asked.some((q) => q === quoted || q.endsWith(quoted)),
              `${quoted} is not a question of the plan`,
            ).toBe(true);
          }
          // A score the advice quotes (how clear, how believable) is one the plan asked of the idea itself, on its
          // own scale, never one message's rating or a word in another question.
          const own = (scale: RegExp) =>
            (run.plan.survey_questions ?? []).some(
              (q) => !q.question_text.includes('"') && (q.answer_options ?? []).some((o) => scale.test(o)),
            );
          const advice = run.report.split("## Recommendations")[1] ?? "";
          if (/found it clear|clearer what it is/i.test(advice)) expect(own(/^Very clear$/), advice).toBe(true);
          if (/Back the claims with proof/i.test(advice))
            expect(own(/believable$|^Trust completely$/), advice).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

describe("any ISO 4217 currency, written for the study's locale with the client's unit (issue 27)", () => {
  it("should write every price of a ladder as Intl.NumberFormat does for the study's locale (the English way), with the unit, and read it back", () => {
    fc.assert(
      fc.property(anyPrices, anyCurrency, anyBilling, anyModel, anySeed, (prices, currency, billing, model, seed) => {
        const run = runResearch(
          "pricing",
          defined({ product: "a weekly veg box", price_points: prices, currency, billing }),
          [model],
          seed,
        );
        const locale = `en-${String(model.metadata.country)}`;
        const ladder = run.plan.survey_questions?.find((q) => /too expensive/.test(q.question_text));
        expect(ladder, JSON.stringify(run.plan.survey_questions?.map((q) => q.question_text))).toBeDefined();
        for (const label of (ladder?.answer_options ?? []).filter((o) => !/none/i.test(o))) {
          const price = prices.find((p) => label.startsWith(written(p, currency, locale)));
          expect(price, `${label} (${currency}, ${locale})`).toBeDefined();
          if (billing && !/one_off/.test(billing)) expect(label).toMatch(/(?:a|per) [a-z]+$/);
        }
        // Read back as prices: the Van Westendorp section is there, whatever the currency.
        expect(priceSensitivity(run.results), currency).toBeDefined();
        expect(run.report).toMatch(/## Price sensitivity \(Van Westendorp\)/);
      }),
      { numRuns: 40 },
    );
  });
});

/** A price as Intl writes it for the locale, the English way: whole amounts without decimals, others with their own. */
function written(price: number, currency: string, locale: string): string {
  const usual =
    new Intl.NumberFormat(locale, { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const own = Number.isInteger(price) ? 0 : Math.max(usual, (String(price).split(".")[1] ?? "").length);
  const sign = (loc: string) =>
    new Intl.NumberFormat(loc, { style: "currency", currency }).formatToParts(1).find((p) => p.type === "currency")
      ?.value as string;
  // A bare "$" is the US dollar's: any other dollar takes its plain-English sign ("CA$", "A$").
  const own$ = sign(locale) === "$" && currency !== "USD" ? sign("en") : undefined;
  const parts = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: own,
    maximumFractionDigits: own,
  })
    .formatToParts(price)
    .map((p) => (p.type === "currency" && own$ ? { ...p, value: own$ } : p));
  // Written the English way in an English sentence: commas between thousands, a decimal point, a sign of symbols
  // ("R$") first with no space; other signs of letters ("kr") where the locale puts it.
  const mark = parts.find((p) => p.type === "currency")?.value ?? "";
  const symbol = mark !== "" && !/\p{L}/u.test(mark);
  // An ISO code leads it ("CHF 49", never "49 CHF").
  const code = /^[A-Z]{3}$/.test(mark);
  const text = parts
    .filter((p) => !((symbol || code) && (p.type === "currency" || (p.type === "literal" && p.value.trim() === ""))))
    .map((p) => (p.type === "group" ? "," : p.type === "decimal" ? "." : p.value))
    .join("");
  return symbol ? `${mark}${text}` : code ? `${mark}\u00a0${text}` : text;
}

describe("objectives in German, French and Spanish are read for their subject; others are never pasted in (issue 27)", () => {
  const KNOWN: Array<[string, RegExp]> = [
    [
      "Entender por qué los usuarios dejan de usar el transporte público en Madrid y qué les haría volver",
      /public transport/,
    ],
    [
      "Verstehen, warum Mitarbeitende im Homeoffice bleiben wollen und was sie ins Büro zurückholt",
      /working from home/,
    ],
    ["Comprendre pourquoi les voyageurs quittent les transports en commun à Lyon", /public transport/],
    ["Saber qué piensan los clientes de su banco y por qué cambian de cuenta", /banking/],
    ["Comprendre ce que les salariés pensent du télétravail", /working from home/],
  ];
  const FOREIGN = /\b(?:los|las|les|der|die|das|und|por|para|pourquoi|warum|qué|que|dans|avec)\b/i;

  it("should ask about the subject in English, with none of the objective's own words", () => {
    fc.assert(
      fc.property(fc.constantFrom(...KNOWN), anyModels, anySeed, ([objective, subject], models, seed) => {
        const run = runResearch("custom_survey", { objective }, models, seed);
        const questions = (run.plan.survey_questions ?? []).map((q) => q.question_text);
        expect(
          questions.some((q) => subject.test(q)),
          questions.join("\n"),
        ).toBe(true);
        for (const q of questions) expect(q).not.toMatch(FOREIGN);
      }),
      RUNS,
    );
  });

  it("should never paste an objective in another language into a question, and quote it where the study is named", () => {
    fc.assert(
      fc.property(fc.constantFrom(...OTHER_LANGUAGE_OBJECTIVES), anyModels, anySeed, (objective, models, seed) => {
        const run = runResearch("custom_survey", { objective }, models, seed);
        const words = objective.split(/[\s,.?]+/).filter((w) => w.length >= 5);
        // Its words may stand quoted, as the client wrote them (issue 27, reading i S6), never spliced into English.
        for (const q of run.plan.survey_questions ?? [])
          for (const w of words) expect(q.question_text.replace(/"[^"]*"/g, ""), q.question_text).not.toContain(w);
        expect(run.plan.question_text ?? "").toContain(objective.split(/\s+/)[0] as string);
      }),
      RUNS,
    );
  });
});

describe("the grammar of population names and the words of the participants' country (issue 27)", () => {
  // Plural names in the languages whose studies are read, most of them without an English -s.
  const NAMES = [
    "Junge Erwachsene in Deutschland",
    "Eltern von Kleinkindern",
    "Menschen in Berlin",
    "Kunden der Sparkasse",
    "Adultos en Madrid",
    "Jeunes adultes à Lyon",
  ];
  const anyNamedModels = anyModels.chain((models) =>
    fc
      .tuple(...models.map(() => fc.option(fc.constantFrom(...NAMES), { nil: undefined })))
      .map((names) =>
        models.map((m, i) => ({ ...m, name: names[i] ? `${names[i]} ${i + 1}` : m.name }) as UserModelRecord),
      ),
  );

  it("should make a verb agree with a plural user model's name", () => {
    fc.assert(
      fc.property(anyNamedModels, anySeed, (models, seed) => {
        const run = runResearch(
          "concept_test",
          { concept: "A budgeting app for flatmates", price_point: "£3 a month" },
          models,
          seed,
        );
        for (const model of models) {
          const name = model.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          expect(run.report).not.toMatch(new RegExp(`${name}(?: \\([^)]*\\))? speaks\\b`));
          expect(run.report).not.toContain(`${model.name} is more favourable`);
          expect(run.report).not.toContain(`${model.name} is the more favourable`);
        }
      }),
      RUNS,
    );
  });

  it("should say the client's own word, cart or basket, wherever the client's steps name one, whatever the country", () => {
    fc.assert(
      fc.property(anyModel, anySeed, fc.constantFrom("cart", "basket"), (model, seed, word) => {
        const inputs = {
          start_url: "https://plants.example/",
          goal_event: "pays for the order",
          steps: ["Open a plant page", `Add to ${word}`, `View the ${word}`, "Pay by card"],
        };
        const run = runJourney("conversion_funnel", inputs, [model], seed);
        const other = word === "cart" ? /\bbaskets?\b/i : /\bcarts?\b/i;
        for (const f of run.results.by_user_model.flatMap((m) => m.friction_points))
          expect(`${f.issue} ${f.quote}`, `${word} in ${String(model.metadata.country)}`).not.toMatch(other);
      }),
      RUNS,
    );
  });

  it("should give US participants a cart, never a basket, in the steps and friction the mock writes", () => {
    const american = anyModel.map(
      (m) => ({ ...m, metadata: { ...m.metadata, country: "US", language: "en-US" } }) as UserModelRecord,
    );
    fc.assert(
      fc.property(american, anySeed, fc.constantFrom("usability_test", "conversion_funnel"), (model, seed, goal) => {
        const inputs =
          goal === "usability_test"
            ? { start_url: "https://shop.example/", task: "Buy a pair of running shoes" }
            : { start_url: "https://shop.example/", goal_event: "completes checkout" };
        const run = runJourney(goal, inputs, [model], seed);
        const written = [
          ...((run.plan.journey_task?.steps as string[] | undefined) ?? []),
          ...run.results.by_user_model.flatMap((m) => m.friction_points.flatMap((f) => [f.issue, f.quote])),
        ];
        for (const text of written) expect(text).not.toMatch(/\bbasket\b/i);
      }),
      RUNS,
    );
  });
});

describe("a subject the writer has no words for is asked about neutrally, in any of the four languages (issue 27)", () => {
  const WHO = ["neighbours", "residents", "people", "young adults", "older people"];
  const DEEDS = [
    "separate food waste at home",
    "recycle",
    "use the local library",
    "compost garden waste",
    "sing in a choir",
  ];
  const anyUnknownObjective = fc.oneof(
    fc
      .tuple(fc.constantFrom(...WHO), fc.constantFrom(...DEEDS), fc.boolean())
      .map(([who, deed, more]) => `Understand why ${who} do not ${deed}${more ? ", and what would make them" : ""}`),
    fc.constantFrom(
      "Entender por qué los vecinos no separan los residuos orgánicos en casa y qué les ayudaría a hacerlo",
      "Entender por qué los jóvenes no usan la biblioteca municipal",
      "Verstehen, warum Nachbarn ihren Biomüll nicht trennen",
      "Verstehen, warum ältere Menschen nicht in einem Chor singen",
      "Comprendre pourquoi les voisins ne trient pas leurs déchets alimentaires",
      "Comprendre pourquoi les habitants ne vont pas à la bibliothèque",
    ),
  );

  it("should write no shopping options, never quote the objective in a question, and judge the reason it asked", () => {
    fc.assert(
      fc.property(anyUnknownObjective, anyModels, anySeed, (objective, models, seed) => {
        const run = runResearch("custom_survey", { objective }, models, seed);
        const text = planText(run);
        expect(text).not.toMatch(SHOPPING);
        expect(text).not.toMatch(/\bbrand\b|cost less|\bcheaper\b/i);
        // Nothing is sold: cost is no reason, and everyone is no audience to name (reading g s06, reading i s06).
        if (studyDomain(run.simulation, undefined) === "general")
          for (const q of run.plan.survey_questions ?? []) expect(q.answer_options ?? []).not.toContain("Cost");
        expect(run.plan.question_text ?? "").not.toMatch(/\bamong people\b/);
        // No clause left dangling where a subject was cut short ("recycling , and what would make you").
        expect(text).not.toMatch(/ ,|, and what would make you[,?]/);
        for (const q of run.plan.survey_questions ?? [])
          expect(q.question_text, "the objective quoted in a question").not.toContain(objective.slice(0, 20));
        // A hypothesis on the reason is judged on the open question that asks it, however it is worded.
        if (/^The reason given most often is/.test(run.plan.hypothesis_text ?? ""))
          expect(run.synthesis).not.toMatch(/did not ask for the reason/);
      }),
      RUNS,
    );
  });
});

describe("a brief that says nothing is sold is never read as a shop's (issue 27, reading h s04)", () => {
  /** Public briefs that list among their issues a word of a field that sells ("dog waste", "cafe", "phone signal"). */
  const PUBLIC_BRIEFS = [
    "The district wants to know how residents use the park, what bothers them most (lighting, dog waste, cyclists, toilets) and which fix they would fund first. Nothing is for sale; this is a public consultation.",
    "Understand what residents think of the new library hours and the cafe on the ground floor. We sell nothing: it is a free council service.",
    "Learn why neighbours do not report broken street lights or poor phone signal to the town hall. This is a free public programme.",
    "Entender qué molesta a los vecinos del parque (perros sin correa, basura, bancos rotos). No vendemos nada: es una consulta pública.",
  ];
  it("should ask no price, purchase, switching or company-website question of a brief that sells nothing", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PUBLIC_BRIEFS), anyModels, anySeed, (objective, models, seed) => {
        const run = runResearch("custom_survey", { objective }, models, seed);
        for (const q of run.plan.survey_questions ?? []) {
          expect(q.question_text, objective).not.toMatch(/switch to something new|your pet\b/i);
          for (const option of q.answer_options ?? [])
            expect(option, q.question_text).not.toMatch(/^(?:Price|Cost)$|company's own website|Too expensive/i);
        }
      }),
      { numRuns: 20 },
    );
  });
});

describe("a price is said as the client priced it (issue 27, readings j S10, l S10, m S6)", () => {
  const anyLead = fc.constantFrom("", "Packages ", "Plans ", "Sessions ");
  const anyAmount = fc.constantFrom("KES 45,000", "₱2,499", "THB 1,490", "€39", "45 zł");
  const anyCover = fc.constantFrom(
    "for a full day",
    "with delivery",
    "including fitting",
    "a year per unit",
    "per unit",
    "per screen",
  );

  it("should keep 'from' and what the price covers, never 'per for …', nor a lead word as the price", () => {
    fc.assert(
      fc.property(
        anyLead,
        fc.boolean(),
        anyAmount,
        anyCover,
        anyName,
        anyModels,
        anySeed,
        (lead, from, amount, cover, name, models, seed) => {
          // A lead word comes only before a starting price ("Packages from …"), as clients write it.
          const price = `${from ? `${lead}from ` : ""}${amount} ${cover}`;
          const run = runResearch(
            "concept_test",
            { concept: `${name}: a service near you`, price_point: price },
            models,
            seed,
          );
          const text = (run.plan.survey_questions ?? []).map((q) => q.question_text).join("\n");
          expect(text, price).toMatch(/\bcost\b|\bprices?\b/);
          expect(text, price).not.toMatch(/\bper (?:for|with|including)\b|\bcost (?:Packages|Plans|Sessions)\b/);
          if (from) expect(text, price).toMatch(/\bfrom\b/);
          if (/\bunit\b/.test(cover)) expect(text, price).toMatch(/\bper unit\b/);
        },
      ),
      RUNS,
    );
  });
});

describe("advice on feature sets says what the sets show (issue 27, readings j S6, m S5)", () => {
  it("should say 'each' only of two or more set leaders, and say which sets have none", () => {
    fc.assert(
      fc.property(anyFeatures, anyModels, anySeed, (features, models, seed) => {
        const run = runResearch("feature_prioritisation", { product: "Zorava", features }, models, seed);
        for (const line of run.report.split("\n").filter((l) => l.startsWith("- Build "))) {
          const head = line.split(" first:")[0] ?? "";
          const named = (head.match(/"[^"]+"/g) ?? []).length;
          if (named < 2) expect(line).not.toMatch(/\beach\b/);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("the Method's scope note agrees with the questions asked (issue 27, reading l S9)", () => {
  it("should not say an amount of the brief goes unasked when a question asks what it costs", () => {
    const anyCostQuestion = fc.constantFrom(
      "Is it clear what it costs?",
      "Is the price easy to find?",
      "Can you tell how much you would pay each month?",
    );
    const anyAmount = fc.constantFrom("NOK 199", "₱2,499", "KES 3,500", "€19", "CHF 49.90");
    fc.assert(
      fc.property(anyCostQuestion, anyAmount, anyModels, anySeed, (question, amount, models, seed) => {
        const run = runJourney(
          "first_impression",
          {
            start_url: "https://plan.example/",
            questions: [question, "Who is this for?"],
            notes: `The plan costs ${amount} a month with no contract.`,
          },
          models,
          seed,
        );
        const scope = run.report.split("\n").find((l) => l.startsWith("Scope:")) ?? "";
        expect(scope, question).not.toContain(`"${amount}`);
      }),
      RUNS,
    );
  });
});

describe("a concept that says what to do is not named as a thing, and a permit is applied for (issue 27, reading m S10)", () => {
  it("should never call a concept 'the <verb> …' when it opens with what people would do, and ask if people would apply for a permit", () => {
    const anyVerb = fc.constantFrom(
      "Apply",
      "Request",
      "Renew",
      "Demander",
      "Réserver",
      "Solicitar",
      "Beantragen",
      "Buchen",
    );
    const anyRest = fc.constantFrom(
      "online for a stall permit",
      "en ligne le permis de stand",
      "por internet el permiso",
    );
    fc.assert(
      fc.property(anyVerb, anyRest, anyModels, anySeed, (verb, rest, models, seed) => {
        const run = runResearch("concept_test", { concept: `${verb} ${rest}` }, models, seed);
        const text = (run.plan.survey_questions ?? []).map((q) => q.question_text).join("\n");
        expect(text).not.toMatch(new RegExp(`\\bthe ${verb}\\b`, "iu"));
        // A permit is applied for, never bought, taken out or used.
        expect(text).toMatch(/how likely would you be to apply for it\?/);
      }),
      RUNS,
    );
  });
});

describe("a service is booked or used, never bought (issue 27, reading j S10)", () => {
  const things = ["phone screen", "bike", "boiler", "carpet", "laptop", "sofa", "gutter", "piano", "roof", "kayak"];
  const services = ["repair", "cleaning", "servicing", "lessons", "check", "installation", "replacement", "storage"];
  const goods = ["water bottle", "desk lamp", "rain jacket", "wool blanket", "toothbrush", "backpack", "kettle"];
  const made = ["steel", "bamboo", "recycled", "folding", "glass"];
  const anyPrice = fc.constantFrom("THB 1,490", "from ₦18,500", "RM 59 per visit", "45 zł", "€39", "$25 each time");
  const intentOf = (run: ReturnType<typeof runResearch>) =>
    (run.plan.survey_questions ?? []).find((q) => /how likely would you be to/.test(q.question_text));

  it("should ask whether people would book or use a priced service, and whether they would buy a priced good", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...things),
        fc.constantFrom(...services),
        fc.constantFrom(...goods),
        fc.constantFrom(...made),
        anyName,
        anyPrice,
        anyModels,
        anySeed,
        (thing, service, good, material, name, price, models, seed) => {
          const serviceRun = runResearch(
            "concept_test",
            { concept: `${name}: ${thing} ${service} at a kiosk near you, done while you wait`, price_point: price },
            models,
            seed,
          );
          const asked = intentOf(serviceRun);
          expect(asked, JSON.stringify(serviceRun.plan.survey_questions)).toBeDefined();
          const words = [asked?.question_text ?? "", ...(asked?.answer_options ?? [])].join("\n");
          expect(words, `${thing} ${service}`).not.toMatch(/\bbuy\b/i);
          const goodRun = runResearch(
            "concept_test",
            { concept: `A ${material} ${good} from ${name}`, price_point: price },
            models,
            seed,
          );
          expect(intentOf(goodRun)?.question_text, `${material} ${good}`).toMatch(/\bbuy it\b/);
        },
      ),
      RUNS,
    );
  });
});

/**
 * Readings p S1 and q S1, S2, S10: measure names are nouns used as nouns; only an app, a service or a tool is asked
 * what it "does"; a choice of one message asks about that one message.
 */
describe("sentences that name a measure, a thing or a message parse (issue 27, readings p S1, q S1, S2, S10)", () => {
  const MEASURES = [
    "appeal",
    "value for money",
    "purchase intent",
    "take-up intent",
    "word of mouth",
    "uniqueness",
    "relevance",
    "believability",
    "clarity",
    "fit with people's routine",
  ];
  // A measure is the noun of its clause: said as a point, a score or a share, never after "its weakest" as if a thing.
  const SHAPES = [
    "points? (?:is|are) M \\(",
    "(?:^|: |, |\\band |; )M \\(\\d",
    "score, M \\(",
    "Work on M first",
    "cap M and",
    ": M is \\d",
    "% on M\\b",
    "(?:^|, |\\band )M(?: \\(\\d|,)",
  ];
  const drinks = [
    "A sparkling kombucha with ginger",
    "Bubble Leaf Kombucha",
    "A wool jumper made from recycled yarn",
    "A frozen pizza with a sourdough base",
    "Organic oat milk in a returnable bottle",
    "Ein Kombucha mit Ingwer aus Berlin",
    "Une boisson pétillante au thé vert",
    "Una bebida de té fermentado con jengibre",
    "A reusable coffee cup that works with an app",
    "Not an app: a sparkling drink for hot afternoons",
    "A cold-brew coffee (with a companion app)",
  ];
  const anyThing = fc.oneof(
    fc.constantFrom(...drinks),
    anyWord.map((w) => `A ${w} drink with ginger`),
    anyWord.map((w) => `${cap(w)} tea, served cold`),
  );
  const doers = [
    "A budgeting app that splits bills between flatmates automatically",
    "A council service that collects bulky waste on a day you choose",
    "Une application qui trouve une place de parking",
    "Un servicio que repara bicicletas a domicilio",
    "Eine App, die Arzttermine bucht",
  ];

  it("should use a measure's name as a noun in every sentence of the summary and the advice", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyConcept,
          anyThing.map((concept) => ({ concept })),
        ),
        anyModels,
        anySeed,
        (inputs, models, seed) => {
          const run = runResearch("concept_test", defined(inputs), models, seed);
          const said = [run.report.split("## Hypothesis")[0] ?? "", run.report.split("## Recommendations")[1] ?? ""]
            .join("\n")
            .replace(/"[^"]*"|\*[^*]*\*/g, "Q");
          for (const m of MEASURES) {
            const name = m.replace(/[()]/g, "\\$&");
            const all = said.match(new RegExp(`\\b${name}\\b`, "gm")) ?? [];
            const fine = SHAPES.reduce(
              (sum, shape) => sum + (said.match(new RegExp(shape.replace("M", name), "gm")) ?? []).length,
              0,
            );
            expect(said, m).not.toMatch(
              new RegExp(`\\b(?:its|weakest|strongest|lowest|highest|best|worst) ${name}\\b`),
            );
            expect(fine, `${m}\n${said}`).toBeGreaterThanOrEqual(all.length);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it("should ask what a drink, a meal or a garment is, and only an app, a service or a tool what it does", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyThing.map((c) => [c, false] as const),
          fc.constantFrom(...doers).map((c) => [c, true] as const),
        ),
        fc.option(anyName, { nil: undefined }),
        anyModels,
        anySeed,
        ([concept, does], product_name, models, seed) => {
          const run = runResearch("concept_test", defined({ concept, product_name }), models, seed);
          const clarity = (run.plan.survey_questions ?? []).find((q) =>
            /^How clear is it what\b/.test(q.question_text),
          );
          if (!clarity) return;
          if (does) expect(clarity.question_text, concept).toMatch(/ does and how you would use it\?$/);
          else expect(clarity.question_text, concept).toMatch(/ is and what it offers\?$/);
        },
      ),
      { numRuns: 16 },
    );
  });

  it("should ask which one message would most make people act, in words said of that one message", () => {
    const invented = fc.oneof(
      anyWord.map((w) => `Try ${cap(w)} today`),
      anyWord.map((w) => `${cap(w)}: because your evenings matter`),
      anyWord.map((w) => `Meet ${cap(w)}, the calmer way to commute`),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.oneof(fc.constantFrom(...PUBLIC_MESSAGES), invented), { minLength: 2, maxLength: 4 }),
        fc.option(anyName, { nil: undefined }),
        anyModels,
        anySeed,
        (messages, product_name, models, seed) => {
          const run = runResearch("message_test", defined({ messages, product_name }), models, seed);
          for (const q of run.plan.survey_questions ?? [])
            if (/^Which of these messages would most make you want to /.test(q.question_text))
              expect(q.question_text.split("want to ")[1], q.question_text).not.toMatch(/\b(?:them|they|their)\b/);
        },
      ),
      { numRuns: 12 },
    );
  });
});
