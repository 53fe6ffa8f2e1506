import { isNo, isYes } from "./scales.js";
import type { SegmentTraits } from "./segments.js";

/**
 * How a segment answers questions about who people are (age, gender, household size, counts): from what the user
 * model says about them, not from attitudes. A segment of 18-26 year olds gives its age in the bands that overlap
 * 18-26 and in no other; households are sized by life stage. Each function returns a weight per option (any scale;
 * the caller turns them into whole respondents), or null when the options cannot be read that way (then the question
 * is answered like any other).
 */

/** A whole-number range read from an option label, both ends included; `high` may be Infinity. */
export interface Band {
  low: number;
  high: number;
}

const WORD_NUMBERS: Record<string, number> = { once: 1, twice: 2, one: 1, two: 2, three: 3, four: 4, five: 5 };

/**
 * "18 to 24" → 18..24, "65 or older" → 65..∞, "Under 18" → 0..17, "5 or more" → 5..∞, "None" → 0..0, "Once" →
 * 1..1, "2 or 3 times" → 2..3. Null for labels that are not a number or a range ("Prefer not to say").
 */
export function bandOf(label: string): Band | null {
  const text = label.trim().toLowerCase();
  if (/^(?:none|nothing|never|no one|nobody|zero)\b/.test(text)) return { low: 0, high: 0 };
  const numbers = [...text.matchAll(/\d+(?:,\d{3})*/g)].map((m) => Number(m[0].replaceAll(",", "")));
  const word = /^(once|twice|one|two|three|four|five)\b/.exec(text)?.[1];
  if (numbers.length === 0 && word) numbers.push(WORD_NUMBERS[word] as number);
  const first = numbers[0];
  if (first === undefined) return null;
  if (/\b(?:under|less than|below|fewer than|younger than)\b/.test(text)) return { low: 0, high: first - 1 };
  if (/\bmore than\b|\bover\b|\babove\b|\bolder than\b/.test(text) && numbers.length === 1)
    return { low: first + 1, high: Number.POSITIVE_INFINITY };
  if (/\bor (?:more|older|over|above)\b|\+|\band (?:over|above|older)\b/.test(text))
    return { low: first, high: Number.POSITIVE_INFINITY };
  const second = numbers[1];
  if (second !== undefined && second >= first) return { low: first, high: second };
  return { low: first, high: first };
}

/** Bands for every option, or null unless at least two options are bands (the others are ways out). */
function bandsOf(options: readonly string[]): Array<Band | null> | null {
  const bands = options.map(bandOf);
  return bands.filter(Boolean).length >= 2 ? bands : null;
}

/** Options no band describes ("Prefer not to say") keep a small share of their own. */
const WAY_OUT = 0.015;

function fromDistribution(bands: Array<Band | null>, chance: (value: number) => number, max: number): number[] {
  return bands.map((band) => {
    if (!band) return WAY_OUT;
    let sum = 0;
    for (let v = band.low; v <= Math.min(band.high, max); v++) sum += chance(v);
    return sum;
  });
}

/** Adults of each age are about equally many up to the mid-sixties, fewer from there on. */
function ageDensity(age: number): number {
  return age < 65 ? 1 : Math.max(0.15, 1 - (age - 65) / 24);
}

/** Ages spread over the segment's own range, so no one answers an age outside it. */
export function ageWeights(options: readonly string[], traits: SegmentTraits): number[] | null {
  const bands = bandsOf(options);
  if (!bands) return null;
  const { low, high } = traits.ages;
  return fromDistribution(bands, (age) => (age >= low && age <= high ? ageDensity(age) : 0), high);
}

export function genderWeights(options: readonly string[]): number[] | null {
  const weights = options.map((option) => {
    const o = option.toLowerCase();
    if (/^(?:woman|women|female)\b/.test(o)) return 0.51;
    if (/^(?:man|men|male)\b/.test(o)) return 0.48;
    if (/prefer not/.test(o)) return 0.01;
    return 0.01;
  });
  return weights.filter((w) => w > 0.1).length >= 2 ? weights : null;
}

/**
 * Where people live, from the segment's country: almost everyone names their own; a few name another (they moved,
 * or answer for where they work). Null when the options name no country or the segment's country is unknown.
 */
export function countryWeights(
  options: readonly string[],
  traits: SegmentTraits,
  codeOf: (option: string) => string | undefined,
): number[] | null {
  const codes = options.map(codeOf);
  if (!traits.country || codes.filter(Boolean).length < 2) return null;
  return codes.map((code) => (code === traits.country ? 0.96 : code ? 0.004 : 0.02));
}

