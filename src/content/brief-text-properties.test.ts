import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import {
  anyBilling,
  anyBrands,
  anyConcept,
  anyCurrency,
  anyFeatures,
  anyModel,
  anyModels,
  anyPrices,
  anySeed,
  defined,
  PUBLIC_MESSAGES,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import { favourableOf } from "./analysis.js";
import { languageOf } from "./subject.js";

/**
 * Patterns readings c and d found (docs/content-readings/2026-11-28-reading-c.md, -d.md), each as a property over random
 * studies: the brief's text spliced into sentences, hypotheses the tool wrote that it then could not read, scale
 * statistics over lists of messages, and the questionnaire's language misstated.
 */

const RUNS = { numRuns: 40 };

/** Languages the readers' user models spoke that the demo world's do not: Korean, Turkish, Yoruba, Polish... */
const anyForeignModel: fc.Arbitrary<UserModelRecord> = fc
  .tuple(anyModel, fc.constantFrom("ko-KR", "tr-TR", "yo-NG", "pl-PL", "fr-CH", "es-MX", "de-DE", "en-NG"))
  .map(([model, language]) => ({ ...model, metadata: { ...model.metadata, language } }) as UserModelRecord);
const anyForeignModels = fc.uniqueArray(anyForeignModel, { minLength: 1, maxLength: 3, selector: (m) => m.id });

/** Questions clients write in German, French and Spanish for a custom survey. */
const OWN_QUESTIONS = [
  [
    "Hatte in den letzten 12 Monaten jemand in Ihrem Betrieb psychische Probleme?",
    "Welche Unterstützungsangebote kennen Sie?",
    "Wie sicher fühlen Sie sich im Umgang mit diesem Thema?",
  ],
  [
    "Combien de fois par mois prenez-vous le train pour aller au travail ?",
    "Qu'est-ce qui vous ferait prendre le train plus souvent ?",
  ],
  ["¿Con qué frecuencia usa la bicicleta para ir al trabajo?", "¿Qué le impide usar la bicicleta más a menudo?"],
];

describe("the report says what language the questions were in (issue 27, reading d pattern 5, reading c S03)", () => {
  it("should never say questions were written in English when the team wrote them in another language, nor repeat a locale", () => {
    fc.assert(
      fc.property(fc.constantFrom(...OWN_QUESTIONS), anyForeignModels, anySeed, (questions, models, seed) => {
        const run = runResearch("custom_survey", { questions }, models, seed);
        const asked = run.results.questions.map((q) => q.question_text);
        const method = run.report.split("## Method")[1]?.split("## Results")[0] ?? "";
        if (/written in English/.test(method))
          for (const q of asked) expect(languageOf(q), `${q}\n${method}`).toBe("en");
        // A user model's language is named in words, never as its tag twice ("ko-KR, ko-KR").
        expect(method).not.toMatch(/\(([a-z]{2,3}-[A-Z]{2}), \1\)/);
        for (const m of models) {
          const tag = String(m.metadata.language);
          if (tag.startsWith("en") || !method.includes(m.name)) continue;
          const name = new Intl.DisplayNames(["en"], { type: "language" }).of(tag.split("-")[0] as string) as string;
          expect(method, tag).toContain(`${name}, ${tag}`);
        }
      }),
      RUNS,
    );
  });
});

/** Messages as clients write them, with "None of these" the list's own way out. */
const SMS_MESSAGES = [
  "El pago llega a tu celular el mismo día si no llueve lo suficiente.",
  "Never share your PIN: SASSA will not phone you about the change.",
  "No queue, no cash: your grant goes straight to your bank.",
  "Your grant is safe. SASSA will never ask for your PIN.",
  "Need help with the change? Dial *120*69277# for free.",
  "Collecting at the post office? Bring your ID and card.",
  "El pago llega a tu celular el mismo día.",
  "Por 180 pesos por hectárea, tu cosecha está protegida.",
  "Respaldado por satélites: medimos la lluvia en tu parcela, no en la ciudad.",
  ...PUBLIC_MESSAGES,
];

describe("a choice among messages or items is not a scale (issue 27, reading d pattern 3)", () => {
  it("should give no favourable end (top-two box) to a question whose answers are the study's messages, features or brands", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .uniqueArray(fc.constantFrom(...SMS_MESSAGES), { minLength: 2, maxLength: 5 })
            .map((messages) => ["message_test", { messages }, messages] as const),
          fc
            .tuple(anyFeatures, fc.subarray(["No ads", "Never lose a receipt", "Not tracked"], { minLength: 1 }))
            .map(([some, negative]) => [...negative, ...some])
            .map((features) => ["feature_prioritisation", { features }, features] as const),
          anyBrands.map((b) => ["brand_perception", b, [b.brand, ...b.competitors]] as const),
        ),
        anyModels,
        anySeed,
        ([goal, inputs, items], models, seed) => {
          const run = runResearch(goal, inputs, models, seed);
          for (const q of run.results.questions) {
            if (!q.answer_options.some((o) => items.includes(o))) continue;
            expect(favourableOf(q), q.question_text).toEqual([]);
          }
          for (const line of run.report.split("\n").filter((l) => /top-two box|favourably/i.test(l)))
            for (const item of items) expect(line, line).not.toContain(`'${item}'`);
        },
      ),
      RUNS,
    );
  });
});

