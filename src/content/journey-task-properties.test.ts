import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { anyModels, anySeed, runJourney } from "./__fixtures__/random-study.js";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { generatePlan } from "./plans.js";

/**
 * Usability tasks as clients write them in English, German, French and Spanish: two to four parts of a few kinds, in
 * the imperative or the infinitive, joined by commas, "and/und/et/y", "then/dann/puis/luego" or full stops. Each part
 * holds a word (`token`) its own step must carry, and a kind whose English verb names that step.
 */
type Kind = "search" | "choose" | "pay" | "book" | "fill" | "check" | "upload";
type Lang = "en" | "de" | "fr" | "es";

/** Per kind: the part in each language as [imperative, infinitive], and the word that must reach its step. */
const PARTS: Record<Kind, { token: Record<Lang, string>; text: Record<Lang, [string, string]> }> = {
  search: {
    token: { en: "kayak", de: "Kajakverleih", fr: "kayak", es: "kayaks" },
    text: {
      en: ["search for a kayak rental in Bergen", "search for a kayak rental in Bergen"],
      de: ["suche einen Kajakverleih in Bergen", "einen Kajakverleih in Bergen suchen"],
      fr: ["cherchez une location de kayak à Bergen", "chercher une location de kayak à Bergen"],
      es: ["busca un alquiler de kayaks en Bergen", "buscar un alquiler de kayaks en Bergen"],
    },
  },
  choose: {
    token: { en: "sauna", de: "Saunatermin", fr: "sauna", es: "sauna" },
    text: {
      en: ["choose the early sauna slot", "pick the early sauna slot"],
      de: ["wähle den frühen Saunatermin", "den frühen Saunatermin wählen"],
      fr: ["choisissez le créneau de sauna du matin", "choisir le créneau de sauna du matin"],
      es: ["elige el turno de sauna de la mañana", "elegir el turno de sauna de la mañana"],
    },
  },
  pay: {
    token: { en: "membership fee", de: "Mitgliedsgebühr", fr: "cotisation", es: "cuota" },
    text: {
      en: ["pay the membership fee", "pay the membership fee by card"],
      de: ["bezahle die Mitgliedsgebühr", "die Mitgliedsgebühr mit Karte bezahlen"],
      fr: ["payez la cotisation annuelle", "payer la cotisation annuelle par carte"],
      es: ["paga la cuota de socio", "pagar la cuota de socio con tarjeta"],
    },
  },
  book: {
    token: { en: "violin", de: "Geigenstunde", fr: "violon", es: "violín" },
    text: {
      en: ["book a violin lesson for Thursday", "book a violin lesson for Thursday"],
      de: ["buche eine Geigenstunde für Donnerstag", "eine Geigenstunde für Donnerstag buchen"],
      fr: ["réservez un cours de violon pour jeudi", "réserver un cours de violon pour jeudi"],
      es: ["reserva una clase de violín para el jueves", "reservar una clase de violín para el jueves"],
    },
  },
  fill: {
    token: { en: "parking permit", de: "Parkausweis", fr: "stationnement", es: "aparcamiento" },
    text: {
      en: ["fill in the parking permit form", "fill out the parking permit form"],
      de: ["fülle den Antrag für den Parkausweis aus", "den Antrag für den Parkausweis ausfüllen"],
      fr: ["remplissez la demande de carte de stationnement", "remplir la demande de carte de stationnement"],
      es: ["rellena la solicitud del permiso de aparcamiento", "rellenar la solicitud del permiso de aparcamiento"],
    },
  },
  check: {
    token: { en: "ferry", de: "Fähre", fr: "ferry", es: "ferry" },
    text: {
      en: ["check whether the ferry takes bicycles", "check if the ferry takes bicycles"],
      de: ["prüfe, ob die Fähre Fahrräder mitnimmt", "prüfen, ob die Fähre Fahrräder mitnimmt"],
      fr: ["vérifiez si le ferry accepte les vélos", "vérifier si le ferry accepte les vélos"],
      es: ["comprueba si el ferry admite bicicletas", "comprobar si el ferry admite bicicletas"],
    },
  },
  upload: {
    token: { en: "meter", de: "Zähler", fr: "compteur", es: "contador" },
    text: {
      en: ["upload a photo of the meter", "upload a photo of the meter"],
      de: ["lade ein Foto vom Zähler hoch", "ein Foto vom Zähler hochladen"],
      fr: ["téléversez une photo du compteur", "téléverser une photo du compteur"],
      es: ["sube una foto del contador", "subir una foto del contador"],
    },
  },
};

