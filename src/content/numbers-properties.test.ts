import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyModels, anyPrices, anySeed, defined, runJourney, runResearch } from "./__fixtures__/random-study.js";
import { favourable, favourableOf, unfavourableOf } from "./analysis.js";
import { brandFunnel } from "./brand-funnel.js";
import { medianMostPay } from "./findings.js";
import { readPrice } from "./money.js";
import type { QuestionResult } from "./results.js";
import { priceSensitivity } from "./van-westendorp.js";

/**
 * Numbers and labels that agree (issue 27, readings l and m), each as a property over random studies: "the other end"
 * of a scale is never its "don't know", a fact has no top box, and what a report says of a share matches the share.
 */

const RUNS = { numRuns: 12 };

/** "Don't know" as a questionnaire writes it, in the languages a client's questions come in. */
const DONT_KNOW = [
  "Not sure",
  "Don't know",
  "Can't remember",
  "No estoy seguro",
  "No estoy segura",
  "No sé",
  "No lo sé",
  "Weiß nicht",
  "Weiss nicht",
  "Bin mir nicht sicher",
  "Je ne sais pas",
  "Pas sûr",
  "Não sei",
  "Prefiero no decirlo",
  "Keine Angabe",
];
const YES_NO = [
  ["Yes", "No"],
  ["Sí", "No"],
  ["Ja", "Nein"],
  ["Oui", "Non"],
  ["Sim", "Não"],
] as const;
/** Questions about a fact the respondent knows (has, did, is), in five languages. */
const FACTS = [
  "Do you have a written contract with your cleaner?",
  "Did you vote in the last local election?",
  "¿Tiene hoy un contrato escrito con su trabajadora del hogar?",
  "¿Ha llevado alguna vez su aceite usado a un punto limpio?",
  "Haben Sie in diesem Jahr eine Steuererklärung abgegeben?",
  "Besitzen Sie ein Lastenrad?",
  "Avez-vous déjà signé un bail numérique ?",
  "Êtes-vous inscrit sur les listes électorales ?",
  "Você tem plano de saúde?",
];
const SCALE = ["Very unlikely", "Somewhat unlikely", "Neither likely nor unlikely", "Somewhat likely", "Very likely"];

const anyFactQuestion = fc
  .tuple(fc.constantFrom(...FACTS), fc.constantFrom(...YES_NO), fc.constantFrom(...DONT_KNOW), fc.nat(2))
  .map(([question_text, [yes, no], dk, at]) => {
    const options: string[] = [yes, no];
    options.splice(at === 1 ? 2 : at, 0, dk);
    return { question_text, answer_options: options };
  });
const anyScaleWithWayOut = fc
  .tuple(fc.constantFrom(...DONT_KNOW), fc.boolean(), fc.boolean())
  .map(([dk, first, reversed]) => {
    const scale = reversed ? [...SCALE].reverse() : [...SCALE];
    return {
      question_text: "How likely would you be to recommend the Riverside pool to a friend?",
      answer_options: first ? [dk, ...scale] : [...scale, dk],
    };
  });

const wayOut = (option: string) => DONT_KNOW.includes(option);

describe("the ends of a scale are its points, never a way out (issue 27, reading m S4)", () => {
  it("should never count a don't-know option as 'the other end', nor give a fact a top box", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.oneof(anyFactQuestion, anyScaleWithWayOut), {
          minLength: 1,
          maxLength: 4,
          selector: (q) => q.question_text,
        }),
        anyModels,
        anySeed,
        (custom_questions, models, seed) => {
          const run = runResearch("custom_survey", {}, models, seed, undefined, `sim-${seed}`, {
            stimulus: "Household paperwork",
            custom_questions,
          });
          for (const q of run.results.questions) {
            const own = custom_questions.find((c) => c.question_text === q.question_text);
            if (!own) continue;
            const ends = [...favourableOf(q), ...unfavourableOf(q)];
            expect(ends.filter(wayOut), `${q.question_text} ${q.answer_options.join(" / ")}`).toEqual([]);
            if (FACTS.includes(q.question_text)) {
              expect(favourableOf(q), q.question_text).toEqual([]);
              // People know whether they have a contract: few say they are not sure.
              const unsure = q.answer_options.filter(wayOut).reduce((s, o) => s + (q.overall[o] ?? 0), 0);
              expect(unsure, `${q.question_text}: ${JSON.stringify(q.overall)}`).toBeLessThan(0.12);
            }
          }
        },
      ),
      RUNS,
    );
  });
});

const CLICK_QUESTIONS = [
  "What would you click next?",
  "Where would you tap first?",
  "What would you do next on this page?",
  "Was würden Sie als Nächstes anklicken?",
  "¿Dónde haría clic primero?",
];
const OTHER_QUESTIONS = [
  "Is it clear what a room costs per month?",
  "Who is this plan for?",
  "Would you trust them with your bank details?",
  "What is being offered?",
];

