import { isOfRole, namesBabies } from "./audience.js";
import { type Concern, studyConcern, subjectTexts } from "./concern.js";
import type { UserModel } from "./inputs.js";
import { type Sex, sexOfModel } from "./model-sex.js";
import {
  amountIn,
  countryOfCurrency,
  currencyCode,
  currencyIn,
  currencyOfCountry,
  formatMoney,
  moneyPattern,
  moneyStyle,
  readPrice,
  withUnit,
} from "./money.js";
import { Random } from "./random.js";
import { DONT_KNOW_OPTION } from "./scales.js";

/**
 * How a user model (segment) tends to answer, read off what we know about it: the fixture metadata (`age_range`,
 * `country`, `language`, `role`, `company_size`, and `income` / `urbanicity` when an organisation's model has them),
 * then its name, description and reality target for whatever the metadata leaves out. Org-owned models often carry
 * little metadata; every trait has a neutral default, so such a model simply answers like the middle of the road.
 *
 * Traits → tendencies (all tendencies roughly in -1..1, 0 = neutral; they are shifts in logit units on a latent
 * favourability scale, see `results.ts`):
 * - novelty (openness to new concepts: appeal, "different", trying something new): younger, tech-savvy and urban
 *   segments are higher; older segments are more sceptical of novelty.
 * - priceTolerance (willingness to pay, flatter demand at high price points): affluence raises it, price sensitivity
 *   (main grocery shoppers, students, small-business owners watching costs) lowers it; on a tech product tech-savvy
 *   segments are more tolerant.
 * - scepticism (doubt about claims): older segments and business buyers discount claims more.
 * - acquiescence (scale-use style): US respondents use the top of scales more, German and British ones less.
 * - digital (ease online, drives journey task success): younger and tech-savvy segments higher.
 * - statusQuo (contentment with how things are done today): older and better-off segments higher.
 * - relevance (does the thing studied concern them): business buyers for B2B products, grocery shoppers for food
 *   and household products; consumers care less about B2B products.
 * - familiarity (with a named brand): higher in the study's home market (from its currency or prices), lower
 *   elsewhere, with a seeded per-brand, per-country offset.
 */

export interface SegmentTraits {
  /** Typical age (middle of the age range), null when nothing says. */
  age: number | null;
  /** The youngest and oldest ages in the segment (whole years; an open range like "18+" ends at 85). */
  ages: { low: number; high: number };
  /** ISO 3166 alpha-2, null when unknown. */
  country: string | null;
  /** Answers as a business buyer (owner, decision maker). */
  business: boolean;
  /** Does the household's grocery shopping. */
  grocery: boolean;
  /** Parents of babies or young children (from the model's words): the people a baby product concerns. */
  parent: boolean;
  /** -1 (avoids technology) .. 1 (works in or lives on technology). */
  tech: number;
  /** -1 (little money to spare) .. 1 (affluent or holding a budget). */
  income: number;
  /** -1 (not price sensitive) .. 1 (very price sensitive). */
  priceSensitivity: number;
  /** -1 rural .. 1 urban. */
  urban: number;
  /** All women or all men, when the model's own words say so (`model-sex.ts`); absent for a mixed or unknown panel. */
  sex?: Sex | null;
}

export interface Tendencies {
  novelty: number;
  priceTolerance: number;
  scepticism: number;
  acquiescence: number;
  digital: number;
  statusQuo: number;
  relevance: number;
}

/** What the study is about, read from the plan and inputs: it changes which segments it concerns. */
export interface StudyTopic {
  tech: boolean;
  b2b: boolean;
  food: boolean;
  /** A need only parents of babies and toddlers have (nappies, baby food, pushchairs). */
  babies: boolean;
  /** Pets: it concerns pet owners (pet insurance, pet food). */
  pets: boolean;
  /** Cars: it concerns drivers (car insurance, parking, charging). */
  drivers: boolean;
  /** Where the study is set (from currency or price symbols), null when unknown. */
  homeMarket: string | null;
  /** The ages the thing studied says it is for ("for anyone aged 40 or over"), when it says so. */
  eligibleAges?: { low: number; high: number };
  /** Who the subject concerns when only some people (car owners, cyclists, people with a garden): `concern.ts`. */
  concern?: Concern;
}

