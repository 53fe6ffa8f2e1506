/**
 * Money as a study shows it: any ISO 4217 currency, written by `Intl.NumberFormat` for the study's locale (English as
 * written in the participants' country: `en-JP` gives "¥2,500", `en-CH` "CHF 12", `en-SE` "12 kr"), with the unit the
 * client gave ("per seat per month", "a week"). The same module reads amounts back from labels and texts in any of
 * those forms, so a price ladder written here is recognised as one wherever it is read.
 */

/** The currency of a country (ISO 3166 alpha-2 → ISO 4217), for studies whose inputs name none. */
const COUNTRY_CURRENCY: Record<string, string> = {
  GB: "GBP",
  US: "USD",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  IE: "EUR",
  DE: "EUR",
  AT: "EUR",
  FR: "EUR",
  ES: "EUR",
  IT: "EUR",
  NL: "EUR",
  BE: "EUR",
  PT: "EUR",
  FI: "EUR",
  GR: "EUR",
  LU: "EUR",
  SK: "EUR",
  SI: "EUR",
  EE: "EUR",
  LV: "EUR",
  LT: "EUR",
  HR: "EUR",
  MT: "EUR",
  CY: "EUR",
  CH: "CHF",
  LI: "CHF",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  IS: "ISK",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  RO: "RON",
  BG: "BGN",
  TR: "TRY",
  JP: "JPY",
  KR: "KRW",
  CN: "CNY",
  HK: "HKD",
  TW: "TWD",
  SG: "SGD",
  MY: "MYR",
  TH: "THB",
  ID: "IDR",
  PH: "PHP",
  VN: "VND",
  IN: "INR",
  PK: "PKR",
  AE: "AED",
  SA: "SAR",
  IL: "ILS",
  EG: "EGP",
  ZA: "ZAR",
  NG: "NGN",
  KE: "KES",
  MA: "MAD",
  BR: "BRL",
  MX: "MXN",
  AR: "ARS",
  CL: "CLP",
  CO: "COP",
  PE: "PEN",
};

/** The country a currency belongs to when one country is its home (euros: none in particular). */
const CURRENCY_HOME: Record<string, string> = Object.fromEntries(
  Object.entries(COUNTRY_CURRENCY)
    .filter(([, currency]) => currency !== "EUR")
    .reverse()
    .map(([country, currency]) => [currency, country]),
);

/**
 * Rough units of each currency to one pound, enough to put a kind of product's usual price, or a band of spending, in
 * the right range in another currency (a coffee is 3.50 pounds, about 680 yen). Not a rate anyone should price with.
 */
const PER_POUND: Record<string, number> = {
  GBP: 1,
  USD: 1.27,
  EUR: 1.17,
  CAD: 1.73,
  AUD: 1.93,
  NZD: 2.1,
  CHF: 1.12,
  SEK: 13.5,
  NOK: 13.6,
  DKK: 8.7,
  ISK: 175,
  PLN: 5.0,
  CZK: 29,
  HUF: 460,
  RON: 5.8,
  BGN: 2.3,
  TRY: 41,
  JPY: 190,
  KRW: 1750,
  CNY: 9.2,
  HKD: 9.9,
  TWD: 41,
  SGD: 1.7,
  MYR: 5.9,
  THB: 45,
  IDR: 20_500,
  PHP: 73,
  VND: 32_000,
  INR: 106,
  PKR: 355,
  AED: 4.65,
  SAR: 4.75,
  ILS: 4.7,
  EGP: 62,
  ZAR: 23,
  NGN: 1_900,
  KES: 164,
  MAD: 12.6,
  BRL: 7.0,
  MXN: 23,
  ARS: 1_250,
  CLP: 1_200,
  COP: 5_200,
  PEN: 4.8,
};

/** The three-letter code as written upper case, or undefined when the text is no well-formed ISO 4217 code. */
export function currencyCode(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^[A-Za-z]{3}$/.test(value.trim())) return undefined;
  const code = value.trim().toUpperCase();
  // Intl formats any three letters as a currency: only a code it lists is one, so the "CFA" of "F CFA 7,500" is read
  // as part of the franc's sign, not as a currency of its own.
  isoCodes ??= new Set(Intl.supportedValuesOf("currency"));
  return PER_POUND[code] !== undefined || isoCodes.has(code) ? code : undefined;
}
let isoCodes: Set<string> | undefined;

