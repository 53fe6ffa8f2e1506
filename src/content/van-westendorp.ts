import { type VanWestendorpQuestion, vanWestendorpQuestion } from "./measures.js";
import type { QuestionResult, ResearchResults } from "./results.js";
import { shapeOf } from "./segments.js";

export { vanWestendorpQuestion } from "./measures.js";

/**
 * Van Westendorp's price sensitivity meter, read from the answers to its four questions asked on one ladder of
 * prices. Each question's answer is the price at which the product starts to be "too cheap", "a bargain", "getting
 * expensive" or "too expensive", so at a price p:
 * - too cheap(p) = share whose "too cheap" price is p or higher (at p it is still too cheap for them), falling;
 * - cheap(p) = share whose "bargain" price is p or higher, falling;
 * - expensive(p) = share whose "getting expensive" price is p or lower, rising;
 * - too expensive(p) = share whose "too expensive" price is p or lower, rising.
 * "None of these prices" counts for no price in the ladder. The four points are where a falling curve meets a rising
 * one, read between the asked prices by straight lines:
 * - PMC, point of marginal cheapness: too cheap meets expensive (the floor of the acceptable range);
 * - OPP, optimal price point: too cheap meets too expensive;
 * - IPP, indifference price point: cheap meets expensive;
 * - PME, point of marginal expensiveness: cheap meets too expensive (the ceiling).
 * A point whose curves do not meet between the asked prices is put at the end of the ladder they point to, marked as
 * outside it.
 */

export interface PricePoint {
  price: number;
  /** False when the curves do not meet between the asked prices: `price` is then the end of the ladder. */
  inside: boolean;
}

export interface CurveRow {
  price: number;
  /** The option label the price was asked as ("£4.99 a month"). */
  label: string;
  tooCheap: number;
  cheap: number;
  expensive: number;
  tooExpensive: number;
}

export interface PriceSensitivity {
  rows: CurveRow[];
  pmc: PricePoint;
  opp: PricePoint;
  ipp: PricePoint;
  pme: PricePoint;
  /** The four questions, in the order too cheap, bargain, getting expensive, too expensive. */
  questions: QuestionResult[];
}

/** Prices of a question's options (null for a way out), when they form a price ladder. */
function ladder(question: QuestionResult): Array<number | null> | undefined {
  const shape = shapeOf(question.answer_options);
  if (shape.kind !== "price") return undefined;
  return question.answer_options.map((_o, i) => (shape.order.includes(i) ? (shape.amounts[i] as number) : null));
}

/** Share of answers at a price at or above (`from: "above"`) or at or below p, summed in option order. */
function cumulative(question: QuestionResult, prices: Array<number | null>, p: number, from: "above" | "below") {
  let sum = 0;
  question.answer_options.forEach((option, i) => {
    const price = prices[i];
    if (price === null || price === undefined) return;
    if (from === "above" ? price >= p : price <= p) sum += question.overall[option] ?? 0;
  });
  return sum;
}

/**
 * The finest step a point between the asked prices is given in: a power of ten no larger than a fifth of the smallest
 * step between them, and never finer than whole units when every price asked is whole. A ladder of $29.99 to $69.99
 * in steps of $10 gives $55, not $55.40: the curves are read from a few prices and say no more than that.
 */
function precisionOf(prices: readonly number[]): number {
  const gaps = prices.slice(1).map((p, i) => p - (prices[i] as number));
  const gap = Math.min(...gaps);
  const unit = 10 ** Math.floor(Math.log10(gap / 5));
  return prices.every((p) => Number.isInteger(p)) ? Math.max(1, unit) : unit;
}

/** Where falling `down` meets rising `up` over the rows' prices, to the ladder's own precision. */
function crossing(rows: CurveRow[], down: keyof CurveRow, up: keyof CurveRow): PricePoint {
  const gap = (row: CurveRow) => (row[down] as number) - (row[up] as number);
  const first = rows[0] as CurveRow;
  const last = rows[rows.length - 1] as CurveRow;
  if (gap(first) < 0) return { price: first.price, inside: false };
  for (let i = 0; i + 1 < rows.length; i++) {
    const a = rows[i] as CurveRow;
    const b = rows[i + 1] as CurveRow;
    const ga = gap(a);
    const gb = gap(b);
    if (ga >= 0 && gb <= 0) {
      if (ga === gb || ga === 0) return { price: a.price, inside: true };
      if (gb === 0) return { price: b.price, inside: true };
      const unit = precisionOf(rows.map((row) => row.price));
      const price = a.price + ((b.price - a.price) * ga) / (ga - gb);
      // Rounded on the unit's own grid, then cleaned of float dust (0.1 * 3), kept between the two prices.
      const rounded = Number((Math.round(price / unit) * unit).toFixed(Math.max(0, -Math.log10(unit))));
      return { price: Math.min(b.price, Math.max(a.price, rounded)), inside: true };
    }
  }
  return { price: last.price, inside: gap(last) === 0 };
}

/** The price sensitivity meter, when the results hold all four questions on one ladder of at least two prices. */
export function priceSensitivity(results: ResearchResults): PriceSensitivity | undefined {
  const found = new Map<VanWestendorpQuestion, QuestionResult>();
  for (const question of results.questions) {
    const which = vanWestendorpQuestion(question.question_text);
    if (which && !found.has(which) && ladder(question)) found.set(which, question);
  }
  const order: VanWestendorpQuestion[] = ["tooCheap", "cheap", "expensive", "tooExpensive"];
  if (!order.every((which) => found.has(which))) return undefined;
  const questions = order.map((which) => found.get(which) as QuestionResult);
  const ladders = questions.map((q) => ladder(q) as Array<number | null>);
  const first = questions[0] as QuestionResult;
  const asked = first.answer_options
    .map((label, i) => ({ label, price: (ladders[0] as Array<number | null>)[i] }))
    .filter((p): p is { label: string; price: number } => typeof p.price === "number")
    .sort((a, b) => a.price - b.price);
  const samePrices = (l: Array<number | null>) =>
    JSON.stringify(l.filter((p) => p !== null).sort((a, b) => (a as number) - (b as number))) ===
    JSON.stringify(asked.map((p) => p.price));
  if (asked.length < 2 || !ladders.every(samePrices)) return undefined;
  const [tc, ch, ex, te] = questions as [QuestionResult, QuestionResult, QuestionResult, QuestionResult];
  const [ltc, lch, lex, lte] = ladders as [
    Array<number | null>,
    Array<number | null>,
    Array<number | null>,
    Array<number | null>,
  ];
  const rows: CurveRow[] = asked.map(({ label, price }) => ({
    price,
    label,
    tooCheap: cumulative(tc, ltc, price, "above"),
    cheap: cumulative(ch, lch, price, "above"),
    expensive: cumulative(ex, lex, price, "below"),
    tooExpensive: cumulative(te, lte, price, "below"),
  }));
  return {
    rows,
    pmc: crossing(rows, "tooCheap", "expensive"),
    opp: crossing(rows, "tooCheap", "tooExpensive"),
    ipp: crossing(rows, "cheap", "expensive"),
    pme: crossing(rows, "cheap", "tooExpensive"),
    questions,
  };
}

/**
 * Share of respondents for whom price p is neither too cheap nor too expensive: 1 - too cheap(p) - too expensive(p),
 * read off the curves (at an asked price, exactly its row).
 */
export function acceptableShare(sensitivity: PriceSensitivity, price: number): number | undefined {
  const row = sensitivity.rows.find((r) => Math.abs(r.price - price) < 1e-9);
  return row ? 1 - row.tooCheap - row.tooExpensive : undefined;
}
