import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyModels, anySeed, runJourney } from "./__fixtures__/random-study.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";

const goals = loadGoals(defaultFixturesDir());

/**
 * Briefs in German, French and Spanish (and English) as clients write them, in shapes the readings did not show: the
 * formal and the familiar imperative and the infinitive, separable German verbs ("drucken Sie … aus"), verbs the
 * writer has no entry for ("drucken", "imprimez", "imprima"), joined by commas, semicolons, full stops, "und/et/y/and"
 * and "dann/puis/luego/then". Each clause carries a word of its own (`token`) that only its step may hold.
 */
type Lang = "en" | "de" | "fr" | "es";
type Clause = { token: Record<Lang, string>; text: Record<Lang, [string, string, string]> };

const CLAUSES: Clause[] = [
  {
    token: { en: "allotment", de: "Kleingartenparzelle", fr: "parcelle", es: "parcela" },
    text: {
      en: [
        "search for an allotment plot in your borough",
        "look for an allotment plot nearby",
        "find an allotment plot",
      ],
      de: [
        "suchen Sie eine Kleingartenparzelle in Ihrem Bezirk",
        "such dir eine Kleingartenparzelle im Bezirk",
        "eine Kleingartenparzelle im Bezirk suchen",
      ],
      fr: [
        "cherchez une parcelle de jardin partagé dans votre quartier",
        "cherche une parcelle de jardin partagé",
        "chercher une parcelle de jardin partagé",
      ],
      es: [
        "busque una parcela en el huerto urbano de su barrio",
        "busca una parcela en el huerto urbano",
        "buscar una parcela en el huerto urbano",
      ],
    },
  },
  {
    token: { en: "membership", de: "Mitgliedsnummer", fr: "adhérent", es: "socio" },
    text: {
      en: ["enter your membership number", "type in your membership number", "enter the membership number"],
      de: ["geben Sie Ihre Mitgliedsnummer ein", "gib deine Mitgliedsnummer ein", "die Mitgliedsnummer eingeben"],
      fr: ["saisissez votre numéro d'adhérent", "saisis ton numéro d'adhérent", "saisir le numéro d'adhérent"],
      es: ["introduzca su número de socio", "introduce tu número de socio", "introducir el número de socio"],
    },
  },
  {
    token: { en: "vaccination", de: "Impfpass", fr: "carnet", es: "cartilla" },
    text: {
      en: [
        "upload the dog's vaccination record",
        "upload a scan of the vaccination record",
        "upload the vaccination card",
      ],
      de: [
        "laden Sie den Impfpass des Hundes hoch",
        "lade den Impfpass des Hundes hoch",
        "den Impfpass des Hundes hochladen",
      ],
      fr: [
        "téléversez le carnet de vaccination du chien",
        "téléverse le carnet de vaccination",
        "téléverser le carnet de vaccination",
      ],
      es: [
        "suba la cartilla de vacunación del perro",
        "sube la cartilla de vacunación",
        "subir la cartilla de vacunación",
      ],
    },
  },
  {
    token: { en: "receipt", de: "Abholbestätigung", fr: "attestation", es: "justificante" },
    text: {
      en: ["download the collection receipt", "download your receipt as a PDF", "download the receipt"],
      de: [
        "laden Sie die Abholbestätigung herunter",
        "lade die Abholbestätigung herunter",
        "die Abholbestätigung herunterladen",
      ],
      fr: ["téléchargez l'attestation de retrait", "télécharge l'attestation de retrait", "télécharger l'attestation"],
      es: [
        "descargue el justificante de recogida",
        "descarga el justificante de recogida",
        "descargar el justificante de recogida",
      ],
    },
  },
  {
    token: { en: "loan", de: "Leihgebühr", fr: "frais", es: "tasa" },
    text: {
      en: ["pay the £4.50 loan fee with PayPal", "pay the loan fee by card", "pay the loan fee"],
      de: [
        "bezahlen Sie die Leihgebühr von 4,50 € mit PayPal",
        "bezahl die Leihgebühr mit PayPal",
        "die Leihgebühr von 4,50 € mit PayPal bezahlen",
      ],
      fr: [
        "payez les frais de prêt de 4,50 € par carte",
        "paie les frais de prêt",
        "payer les frais de prêt par carte",
      ],
      es: [
        "pague la tasa de préstamo de 4,50 € con Bizum",
        "paga la tasa de préstamo",
        "pagar la tasa de préstamo con Bizum",
      ],
    },
  },
  {
    token: { en: "saturday", de: "Abholtermin", fr: "créneau", es: "franja" },
    text: {
      en: ["choose a collection slot on Saturday morning", "pick a Saturday slot", "select a slot on Saturday"],
      de: [
        "wählen Sie einen Abholtermin am Samstagvormittag",
        "wähl einen Abholtermin am Samstag",
        "einen Abholtermin am Samstag auswählen",
      ],
      fr: [
        "choisissez un créneau de retrait le samedi matin",
        "choisis un créneau le samedi",
        "choisir un créneau le samedi",
      ],
      es: [
        "elija una franja de recogida el sábado por la mañana",
        "elige una franja el sábado",
        "elegir una franja el sábado",
      ],
    },
  },
  {
    token: { en: "bulky", de: "Sperrmüllschein", fr: "encombrants", es: "muebles" },
    text: {
      en: ["print the bulky-waste voucher", "print your bulky-waste voucher", "print the bulky-waste form"],
      de: ["drucken Sie den Sperrmüllschein aus", "druck den Sperrmüllschein aus", "den Sperrmüllschein ausdrucken"],
      fr: [
        "imprimez le bon d'enlèvement des encombrants",
        "imprime le bon des encombrants",
        "imprimer le bon des encombrants",
      ],
      es: ["imprima el vale de recogida de muebles", "imprime el vale de muebles", "imprimir el vale de muebles"],
    },
  },
  {
    token: { en: "vet", de: "Tierarztsprechstunde", fr: "vétérinaire", es: "veterinario" },
    text: {
      en: ["cancel the appointment at the vet", "cancel your vet appointment", "cancel the vet visit"],
      de: [
        "sagen Sie die Tierarztsprechstunde ab",
        "sag die Tierarztsprechstunde ab",
        "die Tierarztsprechstunde absagen",
      ],
      fr: [
        "annulez le rendez-vous chez le vétérinaire",
        "annule le rendez-vous du vétérinaire",
        "annuler le vétérinaire",
      ],
      es: ["anule la cita con el veterinario", "anula la cita con el veterinario", "anular la cita con el veterinario"],
    },
  },
];

