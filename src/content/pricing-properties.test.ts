import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyConcept, anyCurrency, anyModels, anySeed, anyWord, cap, runResearch } from "./__fixtures__/random-study.js";
import { amountIn, moneyMatches, moneyPattern } from "./money.js";
import type { QuestionResult } from "./results.js";
import { priceSensitivity } from "./van-westendorp.js";

/**
 * Issue 27, pricing answers that can be: random pricing studies of products from many fields (some named with words
 * of a dearer or cheaper thing: an e-bike share pass, a robot kit that works with a tablet), any currency, ladders of
 * 3 to 8 prices, any user models. Whatever the product's words, the answers keep the logic of one person's prices.
 */

/** Products whose words name a dearer or cheaper thing than what is sold: its use, or a thing beside it. */
const BORROWED = [
  "Cykla Nu e-bike share monthly pass",
  "Electric bike rental subscription",
  "Build-a-Rover coding robot kit for children, works with any tablet or laptop",
  "car sharing membership for city drivers",
  "phone screen repair while you wait",
  "a mattress cleaning service",
  "a kids' coding club, one term",
];

const PRODUCTS = [
  ...BORROWED,
  "a weekly veg box",
  "a flat white at our new cafe",
  "a gym day pass",
  "smart thermostat",
  "holiday cottage weekend in the Lake District",
  "invoicing software for freelancers",
  "pet insurance for cats",
  "a language learning app",
];

/** A ladder of 3 to 8 rising prices from a base of any size, with or without .99 endings. */
const anyLadder = fc
  .tuple(
    fc.integer({ min: -1, max: 5 }),
    fc.integer({ min: 1, max: 9 }),
    fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 3, maxLength: 8 }),
    fc.boolean(),
  )
  .map(([power, base, steps, ninetyNine]) =>
    steps
      .sort((a, b) => a - b)
      .map((s) => {
        const whole = (base + s * Math.max(1, Math.round(base / 2))) * 10 ** power;
        return ninetyNine && whole >= 2 ? Math.round((whole - 0.01) * 100) / 100 : Math.round(whole * 100) / 100;
      }),
  )
  .filter((l) => new Set(l).size === l.length);

const anyPricingCurrency = fc.constantFrom("GBP", "USD", "EUR", "SEK", "CAD", "CHF", "JPY", "KRW", "BRL", "INR", "PLN");

const anyPricingStudy = fc.record({
  product: fc.constantFrom(...PRODUCTS),
  price_points: anyLadder,
  currency: anyPricingCurrency,
});

const RUNS = { numRuns: 30 };

const vwQuestion = (questions: QuestionResult[], pattern: RegExp) =>
  questions.find((q) => pattern.test(q.question_text));
const priced = (q: QuestionResult) =>
  q.answer_options.map((o) => ({ o, price: amountIn(o) })).filter((x) => x.price !== null && !Number.isNaN(x.price));