export const currencyOfCountry = (country: string | null | undefined): string | undefined =>
  country ? COUNTRY_CURRENCY[country.toUpperCase()] : undefined;

export const countryOfCurrency = (currency: string | undefined): string | undefined =>
  currency ? CURRENCY_HOME[currency.toUpperCase()] : undefined;

/** Units of `currency` to one pound (undefined for a currency the table does not know). */
export const perPound = (currency: string | undefined): number | undefined =>
  PER_POUND[(currency ?? "GBP").toUpperCase()];

/** How a study writes money: its currency and the locale it is written for. */
export interface MoneyStyle {
  currency: string;
  /** A BCP 47 tag: English as written in the participants' country ("en-JP"), or "en-GB" when none is known. */
  locale: string;
}

/**
 * The study's money style: the currency it names, else the one of the country most of its participants live in; the
 * locale is English in the participants' country, else in the currency's home country.
 */
export function moneyStyle(currency: string | undefined, countries: readonly (string | null)[] = []): MoneyStyle {
  const country = countries.find((c): c is string => typeof c === "string" && /^[A-Z]{2}$/.test(c));
  const code = currencyCode(currency) ?? currencyOfCountry(country) ?? "GBP";
  const home = country ?? countryOfCurrency(code) ?? "GB";
  return { currency: code, locale: localeFor(home) };
}

