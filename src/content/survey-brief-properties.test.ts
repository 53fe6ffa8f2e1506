import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { anyModels, anySeed, anyWord, cap } from "./__fixtures__/random-study.js";
import { isScreener } from "./concern.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";

/**
 * Issue 27, custom surveys a researcher would sign (readings g S6, h S4, i S6 each scored 0): a custom survey is built
 * from its brief, whatever its subject and language. Every question names what the survey is about in the brief's
 * words, the brief's lists and questions are asked, nothing is sold or priced where the brief sells nothing, the
 * research question is one sentence, and one word of another field in a longer brief does not change the survey.
 * Subjects and items are invented words, so no vocabulary of the writer can know them.
 */

const goals = loadGoals(defaultFixturesDir());
const goal = findGoal(goals, "research", "custom_survey");
const RUNS = { numRuns: 60 };

type Language = "en" | "de" | "fr" | "es" | "nl";
type Shape = "barrier" | "why" | "matters" | "help" | "opinion";

/** What a study is about: a proper name ("Zorava Quelion") or a phrase of the brief's own language. */
const anySubject = fc.record({
  words: fc.uniqueArray(anyWord, { minLength: 2, maxLength: 2 }),
  named: fc.boolean(),
});

const PHRASE: Record<Language, (w: string) => string> = {
  en: (w) => `the ${w} drop-off points`,
  de: (w) => `die ${w}-Sammelstellen`,
  fr: (w) => `les points ${w}`,
  es: (w) => `los puntos ${w}`,
  nl: (w) => `de ${w}-inzamelpunten`,
};

const OBJECTIVES: Record<Shape, Record<Language, (s: string) => string>> = {
  barrier: {
    en: (s) => `We want to understand why residents do not use ${s}`,
    de: (s) => `Wir wollen verstehen, warum Anwohner ${s} nicht nutzen`,
    fr: (s) => `Comprendre pourquoi les habitants n'utilisent pas ${s}`,
    es: (s) => `Entender por qué los vecinos no usan ${s}`,
    nl: (s) => `Begrijpen waarom bewoners ${s} niet gebruiken`,
  },
  why: {
    en: (s) => `Understand why visitors stop going to ${s}`,
    de: (s) => `Verstehen, warum Besucher nicht mehr zu ${s} kommen`,
    fr: (s) => `Comprendre pourquoi les visiteurs ne viennent plus à ${s}`,
    es: (s) => `Entender por qué los visitantes dejan de ir a ${s}`,
    nl: (s) => `Begrijpen waarom bezoekers niet meer naar ${s} gaan`,
  },
  matters: {
    en: (s) => `Find out what matters most to visitors of ${s}`,
    de: (s) => `Herausfinden, was Besuchern von ${s} am wichtigsten ist`,
    fr: (s) => `Savoir ce qui compte le plus pour les usagers de ${s}`,
    es: (s) => `Saber qué es lo más importante para los usuarios de ${s}`,
    nl: (s) => `Weten wat bezoekers van ${s} het belangrijkst vinden`,
  },
  // Its people and what is asked of them come before the subject.
  opinion: {
    en: (s) => `Find out what residents think of ${s}`,
    de: (s) => `Die Meinung der Anwohner zu ${s} erfahren`,
    fr: (s) => `Connaître l'avis des habitants sur ${s}`,
    es: (s) => `Conocer la opinión de los vecinos sobre ${s}`,
    nl: (s) => `De mening van bewoners over ${s} kennen`,
  },
  help: {
    en: (s) => `Learn what would help people make more use of ${s}`,
    de: (s) => `Herausfinden, was den Menschen helfen würde, ${s} öfter zu nutzen`,
    fr: (s) => `Savoir ce qui aiderait les habitants à utiliser davantage ${s}`,
    es: (s) => `Saber qué ayudaría a los vecinos a usar más ${s}`,
    nl: (s) => `Weten wat bewoners zou helpen om ${s} vaker te gebruiken`,
  },
};