/** How clauses are joined: [between the first ones, before the last]. */
const JOINTS: Record<Lang, Array<[string, string]>> = {
  en: [
    [", ", " and "],
    [", then ", " and then "],
  ],
  de: [
    [", ", " und "],
    [", dann ", ", dann "],
    ["; ", " und danach "],
    [". Danach ", ". Zum Schluss "],
  ],
  fr: [
    [", ", " et "],
    [", puis ", ", puis "],
    ["; ensuite ", " et enfin "],
  ],
  es: [
    [", ", " y "],
    [", luego ", " y luego "],
    ["; después ", " y por último "],
  ],
};

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const anyTask = fc
  .record({
    lang: fc.constantFrom<Lang>("de", "fr", "es", "en"),
    clauses: fc.shuffledSubarray(CLAUSES, { minLength: 2, maxLength: 4 }),
    form: fc.constantFrom(0, 1, 2),
    joint: fc.nat(),
    stop: fc.boolean(),
  })
  .map(({ lang, clauses, form, joint, stop }) => {
    const [between, last] = JOINTS[lang][joint % JOINTS[lang].length] as [string, string];
    const texts = clauses.map((c) => c.text[lang][form] as string);
    const joined = `${texts.slice(0, -1).join(between)}${last}${texts.at(-1)}`.replace(
      /([.]\s+)(\p{Ll})/gu,
      (_, s: string, c: string) => `${s}${c.toUpperCase()}`,
    );
    return {
      lang,
      tokens: clauses.map((c) => c.token[lang].toLowerCase()),
      task: `${capital(joined)}${stop ? "." : ""}`,
    };
  });

