import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ContextRecord } from "../store/records.js";
import { anyModels, anySeed, anyWord, cap, runJourney } from "./__fixtures__/random-study.js";
import { mobileFirst } from "./markets.js";

/**
 * Journeys as their briefs set them, over random tasks in English, German, French and Spanish made of invented words:
 * what the brief says is not done, its order, its optional steps, its success, where sessions are lost, the device and
 * a first look's answers (readings p S7-S9 and q S7-S9).
 */
type Lang = "en" | "de" | "fr" | "es";
type Kind = "search" | "choose" | "pay" | "book" | "fill" | "upload";

/** A part of each kind in each language, `{w}` its own invented word (a German noun takes it capitalised). */
const PART: Record<Kind, Record<Lang, string>> = {
  search: {
    en: "search for a {w} near the station",
    de: "suche ein {W} in der Nähe",
    fr: "cherchez un {w} près de la gare",
    es: "busca un {w} cerca de la estación",
  },
  choose: {
    en: "choose the {w} option",
    de: "wähle die Option {W}",
    fr: "choisissez l'option {w}",
    es: "elige la opción {w}",
  },
  pay: {
    en: "pay the {w} fee",
    de: "bezahle die Gebühr für {W}",
    fr: "payez les frais de {w}",
    es: "paga la tasa de {w}",
  },
  book: {
    en: "book a {w} appointment",
    de: "buche einen Termin für {W}",
    fr: "réservez un rendez-vous {w}",
    es: "reserva una cita de {w}",
  },
  fill: {
    en: "fill in the {w} form",
    de: "fülle das Formular {W} aus",
    fr: "remplissez le formulaire {w}",
    es: "rellena el formulario {w}",
  },
  upload: {
    en: "upload the {w} document",
    de: "lade das Dokument {W} hoch",
    fr: "téléversez le document {w}",
    es: "sube el documento {w}",
  },
};
const KINDS = Object.keys(PART) as Kind[];

/** What is not done, not needed or not online, `{w}` its word: never a step. */
const NOT_DONE: Record<Lang, string[]> = {
  en: [
    "you do not pay the {w} fee online",
    "nothing is paid online for the {w}",
    "no {w} is needed",
    "do not upload the {w} document",
    "don't book a {w} slot",
  ],
  de: [
    "die Gebühr für {W} wird nicht online bezahlt",
    "nichts wird für {W} online bezahlt",
    "kein {W} ist nötig",
    "es wird kein {W} hochgeladen",
  ],
  fr: [
    "rien n'est payé en ligne pour le {w}",
    "on ne paie pas le {w} en ligne",
    "aucun {w} n'est nécessaire",
    "ne téléversez pas le document {w}",
  ],
  es: [
    "no se paga nada en línea por el {w}",
    "no hace falta ningún {w}",
    "nada se paga por el {w}",
    "no subas el documento {w}",
  ],
};

/** How parts are joined: [between parts, before the last]. */
const JOINTS: Record<Lang, Array<[string, string]>> = {
  en: [
    [", ", " and "],
    [", ", ", then "],
    [". ", ". Then "],
  ],
  de: [
    [", ", " und "],
    [", ", ", dann "],
  ],
  fr: [
    [", ", " et "],
    [", ", ", puis "],
  ],
  es: [
    [", ", " y "],
    [", ", " y luego "],
  ],
};

const fill = (template: string, word: string) => template.replace("{w}", word).replace("{W}", cap(word));
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const joined = (texts: string[], [joint, last]: [string, string]) =>
  sentence(
    (texts.length === 1 ? (texts[0] as string) : `${texts.slice(0, -1).join(joint)}${last}${texts.at(-1)}`).replace(
      /(\.\s+)(\p{Ll})/gu,
      (_, stop: string, c: string) => `${stop}${c.toUpperCase()}`,
    ),
  );

interface Task {
  lang: Lang;
  kinds: Kind[];
  words: string[];
  parts: string[];
  joint: [string, string];
}