/** A list of what to ask about, after a colon or inline, in the brief's language. */
const LIST: Record<Language, (items: string[]) => string> = {
  en: ([a, b, c]) => `: especially ${a}, ${b} and ${c}.`,
  de: ([a, b, c]) => `: vor allem ${a}, ${b} und ${c}.`,
  fr: ([a, b, c]) => ` : surtout ${a}, ${b} et ${c}.`,
  es: ([a, b, c]) => `: sobre todo ${a}, ${b} y ${c}.`,
  nl: ([a, b, c]) => `: vooral ${a}, ${b} en ${c}.`,
};
const QUESTION: Record<Language, (a: string, b: string) => string> = {
  en: (a, b) => `Should the budget go to ${a} or to ${b}?`,
  de: (a, b) => `Soll das Budget in ${a} oder in ${b} fließen?`,
  fr: (a, b) => `Le budget doit-il aller à ${a} ou à ${b} ?`,
  es: (a, b) => `¿El presupuesto debe ir a ${a} o a ${b}?`,
  nl: (a, b) => `Moet het budget naar ${a} of naar ${b} gaan?`,
};
const UNSOLD: Record<Language, string> = {
  en: "Nothing is for sale; this is a public consultation.",
  de: "Wir verkaufen nichts: es ist ein kostenloses Programm der Stadt.",
  fr: "Nous ne vendons rien : c'est un programme gratuit de la ville.",
  es: "No vendemos nada: es un programa municipal gratuito.",
  nl: "Nothing is for sale; this is a public consultation.",
};
/** One word of a field the study is not about, in a sentence of its own. */
const STRAY: Record<Language, readonly string[]> = {
  en: [
    "Some people mention dog waste near the paths.",
    "There is a coffee stand by the gate.",
    "The bank next door has closed.",
  ],
  de: ["Manche erwähnen Hundekot an den Wegen.", "Am Eingang gibt es ein Café.", "Die Bank nebenan hat geschlossen."],
  fr: ["Certains parlent des crottes de chien.", "Il y a un café à l'entrée.", "La banque d'à côté a fermé."],
  es: ["Algunos mencionan las heces de perro.", "Hay un café en la entrada.", "El banco de al lado cerró."],
  nl: [
    "Sommigen noemen hondenpoep bij de paden.",
    "Er is een koffiekraam bij de ingang.",
    "De bank ernaast is gesloten.",
  ],
};

/** A second ask after the subject, naming a thing of its own ("and how they hear about the opening hours"). */
const TAIL: Record<Language, readonly string[]> = {
  en: [", and how they hear about the opening hours", ", and which channel suits them for the reminders"],
  de: [", und über welchen Kanal sie die Erinnerungen wollen", ", und wann ihnen die Termine passen"],
  fr: [", et par quel canal ils veulent recevoir les rappels", ", et quand les créneaux leur conviennent"],
  es: [", y por qué canal prefieren recibir los avisos", ", y cuándo les vienen bien las fechas de apertura"],
  // A language not read is quoted from its start, which a second ask would push out of the quote.
  nl: [""],
};

const ARTICLES: Record<Exclude<Language, "nl">, readonly string[]> = {
  en: ["the", "the", "the"],
  de: ["die", "der", "das"],
  fr: ["la", "les", "le"],
  es: ["la", "los", "las"],
};

interface Brief {
  inputs: Record<string, string>;
  language: Language;
  subjectWords: string[];
  items: string[] | undefined;
  asked: string | undefined;
  unsold: boolean;
  money: boolean;
}

const anyBrief = fc
  .record({
    language: fc.constantFrom<Language>("en", "de", "fr", "es", "nl"),
    shape: fc.constantFrom<Shape>("barrier", "why", "matters", "help", "opinion"),
    subject: anySubject,
    items: fc.option(fc.uniqueArray(anyWord, { minLength: 3, maxLength: 3 }), { nil: undefined }),
    bullets: fc.boolean(),
    question: fc.boolean(),
    unsold: fc.boolean(),
    tail: fc.nat(),
    articled: fc.boolean(),
  })
  .map(({ language, shape, subject, items: bare, bullets, question, unsold, tail, articled }): Brief => {
    // Items written as noun phrases with their articles ("la distancia, los horarios"), as well as bare. Dutch is not
    // read, and its article "de" is French and Spanish for "of".
    const items = articled && language !== "nl" ? bare?.map((item, i) => `${ARTICLES[language][i % 3]} ${item}`) : bare;
    const [w1, w2] = subject.words as [string, string];
    const named = subject.named ? `${cap(w1)} ${cap(w2)}` : PHRASE[language](w1);
    const words = subject.named ? [w1, w2] : [w1];
    const head = OBJECTIVES[shape][language](language === "en" && subject.named ? `the ${named}` : named);
    const tails = TAIL[language];
    const inlineList =
      items && !bullets ? LIST[language](items) : `${tail % 2 ? (tails[tail % tails.length] ?? "") : ""}.`;
    const notes = [
      ...(items && bullets ? ["Topics:", ...items.map((i) => `- ${i}`)] : []),
      ...(question && items ? [QUESTION[language](items[0] as string, items[1] as string)] : []),
      ...(unsold ? [UNSOLD[language]] : []),
    ];
    const asked = question && items ? QUESTION[language](items[0] as string, items[1] as string) : undefined;
    return {
      inputs: { objective: `${head}${inlineList}`, ...(notes.length > 0 ? { notes: notes.join("\n") } : {}) },
      language,
      subjectWords: words,
      items,
      asked,
      unsold,
      money: asked !== undefined,
    };
  });

