/**
 * How a report speaks of the people it sampled: the grammar of a user model's name ("UK adults are", "the customer
 * panel is"), and the words of the participants' country ("cart" in the US, "basket" in the UK).
 */

/** Collective nouns read as one thing: a panel, a sample, a population. */
const SINGULAR_HEADS =
  /^(?:panel|sample|population|group|audience|cohort|segment|base|community|list|pool|survey|study|market|workforce|team|public)$/i;
/** Heads that are plural without an -s: people, staff, Gen Z. */
const PLURAL_HEADS =
  /^(?:people|staff|personnel|folk|gen\s?z|genz|millennials|boomers|youth|children|men|women|alumni|police|clergy|cattle)$/i;

/**
 * Whether a user model's name is plural ("UK adults 18+ (nationally representative)", "US Gen Z (18-26)", "Adultos en
 * Madrid") or singular ("Weeknight customer panel"): its head noun, the last word before any bracket, number or "in …"
 * phrase, ends in -s or is a plural of its own.
 */
export function isPluralName(name: string): boolean {
  const bare = name
    .replace(/\([^)]*\)/g, " ")
    .replace(/\b(?:in|from|of|aged|who|with|at|en|de|in|aus)\b.*$/i, " ")
    .replace(/[\d+\-\u2013]+/g, " ")
    .trim();
  const words = bare.split(/\s+/).filter(Boolean);
  const head = (words[words.length - 1] ?? "").replace(/[^\p{L}]/gu, "");
  if (/gen\s?z$/i.test(bare) || PLURAL_HEADS.test(head)) return true;
  if (SINGULAR_HEADS.test(head)) return false;
  const first = (name.trim().split(/\s+/)[0] ?? "").replace(/[^\p{L}]/gu, "");
  return /[sS]$/.test(head) || /s$/i.test(first);
}

/** A verb that agrees with a user model's name: `agree("UK adults", "speak", "speaks")`. */
export const agree = (name: string, plural: string, singular: string) => (isPluralName(name) ? plural : singular);

/** Words that differ between British and American English, for text the mock writes (never for the client's words). */
const AMERICAN: Array<[RegExp, string]> = [
  [/\bbaskets\b/g, "carts"],
  [/\bbasket\b/g, "cart"],
  [/\bBaskets\b/g, "Carts"],
  [/\bBasket\b/g, "Cart"],
  [/\bpostcode\b/g, "ZIP code"],
  [/\bPostcode\b/g, "ZIP code"],
  [/\bmobile phone\b/g, "cell phone"],
  [/\bholiday\b/g, "vacation"],
  [/\bholidays\b/g, "vacations"],
  [/\bshop assistant\b/g, "sales clerk"],
  [/\bqueue\b/g, "line"],
  [/\btrainers\b/g, "sneakers"],
  [/\bnappies\b/g, "diapers"],
  [/\bnappy\b/g, "diaper"],
  [/\bpetrol\b/g, "gas"],
  [/\bflat\b(?= (?:in|near|for|to rent))/g, "apartment"],
];

/** Countries whose people write American English. */
const AMERICAN_ENGLISH = new Set(["US", "PH", "PR"]);

/** Text the mock writes, in the words of the participants' country: "Add to cart" for US participants. */
export function countryWords(text: string, country: string | null | undefined): string {
  if (!country || !AMERICAN_ENGLISH.has(country)) return text;
  return AMERICAN.reduce((out, [pattern, word]) => out.replace(pattern, word), text);
}
