import { isPluralName } from "./audience.js";
import { brandCategoryOf, brandNameOf, brandStandingOf, NEUTRAL_BUYERS } from "./brand-category.js";
import { AUDIENCE, DOES_BEHAVIOUR, panelText, SCREENER } from "./concern.js";
import { compare, withinMargin } from "./evidence.js";
import type { Plan, Simulation, UserModel } from "./inputs.js";
import { measureOf, nameKey } from "./measures.js";
import { amountIn, currencyCode, currencyIn, moneyPattern, moneyStyle } from "./money.js";
import { plausibleRange, rangeWeights } from "./plausible-ranges.js";
import { anchoredReference, ladderGoingRate, priceReference } from "./price-reference.js";
import {
  ageWeights,
  bandOf,
  countryWeights,
  countWeights,
  genderWeights,
  householdShares,
  profileWeights,
  yesNoWeights,
} from "./profile-answers.js";
import { countryCodeOf, hasFavourableEnd, kindOf, readQuestion } from "./question-kinds.js";
import { namedAnswers, namedSubject } from "./question-subjects.js";
import { Random } from "./random.js";
import {
  answer,
  hashKey,
  incidenceOf,
  type Question,
  Respondent,
  type RespondentStudy,
  type SegmentProfile,
} from "./respondents.js";
import {
  favourableLabel,
  favourableOptions,
  priceLadder,
  type SegmentTraits,
  type StudyTopic,
  shapeOf,
  type Tendencies,
  tendenciesOf,
  topicOf,
  traitsOf,
  youthOf,
} from "./segments.js";
import { contentStrength, noveltyOf } from "./stimulus-strength.js";

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
  goal?: string,
): number[] {
  const random = new Random(seed, "sample", simulationId);
  // A conversion funnel is measured on traffic: thousands of visitors, so a rate of 1% is a few dozen conversions.
  if (goal === "conversion_funnel") return Array.from({ length: models }, () => random.int(10, 30) * 100);
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

export interface Segment extends SegmentResult, SegmentProfile {
  traits: SegmentTraits;
  tendencies: Tendencies;
}

/** The quoted stimuli that are items of a set: quoted in questions that read the same once the quote is taken out. */
function itemsOf(texts: readonly string[]): string[] {
  const byTemplate = new Map<string, string[]>();
  for (const text of texts) {
    const quoted = /"([^"]+)"/.exec(text)?.[1];
    const cut = text.lastIndexOf(": ");
    const item =
      quoted ??
      (cut > 0
        ? text
            .slice(cut + 2)
            .replace(/\?$/, "")
            .trim()
        : undefined);
    if (!item) continue;
    const template = quoted ? text.replace(quoted, "\u2026") : text.slice(0, cut);
    byTemplate.set(template, [...(byTemplate.get(template) ?? []), item]);
  }
  return [...byTemplate.values()].filter((quotes) => quotes.length >= 2).flat();
}

