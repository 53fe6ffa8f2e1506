/**
 * A hypothesis the plan writes itself. Clients give none (the API takes no hypothesis), so every plan's hypothesis is
 * the plan's proposal: it says so, and any bar it sets says what it rests on (a benchmark named as one for the goal),
 * or it asks a neutral question ("one feature is chosen clearly more often than the rest") that picks none of the
 * client's items to win. The label follows the claim, so judges read the claim alone (`claimOf`).
 */

export const PROPOSED = "Proposed by the plan, as the brief states no hypothesis";

/** "claim. Proposed by the plan…: basis." A claim ending in a sign's dot ("595 kr.") keeps it. */
export function proposedHypothesis(claim: string, basis: string): string {
  const ended = /[.!?]["\u201d]?$/.test(claim) ? claim : `${claim}.`;
  return `${ended} ${PROPOSED}: ${basis}.`;
}

/** The claim of a hypothesis, without the plan's label and basis. */
export function claimOf(hypothesis: string): string {
  const at = hypothesis.indexOf(` ${PROPOSED}`);
  return at < 0 ? hypothesis : hypothesis.slice(0, at);
}
