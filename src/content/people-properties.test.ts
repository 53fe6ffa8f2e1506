import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import {
  anyBrands,
  anyConcept,
  anyFeatures,
  anyModels,
  anySeed,
  anyWord,
  cap,
  defined,
  NON_BUYING_OBJECTIVES,
  PUBLIC_MESSAGES,
  runJourney,
  runResearch,
} from "./__fixtures__/random-study.js";
import englishNames from "./english-first-names.json" with { type: "json" };
import firstNames from "./first-names.json" with { type: "json" };
import { GIVEN_NAMES } from "./given-names.js";
import { shapeOf } from "./segments.js";

/**
 * People who look real (readings p S8 and p S9): a quoted participant's name fits the user model it is drawn from,
 * its sex where the model's own words say all women or all men (in English, German, French or Spanish), its language
 * where the model answers in a language other than its country's own (fr-BE, nl-BE, fr-CH, fr-CA).
 */

type Sex = "female" | "male";
type Lists = { female: readonly string[]; male: readonly string[]; generic?: readonly string[] };

const faker = (lang: keyof typeof firstNames): Lists => firstNames[lang] as Lists;
const english = (country: "uk" | "us"): Lists => {
  const bands = Object.values(englishNames[country]);
  return { female: bands.flatMap((b) => b.female), male: bands.flatMap((b) => b.male) };
};
const given = (country: string): Lists => GIVEN_NAMES[country] as Lists;

/** Each locale with the names its people are expected to carry: the language's where it is not the country's own. */
const LOCALES: Array<{ country: string; language: string; names: () => Lists }> = [
  { country: "KE", language: "en-KE", names: () => given("KE") },
  { country: "KE", language: "sw-KE", names: () => given("KE") },
  { country: "BE", language: "fr-BE", names: () => faker("fr") },
  { country: "BE", language: "nl-BE", names: () => given("NL") },
  { country: "UY", language: "es-UY", names: () => faker("es") },
  { country: "CH", language: "fr-CH", names: () => faker("fr") },
  { country: "CH", language: "de-CH", names: () => faker("de") },
  { country: "CH", language: "it-CH", names: () => faker("it") },
  { country: "CA", language: "fr-CA", names: () => faker("fr") },
  { country: "CA", language: "en-CA", names: () => english("us") },
  { country: "GB", language: "en-GB", names: () => english("uk") },
  { country: "DE", language: "de-DE", names: () => faker("de") },
  { country: "ES", language: "es-ES", names: () => faker("es") },
  { country: "NL", language: "nl-NL", names: () => given("NL") },
  { country: "BR", language: "pt-BR", names: () => given("BR") },
  { country: "IN", language: "en-IN", names: () => given("IN") },
  { country: "US", language: "es-US", names: () => faker("es") },
  { country: "JP", language: "ja-JP", names: () => given("JP") },
  // Reading u S9: French-speaking Malagasy were quoted with French names. A country with names of its own keeps them
  // whatever language of its own its panel answers in.
  { country: "MG", language: "fr-MG", names: () => given("MG") },
  { country: "SN", language: "fr-SN", names: () => given("SN") },
  { country: "MA", language: "fr-MA", names: () => given("MA") },
  { country: "DZ", language: "fr-DZ", names: () => given("DZ") },
  { country: "TN", language: "fr-TN", names: () => given("TN") },
];

/** Words that say a panel's sex, in the four languages; and ones that do not (both, an aside, a compound, a negation). */
const SEXED: Array<{ words: string; sex: Sex | null }> = [
  { words: "women", sex: "female" },
  { words: "mothers of toddlers", sex: "female" },
  { words: "female nurses", sex: "female" },
  { words: "Frauen", sex: "female" },
  { words: "Mütter", sex: "female" },
  { words: "femmes", sex: "female" },
  { words: "mères de famille", sex: "female" },
  { words: "mujeres", sex: "female" },
  { words: "madres", sex: "female" },
  { words: "men", sex: "male" },
  { words: "fathers", sex: "male" },
  { words: "Männer", sex: "male" },
  { words: "Väter", sex: "male" },
  { words: "hommes", sex: "male" },
  { words: "hombres", sex: "male" },
  { words: "adults", sex: null },
  { words: "women and men", sex: null },
  { words: "Frauen und Männer", sex: null },
  { words: "parents (mostly mothers)", sex: null },
  { words: "woman-owned businesses", sex: null },
  { words: "adults, not only women", sex: null },
  { words: "adultes sans les hommes", sex: null },
  { words: "adults, 52% women", sex: null },
  { words: "shoppers, mostly women", sex: null },
  { words: "adultes, majoritairement des femmes", sex: null },
];