const ESCAPE =
  /^(none|neither|nothing|other|another|something else|don't know|not sure|no preference|no opinion|prefer not|any price)\b/i;

/**
 * How strongly a segment is drawn to one option of a list (logit units): what the option says about price, quality
 * or convenience against who the segment is, a seeded pull of the option's own, and less of the way out for people the
 * study concerns.
 */
function pullOf(option: string, segment: SegmentProfile, seed: number): number {
  const t = segment.tendencies;
  const traits = segment.traits;
  const o = option.toLowerCase();
  let value = 0.5 * new Random(seed, "option-strength", o).normal();
  if (/price|cheap|cost|afford|expensive|sav(e|ing)|discount|deal|value|fees?\b|pay\b/.test(o))
    value += 0.9 * traits.priceSensitivity;
  if (/quality|premium|craft|best|durab/.test(o)) value += 0.5 * traits.income;
  if (/convenien|fast|quick|easy|time|\bapp\b|online|deliver|mobile/.test(o))
    value += 0.4 * youthOf(traits) + 0.3 * traits.tech + 0.3 * traits.urban;
  if (/trust|reliab|safe|secur|support|service/.test(o)) value += 0.3 * t.scepticism - 0.2 * youthOf(traits);
  if (ESCAPE.test(option)) value += -0.9 - 0.4 * t.novelty - 0.4 * Math.max(-1, t.relevance) + 0.3 * t.scepticism;
  // Who decides or does something at home: mostly the respondent, or together; rarely someone else alone.
  if (/^(me|myself|i do|just me|mostly me)\b/.test(o)) value += 0.9;
  else if (/\b(together|jointly|both of us|shared)\b/.test(o)) value += 0.6;
  else if (/^(someone else|another person|somebody else)\b/.test(o)) value -= 1;
  return value;
}

const LIST_COUNTRIES = ["GB", "US", "DE"] as const;

/**
 * When a question lists one country's names (mobile networks, banks) and the segment lives in another country that
 * has names of its own, its people cannot pick those names: nearly all take the way out ("Another network"). Null
 * when the options are not such a list, or are the segment's own country's.
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

/** The traits of one person: the segment's, at the person's own age. */
function personTraits(person: Respondent): SegmentTraits {
  return { ...person.segment.traits, age: person.age, ages: { low: person.age, high: person.age } };
}

/** How many live in the person's household, drawn once (the same draw answers every question that depends on it). */
function householdOf(person: Respondent): number {
  const shares = householdShares(person.age);
  const u = person.uniform(hashKey("fact\u0000household"));
  let left = u;
  for (let i = 0; i < shares.length; i++) {
    left -= shares[i] as number;
    if (left <= 0) return i + 1;
  }
  return shares.length;
}

/**
 * The weights a person's user model gives the options of a question about who they are or what they have, at the
 * person's own age; null when the options cannot be read that way.
 */
function profileWeightsFor(text: string, options: readonly string[], study: Study) {
  const kind = kindOf(text);
  const range =
    kind === "money_band" || kind === "count" || kind === "duration" ? plausibleRange(text, study.currency) : null;
  const known = new Map<string, number[] | null>();
  // People of one user model, age and household answer a fact alike: their weights are worked out once.
  return (segment: SegmentProfile, person: Respondent): number[] | null => {
    const key = `${segment.user_model_id}|${person.age}|${householdOf(person)}|${Math.round(person.income * 4)}|${Math.round(Math.max(-1.5, person.need) * 4)}`;
    if (known.has(key)) return known.get(key) ?? null;
    const weights = weightsFor(segment, person);
    known.set(key, weights);
    return weights;
  };
  function weightsFor(segment: SegmentProfile, person: Respondent): number[] | null {
    const traits = personTraits(person);
    const abroad = foreignListWeights(text, options, traits.country);
    if (abroad) return abroad;
    if (/^who\b/i.test(text.trim()) && householdOf(person) === 1) {
      const me = options.findIndex((o) => /^(me|myself|i do|just me|mostly me)\b/i.test(o.trim()));
      if (me >= 0) return options.map((_o, i) => (i === me ? 1 : 0));
    }
    if (/\bhow many people\b.*\b(live|household|home)\b|\bhousehold size\b/i.test(text)) {
      const size = householdOf(person);
      const at = options.findIndex((o) => {
        const band = bandOf(o);
        return band !== null && size >= band.low && size <= band.high;
      });
      if (at >= 0) return options.map((_o, i) => (i === at ? 1 : 0));
    }
    if (range && !/\bmost you would pay\b/i.test(text)) {
      const t = segment.tendencies;
      const lean =
        range.unit === "money"
          ? /\bincome\b|\bsalary\b|\bearn/i.test(text)
            ? 1.6 * person.income
            : /\bpay\b|\bpaid\b|\bcost\b/i.test(text)
              ? 0.6 * t.priceTolerance + 0.3 * (person.income - segment.traits.income)
              : 0.4 * person.income + 0.2 * Math.min(1, Math.max(-1, person.need))
          : range.unit === "hours"
            ? 0.6 * t.novelty
            : 0;
      const weights = rangeWeights(range, options, lean);
      if (weights) return weights;
    }
    const profile = profileWeights(text, options, traits);
    if (profile) return profile;
    if (kind === "age_band") return ageWeights(options, traits);
    if (kind === "gender") return genderWeights(options);
    if (kind === "fact") return countryWeights(options, traits, countryCodeOf);
    if (kind === "yes_no") {
      const yes = strengthOf(study, text) * 2 + 0.5 * Math.max(-1.5, person.need);
      return yesNoWeights(options, yes);
    }
    if (kind === "count") return countWeights(text, options, traits, 0.5 * Math.max(-1.5, person.need));
    return null;
  }
}

interface Study {
  seed: number;
  simulationId: string;
  topic: StudyTopic;
  brands: string[];
  items: string[];
  stimulus: string;
  reference: number | null;
  currency: string;
}

/**
 * An option's or a yes/no fact's own strength, the same in every run of the study: for stimuli (messages, features)
 * mostly what the words say, for anything else a seeded pull of its own.
 */
function strengthOf(study: Study, text: string): number {
  const seeded = new Random(study.seed, "option-strength", text.toLowerCase()).normal();
  return study.items.some((item) => item.toLowerCase() === text.toLowerCase())
    ? 0.9 * contentStrength(text) + 0.15 * seeded
    : 0.55 * seeded;
}

/**
 * The question's own insight: its top-two box or its leading answer, and where user models differ. Every comparison
 * goes through `compare`, so an insight never names a "most favourable" user model, or a leader, the sample cannot
 * tell apart from the others.
 */
function insightFor(
  text: string,
  type: string,
  options: string[],
  overall: Record<string, number>,
  byUserModel: Record<string, Record<string, number>>,
  segments: SegmentResult[],
  respondents: number,
): string {
  const favourable = hasFavourableEnd(text, type, options) ? favourableOptions(options) : [];
  const ranked = [...options].sort((a, b) => (overall[b] ?? 0) - (overall[a] ?? 0));
  const top = ranked[0] as string;
  const second = ranked[1];
  const parts: string[] = [];
  const n = (s: SegmentResult) => s.respondents;
  if (favourable.length > 0) {
    const label = favourableLabel(options);
    parts.push(
      `${label.charAt(0).toUpperCase()}${label.slice(1)} (${favourable.map((o) => `"${o}"`).join(" or ")}) ${percent(shareOf(overall, favourable))}; the most common answer is "${top}" (${percent(overall[top] ?? 0)}).`,
    );
    if (segments.length > 1) {
      const shares = segments
        .map((s) => ({ s, share: shareOf(byUserModel[s.user_model_id] ?? {}, favourable) }))
        .sort((a, b) => b.share - a.share);
      const high = shares[0] as { s: SegmentResult; share: number };
      const low = shares[shares.length - 1] as { s: SegmentResult; share: number };
      const gap = compare(high.share, low.share, { kind: "two samples", a: n(high.s), b: n(low.s) });
      parts.push(
        gap.call === "lead"
          ? `${high.s.name} ${verb(high.s.name, "are", "is")} more favourable (${percent(high.share)}) than ${low.s.name} (${percent(low.share)}).`
          : `The user models do not differ beyond the margin of error (${percent(low.share)} to ${percent(high.share)}).`,
      );
    }
  } else if (priceLadder(options).length >= 2 && type !== "ranking") {
    parts.push(priceInsight(options, overall));
  } else {
    const noun = type === "open_text" ? "given" : type === "ranking" ? "ranked first" : "chosen";
    const lead = second
      ? compare(overall[top] ?? 0, overall[second] ?? 0, { kind: "one question", n: respondents })
      : undefined;
    parts.push(
      !second
        ? `"${top}" is ${noun} by ${percent(overall[top] ?? 0)}.`
        : lead?.call === "lead"
          ? `"${top}" is ${noun} most often (${percent(overall[top] ?? 0)}), ahead of "${second}" (${percent(overall[second] ?? 0)}).`
          : `"${top}" (${percent(overall[top] ?? 0)}) and "${second}" (${percent(overall[second] ?? 0)}) are ${noun} about as often: the gap is ${withinMargin(lead ?? { margin: 0 })}.`,
    );
  }
  return parts.join(" ");
}

/**
 * A question answered with prices has no leader: its answers are points on one scale. Where the middle answer lies,
 * and how many name no price at all, is what a reader can use.
 */
function priceInsight(options: readonly string[], overall: Record<string, number>): string {
  const ladder = priceLadder(options);
  const named = ladder.reduce((sum, x) => sum + (overall[x.option] ?? 0), 0);
  const others = options
    .filter((o) => !ladder.some((x) => x.option === o) && (overall[o] ?? 0) > 0)
    .map((o) => `"${o}" ${percent(overall[o] ?? 0)}`);
  const rest = others.length > 0 ? `; ${others.join(", ")}` : "";
  if (named === 0) return `No one names a price${rest}.`;
  let cumulative = 0;
  const middle =
    ladder.find((x) => {
      cumulative += overall[x.option] ?? 0;
      return cumulative >= named / 2 - 1e-9;
    }) ?? ladder[0];
  // "The middle answer", not "half name X or less": X may itself be open ("Less than R 249", "23 500 CZK or more").
  return `${percent(named)} name a price; the middle answer among them is "${middle?.option}"${rest}.`;
}

/** "are" for a plural name ("UK adults"), "is" for a singular one ("Weeknight's customer panel"). */
const verb = (name: string, plural: string, singular: string) => (isPluralName(name) ? plural : singular);

/**
 * Where a study is set when neither its currency nor its prices say: the country most of its user models are from
 * (people study a brand or product where it is sold), the first such model's on a tie.
 */
function withHomeMarket(topic: StudyTopic, models: UserModel[]): StudyTopic {
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

/** The inputs' strings, each read for its first few thousand letters (a long pasted field says what it is early). */
export function stringInputs(inputs: Record<string, unknown>): string[] {
  return Object.values(inputs)
    .flatMap((v) =>
      typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [],
    )
    .map((v) => v.slice(0, 4_000));
}

/**
 * The inputs that say what is priced (the product, the concept, its name), or every text input when none does: the
 * going price is read from what is sold, not from the notes or objective around it.
 */
function pricedTexts(inputs: Record<string, unknown>): string[] {
  const named = ["product", "concept", "product_name"].flatMap((key) => {
    const value = inputs[key];
    return typeof value === "string" ? [value.slice(0, 4_000)] : [];
  });
  return named.length ? named : stringInputs(inputs);
}

/** Segments with their traits, tendencies and incidence; the sizes come from `sampleSizes`, so progress agrees. */
export function segmentsOf(
  simulationId: string,
  mode: "research" | "journey",
  models: UserModel[],
  topic: StudyTopic,
  seed: number,
  goal?: string,
): Segment[] {
  const sizes = sampleSizes(simulationId, mode, models.length, seed, goal);
  return models.map((model, i) => {
    const traits = traitsOf(model);
    return {
      user_model_id: model.id,
      name: model.name,
      respondents: sizes[i] as number,
      traits,
      tendencies: tendenciesOf(traits, topic),
      offset: new Random(seed, "segment-offset", model.id).normal() * 0.1,
      incidence: incidenceOf(topic, traits, panelText(model)),
    };
  });
}

/**
 * A screening question's "Yes" and "No" options, and whether "No" qualifies (a question that presumes people do not do
 * something is put to those who do not); undefined for any other question.
 */
function screenerOf(
  name: string | null | undefined,
  options: readonly string[],
): { yes: number; no: number; not: boolean } | undefined {
  if (typeof name !== "string" || !name.startsWith(SCREENER)) return undefined;
  // An audience screener asks which describes them: the audience first, the way out last.
  if (name === `${SCREENER}_${AUDIENCE}`)
    return options.length >= 2 ? { yes: 0, no: options.length - 1, not: false } : undefined;
  const yes = options.findIndex((o) => /^yes\b/i.test(o.trim()));
  const no = options.findIndex((o) => /^no\b/i.test(o.trim()));
  return yes >= 0 && no >= 0 ? { yes, no, not: name === `${SCREENER}_not` } : undefined;
}

/** The study's currency: its `currency` input, else the one its prices are written in, else its people's. */
function currencyOfStudy(inputs: Record<string, unknown>, texts: readonly string[], models: UserModel[]) {
  const countries = models.map((m) => traitsOf(m).country);
  const given = currencyCode(inputs.currency);
  if (given) return given;
  const people = moneyStyle(undefined, countries).currency;
  for (const text of texts) {
    const match = moneyPattern().exec(text);
    const named = match ? currencyIn(match[0], people) : undefined;
    if (named) return named;
  }
  return countries.some((c) => c !== null) ? people : "GBP";
}

/** The locale a study writes money in: English as written where its people live (see `money.ts`). */
/** The currency a study's money is in: its input, else its people's (see `money.ts`). */
export function studyCurrency(inputs: Record<string, unknown>, models: UserModel[]): string {
  return moneyStyle(
    currencyCode(inputs.currency),
    models.map((m) => traitsOf(m).country),
  ).currency;
}

export function studyLocale(inputs: Record<string, unknown>, models: UserModel[]): string {
  return moneyStyle(
    currencyCode(inputs.currency),
    models.map((m) => traitsOf(m).country),
  ).locale;
}

export function researchResults(
  simulation: Pick<Simulation, "id"> & Partial<Pick<Simulation, "inputs" | "survey_design">>,
  plan: Plan,
  models: UserModel[],
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
  const topic = withHomeMarket(topicOf(texts, inputs, models), models);
  const segments = segmentsOf(simulation.id, "research", models, topic, seed);
  const currency = currencyOfStudy(
    inputs,
    planQuestions.map((q) => q.question_text),
    models,
  );
  const priceIn = (text: string) => {
    const match = moneyPattern().exec(text);
    return match ? amountIn(match[0]) : null;
  };
  const amounts = [
    ...planQuestions.flatMap((q) => {
      // A price the question asks at, not one the quoted product description holds (a cover sum, a deposit).
      const price = priceIn(q.question_text.replace(/"[^"]*(?:"|$)/gu, ""));
      return price === null ? [] : [price];
    }),
    ...planQuestions.flatMap((q) => {
      const shape = shapeOf(q.answer_options ?? []);
      return shape.kind === "price" ? shape.order.map((i) => shape.amounts[i] as number) : [];
    }),
    ...((inputs.price_points as unknown[] | undefined) ?? []).filter(
      (p): p is number => typeof p === "number" && Number.isFinite(p) && p > 0,
    ),
  ];
  // The brand as the plan names it: "Kritsa Gold", not the category and claims written after it (brand-category.ts).
  const named = typeof inputs.brand === "string" && inputs.brand.trim() !== "" ? brandNameOf(inputs.brand) : undefined;
  // Spelled as the plan's options spell it ("Kiwi Merino Co." is offered as "Kiwi Merino Co"), so its answers are its own.
  const loose = (name: string) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[.!?,;:]+$/u, "");
  const brandInput =
    named &&
    (planQuestions.flatMap((q) => q.answer_options ?? []).find((o) => loose(o) === loose(named) && o.trim() !== "") ??
      named);
  const competitors = Array.isArray(inputs.competitors)
    ? inputs.competitors.filter((c): c is string => typeof c === "string" && c.trim() !== "").map((c) => c.trim())
    : [];
  const brands = brandInput ? [brandInput, ...competitors] : [];
  // Brands a plan lists beside the study's own (the context's competitors) are brands too.
  if (brandInput)
    for (const q of planQuestions)
      if ((q.answer_options ?? []).some((o) => o.trim().toLowerCase() === brandInput.toLowerCase()))
        for (const o of q.answer_options ?? [])
          if (!ESCAPE.test(o) && !brands.some((b) => b.toLowerCase() === o.trim().toLowerCase())) brands.push(o.trim());
  const listed = (key: string) =>
    Array.isArray(inputs[key]) ? (inputs[key] as unknown[]).filter((v): v is string => typeof v === "string") : [];
  const designItems = (simulation.survey_design?.item_sets ?? []).flatMap((set) => set.items);
  const items = [
    ...new Set([
      ...listed("messages"),
      ...listed("features"),
      ...designItems,
      ...itemsOf(planQuestions.map((q) => q.question_text)),
    ]),
  ].map((i) => i.trim());
  const study: Study = {
    seed,
    simulationId: simulation.id,
    topic,
    brands,
    items,
    stimulus: stimulusOf(inputs),
    reference: priceReference(pricedTexts(inputs), currency),
    currency,
  };
  const own =
    0.25 + 0.5 * contentStrength(study.stimulus) + new Random(seed, "study-level", study.stimulus).normal() * 0.15;
  // Every person asks for the same few strengths and levels: each is worked out once per study.
  const remembered = <T>(make: (key: string) => T) => {
    const known = new Map<string, T>();
    return (key: string) => {
      let found = known.get(key);
      if (found === undefined) {
        found = make(key);
        known.set(key, found);
      }
      return found;
    };
  };
  const respondentStudy: RespondentStudy = {
    seed,
    simulationId: simulation.id,
    topic,
    brands,
    // Who buys the brands' category at all: the rest pick none of them. The plan's own words name it in English.
    categoryBuyers:
      brands.length > 0
        ? (brandCategoryOf([...stringInputs(inputs), ...planQuestions.map((q) => q.question_text)])?.buyers ??
          NEUTRAL_BUYERS)
        : 1,
    // What the brief says of a brand's standing (new, the market's leader) sets how widely it is known.
    brandStanding: brands.length > 0 ? brandStandingOf(brands, stringInputs(inputs), nameKey) : undefined,
    itemStrength: remembered((item) => strengthOf(study, item)),
    level: own,
    novelty: noveltyOf(study.stimulus),
    reference: anchoredReference(study.reference, amounts),
    anchoring:
      study.reference === null && amounts.length && Math.max(...amounts) > Math.min(...amounts)
        ? Math.min(1, Math.max(0.15, Math.log(Math.max(...amounts) / Math.min(...amounts)) / 1.6))
        : 1,
    questionLevel: remembered((text) => {
      const quoted = /"([^"]+)"/.exec(text)?.[1];
      const cut = text.lastIndexOf(": ");
      const template = quoted ? text.replace(quoted, "\u2026") : cut > 0 ? text.slice(0, cut) : text;
      // Keyed on the question's words only: the punctuation around a quoted description ('"…". How' or '"….' How')
      // is not a different question, and moved a whole study's appeal by a third.
      const words = template
        .toLowerCase()
        .replace(/[^\p{L}\u2026]+/gu, " ")
        .trim();
      return new Random(seed, "question-level", words).normal() * 0.25;
    }),
  };
  const pulls = new Map<string, number>();
  const pull = (option: string, segment: SegmentProfile) => {
    const key = `${segment.user_model_id}\u0000${option}`;
    let found = pulls.get(key);
    if (found === undefined) {
      found = pullOf(option, segment, seed);
      pulls.set(key, found);
    }
    return found;
  };
  // With no kind of product to go by, people read the prices asked as the going rate.
  const goingRate = ladderGoingRate(amounts, respondentStudy.anchoring);
  const people = segments.map((segment) =>
    Array.from({ length: segment.respondents }, (_v, i) => new Respondent(respondentStudy, segment, i, goingRate)),
  );
  const respondents = segments.reduce((sum, s) => sum + s.respondents, 0);
  const results: SegmentResult[] = segments.map((s) => ({
    user_model_id: s.user_model_id,
    name: s.name,
    respondents: s.respondents,
  }));
  const context = { brands, items, priceIn };
  // Who is still asked: a screening question (`concern.ts`) leaves out those who do not qualify, and they answer
  // nothing further, so every later share is of those who qualified.
  const asking = people.map((group) => group.map(() => true));
  const questions = planQuestions.map((question, index) => {
    // Plans always carry their options (a plan edit without them is refused); a record stored before that rule is
    // answered on the options the question writer would have supplied.
    const options = question.answer_options?.length
      ? [...question.answer_options]
      : readQuestion(question.question_text).options;
    const { measure, shape } = measureOf(
      { text: question.question_text, type: question.question_type, options },
      context,
    );
    const asked: Question = {
      text: question.question_text,
      type: question.question_type,
      options,
      measure,
      shape,
      pull,
      profile: profileWeightsFor(question.question_text, options, study),
      factKey: kindOf(question.question_text) === "fact" ? question.question_text.trim().toLowerCase() : undefined,
    };
    const qKey = hashKey(`${simulation.id}\u0000${index}\u0000${question.question_text}`);
    const screening = screenerOf(question.variable_name, options);
    const bySegment = people.map((group, g) => {
      const counts = new Array<number>(options.length).fill(0);
      const still = asking[g] as boolean[];
      group.forEach((person, p) => {
        if (!still[p]) return;
        let at: number;
        if (screening) {
          const yes = screening.not
            ? person.uniform(hashKey(`does\u0000${question.question_text}`)) < DOES_BEHAVIOUR
            : person.inMarket;
          at = yes ? screening.yes : screening.no;
          still[p] = yes !== screening.not;
        } else at = answer(person, asked, respondentStudy, qKey);
        counts[at] = (counts[at] as number) + 1;
      });
      return counts;
    });
    const bases = bySegment.map((counts) => counts.reduce((a, b) => a + b, 0));
    const overallCounts = options.map((_, i) => bySegment.reduce((sum, counts) => sum + (counts[i] as number), 0));
    const answered = bases.reduce((a, b) => a + b, 0);
    const overall = distribution(options, overallCounts, answered);
    const byUserModel: Record<string, Record<string, number>> = {};
    segments.forEach((segment, i) => {
      byUserModel[segment.user_model_id] = distribution(options, bySegment[i] as number[], bases[i] as number);
    });
    return {
      variable_name: question.variable_name ?? `q${index + 1}`,
      question_text: question.question_text,
      question_type: question.question_type,
      answer_options: [...options],
      overall,
      by_user_model: byUserModel,
      insight: insightFor(
        question.question_text,
        question.question_type,
        options,
        overall,
        byUserModel,
        results.map((r, i) => ({ ...r, respondents: bases[i] as number })).filter((r) => r.respondents > 0),
        answered,
      ),
    };
  });
  return { respondents, segments: results, questions };
}