function localeFor(country: string): string {
  try {
    return Intl.getCanonicalLocales(`en-${country}`)[0] ?? "en-GB";
  } catch {
    return "en-GB";
  }
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(style: MoneyStyle, decimals: number | undefined): Intl.NumberFormat {
  const key = `${style.locale}|${style.currency}|${decimals ?? "-"}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(style.locale, {
      style: "currency",
      currency: style.currency,
      ...(decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
    });
    if (formatters.size > 200) formatters.clear();
    formatters.set(key, found);
    // What is written must read back as money, whatever sign this locale gives the currency.
    const sign = found.formatToParts(1).find((p) => p.type === "currency")?.value;
    if (sign && !/^[A-Z]{3}$/.test(sign) && !writtenSigns.has(sign) && !knownSign(sign)) {
      writtenSigns.add(sign);
      intlSigns = undefined;
      signPattern = undefined;
      moneyPatterns.clear();
      moneyAll = undefined;
      moneyOne = undefined;
    }
  }
  return found;
}

/** The currency's usual number of decimals (0 for yen, 2 for pounds). */
export function currencyDecimals(currency: string): number {
  return formatter({ currency, locale: "en" }, undefined).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount as the study writes it: whole amounts without decimals ("CHF 12", "¥2,500"), others with the currency's
 * own decimals ("CHF 12.50"); `decimals` fixes them (a ladder of mixed amounts prints all alike). An amount too
 * large or small to print sensibly keeps its digits.
 */
export function formatMoney(amount: number, style: MoneyStyle, decimals?: number): string {
  const usual = currencyDecimals(style.currency);
  // An amount with cents keeps them even in a currency written without (a client's ¥12.50 is not ¥13).
  const own = Number.isInteger(amount)
    ? 0
    : Math.min(4, (String(Number(amount.toFixed(4))).split(".")[1] ?? "").length);
  const places = decimals ?? (own === 0 ? 0 : Math.max(usual, own));
  // Amounts past a thousand million million, and under the smallest coin, keep their own digits ("£1e+21", "£0.001")
  // in the currency's own place: `amountIn` reads them back.
  const odd = !Number.isFinite(amount) || Math.abs(amount) >= 1e15;
  const tiny = amount !== 0 && Math.abs(amount) < 10 ** -Math.max(places, 1);
  if (odd || tiny) {
    const digits = odd ? String(amount) : String(Number(amount.toPrecision(2)));
    let written = false;
    return formatter(style, 0)
      .formatToParts(1)
      .map((part) => {
        if (part.type === "currency") return unambiguousSign(part.value, style.currency);
        if (part.type !== "integer") return part.type === "group" ? "" : part.value;
        if (written) return "";
        written = true;
        return digits;
      })
      .join("");
  }
  return englishWay(
    formatter(style, Math.min(places, 20))
      .formatToParts(amount)
      .map((part) =>
        part.type === "currency" ? { ...part, value: unambiguousSign(part.value, style.currency) } : part,
      ),
  );
}

/**
 * Money in an English sentence is written the English way wherever its people live: thousands grouped by commas, a
 * decimal point, and a sign of symbols only ("R$", "₫") before the number with no space ("R$59.90", not "59,90 R$"
 * or "R$ 59.90"), and an ISO code before it ("CHF 49", never "49 CHF"). Other signs of letters keep their country's place
 * ("12 kr").
 */
function englishWay(parts: Intl.NumberFormatPart[]): string {
  const sign = parts.find((p) => p.type === "currency")?.value ?? "";
  const symbol = sign !== "" && !/\p{L}/u.test(sign);
  // An ISO code leads the amount, as English writes it: "CHF 49", never "49 CHF".
  const code = /^[A-Z]{3}$/.test(sign);
  const text = parts
    .filter((p) => !((symbol || code) && (p.type === "currency" || (p.type === "literal" && p.value.trim() === ""))))
    .map((p) => (p.type === "group" ? "," : p.type === "decimal" ? "." : p.value))
    .join("");
  if (!symbol && !code) return text;
  const lead = code ? `${sign}\u00a0` : sign;
  const minus = text.startsWith("-") || text.startsWith("\u2212");
  return minus ? `-${lead}${text.slice(1)}` : `${lead}${text}`;
}

/**
 * A sign that says whose money it is: a bare "$" is the US dollar's to a reader anywhere, so any other dollar takes
 * the sign Intl gives it in plain English ("CA$", "A$", "MX$"), whatever its home locale writes.
 */
function unambiguousSign(sign: string, currency: string): string {
  if (sign !== "$" || currency === "USD") return sign;
  return (
    formatter({ currency, locale: "en" }, 0)
      .formatToParts(1)
      .find((p) => p.type === "currency")?.value ?? currency
  );
}

// --- Units ---------------------------------------------------------------------------------------------------------

/** Periods in the languages the mock reads, with their English phrase. */
const PERIODS: Array<[RegExp, string]> = [
  [
    /^(?:monthly|month|mo|pcm|monat|monatlich|mois|mensuel(?:le)?|mes|mensual|m[a\u00e5]nad|maand|mese|miesi[a\u0105]c|miesi[e\u0119]cznie|ay|ayl[i\u0131]k|\u6708)$/iu,
    "a month",
  ],
  [
    /^(?:yearly|annual(?:ly)?|year|yr|annum|jahr|j[a\u00e4]hrlich|an|ann[e\u00e9]e|annuel(?:le)?|a[n\u00f1]o|anual|[a\u00e5]r|jaar|anno|\u5e74)$/iu,
    "a year",
  ],
  [/^(?:weekly|week|wk|woche|w[o\u00f6]chentlich|semaine|hebdomadaire|semana|semanal|vecka|\u9031)$/iu, "a week"],
  [/^(?:daily|day|tag|t[a\u00e4]glich|jour|d[i\u00ed]a|dag|\u65e5)$/iu, "a day"],
  [/^(?:season|saison|temporada|stagione)$/iu, "a season"],
  [/^(?:term|semester|trimester|trimestre)$/iu, "a term"],
  [/^(?:one[_ -]?off|once|one[- ]time|einmalig|unique|[u\u00fa]nico)$/iu, ""],
];

/** What a price is charged per, in the languages the mock reads: seat, user, portion, machine… */
const PER_THINGS: Array<[RegExp, string]> = [
  [/^(?:seat|seats|platz|si[e\u00e8]ge|asiento|licen[cs]e|lizenz)$/iu, "seat"],
  [/^(?:user|users|nutzer(?:in)?|benutzer|utilisateur|usuario|anv[a\u00e4]ndare)$/iu, "user"],
  [/^(?:portion|portions|porci[o\u00f3]n|serving)$/iu, "portion"],
  [/^(?:person|people|personne|persona|pers)$/iu, "person"],
  [/^(?:employee|mitarbeiter(?:in)?|employ[e\u00e9]|empleado)$/iu, "employee"],
  [/^(?:machine|maschine|m[a\u00e1]quina)$/iu, "machine"],
  [/^(?:box|kiste|bo[i\u00ee]te|caja)$/iu, "box"],
  [/^(?:kg|kilo)$/iu, "kilo"],
  [/^(?:bottle|flasche|bouteille|botella)$/iu, "bottle"],
  [/^(?:item|piece|st[u\u00fc]ck|pi[e\u00e8]ce)$/iu, "item"],
  // An appliance or a flat a service is charged by ("₱2,499 a year per unit"), not an item bought.
  [/^(?:unit|units|unidad|unit[e\u00e9]|einheit|ger[a\u00e4]t)$/iu, "unit"],
  [/^(?:litre|liter|litro|l)$/iu, "litre"],
  [/^(?:night|nacht|nuit|noche)$/iu, "night"],
  [/^(?:hour|stunde|heure|hora|hr)$/iu, "hour"],
  [/^(?:ticket|billet|entrada|fahrkarte)$/iu, "ticket"],
  [/^(?:lesson|class|kurs|cours|clase|session|sitzung|s[e\u00e9]ance|sesi[o\u00f3]n)$/iu, "session"],
  [/^(?:meal|mahlzeit|repas|comida)$/iu, "meal"],
  [/^(?:call|appel|anruf|llamada|consultation|konsultation|consulta)$/iu, "call"],
  [/^(?:share|part|anteil|participaci[o\u00f3]n)$/iu, "share"],
  [/^(?:parcel|colis|paket|paquete)$/iu, "parcel"],
  [/^(?:hectare|ha|hektar|hect[a\u00e1]rea)$/iu, "hectare"],
];

/**
 * The unit a price is charged in, as an English phrase to put after the amount: "monthly" → "a month", "per seat per
 * month" → "per seat per month", "pro Nutzer und Monat" → "per user per month"; words it cannot read are kept as the client
 * wrote them. Empty for a one-off price or none given.
 */
export function unitPhrase(billing: unknown): string {
  if (typeof billing !== "string" || billing.trim() === "") return "";
  const raw = billing.trim().replace(/^[_\s]+|[_\s]+$/g, "");
  if (/^(?:one[_ -]?off|once|one[- ]time|single payment|einmalig)$/i.test(raw)) return "";
  const words = raw
    .toLowerCase()
    .replace(/[_/()[\],]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(
      (w) =>
        !/^(?:per|pro|par|por|je|a|an|each|every|und|and|et|y|i|in|im|the|billed|charged|paid|payable|payment|paiement|zahlung|pago|\u00e0|al|el|la|le|les|der|die|das|du|de|del|un|une|una|ein|eine)$/iu.test(
          w,
        ),
    );
  const period = words.map((w) => PERIODS.find(([p]) => p.test(w))?.[1]).find((p) => p !== undefined);
  const things = words.map((w) => PER_THINGS.find(([p]) => p.test(w))?.[1]).filter((t): t is string => !!t);
  const known = words.every((w) => PERIODS.some(([p]) => p.test(w)) || PER_THINGS.some(([p]) => p.test(w)));
  // Words it cannot read are the client's: English ones run on ("a year per farm"), others are quoted, never spliced
  // into an English sentence ("per la part").
  if (!known) {
    if (!/^[\p{Script=Latin}\d\s'-]+$/u.test(raw) || /[\u00c0-\u024f]/u.test(raw) || FOREIGN_WORD.test(raw))
      return `("${raw}")`;
    // "for a full wedding day", "with delivery": what the price covers, said as written, never "per for …".
    return /^(?:per|a|an|each|every|for|with|including|incl\.?|plus)\b/i.test(raw) ? raw : `per ${raw}`;
  }
  // "per seat per month" when it is charged per something, "a month" alone.
  const per = period && things.length > 0 ? period.replace(/^a /, "per ") : period;
  return [...things.map((t) => `per ${t}`), ...(per ? [per] : [])].join(" ");
}

/**
 * The unit a price is charged in, read from the words right after it in running text ("a month, and …" → "a month",
 * "al mes?" → "a month", "pro Jahr" → "a year"): only words the unit reader knows, so "for the app" is no unit. Empty
 * when none follows.
 */
export function unitAfter(text: string): string {
  const tokens = text
    .trimStart()
    .replace(/^\/\s*/, "per ")
    .split(/[\s,;:.!?\u00bf\u00a1)]+/u);
  const taken: string[] = [];
  for (const token of tokens.slice(0, 4)) {
    if (token === "") break;
    const unit = PERIODS.some(([p]) => p.test(token)) || PER_THINGS.some(([p]) => p.test(token));
    const filler = UNIT_FILLER.test(token);
    if (!unit && !filler) break;
    // French "par an" is a year, though "an" alone is the English article.
    const yearly = token.toLowerCase() === "an" && /^par$/i.test(taken[taken.length - 1] ?? "");
    taken.push(yearly ? "ann\u00e9e" : token);
    if (yearly) break;
    // A period ends the unit: "a month for the app" stops at "month".
    if (!filler && PERIODS.some(([p]) => p.test(token))) break;
  }
  while (taken.length > 0 && UNIT_FILLER.test(taken[taken.length - 1] as string)) taken.pop();
  return taken.length > 0 ? unitPhrase(taken.join(" ")) : "";
}

/** Little words around a unit ("per", "pro", "al", "a"), which are no unit by themselves. */
const UNIT_FILLER =
  /^(?:per|pro|par|por|je|a|an|each|every|im|\u00e0|au|al|el|la|le|der|den|die|das|de|del|un|une|una|ein|einen|eine|cada|chaque)$/iu;

/** Little words of German, French, Spanish and other languages that say a unit is not written in English. */
const FOREIGN_WORD =
  /\b(?:pro|par|por|je|und|et|y|im|la|le|les|der|die|das|du|de|del|un|une|una|ein|eine|al|el|chaque|cada|jede[nrs]?|za|na|ba\u015f\u0131na)\b/iu;

/** "¥2,500" + "a week" → "¥2,500 a week". */
export const withUnit = (money: string, unit: string) => (unit ? `${money} ${unit}` : money);

// --- Reading amounts back ------------------------------------------------------------------------------------------

/** A currency sign, or a code or prefix such as "CHF", "CA$", "R$", "kr". */
const SIGN = String.raw`(?:[A-Z]{1,3}\$|[\p{Sc}]|\b[A-Z]{3}\b|\bkr\b|z\u0142|K\u010d|\bFt\b|\blei\b|\bRs\.?)`;
/** A number as `Intl` writes one for money: grouped by commas, dots, spaces or apostrophes, with decimals. */
const NUMBER = String.raw`\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?(?![\d])|\d{1,3}(?:[,.'\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?(?![\d])|\d+(?:[.,]\d+)?(?:e[+-]?\d+)?`;

/**
 * Every sign `Intl` writes for a currency in English ("Cg.", "Ksh", "GH₵", "RM"…), so a price in any ISO 4217
 * currency is read back as one: worked out once, from the currencies `Intl` knows.
 */
let intlSigns: string | undefined;
/** Signs met while writing money for a locale the list below misses (see `formatter`). */
const writtenSigns = new Set<string>();
/** English as written where the studies' participants most often live: some write a sign of their own ("Cg" in en-CA). */
const SIGN_LOCALES = ["en", "en-US", "en-GB", "en-CA", "en-AU", "en-NZ", "en-IE", "en-IN", "en-ZA", "en-SG", "en-HK"];
/** Languages clients write prices in besides English: their own signs ("$US", "BR$", "$CA") are read too. */
const CLIENT_LANGUAGES = ["fr", "de", "es", "pt", "it", "nl", "sv", "pl", "tr", "ja"];
/** Which currencies a sign stands for in any of those locales: one only, and the sign names its currency. */
let signCurrencies: Map<string, Set<string>> | undefined;
/** Any of those signs, compiled once. */
let signPattern: RegExp | undefined;

function signOf(locale: string, currency: string): string | undefined {
  try {
    const part = new Intl.NumberFormat(locale, { style: "currency", currency })
      .formatToParts(1)
      .find((p) => p.type === "currency")?.value;
    return part && !/^[A-Z]{3}$/.test(part) ? part : undefined;
  } catch {
    // A locale Intl does not know: the code alone is read.
    return undefined;
  }
}

function signsOfIntl(): string {
  if (intlSigns === undefined) {
    const signs = new Set<string>(writtenSigns);
    signCurrencies = new Map();
    for (const currency of Intl.supportedValuesOf("currency")) {
      for (const locale of [...SIGN_LOCALES, `en-${countryOfCurrency(currency) ?? "GB"}`, ...CLIENT_LANGUAGES]) {
        const sign = signOf(locale, currency);
        // "Cg." in one locale is "Cg" in another: both are read.
        if (sign)
          for (const form of [sign, sign.replace(/\.$/, "")])
            if (form) {
              signs.add(form);
              signCurrencies.set(form, (signCurrencies.get(form) ?? new Set()).add(currency));
            }
      }
    }
    intlSigns = [...signs]
      .sort((a, b) => b.length - a.length)
      .map((sign) => sign.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("|");
  }
  return intlSigns;
}

const moneyPatterns = new Map<string, RegExp>();

/** True when `sign` is read as money already. */
function knownSign(sign: string): boolean {
  return moneyPattern().test(`${sign}1`) || moneyPattern().test(`1 ${sign}`);
}

/** The source of `moneyPattern`, to build into larger patterns (with the `u` flag). */
export const moneySource = () => moneyPattern().source;

/** A fresh regular expression for a price in any currency (with the `u` flag its signs need). */
export function moneyPattern(flags = ""): RegExp {
  const key = flags.replace("u", "");
  const source = moneyPatterns.get(key)?.source;
  if (source) return new RegExp(source, `u${key}`);
  // The signs Intl writes come first, longest first, so "$US" is read whole rather than as "$" and a unit "US".
  const sign = String.raw`(?:(?<![\p{L}])(?:${signsOfIntl()})(?![\p{L}])|${SIGN})`;
  const built = new RegExp(String.raw`(?:${sign}\s?(?:${NUMBER})|(?:${NUMBER})\s?${sign})`, `u${key}`);
  moneyPatterns.set(key, built);
  return new RegExp(built.source, `u${key}`);
}

/** `moneyPattern("g")` compiled once (compiling its thousands of signs takes milliseconds), until a new sign is met. */
let moneyAll: RegExp | undefined;
/** `moneyPattern()` compiled once, the same way. */
let moneyOne: RegExp | undefined;

/** Every price a text names, as `moneyPattern` matches them. */
export function moneyMatches(text: string): RegExpMatchArray[] {
  moneyAll ??= moneyPattern("g");
  return [...text.matchAll(moneyAll)];
}

/** The value of a number as written for money, whichever the grouping and decimal marks. */
export function numberOf(digits: string): number {
  const text = digits.replace(/[\u00a0\u202f ']/g, "");
  // Indian grouping ("1,00,000"): lakhs and crores, commas only.
  if (/^\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?$/.test(text)) return Number(text.replaceAll(",", ""));
  if (/e[+-]?\d+$/i.test(text)) return Number(text.replace(",", "."));
  const last = Math.max(text.lastIndexOf(","), text.lastIndexOf("."));
  if (last < 0) return Number(text);
  const after = text.length - last - 1;
  const marks = (text.match(/[.,]/g) ?? []).length;
  const mixed = text.includes(",") && text.includes(".");
  // The last mark is the decimal one when both kinds appear, or when it has one or two digits after it.
  const decimal = mixed || after !== 3 || (marks === 1 && /^0[.,]/.test(text));
  if (!decimal) return Number(text.replace(/[.,]/g, ""));
  return Number(`${text.slice(0, last).replace(/[.,]/g, "")}.${text.slice(last + 1)}`);
}

/**
 * The amount of a price label ("£4.99 a month", "CHF 12", "12,50 kr", "Less than ¥2,500": just under it), or null when
 * the label names no price.
 */
export function amountIn(label: string): number | null {
  moneyOne ??= moneyPattern();
  const match = moneyOne.exec(label.trim());
  if (!match) return null;
  const digits = new RegExp(NUMBER, "u").exec(match[0])?.[0];
  if (!digits) return null;
  const amount = numberOf(digits);
  if (!Number.isFinite(amount)) return null;
  if (/\b(less than|under|below)\b/i.test(label)) return amount - 0.01;
  if (/\b(or more|more than|over|above)\b/i.test(label)) return amount + 0.01;
  return amount;
}

/** The currency a price text names ("$9" → USD when `hint` says nothing else, "CHF 12" → CHF, "4,90 €" → EUR). */
export function currencyIn(text: string, hint?: string): string | undefined {
  const code = /\b([A-Z]{3})\b/.exec(text)?.[1];
  if (code && currencyCode(code)) return code;
  const sign = new RegExp(SIGN, "u").exec(text)?.[0] ?? "";
  const hinted = currencyCode(hint);
  if (sign === "\u20ac") return "EUR";
  if (sign === "\u00a3") return "GBP";
  if (sign === "\u00a5" || sign === "\uffe5") return hinted === "CNY" ? "CNY" : "JPY";
  if (sign === "\u20b9") return "INR";
  if (sign === "\u20a9") return "KRW";
  if (sign === "R$") return "BRL";
  if (sign === "kr") return hinted && ["SEK", "NOK", "DKK", "ISK"].includes(hinted) ? hinted : "SEK";
  if (sign === "z\u0142") return "PLN";
  // Signs of one currency that the English and client-language signs miss: "18 900 Ft", "490 Kč", "59 lei".
  if (sign === "Ft") return "HUF";
  if (sign === "K\u010d") return "CZK";
  if (sign === "lei") return "RON";
  // A sign of one currency only, in whichever language the client wrote it ("$US", "BR$", "$CA").
  signPattern ??= new RegExp(String.raw`(?<![\p{L}])(?:${signsOfIntl()})(?![\p{L}])`, "u");
  const written = signPattern.exec(text)?.[0];
  const only = written && written !== "$" ? signCurrencies?.get(written) : undefined;
  if (only?.size === 1) return [...only][0];
  if (sign.endsWith("$")) {
    const prefix = sign.slice(0, -1);
    const byPrefix: Record<string, string> = {
      CA: "CAD",
      A: "AUD",
      AU: "AUD",
      NZ: "NZD",
      HK: "HKD",
      MX: "MXN",
      S: "SGD",
      US: "USD",
    };
    if (prefix) return byPrefix[prefix] ?? hinted;
    return hinted &&
      hinted !== "EUR" &&
      hinted !== "GBP" &&
      formatMoney(1, { currency: hinted, locale: "en-US" }).includes("$")
      ? hinted
      : "USD";
  }
  return undefined;
}

/**
 * Words that make the amount after them a starting price, in the four languages the writer reads, ending what comes
 * before the amount ("from", "Packages from").
 */
const STARTING_PRICE =
  /(?:^|\s)(?:from|starting (?:at|from)|prices? from|as little as|only from|ab|schon ab|bereits ab|\u00e0 partir de|d\u00e8s|desde|a partir de)$/iu;

/**
 * A price a client wrote in free text ("$9 per month", "4,90 € pro Monat", "CHF 49/Monat", "¥1,200/月", "12 kr per
 * vecka"), as an amount, its currency and the unit in English; undefined when the text is no single price.
 */
export function readPrice(
  raw: string,
  hint?: string,
): { amount: number; currency: string; unit: string; note?: string; from?: true } | undefined {
  // "CHF 39.–" and "39,-": whole francs (or euros) written the Swiss and German way, not a cut-off decimal.
  const text = raw.trim().replace(/(\d)[.,][\u2013\u2014-](?![\d])/gu, "$1");
  const match = moneyPattern().exec(text);
  // "from ฿1,490", "ab 19 €": a starting price, never said as if it were the price. A few words may lead it
  // ("Packages from KES 45,000"): they name what is priced, not the price.
  const lead = match ? text.slice(0, match.index).trim() : "";
  const from = STARTING_PRICE.test(lead) && lead.split(/\s+/).length <= 5;
  if (!match || (match.index > 12 && !from)) return undefined;
  const currency = currencyIn(match[0], hint) ?? currencyCode(hint);
  const digits = new RegExp(NUMBER, "u").exec(match[0])?.[0];
  if (!currency || !digits) return undefined;
  const after = text.slice((match.index ?? 0) + match[0].length).trim();
  // A note in brackets at the end ("(platform adds ₹20)", "(VAT included)") is the client's, kept beside the price,
  // never read as its unit.
  const bracket = /\s*\(([^()]+)\)$/u.exec(after);
  const unitOf = (words: string) => (words === "" ? "" : unitPhrase(words.replace(/^[/]\s*/, "per ")));
  const before = bracket ? after.slice(0, bracket.index).trim() : after;
  // A unit the mock cannot read keeps its note with it, quoted as the client wrote both ("la part (paiement unique)").
  const split = bracket !== null && !unitOf(before).startsWith('("');
  const rest = split ? before : after;
  // What follows is a unit ("per month", "/Monat", "a week") only when it is short; anything longer is not a price.
  if (rest.split(/\s+/).length > 6) return undefined;
  const note = split ? (bracket?.[1] as string) : undefined;
  return {
    ...(from ? { from: true as const } : {}),
    amount: numberOf(digits),
    currency,
    unit: unitOf(rest),
    // Said as written in English, quoted in another language, as its unit's language tells ("(\"inkl. MwSt.\")").
    ...(note
      ? { note: /[\u00c0-\u024f]/u.test(note) || FOREIGN_WORD.test(`${before} ${note}`) ? `("${note}")` : `(${note})` }
      : {}),
  };
}
