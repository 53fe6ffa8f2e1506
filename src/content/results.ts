import type { Plan, SimulationRecord, UserModelRecord } from "../world/records.js";
import { type AnsweredQuestion, reconcile } from "./answer-consistency.js";
import { plausibleRange, rangeWeights } from "./plausible-ranges.js";
import { priceReference } from "./price-reference.js";
import {
  ageWeights,
  countryWeights,
  countWeights,
  genderWeights,
  profileWeights,
  yesNoWeights,
} from "./profile-answers.js";
import { countryCodeOf, hasFavourableEnd, isAboutThePerson, kindOf, readQuestion } from "./question-kinds.js";
import { namedAnswers, namedSubject } from "./question-subjects.js";
import { Random } from "./random.js";
import {
  currencyOf,
  familiarity,
  favourableLabel,
  favourableOptions,
  type ScaleShape,
  type SegmentTraits,
  type StudyTopic,
  shapeOf,
  type Tendencies,
  tendenciesOf,
  topicOf,
  traitsOf,
  youthOf,
} from "./segments.js";
import { contentStrength } from "./stimulus-strength.js";

export interface SegmentResult {
  user_model_id: string;
  name: string;
  respondents: number;
}

export interface QuestionResult {
  variable_name: string;
  question_text: string;
  question_type: string;
  answer_options: string[];
  overall: Record<string, number>;
  by_user_model: Record<string, Record<string, number>>;
  insight: string;
}

export interface ResearchResults {
  respondents: number;
  segments: SegmentResult[];
  questions: QuestionResult[];
}

/**
 * How many respondents (research) or sessions (journey) each user model contributes. Drawn from a stream of its own
 * so progress while running and the final results agree on the totals.
 */
export function sampleSizes(
  simulationId: string,
  mode: "research" | "journey",
  models: number,
  seed: number,
): number[] {
  const random = new Random(seed, "sample", simulationId);
  return Array.from({ length: models }, () => (mode === "research" ? random.int(18, 42) * 10 : random.int(3, 6) * 10));
}

/** Splits `total` into integer counts proportional to `weights` (largest remainder), so counts sum exactly. */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (w / sum) * total : total / weights.length));
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i] = (counts[i] as number) + 1;
    left--;
  }
  return counts;
}

/**
 * Sampling: `total` respondents each pick one option with probability proportional to `weights` (a multinomial draw),
 * so a share moves between runs by about what the sample size says (±5 points at 95% for 350 people), never more.
 */
export function draw(random: Random, total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + Math.max(0, b), 0);
  const counts = new Array<number>(weights.length).fill(0);
  if (sum <= 0)
    return apportion(
      total,
      weights.map(() => 1),
    );
  for (let n = 0; n < total; n++) {
    let u = random.next() * sum;
    let i = 0;
    while (i < weights.length - 1 && u >= Math.max(0, weights[i] as number)) {
      u -= Math.max(0, weights[i] as number);
      i++;
    }
    // Rounding can leave u just past the last positive weight; never land on an option nobody can give.
    while ((weights[i] as number) <= 0) i = (i + weights.length - 1) % weights.length;
    counts[i] = (counts[i] as number) + 1;
  }
  return counts;
}

function distribution(options: string[], counts: number[], total: number): Record<string, number> {
  // fromEntries defines own properties, so an option called "__proto__" is a key like any other.
  return Object.fromEntries(options.map((option, i) => [option, total > 0 ? (counts[i] as number) / total : 0]));
}

/**
 * The one way a share is printed, in results' insights, reports and round syntheses alike: a fraction as a
 * percentage with one decimal, so "42.3%" is always the fraction rounded to one decimal.
 */
export const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** Sum of the shares of `options` in a distribution (e.g. the top-two box). */
export function shareOf(distribution: Record<string, number>, options: readonly string[]): number {
  return options.reduce((sum, option) => sum + (distribution[option] ?? 0), 0);
}

export const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Ordered-logit probabilities of the k points of a scale (least favourable first) for a latent favourability `mu`:
 * cut points evenly spaced around 0, `gap` apart, so raising `mu` moves answers up the scale.
 */
