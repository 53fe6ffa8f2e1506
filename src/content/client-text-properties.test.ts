import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyFeatures, anyModels, anyPrices, anySeed, runJourney, runResearch } from "./__fixtures__/random-study.js";
import { languageOf } from "./subject.js";

/**
 * Issue 27, readings e (studies 1, 2, 3, 4, 6, 7, 10) and f (S2, S3, S4, S6, S7, S9, S10): the client's text pasted into
 * generated sentences. Over random studies of every goal, with inputs short and long, several sentences, trailing
 * punctuation, URLs, other languages, capitals and lists: every sentence the mock writes is well formed, splices no
 * client sentence or paragraph, names no step by a URL, and still shows the client's text somewhere.
 */

const RUNS = { numRuns: 10 };

/** Texts a client writes into a brief's free fields: names, phrases, sentences, paragraphs, URLs, other languages. */
const CLIENT_TEXTS = [
  "Cykla Nu",
  "Handwerkerjobs.de",
  "the library app",
  "Cykla Nu monthly e-bike share pass: unlimited 45-minute rides on electric city bikes, winter tyres from November to March",
  "Public libraries in your municipality are free to use. Some branches are trialling 'meröppet': self-service access without staff present.",
  "This is a public information campaign by a municipal tenant desk; nothing is sold and the advice is free.",
  "Tenants in Istanbul, Ankara and Izmir who rent privately. This is a public information campaign; nothing is sold.",
  "Handwerkerjobs.de – eine Stellenbörse für Handwerksbetriebe. Ziel der Studie: herausfinden, welche Funktionen Inhaber wirklich brauchen und wofür sie zahlen würden.",
  "Casa Jacaranda, hotel boutique de 18 habitaciones en el centro de Oaxaca; queremos saber qué servicios nuevos valoran más los viajeros mexicanos antes de invertir.",
  "Jeunes francophones de 18 à 24 ans au Québec; on ne vend rien, on veut qu'ils vérifient leur inscription sur la liste électorale.",
  "Förstå varför svenska pendlare slutar åka kollektivt och vad som skulle få dem att komma tillbaka",
  "https://www.example.gov/services/passports/renew-an-adult-passport-online?ref=home",
  "THE BEST COFFEE SUBSCRIPTION IN TOWN, DELIVERED FRESH EVERY WEEK",
  "Faster checkout, saved cards, order tracking, and gift wrapping.",
  "The Little Hearts Appeal is raising ₦450 million to equip a 12-bed paediatric intensive care unit. Every donation is published on a public tracker.",
  "Malhae, an app where you practise spoken English with an AI tutor for 15 minutes a day, with pronunciation scoring and TOEIC Speaking mock tests",
];

const TASKS = [
  "Renew an adult passport",
  "You use a wheelchair. Plan a step-free route from Yenikapı to Levent for tomorrow at 08:30 and check that every lift on the way is working.",
  "Buchen Sie ein kostenloses Probetraining im Studio Zürich-Oerlikon für nächsten Dienstag um 18 Uhr.",
  "Find the opening hours of the nearest library branch.",
  "Reserva una mesa para dos personas el sábado a las 21:00 y paga la señal de 200 pesos.",
  "Check whether you can take a power bank in your checked bag, then find the page on lithium batteries.",
];

const URLS = [
  "https://example.org/",
  "https://www.example.gov/services/passports/renew-an-adult-passport-online?ref=home&utm_source=newsletter",
  "https://www.fitwerk.example/de/zuerich-oerlikon/probetraining-buchen/formular/schritt-1",
  "https://shop.example.com/",
];

const anyText = fc.constantFrom(...CLIENT_TEXTS);
const anyMessages = fc.uniqueArray(
  fc.constantFrom(
    "No queue, no cash: your grant goes straight to your bank.",
    "A deposit is yours. Ask for it back in writing.",
    "Before you sign: read the contract. Then ask us, for free.",
    "Premier vote ? Vérifie ton inscription en deux minutes.",
    "Get your flu jab: it protects the people you love",
  ),
  { minLength: 2, maxLength: 4 },
);

type Design = { stimulus: string; item_sets: Array<{ ask: string; items: string[] }> };
type Study = { mode: "research" | "journey"; goal: string; inputs: Record<string, unknown>; design?: Design };