const anyModel = fc
  .record({
    locale: fc.constantFrom(...LOCALES),
    sexed: fc.constantFrom(...SEXED),
    word: anyWord,
    low: fc.integer({ min: 18, max: 50 }),
  })
  .map(({ locale, sexed, word, low }) => ({
    locale,
    sex: sexed.sex,
    model: {
      id: "00000000-0000-4000-8000-000000000001",
      name: `${cap(word)} ${sexed.words} ${low}-${low + 24}`,
      description: `People of ${locale.country}`,
      metadata: { country: locale.country, language: locale.language, age_range: `${low}-${low + 24}` },
    } as unknown as UserModelRecord,
  }));

/** "(Kamau, 35, Kenya)" or "(Pieter, 22, Belgium; translated from French)": the names the report quotes. */
const quotedNames = (report: string) =>
  [...report.matchAll(/"\s\(([^,()"]+), \d+(?:, [^;()]+)?(?:; translated from [^)]+)?\)/g)].map((m) => m[1] as string);

const journeys = fc.constantFrom(
  { goal: "conversion_funnel", inputs: { start_url: "https://example.org/shop", goal_event: "purchase" } },
  { goal: "usability_test", inputs: { start_url: "https://example.org/book", task: "Book an appointment" } },
);

describe("quoted participants fit their user model", () => {
  it("should give every participant a name of the model's sex and of the language it answers in", () => {
    fc.assert(
      fc.property(anyModel, journeys, anySeed, ({ locale, sex, model }, journey, seed) => {
        const { report } = runJourney(journey.goal, journey.inputs, [model], seed);
        const names = quotedNames(report);
        expect(names.length, "no participant quoted").toBeGreaterThan(0);
        const lists = locale.names();
        const allowed = sex ? lists[sex] : [...lists.female, ...lists.male, ...(lists.generic ?? [])];
        for (const name of names)
          expect(allowed, `${name} for "${model.name}" (${locale.language}, ${sex ?? "either"})`).toContain(name);
      }),
      { numRuns: 16 },
    );
  });
});

/** "None of these", "Something else": the way out of a pick-one question. */
const WAY_OUT = /^(?:none of (?:these|the above|them)|something else)\b/i;

const anyForcedChoice = fc.oneof(
  anyFeatures.map((features) => ({
    goal: "feature_prioritisation",
    inputs: { product: "the booking app", features } as Record<string, unknown>,
  })),
  fc.uniqueArray(fc.constantFrom(...PUBLIC_MESSAGES), { minLength: 2, maxLength: 4 }).map((messages) => ({
    goal: "message_test",
    inputs: { messages } as Record<string, unknown>,
  })),
  anyBrands.map((brands) => ({ goal: "brand_perception", inputs: brands as Record<string, unknown> })),
);

