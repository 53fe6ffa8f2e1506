import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyModels, anySeed, anyWord, defined, runJourney, runResearch } from "./__fixtures__/random-study.js";
import { listedAttributes } from "./brief-asks.js";

/**
 * Issue 27, every ask of the brief reaches a question (readings l S5, m S1, S2, S4, S10): attributes the brief lists as
 * what to measure are rated, a barrier ask ("what stops them") gets a barrier question answered in the summary with its
 * base, an "A or B" ask gets a preference between exactly A and B, and an amount given as context is never called
 * unasked. Briefs are generated in four languages, about subjects, lists and phrasings unlike the readings'.
 */

/** Planning, answering and reporting a study takes a few tens of milliseconds: few runs keep the file under ~5 s. */
const RUNS = { numRuns: 8 };

type Language = "en" | "de" | "fr" | "es";
const LANGUAGES: Language[] = ["en", "de", "fr", "es"];

/** The last joining word of a list, per language. */
const AND: Record<Language, string> = { en: "and", de: "und", fr: "et", es: "y" };
const listOf = (items: readonly string[], language: Language) =>
  items.length === 1 ? (items[0] as string) : `${items.slice(0, -1).join(", ")} ${AND[language]} ${items.at(-1)}`;

/** Attributes a client might list, as written, each with the English a question may say it in. */
const ATTRIBUTES: Record<Language, Array<[string, string]>> = {
  en: [
    ["reliability", "reliability"],
    ["friendliness of staff", "friendliness of staff"],
    ["speed of repairs", "speed of repairs"],
    ["range of routes", "range of routes"],
    ["cleanliness", "cleanliness"],
    ["noise levels", "noise levels"],
  ],
  de: [
    ["Zuverlässigkeit", "reliability"],
    ["Freundlichkeit", "friendliness"],
    ["Sauberkeit", "cleanliness"],
    ["Erreichbarkeit", "Erreichbarkeit"],
    ["Pünktlichkeit", "punctuality"],
  ],
  fr: [
    ["la fiabilité", "reliability"],
    ["la propreté", "cleanliness"],
    ["l'accueil", "accueil"],
    ["le confort", "comfort"],
    ["la ponctualité", "punctuality"],
  ],
  es: [
    ["la puntualidad", "punctuality"],
    ["la limpieza", "cleanliness"],
    ["la amabilidad", "friendliness"],
    ["la variedad", "choice"],
    ["el trato al cliente", "trato al cliente"],
  ],
};

/** Sentences that list what to measure, in each language, shaped unlike the readings'. */
const ATTRIBUTE_SHAPES: Record<Language, Array<(subject: string, list: string) => string>> = {
  en: [
    (s, l) => `We need to know how riders rate ${s} on ${l}.`,
    (s, l) => `Measure how ${s} performs on ${l} among weekday commuters.`,
    (s, l) => `Attributes to measure for ${s}: ${l}.`,
  ],
  de: [
    (s, l) => `Wie bewerten Fahrgäste ${s} bei ${l}?`,
    (s, l) => `Wir wollen wissen, wie ${s} hinsichtlich ${l} abschneidet.`,
  ],
  fr: [(s, l) => `Comment les usagers jugent-ils ${s} sur ${l} ?`, (s, l) => `Critères à mesurer pour ${s} : ${l}.`],
  es: [
    (s, l) => `Queremos saber cómo valoran los socios ${s} en cuanto a ${l}.`,
    (s, l) => `Atributos a medir de ${s}: ${l}.`,
  ],
};

