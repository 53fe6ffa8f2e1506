/**
 * What the numbers support. Every comparison a report, synthesis or insight states (a lead, a winner, a difference
 * between user models, a verdict against a threshold, a "strongest point") is decided here, with the sample sizes and
 * the 95% margin of error, and comes back as a lead, a tie (level on the printed figure) or too close to call; the
 * wording follows the call, so no report calls a winner the sample cannot tell apart.
 */

export type Call = "lead" | "tie" | "too close";

export interface Comparison {
  call: Call;
  /** a − b in percentage points, as printed (each share rounded to one decimal first). */
  gap: number;
  /** The 95% margin of error of the gap, in percentage points. */
  margin: number;
}

/**
 * How two shares were measured: options of one question on one sample (one's gain is the other's loss), two
 * questions on one sample (each item rated on its own), or two samples (user models, independent of each other).
 */
export type Sampling =
  | { kind: "one question"; n: number }
  | { kind: "two questions"; n: number }
  | { kind: "two samples"; a: number; b: number };

/** A share as printed: percentage points to one decimal. */
export const printed = (share: number) => Number((share * 100).toFixed(1));

const Z = 1.96;

/** The margin of error of a − b, in points. Shares are fractions in [0, 1]. */
export function gapMargin(a: number, b: number, sampling: Sampling): number {
  const p = Math.min(1, Math.max(0, a));
  const q = Math.min(1, Math.max(0, b));
  let variance: number;
  if (sampling.kind === "one question") variance = (p + q - (p - q) ** 2) / Math.max(sampling.n, 1);
  else if (sampling.kind === "two questions") variance = (p * (1 - p) + q * (1 - q)) / Math.max(sampling.n, 1);
  else variance = (p * (1 - p)) / Math.max(sampling.a, 1) + (q * (1 - q)) / Math.max(sampling.b, 1);
  // Never narrower than half a point: a share of 0% against 0.4% is not a lead on 300 people.
  return Math.max(Z * Math.sqrt(Math.max(variance, 0)) * 100, 0.5);
}

/** Whether a leads b: a lead, a tie on the printed figure, or a gap within the margin of error. */
export function compare(a: number, b: number, sampling: Sampling): Comparison {
  const gap = Number((printed(a) - printed(b)).toFixed(1));
  const margin = gapMargin(a, b, sampling);
  const call: Call = gap === 0 ? "tie" : Math.abs(gap) < margin ? "too close" : "lead";
  return { call, gap, margin };
}

/**
 * A lead that only just clears the margin of error (under 1.25 times it): real at this sample size, but one a team
 * should confirm before committing to it, and which a report calls narrow.
 */
export const isNarrowLead = (comparison: Comparison | undefined) =>
  comparison?.call === "lead" && Math.abs(comparison.gap) < 1.25 * comparison.margin;

/** The 95% margin of error of one share measured on n people, in points. */
export function shareMargin(share: number, n: number): number {
  const p = Math.min(1, Math.max(0, share));
  return Math.max(Z * Math.sqrt((p * (1 - p)) / Math.max(n, 1)) * 100, 0.5);
}

export type ThresholdCall = "above" | "below" | "too close";

/** A share against a threshold: clearly at or above it, clearly below it, or within the margin of error either way. */
export function againstThreshold(share: number, limit: number, n: number): { call: ThresholdCall; margin: number } {
  const margin = shareMargin(share, n);
  const distance = printed(share) - Number((limit * 100).toFixed(1));
  if (Math.abs(distance) < margin) return { call: "too close", margin };
  return { call: distance >= 0 ? "above" : "below", margin };
}

export interface Ranked<T> {
  item: T;
  share: number;
}

/**
 * Items ranked by share, with the leaders the numbers support: the top item alone when it leads every other, else the
 * top item and every item the sample cannot tell from it (a tie or too close to call), in rank order. `clear` says
 * whether one item leads on its own; `versus` compares the top item with the next.
 */
export function leaders<T>(
  items: ReadonlyArray<Ranked<T>>,
  sampling: (a: Ranked<T>, b: Ranked<T>) => Sampling,
): { ranked: Array<Ranked<T>>; leaders: Array<Ranked<T>>; clear: boolean; versus: Comparison | undefined } {
  const { ranked, level, clear } = standOut(items, sampling, 1);
  const top = ranked[0];
  const second = ranked[1];
  return {
    ranked,
    leaders: level,
    clear,
    versus: top && second ? compare(top.share, second.share, sampling(top, second)) : undefined,
  };
}

/**
 * The mirror of `leaders`: items ranked from the lowest share up, with the trailers the numbers support (the lowest
 * item alone when every other is above it beyond the margin of error, else it and every item level with it), so a
 * "least wanted" or "hardest" is named only where the sample singles it out.
 */
export function trailers<T>(
  items: ReadonlyArray<Ranked<T>>,
  sampling: (a: Ranked<T>, b: Ranked<T>) => Sampling,
): { ranked: Array<Ranked<T>>; trailers: Array<Ranked<T>>; clear: boolean } {
  const { ranked, level, clear } = standOut(items, sampling, -1);
  return { ranked, trailers: level, clear };
}

/** Ranks items (highest first for direction 1, lowest first for -1) and finds those level with the first. */
function standOut<T>(
  items: ReadonlyArray<Ranked<T>>,
  sampling: (a: Ranked<T>, b: Ranked<T>) => Sampling,
  direction: 1 | -1,
): { ranked: Array<Ranked<T>>; level: Array<Ranked<T>>; clear: boolean } {
  const ranked = [...items].sort((a, b) => direction * (b.share - a.share));
  const first = ranked[0];
  if (!first) return { ranked, level: [], clear: false };
  const level = ranked.slice(1).filter((other) => {
    const [high, low] = direction === 1 ? [first, other] : [other, first];
    return compare(high.share, low.share, sampling(high, low)).call !== "lead";
  });
  return { ranked, level: [first, ...level], clear: level.length === 0 && ranked[1] !== undefined };
}

/** "(within the ±4.9-point margin of error)": the words a report gives a gap it cannot call. */
export function withinMargin(comparison: Pick<Comparison, "margin">): string {
  return `within the \u00b1${comparison.margin.toFixed(1)}-point margin of error`;
}
