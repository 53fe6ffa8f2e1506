import { perPound } from "./money.js";
import { bandOf } from "./profile-answers.js";

/**
 * How much, how long or how many hours people plausibly answer for what a question asks about: rent
 * runs to hundreds a month, a car to thousands, TikTok to hours a week, a phone's age to months. Shared by the
 * question writer (to choose bands that fit: call `plausibleRange` and band between `low` and `high` around
 * `typical`) and the answer model (to spread answers over whatever bands a question has).
 * Money in the study's currency (the table is in pounds; dollars and euros roughly converted), per `period`.
 */
export interface PlausibleRange {
  unit: "money" | "hours" | "minutes" | "months" | "years";
  /** What a money amount or an hour count is per; "once" for a one-off amount or a stock (savings, debt). */
  period: "once" | "week" | "month" | "year" | "day";
  /** Roughly the 5th percentile, the median and the 95th percentile of what people answer. */
  low: number;
  typical: number;
  high: number;
}

type Row = readonly [RegExp, PlausibleRange];
const r = (
  unit: PlausibleRange["unit"],
  period: PlausibleRange["period"],
  low: number,
  typical: number,
  high: number,
): PlausibleRange => ({ unit, period, low, typical, high });

/** The first matching row wins, so more specific rows come first. */
const RANGES: readonly Row[] = [
  [/\b(rent|mortgage)\b/, r("money", "month", 400, 950, 2500)],
  [/\bcredit card debt\b|\bdebt\b|\bowe\b/, r("money", "once", 0, 1500, 15000)],
  [/\bsavings?\b|\bsaved\b/, r("money", "once", 0, 4000, 60000)],
  [/\b(holiday|vacation|trip)\b/, r("money", "once", 150, 1200, 5000)],
  [/\b(new|used|second-hand)? ?car\b/, r("money", "once", 3000, 18000, 55000)],
  [/\b(coffee|tea)\b.*\bweek\b|\bweek\b.*\b(coffee|tea)\b/, r("money", "week", 2, 10, 35)],
  [/\b(groceries|food shop|supermarket)\b/, r("money", "week", 25, 85, 220)],
  [/\b(energy|gas|electricity|heating) bill\b/, r("money", "month", 40, 140, 350)],
  [/\b(phone|broadband|mobile) bill\b/, r("money", "month", 8, 30, 90)],
  [
    /\b(subscriptions?|streaming)\b.*\b(spend|pay|cost)\b|\b(spend|pay)\b.*\bsubscriptions?\b/,
    r("money", "month", 0, 25, 90),
  ],
  [/\b(income|salary|earn)\b/, r("money", "year", 12000, 35000, 120000)],
  [/\bhours?\b.*\b(work|job)\b|\b(work|job)\b.*\bhours?\b/, r("hours", "week", 10, 38, 60)],
  [
    /\bhours?\b.*\b(tiktok|instagram|youtube|social media|gaming|games|tv|television|streaming|netflix|online|phone|screen)\b/,
    r("hours", "week", 0, 8, 40),
  ],
  [/\bhours?\b.*\b(sleep)\b/, r("hours", "day", 5, 7, 9)],
  [/\bhours?\b.*\b(exercise|gym|sport|read|reading|cook|cooking)\b/, r("hours", "week", 0, 3, 12)],
  [/\bhow long\b.*\b(commute|journey to work)\b|\bcommute\b/, r("minutes", "day", 5, 30, 90)],
  [/\bhow long have you had\b.*\b(phone|laptop|tablet|watch|headphones)\b/, r("months", "once", 1, 20, 60)],
  [/\bhow long have you had\b.*\b(car|bike|boiler|sofa|mattress)\b/, r("years", "once", 0, 5, 15)],
  [/\bhow long have you (lived|been living)\b/, r("years", "once", 0, 8, 40)],
];

/** The plausible range of answers to a money, hours or duration question, or null when no row knows its subject. */
export function plausibleRange(questionText: string, currency = "GBP"): PlausibleRange | null {
  const t = questionText.toLowerCase();
  const row = RANGES.find(([pattern]) => pattern.test(t));
  if (!row) return null;
  const range = row[1];
  if (range.unit !== "money") return { ...range };
  const rate = perPound(currency) ?? 1;
  return { ...range, low: range.low * rate, typical: range.typical * rate, high: range.high * rate };
}

/** Standard normal cumulative distribution (Abramowitz-Stegun 7.1.26 on erf). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152073) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Answers spread over a question's numeric bands from its plausible range: log-normal around `typical`, its spread
 * set by `low` and `high`, with a share at zero when the range starts at 0 (no savings, no debt, no hours). Options
 * that are not bands (a way out) keep a small share. Null when fewer than two options are bands. `lean` (logit-ish
 * units) moves a segment up or down the range (richer segments save more).
 */
export function rangeWeights(range: PlausibleRange, options: readonly string[], lean = 0): number[] | null {
  // "Less than a year" is "less than 1 year"; bands in years for a range in months (or the other way) are converted.
  const bands = options.map((o) => bandOf(o.replace(/\ban? (year|month|week|day|hour|minute)\b/gi, "1 $1")));
  if (bands.filter(Boolean).length < 2) return null;
  const text = options.join(" ").toLowerCase();
  const scale =
    range.unit === "months" && /\byears?\b/.test(text) && !/\bmonths?\b/.test(text)
      ? 1 / 12
      : range.unit === "years" && /\bmonths?\b/.test(text) && !/\byears?\b/.test(text)
        ? 12
        : range.unit === "minutes" && /\bhours?\b/.test(text) && !/\bminutes?\b/.test(text)
          ? 1 / 60
          : 1;
  const typical = range.typical * scale * Math.exp(0.5 * lean);
  const top = Math.max(range.high * scale, typical * 1.5);
  const sigma = Math.max(0.3, Math.log(top / Math.max(range.typical * scale, 1e-9)) / 1.645);
  const zero = range.low <= 0 ? 0.12 : 0;
  const below = (x: number) => (x <= 0 ? 0 : normalCdf(Math.log(x / typical) / sigma));
  return bands.map((band) => {
    if (!band) return 0.015;
    const mass = (1 - zero) * (below(band.high + 1) - below(band.low)) + (band.low === 0 ? zero : 0);
    return Math.max(mass, 1e-6);
  });
}