const anyStudy: fc.Arbitrary<Study> = fc.oneof(
  fc
    .record({ concept: anyText, product_name: fc.option(anyText, { nil: undefined }) })
    .map((i) => ({ mode: "research" as const, goal: "concept_test", inputs: defined(i) })),
  fc
    .record({ messages: anyMessages, audience: anyText, objective: fc.option(anyText, { nil: undefined }) })
    .map((i) => ({ mode: "research" as const, goal: "message_test", inputs: defined(i) })),
  fc
    .record({ product: anyText, price_points: anyPrices })
    .map((i) => ({ mode: "research" as const, goal: "pricing", inputs: i })),
  fc
    .record({ product: anyText, features: anyFeatures })
    .map((i) => ({ mode: "research" as const, goal: "feature_prioritisation", inputs: i })),
  fc
    .record({ brand: anyText, competitors: fc.constant(["Natura", "O Boticário"]) })
    .map((i) => ({ mode: "research" as const, goal: "brand_perception", inputs: i })),
  fc
    .record({ objective: anyText, stimulus: fc.option(anyText, { nil: undefined }) })
    .map((i) => ({ mode: "research" as const, goal: "custom_survey", inputs: defined(i) })),
  fc
    .record({
      stimulus: anyText,
      ask: fc.constantFrom(
        "How important is this for your local library",
        "How much would this make you trust the appeal",
      ),
    })
    .map(({ stimulus, ask }) => ({
      mode: "research" as const,
      goal: "custom_survey",
      inputs: {},
      design: {
        stimulus,
        item_sets: [{ ask, items: ["Longer opening hours", "A public donation tracker", "Events"] }],
      },
    })),
  fc
    .record({ start_url: fc.constantFrom(...URLS), task: fc.constantFrom(...TASKS, ...CLIENT_TEXTS) })
    .map((i) => ({ mode: "journey" as const, goal: "usability_test", inputs: i })),
  fc
    .record({ start_url: fc.constantFrom(...URLS), goal_event: fc.constantFrom("pays the deposit", ...CLIENT_TEXTS) })
    .map((i) => ({ mode: "journey" as const, goal: "conversion_funnel", inputs: i })),
  fc
    .record({ start_url: fc.constantFrom(...URLS) })
    .map((i) => ({ mode: "journey" as const, goal: "first_impression", inputs: i })),
);

function defined(inputs: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined));
}

function run(study: Study, models: Parameters<typeof runResearch>[2], seed: number) {
  if (study.mode === "journey") {
    const r = runJourney(study.goal, study.inputs, models, seed);
    const task = r.plan.journey_task as { steps?: string[] } | null;
    return {
      plan: r.plan,
      steps: task?.steps ?? [],
      questions: [] as string[],
      report: r.report,
      synthesis: r.synthesis,
    };
  }
  const r = runResearch(study.goal, study.inputs, models, seed, undefined, `sim-${seed}`, study.design ?? null);
  return {
    plan: r.plan,
    steps: [] as string[],
    questions: (r.plan.survey_questions ?? []).map((q) => q.question_text),
    report: r.report,
    synthesis: r.synthesis,
  };
}

/** The client's free text of a study: every string input but the items it lists (messages, features). */
function clientTexts(study: Study): string[] {
  return [
    ...Object.entries(study.inputs)
      .filter(([key, value]) => typeof value === "string" && key !== "start_url")
      .map(([, value]) => value as string),
    ...(study.design ? [study.design.stimulus] : []),
  ];
}

/** A journey's task and goal: instructions, which a plan rewords into its steps. */
function instructionsOf(study: Study): string[] {
  return ["task", "goal_event"].flatMap((key) => {
    const value = study.inputs[key];
    return typeof value === "string" ? [value] : [];
  });
}

/** The words either side of each sentence break of a text: "wheelchair. Plan" gives "wheelchair Plan". */
function sentenceJoints(text: string): string[] {
  return [...text.matchAll(/([\p{L}\p{N}]+)[.!?;:]\s+([\p{L}\p{N}]+)/gu)].map((m) => `${m[1]} ${m[2]}`);
}

/** Quoted spans (double, typographic, single around words) and block quotes: what shows the client's text as given. */
function unquoted(sentence: string): string {
  return sentence
    .replace(/"[^"\n]*"/g, "“”")
    .replace(/\u201c[^\u201d\n]*\u201d/g, "“”")
    .replace(/(?<![\p{L}\p{N}])'[^'\n]*'(?![\p{L}\p{N}])/gu, "“”");
}

