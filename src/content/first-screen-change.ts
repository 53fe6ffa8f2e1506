/**
 * The change a client's first-screen question calls for, as advice: a clarity question asks the page to make something
 * clear, a trust question asks for proof, "who runs it" asks the page to say so; any other question is quoted whole.
 * Never "Answer '<question>'", which pastes the client's words back instead of saying what to change (readings n, o S9).
 */

/** "you", "your" of a question put to a visitor, said of the people who visit. */
function ofPeople(text: string): string {
  return text
    .replace(/\byou(?:'|\u2019)re\b/gi, "people are")
    .replace(/\byourself\b/gi, "themselves")
    .replace(/\byours\b/gi, "theirs")
    .replace(/\byour\b/gi, "their")
    .replace(/\byou\b/gi, "people");
}

const WHO_RUNS = /\bwho(?:'s| is| are)? (?:runs|run|running|behind|owns|operates|operating|in charge of)\b/i;
const CLARITY =
  /^(?:is it|are they|is this|would it be) (?:clear|obvious|plain|easy to (?:see|tell|understand))\s+(?:to you\s+)?(what|that|how|where|when|which|why|whether|if|who)\s+(.+)$|^(?:can|could|do|did) you (?:tell|see|understand|work out)\s+(what|that|how|where|when|which|why|whether|if)\s+(.+)$/i;
const TRUST_ENOUGH = /\btrust\s+(?:\p{L}+\s+){0,3}?enough to\s+(.+)$/iu;
const TRUST_WITH = /\btrust\s+(?:\p{L}+\s+){0,3}?with\s+(.+)$/iu;
const TRUST_TO = /\btrust\s+(them|they|\p{L}+(?:\s+\p{L}+){0,2}?)\s+to\s+(.+)$/iu;
const SAFE_TO = /\b(?:safe|secure|comfortable)\s+(?:enough\s+)?to\s+(.+)$/i;
const TRUST = /\b(?:trust\w*|safe|secure|legit\w*|genuine|scam|reliable|credible|believ\w*)\b/i;

/** The change the first screen needs for this question, an imperative without its full stop. */
export function firstScreenChange(question: string): string {
  const q = question.trim().replace(/[?.!\s]+$/, "");
  if (WHO_RUNS.test(q)) return "Say on the first screen who runs the site and how to reach them";
  const clear = CLARITY.exec(q);
  if (clear) {
    const wh = (clear[1] ?? clear[3] ?? "").toLowerCase();
    const rest = ofPeople(clear[2] ?? clear[4] ?? "");
    // "whether" and "if" ask whether something holds: the page says whether it does.
    return wh === "whether" || wh === "if"
      ? `Make clear on the first screen whether ${rest}`
      : `Make clear on the first screen ${wh} ${rest}`;
  }
  if (TRUST.test(q)) {
    const enough = TRUST_ENOUGH.exec(q) ?? SAFE_TO.exec(q);
    if (enough) return `Show proof on the first screen that people can safely ${ofPeople(enough[1] ?? "")}`;
    const trustedWith = TRUST_WITH.exec(q);
    if (trustedWith)
      return `Give people a reason on the first screen to trust it with ${ofPeople(trustedWith[1] ?? "")}`;
    const trustedTo = TRUST_TO.exec(q);
    if (trustedTo) {
      const who = /^(?:them|they)$/i.test(trustedTo[1] ?? "") ? "they" : "it";
      return `Show proof on the first screen that ${who} can be trusted to ${ofPeople(trustedTo[2] ?? "").replace(/\btheir\b/g, "people's")}`;
    }
    return "Show proof on the first screen that the site can be trusted";
  }
  return `Make the first screen answer the question "${question.trim()}"`;
}
