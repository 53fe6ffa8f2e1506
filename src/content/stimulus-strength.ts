/**
 * How well a piece of stimulus text (a message, a feature, a concept's description) lands with people, read from the
 * text alone: concrete benefits (numbers, time, money, a guarantee, "you") pull answers up; empty corporate jargon and
 * walls of text pull them down. Logit units, roughly -1.5 .. 1. It is a function of the words only, so the same
 * message wins the same way in every run of a study and a buzzword line never beats a plain promise.
 */
const JARGON =
  /\b(synerg\w*|paradigm\w*|leverag\w*|holistic\w*|disrupt\w*|innovat\w*|solutions?|seamless\w*|next[- ]gen\w*|cutting[- ]edge|world[- ]class|best[- ]in[- ]class|empower\w*|ecosystems?|optimi[sz]\w*|revolutionar\w*|game[- ]chang\w*|robust|scalable|transformati\w*|unlock\w*|value[- ]add\w*|bespoke|frictionless|omnichannel|actionable|outcomes?|mission[- ]critical|thought[- ]leader\w*|enabl\w*|reimagin\w*|elevat\w*|curated|journey)\b/gi;
const CONCRETE_NUMBER = /\d/;
const TIME =
  /\b(minutes?|seconds?|hours?|same[- ]day|next[- ]day|today|tonight|overnight|weekly|every (day|week|month)|in \d+)\b/i;
const PROMISE =
  /\b(guarantee\w*|money back|your money back|fee back|refund\w*|fixed price|no (hidden )?fees?|free|cancel any ?time|or (your|we)|no contract|price match)\b/i;
const YOU = /\b(you|your|you're|yours)\b/i;
const ACTION =
  /\b(fix|save|saves|book|booked|get|cut|pay|find|track|order|deliver\w*|collect\w*|drop off|cook|clean|check|switch|plan|learn|earn|keep|stop|start)\b/i;

export function contentStrength(text: string): number {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const jargon = (text.match(JARGON) ?? []).length;
  // Share of words that are jargon: one buzzword in a plain sentence hurts less than a line made of them.
  const jargonShare = jargon / words.length;
  let score = -Math.min(1.6, 0.45 * jargon + 2.5 * jargonShare);
  if (CONCRETE_NUMBER.test(text)) score += 0.35;
  if (TIME.test(text)) score += 0.2;
  if (PROMISE.test(text)) score += 0.3;
  if (YOU.test(text)) score += 0.1;
  if (ACTION.test(text)) score += 0.2;
  if (words.length > 30) score -= 0.25;
  else if (words.length < 3) score -= 0.15;
  return Math.max(-1.6, Math.min(1, score));
}

/** A concept that says it is new: "the first", "the only", "never before", "patented", in the languages read. */
const STATED_NOVELTY =
  /\b(?:the )?(?:first|only)\b(?! (?:time|step|month|year|week|day|visit|lesson|order))|\bnever (?:before|been)\b|\bunlike anything\b|\bnew kind of\b|\bpatent\w*|\bbrand[- ]new\b|\binvent\w*|\b(?:primer[oa]?|[u\u00fa]nic[oa]|premi[e\u00e8]re?|seul(?:e)? (?:au|en|\u00e0)|erste[nrs]?|einzige[nrs]?|neuartig\w*)\b|jamais vu/iu;
/** What people can already get almost anywhere: servicing, cleaning, delivery, insurance, lessons, booking a slot. */
const COMMON_SERVICE =
  /\b(?:servic\w*|clean\w*|repair\w*|maintenance|deliver\w*|insurance|cover|subscription|plan|membership|meal kit|booking|book|appointment|lesson\w*|course|tutor\w*|shop|store|checkout|renew\w*|permit|licen[cs]e|passport|collection|collects?|pickup|taxi|ride|rental|hire|cafe|restaurant|gym|bank account|loan|mortgage|phone plan|broadband|photograph\w*|glasses|eyeglasses|filter|lentes|limpieza|reparaci[o\u00f3]n|seguro|entrega|clases?|nettoyage|livraison|assurance|cours|Reinigung|Lieferung|Versicherung|Kurs\w*|Wartung)\b/iu;

/**
 * How new a concept is, from what it says (logit units, about -0.7 .. 0.7): a stated novelty lifts "new and
 * different", an ordinary service lowers it, so uniqueness is never one level for every idea.
 */
export function noveltyOf(text: string): number {
  const novel = STATED_NOVELTY.test(text);
  const common = COMMON_SERVICE.test(text);
  return novel ? (common ? 0.35 : 0.7) : common ? -0.7 : -0.1;
}
