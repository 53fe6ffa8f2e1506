import { sha256, uint32LE } from "../platform/sha256.js";
import { ageShare, isOfRole, namesBabies } from "./audience.js";
import type { BrandStanding } from "./brand-category.js";
import { type Measure, nameKey } from "./measures.js";
import { bandOf } from "./profile-answers.js";
import { DONT_KNOW_OPTION } from "./scales.js";
import type { ScaleShape, SegmentTraits, StudyTopic, Tendencies } from "./segments.js";
import { brandSize, familiarity } from "./segments.js";

/**
 * Simulated respondents, drawn once each from their user model, who answer every question of a study from that one
 * profile: who they are (age, gender, household, income), whether the thing studied concerns them at all, how much
 * they like it, how open and how sceptical they are, how they use answer scales, the most they would pay for it, which
 * brands they know and which they prefer, and their own taste for each message or feature. Every share a report prints
 * is counted from these people, so answers that must agree do, person by person: someone who never heard of a brand
 * cannot rate it, someone whose ceiling is below a price finds it too expensive and does not buy at it, and intent,
 * routine fit and willingness to pay move together because they read the same liking and need.
 *
 * Draws are keyed, not sequential: a person's value for a key (a fact, a question, an item) comes from a hash of the
 * person and the key, so the same person gives the same answer to the same thing however the questionnaire is ordered,
 * and the same seed and inputs give the same answers.
 */

// --- Keyed draws ---------------------------------------------------------------------------------------------------

