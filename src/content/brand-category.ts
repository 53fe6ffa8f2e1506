/**
 * What a brand study's brand is sold as, and what the brief claims for it: a
 * small vocabulary of consumer categories, read in English, German, French and Spanish, each with the words a
 * questionnaire uses for it in English ("the next time you buy sunscreen"), the image attributes its brands are judged
 * on (taste and origin for olive oil, protection for sunscreen; never "innovative" for olive oil), and the share of
 * adults who buy it at all (people outside the category pick none of the brands). A category outside the vocabulary
 * keeps the neutral attributes. The claims the brief makes for the brand ("halal-certified", "extra virgin",
 * "cold-pressed", "SPF50") are always among the attributes asked.
 */

export interface BrandCategory {
  /** The category in English, as a sentence holds it ("olive oil", "sunscreen"). */
  english: string;
  /** The image attributes brands of the category are judged on, most telling first. */
  attributes: readonly string[];
  /** The share of adults who buy the category at all: the rest choose none of its brands. */
  buyers: number;
}

/** Words of one category in the four languages the question writer reads (lower case, word-bounded). */
interface Entry extends BrandCategory {
  words: RegExp;
}

const CATEGORIES: readonly Entry[] = [
  {
    english: "olive oil",
    words: /olive oil|oliven[o\u00f6]l|huile d'olive|aceite de oliva|azeite/u,
    attributes: ["tastes good", "authentic origin", "pure and natural", "high quality", "good value for money"],
    buyers: 0.8,
  },
  {
    english: "sunscreen",
    words:
      /sunscreen|sun ?cream|sunblock|sun lotion|sonnen(?:creme|schutz\w*|milch)|cr[e\u00e8]me solaire|protection solaire|protector solar|bloqueador solar|crema solar/u,
    attributes: ["protects well", "gentle on the skin", "not greasy", "good value for money", "trustworthy"],
    buyers: 0.6,
  },
  {
    english: "beer",
    words: /craft beer|beer|bier|bi[e\u00e8]re|cerveza|cerveja/u,
    attributes: ["tastes good", "authentic", "local", "for people like me", "good value for money"],
    buyers: 0.6,
  },
  {
    english: "wine",
    words: /wine|wein|vin|vino/u,
    attributes: ["tastes good", "authentic origin", "good value for money", "high quality", "for special occasions"],
    buyers: 0.6,
  },
  {
    english: "coffee",
    words: /coffee|kaffee|caf[e\u00e9]/u,
    attributes: ["tastes good", "ethically sourced", "good value for money", "high quality", "for people like me"],
    buyers: 0.8,
  },
  {
    english: "tea",
    words: /tea|tee|th\u00e9|t\u00e9/u,
    attributes: ["tastes good", "natural", "good value for money", "high quality", "ethically sourced"],
    buyers: 0.7,
  },
  {
    english: "chocolate",
    words: /chocolate|schokolade|chocolat/u,
    attributes: ["tastes good", "a treat", "good value for money", "high quality", "ethically sourced"],
    buyers: 0.85,
  },
  {
    english: "yoghurt",
    words: /yogh?urt|joghurt|yaourt|yogur/u,
    attributes: ["tastes good", "healthy", "natural", "good value for money", "for the whole family"],
    buyers: 0.75,
  },
  {
    english: "shampoo",
    words: /shampoo|champ[u\u00fa]|shampooing/u,
    attributes: ["works well", "gentle", "smells good", "good value for money", "for people like me"],
    buyers: 0.9,
  },
  {
    english: "skincare",
    words:
      /skin ?care|face cream|moisturi[sz]er|hautpflege|gesichtscreme|soin de la peau|cr[e\u00e8]me visage|cuidado de la piel|crema facial/u,
    attributes: ["works well", "gentle on the skin", "natural", "good value for money", "for people like me"],
    buyers: 0.65,
  },
  {
    english: "make-up",
    words:
      /make-?up|cosmetics|lipstick|mascara|kosmetik|lippenstift|maquillage|rouge [a\u00e0] l[e\u00e8]vres|maquillaje|pintalabios/u,
    attributes: ["looks good", "long-lasting", "gentle on the skin", "good value for money", "for people like me"],
    buyers: 0.55,
  },
  {
    english: "pet food",
    words:
      /pet food|dog food|cat food|tiernahrung|hundefutter|katzenfutter|nourriture pour (?:chiens|chats|animaux)|croquettes|comida para (?:perros|gatos|mascotas)|pienso/u,
    attributes: ["healthy for pets", "pets like it", "good value for money", "natural", "trustworthy"],
    buyers: 0.45,
  },
  {
    english: "running shoes",
    words: /running shoes|sneakers|laufschuhe|turnschuhe|chaussures de (?:course|running)|zapatillas/u,
    attributes: ["comfortable", "durable", "stylish", "good value for money", "for people like me"],
    buyers: 0.5,
  },
  {
    english: "bottled water",
    words: /bottled water|mineral water|mineralwasser|eau min[e\u00e9]rale|agua mineral/u,
    attributes: ["pure", "tastes good", "good value for money", "natural", "sustainable packaging"],
    buyers: 0.7,
  },
  {
    english: "energy drinks",
    words: /energy drinks?|energydrinks?|boissons? [e\u00e9]nerg[e\u00e9]tiques?|bebidas? energ[e\u00e9]ticas?/u,
    attributes: ["gives energy", "tastes good", "good value for money", "for people like me", "healthy"],
    buyers: 0.35,
  },
];