/** Prose lines of a report or synthesis: not tables, not block quotes (a stimulus shown as given), not code. */
function proseLines(markdown: string): string[] {
  return markdown
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("|") && !l.startsWith(">") && !l.startsWith("```"));
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");

/** A client text that may never be spliced: a URL, a sentence or more, a phrase of more than six words. */
function unspliceable(text: string): number | undefined {
  if (/^https?:\/\//i.test(text.trim())) return 1;
  const count = words(text).length;
  if (/[.!?;:](?:\s|$)/.test(text.trim().replace(/[.!?]$/, "")) || count > 6) return 4;
  return undefined;
}

/** Whether `sentence` holds a run of `size` consecutive words of `text`. */
function holdsRun(sentence: string, text: string, size: number): string | undefined {
  const own = words(text);
  const hay = ` ${words(sentence).join(" ")} `;
  for (let i = 0; i + size <= own.length; i++) {
    const run = own.slice(i, i + size).join(" ");
    if (hay.includes(` ${run} `)) return run;
  }
  return undefined;
}

/** Every sentence the writer made: the plan's question and hypothesis, the questions, the steps and the prose. */
function sentencesOf(out: ReturnType<typeof run>): string[] {
  return [
    out.plan.question_text ?? "",
    out.plan.hypothesis_text ?? "",
    ...out.questions,
    ...out.steps,
    ...proseLines(out.report),
    ...proseLines(out.synthesis),
  ];
}

const CLASHING = /(?<!\.)\.\.(?!\.)|[.!?,;:]\s*[?!]|[.!?,;:]\s*[,;]|,\s*\.|\?\s*\.|\s[.,;:?!]/u;

describe("the client's text in generated sentences (issue 27, readings e and f pattern 1)", () => {
  it("should write every question, step and sentence with no doubled or clashing punctuation", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const out = run(study, models, seed);
        const sentences = sentencesOf(out);
        for (const s of sentences) expect(unquoted(s), s).not.toMatch(CLASHING);
      }),
      RUNS,
    );
  });

  it("should never splice a client sentence, paragraph, long phrase or URL into a question, step or sentence, only quote it or name it", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const out = run(study, models, seed);
        const sentences = sentencesOf(out);
        for (const text of instructionsOf(study)) {
          // An instruction may be reworded into steps and questions, never spliced across its own sentences
          // ("Can people they use a wheelchair. Plan a route…").
          for (const joint of sentenceJoints(text))
            for (const s of sentences) expect(holdsRun(unquoted(s), joint, 2), `${text}\n→ ${s}`).toBeUndefined();
        }
        for (const text of clientTexts(study).filter((t) => !instructionsOf(study).includes(t))) {
          const size = unspliceable(text);
          if (size === undefined) continue;
          const window = size === 1 ? words(text).length : size;
          for (const s of sentences) expect(holdsRun(unquoted(s), text, window), `${text}\n→ ${s}`).toBeUndefined();
        }
        // A step is named by what is done there, never by a page's address.
        for (const step of out.steps) expect(step).not.toMatch(/https?:\/\/|www\.|\/[\w-]+\/[\w-]+/);
      }),
      RUNS,
    );
  });

  it("should ask every respondent-facing question in one language, the client's other-language text only quoted", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const out = run(study, models, seed);
        for (const q of out.questions) {
          const own = unquoted(q);
          // What is left once quotes are out is the writer's English; a word run of another language is not.
          for (const text of clientTexts(study).filter((t) => languageOf(t) !== "en"))
            expect(holdsRun(own, text, 3), `${text}\n→ ${q}`).toBeUndefined();
        }
      }),
      RUNS,
    );
  });

  it("should still show the client's text, quoted, somewhere in the plan or report", () => {
    fc.assert(
      fc.property(anyStudy, anyModels, anySeed, (study, models, seed) => {
        const out = run(study, models, seed);
        const all = [
          out.plan.question_text ?? "",
          out.plan.hypothesis_text ?? "",
          ...out.questions,
          ...out.steps,
          out.report,
        ].join("\n");
        for (const text of clientTexts(study)) {
          const opening = words(text).slice(0, 3).join(" ");
          expect(words(all).join(" "), text).toContain(opening);
        }
      }),
      RUNS,
    );
  });
});