describe("a first impression's shares come from the same people (issue 27, reading m S9)", () => {
  it("should have 'could answer' the next-click question and 'not sure what to click' add up, with sensible clicks among the answers", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CLICK_QUESTIONS),
        fc.subarray(OTHER_QUESTIONS),
        fc.nat(4),
        anyModels,
        anySeed,
        (click, others, at, models, seed) => {
          const questions = [...others];
          questions.splice(Math.min(at, questions.length), 0, click);
          const run = runJourney(
            "first_impression",
            { start_url: "https://www.hemma.example.se/rooms", questions },
            models,
            seed,
          );
          for (const m of run.results.by_user_model) {
            const asked = m.impressions?.answers?.find((a) => a.question === click);
            expect(asked, `${click} not among ${JSON.stringify(m.impressions?.answers)}`).toBeDefined();
            const unsure = m.impressions?.next_click.find((c) => c.target === "Not sure what to click")?.share ?? 0;
            const answered = asked?.answered ?? 0;
            expect(answered + unsure, m.name).toBeCloseTo(1, 9);
            expect(m.task_success_rate, m.name).toBeLessThanOrEqual(answered + 1e-9);
          }
        },
      ),
      RUNS,
    );
  });
});

const anyFunnel = fc.oneof(
  fc
    .record({
      start_url: fc.constantFrom("https://kovan.example.com.tr", "https://plants.example.vn/shop"),
      goal_event: fc.constantFrom("completes checkout", "places an order", "joins the club"),
      steps: fc.option(
        fc.constantFrom(
          ["Land on the homepage", "Open a product page", "Pick a jar size", "Add to basket", "Pay"],
          ["Open the app", "Choose a plan", "Enter card details", "Confirm"],
        ),
        { nil: undefined },
      ),
    })
    .map((inputs) => ({ goal: "conversion_funnel", inputs: defined(inputs) })),
  fc
    .record({
      start_url: fc.constantFrom("https://www.example.ch/fotopass", "https://tutors.example.eg"),
      task: fc.constantFrom("Book a free trial lesson", "Renew a parking permit", "Report a broken streetlight"),
    })
    .map((inputs) => ({ goal: "usability_test", inputs })),
);

describe("where people were lost, the table, the paths and the summary agree (issue 27, reading m S7)", () => {
  it("should end a leaving path on the last step reached, name it in the summary, and name the steepest loss", () => {
    fc.assert(
      fc.property(anyFunnel, anyModels, anySeed, ({ goal, inputs }, models, seed) => {
        const run = runJourney(goal, inputs, models, seed);
        const steps = run.results.steps;
        for (const m of run.results.by_user_model) {
          for (const p of m.common_paths.filter((x) => x.path.at(-1) === "Left the site")) {
            const last = p.path.at(-2) as string;
            const i = steps.indexOf(last);
            // They got through `last` and gave up on the step after it, which the table counts them at.
            expect(i, p.path.join(" → ")).toBeGreaterThanOrEqual(0);
            const lost = m.drop_off_by_step[i + 1]?.dropped ?? 0;
            expect(Math.round(p.share * m.sessions), `${p.path.join(" → ")} in ${m.name}`).toBe(lost);
          }
        }
        const said = /Most sessions were lost at "([^"]+)" \(\d+ of \d+ gave up there, after "([^"]+)"\)/.exec(
          run.report,
        );
        if (said) expect(steps.indexOf(said[2] as string) + 1, said[0]).toBe(steps.indexOf(said[1] as string));
        // The step that loses the largest share of those who reach it is named, where it is not the biggest count.
        const pooled = steps.map((step, i) => {
          const dropped = run.results.by_user_model.reduce((s, m) => s + (m.drop_off_by_step[i]?.dropped ?? 0), 0);
          const arrived = run.results.by_user_model.reduce(
            (s, m) => s + (i === 0 ? m.sessions : (m.drop_off_by_step[i - 1]?.reached ?? 0)),
            0,
          );
          return { step, dropped, rate: arrived > 0 ? dropped / arrived : 0 };
        });
        const byCount = [...pooled].sort((a, b) => b.dropped - a.dropped)[0];
        const byRate = [...pooled].sort((a, b) => b.rate - a.rate)[0];
        if (
          byCount &&
          byRate &&
          byRate.step !== byCount.step &&
          byRate.rate > byCount.rate &&
          byRate.dropped > 0 &&
          said
        )
          expect(run.report).toContain(`The steepest loss is at "${byRate.step}"`);
      }),
      RUNS,
    );
  });
});

const RIVALS = ["Aquatabs", "Classmate", "Navneet Youva", "LifeStraw Family", "Kovan", "Sundaram", "Marla"];
const anyBrandStudy = fc.record({
  brand: fc.constantFrom("MajiSafi", "Pagewise", "Hemma Living", "Vattenfall Pure"),
  competitors: fc.uniqueArray(fc.constantFrom(...RIVALS), { minLength: 1, maxLength: 4 }),
  notes: fc.option(fc.constantFrom("A recycled notebook brand", "Household water filters sold in Nairobi"), {
    nil: undefined,
  }),
});