const anyTask: fc.Arbitrary<Task> = fc
  .record({
    lang: fc.constantFrom<Lang>("en", "de", "fr", "es"),
    kinds: fc.shuffledSubarray(KINDS, { minLength: 2, maxLength: 4 }),
    words: fc.uniqueArray(anyWord, { minLength: 6, maxLength: 6 }),
    joint: fc.nat(),
  })
  .map(({ lang, kinds, words, joint }) => ({
    lang,
    kinds,
    words: words.slice(0, kinds.length),
    parts: kinds.map((k, i) => fill(PART[k][lang], words[i] as string)),
    joint: JOINTS[lang][joint % JOINTS[lang].length] as [string, string],
  }));

const usability = (
  inputs: Record<string, unknown>,
  models: Parameters<typeof runJourney>[2],
  seed: number,
  context?: ContextRecord,
) => runJourney("usability_test", { start_url: "https://www.example.org/", ...inputs }, models, seed, context);
const stepsOf = (run: ReturnType<typeof usability>) => (run.plan.journey_task?.steps ?? []) as string[];
const has = (step: string, word: string) => step.toLowerCase().includes(word.toLowerCase());

const contextOf = (body: string): ContextRecord =>
  ({ id: "ctx-1", name: "Portal", body, created_at: "2026-01-01T00:00:00Z" }) as unknown as ContextRecord;

describe("what the brief says is not done", () => {
  it("a clause of what is not done, not needed or not online is never a step nor in a step's label", () => {
    fc.assert(
      fc.property(
        anyTask,
        anyWord,
        fc.nat(),
        fc.nat(),
        fc.constantFrom("sentence", "clause", "steps"),
        anyModels,
        anySeed,
        (task, word, which, where, shape, models, seed) => {
          const nw = `${word}x`;
          const notes = NOT_DONE[task.lang];
          const note = fill(notes[which % notes.length] as string, nw);
          const at = 1 + (where % task.parts.length);
          let run: ReturnType<typeof usability>;
          if (shape === "steps") {
            if (task.lang !== "en") return;
            const items = [...task.parts.slice(0, at), note, ...task.parts.slice(at)].map(sentence);
            run = usability(
              { task: sentence(task.parts[0] as string) },
              models,
              seed,
              contextOf(items.map((s, i) => `${i + 1}. ${s}`).join("\n")),
            );
          } else {
            const text =
              shape === "sentence"
                ? `${joined(task.parts.slice(0, at), task.joint)}. ${sentence(note)}.${at < task.parts.length ? ` ${joined(task.parts.slice(at), task.joint)}.` : ""}`
                : joined([...task.parts.slice(0, at), note, ...task.parts.slice(at)], [", ", ", "]);
            run = usability({ task: text }, models, seed);
          }
          for (const step of stepsOf(run))
            expect(has(step, nw), `${step} of ${run.simulation.inputs.task}`).toBe(false);
        },
      ),
      { numRuns: 16 },
    );
  });
});

describe("the brief's order", () => {
  it("each part's step in the brief's order, none before the first part but opening or navigation, none twice", () => {
    fc.assert(
      fc.property(anyTask, anyModels, anySeed, (task, models, seed) => {
        const steps = stepsOf(usability({ task: joined(task.parts, task.joint) }, models, seed));
        const where = task.words.map((w) => steps.findIndex((s) => has(s, w)));
        const said = `${joined(task.parts, task.joint)}: ${steps.join(" → ")}`;
        for (const [i, at] of where.entries()) {
          expect(at, said).toBeGreaterThan(0);
          if (i > 0) expect(at, said).toBeGreaterThan(where[i - 1] as number);
        }
        expect(new Set(steps).size, said).toBe(steps.length);
        // A step of no part of the brief only opens the page or finds where to do a part: never a deed of its own.
        for (const step of steps.filter((s) => !task.words.some((w) => has(s, w))))
          expect(step, said).toMatch(
            /^(?:Land on|Scan the headline|Find |Search or browse|Open (?:the|what)|Choose from the results)/,
          );
      }),
      { numRuns: 16 },
    );
  });
});