/** Barrier asks in each language, with reasons the client lists or none. */
const BARRIER_SHAPES: Record<Language, Array<(subject: string, reasons: string) => string>> = {
  en: [
    (s, r) => `Find out what stops tenants from joining ${s}${r ? ` (${r})` : ""}.`,
    (s, r) => `Why don't more growers sign up to ${s}?${r ? ` We suspect ${r}.` : ""}`,
    (s, r) => `We also want the barriers to using ${s}${r ? `, such as ${r}` : ""}.`,
  ],
  de: [
    (s, r) => `Was hindert Vereine daran, ${s} zu nutzen${r ? ` (etwa ${r})` : ""}?`,
    (s, r) => `Welche Hürden gibt es bei ${s}${r ? `, zum Beispiel ${r}` : ""}?`,
  ],
  fr: [
    (s, r) => `Qu'est-ce qui empêche les familles d'adopter ${s}${r ? ` (par exemple ${r})` : ""} ?`,
    (s, r) => `Comprendre les obstacles à ${s}${r ? ` : ${r}` : ""}.`,
  ],
  es: [
    (s, r) => `¿Qué frena a los comerciantes a usar ${s}${r ? ` (por ejemplo ${r})` : ""}?`,
    (s, r) => `Entender los obstáculos para adoptar ${s}${r ? `: ${r}` : ""}.`,
  ],
};
const REASONS: Record<Language, string[][]> = {
  en: [
    ["the joining fee", "travel time", "no parking"],
    ["unclear rules", "the waiting list"],
  ],
  de: [
    ["die Anfahrt", "der Papierkram", "fehlende Zeit"],
    ["die Kosten", "die Sprache"],
  ],
  fr: [
    ["le prix", "les horaires", "la paperasse"],
    ["la distance", "le manque de place"],
  ],
  es: [
    ["el papeleo", "la distancia", "los horarios"],
    ["la falta de tiempo", "el idioma"],
  ],
};

/** "A or B" asks in each language, between two ways of doing something. */
const PAIRS: Record<Language, Array<[string, string]>> = {
  en: [
    ["by text message", "by email"],
    ["paper forms", "online forms"],
    ["a printed map", "the mobile app"],
  ],
  de: [
    ["per App", "per Telefon"],
    ["im Laden", "im Internet"],
  ],
  fr: [
    ["par courrier", "par SMS"],
    ["sur rendez-vous", "sans rendez-vous"],
  ],
  es: [
    ["por teléfono", "por WhatsApp"],
    ["con cita previa", "sin cita"],
  ],
};
const VERSUS_SHAPES: Record<Language, Array<(a: string, b: string) => string>> = {
  en: [
    (a, b) => `Do members prefer ${a} or ${b}?`,
    (a, b) => `Compare ${a} versus ${b} for renewals.`,
    (a, b) => `Which would residents choose: ${a} or ${b}?`,
  ],
  de: [
    (a, b) => `Bevorzugen die Mitglieder ${a} oder ${b}?`,
    (a, b) => `${a[0]?.toUpperCase()}${a.slice(1)} oder ${b}: was ist den Kundinnen lieber?`,
  ],
  fr: [(a, b) => `Les habitants préfèrent-ils ${a} ou ${b} ?`],
  es: [(a, b) => `¿Prefieren los vecinos ${a} o ${b}?`, (a, b) => `Comparar ${a} frente a ${b} para las renovaciones.`],
};

/** An amount given as context, not asked about, in each language. */
const CONTEXT_AMOUNTS = ["R 350", "€ 12,50", "CHF 40", "1 200 Ft", "US$15", "£8", "45 zł"];
const CONTEXT_SHAPES: Record<Language, Array<(amount: string) => string>> = {
  en: [
    (a) => `For reference, a single session at a rival club costs ${a}.`,
    (a) => `Competitors currently charge ${a} a month.`,
  ],
  de: [(a) => `Zum Vergleich: ein Einzeltermin kostet derzeit ${a}.`],
  fr: [(a) => `À titre de comparaison, une séance coûte ${a} chez les concurrents.`],
  es: [(a) => `Como referencia, una clase suelta cuesta ${a}.`],
};

const SUBJECTS = ["Trambo", "the Riverside tool library", "KlarWeg", "Hortalia"];