describe("a way out of a forced choice is taken by some (reading q S4, q S2)", () => {
  it("should give 'None of these' a plausible share in every unscreened panel", () => {
    fc.assert(
      fc.property(anyForcedChoice, anyModels, anySeed, ({ goal, inputs }, models, seed) => {
        const run = runResearch(goal, inputs, models, seed);
        // A panel screened for the concern may leave nobody without a pick.
        if (run.plan.survey_questions?.some((q) => String(q.variable_name ?? "").startsWith("screener"))) return;
        for (const q of run.results.questions) {
          if (q.question_type !== "single_choice" || q.variable_name.startsWith("screener")) continue;
          const out = q.answer_options.find((o) => WAY_OUT.test(o.trim()));
          if (out === undefined) continue;
          for (const model of models) {
            const share = q.by_user_model[model.id]?.[out] ?? 0;
            expect(share, `${model.name}: "${q.question_text}" ${out}`).toBeGreaterThanOrEqual(0.01);
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});

/** Brand names as clients write them, in the four languages: invented words with the small words names carry. */
const anyBrandName = fc
  .tuple(anyWord, anyWord, fc.constantFrom("del", "de la", "von", "&", "", "et", "y"))
  .map(([a, b, small]) => (small ? `${cap(a)} ${small} ${cap(b)}` : `${cap(a)} ${cap(b)}`));
const OBJECTIVES = [
  undefined,
  "Understand how our brand is seen against the competition",
  "Entender cómo se percibe nuestra marca frente a la competencia",
  "Comprendre comment notre marque est perçue face à la concurrence",
  "Verstehen, wie unsere Marke im Vergleich zur Konkurrenz wahrgenommen wird",
];
const WRAPPED = /^["\u201c\u201e].+["\u201d]$/su;

describe("answer options are shown alike (reading q S5)", () => {
  it("should never quote one option and not the others, and list the client's brand as a plain name like its rivals", () => {
    fc.assert(
      fc.property(
        anyBrandName,
        fc.uniqueArray(anyBrandName, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...OBJECTIVES),
        anyModels,
        anySeed,
        (brand, competitors, objective, models, seed) => {
          const inputs = objective ? { brand, competitors, objective } : { brand, competitors };
          const run = runResearch("brand_perception", inputs, models, seed);
          for (const q of run.plan.survey_questions ?? []) {
            const items = (q.answer_options ?? []).filter((o) => !WAY_OUT.test(o.trim()));
            const wrapped = items.filter((o) => WRAPPED.test(o.trim()));
            expect([0, items.length], `${q.question_text}: ${items.join(" | ")}`).toContain(wrapped.length);
            if (items.some((o) => o.includes(brand))) expect(items, q.question_text).toContain(brand);
            expect(q.question_text).not.toContain(`"${brand}"`);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

// --- Message tests (reading p S2) ------------------------------------------------------------------------------------

/** Messages that all ask for one thing (a screening), worded apart; a place named by an invented word. */
const SCREENING = [
  (w: string) => `Cervical cancer is preventable. Get screened for free at the ${w} health centre this month.`,
  (w: string) => `Do it for the people who need you. Book your free cervical check today at any ${w} clinic.`,
  (w: string) => `One in four women in ${w} has never been screened. Be the one who checks: it takes ten minutes.`,
  (w: string) => `Your screening appointment in ${w} is waiting: book it today`,
];
/** Messages that each ask for something else, some in a clause too long to name as an act. */
const ASKING = [
  (w: string) => `Keep a torch by the bed: most falls in ${w} happen at night`,
  (w: string) => `Lock your bike to something solid in ${w}, every time`,
  (w: string) => `Keep your medicines in a locked cupboard out of reach of children at home in ${w}`,
  (w: string) => `Please take the stairs instead of the lift whenever you can at the ${w} office`,
  (w: string) => `Wash fruit under running water before you eat it, says ${w} council`,
];
/** Messages in languages other than the questionnaire's. */
const FOREIGN = [
  (w: string) => `Ni bure, ni haraka, ni siri. Pima saratani ya mlango wa kizazi leo katika kituo cha ${w}.`,
  (w: string) => `Lassen Sie sich jetzt kostenlos in ${w} untersuchen, es dauert nur zehn Minuten.`,
  (w: string) => `Faites-vous dépister gratuitement au centre de santé de ${w}, le plus proche de chez vous.`,
  (w: string) => `Hazte la prueba gratis en el centro de salud de ${w}, solo tarda diez minutos.`,
];

const anyMessagesFrom = (pools: ReadonlyArray<ReadonlyArray<(w: string) => string>>, min: number, max: number) =>
  fc
    .tuple(fc.uniqueArray(fc.constantFrom(...pools.flat()), { minLength: min, maxLength: max }), anyWord)
    .map(([makers, word]) => makers.map((make) => make(cap(word))));

const count = (text: string, part: string) => text.split(part).length - 1;

describe("message tests name their messages readably (reading p S2)", () => {
  it("should quote each of more than two or long messages once and name it by its letter everywhere else", () => {
    fc.assert(
      fc.property(anyMessagesFrom([SCREENING, ASKING, FOREIGN], 2, 5), anyModels, anySeed, (messages, models, seed) => {
        const run = runResearch("message_test", { messages }, models, seed);
        const labelled = messages.length > 2 || messages.some((m) => m.split(/\s+/).length > 8);
        if (!labelled) return;
        for (const [i, m] of messages.entries()) {
          const label = `Message ${String.fromCharCode(65 + i)}`;
          expect(count(run.report, m), m).toBe(1);
          expect(run.report).toContain(`${label}: "${m}"`);
          expect(count(run.synthesis, m), m).toBe(1);
        }
      }),
      { numRuns: 10 },
    );
  });

  it("should warn that language may explain the gap of a message not in the questionnaire's language", () => {
    fc.assert(
      fc.property(
        anyMessagesFrom([SCREENING, ASKING], 1, 3),
        anyMessagesFrom([FOREIGN], 1, 1),
        anyModels,
        anySeed,
        (english, foreign, models, seed) => {
          const messages = [...english, ...foreign];
          const run = runResearch("message_test", { messages }, models, seed);
          const warned = run.report
            .split("\n")
            .filter((l) => /not in English/.test(l) && /language/.test(l) && /may explain/.test(l));
          expect(warned.length, messages.join(" | ")).toBe(1);
          // It names the message in the other language: by its letter where messages are labelled, else quoted.
          const labelled = messages.length > 2 || messages.some((m) => m.split(/\s+/).length > 8);
          const name = labelled ? `Message ${String.fromCharCode(65 + english.length)}` : `"${foreign[0]}"`;
          expect(warned[0], messages.join(" | ")).toContain(name);
        },
      ),
      { numRuns: 10 },
    );
  });

  it("should say the messages ask for different things only when they do, naming whole acts", () => {
    fc.assert(
      fc.property(
        fc.oneof(anyMessagesFrom([SCREENING], 2, 4), anyMessagesFrom([ASKING], 2, 4)),
        fc.constantFrom(undefined, "Which message gets people to book a free cervical screening?"),
        anyModels,
        anySeed,
        (messages, objective, models, seed) => {
          const run = runResearch("message_test", objective ? { messages, objective } : { messages }, models, seed);
          const line = run.report.split("\n").find((l) => /ask for different things/.test(l));
          if (messages.every((m) => /screen|cervical/i.test(m))) expect(line, messages.join(" | ")).toBeUndefined();
          if (!line) return;
          // Every act named that is the message's own words is a whole clause of it: nothing cut mid-phrase.
          for (const m of messages) {
            for (const act of line.matchAll(/: ([a-z][^;)]*)/g)) {
              const at = m.toLowerCase().indexOf(act[1] as string);
              if (at < 0) continue;
              const next = m.slice(at + (act[1] as string).length).trimStart();
              expect(next === "" || /^[.,;:!?]/.test(next), `"${act[1]}" cut from "${m}"`).toBe(true);
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

// --- Scales ----------------------------------------------------------------------------------------------------------

const anyResearch = fc.oneof(
  anyConcept.map((c) => ({ goal: "concept_test", inputs: defined(c) })),
  anyBrands.map((b) => ({ goal: "brand_perception", inputs: b as Record<string, unknown> })),
  anyFeatures.map((features) => ({ goal: "feature_prioritisation", inputs: { product: "the app", features } })),
  fc
    .uniqueArray(fc.constantFrom(...PUBLIC_MESSAGES), { minLength: 2, maxLength: 4 })
    .map((messages) => ({ goal: "message_test", inputs: { messages } as Record<string, unknown> })),
  fc.constantFrom(...NON_BUYING_OBJECTIVES).map((objective) => ({ goal: "custom_survey", inputs: { objective } })),
  fc.tuple(anyWord, fc.constantFrom("trust", "satisfaction", "ease", "how often")).map(([w, what]) => ({
    goal: "custom_survey",
    inputs: { objective: `Measure ${what} with the ${cap(w)} library service among its members` },
  })),
);
/** A way out of a scale rather than a level of it. */
const NOT_A_LEVEL = /^(?:don't know|do not know|not sure|no opinion|prefer not|none|n\/a|can't say|not applicable)\b/i;

describe("no survey scale comes out artificially flat (reading q S9)", () => {
  it("should never give every level of a scale of four or more points the same share", () => {
    fc.assert(
      fc.property(anyResearch, anyModels, anySeed, ({ goal, inputs }, models, seed) => {
        const run = runResearch(goal, inputs, models, seed);
        for (const q of run.results.questions) {
          if (q.question_type !== "single_choice") continue;
          const levels = q.answer_options.filter((o) => !NOT_A_LEVEL.test(o.trim()) && !WAY_OUT.test(o.trim()));
          if (levels.length < 4 || shapeOf(q.answer_options).kind !== "ordered") continue;
          // Each share is a count of people: levels a few in a hundred apart are real; every one equal is not.
          for (const split of [q.overall, ...Object.values(q.by_user_model)]) {
            const shares = levels.map((o) => split[o] ?? 0);
            const spread = Math.max(...shares) - Math.min(...shares);
            expect(
              spread,
              `${q.question_text}: ${shares.map((s) => (100 * s).toFixed(1)).join(" | ")}`,
            ).toBeGreaterThan(1e-9);
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe("a panel of women answers as women (reading p S8)", () => {
  it("should have every respondent of a model whose words say women or men give that gender", () => {
    fc.assert(
      fc.property(anyModel, anySeed, ({ sex, model }, seed) => {
        const design = { custom_questions: [{ question_text: "What is your gender?" }] };
        const run = runResearch(
          "custom_survey",
          { objective: "Understand how people plan their week" },
          [model],
          seed,
          undefined,
          `sim-${seed}`,
          design as never,
        );
        const q = run.results.questions.find((x) => /gender/i.test(x.question_text));
        if (!q) throw new Error("no gender question");
        const women = q.answer_options.find((o) => /^(?:woman|women|female)\b/i.test(o));
        const men = q.answer_options.find((o) => /^(?:man|men|male)\b/i.test(o));
        if (sex === "female") expect(q.overall[women ?? ""], model.name).toBe(1);
        if (sex === "male") expect(q.overall[men ?? ""], model.name).toBe(1);
        if (sex === null) expect(q.overall[women ?? ""] ?? 0, model.name).toBeLessThan(1);
      }),
      { numRuns: 12 },
    );
  });
});

describe("a forced pick among many brands follows what people know (reading q S4)", () => {
  it("should let no more people pick a brand first than have heard of it, with or without 'None of these'", () => {
    fc.assert(
      fc.property(
        anyBrandName,
        fc.uniqueArray(
          fc.constantFrom("Nike", "Tesco", "Arc'teryx", "MEC", "Patagonia", "Sparkasse", "Chase", "Aldi"),
          {
            minLength: 4,
            maxLength: 8,
          },
        ),
        anyModels,
        anySeed,
        (brand, competitors, models, seed) => {
          const run = runResearch("brand_perception", { brand, competitors }, models, seed);
          const first = run.results.questions.find((q) => /pick first/i.test(q.question_text));
          if (!first) return;
          for (const option of first.answer_options) {
            if (WAY_OUT.test(option)) continue;
            const familiar = run.results.questions.find(
              (q) => /how familiar/i.test(q.question_text) && q.question_text.includes(option),
            );
            if (!familiar) continue;
            for (const model of models) {
              const never = familiar.by_user_model[model.id]?.["Never heard of it"] ?? 0;
              const picked = first.by_user_model[model.id]?.[option] ?? 0;
              expect(picked, `${model.name}: ${option} of ${first.answer_options.join(" | ")}`).toBeLessThanOrEqual(
                1 - never + 1e-9,
              );
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