describe("a brand's funnel only narrows (issue 27, reading l S5)", () => {
  it("should never have more people consider a brand than know it well, nor pick it first than consider it", () => {
    fc.assert(
      fc.property(anyBrandStudy, anyModels, anySeed, (inputs, models, seed) => {
        const run = runResearch("brand_perception", defined(inputs), models, seed);
        for (const row of brandFunnel(run.results)) {
          const steps = [row.awareness, row.knowWell, row.consideration, row.firstChoice];
          const asked = steps.filter((x): x is number => x !== undefined);
          for (let i = 1; i < asked.length; i++)
            expect(asked[i] as number, `${row.brand}: ${JSON.stringify(row)}`).toBeLessThanOrEqual(
              (asked[i - 1] as number) + 1e-9,
            );
        }
      }),
      RUNS,
    );
  });
});

describe("pricing advice agrees with what people would pay (issue 27, reading l S2)", () => {
  it("should never tell the team to avoid a price at or below the median most people would pay", () => {
    fc.assert(
      fc.property(
        anyPrices,
        fc.constantFrom("VND", "KES", "ZAR", "NOK", "GBP", "CHF", "JPY"),
        fc.constantFrom("Mì Hảo Hạng noodle bowl", "NetsPro coaching app", "Cykla pass"),
        anyModels,
        anySeed,
        (price_points, currency, product, models, seed) => {
          const run = runResearch("pricing", { product, price_points, currency }, models, seed);
          const most = medianMostPay(run.results);
          const sensitivity = priceSensitivity(run.results);
          const avoid = /Avoid ([^\n]*?): above the range/.exec(run.report)?.[1];
          if (most === undefined || !sensitivity || !avoid) return;
          for (const row of sensitivity.rows.filter((r) => r.price <= most + 1e-9)) {
            const unit = readPrice(row.label)?.unit;
            const amount = unit && row.label.endsWith(` ${unit}`) ? row.label.slice(0, -unit.length - 1) : row.label;
            const named = new RegExp(`(?<![\\d.,])${amount.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\d])`);
            expect(avoid, `median most ${most}, row ${row.label}`).not.toMatch(named);
          }
        },
      ),
      RUNS,
    );
  });
});

describe("a question about several messages speaks of them in the plural (issue 27, reading m S3)", () => {
  it("should never ask people to act on 'it' after reading these messages", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.constantFrom(
            "Call 108 at once after a snake bite",
            "Most snake bites happen at night: carry a torch",
            "Know your rights as a tenant: free advice at the town hall",
            "Friends who quit together stay quit",
            "Free help to stop using snus, any time",
            "Tus derechos como trabajadora del hogar, explicados en dos minutos",
          ),
          { minLength: 2, maxLength: 4 },
        ),
        fc.constantFrom(undefined, "Find out which message gets people to read their tenancy rights"),
        anyModels,
        anySeed,
        (messages, objective, models, seed) => {
          const run = runResearch("message_test", defined({ messages, objective }), models, seed);
          for (const q of run.plan.survey_questions ?? [])
            if (/^After reading these messages\b/i.test(q.question_text))
              expect(q.question_text).not.toMatch(/\b(?:on|to|follow) it\b/);
        },
      ),
      RUNS,
    );
  });
});

/** Ordinary services people can get almost anywhere, and ideas that say what is new about them, in four languages. */
const ORDINARY = [
  "A yearly aircon servicing plan: two cleanings a year for each unit",
  "Home cleaning every fortnight, booked online",
  "Weekly grocery delivery from your local supermarket",
  "Car insurance you can buy in ten minutes",
  "Clases de inglés online con un profesor nativo",
  "Livraison de repas à domicile le soir",
  "Fahrradreparatur mit Abholung an der Haustür",
];
const NOVEL = [
  "The first earbuds that translate a conversation as you hear it, with no phone",
  "A patented paint that cools a roof by five degrees",
  "The only bike lock that calls you when someone touches it",
  "El primer colchón que ajusta su firmeza mientras duermes",
  "Le premier stylo qui corrige votre orthographe en temps réel",
  "Das erste Fenster, das sich bei Regen selbst schließt",
];

describe("how new an idea is comes from what it says (issue 27, reading l S6 and S10)", () => {
  it("should rate a stated novelty newer than an ordinary service, and an ordinary service new and different for a minority", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDINARY),
        fc.constantFrom(...NOVEL),
        anyModels,
        anySeed,
        (plain, novel, models, seed) => {
          const unique = (concept: string) => {
            const run = runResearch("concept_test", { concept }, models, seed);
            const q = run.results.questions.find((x) => /\bnew and different\b/i.test(x.question_text));
            expect(q, concept).toBeDefined();
            return favourable(q as QuestionResult);
          };
          const ordinary = unique(plain);
          expect(ordinary, plain).toBeLessThan(0.5);
          expect(unique(novel), `${novel} against ${plain}`).toBeGreaterThan(ordinary);
        },
      ),
      { numRuns: 8 },
    );
  });
});