function orderedProbabilities(k: number, mu: number, gap: number): number[] {
  const cut = (j: number) => (j <= 0 ? -Infinity : j >= k ? Infinity : (j - k / 2) * gap);
  return Array.from({ length: k }, (_, i) => logistic(cut(i + 1) - mu) - logistic(cut(i) - mu));
}

/** Every amount of money named in a text: "At £4.99 a month, ..." → [4.99]. */
function amountsIn(text: string): number[] {
  return [...text.matchAll(/(?:[\u00a3$\u20ac]|\b(?:GBP|USD|EUR)\s?)\s*(\d+(?:\.\d+)?)/g)].map((m) => Number(m[1]));
}

export interface Segment extends SegmentResult {
  traits: SegmentTraits;
  tendencies: Tendencies;
  /** Per-segment latent offset: segments differ a little beyond what their traits explain. */
  offset: number;
}

interface Study {
  seed: number;
  simulationId: string;
  topic: StudyTopic;
  brand: string | null;
  competitors: string[];
  /** Cheapest and dearest price named anywhere in the plan, for reading a question's price as low or high. */
  prices: { min: number; max: number } | null;
  /**
   * Stimuli quoted by two or more questions asked the same way (the messages or features of a set): each carries a
   * strength of its own. A stimulus quoted once (a concept's description) is the study itself, not one item of many.
   */
  items: ReadonlySet<string>;
  /** The study's own stimulus (a concept's description, a product): how well it reads sets the study's level. */
  stimulus: string;
  /**
   * What people expect to pay for the product (in the study's currency), from what it is ("a flat white" costs a few
   * pounds); null when nothing says, and the prices asked are then read against their own middle.
   */
  reference: number | null;
  /** The currency money answers are in (ISO code), pounds when nothing says. */
  currency: string;
  /** Each segment's respondents' own reference prices, drawn once so all pricing questions agree person by person. */
  respondentPrices: Map<string, number[]>;
}

/** The quoted stimuli that are items of a set: quoted in questions that read the same once the quote is taken out. */
function itemsOf(texts: readonly string[]): Set<string> {
  const byTemplate = new Map<string, string[]>();
  for (const text of texts) {
    const quoted = /"([^"]+)"/.exec(text)?.[1];
    if (!quoted) continue;
    const template = text.replace(quoted, "…");
    byTemplate.set(template, [...(byTemplate.get(template) ?? []), quoted]);
  }
  return new Set([...byTemplate.values()].filter((quotes) => quotes.length >= 2).flat());
}

/** How favourably a segment leans on an ordered question, from what the question asks about (logit units). */
function leanOn(text: string, segment: Segment, study: Study): number {
  const t = segment.tendencies;
  const q = text.toLowerCase();
  const named = study.brand && q.includes(study.brand.toLowerCase()) ? study.brand : null;
  const fam = named ? familiarity(study.seed, named, segment.traits, study.topic) : 0;
  let lean = 0.5 * t.acquiescence;
  // Below -1 the product does not concern them at all (a CNC tool for the general public, nappies for adults without
  // a baby): nobody screens them out, so they answer as people outside its market, with hardly any appeal or intent.
  const outside = Math.min(0, t.relevance + 1);
  if (/familiar|heard of|aware of/.test(q)) return 0.2 * t.acquiescence + 1.4 * fam;
  // Whether it concerns them at all: a business tool is not relevant to consumers, nappies only to parents of babies.
  if (/relevan|concern/.test(q)) return lean + 0.9 * t.relevance + 0.2 * t.novelty;
  if (/trust|believ|credib|honest/.test(q)) lean += -0.8 * t.scepticism + 0.4 * fam + 0.2 * t.relevance;
  else if (/clear|understand|easy to follow/.test(q))
    lean += 0.35 * t.digital + 0.35 * t.relevance - 0.2 * t.scepticism;
  else if (/satisf|experience so far|how well does it fit/.test(q)) lean += 0.6 * t.statusQuo + 0.2 * t.relevance;
  else if (/importan|priorit|matter|essential/.test(q)) lean += 0.55 * t.relevance + 0.2 * t.novelty;
  else if (/value|worth|expensive|afford/.test(q)) lean += 0.7 * t.priceTolerance + 0.2 * t.relevance;
  else if (/appeal|different|\bnew\b|innovative|\btry\b|switch|idea|concept/.test(q))
    lean += 0.9 * t.novelty + 0.5 * t.relevance + 0.9 * outside - 0.2 * t.scepticism;
  else if (/likely|buy|purchase|subscribe|recommend|\buse\b/.test(q))
    lean += 0.6 * t.novelty + 0.5 * t.relevance + 0.9 * outside + 0.4 * fam - 0.15 * t.scepticism;
  else lean += 0.3 * t.novelty + 0.3 * t.relevance;
  const amounts = amountsIn(text);
  if (amounts.length > 0 && /buy|pay|purchase|subscribe|likely|\bat\b/.test(q)) {
    // The price asked about is named first; later amounts are delivery fees or thresholds ("free over £60").
    const price = amounts[0] as number;
    // Against what this segment expects to pay: at the expected price a moderate pull down (concept tests' stated
    // purchase intent usually lands at a top-two box of 25-40%), far less at half of it, far more at double.
    const expected = segmentReference(study, segment);
    lean -=
      0.2 + Math.max(-1.2, Math.min(2.5, Math.log(price / expected) * Math.max(0.6, 1.4 - 0.5 * t.priceTolerance)));
  }
  return lean;
}