/** The inputs of a research goal, around the brief's text in its objective, notes or brief field. */
const anyGoalInputs = fc
  .record({
    goal: fc.constantFrom(
      "concept_test",
      "message_test",
      "feature_prioritisation",
      "brand_perception",
      "custom_survey",
      "pricing",
    ),
    key: fc.constantFrom("objective", "notes", "brief"),
    subject: fc.constantFrom(...SUBJECTS),
    competitors: fc.boolean(),
  })
  .map(({ goal, key, subject, competitors }) => {
    const own: Record<string, unknown> =
      goal === "concept_test"
        ? { concept: `${subject}: lend and borrow garden tools with neighbours`, product_name: subject }
        : goal === "message_test"
          ? { messages: ["Borrow, don't buy", "Your street shares more than you think"] }
          : goal === "feature_prioritisation"
            ? { product: subject, features: ["Reserve ahead", "Share photos", "Rate a lender"] }
            : goal === "brand_perception"
              ? defined({ brand: subject, competitors: competitors ? ["Lendly", "Toolshare"] : undefined })
              : goal === "pricing"
                ? { product: subject, price_points: [5, 10, 15], currency: "EUR" }
                : {};
    return { goal, key: goal === "custom_survey" ? ("objective" as const) : key, subject, own };
  });

const anyLanguage = fc.constantFrom(...LANGUAGES);
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