const usability = (task: string, models: Parameters<typeof runJourney>[2], seed: number) =>
  runJourney("usability_test", { start_url: "https://www.example.org/", task }, models, seed);

/** The plan alone (steps, hypothesis), for properties that need no sessions walked. */
function usabilityPlan(task: string, models: Parameters<typeof runJourney>[2], seed: number) {
  const found = findGoal(goals, "journey", "usability_test");
  if (!found) throw new Error("no usability_test");
  const inputs = { start_url: "https://www.example.org/", task };
  const simulation = { id: `u-${seed}`, mode: "journey" as const, goal: "usability_test", inputs, survey_design: null };
  return generatePlan(simulation, found, undefined, seed, { models }).plan;
}

/** The quotations a text holds: in double quotes, or in single quotes (a step's label). */
function quotations(text: string): string[] {
  return [
    ...[...text.matchAll(/"([^"]*)"/g)].map((m) => m[1] as string),
    ...[...text.replace(/"[^"]*"/g, "").matchAll(/(?<![\p{L}])'((?:[^']|'(?=\p{L}))*)'(?![\p{L}])/gu)].map(
      (m) => m[1] as string,
    ),
  ];
}

/** Words no quotation of a client's words ends on: an article, a preposition, a conjunction (it was cut). */
const DANGLING =
  /^(?:the|a|an|of|to|for|with|and|der|die|das|den|dem|des|ein|eine|einen|einem|mit|von|für|und|im|am|le|la|les|l|un|une|de|du|des|d|avec|pour|et|el|los|las|una|unos|con|para|y|por)$/i;

/** Whether `quote` is a complete quotation of `source`: found in it whole, at word boundaries, not cut before its end. */
function complete(quote: string, source: string): boolean {
  const q = quote.trim();
  if (q === "" || q.includes("\u2026")) return false;
  const at = source.indexOf(q);
  if (at < 0) return false;
  const before = source.charAt(at - 1);
  const after = source.charAt(at + q.length);
  if (/\p{L}/u.test(before) || /\p{L}/u.test(after)) return false;
  const last = q.split(/[\s']+/).at(-1) ?? "";
  return !DANGLING.test(last);
}

/** The words of a foreign text that say something (four letters or more), lower-cased. */
const wordsOf = (text: string) =>
  new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => w !== "paypal"));

/** A text with its quotations taken out: what is left is the report's own English. */
const unquoted = (text: string) =>
  text.replace(/"[^"]*"/g, " ").replace(/(?<![\p{L}])'(?:[^']|'(?=\p{L}))*'(?![\p{L}])/gu, " ");

/**
 * Asserts that `sentence` holds words of `source` (its `foreign` words) only inside complete quotations of it: a
 * double-quoted span is either such a quotation or a label quoted whole (a step's), whose own quotations are checked.
 */
function onlyQuoted(sentence: string, source: string, foreign: Set<string>): void {
  const holds = (text: string) => [...wordsOf(text)].some((w) => foreign.has(w));
  for (const m of sentence.matchAll(/"([^"]*)"/g)) {
    const inner = m[1] as string;
    if (holds(inner) && !complete(inner, source)) onlyQuoted(inner, source, foreign);
  }
  const rest = sentence.replace(/"[^"]*"/g, " ");
  for (const quote of quotations(rest))
    if (holds(quote)) expect(complete(quote, source), `${quote} in ${sentence}`).toBe(true);
  for (const word of unquoted(rest)
    .toLowerCase()
    .match(/\p{L}{4,}/gu) ?? [])
    expect(foreign.has(word), `${word} outside a quotation in ${sentence}`).toBe(false);
}