const ESCAPE =
  /^(none|neither|nothing|other|another|something else|don't know|not sure|no preference|no opinion|prefer not|any price)\b/i;

/** How strongly a segment is drawn to one option of a nominal question (logit units, before the option's base). */
function affinity(option: string, segment: Segment, study: Study): number {
  const t = segment.tendencies;
  const traits = segment.traits;
  const o = option.toLowerCase();
  let value = 0;
  if (/price|cheap|cost|afford|expensive|sav(e|ing)|discount|deal|value/.test(o))
    value += 0.9 * traits.priceSensitivity;
  if (/quality|premium|craft|best|durab/.test(o)) value += 0.5 * traits.income;
  if (/convenien|fast|quick|easy|time|\bapp\b|online|deliver|mobile/.test(o))
    value += 0.4 * youthOf(traits) + 0.3 * traits.tech + 0.3 * traits.urban;
  if (/trust|reliab|safe|secur|provider|support|service/.test(o)) value += 0.3 * t.scepticism - 0.2 * youthOf(traits);
  if (ESCAPE.test(option)) value += -0.6 * t.novelty - 0.6 * t.relevance + 0.3 * t.scepticism;
  // Who decides or does something at home: mostly the respondent, or together; rarely someone else alone.
  if (/^(me|myself|i do|just me|mostly me)\b/.test(o)) value += 0.9;
  else if (/\b(together|jointly|both of us|shared)\b/.test(o)) value += 0.6;
  else if (/^(someone else|another person|somebody else)\b/.test(o)) value -= 1;
  if (study.brand && o === study.brand.toLowerCase())
    value += 0.9 * familiarity(study.seed, option, traits, study.topic);
  else if (study.competitors.some((c) => c.toLowerCase() === o))
    value += 0.9 * familiarity(study.seed, option, traits, study.topic);
  // Options no rule knows (messages, features): a seeded taste per option, so some appeal more to younger or more
  // price-tolerant segments, consistently across the questions that name them.
  const taste = new Random(study.seed, "option-taste", option);
  value += 0.35 * (taste.normal() * t.novelty + taste.normal() * t.priceTolerance);
  return value;
}

/**
 * An option's own strength (a message's or feature's pull), shared by the questions naming it and the same in every
 * run of the study: for stimuli (messages, features) mostly what the words say, for other options a seeded pull of
 * their own keyed by the option alone.
 */
function strengthOf(study: Study, text: string): number {
  const seeded = new Random(study.seed, "option-strength", text.toLowerCase()).normal();
  return study.items.has(text) ? 0.9 * contentStrength(text) + 0.15 * seeded : 0.55 * seeded;
}

/** What a segment expects to pay: the study's reference, higher for price-tolerant segments. */
function segmentReference(study: Study, segment: Segment): number {
  // Without a category, the ladder is the going rate: its middle sits where the acceptable range's middle falls.
  const middle = study.prices ? Math.sqrt(study.prices.min * study.prices.max) : 1;
  const centre = (Math.log(LADDER_MULTIPLE.tooCheap) + Math.log(LADDER_MULTIPLE.tooExpensive)) / 2;
  const base = study.reference ?? middle * Math.exp(-centre * ladderSpread(study));
  return base * Math.exp(0.3 * segment.tendencies.priceTolerance + segment.offset);
}

/**
 * How widely people's prices spread (1 = as for a product they know): without a category to go by, people read the
 * ladder itself as the going rate, so their thresholds spread over it rather than over a known product's full range.
 */
function ladderSpread(study: Study): number {
  return study.reference === null && study.prices
    ? Math.min(1, Math.log(study.prices.max / study.prices.min) / 1.6)
    : 1;
}

/**
 * Each respondent's own expected price (log-normal around the segment's), drawn from a stream of the respondent's
 * own so every pricing question reads the same people.
 */
function respondentPrices(study: Study, segment: Segment): number[] {
  const known = study.respondentPrices.get(segment.user_model_id);
  if (known) return known;
  const random = new Random(study.seed, "respondent-price", study.simulationId, segment.user_model_id);
  const reference = segmentReference(study, segment);
  const spread = ladderSpread(study);
  const prices = Array.from(
    { length: segment.respondents },
    () => reference * Math.exp(0.35 * spread * random.normal()),
  );
  study.respondentPrices.set(segment.user_model_id, prices);
  return prices;
}

/**
 * Answers for one question as whole respondent counts per segment, in option order. Questions about who people are
 * (age, gender, counts): from the segment's traits (`profile-answers.ts`). Ordered scales and price ladders: each
 * segment's latent favourability (question base + its lean + a little noise) through an ordered logit. Nominal
 * options: each option's strength plus the segment's affinity, through a softmax.
 */
function answerQuestion(
  random: Random,
  question: { text: string; type: string },
  options: string[],
  segments: Segment[],
  study: Study,
): number[][] {
  const text = question.text;
  const kind = kindOf(text);
  const factualYesNo = kind === "yes_no" && isAboutThePerson(text);
  // A list of one country's names (networks, banks) asked of people in another: they take the way out.
  const abroad = segments.map((segment) => foreignListWeights(text, options, segment.traits.country));
  if (abroad.some((row) => row !== null)) {
    const rows = abroad.map((row, i) => row ?? nominalWeights(options, segments[i] as Segment, study, text));
    return rows.map((row, i) => draw(random, (segments[i] as Segment).respondents, row));
  }
  // Money, hours and durations of a subject the ranges table knows: spread over the bands from what is plausible for it.
  const range =
    kind === "money_band" || kind === "count" || kind === "duration" ? plausibleRange(text, study.currency) : null;
  if (range && !/\bmost you would pay\b/i.test(text)) {
    const rows = segments.map((segment) =>
      rangeWeights(
        range,
        options,
        range.unit === "money"
          ? moneyLean(text, segment)
          : range.unit === "hours"
            ? 0.6 * segment.tendencies.novelty
            : 0,
      ),
    );
    if (rows.every((row): row is number[] => row !== null))
      return rows.map((row, i) => draw(random, (segments[i] as Segment).respondents, row));
  }
  // Employment, marital status, education, gender: from who each user model's people are.
  const profile = segments.map((segment) => profileWeights(text, options, segment.traits));
  if (profile.every((row): row is number[] => row !== null))
    return profile.map((row, i) => draw(random, (segments[i] as Segment).respondents, row));
  if (kind === "age_band" || kind === "gender" || kind === "count" || kind === "fact" || factualYesNo) {
    // How common a yes/no fact is (owning a car, having cancelled something): a seeded level of its own.
    const yesLevel = strengthOf(study, text) * 2;
    const rows = segments.map((segment) =>
      kind === "age_band"
        ? ageWeights(options, segment.traits)
        : kind === "gender"
          ? genderWeights(options)
          : kind === "fact"
            ? countryWeights(options, segment.traits, countryCodeOf)
            : factualYesNo
              ? yesNoWeights(options, yesLevel + 0.5 * leanOn(text, segment, study))
              : countWeights(text, options, segment.traits, leanOn(text, segment, study)),
    );
    if (rows.every((row): row is number[] => row !== null)) {
      // Sampling noise only; an option no one in the segment can give stays at 0.
      return rows.map((row, i) => draw(random, (segments[i] as Segment).respondents, row));
    }
  }
  // Themes of open answers and items to rank are chosen among, never read as a scale.
  // So are the categories of a fact (how people heard of something, how long they have lived somewhere).
  const shape: ScaleShape =
    question.type === "open_text" || question.type === "ranking" || kind === "fact" || kind === "duration"
      ? { kind: "nominal" }
      : shapeOf(options);
  const k = options.length;
  if (shape.kind === "nominal")
    return segments.map((segment) => draw(random, segment.respondents, nominalWeights(options, segment, study, text)));
  // A quoted stimulus ("How appealing is this message? "...") carries its own strength.
  const quoted = /"([^"]+)"/.exec(text)?.[1];
  const base = levelOf(study, text, quoted);
  const anchor = shape.kind === "price" ? priceAnchor(text) : null;
  if (shape.kind === "price" && (anchor !== null || /\bmost\b.*\bpay\b/i.test(text)))
    return answerPriceLadder(text, options, shape, anchor, segments, study);
  const gap = 0.9 + new Random(study.seed, "scale-gap", text).next() * 0.4;
  return segments.map((segment) => {
    let lean: number;
    if (kind === "money_band") lean = moneyLean(text, segment);
    else if (shape.kind === "price") lean = 0.5 * segment.tendencies.priceTolerance;
    else lean = leanOn(text, segment, study);
    const mu = base + lean + segment.offset;
    const byRank = orderedProbabilities(k, mu, gap);
    // Options outside the order (a price ladder's "None of these prices") keep a small share of their own.
    const weights = new Array<number>(k).fill(0.05);
    shape.order.forEach((optionIndex, rank) => {
      weights[optionIndex] = (byRank[rank] as number) + 1e-4;
    });
    return draw(random, segment.respondents, weights);
  });
}