/** Prices as clients in other countries write them, with their own notation and unit. */
const LOCAL_PRICES = [
  "CHF 39.– par appel",
  "CHF 480 la part (paiement unique)",
  "39,90 zł miesięcznie",
  "₺149,99/ay",
  "₦2,500 per month",
  "R69 per parcel",
  "A$1,200 a year per farm",
  "¥1,200/月",
  "4,90 € pro Monat",
  "CHF 25.– la séance de groupe",
];

describe("the plan's own hypothesis can fail as well as pass (issue 27, reading c pattern 3, reading d S03)", () => {
  it("should read every claim of the hypothesis it wrote against the results: supported, refuted or too close to call, never 'not read'", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .tuple(anyConcept, fc.option(fc.constantFrom(...LOCAL_PRICES), { nil: undefined }))
            .map(
              ([c, price]) => ["concept_test", defined({ ...c, ...(price ? { price_point: price } : {}) })] as const,
            ),
          fc
            .record({ product: fc.constantFrom("a season pass", "drone spraying"), prices: anyPrices })
            .chain(({ product, prices }) =>
              fc
                .tuple(anyCurrency, anyBilling)
                .map(
                  ([currency, billing]) =>
                    ["pricing", defined({ product, price_points: prices, currency, billing })] as const,
                ),
            ),
          fc
            .uniqueArray(fc.constantFrom(...SMS_MESSAGES), { minLength: 2, maxLength: 5 })
            .map((messages) => ["message_test", { messages }] as const),
          anyFeatures.map((features) => ["feature_prioritisation", { features }] as const),
          anyBrands.map((b) => ["brand_perception", b] as const),
        ),
        anyModels,
        anySeed,
        ([goal, inputs], models, seed) => {
          const run = runResearch(goal, inputs, models, seed);
          const section = run.report.split("## Hypothesis")[1]?.split("## Method")[0] ?? "";
          expect(section, run.plan.hypothesis_text ?? "").not.toMatch(/not read against this claim|did not ask/);
        },
      ),
      RUNS,
    );
  });

  it("should write a price in the client's own notation as money and its unit in English or quoted, and read the hypothesis at it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCAL_PRICES),
        fc.constantFrom("Night-time video vet consultations", "A community solar share on a school roof"),
        anyModels,
        anySeed,
        (price_point, concept, models, seed) => {
          const run = runResearch("concept_test", { concept, price_point }, models, seed);
          const text = [
            run.plan.hypothesis_text ?? "",
            ...(run.plan.survey_questions ?? []).map((q) => q.question_text),
          ].join("\n");
          // Never cut at punctuation inside a price ("CHF 39 per .– par appel"), never a unit run into English
          // words unquoted ("per la part (paiement unique)", "miesięcznie").
          expect(text, price_point).not.toMatch(/\bper [^\p{L}\d\s"]|\d[.,]?[\u2013-](?!\d)/u);
          const unquoted = text.replace(/"[^"]*"/g, "");
          expect(unquoted, price_point).not.toMatch(
            /\b(?:par|la|pro|al|ay|miesi\u0119cznie|paiement|unique)\b|\u6708/u,
          );
          const section = run.report.split("## Hypothesis")[1]?.split("## Method")[0] ?? "";
          expect(section, run.plan.hypothesis_text ?? "").not.toMatch(/not read against this claim|did not ask/);
        },
      ),
      RUNS,
    );
  });

  it("should read a usability test's own hypothesis, whatever quotes and punctuation the task holds", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'Sie haben einem Kunden eine Rechnung über 2.380 € gestellt; beantragen Sie einen Mahnbescheid und drucken Sie den "Antrag mit Barcode" aus',
          "Book free timed-entry tickets for 2 adults and 2 children for next Saturday morning, including a pram-accessible entry",
          "Renew a passport for a child (under 16) and pay the £53.50 fee",
        ),
        anyModels,
        anySeed,
        (task, models, seed) => {
          const run = runJourney("usability_test", { start_url: "https://example.org/", task }, models, seed);
          const section = run.report.split("## Hypothesis")[1]?.split("## ")[0] ?? "";
          expect(section, run.plan.hypothesis_text ?? "").not.toMatch(/not read against this claim|did not ask/);
        },
      ),
      RUNS,
    );
  });
});

