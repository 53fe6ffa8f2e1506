import { perPound } from "./money.js";
import { VW } from "./respondents.js";

/**
 * What people expect to pay for a kind of product, read from the words describing it: a flat white
 * costs a few pounds whatever ladder of prices a study asks about, a thermostat a couple of hundred. Amounts in pounds
 * at today's UK prices, per unit or per the period the category is bought by; `priceReference` converts them to the
 * study's currency. The first matching row wins, so more specific rows come first.
 */
const CATEGORY_PRICES: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(flat white|latte|cappuccino|espresso|americano|coffee|cup of tea|hot chocolate)\b/i, 3.5],
  [/\b(pint|beer|lager|cider)\b/i, 5.5],
  [/\b(sandwich|croissant|pastry|snack|chocolate bar|crisps)\b/i, 4],
  [/\b(nappies|nappy|diapers?)\b.*\b(week|weekly)\b|\b(week|weekly)\b.*\b(nappies|nappy|diapers?)\b/i, 12],
  [/\b(nappies|nappy|diapers?)\b/i, 10],
  [/\b(meal kit|recipe box)\b/i, 45],
  [/\b(takeaway|meal|dinner|lunch|pizza|burger)\b/i, 14],
  [/\b(granola|cereal|jar|loaf|bread|milk|yoghurt|cheese|groceries)\b/i, 4],
  [/\b(per machine|per asset|per sensor)\b/i, 400],
  [/\b(per (seat|user)|per employee)\b/i, 20],
  [/\b(saas|software|platform|crm|bookkeeping|accounting|invoicing|payroll)\b/i, 40],
  [/\b(streaming|music app|video app|netflix|spotify)\b/i, 10],
  [/\b(app|subscription)\b/i, 7],
  [/\b(gym|fitness)\b.*\b(visit|pass|session|class)\b/i, 8],
  [/\b(gym|fitness) (membership|plan)\b|\bgym\b/i, 35],
  [/\b(thermostat|smart speaker|doorbell|smart plug|router)\b/i, 180],
  [/\b(headphones|earbuds|smartwatch|fitness tracker)\b/i, 150],
  [/\b(smartphone|phone|tablet)\b/i, 600],
  [/\b(laptop|computer|tv|television)\b/i, 800],
  [/\b(e-?bikes?|electric (?:cargo )?bikes?|cargo bikes?)\b/i, 2200],
  [/\b(mattress|sofa|bike|bicycle)\b/i, 500],
  [/\b(car|van|electric vehicle)\b/i, 25000],
  [/\b(jeans|trainers|shoes|jacket|coat)\b/i, 80],
  [/\b(t-?shirt|socks|shirt)\b/i, 20],
  [/\b(insurance|broadband|energy tariff|mobile plan|sim only)\b/i, 30],
  [/\b(holiday|flight|hotel)\b/i, 700],
  [/\b(book|magazine|notebook)\b/i, 12],
];

/**
 * What people would pay on average when only the prices asked say it: a ladder's middle (on a log scale) midway
 * between "too cheap" and "too expensive" as far as `anchoring` lets it; one price alone a fair one, a little under
 * what they would pay at most. Null with no price asked.
 */
export function ladderGoingRate(asked: readonly number[], anchoring = 1): number | null {
  if (!asked.length) return null;
  const low = Math.min(...asked);
  const high = Math.max(...asked);
  return high > low ? Math.sqrt(low * high) / VW.tooCheap ** (anchoring / 2) : low * 1.25;
}

/**
 * What people expect to pay when a kind of product sets it, kept within reach of the prices asked: people read a
 * ladder far from it partly against itself (tenant insurance at CHF 12 to 36 read as a dearer thing made every price
 * too cheap for everyone), so the going rate lies between the cheapest price asked over 2.5 and 2.5 times the dearest.
 * A ladder wholly above or below it still reads so for most, never for everyone.
 */
export function anchoredReference(reference: number | null, asked: readonly number[]): number | null {
  if (reference === null || asked.length < 2) return reference;
  return Math.min(REACH * Math.max(...asked), Math.max(Math.min(...asked) / REACH, reference));
}
const REACH = 2.5;

/**
 * A phrase's own thing: its words before the first clause that says what it is for, from, like or works with. "A
 * coding robot kit that works with any tablet" is a robot kit, not a tablet; "a flat white from a coffee shop" a flat
 * white.
 */
const headOf = (text: string) =>
  text.split(
    /[,;:!?\n]|\s(?:with|for|from|that|which|who|works?|compatible|like|than|including|plus|by|in|on)\b/i,
  )[0] ?? "";

/**
 * Words that make the thing named before them something used, not bought: an e-bike share pass, a car-sharing
 * membership, phone repair, a "B (car) driving licence course" (up to two words and a bracket between). What such a service costs has nothing to do with the thing's own price.
 */
const USE_OF =
  /^(?:[\s()[\]-]+[\p{L}-]+){0,2}[\s()[\]-]+(?:share|sharing|rental|rent|hire|pass|membership|club|repairs?|cleaning|charging|insurance|lessons?|course|class(?:es)?|workshops?|training|tours?|servicing|service|wash|parking|cover|warranty)\b/iu;

/**
 * The price people expect for what the texts name (the inputs that say what is priced, first), in `currency` (pounds
 * when unknown), or null when they name no category this knows, or name the use of one (an e-bike share pass, whose
 * going rate only the prices asked can say).
 */
export function priceReference(texts: readonly string[], currency?: string): number | null {
  const text = texts.map(headOf).join(" \n ");
  // A use of any thing named makes the whole a service around it, whatever generic word follows ("e-bike rental
  // subscription" is not an app subscription).
  const used = CATEGORY_PRICES.some(([pattern]) => {
    const match = pattern.exec(text);
    return match !== null && USE_OF.test(text.slice(match.index + match[0].length));
  });
  if (used) return null;
  for (const [pattern, pounds] of CATEGORY_PRICES) {
    if (!pattern.test(text)) continue;
    // A currency without a rough rate has no known going price: the ladder itself is read as the going rate.
    const rate = perPound(currency);
    return rate === undefined ? null : pounds * rate;
  }
  return null;
}
