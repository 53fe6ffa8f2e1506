import { ageWeights, genderWeights } from "./profile-answers.js";
import { Random } from "./random.js";
import type { SegmentTraits } from "./segments.js";

/**
 * What a population is predicted to answer to a single-choice question (POST /v1/predictions and /v1/tests): first
 * what the population itself says about who it is (its age range, its country), then a few well-known base rates
 * (UK nations, UK voting intention, cloud market shares), and only for anything else a seeded guess. The guess
 * depends on the options as a set, never on their order, so the same question asked with the options reversed gets
 * the same answer.
 */

/** Options that real respondents pick rarely: they get a smaller share of the prediction. */
const RESIDUAL_OPTION =
  /^(don'?t know|do not know|not sure|unsure|no preference|none of (the|these)|other|another|something else|somewhere else|prefer not to say|prefer to self-describe|n\/a)\b/i;

type Shares = ReadonlyArray<readonly [pattern: RegExp, share: number]>;

/** Weights from a table of known shares; null unless at least two options are in the table. */
function fromShares(options: readonly string[], shares: Shares, rest: number): number[] | null {
  let known = 0;
  const weights = options.map((option) => {
    const found = shares.find(([pattern]) => pattern.test(option.trim()));
    if (found) known++;
    return found ? found[1] : rest;
  });
  return known >= 2 ? weights : null;
}

/** Where UK adults live (ONS mid-year estimates, rounded). */
const UK_NATIONS: Shares = [
  [/^england\b/i, 0.84],
  [/^scotland\b/i, 0.08],
  [/^wales\b/i, 0.047],
  [/^northern ireland\b/i, 0.028],
];

/** Great Britain voting intention, all adults (2025 polling averages, rounded); the SNP stands only in Scotland. */
const UK_PARTIES: Shares = [
  [/^reform\b/i, 0.22],
  [/^labour\b/i, 0.18],
  [/^conservative/i, 0.15],
  [/^lib(eral)? ?dem/i, 0.11],
  [/^green/i, 0.09],
  [/^(snp|scottish national)/i, 0.02],
  [/^plaid/i, 0.006],
  [/would not vote|wouldn'?t vote|not vote|don'?t know|undecided/i, 0.2],
];

/** Where companies run most of their production workloads (public cloud market shares, rounded). */
const CLOUD_PROVIDERS: Shares = [
  [/^(aws|amazon)/i, 0.42],
  [/^(microsoft )?azure\b/i, 0.3],
  [/^google/i, 0.12],
  [/^(oracle|ibm)/i, 0.03],
  [/on[- ]prem|own data ?cent|private cloud/i, 0.09],
];

/** Landline at home, by age: almost no one under 30, most people over 65. */
function landlineWeights(options: readonly string[], traits: SegmentTraits): number[] | null {
  const age = traits.age ?? 47;
  const yes = Math.min(0.85, Math.max(0.05, (age - 22) / 55));
  const hasYes = options.some((o) => /^yes\b/i.test(o.trim()));
  const hasNo = options.some((o) => /^no\b/i.test(o.trim()));
  if (!hasYes || !hasNo) return null;
  return options.map((o) => (/^yes\b/i.test(o.trim()) ? yes : /^no\b/i.test(o.trim()) ? 1 - yes : 0.01));
}

/** Weights from what the population is (its traits) and common knowledge; null when none of it applies. */
export function knownAnswerWeights(
  question: string,
  options: readonly string[],
  traits: SegmentTraits,
): number[] | null {
  const q = question.toLowerCase();
  if (/\b(gender|sex)\b|\bmale or female\b/.test(q)) {
    const weights = genderWeights(options);
    if (weights) return weights;
  }
  if (/\bhow old\b|\bage\b|\bage group\b/.test(q)) {
    const weights = ageWeights(options, traits);
    if (weights) return weights;
  }
  if (traits.country === "GB" && /\b(nation|part of the uk|country)\b/.test(q)) {
    const weights = fromShares(options, UK_NATIONS, 0.005);
    if (weights) return weights;
  }
  if (traits.country === "GB" && /\b(vote|party|election)\b/.test(q)) {
    const weights = fromShares(options, UK_PARTIES, 0.03);
    if (weights) return weights;
  }
  if (/\bcloud\b/.test(q)) {
    const weights = fromShares(options, CLOUD_PROVIDERS, 0.02);
    if (weights) return weights;
  }
  if (/\blandline\b/.test(q)) return landlineWeights(options, traits);
  return null;
}

/**
 * A seeded guess for questions nothing is known about: each option draws a Gamma(2) weight from a stream named
 * after its own text (a Dirichlet(2) over the options, so no option is near 0), the option with the highest lead
 * draw is favoured so the answer has a plausible lead, and "don't know"-style options are damped.
 */
export function guessedWeights(seed: number, populationId: string, question: string, options: readonly string[]) {
  let lead = -1;
  let leadDraw = -1;
  const weights = options.map((option, index) => {
    const random = new Random(seed, "prediction", populationId, question, option);
    const gamma2 = -Math.log(1 - random.next()) - Math.log(1 - random.next());
    const draw = random.next();
    if (draw > leadDraw) {
      leadDraw = draw;
      lead = index;
    }
    const weight = 0.2 + gamma2;
    return RESIDUAL_OPTION.test(option.trim()) ? weight * 0.3 : weight;
  });
  if (lead >= 0) weights[lead] = (weights[lead] as number) + 1 + leadDraw;
  return weights;
}