describe("journey tasks in any language", () => {
  it("every imperative clause is a step: each clause's own word reaches a step of its own, the last one's included", () => {
    fc.assert(
      fc.property(anyTask, anyModels, anySeed, ({ tokens, task }, models, seed) => {
        const steps = (usabilityPlan(task, models, seed).journey_task?.steps ?? []) as string[];
        for (const token of tokens) {
          const own = steps.filter((s) => s.toLowerCase().includes(token));
          expect(own.length, `${token} of ${task}: ${steps.join(" → ")}`).toBeGreaterThan(0);
          for (const step of own)
            for (const other of tokens.filter((t) => t !== token))
              expect(step.toLowerCase(), `${task}: ${steps.join(" → ")}`).not.toContain(other);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("no step label holds a cut quotation: each is the client's words whole, at word boundaries", () => {
    fc.assert(
      fc.property(anyTask, anyModels, anySeed, ({ task }, models, seed) => {
        const run = usability(task, models, seed);
        const labels = [
          ...run.results.steps,
          ...run.results.by_user_model.flatMap((m) => [
            ...m.friction_points.map((p) => p.step),
            ...m.common_paths.flatMap((p) => p.path),
          ]),
        ];
        for (const label of labels)
          for (const quote of quotations(label)) expect(complete(quote, task), `${quote} in ${label}`).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it("an English sentence holds foreign words only inside a complete quotation (plan, steps, report)", () => {
    fc.assert(
      fc.property(
        anyTask.filter((t) => t.lang !== "en"),
        anyModels,
        anySeed,
        ({ task }, models, seed) => {
          const run = usability(task, models, seed);
          const foreign = wordsOf(task);
          const task_ = run.plan.journey_task ?? {};
          const sentences = [
            run.plan.question_text ?? "",
            run.plan.hypothesis_text ?? "",
            String(task_.success_criteria ?? ""),
            ...run.results.steps,
            run.synthesis,
            ...run.report.split("\n").filter((line) => !/^(?:>|- Task:|\| ?(?:Task|Aufgabe))/.test(line)),
          ];
          for (const sentence of sentences) onlyQuoted(sentence, task, foreign);
        },
      ),
      { numRuns: 25 },
    );
  });
});

/** Audiences written in German, French and Spanish, long and short, with commas where a cut would fall. */
const FOREIGN_AUDIENCES = [
  "Eltern von Grundschulkindern in ländlichen Gemeinden, die täglich pendeln",
  "Studierende in Wohnheimen, Köln und Bonn",
  "retraités vivant seuls en zone rurale, Bretagne et Normandie",
  "cuidadores de personas mayores, en Galicia y Asturias",
  "jóvenes agricultores",
  "Pflegekräfte im Nachtdienst",
];

describe("what a task says is not done", () => {
  // Reading p S7: "No se paga nada en línea" became "Enter the payment details" and "Pay: '…'".
  const NOT_PAID: Record<Exclude<Lang, "en">, readonly string[]> = {
    de: ["Es wird nichts online bezahlt; die Gebühr kommt später per Post.", "Nichts wird online bezahlt."],
    fr: ["Rien n'est payé en ligne ; les frais sont calculés plus tard.", "On ne paie rien en ligne."],
    es: ["No se paga nada en línea; los derechos se calculan después.", "Nada se paga en línea."],
  };
  it("never makes a step of what the task says is not done, nor of the scene set after it", () => {
    fc.assert(
      fc.property(anyTask, fc.nat(), anyModels, anySeed, ({ lang, task }, which, models, seed) => {
        if (lang === "en") return;
        const notes = NOT_PAID[lang];
        const plain = (usabilityPlan(task, models, seed).journey_task?.steps ?? []) as string[];
        const noted = (usabilityPlan(`${task.replace(/[.]?$/, ".")} ${notes[which % notes.length]}`, models, seed)
          .journey_task?.steps ?? []) as string[];
        // The sentence of what is not done adds no step, and changes none.
        expect(noted.join(" → ")).toBe(plain.join(" → "));
      }),
      { numRuns: 40 },
    );
  });
});

describe("research questions in English", () => {
  it("an English sentence holds a foreign audience only as a complete quotation or a neutral phrase", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FOREIGN_AUDIENCES),
        fc.constantFrom("concept_test", "message_test", "custom_survey"),
        anyModels,
        anySeed,
        (audience, goal, models, seed) => {
          const inputs: Record<string, unknown> =
            goal === "concept_test"
              ? { concept: "A shared tool library with evening pick-up", audience }
              : goal === "message_test"
                ? { messages: ["Borrow a drill, not buy one", "Tools for every home"], audience }
                : { objective: "Understand why people stop borrowing tools from the library", audience };
          const found = findGoal(goals, "research", goal);
          if (!found) throw new Error(`no goal ${goal}`);
          const simulation = { id: `a-${seed}`, mode: "research" as const, goal, inputs, survey_design: null };
          const { plan, title } = generatePlan(simulation, found, undefined, seed, { models });
          const run = { plan, report: `# ${title}` };
          const foreign = wordsOf(audience);
          for (const sentence of [
            run.plan.question_text ?? "",
            run.plan.hypothesis_text ?? "",
            run.report.split("\n")[0] ?? "",
          ])
            onlyQuoted(sentence, audience, foreign);
        },
      ),
      { numRuns: 30 },
    );
  });
});

/** Questions a team asks of a first screen, in any language and shape. */
const anyQuestions = fc.uniqueArray(
  fc.constantFrom(
    "What would you click next?",
    "Is it clear what a bed costs per night?",
    "Who do you think this hostel is for?",
    "Würden Sie hier ein Konto eröffnen?",
    "Qu'est-ce que ce site vous propose ?",
    "¿Confiaría en esta tienda con su tarjeta?",
    "How long do you think delivery takes?",
  ),
  { minLength: 0, maxLength: 4 },
);

describe("first-impression tests", () => {
  it("no first-impression question is a journey step: questions are answered, not walked", () => {
    fc.assert(
      fc.property(anyQuestions, anyModels, anySeed, (questions, models, seed) => {
        const inputs = { start_url: "https://www.example.org/", ...(questions.length ? { questions } : {}) };
        const run = runJourney("first_impression", inputs, models, seed);
        const steps = [
          ...((run.plan.journey_task?.steps ?? []) as string[]),
          ...run.results.steps,
          ...run.results.by_user_model.flatMap((m) => [
            ...m.drop_off_by_step.map((d) => d.step),
            ...m.friction_points.map((p) => p.step),
            ...m.common_paths.flatMap((p) => p.path),
          ]),
        ];
        for (const step of steps) {
          expect(step, step).not.toMatch(/^(?:answer|say)\b/i);
          for (const q of questions) expect(step).not.toContain(q);
        }
        // Every question is still asked, and answered by everyone who saw the page.
        for (const m of run.results.by_user_model)
          for (const q of questions) expect(m.impressions?.answers.map((a) => a.question)).toContain(q);
      }),
      { numRuns: 30 },
    );
  });
});

describe("bars a plan proposes", () => {
  it("a usability hypothesis sets no step count it cannot say the source of", () => {
    fc.assert(
      fc.property(anyTask, anyModels, anySeed, ({ task }, models, seed) => {
        const hypothesis = usabilityPlan(task, models, seed).hypothesis_text ?? "";
        const bar = /within (\d+) steps/.exec(hypothesis);
        if (bar) expect(hypothesis, hypothesis).toMatch(/parts? of the task|the task's parts/);
      }),
      { numRuns: 10 },
    );
  });
});