/**
 * A yes/no fact: "Yes" with the chance the level gives (logit units), "No" otherwise, and a way out ("Can't
 * remember") for a few. Null unless the options are Yes and No.
 */
export function yesNoWeights(options: readonly string[], level: number): number[] | null {
  const yes = 1 / (1 + Math.exp(-level));
  const weights = options.map((option) => (isYes(option) ? yes : isNo(option) ? 1 - yes : WAY_OUT));
  return options.some(isYes) && options.some(isNo) ? weights : null;
}

/** People in the household (1, 2, …, 8) by life stage, from UK and US household statistics, rounded. */
const HOUSEHOLD_BY_AGE: Array<[maxAge: number, shares: number[]]> = [
  [24, [0.15, 0.3, 0.22, 0.2, 0.09, 0.03, 0.01]],
  [34, [0.22, 0.38, 0.2, 0.14, 0.04, 0.01, 0.01]],
  [54, [0.18, 0.27, 0.21, 0.22, 0.09, 0.02, 0.01]],
  [64, [0.3, 0.48, 0.12, 0.07, 0.02, 0.01, 0]],
  [200, [0.45, 0.47, 0.05, 0.02, 0.01, 0, 0]],
];
const HOUSEHOLD_ALL_ADULTS = [0.29, 0.35, 0.15, 0.13, 0.05, 0.02, 0.01];

/** Children living with the respondent (0, 1, 2, 3, 4+) by life stage. */
const CHILDREN_BY_AGE: Array<[maxAge: number, shares: number[]]> = [
  [29, [0.8, 0.12, 0.06, 0.02, 0]],
  [54, [0.45, 0.22, 0.23, 0.08, 0.02]],
  [200, [0.88, 0.07, 0.04, 0.01, 0]],
];

const byAge = (table: Array<[number, number[]]>, age: number | null, fallback: number[]) =>
  age === null ? fallback : (table.find(([maxAge]) => age <= maxAge)?.[1] ?? fallback);

/** Shares of households of 1, 2, … 7 people for someone of this age (all adults when unknown). */
export const householdShares = (age: number | null): readonly number[] =>
  byAge(HOUSEHOLD_BY_AGE, age, HOUSEHOLD_ALL_ADULTS);

/**
 * Counts: household members and children from the tables above, by the segment's typical age; other counts (times a
 * week, services paid for) roughly Poisson around a mean that rises with how much the topic concerns the segment.
 */
export function countWeights(
  questionText: string,
  options: readonly string[],
  traits: SegmentTraits,
  lean: number,
): number[] | null {
  const bands = bandsOf(options);
  if (!bands) return null;
  const t = questionText.toLowerCase();
  if (/\bhours?\b/.test(t) && /\bweek|\bweekly\b/.test(t)) {
    // Hours worked in a week: most near full time, a part-time group, a few long weeks.
    const chance = (h: number) =>
      0.75 * Math.exp(-(((h - 39) / 5) ** 2) / 2) + 0.2 * Math.exp(-(((h - 20) / 6) ** 2) / 2) + 0.01;
    return fromDistribution(bands, chance, 80);
  }
  if (/\b(?:people|persons|adults|members)\b.*\b(?:household|home|live|living)\b|\bhousehold size\b/.test(t)) {
    const shares = byAge(HOUSEHOLD_BY_AGE, traits.age, HOUSEHOLD_ALL_ADULTS);
    return fromDistribution(bands, (n) => shares[n - 1] ?? 0, 8);
  }
  if (/\bchildren\b|\bkids\b/.test(t)) {
    const shares = byAge(CHILDREN_BY_AGE, traits.age, [0.6, 0.17, 0.15, 0.06, 0.02]);
    return fromDistribution(bands, (n) => shares[n] ?? 0, 5);
  }
  const mean = 2.2 * Math.exp(0.45 * lean);
  let term = Math.exp(-mean);
  const poisson: number[] = [];
  for (let n = 0; n <= 30; n++) {
    poisson.push(term);
    term *= mean / (n + 1);
  }
  return fromDistribution(bands, (n) => poisson[n] ?? 0, 30);
}

/** Share of a segment aged `from` or over, from its age range (adults about equally many up to the mid-sixties). */
function shareAged(traits: SegmentTraits, from: number): number {
  let all = 0;
  let over = 0;
  for (let age = traits.ages.low; age <= traits.ages.high; age++) {
    all += ageDensity(age);
    if (age >= from) over += ageDensity(age);
  }
  return all > 0 ? over / all : 0;
}