/** FNV-1a of a string: a cheap 32-bit key for tags, items and questions (the person's own key is a SHA-256). */
export function hashKey(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A well-mixed 32-bit value of two keys (splitmix-style finaliser). */
function mix(a: number, b: number): number {
  let z = (a ^ Math.imul(b, 0x9e3779b1)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

const uniformOf = (key: number) => (mix(key, 0x27d4eb2d) + 0.5) / 4294967296;

/** A standard normal draw for a key (Box-Muller on two keyed uniforms). */
function normalOf(key: number): number {
  const u = uniformOf(key);
  const v = uniformOf(mix(key, 0x165667b1));
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * How much better known a rival the client names is than a brand of no list: the brands a client compares its own
 * with are the established ones of its market (Play and Orange for a Polish phone brand), known where it is fielded
 * as a market's own brands are, while the study's own brand (the first), if in no list, is the newer or smaller one.
 */
function rivalLift(brands: readonly string[], name: string, country: string | null): number {
  const at = brands.findIndex((b) => nameKey(b) === nameKey(name));
  return at > 0 && brandSize(name, country) === UNLISTED_SIZE ? RIVAL_SIZE - UNLISTED_SIZE : 0;
}
const UNLISTED_SIZE = -1.5;
/** How much less known a brand the brief calls new is than one of no list. */
const NEW_SHIFT = -0.9;
/** The share who have never heard of any one brand but a market's leader. */
const NEVER_HEARD = 0.05;
/** The share of people who pick none of the items or brands offered, whatever they think of the thing studied. */
const NONE_OF_THESE = 0.06;
const RIVAL_SIZE = 0.4;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

// --- The study as respondents see it ----------------------------------------------------------------------------------

export interface RespondentStudy {
  seed: number;
  simulationId: string;
  topic: StudyTopic;
  /** The brand a brand study is about, and the others it is compared with: every brand a question may name. */
  brands: readonly string[];
  /** The share of people who buy the brands' category at all (1 where no brands are studied). */
  categoryBuyers?: number;
  /** What the brief says of a brand (keyed by `nameKey`): new to its market, or its leader. */
  brandStanding?: ReadonlyMap<string, BrandStanding>;
  /** Stimuli of a set (messages, features, an item set's items), each with its own pull (logit units). */
  itemStrength: (item: string) => number;
  /** How well the study's own stimulus lands (logit units): the level of appeal, interest and intent. */
  level: number;
  /** How new the study's own idea says it is (logit units, `noveltyOf`): the level of "new and different". */
  novelty?: number;
  /** What people expect to pay, per unit of the prices asked; null when nothing says (then the ladder's middle). */
  reference: number | null;
  /** A question's own level (seeded, small): questions rating different things the same way differ a little. */
  questionLevel: (text: string) => number;
  /**
   * How far people's prices spread, 1 for a kind of product they know; less when nothing says what it should cost and
   * people read the ladder asked as the going rate (a ladder from £4.49 to £6.49 is read against itself).
   */
  anchoring: number;
}

export interface SegmentProfile {
  user_model_id: string;
  respondents: number;
  traits: SegmentTraits;
  tendencies: Tendencies;
  /** Per-segment latent offset: segments differ a little beyond what their traits explain. */
  offset: number;
  /** Share of the segment the thing studied concerns at all (pet owners for pet insurance, owners for a B2B tool). */
  incidence: number;
}

/** One simulated respondent: drawn once, consulted by every question. */
export class Respondent {
  readonly key: number;
  readonly segment: SegmentProfile;
  readonly age: number;
  /** 0 woman, 1 man, 2 in another way. */
  readonly gender: 0 | 1 | 2;
  /** -1 (little to spare) .. 1 (affluent), around the segment's. */
  readonly income: number;
  /** The thing studied concerns them at all. */
  readonly inMarket: boolean;
  /** How much they need what is studied (logit units); far below zero for people outside its market. */
  readonly need: number;
  readonly openness: number;
  readonly scepticism: number;
  /** How high on any scale they answer (acquiescence). */
  readonly scaleUse: number;
  /** How much they like the study's own stimulus, beyond need. */
  readonly liking: number;
  /** Contentment with how things are done today. */
  readonly content: number;
  /** The most they would pay for it, per unit of the prices asked (before a study has a price, in reference units). */
  readonly ceiling: number;
  /** Their ceiling over the going rate: above 1 for those who would pay more than most. */
  readonly ceilingRatio: number;
  readonly #study: RespondentStudy;
  #brands: Map<string, { aware: number; liking: number }> | undefined;

  /** `goingRate`: what the study's people would pay on average when nothing says what it costs (see `results.ts`). */
  constructor(study: RespondentStudy, segment: SegmentProfile, index: number, goingRate: number | null) {
    this.#study = study;
    this.segment = segment;
    this.key = mix(segmentKey(study, segment), index + 1);
    const t = segment.tendencies;
    const tr = segment.traits;
    const n = (tag: string) => normalOf(mix(this.key, hashKey(tag)));
    const { low, high } = tr.ages;
    this.age = drawAge(low, high, uniformOf(mix(this.key, hashKey("age"))));
    const g = uniformOf(mix(this.key, hashKey("gender")));
    // A panel its own words call women (or men) is all of them; otherwise panels' usual shares.
    const women = tr.sex === "female" ? 1 : tr.sex === "male" ? 0 : tr.business ? 0.3 : tr.grocery ? 0.62 : 0.51;
    this.gender = g < women ? 0 : tr.sex || g < 0.99 ? 1 : 2;
    this.income = clamp(tr.income + 0.45 * n("income"), -1.5, 1.5);
    this.inMarket = uniformOf(mix(this.key, hashKey("market"))) < segment.incidence;
    // People the thing concerns need it about as much in any user model; the segment's own lean moves them a little.
    const lean = t.relevance < -1 ? 0.2 : clamp(t.relevance, -0.8, 1.5);
    this.need = this.inMarket ? 0.35 + 0.6 * lean + 0.8 * n("need") : -2.4 + 0.5 * n("need");
    const youth = clamp((45 - this.age) / 20, -1, 1);
    this.openness =
      t.novelty + 0.25 * (youth - (tr.age === null ? 0 : clamp((45 - tr.age) / 20, -1, 1))) + 0.7 * n("openness");
    this.scepticism = t.scepticism + 0.6 * n("scepticism");
    this.scaleUse = t.acquiescence + 0.3 * n("scale-use");
    // People it does not concern hardly warm to it, whatever it is (a CNC tool for the general public).
    this.liking = this.inMarket
      ? study.level + segment.offset + 0.8 * n("liking")
      : 0.3 * study.level - 0.9 + segment.offset + 0.5 * n("liking");
    this.content = 0.5 * t.statusQuo + 0.9 * n("content");
    // Willingness to pay: the going rate for the segment, higher for the better-off and for those who need it, far
    // lower for people it does not concern.
    const centre = study.reference ?? goingRate ?? 1;
    const spread = study.reference === null ? 0.35 * study.anchoring : 0.4;
    this.ceilingRatio =
      Math.exp(
        0.3 * t.priceTolerance +
          // What a user model earns moves what its people would pay, not only who among them pays more.
          INCOME_WEIGHT * tr.income +
          0.15 * (this.income - tr.income) +
          0.15 * clamp(this.need, -1, 1.5) +
          0.2 * clamp(this.liking - study.level, -1.5, 1.5) +
          segment.offset +
          spread * n("ceiling"),
      ) * (this.inMarket ? 1 : 0.3);
    this.ceiling = centre * this.ceilingRatio;
  }

  /** A uniform draw of this person for a key: the same key always gives the same value. */
  uniform(key: number): number {
    return uniformOf(mix(this.key, key));
  }

  normal(key: number): number {
    return normalOf(mix(this.key, key));
  }

  /** Logistic noise of this person for a key: the spread of an ordered-logit answer. */
  logisticNoise(key: number): number {
    const u = this.uniform(key);
    return Math.log(u / (1 - u));
  }

  /** Their own taste for one stimulus (a message, a feature, an attribute), the same wherever it is asked. */
  taste(item: string): number {
    return this.normal(hashKey(`taste\u0000${item.trim().toLowerCase()}`));
  }

  /**
   * What they know of a brand, 0 (never heard of it) to 4 (know it very well), and how much they like it: drawn once
   * for every brand of the study, from how well known the brand is where they live.
   */
  brand(name: string): { aware: number; liking: number } {
    this.#brands ??= new Map();
    // One person knows one brand however a question shows its name (quoted when long).
    const key = nameKey(name);
    let found = this.#brands.get(key);
    if (!found) {
      const study = this.#study;
      const standing = study.brandStanding?.get(key);
      // A brand the brief calls new (just launched, small) is known by few even where it sells.
      const lift = rivalLift(study.brands, name, this.segment.traits.country) + (standing === "new" ? NEW_SHIFT : 0);
      const known =
        familiarity(study.seed, name, this.segment.traits, study.topic) +
        lift +
        0.75 * this.normal(hashKey(`aware\u0000${key}`));
      // Some people in any market have never heard of a brand, however big, unless the brief calls it the leader.
      const unaware = standing !== "leader" && this.uniform(hashKey(`never-heard\u0000${key}`)) < NEVER_HEARD;
      const aware = unaware || known < -0.9 ? 0 : known < -0.2 ? 1 : known < 0.6 ? 2 : known < 1.4 ? 3 : 4;
      const liking =
        0.35 * (brandSize(name, this.segment.traits.country) + lift) +
        0.25 * known +
        0.9 * this.normal(hashKey(`brand-liking\u0000${key}`)) +
        0.3 * clamp(this.need, -1, 1);
      found = { aware, liking };
      this.#brands.set(key, found);
    }
    return found;
  }

  /**
   * The brand they would pick first among those they know fairly well (a brand's funnel never widens after knowing
   * it), or null when none appeals enough.
   */
  preferred(brands: readonly string[]): string | null {
    // Someone who does not buy the category picks none of its brands; nor do a few who buy it.
    if (!this.buysCategory() || this.uniform(hashKey("no-brand")) < NONE_OF_THESE) return null;
    let best: string | null = null;
    let top = -Infinity;
    for (const b of brands) {
      const { aware, liking } = this.brand(b);
      if (aware < KNOWS_WELL) continue;
      const pull = liking + 0.3 * aware;
      if (pull > top) {
        top = pull;
        best = b;
      }
    }
    return best !== null && top > -1.2 + 0.8 * Math.min(0, this.need) ? best : null;
  }

  /** They buy the category the study's brands are in (olive oil, sunscreen): drawn once, with their market. */
  buysCategory(): boolean {
    return this.inMarket && this.uniform(hashKey("category-buyer")) < (this.#study.categoryBuyers ?? 1);
  }

  /** How much the thing studied draws them: need and liking together (logit units). */
  interest(): number {
    return 0.7 * this.need + 0.8 * this.liking + 0.3 * this.openness;
  }

  /**
   * Whether they would take it up, as one latent every question about doing so reads (intent at a price, using it,
   * how it would fit their routine, paying more for it): drawn once, so those answers move together person by person.
   */
  engagement(): number {
    this.#engagement ??= this.interest() + 0.6 * this.normal(hashKey("engagement"));
    return this.#engagement;
  }

  /** How appealing they find it, before any scale: the latent the appeal question reads, drawn once. */
  appeal(level: number): number {
    this.#appeal ??=
      level +
      0.55 * this.need +
      0.8 * this.liking +
      0.35 * this.openness -
      0.15 * this.scepticism +
      0.1 +
      this.scaleUse +
      0.75 * this.logisticNoise(hashKey("appeal"));
    return this.#appeal;
  }
  #engagement: number | undefined;
  #appeal: number | undefined;
}

/** How far a user model's income (-1 .. 1) moves its people's ceilings, in log units: low against high about 1.6 times. */
const INCOME_WEIGHT = 0.25;
/** The share of people to whom no low price says poor quality: they find none of the prices asked too cheap. */
const PRICE_SAYS_NOTHING = 0.08;

/** The key of a study's user model, a SHA-256 of the seed, simulation and model: each person's key mixes in its number. */
const segmentKeys = new Map<string, number>();
function segmentKey(study: RespondentStudy, segment: SegmentProfile): number {
  const name = `${study.seed}\u0000respondent\u0000${study.simulationId}\u0000${segment.user_model_id}`;
  let key = segmentKeys.get(name);
  if (key === undefined) {
    key = uint32LE(sha256(name));
    if (segmentKeys.size > 1000) segmentKeys.clear();
    segmentKeys.set(name, key);
  }
  return key;
}

/** Adults of each age are about equally many up to the mid-sixties, fewer from there on. */
function ageDensity(age: number): number {
  return age < 65 ? 1 : Math.max(0.15, 1 - (age - 65) / 24);
}

function drawAge(low: number, high: number, u: number): number {
  let total = 0;
  for (let a = low; a <= high; a++) total += ageDensity(a);
  let left = u * total;
  for (let a = low; a <= high; a++) {
    left -= ageDensity(a);
    if (left <= 0) return a;
  }
  return high;
}

// --- Incidence: whom the thing studied concerns ------------------------------------------------------------------------

/**
 * The share of a user model the thing studied concerns at all: a business tool concerns business buyers, not
 * consumers; nappies the few adults with a baby; pet insurance pet owners. Everything else concerns everyone.
 */
export function incidenceOf(topic: StudyTopic, traits: SegmentTraits, modelText: string): number {
  let share = 1;
  if (topic.b2b) share = Math.min(share, traits.business ? 0.92 : 0.05);
  // A user model whose own words state the study's concern ("Fahrradbesitzer", "parents of schoolchildren") is its market.
  const defined = topic.concern?.defines(modelText) === true;
  // A user model whose own words are the people it concerns (parents of babies, dog owners, drivers), in any of the
  // four languages `audience.ts` reads, is all but entirely its market.
  if (topic.babies) {
    const childbearing = traits.ages.low <= 40 && traits.ages.high >= 22;
    const parents = traits.parent ? 0.85 : childbearing ? (traits.ages.high <= 45 ? 0.14 : 0.08) : 0.02;
    share = Math.min(share, defined || namesBabies(modelText) ? 0.97 : parents);
  }
  if (topic.pets) {
    const owners =
      /\b(?:pet|dog|cat) (?:owners?|parents?|lovers?)\b|\bowners? of (?:a )?(?:pet|dog|cat)s?\b/i.test(modelText) ||
      isOfRole("pet owners", modelText);
    share = Math.min(share, defined || owners ? 0.97 : traits.country === "US" ? 0.62 : 0.52);
  }
  if (topic.drivers) {
    const drivers = isOfRole("drivers", modelText);
    share = Math.min(share, defined || drivers ? 0.97 : traits.ages.high <= 26 ? 0.45 : 0.72);
  }
  // Owners or users of a thing, people in a condition or of a role (`concern.ts`): the share of the model's market who
  // are, unless the model's own words say its people are them.
  if (topic.concern)
    share = Math.min(share, topic.concern.defines(modelText) ? 0.97 : topic.concern.incidence(traits.country));
  // An idea for some ages only ("for anyone aged 40 or over") concerns the part of the user model of those ages.
  if (topic.eligibleAges) share = Math.min(share, ageShare(traits.ages.low, traits.ages.high, topic.eligibleAges));
  return share;
}

// --- Answering ------------------------------------------------------------------------------------------------------

/** The engagement from which someone would take it up: below it, no "probably would", no paying more. */
const ENGAGED = -0.2;
/** The key of how firmly a person says no to taking something up, the same at every price and question. */
const FIRMNESS = hashKey("firmness");

/** An ordinal answer: the rank on a k-point scale of a latent value (cut points `gap` apart around 0). */
function rankOf(latent: number, k: number, gap: number): number {
  let rank = 0;
  for (let j = 1; j < k; j++) if (latent > (j - k / 2) * gap) rank = j;
  return rank;
}

export interface Question {
  text: string;
  type: string;
  options: readonly string[];
  measure: Measure;
  shape: ScaleShape;
  /** For a price question: each option's amount (NaN for a way out). */
  amounts?: readonly number[];
  /** For nominal questions: each option's pull for a segment (logit units), from what it says. */
  pull?: (option: string, segment: SegmentProfile) => number;
  /** For a profile question: each option's weight for a segment (null when the options cannot be read that way). */
  profile?: (segment: SegmentProfile, person: Respondent) => number[] | null;
  /** A key shared by questions asking the same fact (so "how many people live with you" is answered alike twice). */
  factKey?: string;
}

/** "Know it fairly well" on the familiarity scale (0 never heard of it … 4 know it very well). */
const KNOWS_WELL = 3;

const WAY_OUT =
  /^(?:none|nothing|don't know|do not know|not sure|no opinion|no preference|can't say|cannot say|prefer not|other|another|something else|n\/a)\b/i;
const DONT_KNOW = /^(?:don't know|do not know|not sure|no opinion|can't say|cannot say|haven't heard|never heard)\b/i;
const isDontKnow = (option: string) => DONT_KNOW.test(option.trim()) || DONT_KNOW_OPTION.test(option.trim());

/**
 * A brand for someone with no first choice made to pick one (a list too long for "None of these"): the one they like
 * most of those they have heard of, never the list's first for all of them, which would hand the client's brand
 * everyone who prefers none.
 */
function forcedBrand(person: Respondent, options: readonly string[], brandIndexes: readonly number[]): number {
  let best = brandIndexes[0] ?? 0;
  let top = -Infinity;
  for (const i of brandIndexes) {
    // A brand they have never heard of is no one's pick, while any is known.
    const { aware, liking } = person.brand(options[i] as string);
    const pull = aware === 0 ? liking - 100 : liking;
    if (pull > top) {
      top = pull;
      best = i;
    }
  }
  return best;
}

/** The option index for an ordinal rank on an ordered shape (rank 0 least favourable). */
const byRank = (shape: Extract<ScaleShape, { kind: "ordered" }>, rank: number) =>
  shape.order[clamp(rank, 0, shape.order.length - 1)] as number;

/**
 * One respondent's answer to one question (an option index). Each measure reads the parts of the profile it is
 * about; every answer adds the person's own noise for that question, so two people alike in every trait still differ.
 */
export function answer(person: Respondent, question: Question, study: RespondentStudy, asked: number): number {
  const { measure, shape, options } = question;
  // One question asked at several prices is one question to the person: the same level and noise at each, so only the
  // price moves the answer (intent never rises with the price).
  const atPrice = measure.kind === "scale" && measure.price !== null;
  const unpriced = atPrice ? question.text.replace(/\d[\d.,\s']*/g, "#") : question.text;
  const qKey = atPrice ? mix(hashKey(study.simulationId), hashKey(unpriced)) : asked;
  const noise = () => 0.75 * person.logisticNoise(qKey);
  const dontKnow = options.findIndex((o) => isDontKnow(o));
  const wayOut = options.findIndex((o) => WAY_OUT.test(o.trim()) || isDontKnow(o));
  const ordered = shape.kind === "ordered" ? shape : null;
  const k = ordered?.order.length ?? options.length;
  const level = study.questionLevel(unpriced);
  const scale = (mu: number, gap = 1.15) => {
    if (!ordered) return 0;
    // A few people on any scale say they do not know, when the scale lets them.
    if (dontKnow >= 0 && !ordered.order.includes(dontKnow) && person.uniform(mix(qKey, 7)) < 0.03) return dontKnow;
    return byRank(ordered, rankOf(mu + person.scaleUse + noise(), k, gap));
  };
  switch (measure.kind) {
    case "price":
      return priceAnswer(person, question, measure.which, study);
    case "profile":
      return profileAnswer(person, question, qKey);
    case "awareness": {
      if (!ordered) return 0;
      const aware = measure.brand ? person.brand(measure.brand).aware : clamp(Math.round(2 + person.need), 0, 4);
      return byRank(ordered, Math.round((aware * (k - 1)) / 4));
    }
    case "brandScale": {
      const { aware, liking } = person.brand(measure.brand);
      // Someone who has never heard of a brand cannot rate it: they say so, or take the scale's lowest point where
      // the scale is about themselves ("Would not consider it").
      if (aware === 0) {
        if (dontKnow >= 0) return dontKnow;
        if (measure.aspect === "consider" || measure.aspect === "recommend") return ordered ? byRank(ordered, 0) : 0;
        return wayOut >= 0 ? wayOut : ordered ? byRank(ordered, 0) : 0;
      }
      if (aware === 1 && dontKnow >= 0 && measure.aspect !== "consider" && person.uniform(mix(qKey, 11)) < 0.6)
        return dontKnow;
      if (measure.aspect === "consider" && ordered) {
        // "It would be my first choice" is the top of the scale: exactly those who would pick it first among the brands.
        const preferred = person.preferred(study.brands);
        const first = preferred !== null && nameKey(preferred) === nameKey(measure.brand);
        if (first) return byRank(ordered, k - 1);
        // The funnel narrows: only someone who knows a brand fairly well would probably or definitely consider it;
        // knowing the name or a little of it leaves it at "might".
        return byRank(
          ordered,
          Math.min(
            aware >= KNOWS_WELL ? k - 2 : k - 4,
            rankOf(level + 0.9 * liking + 0.3 * person.need - 0.3 + noise(), k - 1, 1.0),
          ),
        );
      }
      const attribute = measure.attribute ? 0.6 * person.taste(`${measure.brand}\u0000${measure.attribute}`) : 0;
      const aspect = measure.aspect === "trust" ? -0.5 * person.scepticism : measure.aspect === "value" ? -0.2 : 0;
      return scale(level + 0.8 * liking + 0.2 * aware + attribute + aspect - 0.4);
    }
    case "brandChoice": {
      const brandIndexes = options.flatMap((o, i) => (study.brands.some((b) => nameKey(b) === nameKey(o)) ? [i] : []));
      if (measure.attribute === null) {
        const first = person.preferred(study.brands);
        const at = first === null ? -1 : options.findIndex((o) => nameKey(o) === nameKey(first));
        return at >= 0 ? at : wayOut >= 0 ? wayOut : forcedBrand(person, options, brandIndexes);
      }
      // The brand they most associate with an attribute: among those they know beyond the name, the one it fits best
      // for them. People outside the category have no view of which of its brands an attribute fits.
      if (!person.buysCategory()) return wayOut >= 0 ? wayOut : (brandIndexes[0] ?? 0);
      let best = -1;
      let top = -Infinity;
      for (const i of brandIndexes) {
        const b = person.brand(options[i] as string);
        if (b.aware < 2) continue;
        const pull = 0.5 * b.liking + 0.8 * person.taste(`${options[i]}\u0000${measure.attribute}`) + 0.25 * b.aware;
        if (pull > top) {
          top = pull;
          best = i;
        }
      }
      return best >= 0 && top > -0.4 ? best : wayOut >= 0 ? wayOut : (brandIndexes[0] ?? 0);
    }
    case "itemChoice": {
      // Side by side, people pick by the same taste they rate each item with; the way out is for those the study does
      // not draw at all.
      const pick = (sign: 1 | -1) => {
        let best = measure.items[0] ?? 0;
        let top = -Infinity;
        for (const i of measure.items) {
          const item = options[i] as string;
          const pull =
            sign * (study.itemStrength(item) + 0.9 * person.taste(item)) +
            0.35 * person.logisticNoise(mix(qKey, hashKey(item)));
          if (pull > top) {
            top = pull;
            best = i;
          }
        }
        return best;
      };
      if (measure.aspect === "least") return pick(-1);
      const cold = person.interest() + 0.4 * person.normal(mix(qKey, 3)) < (measure.aspect === "premium" ? -0.6 : -1.6);
      // Some people want none of what is offered, however keen on the thing: a real panel never gives the way out 0%.
      const none = person.uniform(mix(qKey, 5)) < NONE_OF_THESE;
      if ((cold || none) && wayOut >= 0 && !measure.items.includes(wayOut)) return wayOut;
      return pick(1);
    }
    case "itemScale": {
      const item = measure.item;
      const own = study.itemStrength(item) + 0.9 * person.taste(item);
      switch (measure.aspect) {
        case "believability":
          return scale(level + 0.6 * own - 0.6 * person.scepticism + 0.1);
        case "clarity":
          return scale(level + 0.5 * own + 0.5);
        case "importance":
          return scale(level + own + 0.35 * person.need);
        default:
          return scale(level + own + 0.3 * person.need + 0.2 * person.liking - 0.2);
      }
    }
    case "scale":
      return scaleAnswer(
        person,
        question,
        measure.aspect,
        measure.price,
        measure.aspect === "uniqueness" ? level + (study.novelty ?? 0.3) : level,
        scale,
        ordered,
        qKey,
      );
    case "nominal":
      return nominalAnswer(person, question, qKey);
  }
}

/** A price this far under someone's ceiling (log units: a quarter) leaves them at least undecided about buying. */
const WELL_UNDER = Math.log(1.25);

function scaleAnswer(
  person: Respondent,
  question: Question,
  aspect: Extract<Measure, { kind: "scale" }>["aspect"],
  price: number | null,
  level: number,
  scale: (mu: number, gap?: number) => number,
  ordered: Extract<ScaleShape, { kind: "ordered" }> | null,
  qKey: number,
): number {
  const interest = person.interest();
  const engaged = person.engagement() >= ENGAGED;
  // What a price does to someone: nothing below their ceiling's reach, a pull down near it; above it they do not buy.
  const priced = price !== null && Number.isFinite(price) && price > 0;
  const headroom = priced ? Math.log(person.ceiling / (price as number)) : 0.4;
  const k = ordered?.order.length ?? 0;
  const middle = Math.floor((k - 1) / 2);
  /** A rank on the question's scale from the person's engagement, with a little noise of this question's own. */
  const fromEngagement = (shift: number) =>
    rankOf(level + 0.9 * person.engagement() + shift + person.scaleUse + 0.35 * person.logisticNoise(qKey), k, 1.15);
  switch (aspect) {
    case "appeal":
      if (!ordered) return 0;
      return byRank(ordered, rankOf(person.appeal(level), k, 1.15));
    case "uniqueness":
      // `level` carries how new the idea says it is (`RespondentStudy.novelty`).
      return scale(level + 0.45 * person.openness + 0.35 * person.liking);
    case "relevance":
      return scale(0.2 + 1.1 * person.need + 0.2 * person.liking);
    case "clarity":
      return scale(level + 0.3 * person.need + 0.25 * person.liking - 0.2 * person.scepticism + 0.6);
    case "believability":
    case "trust":
      return scale(level + 0.3 * person.liking + 0.15 * person.need - 0.7 * person.scepticism + 0.2);
    case "value":
      // Value for money at a price reads the same ceiling as buying at it.
      return scale(level + 0.9 * clamp(headroom, -2, 1.5) + 0.3 * person.liking + 0.1 * person.need);
    case "intent":
    case "use": {
      if (!ordered) return 0;
      // How firm a no is differs between people, the same at every price: some never say more than "probably not",
      // so no price or idea, however unwanted, is one answer for everyone.
      const soft = k >= 4 && person.scaleUse + 0.8 * person.logisticNoise(FIRMNESS) >= 0.5;
      // A lower price draws more people however far under their ceiling it is: intent keeps falling as price rises.
      const drawn = fromEngagement(0.5 * clamp(headroom, -1, 0.8) + 0.3 * clamp(headroom - 0.8, 0, 2) - 0.9);
      const rank = soft ? Math.max(drawn, 1) : drawn;
      // Above their ceiling nobody buys: one of the two lowest answers, never higher than at a lower price.
      if (priced && headroom < 0) return byRank(ordered, Math.min(rank, (headroom < -0.35 && !soft) || k < 4 ? 0 : 1));
      // Nobody who would not take it up, or who finds it unappealing, says they probably would.
      const unappealing = person.appeal(level) <= (2 - 5 / 2) * 1.15;
      const capped = !engaged || unappealing ? Math.min(rank, middle) : rank;
      // Someone who would pay well over the price (a quarter more) at least might buy at it.
      return byRank(ordered, priced && person.inMarket && headroom >= WELL_UNDER ? Math.max(capped, middle) : capped);
    }
    case "routine":
    case "fit": {
      if (!ordered) return 0;
      const rank = fromEngagement(-0.3);
      return byRank(ordered, engaged ? Math.max(rank, 1) : Math.min(rank, 1));
    }
    case "recommend":
      return scale(level + 0.7 * interest + 0.2 * person.liking - 0.2);
    case "payMore": {
      if (!ordered) return 0;
      // Only someone who would use it pays more for it; how much more follows their ceiling over the going rate.
      if (!engaged) return byRank(ordered, 0);
      const over = Math.log(person.ceilingRatio);
      return byRank(
        ordered,
        rankOf(0.5 * interest + 1.2 * over - 0.9 + 0.5 * person.logisticNoise(qKey), ordered.order.length, 1.0),
      );
    }
    case "act":
    case "likelihood": {
      if (!ordered) return 0;
      // Likely to use it or act on it: the same engagement, so whoever would pay more for it is at least undecided.
      const rank = fromEngagement(0.3 * person.openness - 0.1);
      return byRank(ordered, engaged ? Math.max(rank, middle) : Math.min(rank, middle));
    }
    case "satisfaction":
      return scale(0.25 + 0.8 * person.content + 0.1 * person.need);
    case "importance":
      return scale(0.5 + 0.6 * person.need + 0.35 * person.taste(question.text));
    case "agreement":
      return scale(0.1 + 0.7 * person.taste(question.text) + 0.2 * person.need);
    case "frequency":
      return scale(-0.2 + 0.8 * person.need + 0.4 * person.taste(question.text));
    case "involvement":
      return scale(0.2 + 0.6 * person.need + 0.2 * person.income);
    case "ease":
      return scale(0.4 + 0.3 * person.openness + 0.2 * person.need);
    default:
      return scale(level + 0.4 * interest + 0.2 * person.taste(question.text));
  }
}

/**
 * Price questions, from the person's one ceiling: "too expensive" from the cheapest asked price above it, "getting
 * expensive" from a little below it, "a bargain" and "too cheap" from fractions of it, and the most they would pay as
 * the dearest option at or under their own point between "getting expensive" and the ceiling. So the share that finds
 * a price too expensive is the share whose ceiling is below it, and no one buys at a price they call too expensive.
 */
/** Where "too cheap", "a bargain", "getting expensive" and the most they would pay sit, as fractions of a person's ceiling (too expensive). */
export const VW = { tooCheap: 0.32, bargain: 0.6, expensive: 0.84, most: 0.93 } as const;

function priceAnswer(
  person: Respondent,
  question: Question,
  which: "tooCheap" | "cheap" | "expensive" | "tooExpensive" | "most",
  study: RespondentStudy,
): number {
  const shape = question.shape;
  if (shape.kind !== "price") return 0;
  const ladder = shape.order.map((i) => ({ i, price: shape.amounts[i] as number }));
  const wayOut = question.options.findIndex((_o, i) => !shape.order.includes(i));
  const c = person.ceiling;
  // Each threshold a fraction of the ceiling, a little different for each person, always in this order; closer to the
  // ceiling when people read the ladder as the going rate.
  const a = study.anchoring;
  const f = (key: string, base: number) => base ** a * Math.exp(0.12 * a * person.normal(hashKey(`vw\u0000${key}`)));
  const tooCheap = c * Math.min(0.5 ** a, f("too-cheap", VW.tooCheap));
  const bargain = Math.max(tooCheap * 1.02, c * Math.min(0.8 ** a, f("bargain", VW.bargain)));
  const expensive = Math.max(bargain * 1.02, c * Math.min(0.97 ** a, f("expensive", VW.expensive)));
  const last = ladder[ladder.length - 1];
  const first = ladder[0];
  const atOrUnder = (limit: number) => {
    const under = ladder.filter((step) => step.price <= limit + 1e-9);
    return under.length > 0 ? (under[under.length - 1] as { i: number }).i : undefined;
  };
  switch (which) {
    case "tooExpensive":
      return ladder.find((step) => step.price > c + 1e-9)?.i ?? (wayOut >= 0 ? wayOut : (last?.i ?? 0));
    case "expensive":
      return ladder.find((step) => step.price >= expensive)?.i ?? (wayOut >= 0 ? wayOut : (last?.i ?? 0));
    case "cheap":
      return atOrUnder(bargain) ?? (wayOut >= 0 ? wayOut : (first?.i ?? 0));
    case "tooCheap":
      // A few never read a low price as poor quality, so no ladder is too cheap for everyone at its lowest price.
      if (wayOut >= 0 && person.uniform(hashKey("price-says-nothing")) < PRICE_SAYS_NOTHING) return wayOut;
      return atOrUnder(tooCheap) ?? (wayOut >= 0 ? wayOut : (first?.i ?? 0));
    default: {
      // The most they would pay is their own answer: somewhere from "getting expensive" up to just under their
      // ceiling, so it is never a price they call too expensive nor the step below it for everyone.
      const most = Math.min(0.99 * c, Math.max(expensive, c * f("most", VW.most)));
      return atOrUnder(most) ?? first?.i ?? 0;
    }
  }
}

/**
 * Who a person is: their age, gender and household from their profile; other facts (employment, how they heard of
 * something, money bands) from the weights their user model gives, drawn once per fact so a fact asked twice agrees.
 */
function profileAnswer(person: Respondent, question: Question, qKey: number): number {
  const options = question.options;
  const text = question.text.toLowerCase();
  if (/\bhow old\b|\byour age\b|\bage (?:group|band|range|bracket)\b|\byear (?:were you born|of birth)\b/.test(text)) {
    const at = options.findIndex((o) => {
      const band = bandOf(o);
      return band !== null && person.age >= band.low && person.age <= band.high;
    });
    if (at >= 0) return at;
  }
  if (/\bgender\b|\byour sex\b|\bare you (?:male|female|a man|a woman)\b/.test(text)) {
    const target =
      person.gender === 0
        ? /^(?:woman|women|female)\b/i
        : person.gender === 1
          ? /^(?:man|men|male)\b/i
          : /another|non[- ]binary|other|self/i;
    const at = options.findIndex((o) => target.test(o.trim()));
    if (at >= 0) return at;
  }
  const weights = question.profile?.(person.segment, person) ?? null;
  const u = person.uniform(hashKey(`fact\u0000${question.factKey ?? question.text}`));
  if (weights) return pickByWeight(weights, u);
  // People know whether they have a contract or voted: "Not sure" or "Prefer not to say" is the answer of a few.
  const wayOuts = options.flatMap((o, i) => (isDontKnow(o) ? [i] : []));
  if (wayOuts.length > 0 && wayOuts.length < options.length) {
    if (u < 0.04) return wayOuts[0] as number;
    return nominalAnswer(person, question, qKey, new Set(wayOuts));
  }
  return nominalAnswer(person, question, qKey);
}

function pickByWeight(weights: readonly number[], u: number): number {
  const total = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (total <= 0) return 0;
  let left = u * total;
  for (let i = 0; i < weights.length; i++) {
    left -= Math.max(0, weights[i] as number);
    if (left <= 0 && (weights[i] as number) > 0) return i;
  }
  return weights.findLastIndex((w) => w > 0);
}

/** A choice among options that are no scale: each option's pull for the segment plus the person's own taste for it. */
function nominalAnswer(person: Respondent, question: Question, qKey: number, skip?: ReadonlySet<number>): number {
  let best = 0;
  let top = -Infinity;
  question.options.forEach((option, i) => {
    if (skip?.has(i)) return;
    const pull =
      (question.pull?.(option, person.segment) ?? 0) +
      0.6 * person.taste(option) +
      person.logisticNoise(mix(qKey, hashKey(option)));
    if (pull > top) {
      top = pull;
      best = i;
    }
  });
  return best;
}