describe("a funnel's steps are quoted whole in its hypothesis, whatever quotes they hold (issue 27, reading i s08)", () => {
  it("should judge the step the hypothesis names, never cut it at a quote inside its name", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ["Land on the page", 'Tap "Bliv medlem"', "Enter email and phone number", "Confirm with MobilePay"],
          ["Open the app", "Choose \u201cPay later\u201d", 'Press "Weiter"', "See the receipt"],
          ["Land on the offer", "Read the terms", "Sign up", "Get the card"],
        ),
        anyModels,
        anySeed,
        (steps, models, seed) => {
          const run = runJourney(
            "conversion_funnel",
            { start_url: "https://example.dk/card", goal_event: "joins the loyalty card", steps },
            models,
            seed,
          );
          const section = run.report.split("## Hypothesis")[1]?.split("## ")[0] ?? "";
          expect(section, run.plan.hypothesis_text ?? "").not.toMatch(/not read against this claim|did not ask/);
          expect(run.plan.hypothesis_text ?? "").not.toMatch(/"[^"]*"[^",.\s]/);
        },
      ),
      RUNS,
    );
  });
});

/** Rivals clients name for a brand study: the established brands of their market, in no list of famous names. */
const RIVALS = ["Play", "Orange Polska", "Plus", "Turkcell", "MTN", "Glo", "Migros", "Coop", "Kaufland", "Rappi"];

describe("a brand few people know is not picked first over the rivals its market knows (issue 27, readings c S05, d 5)", () => {
  it("should have the leading named rival picked first more often than a brand most have never heard of or know by name only", () => {
    fc.assert(
      fc.property(
        anyBrands.map((b) => b.brand),
        fc.uniqueArray(fc.constantFrom(...RIVALS), { minLength: 2, maxLength: 4 }),
        anyModels,
        anySeed,
        (brand, competitors, models, seed) => {
          const run = runResearch("brand_perception", { brand, competitors }, models, seed);
          const known = run.results.questions.find((q) => /how familiar/i.test(q.question_text));
          const first = run.results.questions.find((q) => /pick first/i.test(q.question_text));
          if (!known || !first) return;
          const unknown = (known.overall["Never heard of it"] ?? 0) + (known.overall["Heard the name only"] ?? 0);
          if (unknown <= 0.5) return;
          const rival = Math.max(...competitors.map((c) => first.overall[c] ?? 0));
          expect(first.overall[brand] ?? 0, JSON.stringify(first.overall)).toBeLessThan(rival);
        },
      ),
      RUNS,
    );
  });
});