/** The English verb a step of each kind starts with. */
const LABEL: Record<Kind, RegExp> = {
  search: /^Search\b/,
  choose: /^(?:Choose|Pick|Select)\b/,
  pay: /^Pay\b/,
  book: /^Book\b/,
  fill: /^Fill (?:in|out)\b/,
  check: /^Check\b/,
  upload: /^Upload\b/,
};

/** How parts are joined in each language: [between the first ones, before the last]. */
const JOINTS: Record<Lang, Array<[string, string]>> = {
  en: [
    [", ", " and "],
    [", ", ", then "],
    ["; ", "; then "],
    [". Then ", ". Then "],
    [" and then ", ", and "],
  ],
  de: [
    [", ", " und "],
    [", ", ", dann "],
    [" und dann ", " und dann "],
    [". Dann ", ". Danach "],
  ],
  fr: [
    [", ", " et "],
    [", ", ", puis "],
    [". Ensuite, ", ". Enfin, "],
  ],
  es: [
    [", ", " y "],
    [", ", " y luego "],
    [". Después, ", ". Por último, "],
  ],
};

const KINDS = Object.keys(PARTS) as Kind[];

interface Task {
  lang: Lang;
  kinds: Kind[];
  task: string;
  /** The same task with one more part (a payment when it had none, else another kind) at its end. */
  longer: { task: string; kinds: Kind[] };
}

const join = (texts: string[], [joint, last]: [string, string]) => {
  const joined = texts.length === 1 ? (texts[0] as string) : `${texts.slice(0, -1).join(joint)}${last}${texts.at(-1)}`;
  // After a full stop the next part starts a sentence.
  const sentences = joined.replace(/([.]\s+)(\p{Ll})/gu, (_, stop, c: string) => `${stop}${c.toUpperCase()}`);
  return `${sentences.charAt(0).toUpperCase()}${sentences.slice(1)}`;
};

const anyTask: fc.Arbitrary<Task> = fc
  .record({
    lang: fc.constantFrom<Lang>("en", "de", "fr", "es"),
    kinds: fc.shuffledSubarray(KINDS, { minLength: 2, maxLength: 4 }),
    form: fc.constantFrom(0, 1),
    joint: fc.nat(),
    stop: fc.boolean(),
  })
  .map(({ lang, kinds, form, joint, stop }) => {
    const shape = JOINTS[lang][joint % JOINTS[lang].length] as [string, string];
    const extra = kinds.includes("pay") ? (KINDS.find((k) => !kinds.includes(k)) as Kind) : "pay";
    const write = (ks: Kind[]) =>
      `${join(
        ks.map((k) => PARTS[k].text[lang][form]),
        shape,
      )}${stop ? "." : ""}`;
    return { lang, kinds, task: write(kinds), longer: { task: write([...kinds, extra]), kinds: [...kinds, extra] } };
  });

const usability = (task: string, models: UserModelRecord[], seed: number) =>
  runJourney("usability_test", { start_url: "https://www.example.org/", task }, models, seed);

const stepsOf = (run: ReturnType<typeof usability>) => (run.plan.journey_task?.steps ?? []) as string[];