describe("pricing answers that can be (issue 27)", () => {
  it("should keep too cheap falling, too expensive rising and no price both too cheap and too expensive to more than everyone", () => {
    fc.assert(
      fc.property(anyPricingStudy, anyModels, anySeed, (inputs, models, seed) => {
        const { results } = runResearch("pricing", inputs, models, seed);
        const sensitivity = priceSensitivity(results);
        if (!sensitivity) throw new Error(`no price sensitivity for ${inputs.product}`);
        const rows = sensitivity.rows;
        for (const [i, row] of rows.entries()) {
          expect(row.tooCheap + row.tooExpensive, `${inputs.product} at ${row.price}`).toBeLessThanOrEqual(1 + 1e-9);
          const next = rows[i + 1];
          if (!next) continue;
          expect(next.tooCheap).toBeLessThanOrEqual(row.tooCheap + 1e-9);
          expect(next.tooExpensive).toBeGreaterThanOrEqual(row.tooExpensive - 1e-9);
        }
        // Words that name another thing than what is sold (the e-bike a month of bike share rides, the tablet a robot
        // kit works with) never make a whole ladder too cheap to trust: only the words of the thing itself may (a
        // flat white at 50p).
        const top = rows[rows.length - 1];
        if (top && BORROWED.includes(inputs.product))
          expect(top.tooCheap, `${inputs.product}: too cheap at the top price ${top.price}`).toBeLessThan(0.5);
      }),
      RUNS,
    );
  });

  it("should never have purchase intent rise with the price", () => {
    fc.assert(
      fc.property(anyPricingStudy, anyModels, anySeed, (inputs, models, seed) => {
        const { results } = runResearch("pricing", inputs, models, seed);
        const intents = results.questions
          .filter((q) => /how likely would you be to /i.test(q.question_text))
          .map((q) => ({ q, at: amountIn(moneyPattern().exec(q.question_text)?.[0] ?? "") ?? Number.NaN }))
          .filter((x) => !Number.isNaN(x.at))
          .sort((a, b) => a.at - b.at);
        for (const model of models) {
          // Every cut of the scale: the share at or above each answer never grows with the price.
          for (let i = 0; i + 1 < intents.length; i++) {
            const low = intents[i] as { q: QuestionResult; at: number };
            const high = intents[i + 1] as { q: QuestionResult; at: number };
            let lowUp = 0;
            let highUp = 0;
            for (const o of low.q.answer_options) {
              if (/don't know|not sure/i.test(o)) continue;
              lowUp += low.q.by_user_model[model.id]?.[o] ?? 0;
              highUp += high.q.by_user_model[model.id]?.[o] ?? 0;
              expect(
                highUp,
                `${inputs.product}: ${model.name} "${o}" or below at ${high.at} vs ${low.at}`,
              ).toBeGreaterThanOrEqual(lowUp - 1e-9);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it("should ask the most each person would pay as their own answer, below what they call too expensive, not a copy of it", () => {
    fc.assert(
      fc.property(anyPricingStudy, anyModels, anySeed, (inputs, models, seed) => {
        const { results } = runResearch("pricing", inputs, models, seed);
        const tooExpensive = vwQuestion(results.questions, /too expensive/i);
        const most = vwQuestion(results.questions, /most you would pay/i);
        if (!tooExpensive || !most) return;
        const ladder = priced(tooExpensive).map((x) => x.price as number);
        const share = (q: QuestionResult, test: (p: number) => boolean) =>
          priced(q)
            .filter((x) => test(x.price as number))
            .reduce((sum, x) => sum + (q.overall[x.o] ?? 0), 0);
        for (const p of ladder.slice(1)) {
          // Whoever finds p too expensive names a maximum below it; some who do not still stop short of it.
          const tooDear = share(tooExpensive, (a) => a <= p + 1e-9);
          const under = share(most, (a) => a < p - 1e-9);
          expect(under, `${inputs.product}: most under ${p}`).toBeGreaterThanOrEqual(tooDear - 1e-9);
        }
        const rowOf = (q: QuestionResult) => priced(q).map((x) => (q.overall[x.o] ?? 0).toFixed(3));
        const shifted = rowOf(tooExpensive).slice(1);
        // A copy shows only where there is something to copy.
        if (shifted.reduce((sum, x) => sum + Number(x), 0) < 0.1) return;
        expect(rowOf(most).slice(0, shifted.length), `${inputs.product}: most copies too expensive`).not.toEqual(
          shifted,
        );
      }),
      RUNS,
    );
  });

  it("should report the price points rounded to the ladder's own precision", () => {
    fc.assert(
      fc.property(anyPricingStudy, anyModels, anySeed, (inputs, models, seed) => {
        const { results } = runResearch("pricing", inputs, models, seed);
        const sensitivity = priceSensitivity(results);
        if (!sensitivity) return;
        const prices = sensitivity.rows.map((r) => r.price);
        const gap = Math.min(...prices.slice(1).map((p, i) => p - (prices[i] as number)));
        for (const point of [sensitivity.pmc, sensitivity.opp, sensitivity.ipp, sensitivity.pme]) {
          if (prices.some((p) => Math.abs(p - point.price) < 1e-9)) continue;
          // A point between the asked prices is given no finer than a fifth of the smallest step between them, and in
          // whole units when every price asked is whole.
          const unit = Math.max(prices.every(Number.isInteger) ? 1 : 0, 10 ** Math.floor(Math.log10(gap / 5)));
          const steps = point.price / unit;
          expect(Math.abs(steps - Math.round(steps)), `${point.price} on ${prices.join(", ")}`).toBeLessThan(1e-6);
        }
      }),
      RUNS,
    );
  });
});

describe("a question answered with prices is read as prices (issue 27, reading g s03)", () => {
  it("should say where the middle answer lies, never that one price leads another", () => {
    fc.assert(
      fc.property(anyPricingStudy, anyModels, anySeed, (inputs, models, seed) => {
        const { results } = runResearch("pricing", inputs, models, seed);
        for (const q of results.questions) {
          const prices = priced(q).sort((a, b) => (a.price as number) - (b.price as number));
          if (prices.length < 2) continue;
          expect(q.insight, q.question_text).not.toMatch(/ahead of|about as often|most often/);
          const named = prices.reduce((sum, x) => sum + (q.overall[x.o] ?? 0), 0);
          if (named === 0) continue;
          let cumulative = 0;
          const middle = prices.find((x) => {
            cumulative += q.overall[x.o] ?? 0;
            return cumulative >= named / 2 - 1e-9;
          });
          expect(q.insight, q.question_text).toContain(`"${middle?.o}"`);
        }
      }),
      RUNS,
    );
  });
});

describe("a service is priced as a service, whatever thing its name holds (issue 27, reading h s10)", () => {
  /** Products named with a dear thing they are not: a course about cars, a class for phones, a tour by boat. */
  const namedWith = fc
    .record({
      name: fc.constantFrom("", "Complete B ", "Easy Start ", "Pro ", "Level 2 ", "Weekend "),
      thing: fc.constantFrom("car", "motorbike", "laptop", "smartphone", "boat", "piano", "camera", "house", "e-bike"),
      bracketed: fc.boolean(),
      use: fc.constantFrom(
        "driving licence course",
        "photography class",
        "basics workshop",
        "lessons",
        "training",
        "rental",
        "hire",
        "repair",
        "cleaning",
        "tour",
        "servicing",
      ),
      detail: fc.constantFrom("", " at a local school: 28 hours", ", two evenings", " for beginners", " (weekly)"),
    })
    .map(({ name, thing, bracketed, use, detail }) => ({
      named: bracketed ? `${name}(${thing}) ${use}${detail}` : `${name}${thing} ${use}${detail}`,
      bare: `${name}${use}${detail}`,
    }));
  it("should price a service named with a dear thing as the service, never as the thing", () => {
    fc.assert(
      fc.property(
        fc.record({ product: namedWith, price_points: anyLadder, currency: anyPricingCurrency }),
        anyModels,
        anySeed,
        ({ product, ...inputs }, models, seed) => {
          // The same service without the thing in its name is the yardstick: "(car) driving licence course" is read
          // as "driving licence course" is, not as a car (99% called a course at 23 500 CZK too cheap).
          const tooCheapAtTop = (name: string) => {
            const sensitivity = priceSensitivity(
              runResearch("pricing", { ...inputs, product: name }, models, seed).results,
            );
            return sensitivity?.rows[sensitivity.rows.length - 1]?.tooCheap;
          };
          const named = tooCheapAtTop(product.named);
          const bare = tooCheapAtTop(product.bare);
          if (named === undefined || bare === undefined) return;
          expect(named, `${product.named} against ${product.bare}`).toBeLessThan(Math.max(0.5, bare + 0.15));
        },
      ),
      RUNS,
    );
  });
});

describe("amounts a product's description holds are not its price (issue 27, reading p S3)", () => {
  it("should read the prices asked, not a cover sum or a deposit the description names, as what it costs", () => {
    fc.assert(
      fc.property(
        anyPricingStudy,
        fc.constantFrom("cover", "Versicherungssumme", "deposit", "garantie"),
        anyModels,
        anySeed,
        (study, word, models, seed) => {
          const big = Math.round(Math.max(...study.price_points) * 1000);
          const product = `${study.product} (${word} ${study.currency} ${big}, excess ${study.currency} 200)`;
          const { results } = runResearch("pricing", { ...study, product }, models, seed);
          const tooCheap = vwQuestion(results.questions, /cheap/i);
          if (!tooCheap) return;
          const dearest = priced(tooCheap).sort((a, b) => (b.price ?? 0) - (a.price ?? 0))[0];
          if (!dearest) return;
          // At the dearest price asked, most people do not doubt its quality for being cheap.
          expect(tooCheap.overall[dearest.o] ?? 0, `${product}: ${dearest.o}`).toBeLessThan(0.5);
        },
      ),
      { numRuns: 12 },
    );
  });
});

/**
 * Prices that agree with each other (readings p S3, q S3, p S1, q S1, p S10): random pricing studies of products in
 * English, German, French and Spanish and of invented words, any ISO currency, ladders of 2 to 6 prices, any models.
 */
const FOREIGN_PRODUCTS = [
  "Mieterversicherung (Hausrat und Privathaftpflicht) für Mieterinnen und Mieter",
  "Assurance santé communautaire pour les familles rurales",
  "Alquiler de bicicletas eléctricas por días en Sevilla",
  "Abonnement für frisches Gemüse aus der Region",
  "Cours de cuisine en ligne pour débutants",
];
/** Products whose words name something far dearer than a small ladder (tenant insurance read as a dearer thing). */
const DEAR_PRODUCTS = [
  "A used car check-up plan",
  "A family holiday club",
  "Laptop for students",
  "Hausratversicherung",
];
const anyDear = fc.option(fc.constantFrom(...DEAR_PRODUCTS), { nil: undefined });
const anyAgreeingStudy = fc.record({
  product: fc.oneof(
    fc.constantFrom(...PRODUCTS, ...FOREIGN_PRODUCTS, ...DEAR_PRODUCTS),
    fc.tuple(anyWord, anyWord).map(([a, b]) => `${cap(a)} ${b} for ${b === a ? "homes" : "families"}`),
  ),
  // Mostly ladders as studies ask them (the dearest at most three times the cheapest), some far wider.
  price_points: fc
    .tuple(
      fc.integer({ min: 0, max: 4 }),
      fc.integer({ min: 2, max: 20 }),
      fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { minLength: 2, maxLength: 6 }),
      fc.boolean(),
    )
    .map(([power, base, steps, wide]) =>
      steps.sort((a, b) => a - b).map((s) => (wide ? s + 1 : base + (s % (2 * base + 1))) * 10 ** power),
    )
    .filter((l) => new Set(l).size === l.length),
  currency: anyCurrency,
  billing: fc.constantFrom(undefined, "monthly", "one_off", "per day", "weekly"),
});
const AGREE = { numRuns: 16 };
const toDefined = (inputs: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined));

/** Intent-at-a-price questions, cheapest first, with the price each asks at (read after "cost"). */
const intentQuestions = (questions: QuestionResult[]) =>
  questions
    .filter((q) => /^If .+ cost .+, how likely would you be to /.test(q.question_text))
    .map((q) => {
      const after = q.question_text.slice(q.question_text.lastIndexOf(" cost ") + 6);
      return { q, at: amountIn(moneyPattern().exec(after)?.[0] ?? "") ?? Number.NaN };
    })
    .filter((x) => !Number.isNaN(x.at))
    .sort((a, b) => a.at - b.at);
const topTwo = (q: QuestionResult, id: string) =>
  (q.answer_options.slice(-2) as string[]).reduce((s, o) => s + (q.by_user_model[id]?.[o] ?? 0), 0);
const topThree = (q: QuestionResult, id: string) =>
  (q.answer_options.slice(-3) as string[]).reduce((s, o) => s + (q.by_user_model[id]?.[o] ?? 0), 0);
/** Share of a model whose answer to a price question is at or above (or at or below) p. */
const priceShare = (q: QuestionResult, id: string, test: (price: number) => boolean) =>
  priced(q)
    .filter((x) => test(x.price as number))
    .reduce((s, x) => s + (q.by_user_model[id]?.[x.o] ?? 0), 0);

describe("one respondent, one ceiling (issue 27, readings p S3 and q S3)", () => {
  it("should keep intent at a price within the share who would pay it, and most of them at least undecided at the lowest", () => {
    fc.assert(
      fc.property(anyAgreeingStudy, anyModels, anySeed, (inputs, models, seed) => {
        const { results } = runResearch("pricing", toDefined(inputs), models, seed);
        const tooExpensive = vwQuestion(results.questions, /too expensive/i);
        const intents = intentQuestions(results.questions);
        if (!tooExpensive) return;
        for (const model of models) {
          for (const [i, { q, at }] of intents.entries()) {
            // Those whose ceiling is at or above the price: not calling it, nor any price under it, too expensive.
            const willing = 1 - priceShare(tooExpensive, model.id, (p) => p <= at + 1e-9);
            expect(topTwo(q, model.id), `${inputs.product} at ${at}: ${model.name}`).toBeLessThanOrEqual(
              willing + 1e-9,
            );
            if (i === 0 && willing > 0.3)
              expect(topThree(q, model.id), `${inputs.product}: at least "might" at ${at}`).toBeGreaterThanOrEqual(
                0.5 * willing,
              );
          }
        }
      }),
      AGREE,
    );
  });
});

describe("no degenerate ladders (issue 27, reading p S3)", () => {
  it("should give no Van Westendorp answer to everyone, and lower intent at the top price than at the lowest", () => {
    fc.assert(
      fc.property(anyAgreeingStudy, anyDear, anyModels, anySeed, (study, dear, models, seed) => {
        // Half the time a thing far dearer than the ladder (the tenant insurance of the reading).
        const inputs = { ...study, product: dear ?? study.product };
        const { results } = runResearch("pricing", toDefined(inputs), models, seed);
        // A price printed at 100.0%, one answer for everyone: the ladder says nothing. (A ladder wholly above what a
        // kind of product costs may rightly be too cheap for none: "None of these prices" may hold everyone.) A ladder
        // whose dearest price is over four times its cheapest may rightly be a bargain at its lowest for all.
        const asked = inputs.price_points;
        const ordinary = Math.max(...asked) <= 4 * Math.min(...asked);
        for (const q of ordinary ? results.questions : [])
          if (/At which of these prices/.test(q.question_text))
            for (const x of priced(q))
              expect(q.overall[x.o] ?? 0, `${inputs.product}: ${q.question_text} "${x.o}"`).toBeLessThan(0.9995);
        const intents = intentQuestions(results.questions);
        const low = intents[0];
        const high = intents[intents.length - 1];
        if (!low || !high || high.at <= low.at * 1.2) return;
        const mean = (q: QuestionResult) => q.answer_options.reduce((s, o, i) => s + i * (q.overall[o] ?? 0), 0);
        expect(mean(high.q), `${inputs.product}: intent at ${high.at} vs ${low.at}`).toBeLessThan(mean(low.q) - 1e-9);
      }),
      AGREE,
    );
  });
});

describe("income anchors ceilings (issue 27, reading q S3)", () => {
  it("should give a low-income user model lower ceilings than a high-income one at the same prices", () => {
    fc.assert(
      fc.property(anyAgreeingStudy, anyModels, anySeed, (inputs, [base], seed) => {
        if (!base) return;
        const at = (income: string, n: number) =>
          ({
            ...base,
            id: `00000000-0000-4000-9000-00000000000${n}`,
            name: `${base.name} (${income} income)`,
            metadata: { ...base.metadata, income },
          }) as typeof base;
        const low = at("low", 1);
        const high = at("high", 2);
        const { results } = runResearch("pricing", toDefined(inputs), [low, high], seed);
        const most = vwQuestion(results.questions, /most you would pay/i);
        if (!most) return;
        const mean = (id: string) =>
          priced(most).reduce((s, x) => s + Math.log(x.price as number) * (most.by_user_model[id]?.[x.o] ?? 0), 0);
        expect(mean(low.id), `${inputs.product}: most they would pay`).toBeLessThan(mean(high.id));
      }),
      AGREE,
    );
  });
});
describe("one notation per report (issue 27, readings q S3, p S1 and q S1)", () => {
  /** Every way a text writes the study's currency: the sign or code before or after each amount. */
  const signs = (text: string) =>
    new Set(moneyMatches(text).map((m) => m[0].replace(/[\d.,'\u00a0\u202f ]+/gu, " ").trim()));
  const anyOddCurrency = fc.option(fc.constantFrom("XOF", "XAF", "XPF", "CHF", "BRL", "THB", "VND", "ZAR"), {
    nil: undefined,
  });
  const anyWritingCountry = fc.option(fc.constantFrom("SE", "PL", "CH"), { nil: undefined });
  it("should write a pricing study's currency one way in plan, results and report", () => {
    fc.assert(
      fc.property(
        anyAgreeingStudy,
        anyOddCurrency,
        anyModels,
        anyWritingCountry,
        anySeed,
        (study, odd, all, at, seed) => {
          // Currencies whose English sign is several words ("F CFA", "FCFA") half the time, any ISO currency else; people
          // of a country whose English puts money after the amount ("49,00 CHF" in en-SE) half the time.
          const inputs = { ...study, currency: odd ?? study.currency };
          const models = at ? all.map((m) => ({ ...m, metadata: { ...m.metadata, country: at } })) : all;
          const run = runResearch("pricing", toDefined(inputs), models, seed);
          const own = (t: string) => t.replace(/"[^"]*"/g, "");
          const texts = [
            run.report,
            run.synthesis,
            ...run.results.questions.flatMap((q) => [q.question_text, ...q.answer_options, q.insight ?? ""]),
          ].map(own);
          const written = signs(texts.join("\n"));
          expect([...written], `${inputs.currency}: ${[...written].join(" / ")}`).toHaveLength(1);
          // English writes an ISO code before the amount ("CHF 49", never "49 CHF").
          expect(texts.join("\n"), String(inputs.currency)).not.toMatch(/\d[\u00a0 ][A-Z]{3}\b(?! [a-z])/u);
        },
      ),
      AGREE,
    );
  });
  it("should ask a concept's intent at its price the English way, never with the client's price text inside", () => {
    const anyPricePoint = fc
      .tuple(
        fc.constantFrom("THB", "BRL", "CHF", "EUR", "XOF", "VND", "KES"),
        fc.integer({ min: 1, max: 9999 }),
        fc.boolean(),
        fc.constantFrom(
          "",
          " por mês",
          " per 330 ml bottle, 4-pack \u0e3f239",
          " pro Monat",
          " (TVA incluse)",
          " a month",
          " por mês, primeiro mês grátis para novos clientes da loja",
          " a month, first month free for new customers of the shop",
        ),
      )
      .map(([code, n, cents, tail]) => {
        const amount = cents ? `${n},90` : String(n);
        const sign = code === "BRL" ? "R$ " : code === "EUR" ? "" : `${code} `;
        return { code, text: code === "EUR" ? `${amount} €${tail}` : `${sign}${amount}${tail}` };
      });
    fc.assert(
      fc.property(anyConcept, anyPricePoint, anyModels, anySeed, (concept, price, models, seed) => {
        const inputs = toDefined({ ...concept, price_point: price.text });
        const run = runResearch("concept_test", inputs, models, seed);
        const intent = run.plan.survey_questions?.find((q) => /how likely would you be to /.test(q.question_text));
        if (!intent || !/ cost /.test(intent.question_text)) return;
        expect(intent.question_text, price.text).not.toMatch(/["(]/);
        // English money: no comma decimals ("R$ 59,90"), no space after a one-symbol sign.
        expect(intent.question_text, price.text).not.toMatch(/\d,\d{2}(?!\d)/);
        const tail = price.text.replace(/^[^\d]*[\d.,]+\s*(?:€)?/u, "").trim();
        // The unit stays with the amount, however long the note after it.
        if (tail.startsWith("a month")) expect(intent.question_text, price.text).toContain("a month");
        if (tail.length > 12) {
          const all = [run.report, ...(run.plan.survey_questions ?? []).map((q) => q.question_text)].join("\n");
          expect(all.split(tail).length - 1, `"${tail}" quoted at most once`).toBeLessThanOrEqual(1);
        }
      }),
      AGREE,
    );
  });
});
describe("name and verb (issue 27, reading p S10)", () => {
  it("should never name a described product by its first word, and ask intent with the offer's verb", () => {
    const anyDescribed = fc
      .tuple(
        fc.constantFrom("Clean", "Fresh", "Quick", "Safe", "Friendly", "Cheap"),
        fc.constantFrom(
          ["helmet rental in Da Nang, delivered to your hotel", "rent"],
          ["bike hire by the day in Lisbon", "rent"],
          ["meal plan subscription, delivered weekly", "sign up for"],
          ["dog-walking visits booked by the hour", "book"],
        ),
      )
      .map(([adjective, [rest, verb]]) => ({ product: `${adjective} ${rest}`, adjective, verb }));
    fc.assert(
      fc.property(anyDescribed, anyAgreeingStudy, anyModels, anySeed, (d, study, models, seed) => {
        const run = runResearch("pricing", toDefined({ ...study, product: d.product }), models, seed);
        const unquoted = run.results.questions.map((q) => q.question_text.replace(/"[^"]*"/g, ""));
        for (const text of unquoted) expect(text, d.product).not.toMatch(new RegExp(`\\b${d.adjective}\\b(?! \\w)`));
        // Charged by the week or month, an offer that is not hired is signed up for.
        const verb = d.verb !== "rent" && /monthly|weekly/.test(study.billing ?? "") ? "sign up for" : d.verb;
        for (const { q } of intentQuestions(run.results.questions))
          expect(q.question_text, d.product).toMatch(new RegExp(`how likely would you be to ${verb} it\\?`));
      }),
      AGREE,
    );
  });
});

describe("the price the brief asks about (issue 27, reading r S3)", () => {
  // "whether 5,990 HUF a month is acceptable" was tested as "Most respondents find HUF 7,990 a month acceptable".
  it("judges as acceptable the ladder's price the brief names", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("HUF", "NZD", "CHF", "BDT", "EUR"),
        fc.integer({ min: 1, max: 3 }),
        anySeed,
        (currency, k, seed) => {
          const ladder = [2490, 3990, 5990, 7990, 9990];
          const asked = ladder[k] as number;
          const inputs = {
            product: "A home appliance repair plan",
            currency,
            price_points: ladder,
            billing: "monthly",
            notes: `We want to know whether ${asked.toLocaleString("en")} ${currency} a month is acceptable.`,
          };
          const run = runResearch("pricing", inputs, [], seed);
          const hypothesis = run.plan.hypothesis_text ?? "";
          expect(hypothesis, inputs.notes).toMatch(new RegExp(`find [^ ]*${asked.toLocaleString("en")}`));
        },
      ),
      { numRuns: 8 },
    );
  });
});