/** A part the brief calls optional, in the four languages' ways. */
const OPTIONAL: Record<Lang, string[]> = {
  en: ["add the {w} extra (optional)", "optionally add the {w} extra", "add the {w} extra if you want"],
  de: ["füge das Extra {W} hinzu (optional)", "füge freiwillig das Extra {W} hinzu"],
  fr: ["ajoutez l'option {w} (facultatif)", "ajoutez l'option {w} si vous le souhaitez"],
  es: ["añade el extra {w} (opcional)", "añade el extra {w} si quieres"],
};

describe("optional steps", () => {
  it("nobody is lost at a step the brief calls optional, in a task or a funnel's steps", () => {
    fc.assert(
      fc.property(
        anyTask,
        anyWord,
        fc.nat(),
        fc.constantFrom("usability_test", "conversion_funnel", "steps list"),
        anyModels,
        anySeed,
        (task, word, which, goal, models, seed) => {
          // A brief's Steps list is read in English.
          if (goal === "steps list" && task.lang !== "en") return;
          const ow = `${word}o`;
          const forms = OPTIONAL[task.lang];
          const optional = fill(forms[which % forms.length] as string, ow);
          const parts = [...task.parts.slice(0, 1), optional, ...task.parts.slice(1)];
          const list = parts.map((p, i) => `${i + 1}. ${sentence(p)}`).join("\n");
          const run =
            goal === "usability_test"
              ? usability({ task: joined(parts, task.joint) }, models, seed)
              : goal === "steps list"
                ? usability({ task: sentence(task.parts[0] as string) }, models, seed, contextOf(`## Steps\n${list}`))
                : runJourney(
                    goal,
                    {
                      start_url: "https://shop.example.org/",
                      goal_event: "places an order",
                      steps: ["Land on the shop", ...parts.map(sentence)],
                    },
                    models,
                    seed,
                  );
          const at = run.results.steps.filter((s) => has(s, ow));
          expect(at.length, run.results.steps.join(" → ")).toBeGreaterThan(0);
          for (const m of run.results.by_user_model)
            for (const d of m.drop_off_by_step.filter((d) => has(d.step, ow)))
              expect(d.dropped, `${d.step} in ${run.results.steps.join(" → ")}`).toBe(0);
          expect(run.report).not.toMatch(new RegExp(`lost (?:mostly )?at "[^"]*${ow}`, "i"));
          expect(run.report).toMatch(
            new RegExp(`- Optional in the brief: [^\\n]*${ow}[^\\n]*nobody is counted as lost`, "i"),
          );
        },
      ),
      { numRuns: 16 },
    );
  });
});

/** A success the brief states, in its language, naming a page `{w}`. */
const SUCCESS: Record<Lang, string[]> = {
  en: ["Success = the user reaches the page '{W} sent'", "Success: they reach the '{W}' screen"],
  de: ["Erfolg: erreicht die Seite „{W} gesendet“", "Erfolg ist, wenn man die Seite '{W}' erreicht"],
  fr: ["Succès : atteint la page « {W} envoyée »", "Critère de succès : atteint l'écran '{W}'"],
  es: ["Éxito: llega a la pantalla '{W} enviada'", "Llega a la pantalla 'Solicitud {W}'"],
};

describe("the brief's success", () => {
  it("a success the brief states is the success the report uses, quoted, and no step", () => {
    fc.assert(
      fc.property(anyTask, anyWord, fc.nat(), anyModels, anySeed, (task, word, which, models, seed) => {
        const sw = `${word}s`;
        const forms = SUCCESS[task.lang];
        const success = fill(forms[which % forms.length] as string, sw);
        const run = usability({ task: `${joined(task.parts, task.joint)}. ${success}.` }, models, seed);
        const line = run.report.split("\n").find((l) => l.startsWith("- Success:")) ?? "";
        expect(line, run.report).toContain(success);
        expect(run.report).not.toContain("A session succeeds when it gets through the last step.");
        expect(run.report).toMatch(new RegExp(`succeeds when[^\\n]*${cap(sw)}`));
        for (const step of stepsOf(run)) expect(has(step, sw), step).toBe(false);
      }),
      { numRuns: 16 },
    );
  });
});