describe("journey steps from the task, in any language", () => {
  it("every part of a task is a step, named by its English verb, and no step holds two parts", () => {
    fc.assert(
      fc.property(anyTask, anyModels, anySeed, ({ lang, kinds, task }, models, seed) => {
        const steps = stepsOf(usability(task, models, seed));
        for (const kind of kinds) {
          const token = PARTS[kind].token[lang].toLowerCase();
          const own = steps.filter((s) => s.toLowerCase().includes(token));
          expect(
            own.some((s) => LABEL[kind].test(s)),
            `${kind} of ${task}: ${steps.join(" → ")}`,
          ).toBe(true);
          for (const other of kinds.filter((k) => k !== kind))
            for (const step of own) expect(step.toLowerCase()).not.toContain(PARTS[other].token[lang].toLowerCase());
        }
      }),
      { numRuns: 50 },
    );
  });

  it("no 'Complete the task' step when parts are known, and the client's words only ever quoted", () => {
    fc.assert(
      fc.property(anyTask, anyModels, anySeed, ({ lang, task }, models, seed) => {
        const steps = stepsOf(usability(task, models, seed));
        expect(steps).not.toContain("Complete the task");
        if (lang === "en") return;
        const taskWords = new Set(task.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
        for (const step of steps.slice(1)) {
          // What a step says outside its quotation is the report's English: no word of the task spliced into it.
          const outside = step.replace(/'[^']*(?:'[^'\s][^']*)*'/g, "").toLowerCase();
          for (const word of outside.match(/\p{L}{4,}/gu) ?? [])
            expect(taskWords.has(word) && !/^(?:ferry|sauna|kayak)$/.test(word), `${word} in ${step}`).toBe(false);
        }
      }),
      { numRuns: 50 },
    );
  });

  it("time/steps grow with parts: one more part is never fewer steps or less time, and a payment costs time", () => {
    fc.assert(
      fc.property(anyTask, anyModels, anySeed, ({ task, kinds, longer }, models, seed) => {
        const short = usability(task, models, seed);
        const long = usability(longer.task, models, seed);
        expect(stepsOf(long).length).toBeGreaterThan(stepsOf(short).length);
        const addsPayment = !kinds.includes("pay") && longer.kinds.includes("pay");
        short.results.by_user_model.forEach((m, i) => {
          const n = long.results.by_user_model[i];
          if (!n || m.task_success_rate === 0 || n.task_success_rate === 0) return;
          expect(n.median_steps).toBeGreaterThan(m.median_steps);
          expect(n.median_time_on_task_seconds).toBeGreaterThan(m.median_time_on_task_seconds);
          // Entering card details and paying is a minute or more, whoever does it.
          if (addsPayment)
            expect(n.median_time_on_task_seconds - m.median_time_on_task_seconds).toBeGreaterThanOrEqual(45);
        });
      }),
      { numRuns: 40 },
    );
  });
});

/** How many options a brief offers at a step, written the ways clients write it; the count is the truth. */
const OFFERS: Array<{ n: number; step: string; brief?: string }> = [
  { n: 2, step: "Compare the Basic and Premium plans" },
  { n: 2, step: "Choose between the Standard and Family memberships" },
  { n: 2, step: "Compare the plans", brief: "Two plans are offered: Solo and Duo." },
  { n: 3, step: "Choose a tank size (120, 160 or 200 litres)" },
  { n: 3, step: "Pick one of the three cabin classes" },
  { n: 3, step: "Select a kit size", brief: "The kit comes in 3 sizes: small, medium and large." },
  { n: 2, step: "Choose a monthly or yearly subscription" },
  { n: 3, step: "Compare Bronze, Silver and Gold tiers" },
];

const anyFunnel = fc.record({
  offer: fc.constantFrom(...OFFERS),
  before: fc.constantFrom("Read what the service is", "Open the offer page", "Scan the headline"),
  after: fc.constantFrom(
    ["Fill in your details", "Pay the deposit"],
    ["Create an account"],
    ["Submit the request form"],
  ),
  goal: fc.constantFrom("conversion_funnel", "usability_test"),
});

/** Words that claim how many options there are: "too many", "six of nearly the same thing". */
const COUNT_CLAIM =
  /\b(?:too|so) many (?:similar|of|options|plans|choices)\b|\b(?:two|three|four|five|six|seven|eight|nine|ten)\s+(?:of|options|plans|choices|versions)\b/i;
const WORD_COUNT: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

describe("friction that agrees with the brief", () => {
  it("friction counts agree with the brief: no 'too many' or 'six of' where the brief offers two or three", () => {
    fc.assert(
      fc.property(anyFunnel, anyModels, anySeed, ({ offer, before, after, goal }, models, seed) => {
        const steps = ["Land on the offer page", before, offer.step, ...after];
        const inputs: Record<string, unknown> =
          goal === "conversion_funnel"
            ? { start_url: "https://www.example.org/offer", goal_event: "submits the form", steps }
            : { start_url: "https://www.example.org/offer", task: "Choose an option and finish", steps };
        if (offer.brief) inputs.success_criteria = offer.brief;
        const run = runJourney(goal, inputs, models, seed);
        for (const model of run.results.by_user_model)
          for (const point of model.friction_points) {
            const said = `${point.issue} ${point.quote}`;
            const claim = COUNT_CLAIM.exec(said)?.[0];
            if (claim === undefined) continue;
            const word = /^(\w+)/.exec(claim)?.[1]?.toLowerCase() ?? "";
            const claimed = WORD_COUNT[word];
            // A count must be the brief's; "too many" only where the brief offers more than three.
            if (claimed !== undefined) expect(claimed, `${said} at ${point.step}`).toBe(offer.n);
            else expect(offer.n, `${said} at ${point.step}`).toBeGreaterThan(3);
          }
      }),
      { numRuns: 60 },
    );
  });
});

/** Names, descriptors and brackets in any order and length: a cut may fall anywhere, a bracket's inside included. */
const anyBracketed = fc
  .record({
    name: fc.constantFrom("Lumo", "Brightway", "Kestrel Fresh", "Öko-Box", "Tallyo"),
    head: fc.array(fc.constantFrom("weekly", "refill", "bicycle", "repair", "subscription", "service", "plan"), {
      minLength: 0,
      maxLength: 6,
    }),
    open: fc.constantFrom(["(", ")"], ["[", "]"], ["\u201c", "\u201d"], ['"', '"']),
    inside: fc.array(fc.constantFrom("exterior", "wash", "only", "two", "visits", "per", "month", "and", "vacuum"), {
      minLength: 1,
      maxLength: 9,
    }),
    tail: fc.array(fc.constantFrom("for", "city", "drivers", "with", "free", "cancellation"), {
      minLength: 0,
      maxLength: 5,
    }),
  })
  .map(({ name, head, open, inside, tail }) =>
    [name, ...head, `${open[0]}${inside.join(" ")}${open[1]}`, ...tail].join(" "),
  );

/** Whether a text leaves a bracket or a quotation open. */
function leftOpen(text: string): boolean {
  const count = (c: string) => text.split(c).length - 1;
  return (
    count("(") !== count(")") ||
    count("[") !== count("]") ||
    count("\u201c") !== count("\u201d") ||
    count('"') % 2 === 1
  );
}

const goals = loadGoals(defaultFixturesDir());

/** The title a study's plan gets. */
function titleOf(goal: string, text: string, seed: number): string {
  const mode = goal === "usability_test" ? "journey" : "research";
  const found = findGoal(goals, mode, goal);
  if (!found) throw new Error(`no goal ${goal}`);
  const inputs: Record<string, unknown> =
    goal === "usability_test"
      ? { start_url: "https://www.example.org/", task: `Book the ${text}` }
      : goal === "message_test"
        ? { messages: [text, "Fix it today"] }
        : { concept: text, product: text, price_points: [9, 12] };
  return generatePlan({ id: `t-${seed}`, mode, inputs, survey_design: null }, found, undefined, seed).title;
}

describe("titles", () => {
  it("no title ends inside a bracket or a quotation, whatever the brief's text holds", () => {
    fc.assert(
      fc.property(
        anyBracketed,
        fc.constantFrom("concept_test", "pricing", "message_test", "usability_test"),
        anySeed,
        (text, goal, seed) => {
          const title = titleOf(goal, text, seed);
          expect(leftOpen(title), title).toBe(false);
        },
      ),
      { numRuns: 80 },
    );
  });
});

/** A price the client gives as a starting price, in the words of each language, with any currency sign or code. */
const anyFromPrice = fc
  .record({
    word: fc.constantFrom("from", "From", "starting at", "ab", "à partir de", "desde", "dès"),
    amount: fc.constantFrom(9, 25, 149, 1490, 18900),
    money: fc.constantFrom(["£", ""], ["", " €"], ["฿", ""], ["", " Ft"], ["CHF ", ""], ["", " USD"], ["$", ""]),
    unit: fc.constantFrom("", " a month", " per repair", " per visit", " pro Monat"),
  })
  .map(({ word, amount, money, unit }) => ({
    price: `${word} ${money[0]}${amount}${money[1]}${unit}`,
    amount,
  }));

describe("starting prices", () => {
  it("a 'from' price keeps 'from' wherever the plan says the price", () => {
    fc.assert(
      fc.property(anyFromPrice, anySeed, ({ price, amount }, seed) => {
        const found = findGoal(goals, "research", "concept_test");
        if (!found) throw new Error("no concept_test");
        const inputs = {
          concept: "A repair kiosk that fixes a cracked phone screen in 30 minutes",
          price_point: price,
        };
        const { plan, title } = generatePlan(
          { id: `p-${seed}`, mode: "research", inputs, survey_design: null },
          found,
          undefined,
          seed,
        );
        const texts = [
          title,
          plan.question_text ?? "",
          plan.hypothesis_text ?? "",
          ...(plan.survey_questions ?? []).map((q) => q.question_text),
        ];
        // The amount in any grouping ("1,490", "1 490", "18.900").
        const digits = String(amount).replace(/\B(?=(\d{3})+$)/g, "[,.\\s\\u00a0\\u202f]?");
        const said = new RegExp(`(.{0,14})(?<![\\d])${digits}(?![\\d%])`, "gu");
        for (const text of texts) for (const m of text.matchAll(said)) expect(m[1], text).toMatch(/\bfrom\b/i);
      }),
      { numRuns: 80 },
    );
  });
});