function plan(inputs: Record<string, string>, models: UserModelRecord[], seed: number) {
  if (!goal) throw new Error("no custom_survey goal");
  return generatePlan({ id: `sim-${seed}`, mode: "research", inputs, survey_design: null }, goal, undefined, seed, {
    models,
  }).plan;
}

const MONEY = /\b(?:cost\w*|price\w*|pay\w*|money|afford\w*|expensive|cheap\w*|fees?|budget\w*|spend\w*)\b/i;
const SHOPPING =
  /\b(?:switch\w*|brands?|shop\w*|buy\w*|purchas\w*|company's|website|customers?|deals?|value for money|discounts?)\b/i;

describe("a custom survey is built from its brief, for any subject and language (issue 27, readings g S6, h S4, i S6)", () => {
  it("should name the brief's subject in every question it writes, and ask the brief's own questions as written", () => {
    fc.assert(
      fc.property(anyBrief, anyModels, anySeed, (brief, models, seed) => {
        const questions = plan(brief.inputs, models, seed).survey_questions ?? [];
        expect(questions.length).toBeGreaterThan(0);
        if (brief.asked) expect(questions.map((q) => q.question_text)).toContain(brief.asked);
        for (const q of questions) {
          // A screener asks who the respondent is (the audience the brief states), not about the subject.
          if (q.question_text === brief.asked || isScreener(q)) continue;
          // An area the brief lists is asked around its own words, quoted.
          if (brief.items?.some((item) => q.question_text.includes(`"${item}"`))) continue;
          const names = brief.subjectWords.some((w) => q.question_text.toLowerCase().includes(w));
          expect(names, `${q.question_text}\n${JSON.stringify(brief.inputs)}`).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("should ask about the items the brief lists, in the client's words", () => {
    fc.assert(
      fc.property(anyBrief, anyModels, anySeed, (brief, models, seed) => {
        if (!brief.items) return;
        const questions = plan(brief.inputs, models, seed).survey_questions ?? [];
        // As the options of one question, or as areas of what to learn, each quoted in a question of its own.
        const listed =
          questions.some((q) => brief.items?.every((item) => q.answer_options?.includes(item))) ||
          brief.items.every((item) => questions.some((q) => q.question_text.includes(`"${item}"`)));
        expect(listed, `${JSON.stringify(questions.map((q) => [q.question_text, q.answer_options]))}`).toBe(true);
      }),
      RUNS,
    );
  });

  it("should never ask about money where the brief names none, nor shop where it sells nothing", () => {
    fc.assert(
      fc.property(anyBrief, anyModels, anySeed, (brief, models, seed) => {
        const questions = plan(brief.inputs, models, seed).survey_questions ?? [];
        for (const q of questions) {
          // A screener asks who the respondent is (the audience the brief states), not about the subject.
          if (q.question_text === brief.asked || isScreener(q)) continue;
          const said = [q.question_text, ...(q.answer_options ?? [])].join(" | ");
          if (!brief.money) expect(said, JSON.stringify(brief.inputs)).not.toMatch(MONEY);
          if (brief.unsold) expect(said, JSON.stringify(brief.inputs)).not.toMatch(SHOPPING);
        }
      }),
      RUNS,
    );
  });

  it("should state the research question as one English sentence, never the brief pasted in", () => {
    fc.assert(
      fc.property(anyBrief, anyModels, anySeed, (brief, models, seed) => {
        const asked = plan(brief.inputs, models, seed).question_text ?? "";
        expect(asked).toMatch(/^[A-Z"][^?]*\?$/);
        expect(asked).not.toMatch(/\bamong people\b|survey's objective|[.!:;]\s/);
        if (brief.language === "en") return;
        // No run of five words of a brief in another language is spliced into the English sentence: its words may be
        // quoted, a short phrase at most.
        const quotes = asked.match(/"[^"]*"/g) ?? [];
        for (const quote of quotes) expect(quote.split(/\s+/).length, asked).toBeLessThanOrEqual(10);
        const unquoted = asked.replace(/"[^"]*"/g, "");
        const words = (brief.inputs.objective as string).split(/\s+/);
        for (let i = 0; i + 5 <= words.length; i++)
          expect(unquoted, brief.inputs.objective).not.toContain(words.slice(i, i + 5).join(" "));
      }),
      RUNS,
    );
  });

  it("should write the same survey whether or not the brief mentions one word of another field", () => {
    fc.assert(
      fc.property(anyBrief, fc.nat(2), anyModels, anySeed, (brief, which, models, seed) => {
        const stray = STRAY[brief.language][which] as string;
        const notes = brief.inputs.notes ? `${brief.inputs.notes}\n${stray}` : stray;
        const shown = (inputs: Record<string, string>) =>
          (plan(inputs, models, seed).survey_questions ?? []).map((q) => [q.question_text, q.answer_options]);
        expect(shown({ ...brief.inputs, notes }), stray).toEqual(shown(brief.inputs));
      }),
      RUNS,
    );
  });
});