/** Choices of two or three, or of a count the brief does not give. */
const CHOICES = [
  "Choose box size (small or large)",
  "Choose a {w} box size",
  "Pick the {W} or the {W}-plus box",
  "Choose between two {w} sizes",
  "Select a {w} plan",
  "Choose the {w} options",
];

describe("where sessions are lost", () => {
  it("the step said to lose most is where those sessions ended, the steepest loss has friction, and friction fits", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHOICES),
        anyWord,
        fc.constantFrom(
          ["Add the {w} warranty", "Pay by card"],
          ["Enter delivery details", "Pay by card or Klarna"],
          ["Create an account"],
        ),
        anyModels,
        anySeed,
        (choice, word, after, models, seed) => {
          const steps = ["Landing page", fill(choice, word), ...after.map((s) => fill(s, word))];
          const run = runJourney(
            "conversion_funnel",
            { start_url: "https://shop.example.org/", goal_event: "places an order", steps },
            models,
            seed,
          );
          for (const m of run.results.by_user_model) {
            const worst = [...m.drop_off_by_step].sort((a, b) => b.dropped - a.dropped)[0];
            const left = m.common_paths.find((p) => /^Left /.test(p.path.at(-1) ?? ""));
            // Those who left got through the step before the one they gave up at; a bounce, through none.
            const at = m.drop_off_by_step.findIndex((d) => d.step === worst?.step);
            if (left && worst && worst.dropped > 0)
              expect(left.path, JSON.stringify(m.common_paths)).toEqual(
                at === 0 ? [worst.step, "Left from this page"] : [...steps.slice(0, at), "Left the site"],
              );
            for (const f of m.friction_points)
              expect(`${f.issue} ${f.quote}`).not.toMatch(
                /\b(?:too|so) many (?:similar|of nearly|options|choices)\b|\bfilter/i,
              );
          }
          const points = run.results.by_user_model.flatMap((m) => m.friction_points.map((f) => f.step));
          for (const said of run.report.matchAll(/(?:steepest loss is at|Most sessions were lost at) "([^"]+)"/g))
            expect(points, said[0]).toContain(said[1]);
        },
      ),
      { numRuns: 16 },
    );
  });
});

/** Words in a brief that put a journey on a phone. */
const PHONE_WORDS = ["tap the button", "in the app", "tippe auf den Knopf", "appuyez sur le bouton", "toca el botón"];

describe("the device", () => {
  it("every journey states its device with its reason: the brief's, its words, or the country's default", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("usability_test", "conversion_funnel", "first_impression"),
        fc.option(fc.constantFrom("desktop", "mobile"), { nil: undefined }),
        fc.option(fc.constantFrom(...PHONE_WORDS), { nil: undefined }),
        anyModels,
        anySeed,
        (goal, device, phone, models, seed) => {
          const task = `Find the opening hours${phone ? ` and ${phone}` : ""}`;
          const inputs: Record<string, unknown> = { start_url: "https://www.example.org/", task };
          if (goal === "conversion_funnel") inputs.goal_event = phone ? `signs up ${phone}` : "signs up";
          if (device) inputs.device = device;
          const run = runJourney(goal, inputs, models, seed);
          const line = run.report.split("\n").find((l) => l.startsWith("- Device:")) ?? "";
          expect(line, run.report).toMatch(/^- Device: (?:desktop|mobile) \(.+\)$/);
          const country = String(models[0]?.metadata.country ?? "");
          const expected = device ?? (phone || mobileFirst(country) ? "mobile" : "desktop");
          expect(line).toContain(`Device: ${expected}`);
        },
      ),
      { numRuns: 16 },
    );
  });

  // Readings r S8, S9, s S8: "New Zealand is not a market where most people go online on a phone" (nor Singapore).
  it("a default device is said as the plan's, never as a fact about the market", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("usability_test", "conversion_funnel", "first_impression"),
        fc.constantFrom("NZ", "HU", "DE", "CA", "SE", "IS", "RO"),
        anyModels,
        anySeed,
        (goal, country, models, seed) => {
          const inputs: Record<string, unknown> = { start_url: "https://www.example.org/", task: "Find the prices" };
          if (goal === "conversion_funnel") inputs.goal_event = "signs up";
          const placed = models.map((m) => ({ ...m, metadata: { ...m.metadata, country } }));
          const line = runJourney(goal, inputs, placed, seed)
            .report.split("\n")
            .find((l) => l.startsWith("- Device:"));
          expect(line, country).toMatch(/^- Device: desktop \(.*default/);
          expect(line, country).not.toMatch(/is not a market/);
        },
      ),
      { numRuns: 8 },
    );
  });
});