const questionsOf = (run: ReturnType<typeof runResearch>) => run.plan.survey_questions ?? [];
const lower = (s: string) => s.toLowerCase();
const bare = (s: string) => s.replace(/^(?:la|le|les|el|los|las|l')\s*/iu, "");

describe("attributes the brief lists are rated (issue 27, readings l S5, m S1)", () => {
  it("should rate every attribute the brief lists as what to measure", () => {
    fc.assert(
      fc.property(
        anyGoalInputs,
        anyLanguage,
        fc.nat(20),
        fc.nat(20),
        fc.integer({ min: 1, max: 3 }),
        anyModels,
        anySeed,
        ({ goal, key, subject, own }, language, shape, start, count, models, seed) => {
          const all = ATTRIBUTES[language];
          const listed = Array.from({ length: count }, (_, i) => pick(all, start + i));
          const brief = pick(ATTRIBUTE_SHAPES[language], shape)(
            subject,
            listOf(
              listed.map(([w]) => w),
              language,
            ),
          );
          const run = runResearch(goal, { ...own, [key]: brief }, models, seed);
          const questions = questionsOf(run);
          for (const [written, english] of listed) {
            const rated = questions.find(
              (q) =>
                (q.answer_options ?? []).length >= 3 &&
                [english, bare(written)].some((w) => lower(q.question_text).includes(lower(w))),
            );
            expect(
              rated,
              `"${written}" of "${brief}" (${goal}):\n${questions.map((q) => q.question_text).join("\n")}`,
            ).toBeDefined();
          }
        },
      ),
      RUNS,
    );
  });
});

describe("a barrier ask gets a barrier question and an answer in the summary (issue 27, readings l S6, m S4, S10)", () => {
  it("should ask what holds people back, with the client's own reasons when listed, and answer it with its base", () => {
    fc.assert(
      fc.property(
        anyGoalInputs,
        anyLanguage,
        fc.nat(20),
        fc.option(fc.nat(20), { nil: undefined }),
        anyModels,
        anySeed,
        ({ goal, key, subject, own }, language, shape, listed, models, seed) => {
          const reasons = listed === undefined ? [] : pick(REASONS[language], listed);
          const brief = pick(BARRIER_SHAPES[language], shape)(subject, reasons.length ? listOf(reasons, language) : "");
          const run = runResearch(goal, { ...own, [key]: brief }, models, seed);
          const questions = questionsOf(run);
          const barrier = questions.find(
            (q) =>
              /hold(?:s)? you back/i.test(q.question_text) &&
              reasons.every((r) => (q.answer_options ?? []).map(lower).includes(lower(r))),
          );
          const shown = `"${brief}" (${goal}):\n${questions.map((q) => q.question_text).join("\n")}`;
          expect(barrier, shown).toBeDefined();
          const options = (barrier?.answer_options ?? []).map(lower);
          expect(options.length, shown).toBeGreaterThanOrEqual(4);
          for (const reason of reasons) expect(options, shown).toContain(lower(reason));
          const line = run.synthesis
            .split("\n")
            .find((l) => l.startsWith("- What holds people back, as the brief asks:"));
          expect(line, run.synthesis).toMatch(/\d+(?:\.\d)?% .*\(n=\d+\)/);
          expect(line).toContain(`("${barrier?.question_text}")`);
        },
      ),
      RUNS,
    );
  });
});

describe("an A-or-B ask gets a preference question between A and B (issue 27, reading m S10)", () => {
  it("should ask which of exactly the two people prefer, with no preference, and answer it in the summary", () => {
    fc.assert(
      fc.property(
        anyGoalInputs,
        anyLanguage,
        fc.nat(20),
        fc.nat(20),
        anyModels,
        anySeed,
        ({ goal, key, own }, language, shape, pair, models, seed) => {
          const [a, b] = pick(PAIRS[language], pair);
          const brief = pick(VERSUS_SHAPES[language], shape)(a, b);
          const run = runResearch(goal, { ...own, [key]: brief }, models, seed);
          const questions = questionsOf(run);
          const preference = questions.find((q) => {
            const options = (q.answer_options ?? []).map(lower);
            return options.includes(lower(a)) && options.includes(lower(b));
          });
          const shown = `"${brief}" (${goal}):\n${questions.map((q) => `${q.question_text} ${q.answer_options}`).join("\n")}`;
          expect(preference, shown).toBeDefined();
          expect(preference?.answer_options?.length, shown).toBe(3);
          const line = run.synthesis.split("\n").find((l) => l.includes(`("${preference?.question_text}")`));
          expect(line, run.synthesis).toMatch(/\d+(?:\.\d)?%.*\d+(?:\.\d)?%.*\(n=\d+\)/);
        },
      ),
      RUNS,
    );
  });
});

describe("an amount given as context is never called unasked (issue 27, reading m S2)", () => {
  it("should not name a context amount as something no question asks about, and write the scope note in plain words", () => {
    fc.assert(
      fc.property(
        anyGoalInputs,
        fc.boolean(),
        anyLanguage,
        fc.nat(20),
        fc.constantFrom(...CONTEXT_AMOUNTS),
        anyModels,
        anySeed,
        ({ goal, key, subject, own }, journey, language, shape, amount, models, seed) => {
          const context = pick(CONTEXT_SHAPES[language], shape)(amount);
          const brief = `Understand whether "${subject}" would suit SunBay members. ${context}`;
          const run = journey
            ? runJourney(
                "usability_test",
                { start_url: "https://lend.example/", task: "Borrow a ladder", notes: brief },
                models,
                seed,
              )
            : runResearch(goal, { ...own, [key]: brief }, models, seed);
          expect(run.report, brief).not.toContain(`"${amount}"`);
          expect(run.report).not.toMatch(/\(the questions do ask about/);
          // The specifics that are not context are still named.
          expect(run.report, brief).toMatch(/SunBay/);
        },
      ),
      RUNS,
    );
  });
});

describe("a custom survey's brief field is quoted with the rest (issue 27, reading m S4)", () => {
  it("should quote the brief field under 'The brief, as written' and cover its asks", () => {
    fc.assert(
      fc.property(anyLanguage, fc.nat(20), anyModels, anySeed, (language, shape, models, seed) => {
        const brief = pick(BARRIER_SHAPES[language], shape)("KlarWeg", "");
        const run = runResearch(
          "custom_survey",
          { objective: "Understand how members get to the allotments", brief },
          models,
          seed,
          undefined,
          `sim-${seed}`,
          {
            stimulus: null,
            custom_questions: [
              {
                question_text: "How far do you live from your plot?",
                answer_options: ["Under 1 km", "1-5 km", "Over 5 km"],
              },
            ],
          } as never,
        );
        const block = run.report.split("The brief, as written:")[1]?.split("\n## ")[0] ?? "";
        expect(block, run.report.slice(0, 1500)).toContain(brief);
        expect(questionsOf(run).some((q) => /hold(?:s)? you back/i.test(q.question_text))).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("reasons a brief lists are offered even when each is a short clause (issue 27, reading r S1, S2)", () => {
  // "qué les frena (olor, guardar el aceite en casa, desconfianza)" and "ce qui retient les gens (peur de l'aiguille,
  // manque de temps, ne sait pas où aller)" were asked with a generic list: a five-word reason ended the list.
  const ASKS = [
    (list: string) => `We want to know what holds people back (${list}).`,
    (list: string) => `Queremos conocer qué les frena (${list}).`,
    (list: string) => `Nous voulons savoir ce qui retient les gens (${list}).`,
    (list: string) => `Wir wollen wissen, was sie davon abhält (${list}).`,
  ];
  const CLAUSES = [
    (w: string) => `keeping the ${w} at home`,
    (w: string) => `guardar el ${w} en casa`,
    (w: string) => `ne sait pas où trouver ${w}`,
    (w: string) => `den ${w} nicht finden können`,
    (w: string) => `no time for the ${w} visit`,
  ];
  it("offers every reason of up to seven words", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ASKS),
        fc.uniqueArray(fc.constantFrom(...CLAUSES), { minLength: 2, maxLength: 4 }),
        anyWord,
        anyModels,
        anySeed,
        (ask, clauses, w, models, seed) => {
          const reasons = clauses.map((c) => c(w));
          const run = runResearch(
            "concept_test",
            { concept: `A ${w} collection service`, notes: ask(reasons.join(", ")) },
            models,
            seed,
          );
          const barrier = (run.plan.survey_questions ?? []).find((q) => /holds you back/i.test(q.question_text));
          const options = (barrier?.answer_options ?? []).map((o) => o.toLowerCase());
          for (const reason of reasons) expect(options, ask(reasons.join(", "))).toContain(reason.toLowerCase());
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe("what people associate with a brand, listed in brackets, is rated (issue 27, readings r S5, s S5)", () => {
  // "what people associate with us (NZ-made, quality, price, sustainability)" and "associations (relaxing, authentic,
  // overpriced, touristy, family-friendly)" were swapped for a generic "high quality" and "innovative".
  const ASKS = [
    (list: string) => `We want awareness, what people associate with us (${list}) and first choice.`,
    (list: string) => `We want awareness, associations (${list}) and trust.`,
    (list: string) => `Wir wollen wissen, was die Leute mit uns verbinden (${list}).`,
    (list: string) => `Nous voulons savoir ce que les gens associent à la marque (${list}).`,
    (list: string) => `Queremos saber qué asocian con la marca (${list}).`,
  ];
  it("rates every attribute of the bracket, and an aside in brackets is no attribute", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ASKS),
        fc.uniqueArray(anyWord, { minLength: 2, maxLength: 5 }),
        anyModels,
        anySeed,
        (ask, attributes, models, seed) => {
          const inputs = { brand: "Zorvik", competitors: ["Kalmo", "Teriva"], notes: ask(attributes.join(", ")) };
          const run = runResearch("brand_perception", inputs, models, seed);
          const texts = (run.plan.survey_questions ?? []).map((q) => q.question_text).join("\n");
          for (const a of attributes) expect(texts, ask(attributes.join(", "))).toContain(`"${a}"`);
          expect(listedAttributes({ notes: "Rate the app (our new one) on speed" })).toEqual(["speed"]);
          // Reading u S5: awareness is a measure, and "associations with health" the attribute health.
          expect(
            listedAttributes({
              objective: "See how people see it against rivals: awareness, associations with health and tradition.",
            }),
          ).toEqual(["health", "tradition"]);
          // Reading u S4: "flat-rate entrepreneurs (IT freelancers, designers, trades)" is an audience, not a rating.
          expect(listedAttributes({ notes: "Audience: flat-rate entrepreneurs (IT freelancers, designers)." })).toEqual(
            [],
          );
        },
      ),
      { numRuns: 8 },
    );
  });
});
