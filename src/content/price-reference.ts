import { perPound } from "./money.js";

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
 * The price people expect for the product a text describes, in `currency` (pounds when unknown), or null when the
 * text names no category this knows.
 */
export function priceReference(text: string, currency?: string): number | null {
  for (const [pattern, pounds] of CATEGORY_PRICES) {
    if (pattern.test(text)) {
      // A currency without a rough rate has no known going price: the ladder itself is read as the going rate.
      const rate = perPound(currency);
      return rate === undefined ? null : pounds * rate;
    }
  }
  return null;
}