/** The share of adults who buy a category the vocabulary does not know: few categories are bought by everyone. */
export const NEUTRAL_BUYERS = 0.85;

const bounded = (words: RegExp) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.source})(?![\\p{L}\\p{N}])`, "iu");
// A category is named in the plural as often as not ("Chocolats Boréal", "teas", "Biere").
const BOUNDED = CATEGORIES.map((c) => ({
  entry: c,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${c.words.source})(?:e?s)?(?![\\p{L}\\p{N}])`, "iu"),
}));

/** The category the texts name first (in the order given), or undefined when none is in the vocabulary. */
export function brandCategoryOf(texts: readonly (string | undefined)[]): BrandCategory | undefined {
  for (const text of texts) {
    if (!text) continue;
    let best: { entry: Entry; at: number } | undefined;
    for (const { entry, pattern } of BOUNDED) {
      const at = pattern.exec(text)?.index;
      if (at !== undefined && (!best || at < best.at)) best = { entry, at };
    }
    if (best) return { english: best.entry.english, attributes: best.entry.attributes, buyers: best.entry.buyers };
  }
  return undefined;
}

/** Claims a brief makes for a brand, in the four languages, each as an English attribute. */
const CLAIMS: ReadonlyArray<[RegExp, string | ((m: RegExpExecArray) => string)]> = [
  [/halal/u, "halal-certified"],
  [/kosher|koscher|casher|cacher/u, "kosher"],
  [/extra[- ]virgin|nativ extra|vierge extra|virgen extra/u, "extra virgin"],
  [/cold[- ]pressed|kaltgepresst|press[e\u00e9]e? [a\u00e0] froid|prensado en fr[i\u00ed]o/u, "cold-pressed"],
  [/(?:spf|lsf|fps)\s?(\d{2})\+?/u, (m) => `SPF${m[1]}`],
  [/organic|bio|biologique|ecol[o\u00f3]gic[oa]|org[a\u00e1]nic[oa]|[o\u00f6]ko/u, "organic"],
  [/vegan[oa]?|v[e\u00e9]gane?/u, "vegan"],
  [/gluten[- ]?free|glutenfrei|sans gluten|sin gluten/u, "gluten-free"],
  [/sugar[- ]free|zuckerfrei|sans sucre|sin az[u\u00fa]car/u, "sugar-free"],
  [/alcohol[- ]free|alkoholfrei|sans alcool|sin alcohol/u, "alcohol-free"],
  [/fair ?trade|commerce [e\u00e9]quitable|comercio justo/u, "Fairtrade"],
  [/cruelty[- ]free|tierversuchsfrei|sin crueldad/u, "cruelty-free"],
  [/reef[- ]safe|korallenfreundlich/u, "reef-safe"],
  [
    /water[- ]resistant|waterproof|wasserfest|r[e\u00e9]sistante? [a\u00e0] l'eau|resistente al agua/u,
    "water-resistant",
  ],
  [
    /dermatologically tested|dermatologisch getestet|test[e\u00e9]e? dermatologiquement|dermatol[o\u00f3]gicamente testad[oa]/u,
    "dermatologically tested",
  ],
  [/\bpdo\b|protected designation of origin|g\.u\.|\baop\b|\bdop\b|\bpgi\b/u, "PDO"],
  [/single[- ]origin|single[- ]estate/u, "single-origin"],
  [/locally (?:made|produced|grown)|made locally/u, "locally made"],
];

/** English "x-free" and "x-certified" claims of words outside the list ("nut-free", "B Corp-certified"). */
const OWN_CLAIM = /(?<![\p{L}\p{N}-])([\p{L}\d]+(?: [A-Z][\p{L}]*)?-(?:free|certified))(?![\p{L}\p{N}])/giu;