/** Funnels of deeds people set out to do, where nothing is shopped for: applying, claiming, registering, renewing. */
const COMMITTED_FUNNELS: Array<[string, string]> = [
  ["https://northsidehockey.example/register", "registers their child and pays the season fee"],
  ["https://www.gov.example/apply-benefit", "submits the benefit application"],
  ["https://vote.example/", "registers to vote"],
  ["https://passport.example/renew", "renews their passport and pays the fee"],
  ["https://council.example/grants", "claims the hardship grant"],
  ["https://uni.example/enrol", "enrols on the course"],
];

describe("a funnel of a deed people set out to do is not read against shop benchmarks (issue 27, readings c S08, d 8)", () => {
  it("should give applications, claims and registrations a benchmark of their own, never e-commerce or sign-up rates, and convert within it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMMITTED_FUNNELS),
        anyModels,
        anySeed,
        ([start_url, goal_event], models, seed) => {
          const run = runJourney("conversion_funnel", { start_url, goal_event }, models, seed);
          const benchmark = run.plan.journey_task?.conversion_benchmark as
            | { kind: string; low: number; high: number }
            | undefined;
          expect(benchmark?.kind, goal_event).not.toMatch(/e-commerce|sign-up|newsletter|lead form|website/);
          for (const model of run.results.by_user_model)
            expect(model.task_success_rate, `${model.name}`).toBeGreaterThanOrEqual((benchmark?.low ?? 0) * 0.5);
        },
      ),
      RUNS,
    );
  });
});

/** Objectives that say what a message should move people to do, in the four languages read. */
const MESSAGE_AIMS: Array<[string, string]> = [
  ["Savoir quel message donne le plus envie de prendre rendez-vous pour un premier don de sang", "give blood"],
  ["Herausfinden, welche Botschaft Erstspender am ehesten zum Blut spenden bewegt", "give blood"],
  ["Saber qué mensaje anima más a donar sangre por primera vez", "give blood"],
  ["Which message makes first-time donors most likely to give blood?", "give blood"],
  ["Find the message that gets over-65s to book their flu vaccine", "get vaccinated"],
];

describe("a message is judged on the act its objective names (issue 27, reading d 2, pattern 2)", () => {
  it("should ask how much each message makes people do what the objective says, never 'find out more'", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MESSAGE_AIMS),
        fc.uniqueArray(fc.constantFrom(...SMS_MESSAGES), { minLength: 2, maxLength: 4 }),
        anyModels,
        anySeed,
        ([objective, act], messages, models, seed) => {
          const run = runResearch("message_test", { messages, objective }, models, seed);
          const persuasion = (run.plan.survey_questions ?? []).filter((q) => /make you want to/.test(q.question_text));
          expect(persuasion.length, objective).toBeGreaterThan(0);
          for (const q of persuasion) expect(q.question_text, objective).toContain(act);
        },
      ),
      RUNS,
    );
  });
});