/** A nominal question's weights for one segment: each option's own strength plus the segment's affinity to it. */
function nominalWeights(options: readonly string[], segment: Segment, study: Study, text: string): number[] {
  const flip = /hardest|least|worst|doubt|dislike|unlikely/i.test(text) ? -1 : 1;
  return options.map((o) =>
    Math.exp(flip * strengthOf(study, o) + (ESCAPE.test(o) ? -0.9 : 0) + flip * affinity(o, segment, study)),
  );
}

const LIST_COUNTRIES = ["GB", "US", "DE"] as const;

/**
 * When a question lists one country's names (mobile networks, banks) and the segment lives in another country that
 * has names of its own, its people cannot pick those names: nearly all take the way out ("Another network"). Null
 * when the options are not such a list, or are the segment's own country's (black-box-8 F27).
 */
function foreignListWeights(text: string, options: readonly string[], country: string | null): number[] | null {
  if (!country) return null;
  const t = text.trim().toLowerCase();
  const subject = namedSubject(t);
  if (!subject) return null;
  const listed = new Set(options);
  const namesOf = (code: string) => namedAnswers(subject, [code], t).options.slice(0, -1);
  const own = namesOf(country);
  const listCountry = LIST_COUNTRIES.find((code) => namesOf(code).filter((name) => listed.has(name)).length >= 2);
  if (!listCountry || listCountry === country || own.filter((name) => listed.has(name)).length >= 2) return null;
  if (namesOf(listCountry).join() === own.join()) return null;
  const wayOut = options.findIndex((o) => /^(another|other|none|something else|don't know|not sure)\b/i.test(o));
  if (wayOut < 0) return null;
  return options.map((_o, i) => (i === wayOut ? 0.95 : /prefer not/i.test(options[i] as string) ? 0.03 : 0.004));
}

/**
 * Where a scale question's answers sit before any segment leans (logit units). A study has one level of its own (a
 * concept people like scores well on most questions), each kind of question a seeded level of its own, shared by the
 * questions that rate different items the same way (so the items of a set differ by their own strength alone), and
 * stated purchase intent sits below the other measures, as it does in real concept tests.
 */
function levelOf(study: Study, text: string, quoted: string | undefined): number {
  const template = quoted ? text.replace(quoted, "…") : text;
  // The same study gets the same level in every run: how its stimulus reads, plus a seeded pull of the stimulus's own.
  const own =
    0.5 * contentStrength(study.stimulus) + new Random(study.seed, "study-level", study.stimulus).normal() * 0.15;
  const question = new Random(study.seed, "question-level", template).normal() * 0.3;
  const intent = /\bbuy\b|\bpurchase\b/i.test(text) && !/\bwhich\b/i.test(text) ? -0.35 : 0;
  return 0.25 + own + question + intent + (quoted && study.items.has(quoted) ? strengthOf(study, quoted) : 0);
}

/** How high a segment sits on a money question: income from its traits; spending from income and the topic. */
function moneyLean(text: string, segment: Segment): number {
  const t = segment.tendencies;
  if (/\bincome\b|\bsalary\b|\bearn/i.test(text)) return 1.6 * segment.traits.income;
  if (/\bpay\b|\bpaid\b|\bcost\b/i.test(text)) return 0.6 * t.priceTolerance + 0.3 * t.relevance;
  return 0.5 * segment.traits.income + 0.6 * t.relevance;
}

/** Where a respondent's price for each Van Westendorp question sits, as a multiple of their own expected price. */
const LADDER_MULTIPLE = { tooCheap: 0.35, cheap: 0.75, expensive: 1.3, tooExpensive: 1.75, most: 1.1 } as const;

/**
 * The Van Westendorp questions and "the most you would pay", answered person by person from each respondent's own
 * expected price (see `respondentPrices`), so the answers agree with each other and with what the product is: a flat
 * white expected at £3.50 is too expensive at every price of a £20-£100 ladder. For "too cheap" and "a bargain" a
 * respondent names the dearest ladder price still at or under their threshold ("None of these prices" when even the
 * cheapest is above it); for "getting expensive" and "too expensive" the cheapest price at or over it (none when
 * even the dearest is under it); for the most they would pay, the dearest option at or under it (the lowest when none).
 */
function answerPriceLadder(
  text: string,
  options: string[],
  shape: Extract<ScaleShape, { kind: "price" }>,
  anchor: number | null,
  segments: Segment[],
  study: Study,
): number[][] {
  const wayOut = options.map((_o, i) => i).find((i) => !shape.order.includes(i));
  const which =
    anchor === null
      ? "most"
      : anchor >= 1
        ? "tooExpensive"
        : anchor > 0
          ? "expensive"
          : anchor > -1
            ? "cheap"
            : "tooCheap";
  const multiple = LADDER_MULTIPLE[which] ** ladderSpread(study);
  const low = which === "tooCheap" || which === "cheap" || which === "most";
  const ladder = shape.order.map((i) => ({ i, price: shape.amounts[i] as number }));
  return segments.map((segment) => {
    const counts = new Array<number>(options.length).fill(0);
    for (const expected of respondentPrices(study, segment)) {
      const threshold = expected * multiple;
      let chosen: number | undefined;
      if (low) {
        const under = ladder.filter((step) => step.price <= threshold);
        chosen =
          under.length > 0 ? (under[under.length - 1] as { i: number }).i : which === "most" ? ladder[0]?.i : wayOut;
      } else {
        chosen = ladder.find((step) => step.price >= threshold)?.i ?? wayOut ?? ladder[ladder.length - 1]?.i;
      }
      // A ladder without a way out: the nearest end stands for "none of these".
      chosen ??= low ? ladder[0]?.i : ladder[ladder.length - 1]?.i;
      if (chosen !== undefined) counts[chosen] = (counts[chosen] as number) + 1;
    }
    return counts;
  });
}

/**
 * Where on a price ladder a Van Westendorp question's answers sit (logit units, ladder cheapest first): "too cheap"
 * low, "a bargain" below the middle, "getting expensive" above it, "too expensive" high. Null for other price
 * questions ("the most you would pay"), which keep the question's own seeded level.
 */
function priceAnchor(text: string): number | null {
  if (/too expensive|too much|too high/i.test(text)) return 1.3;
  if (/getting expensive|feel expensive|still consider/i.test(text)) return 0.5;
  if (/bargain|good value|great deal/i.test(text)) return -0.4;
  if (/so cheap|too cheap|doubt/i.test(text)) return -1.3;
  return null;
}

function insightFor(
  text: string,
  type: string,
  options: string[],
  overall: Record<string, number>,
  byUserModel: Record<string, Record<string, number>>,
  segments: SegmentResult[],
): string {
  const favourable = hasFavourableEnd(text, type) ? favourableOptions(options) : [];
  const ranked = [...options].sort((a, b) => (overall[b] ?? 0) - (overall[a] ?? 0));
  const top = ranked[0] as string;
  const second = ranked[1];
  const parts: string[] = [];
  if (favourable.length > 0) {
    const label = favourableLabel(options);
    parts.push(
      `${label.charAt(0).toUpperCase()}${label.slice(1)} (${favourable.map((o) => `"${o}"`).join(" or ")}) ${percent(shareOf(overall, favourable))}; the most common answer is "${top}" (${percent(overall[top] ?? 0)}).`,
    );
    if (segments.length > 1) {
      const shares = segments
        .map((s) => ({ name: s.name, share: shareOf(byUserModel[s.user_model_id] ?? {}, favourable) }))
        .sort((a, b) => b.share - a.share);
      const high = shares[0] as { name: string; share: number };
      const low = shares[shares.length - 1] as { name: string; share: number };
      parts.push(
        `${high.name} are the most favourable (${percent(high.share)}), ${low.name} the least (${percent(low.share)}).`,
      );
    }
  } else {
    const verb =
      type === "open_text"
        ? "is the answer given most"
        : type === "ranking"
          ? "is ranked first most"
          : "is chosen most";
    parts.push(
      second
        ? `"${top}" ${verb} (${percent(overall[top] ?? 0)}), ahead of "${second}" (${percent(overall[second] ?? 0)}).`
        : `"${top}" is chosen by ${percent(overall[top] ?? 0)}.`,
    );
    if (segments.length > 1) {
      const leaders = segments.map((s) => {
        const d = byUserModel[s.user_model_id] ?? {};
        const lead = [...options].sort((a, b) => (d[b] ?? 0) - (d[a] ?? 0))[0] as string;
        return { name: s.name, lead, share: d[lead] ?? 0 };
      });
      const dissent = leaders.filter((l) => l.lead !== top);
      if (dissent.length === 0) parts.push(`It leads in every user model.`);
      else
        parts.push(
          `Not everywhere: ${dissent.map((d) => `${d.name} prefer "${d.lead}" (${percent(d.share)})`).join("; ")}.`,
        );
    }
  }
  return parts.join(" ");
}

/**
 * Where a study is set when neither its currency nor its prices say: the country most of its user models are from
 * (people study a brand or product where it is sold), the first such model's on a tie.
 */
function withHomeMarket(topic: StudyTopic, models: UserModelRecord[]): StudyTopic {
  if (topic.homeMarket) return topic;
  const countries = models.map((m) => traitsOf(m).country).filter((c): c is string => c !== null);
  const tally = new Map<string, number>();
  for (const c of countries) tally.set(c, (tally.get(c) ?? 0) + 1);
  let best: string | null = null;
  for (const c of countries) if (best === null || (tally.get(c) ?? 0) > (tally.get(best) ?? 0)) best = c;
  return { ...topic, homeMarket: best };
}

/** The study's own stimulus: what its inputs describe (a concept, a product, a stimulus), in that order. */
function stimulusOf(inputs: Record<string, unknown>): string {
  for (const key of ["concept", "stimulus", "product", "product_name", "brand", "objective"]) {
    const value = inputs[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return "";
}

/** The currency a study's prices are in: its `currency` input, else the first currency sign in its texts. */
function currencyIn(inputs: Record<string, unknown>, texts: readonly string[]): string | undefined {
  if (typeof inputs.currency === "string") return inputs.currency.toUpperCase();
  const sign = /[\u00a3$\u20ac]/.exec(texts.join(" "))?.[0];
  return sign === "\u00a3" ? "GBP" : sign === "$" ? "USD" : sign === "\u20ac" ? "EUR" : undefined;
}

function stringInputs(inputs: Record<string, unknown>): string[] {
  return Object.values(inputs).flatMap((v) =>
    typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [],
  );
}

/** Segments with their traits and tendencies; the sizes come from `sampleSizes`, so progress totals agree. */
export function segmentsOf(
  simulationId: string,
  mode: "research" | "journey",
  models: UserModelRecord[],
  topic: StudyTopic,
  seed: number,
): Segment[] {
  const sizes = sampleSizes(simulationId, mode, models.length, seed);
  return models.map((model, i) => {
    const traits = traitsOf(model);
    return {
      user_model_id: model.id,
      name: model.name,
      respondents: sizes[i] as number,
      traits,
      tendencies: tendenciesOf(traits, topic),
      offset: new Random(seed, "segment-offset", model.id).normal() * 0.1,
    };
  });
}

export function researchResults(
  simulation: Pick<SimulationRecord, "id"> & Partial<Pick<SimulationRecord, "inputs">>,
  plan: Plan,
  models: UserModelRecord[],
  seed: number,
): ResearchResults {
  const inputs = (simulation.inputs ?? {}) as Record<string, unknown>;
  const planQuestions = plan.survey_questions ?? [];
  const texts = [
    plan.question_text ?? "",
    plan.hypothesis_text ?? "",
    ...planQuestions.flatMap((q) => [q.question_text, ...(q.answer_options ?? [])]),
    ...stringInputs(inputs),
  ];
  const topic = withHomeMarket(topicOf(texts, inputs), models);
  const segments = segmentsOf(simulation.id, "research", models, topic, seed);
  const amounts = [
    ...planQuestions.flatMap((q) => amountsIn(q.question_text).slice(0, 1)),
    ...((inputs.price_points as unknown[] | undefined) ?? []).filter((p): p is number => typeof p === "number"),
  ];
  // Only an established brand (a brand perception study's) is known to people; a concept's product name is new to all.
  const brandInput = typeof inputs.brand === "string" && inputs.brand.trim() !== "" ? inputs.brand : undefined;
  const study: Study = {
    seed,
    simulationId: simulation.id,
    topic,
    brand: brandInput?.trim() ?? null,
    competitors: Array.isArray(inputs.competitors)
      ? inputs.competitors.filter((c): c is string => typeof c === "string")
      : [],
    prices: amounts.length ? { min: Math.min(...amounts), max: Math.max(...amounts) } : null,
    items: itemsOf(planQuestions.map((q) => q.question_text)),
    stimulus: stimulusOf(inputs),
    reference: priceReference(stringInputs(inputs).join(" \n "), currencyIn(inputs, texts)),
    currency: currencyIn(inputs, texts) ?? currencyOf(models) ?? "GBP",
    respondentPrices: new Map(),
  };
  const respondents = segments.reduce((sum, s) => sum + s.respondents, 0);
  const results: SegmentResult[] = segments.map((s) => ({
    user_model_id: s.user_model_id,
    name: s.name,
    respondents: s.respondents,
  }));
  const answered: AnsweredQuestion[] = planQuestions.map((question, index) => {
    // Plans always carry their options (a plan edit without them is refused); a record stored before that rule is
    // answered on the options the question writer would have supplied.
    const options = question.answer_options?.length
      ? question.answer_options
      : readQuestion(question.question_text).options;
    const random = new Random(seed, "results", simulation.id, index);
    const counts = answerQuestion(
      random,
      { text: question.question_text, type: question.question_type },
      options,
      segments,
      study,
    );
    return { text: question.question_text, options, counts };
  });
  reconcile(answered, study.brand);
  const questions = planQuestions.map((question, index) => {
    const { counts: bySegment } = answered[index] as AnsweredQuestion;
    const options = [...(answered[index] as AnsweredQuestion).options];
    const overallCounts = options.map((_, i) => bySegment.reduce((sum, counts) => sum + (counts[i] as number), 0));
    const overall = distribution(options, overallCounts, respondents);
    const byUserModel: Record<string, Record<string, number>> = {};
    segments.forEach((segment, i) => {
      byUserModel[segment.user_model_id] = distribution(options, bySegment[i] as number[], segment.respondents);
    });
    return {
      variable_name: question.variable_name ?? `q${index + 1}`,
      question_text: question.question_text,
      question_type: question.question_type,
      answer_options: [...options],
      overall,
      by_user_model: byUserModel,
      insight: insightFor(question.question_text, question.question_type, options, overall, byUserModel, results),
    };
  });
  return { respondents, segments: results, questions };
}