/**
 * Who a respondent is, from the user model they belong to: employment, marital status, education
 * and gender follow its role and age range, so owners are self-employed, IT decision makers employed full time, and
 * 18-26-year-olds neither retired nor widowed. Each option is read by what it says; options none of the rules know
 * (a way out) keep a small share. Null when the question is none of these or its options cannot be read.
 */
export function profileWeights(
  questionText: string,
  options: readonly string[],
  traits: SegmentTraits,
): number[] | null {
  const t = questionText.toLowerCase();
  const retired = shareAged(traits, 66) * 0.85 + shareAged(traits, 60) * 0.1;
  const young = shareAged(traits, 27) < 0.05;
  const read = (rules: Array<[RegExp, number]>) => {
    const weights = options.map((option) => rules.find(([pattern]) => pattern.test(option))?.[1] ?? WAY_OUT);
    return options.filter((option) => rules.some(([pattern]) => pattern.test(option))).length >= 2 ? weights : null;
  };
  if (/\bemployment\b|\bwork(ing)? status\b|\bare you (currently )?(employed|working)\b/.test(t)) {
    const working = 1 - retired;
    const owner = traits.business && traits.income < 0.5;
    const employee = traits.business && !owner;
    return read([
      [/self[- ]employed|business owner|freelanc/i, owner ? 0.85 : employee ? 0.03 : 0.1 * working],
      [/unemployed|looking for work|not working/i, traits.business ? 0 : young ? 0.08 : 0.04 * working],
      [/part[- ]time/i, owner ? 0.02 : employee ? 0.03 : young ? 0.22 : 0.15 * working],
      [/full[- ]time|employed/i, owner ? 0.1 : employee ? 0.93 : young ? 0.32 : 0.5 * working],
      [/student|in education/i, traits.business ? 0 : young ? 0.34 : 0.04 * working],
      [/retired/i, traits.business ? 0.01 * retired : retired],
      [/home|carer|caring|parent/i, traits.business ? 0 : young ? 0.02 : 0.05 * working],
      [/unable|disab|sick/i, traits.business ? 0 : young ? 0.01 : 0.03],
    ]);
  }
  if (/\bmarital\b|\brelationship status\b|\bare you married\b/.test(t)) {
    const age = traits.age ?? 47;
    const married = age < 27 ? 0.1 : age < 35 ? 0.38 : age < 65 ? 0.55 : 0.52;
    const widowed = age < 40 ? 0 : age < 65 ? 0.03 : 0.2;
    const divorced = age < 27 ? 0.005 : age < 35 ? 0.04 : 0.11;
    const living = age < 27 ? 0.2 : age < 35 ? 0.22 : 0.08;
    return read([
      [/widow/i, widowed],
      [/divorc|separat/i, divorced],
      [/living with|cohabit|partner(?!ship)|in a relationship/i, living],
      [/married|civil partnership/i, married],
      [/single|never married/i, Math.max(0.05, 1 - married - widowed - divorced - living)],
    ]);
  }
  if (/\bhighest\b.*\b(education|qualification)\b|\beducation level\b/.test(t)) {
    const degreeLean = Math.max(0, traits.income) * 0.2 + (traits.business ? 0.1 : 0);
    return read([
      [/postgraduate|master|doctor|phd/i, young ? 0.04 : 0.13 + degreeLean / 2],
      [/degree|bachelor|university/i, young ? 0.3 : 0.3 + degreeLean],
      [/a[- ]level|high school|secondary|abitur|college/i, young ? 0.5 : 0.35],
      [/gcse|no qualifications|less than|none|primary/i, young ? 0.14 : 0.17],
      [/vocational|apprentice|trade|technical/i, 0.1],
    ]);
  }
  if (/\bgender\b|\bare you (male|female|a man|a woman)\b|\bsex\b/.test(t)) {
    // IT and business decision makers are mostly men, main grocery shoppers mostly women (survey-panel profiles).
    // A panel its own words call women (or men) is all of them.
    const women =
      traits.sex === "female"
        ? 1
        : traits.sex === "male"
          ? 0
          : traits.business
            ? traits.income >= 0.5
              ? 0.26
              : 0.33
            : traits.grocery
              ? 0.62
              : 0.51;
    const others = traits.sex ? 0 : 0.01;
    return read([
      [/^(?:woman|women|female)\b/i, women],
      [/^(?:man|men|male)\b/i, (traits.sex ? 1 : 0.98) - women],
      [/non[- ]binary|another|self[- ]describe|other/i, others],
    ]);
  }
  return null;
}