/** A first look's own questions: yes-or-no ones in the four languages, and open ones. */
const CLOSED_QUESTIONS = [
  "Would you trust {W} with your card details?",
  "Do you trust {W}?",
  "Vertrauen Sie {W}?",
  "Würden Sie {W} vertrauen?",
  "Feriez-vous confiance à {W} ?",
  "Est-ce que {W} vous semble fiable ?",
  "¿Confiarías en {W}?",
  "¿Te parece fiable {W}?",
];
const OPEN_QUESTIONS = ["What does {W} offer?", "Was bietet {W} an?", "Que propose {W} ?", "¿Qué ofrece {W}?"];

describe("a first look", () => {
  it("trust is never flat, a client's yes-or-no question gets its answers, and the two click measures agree", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...CLOSED_QUESTIONS, ...OPEN_QUESTIONS), { minLength: 1, maxLength: 4 }),
        anyWord,
        anyModels,
        anySeed,
        (questions, word, models, seed) => {
          const asked = questions.map((q) => fill(q, word));
          const run = runJourney(
            "first_impression",
            { start_url: "https://www.example.org/", questions: asked },
            models,
            seed,
          );
          for (const m of run.results.by_user_model) {
            const shares = (m.impressions?.trust ?? []).map((t) => t.share);
            if (shares.length >= 4 && m.sessions >= shares.length)
              expect(Math.max(...shares) - Math.min(...shares), shares.join(" ")).toBeGreaterThanOrEqual(0.1);
          }
          const rows = run.report.split("\n");
          for (const q of asked) {
            const row = rows.find((r) => r.startsWith(`| ${q} |`)) ?? "";
            const cells = row.split("|").length - 2;
            const closed = CLOSED_QUESTIONS.some((c) => fill(c, word) === q);
            expect(cells, `${q}: ${row}`).toBe(closed ? 5 : 2);
          }
          // "Named a sensible next click" and "would click its main button" are one measure seen twice: said together.
          for (const line of rows.filter((l) => l.startsWith("- Named a sensible next click")))
            expect(line).toMatch(/main button/);
          for (const line of rows.filter((l) => /would click its main button/.test(l)))
            expect(line).toMatch(/sensible next click/);
        },
      ),
      { numRuns: 16 },
    );
  });
});

describe("steps the brief's notes list (issue 27, reading r S7)", () => {
  // "Steps: choose the treatment, pick a dentist and a time slot, enter NHI card number and phone, pay NT$300
  // deposit" in the notes was replaced by the plan's own "Scan the headline and open the menu → Find the booking…".
  const DEEDS = [
    (w: string) => `choose the ${w}`,
    (w: string) => `pick a ${w} and a time slot`,
    (w: string) => `enter your ${w} number`,
    (w: string) => `upload the ${w} form`,
    (w: string) => `pay the ${w} deposit`,
  ];
  it("walks a usability test through the steps its notes list, in their order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...DEEDS), { minLength: 2, maxLength: 4 }),
        anyWord,
        anyModels,
        anySeed,
        (deeds, w, models, seed) => {
          const listed = deeds.map((d) => d(w));
          const inputs: Record<string, unknown> = {
            start_url: "https://www.example.org/book",
            task: `Book a ${w} appointment`,
            notes: `Steps: ${listed.join(", ")}. We want to know where people get stuck.`,
          };
          const run = runJourney("usability_test", inputs, models, seed);
          const line = run.report.split("\n").find((l) => l.startsWith("- Steps:")) ?? "";
          let at = 0;
          for (const step of listed) {
            const found = line.toLowerCase().indexOf(step.toLowerCase(), at);
            expect(found, `${step} in ${line}`).toBeGreaterThan(at - 1);
            at = found;
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