describe("messages are judged on the act they name most (issue 27, reading i s02)", () => {
  /** Ways of asking each act, any of which a campaign's messages may use. */
  const ASKING: Array<[string, string[]]> = [
    [
      "volunteer",
      ["Become a {place} volunteer.", "Volunteers make {place} work.", "Volunteer one evening a month at {place}."],
    ],
    [
      "recycle",
      ["Recycle your old phone at {place}.", "Recycling one phone saves gold.", "Bring it to {place} to be recycled."],
    ],
    [
      "get vaccinated",
      ["Book your jab at {place}.", "The vaccine is free at {place}.", "Vaccination takes ten minutes."],
    ],
    ["apply", ["Apply online from {place}.", "Applications close on Friday.", "Apply today, it takes five minutes."]],
  ];
  /** One message borrowing another act's word ("Give two hours a week") among calls to the campaign's own act. */
  const BORROWED = [
    "Give two hours a week.",
    "Give it a go this spring.",
    "Join your neighbours at {place}.",
    "Sign up below.",
  ];
  const campaign = fc
    .record({
      asking: fc.constantFrom(...ASKING),
      place: fc.constantFrom("the hospice", "the library", "the town hall", "Ostrava", "the community centre"),
      count: fc.integer({ min: 2, max: 3 }),
      borrowed: fc.constantFrom(...BORROWED),
      at: fc.nat(3),
    })
    .map(({ asking: [act, ways], place, count, borrowed, at }) => {
      const own = ways.slice(0, count).map((m) => m.replace("{place}", place));
      own.splice(at % (own.length + 1), 0, borrowed.replace("{place}", place));
      return { act, messages: own };
    });
  it("should ask how much each message makes people do the act its messages name most, not one word's", () => {
    fc.assert(
      fc.property(campaign, anyModels, anySeed, ({ act, messages }, models, seed) => {
        const run = runResearch("message_test", { messages }, models, seed);
        const persuasion = (run.plan.survey_questions ?? []).filter((q) => /make you want to/.test(q.question_text));
        for (const q of persuasion) expect(q.question_text, messages.join(" | ")).toContain(act);
        expect(persuasion.length).toBeGreaterThan(0);
      }),
      { numRuns: 20 },
    );
  });
});

describe("messages are judged on the act the brief names in its own words (issue 27, readings j S3, k S3, k S6)", () => {
  const brief = fc
    .record({
      shape: fc.constantFrom(
        "We want to see which message gets {who} to {act}.",
        "Which message would make {who} most likely to {act}? Nothing else matters.",
        "The campaign should encourage {who} to {act}, so that fewer forms are lost.",
        "We want {who} to {act}.",
      ),
      who: fc.constantFrom("parents", "young drivers", "people", "families in Accra", "new tenants"),
      act: fc.constantFrom<[string, string]>(
        ["book a free trial session", "book a free trial session"],
        ["tell their family about their decision", "tell your family about your decision"],
        ["slow down near schools", "slow down"],
        ["bring a friend next time", "bring a friend next time"],
        ["call the helpline today", "call the helpline today"],
        ["check their smoke alarm", "check your smoke alarm"],
      ),
    })
    .map(({ shape, who, act: [written, said] }) => ({
      objective: shape.replace("{who}", who).replace("{act}", written),
      said,
    }));
  it("should ask how much each message makes people do the act the objective names, said to them", () => {
    fc.assert(
      fc.property(
        brief,
        fc.uniqueArray(fc.constantFrom(...SMS_MESSAGES), { minLength: 2, maxLength: 3 }),
        anyModels,
        anySeed,
        ({ objective, said }, messages, models, seed) => {
          const run = runResearch("message_test", { messages, objective }, models, seed);
          const persuasion = (run.plan.survey_questions ?? []).filter((q) => /make you want to/.test(q.question_text));
          expect(persuasion.length, objective).toBeGreaterThan(0);
          for (const q of persuasion) expect(q.question_text, objective).toContain(`want to ${said}`);
        },
      ),
      RUNS,
    );
  });

  it("should judge a brief in German, French or Spanish that asks drivers to slow down on slowing down", () => {
    for (const objective of [
      "Welche Botschaft bringt Autofahrer dazu, vor Schulen langsamer zu fahren?",
      "Quel message incite les conducteurs à ralentir devant les écoles ?",
      "¿Qué mensaje logra que los conductores reduzcan la velocidad cerca de las escuelas?",
    ]) {
      const run = runResearch(
        "message_test",
        { messages: ["Tempo 30 vor Schulen.", "Kinder sind schneller da."], objective },
        [],
        1,
      );
      const persuasion = (run.plan.survey_questions ?? []).filter((q) => /make you want to/.test(q.question_text));
      expect(persuasion.length, objective).toBeGreaterThan(0);
      for (const q of persuasion) expect(q.question_text, objective).toContain("slow down");
    }
  });
});