/**
 * The ages an idea says it is for, in its own words: "aged 40 or over", "over-50s", "aged 16 to 25", "under-30s",
 * "ab 60 Jahren", "mayores de 65 años", "de plus de 60 ans". Only ages tied to people or to "aged" count, so "a
 * ten-hour battery" or "12 to 24 months" are not read as ages.
 */
export function eligibleAgesOf(text: string): { low: number; high: number } | undefined {
  const t = text.toLowerCase();
  const range = /\baged (\d{2})\s*(?:-|\u2013|to)\s*(\d{2})\b/u.exec(t);
  if (range) return { low: Number(range[1]), high: Number(range[2]) };
  const over =
    /\b(?:aged|people|adults|anyone|everyone|those)\s+(?:aged\s+)?(\d{2})\s*(?:\+|or over|and over|or older|and older|or above|and above)|\bover[- ](\d{2})s\b|\bab (\d{2}) jahren\b|\bmayores de (\d{2})\b|\bde plus de (\d{2}) ans\b/u.exec(
      t,
    );
  if (over) return { low: Number(over[1] ?? over[2] ?? over[3] ?? over[4] ?? over[5]), high: 120 };
  const under = /\bunder[- ](\d{2})s\b|\b(?:aged|people|adults|anyone) under (\d{2})\b/u.exec(t);
  if (under) return { low: 16, high: Number(under[1] ?? under[2]) - 1 };
  return undefined;
}

type ModelLike = Pick<UserModel, "name" | "description" | "metadata"> & { reality_target?: string };

const clamp = (x: number, lo = -1, hi = 1) => Math.min(hi, Math.max(lo, x));

function metaText(metadata: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = metadata[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
    if (typeof value === "number") return String(value);
  }
  return null;
}

/** "18-26" → 22, "18+" → 47 (a general adult population), "65+" → 72, "25 to 64" → 44.5. */
export function ageFromRange(range: string): number | null {
  const between = /(\d{2})\s*(?:-|\u2013|to)\s*(\d{2})/.exec(range);
  if (between) return (Number(between[1]) + Number(between[2])) / 2;
  const plus = /(\d{2})\s*\+/.exec(range);
  if (plus) {
    const from = Number(plus[1]);
    return from <= 21 ? 47 : from + 7;
  }
  const under = /under\s*(\d{2})/i.exec(range);
  if (under) return Math.max(18, Number(under[1]) - 8);
  return null;
}

/** Oldest age counted in an open range ("18+", "65+"). */
const OLDEST = 85;

/** "18-26" → 18..26, "18+" → 18..85, "under 35" → 18..34; null when the range says nothing readable. */
export function agesFromRange(range: string): { low: number; high: number } | null {
  const between = /(\d{2})\s*(?:-|\u2013|to)\s*(\d{2})/.exec(range);
  if (between) return { low: Number(between[1]), high: Number(between[2]) };
  const plus = /(\d{2})\s*\+/.exec(range);
  if (plus) return { low: Number(plus[1]), high: OLDEST };
  const under = /under\s*(\d{2})/i.exec(range);
  if (under) return { low: 18, high: Math.max(18, Number(under[1]) - 1) };
  return null;
}

function ageFromText(text: string): number | null {
  if (/\bgen(eration)?[ -]?z\b|zoomer|\bstudents?\b|teen/i.test(text)) return 21;
  if (/millennial/i.test(text)) return 35;
  if (/gen(eration)?[ -]?x\b/i.test(text)) return 52;
  if (/boomer|retire|pensioner|over[ -]?(60|65|70)s?|seniors?|older (adults|people)/i.test(text)) return 70;
  if (/young (adults|people|professionals)/i.test(text)) return 27;
  return null;
}

const COUNTRIES: Array<[RegExp, string]> = [
  [/\b(uk|u\.k\.|united kingdom|brit(ain|ish)|england|scotland|wales)\b/i, "GB"],
  [/\b(us|u\.s\.|usa|united states|america(n)?)\b/, "US"],
  [/\b(germany|german|deutschland)\b/i, "DE"],
  [/\b(france|french)\b/i, "FR"],
  [/\b(spain|spanish)\b/i, "ES"],
  [/\b(italy|italian)\b/i, "IT"],
  [/\b(netherlands|dutch)\b/i, "NL"],
  [/\b(canada|canadian)\b/i, "CA"],
  [/\b(australia|australian)\b/i, "AU"],
];