/**
 * The claims the texts make for the brand, each once, in the order found: the brief's `claims` input as written, then
 * the claims of the vocabulary found in the brand's name, the notes, the objective and the context.
 */
export function brandClaimsOf(given: readonly string[], texts: readonly (string | undefined)[]): string[] {
  const found: string[] = [...given.map((c) => c.trim()).filter((c) => c !== "" && c.length <= 60)];
  const add = (claim: string) => {
    const key = claim.toLowerCase();
    if (!found.some((f) => f.toLowerCase() === key || bounded(new RegExp(escapeRegExp(key))).test(f)))
      found.push(claim);
  };
  for (const text of texts) {
    if (!text) continue;
    const hits: Array<{ at: number; claim: string }> = [];
    for (const [pattern, claim] of CLAIMS) {
      const m = bounded(pattern).exec(text);
      if (m) hits.push({ at: m.index, claim: typeof claim === "string" ? claim : claim(m) });
    }
    for (const m of text.matchAll(OWN_CLAIM)) {
      const claim = (m[1] as string).toLowerCase();
      if (!hits.some((h) => h.claim.toLowerCase() === claim)) hits.push({ at: m.index ?? 0, claim });
    }
    for (const { claim } of hits.sort((a, b) => a.at - b.at)) add(claim);
  }
  return found.slice(0, 4);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A word that describes one brand rather than the category: "organic", "recycled-paper", "refillable", "halal". */
const DESCRIPTOR =
  /^(?:[\p{L}\d]+-[\p{L}\d-]+|organic|eco|vegan|halal|kosher|premium|luxury|craft|artisan\p{L}*|natural|sustainable|green|ethical|local|bio|budget|\p{L}+(?:ed|ic|able|ible|ous|ful|less|ive))$/iu;

/**
 * The category a brand shares with its rivals, and the client's descriptor: "recycled-paper notebooks" beside
 * ordinary notebook brands is "notebooks", made "recycled-paper". The category keeps its last word whatever it is.
 */
export function sharedCategory(category: string): { shared: string; descriptor: string | undefined } {
  const words = category.trim().split(/\s+/);
  const described: string[] = [];
  while (words.length > 1 && DESCRIPTOR.test(words[0] as string)) described.push(words.shift() as string);
  return { shared: words.join(" "), descriptor: described.length ? described.join(" ") : undefined };
}

/**
 * A brand's name without the category and claims the client wrote after it: "Kritsa Gold extra virgin olive oil" is
 * "Kritsa Gold", a name that sentences and options hold; a name that is nothing but its category stays whole.
 */
export function brandNameOf(given: string): string {
  // "Fietsvondst (online shop for refurbished bicycles…)": what the brackets say describes the name.
  const text = (given.trim().replace(/\s+\(.*$/su, "") || given.trim()).replace(/\s+/g, " ");
  let cut = text.length;
  for (const { entry } of BOUNDED) {
    const m = new RegExp(`\\s(?:${entry.words.source})\\s*$`, "iu").exec(text);
    if (m && m.index < cut) cut = m.index;
  }
  // A name, then only small-letter words ("Pagewise recycled-paper notebooks"): what follows the name says what it is.
  if (cut === text.length) {
    const plain = /^((?:[\p{Lu}\d][\p{L}\d'&.-]*\s)+)((?:[\p{Ll}][\p{L}\d-]*\s?)+)$/u.exec(`${text}`);
    const tail = plain?.[2]?.trim() ?? "";
    if (!plain || /^(?:and|of|the|by|for|de|du|des|la|le|y|et|und|von|der|die)\b/u.test(tail)) return text;
    return (plain[1] as string).trim();
  }
  const head = text.slice(0, cut).trim().split(" ");
  // Only a name (its first word capitalised) is cut: "our own olive oil" is no name and stays whole.
  if (!/^[\p{Lu}\d]/u.test(head[0] ?? "")) return text;
  // Claims and descriptors just before the category go with it ("extra virgin", "SPF50", "Bio").
  const claimLike = (word: string) =>
    !/^[\p{Lu}\d]/u.test(word) || CLAIMS.some(([pattern]) => bounded(pattern).test(word));
  while (head.length > 1 && claimLike(head.at(-1) as string)) head.pop();
  const name = head.join(" ");
  return name.length >= 2 ? name : text;
}

/** How a brief may speak of one brand: new to its market, or its market's leader. */
export type BrandStanding = "new" | "leader";

/** Words that call a brand new, just launched or small, in the four languages (lower case: "Nuevo León" is a place). */
const NEW_WORDS =
  /(?<![\p{L}])(?:brand-new|new|newly|launch\w*|start-?up|small|young|just (?:opened|started)|neue?[rsn]?|gerade gestartet|kleine?[rsn]?|junge?[rsn]?|nouve(?:au|l|lle)s?|vient de (?:se )?lancer|lanc[e\u00e9]e?s?|petite?s?|jeune|nuev[oa]s?|lanzad[oa]|acaba de lanzarse|peque\u00f1[oa]s?|reci[e\u00e9]n)(?![\p{L}])/u;
/** Words that call a brand its market's leader. */
const LEADER_WORDS =
  /(?<![\p{L}])(?:market[- ]leader|leading brand|the leader|number one|marktf[u\u00fc]hrer\w*|leader du march[e\u00e9]|le leader|num[e\u00e9]ro un|l[i\u00ed]der del mercado|el l[i\u00ed]der|n[u\u00fa]mero uno)(?![\p{L}])/iu;

/**
 * What the brief says of each brand's standing, sentence by sentence: "new" of the brand a sentence names (the client's
 * own where it names none, "our new web shop"), "leader" of the one brand a sentence names as its market's leader.
 * Keyed by `key` of the brand's name; the first brand is the client's.
 */
export function brandStandingOf(
  brands: readonly string[],
  texts: readonly (string | undefined)[],
  key: (name: string) => string,
): Map<string, BrandStanding> {
  const standing = new Map<string, BrandStanding>();
  const client = brands[0];
  if (client === undefined) return standing;
  const patterns = brands.map((b) => ({ b, pattern: bounded(new RegExp(escapeRegExp(b.trim()))) }));
  for (const text of texts) {
    if (!text) continue;
    for (const sentence of text.split(/[.;!?\n]+(?:\s|$)/u)) {
      const named = patterns.filter(({ pattern }) => pattern.test(sentence)).map(({ b }) => b);
      if (LEADER_WORDS.test(sentence) && named.length === 1) standing.set(key(named[0] as string), "leader");
      else if (NEW_WORDS.test(sentence) && (named.length === 0 || named.includes(client)))
        standing.set(key(client), "new");
    }
  }
  return standing;
}

/** Country names in the four languages the question writer reads, lower case: a place is no category. */
let countryNames: Set<string> | undefined;
function isCountry(name: string): boolean {
  if (!countryNames) {
    countryNames = new Set();
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (const lang of ["en", "de", "fr", "es"]) {
      const names = new Intl.DisplayNames([lang], { type: "region", fallback: "none" });
      for (const a of letters)
        for (const b of letters) {
          const n = names.of(`${a}${b}`);
          if (n) countryNames.add(n.toLowerCase());
        }
    }
  }
  return countryNames.has(name.toLowerCase());
}

/**
 * Whether a category read off a brief is a proper noun (a place, a country, a name) rather than the common noun of
 * what brands sell: a country; a word the texts put after "in", "au", "en", "aus"; or, where a sentence would say it in
 * lower case, a capitalised word the texts never write in lower case and the vocabulary does not know.
 */
export function isProperNoun(given: string, lowered: boolean, texts: readonly (string | undefined)[]): boolean {
  const name = given.trim();
  // A place anywhere in it ("vendu au Kada") makes it no category either.
  const capitalised = [name, ...name.split(/\s+/u).filter((w) => /^\p{Lu}/u.test(w))];
  if (capitalised.some((w) => isCountry(w) || (/^\p{Lu}/u.test(w) && placed(w, texts)))) return true;
  if (!/^\p{Lu}/u.test(name) || !lowered || brandCategoryOf([name])) return false;
  // Sentence case ("Used-car inspection: how people see Kovra"): only its first word is capitalised, as a title's is.
  if (name.split(/\s+/u).some((w, i) => i > 0 && /^\p{Ll}{4,}/u.test(w))) return false;
  const small = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(name.charAt(0).toLowerCase() + name.slice(1))}(?![\\p{L}\\p{N}])`,
    "u",
  );
  return !texts.some((t) => t && small.test(t));
}

/** Whether the texts put a word where a place goes: "in Quebec", "au Québec", "aus Bayern", "en Lombardia". */
function placed(word: string, texts: readonly (string | undefined)[]): boolean {
  const pattern = new RegExp(
    `(?<![\\p{L}])(?:in|across|throughout|from|im|aus|nach|au|aux|en|\u00e0|dans|del|desde)\\s+${escapeRegExp(word)}(?![\\p{L}])`,
    "u",
  );
  return texts.some((t) => t && pattern.test(t));
}