function countryOf(metadata: Record<string, unknown>, text: string): string | null {
  const code = metaText(metadata, "country", "country_code");
  if (code && /^[a-z]{2}$/i.test(code)) return code.toUpperCase() === "UK" ? "GB" : code.toUpperCase();
  const language = metaText(metadata, "language", "locale");
  const fromLanguage = language ? /^[a-z]{2}[-_]([A-Z]{2})$/i.exec(language)?.[1]?.toUpperCase() : undefined;
  if (fromLanguage) return fromLanguage;
  const region = `${code ?? ""} ${metaText(metadata, "region", "market") ?? ""} ${text}`;
  for (const [pattern, iso] of COUNTRIES) if (pattern.test(region)) return iso;
  return null;
}

function incomeOf(metadata: Record<string, unknown>, text: string): number | null {
  const income = metaText(metadata, "income", "income_band", "household_income", "social_grade");
  if (income) {
    if (/high|affluent|upper|\bab\b|top/i.test(income)) return 0.6;
    if (/low|\bde\b|bottom|under/i.test(income)) return -0.6;
    if (/mid|middle|c1|c2|average/i.test(income)) return 0;
    const amount = Number(/(\d[\d,]*)/.exec(income)?.[1]?.replace(/,/g, ""));
    if (Number.isFinite(amount) && amount > 0) {
      const thousands = amount >= 1000 ? amount / 1000 : amount;
      return clamp((thousands - 45) / 45);
    }
  }
  if (/affluent|high[- ]income|high earners|wealthy|premium/i.test(text)) return 0.6;
  if (/low[- ]income|struggling|budget[- ]conscious|benefits/i.test(text)) return -0.6;
  return null;
}

/** Reads the traits a segment's answers depend on; anything unknown stays neutral. */
const BUSINESS_NOUN =
  "(?:small[- ]|independent |family )?(?:business(?:es)?|compan(?:y|ies)|agenc(?:y|ies)|(?:shop|store|restaurant|firm|sme|salon|caf[eé]|practice|franchise|hotel|start-?up)s?)";
/**
 * An owner who buys as a business: a business noun owns it ("shop owners", "owners of small firms"), or "owners" stands
 * alone ("Owners and managing directors"). "Dog owners", "car owners" and "owners of a caravan" are consumers.
 */
const BUSINESS_OWNER = new RegExp(
  `\\b${BUSINESS_NOUN}[- ]owners?\\b|\\bowners? (?:and [\\w-]+ )?of (?:an? |the |their )?${BUSINESS_NOUN}(?![\\p{L}\\d])|(?:^|[,;(]\\s*)owners?\\b(?!\\s+of\\b)`,
  "iu",
);

export function traitsOf(model: ModelLike): SegmentTraits {
  const metadata = (model.metadata ?? {}) as Record<string, unknown>;
  const role = metaText(metadata, "role", "occupation", "job_title") ?? "";
  const text = `${model.name} ${model.description} ${model.reality_target ?? ""} ${role}`;
  const range = metaText(metadata, "age_range", "age", "ages");
  const age = (range ? ageFromRange(range) : null) ?? ageFromText(text);
  // Without a range, a typical age read from the name stands for the ten years either side of it (adults only).
  const ages =
    (range ? agesFromRange(range) : null) ??
    (age === null
      ? { low: 18, high: OLDEST }
      : { low: Math.max(18, Math.round(age) - 10), high: Math.min(OLDEST, Math.round(age) + 10) });
  const business =
    metaText(metadata, "company_size", "company_type") !== null ||
    BUSINESS_OWNER.test(text) ||
    /\b(managing directors?|decision makers?|buyers? at|procurement|b2b|executives?|founders?)\b/i.test(text);
  const grocery = /grocer|shopper|household shopping/i.test(text);
  const parent =
    /\b(parents?|mums?|mothers?|dads?|fathers?|new families|families with (?:young )?(?:children|kids|babies))\b/i.test(
      text,
    ) ||
    isOfRole("parents", text) ||
    namesBabies(text);
  const itRole =
    /\b(it|tech(nology)?|software|developers?|engineers?|data)\b.{0,30}\b(decision|makers?|buyers?|professionals?|teams?|leads?)\b|\bdevelopers?\b|\bengineers?\b/i.test(
      text,
    );
  const youth = age === null ? 0 : clamp((45 - age) / 20);
  const tech = clamp(
    0.45 * youth + (itRole ? 0.6 : 0) + (/early adopters?|tech[- ]savvy|digital natives?/i.test(text) ? 0.4 : 0),
  );
  const urbanity = metaText(metadata, "urbanicity", "urban_rural", "area_type", "settlement") ?? "";
  const urban = /urban|city|metro/i.test(urbanity)
    ? 0.7
    : /rural|village|countryside/i.test(urbanity)
      ? -0.7
      : /\b(urban|city dwellers|londoners|metropolitan)\b/i.test(text)
        ? 0.6
        : /\b(rural|farm(ers)?|village)\b/i.test(text)
          ? -0.6
          : 0;
  let income = incomeOf(metadata, text);
  if (income === null) {
    if (itRole && business)
      income = 0.5; // holds a corporate budget
    else if (business) income = 0.2;
    else if (age !== null && age < 25)
      income = -0.4; // students and first jobs
    else income = 0;
  }
  const priceSensitivity = clamp(
    -0.5 * income + (grocery ? 0.35 : 0) + (business && !itRole ? 0.15 : 0) + (/\bstudents?\b/i.test(text) ? 0.2 : 0),
  );
  return {
    age,
    ages,
    country: countryOf(metadata, text),
    business,
    grocery,
    parent,
    tech,
    income,
    priceSensitivity,
    urban,
    sex: sexOfModel(model),
  };
}

/** -1 (around 65 and over) .. 1 (around 25 and under); 0 for a general adult population or when unknown. */
export function youthOf(traits: SegmentTraits): number {
  return traits.age === null ? 0 : clamp((45 - traits.age) / 20);
}

/** Scale-use style by country: how readily respondents there pick the top of a scale. */
const ACQUIESCENCE: Record<string, number> = { US: 0.25, CA: 0.1, AU: 0.05, GB: -0.05, NL: -0.1, DE: -0.2, FR: -0.1 };

export function tendenciesOf(traits: SegmentTraits, topic: StudyTopic): Tendencies {
  const youth = youthOf(traits);
  const novelty = clamp(0.5 * youth + 0.35 * traits.tech + 0.2 * traits.urban);
  const priceTolerance = clamp(
    0.45 * traits.income - 0.6 * traits.priceSensitivity + (topic.tech ? 0.35 * traits.tech : 0),
    -1.5,
    1.5,
  );
  const scepticism = clamp(-0.35 * youth + (traits.business ? 0.3 : 0) + (traits.country === "DE" ? 0.15 : 0));
  const acquiescence = (traits.country ? (ACQUIESCENCE[traits.country] ?? 0) : 0) + 0.1 * youth;
  const digital = clamp(0.55 * youth + 0.5 * traits.tech + 0.1 * traits.urban);
  const statusQuo = clamp(-0.35 * youth + 0.25 * traits.income);
  let relevance = 0;
  // A business product does not concern consumers at all, and a baby product only the few adults with a baby: their
  // relevance goes far below the others' (down to -3), so such a product is relevant to a few percent of them.
  if (topic.b2b) relevance += traits.business ? 0.7 : -2.6;
  else if (traits.business) relevance -= 0.2;
  if (topic.babies) relevance += traits.parent ? 0.8 : -2.6;
  if (topic.food) relevance += traits.grocery ? 0.5 : 0;
  if (topic.tech) relevance += 0.2 * traits.tech;
  return { novelty, priceTolerance, scepticism, acquiescence, digital, statusQuo, relevance: clamp(relevance, -3) };
}

/**
 * Familiarity with a named brand in a segment's country: clearly higher in the study's home market, lower abroad, plus
 * a seeded offset per brand and country (some brands travel better than others).
 */
export function familiarity(seed: number, brand: string, traits: SegmentTraits, topic: StudyTopic): number {
  const offset = (new Random(seed, "brand-familiarity", brand.toLowerCase(), traits.country ?? "?").next() - 0.5) * 0.6;
  const size = brandSize(brand, traits.country);
  if (!topic.homeMarket || !traits.country) return size + offset;
  return (traits.country === topic.homeMarket ? 0.7 : -0.6) + size + offset;
}

/**
 * Brands nearly everyone in a category knows (+1.2), and brands known in their own market (+0.6 there); any other
 * name is a smaller or newer brand and is known by far fewer people (-1.5), so a niche maker never outranks the category
 * giant on awareness or first choice.
 */
const GLOBAL_BRANDS =
  /^(levi'?s|uniqlo|nike|adidas|apple|samsung|google|microsoft|amazon|ikea|coca-cola|pepsi|mcdonald'?s|netflix|spotify|disney|sony|siemens|bosch|ibm|sap|oracle|salesforce|ge|honeywell|visa|mastercard|paypal|h&m|zara|starbucks|nestl[e\u00e9]|unilever|toyota|volkswagen|bmw|tesla|ford|shell|bp|dell|hp|lenovo|intuit|quickbooks|xero|hive|nest|philips)$/i;
const MARKET_BRANDS: Record<string, RegExp> = {
  GB: /^(tesco|sainsbury'?s|asda|morrisons|aldi|lidl|waitrose|m&s|marks (and|&) spencer|boots|argos|john lewis|british gas|octopus energy|barclays|hsbc|lloyds|natwest|monzo|bt|sky|virgin media|ee|vodafone|o2|costa|greggs|pret|deliveroo|just eat|ocado|next|primark|sage)$/i,
  US: /^(walmart|target|costco|kroger|chase|bank of america|wells fargo|verizon|at&t|t-mobile|comcast|xfinity|doordash|uber eats|grubhub|dunkin'?|chipotle|gap|old navy|best buy|home depot|cvs|walgreens)$/i,
  DE: /^(lexware( office)?|sevdesk|datev|sparkasse|deutsche bank|commerzbank|telekom|o2|vodafone|rewe|edeka|aldi|lidl|dm|rossmann|otto|zalando|mediamarkt|lieferando)$/i,
};

export function brandSize(brand: string, country: string | null): number {
  const name = brand.trim();
  if (GLOBAL_BRANDS.test(name)) return 1.2;
  if (country && MARKET_BRANDS[country]?.test(name)) return 0.6;
  if (Object.values(MARKET_BRANDS).some((pattern) => pattern.test(name))) return -0.2;
  return -1.5;
}

/**
 * The currency people would answer money questions in: the one of the country most of the user models live in (the
 * first such model's on a tie), undefined when none says.
 */
export function currencyOf(models: readonly ModelLike[]): string | undefined {
  const tally = new Map<string, number>();
  let best: string | undefined;
  for (const model of models) {
    const currency = currencyOfCountry(traitsOf(model).country);
    if (!currency) continue;
    tally.set(currency, (tally.get(currency) ?? 0) + 1);
    if (best === undefined || (tally.get(currency) ?? 0) > (tally.get(best) ?? 0)) best = currency;
  }
  return best;
}

/** Words of a business product or buyer: a sign the study may be for businesses, never enough on its own. */
const BUSINESS_WORDS =
  /\b(b2b|saas|businesses|small business|teams?|invoic(e|es|ing)|accounting|bookkeeping|payroll|crm|procurement|enterprise|compliance|it department|manufactur\w*|factor(y|ies)|plant managers?|cnc|spindles?|machines? on|per machine|maintenance (?:lead|team|manager)s?|fleet|warehouses?|per seat|per user)\b/i;

/**
 * What the study is about, from every piece of text the plan and inputs give. Whether it is for businesses comes from
 * who the client says it is for: an audience that names businesses, or the brief's business words when some of the
 * user models are business people. One word of a brief ("invoice", a competitor called Enterprise) never makes a study
 * of consumers a business one.
 */
export function topicOf(
  texts: string[],
  inputs: Record<string, unknown> = {},
  models: readonly ModelLike[] = [],
): StudyTopic {
  const text = texts.join(" \n ");
  const concern = studyConcern(inputs);
  // Whom it concerns is read from what is studied, never from what people are shown (`subjectTexts`).
  const subject = Object.keys(inputs).length > 0 ? subjectTexts(inputs).join(" \n ") : text;
  const audience = typeof inputs.audience === "string" ? inputs.audience.slice(0, 4_000) : "";
  const businessAudience =
    /\b(businesses|companies|firms|employers|b2b|business (?:owners?|buyers?|customers?|users?)|decision makers?|procurement|it managers?)\b/i.test(
      audience,
    );
  const named = moneyPattern().exec(text)?.[0];
  const currency = currencyCode(inputs.currency) ?? (named ? currencyIn(named) : undefined);
  const market = typeof inputs.market === "string" ? inputs.market.toUpperCase() : null;
  return {
    tech: /\b(apps?|software|saas|platform|digital|online|smart|ai|subscriptions?|devices?|cloud|api|website|gadget|wearable)\b/i.test(
      text,
    ),
    b2b: businessAudience || (BUSINESS_WORDS.test(text) && models.some((m) => traitsOf(m).business)),
    babies:
      /\b(nappy|nappies|diapers?|bab(y|ies)|toddlers?|infants?|newborns?|pushchairs?|prams?|baby food|formula milk)\b/i.test(
        subject,
      ),
    pets: /\b(pets?|dogs?|cats?|puppy|puppies|kittens?|vets?|veterinar\w*|kibble)\b/i.test(subject),
    drivers:
      /\b(car insurance|motor insurance|drivers?|driving|parking|petrol|diesel|ev charging|charging point|car owners?|mot\b|car wash)\b/i.test(
        subject,
      ),
    food: /\b(grocer(y|ies)|food|meals?|supermarket|recipes?|snacks?|drinks?|coffee|tea|cups?|kitchen|household|own[- ]label)\b/i.test(
      text,
    ),
    homeMarket: market && /^[A-Z]{2}$/.test(market) ? market : (countryOfCurrency(currency) ?? null),
    ...(concern ? { concern } : {}),
    // Read from what is studied, never from the audience input (whose ages the audience check reads).
    ...withAges(
      eligibleAgesOf(
        Object.entries(inputs)
          .filter(([key, value]) => key !== "audience" && typeof value === "string")
          .map(([, value]) => String(value).slice(0, 4_000))
          .join(" \n "),
      ),
    ),
  };
}

const withAges = (ages: { low: number; high: number } | undefined) => (ages ? { eligibleAges: ages } : {});

/** How a question's options are ordered. */
export type ScaleShape =
  /** Least → most favourable in `order` (indices into the options, least favourable first). */
  | { kind: "ordered"; order: number[] }
  /** Every option is a price but for ways out ("None of these prices"): `order` sorts the prices cheapest first. */
  | { kind: "price"; order: number[]; amounts: number[] }
  | { kind: "nominal" };

/** The negative pole of a scale: "Not at all …", "Very unlikely", "Definitely would not buy", "I would not use it". */
const NEGATIVE =
  /\b(not|never|no|nothing)\b|n't\b|\bunlikely\b|\bun(appealing|clear|believable|important|helpful)\b|dissatisf|disagree|\b(very )?poor\b|\bworse\b|\brarely\b|\bdifficult\b/i;
/** Ways out of a question rather than a pole of it: "None of these", "Don't know", "Not sure", "No preference". */
const ESCAPE_WORDS =
  /\b(any|none) of (these|them|the above)\b|^none\b|don't know|not sure|no preference|prefer not to say|^other\b/i;
const ESCAPE = { test: (option: string) => ESCAPE_WORDS.test(option) || DONT_KNOW_OPTION.test(option.trim()) };

/** More words than a scale's label holds, or a sentence's stop or colon inside it. */
const isSentence = (option: string) => option.trim().split(/\s+/).length > 8 || /[.!?:;]\s+\S/.test(option.trim());

const negativePole = (option: string) => NEGATIVE.test(option) && !ESCAPE.test(option);

const STOP = new Set(
  "very not at all would it a an the do does is of to on in for by with and or your you our my me we be what".split(
    " ",
  ),
);
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => w.replace(/^(un|dis)(?=[a-z]{4,})/, ""));

/** Two labels share a word, compared on its first five letters ("describe" and "describes"). */
function sharesWord(a: string, b: string): boolean {
  const left = new Set(words(a).map((w) => w.slice(0, 5)));
  return words(b).some((w) => left.has(w.slice(0, 5)));
}

/**
 * A price as an English sentence writes it, in the study's locale: "4,90 € pro Monat" → "€4.90 a month", "¥1,200/月"
 * → "¥1,200 a month", so a price in another language is never pasted into an English question as written. Text that is
 * no single price ("Free with any thermostat") stays as it is.
 */
export function priceInEnglish(price: string | undefined, locale?: string, hint?: string): string | undefined {
  if (price === undefined) return undefined;
  const read = readPrice(price, hint);
  if (!read) return price;
  // Without a locale of its own, a price is written as in its currency's home ("$12", not "US$12").
  const style = locale ? { currency: read.currency, locale } : moneyStyle(read.currency);
  const amount = `${read.from ? "from " : ""}${formatMoney(read.amount, style)}`;
  return withUnit(withUnit(amount, read.unit), read.note ?? "");
}

/** Parses an amount out of a price label such as "£4.99 a month", "CHF 12", "12,50 kr" or "Less than ¥2,500". */
export const amountOf = amountIn;

/**
 * The options that name a price, cheapest first, with their amounts: a way out ("None of these prices") is never on
 * the ladder. The one order every reader of prices uses (a scale's shape, a price question's middle answer).
 */
export function priceLadder(options: readonly string[]): Array<{ index: number; option: string; price: number }> {
  return options
    .map((option, index) => ({ index, option, price: ESCAPE.test(option) ? null : amountOf(option) }))
    .filter((x): x is { index: number; option: string; price: number } => x.price !== null)
    .sort((a, b) => a.price - b.price);
}

/**
 * Ordered when the options run from a negative pole to the other end (either way round), or are all numbers; a
 * price ladder when every option is a price; otherwise nominal (brands, messages, features, "None of these").
 */
export function shapeOf(options: readonly string[]): ScaleShape {
  const k = options.length;
  const indices = options.map((_, i) => i);
  if (k < 2) return { kind: "nominal" };
  // A price ladder, perhaps with a way out ("None of these prices"), which stays outside the ladder's order.
  const escapes = options.map((o) => ESCAPE.test(o));
  const ladder = priceLadder(options);
  if (ladder.length >= 2 && ladder.length + escapes.filter(Boolean).length === k) {
    const amounts = options.map(() => Number.NaN);
    for (const { index, price } of ladder) amounts[index] = price;
    return { kind: "price", order: ladder.map((x) => x.index), amounts };
  }
  if (options.every((o) => /^\d+(\.\d+)?$/.test(o.trim()))) {
    return { kind: "ordered", order: [...indices].sort((a, b) => Number(options[a]) - Number(options[b])) };
  }
  // A way out at the end of a scale ("Don't know it well enough to say") stays outside the scale's order, and is
  // never one of its poles: a list that ends in "None of these" is a scale only if the options before it are.
  if (k >= 3 && escapes[k - 1] && !escapes[0]) {
    const inner = shapeOf(options.slice(0, -1));
    return inner.kind === "ordered" ? inner : { kind: "nominal" };
  }
  // The same way out put first ("No sé", then the scale).
  if (k >= 3 && escapes[0] && !escapes[k - 1]) {
    const inner = shapeOf(options.slice(1));
    return inner.kind === "ordered" ? { kind: "ordered", order: inner.order.map((i) => i + 1) } : { kind: "nominal" };
  }
  // A scale's points are labels; an option that is a sentence or two ("Never share your PIN: SASSA will not phone
  // you.") is a message or an item, whatever negative word it holds.
  if (options.some((o) => !escapes[options.indexOf(o)] && isSentence(o))) return { kind: "nominal" };
  const first = negativePole(options[0] as string);
  const last = negativePole(options[k - 1] as string);
  // Scale labels are short, or their two ends share a word ("Not at all appealing" … "Very appealing"); a list of
  // messages that happens to start with "Never …" is neither.
  const linked = options.filter((o, i) => options.some((other, j) => j !== i && sharesWord(o, other))).length;
  const scaleLike =
    options.every((o) => o.trim().split(/\s+/).length <= 5) ||
    sharesWord(options[0] as string, options[k - 1] as string) ||
    linked * 2 > k;
  if (first && !last && scaleLike) return { kind: "ordered", order: indices };
  if (last && !first && scaleLike) return { kind: "ordered", order: [...indices].reverse() };
  return { kind: "nominal" };
}

/**
 * The favourable end of an ordered scale, most favourable first: the top two options on scales of four or more (the
 * "top-two box"), the top one on three-point scales ("Yes" of No / Not sure / Yes); none for other shapes.
 */
export function favourableOptions(options: readonly string[]): string[] {
  const shape = shapeOf(options);
  const points = shape.kind === "ordered" ? shape.order.length : 0;
  if (shape.kind !== "ordered" || points < 3) return [];
  return shape.order
    .slice(points >= 4 ? -2 : -1)
    .reverse()
    .map((i) => options[i] as string);
}

/** The name the reports give the favourable share: "top-two box" or "top box". */
export function favourableLabel(options: readonly string[]): string {
  return favourableOptions(options).length === 2 ? "top-two box" : "top box";
}
