import { favourableOf } from "./analysis.js";
import {
  amountIn,
  currencyCode,
  currencyIn,
  formatMoney,
  type MoneyStyle,
  moneyMatches,
  perPound,
  unitAfter,
  withUnit,
} from "./money.js";
import { percent, type QuestionResult, type ResearchResults } from "./results.js";
import { favourableLabel } from "./segments.js";

/**
 * What a brief asks to be measured, in its own words: "what they would pay", "wie oft", "le montant du don", "en qué
 * canal". Each asked measure becomes a question of the plan (when no question of the goal already measures it), is
 * answered by the simulated respondents like any other question, and is reported in the summary with its number and
 * base. One reader (`measureOfQuestion`) says which measure a plan question asks, so the plan and the report agree.
 * Languages read: English, German, French and Spanish (a small vocabulary each); others are not parsed.
 */
export type AskedMeasure = "pay" | "channel" | "amount" | "trust" | "clarity" | "frequency" | "competitors";

export const ASKED_MEASURES: readonly AskedMeasure[] = [
  "pay",
  "amount",
  "channel",
  "frequency",
  "trust",
  "clarity",
  "competitors",
];

/** What each measure is called in a report's sentence. */
export const MEASURE_LABEL: Record<AskedMeasure, string> = {
  pay: "willingness to pay",
  amount: "how much they would give or spend",
  channel: "the channel they prefer",
  frequency: "how often",
  trust: "trust",
  clarity: "clarity",
  competitors: "how it compares with competitors",
};

const BOUNDARY = String.raw`(?:(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_])|(?<=[\p{L}\p{N}_])(?![\p{L}\p{N}_]))`;
/** `\b` is ASCII-only in JavaScript: "clarté" or "würden" need a boundary between any letter and anything else. */
const words = (source: string) => new RegExp(source.replaceAll(String.raw`\b`, BOUNDARY), "iu");

/** How a brief asks for each measure, in English, German, French and Spanish. */
const ASK_WORDS: Record<AskedMeasure, RegExp> = {
  pay: words(
    [
      String.raw`\bwilling(?:ness)? to pay\b|\bwould (?:[\p{L}-]+ ){0,3}?pay\b|\bhow much (?:\w+ ){0,3}pay\b|\bpay for\b|\bprice (?:they|people|customers) would accept\b`,
      String.raw`\bzahlungsbereit\w*|\b(?:be)?zahlen w[u\u00fc]rden\b|\bw[u\u00fc]rden\b(?:\s+\S+){0,12}?\s+(?:be)?zahlen\b|\bbereit\b(?:\s+\S+){0,12}?\s+zu (?:be)?zahlen\b|\bwas (?:\w+ ){0,4}kosten darf\b|\bwie viel (?:\w+ ){0,4}(?:be)?zahlen\b`,
      String.raw`\b(?:pr[e\u00ea]ts?|pr[e\u00ea]tes|dispos[e\u00e9]s?) [a\u00e0] payer\b|\bpaieraient\b|\bpaierai\w*|\bconsentement [a\u00e0] payer\b|\bcombien (?:\w+ ){0,4}payer\b`,
      String.raw`\bdispuest[oa]s? a pagar\b|\bpagar[i\u00ed]an\b|\bdisposici[o\u00f3]n a pagar\b|\bcu[a\u00e1]nto (?:\w+ ){0,4}pagar\b`,
    ].join("|"),
  ),
  amount: words(
    [
      String.raw`\bgift sizes?\b|\bdonation sizes?\b|\bamounts?\b|\bhow much (?:\w+ ){0,3}(?:give|donate|spend|spent|save)\b|\btypical (?:gift|donation|spend)\b`,
      String.raw`\bbetrag\w*|\bspendenh[o\u00f6]he\b|\bwie viel (?:\w+ ){0,4}(?:spenden|ausgeben|sparen)\b`,
      String.raw`\bmontants?\b|\bcombien (?:\w+ ){0,4}(?:donner|d[e\u00e9]penser|[e\u00e9]pargner)\b`,
      String.raw`\bmontos?\b|\bimportes?\b|\bcu[a\u00e1]nto (?:\w+ ){0,4}(?:donar|gastar|ahorrar)\b`,
    ].join("|"),
  ),
  channel: words(
    [
      String.raw`\bchannels?\b|\bthrough which\b|\bwhere (?:they|people) (?:would )?(?:prefer to )?(?:buy|give|donate|book)\b`,
      String.raw`\bkan[a\u00e4]le?n?\b|\bvertriebsweg\w*|\b[u\u00fc]ber welchen? weg\b`,
      String.raw`\bcan(?:al|aux)\b`,
      String.raw`\bcanal(?:es)?\b|\bv[i\u00ed]as? de (?:contacto|pago|donaci[o\u00f3]n)\b`,
    ].join("|"),
  ),
  frequency: words(
    [
      String.raw`\bhow often\b|\bfrequency\b|\bhow regularly\b`,
      String.raw`\bwie oft\b|\bwie h[a\u00e4]ufig\b|\bh[a\u00e4]ufigkeit\b`,
      String.raw`\b[a\u00e0] quelle fr[e\u00e9]quence\b|\bfr[e\u00e9]quence\b|\bcombien de fois\b`,
      String.raw`\bcon qu[e\u00e9] frecuencia\b|\bfrecuencia\b|\bcada cu[a\u00e1]nto\b`,
    ].join("|"),
  ),
  trust: words(
    [
      String.raw`\btrust\w*|\bcredib\w*`,
      String.raw`\bvertrau\w*|\bglaubw[u\u00fc]rdig\w*`,
      String.raw`\bconfiance\b|\bcr[e\u00e9]dib\w*`,
      String.raw`\bconfianza\b|\bconf[i\u00ed]an?\b|\bcredibilidad\b`,
    ].join("|"),
  ),
  clarity: words(
    [
      String.raw`\bclarity\b|\bclear\b|\beasy to understand\b|\bunderstandable\b`,
      String.raw`\bklarheit\b|\bklar\b|\bverst[a\u00e4]ndlich\w*`,
      String.raw`\bclart[e\u00e9]\b|\bclaire?s?\b|\bcompr[e\u00e9]hensible\w*`,
      String.raw`\bclaridad\b|\bclar[oa]s?\b|\bcomprensible\w*|\bse entiende\b`,
    ].join("|"),
  ),
  competitors: words(
    [
      String.raw`\bcompetitors?\b|\bcompetition\b|\brivals?\b|\bagainst (?:other|the other)\b|\bcompared (?:with|to) (?:other|the other|rivals)\b`,
      String.raw`\bwettbewerb\w*|\bkonkurren\w*|\bmitbewerber\w*`,
      String.raw`\bconcurren\w*`,
      String.raw`\bcompetencia\b|\bcompetidores?\b`,
    ].join("|"),
  ),
};

/**
 * The inputs that hold what a brief asks, rather than what is tested: the stimulus (a concept, messages, features, a
 * task) describes the product, and a "clear price" in a concept is no request to measure clarity.
 */
const STIMULUS_KEYS = new Set([
  "concept",
  "messages",
  "features",
  "price_point",
  "price_points",
  "currency",
  "billing",
  "brand",
  "competitors",
  "start_url",
  "task",
  "success_criteria",
  "goal_event",
  "steps",
  "questions",
  "audience",
  "product_name",
]);

/** The texts of a study's inputs that say what its brief asks: the objective, notes and brief, and any other words. */
export function briefTexts(inputs: Record<string, unknown>): string[] {
  return Object.entries(inputs).flatMap(([key, value]) =>
    !STIMULUS_KEYS.has(key) && typeof value === "string" && value.trim() !== "" ? [value.slice(0, 4_000)] : [],
  );
}

const GIVING = words(
  String.raw`\bgiv(?:e|ing)\b|\bgifts?\b|\bdonat\w*|\bdonors?\b|\bfundrais\w*|\bcharit\w*|\bspende\w*|\bun don\b|\bdons\b|\bdonner\b|\bdonar\b|\bdonaci[o\u00f3]n\w*`,
);

/** Whether the brief is about giving (a gift, a donation, an appeal) rather than spending. */
export function aboutGiving(inputs: Record<string, unknown>): boolean {
  return briefTexts(inputs).some((t) => GIVING.test(t));
}

/**
 * The name an English brief gives what it is about: its first run of two to four capitalised words after the start
 * ("… giving to the Little Hearts Appeal, …" → "the Little Hearts Appeal"); undefined when it names none.
 */
export function namedIn(text: string): string | undefined {
  const found = /(?<=\s)(the\s)?((?:\p{Lu}[\p{L}\p{N}'\u2019-]*)(?:\s\p{Lu}[\p{L}\p{N}'\u2019-]*){1,3})/u.exec(text);
  return found ? `${found[1] ?? ""}${found[2]}` : undefined;
}

/** The measures a study's brief asks for, in a fixed order; a brand study with named competitors asks for them. */
export function askedMeasures(inputs: Record<string, unknown>): AskedMeasure[] {
  const worded = measuresWorded(inputs);
  const named = Array.isArray(inputs.competitors) && inputs.competitors.some((c) => typeof c === "string" && c.trim());
  return ASKED_MEASURES.filter(
    (m) => worded.includes(m) || (m === "competitors" && named && typeof inputs.brand === "string"),
  );
}

/** The measures the brief's own words ask for: only these are reported as asked by the brief. */
function measuresWorded(inputs: Record<string, unknown>): AskedMeasure[] {
  const texts = briefTexts(inputs);
  return ASKED_MEASURES.filter((m) => texts.some((t) => ASK_WORDS[m].test(t)));
}

/** A price the brief asks people would pay, as it wrote it: its amount, currency and unit ("a month"). */
export interface AskedPrice {
  amount: number;
  currency: string;
  unit: string;
  /** Whether it is the price of a premium version, tier or plan ("la versión premium de 2,99 USD al mes"). */
  premium: boolean;
}

/** One thing the brief asks: a measure, and for willingness to pay the price it names, if any. */
export interface Ask {
  measure: AskedMeasure;
  price?: AskedPrice;
  /** For a channel: whether the brief asks how people would hear of it (notices, reminders), not deal with it. */
  hearing?: boolean;
  /** For a channel: the channels the brief lists where it asks ("(WhatsApp, llamada, app)"), as written. */
  listed?: string[];
}

/** A channel asked for hearing of something: notices, reminders, news, updates, in the four languages read. */
const HEARING = words(
  [
    String.raw`\b(?:hear|receive|informed|told|reminders?|notices?|notifications?|updates?|news|alerts?|announcements?)\b`,
    String.raw`\b(?:erfahren|informiert|erinnerung\w*|hinweis\w*|benachrichtigung\w*|nachrichten|erhalten|ank[u\u00fc]ndigung\w*)\b`,
    String.raw`\b(?:rappels?|inform[e\u00e9]s?|recevoir|annonces?|nouvelles|avis|notifications?)\b`,
    String.raw`\b(?:avisos?|enterarse|informarse|informad[oa]s|recibir|recordatorios?|noticias|anuncios?|notificaciones?)\b`,
  ].join("|"),
);

const PREMIUM = words(String.raw`\bpremium\w*|\bpr[e\u00e9]mium\w*`);

/** A brief's sentences, as the asks are read from them: split after a stop or a semicolon, and at line breaks. */
const sentencesOf = (text: string) => text.split(/(?<=[.!?;])\s+|\n+/u);

/**
 * The prices a brief asks people would pay (at most three), each read from a sentence that asks what people would
 * pay, in any of the four languages: "¿cuáles pagarían … de 2,99 USD al mes?", "would they pay 40 zł a month for…",
 * "prêts à payer 9,90 € par mois". An amount in a sentence that asks no such thing (a deposit, a fee) is not one.
 */
export function askedPrices(inputs: Record<string, unknown>, hint?: string): AskedPrice[] {
  const found: AskedPrice[] = [];
  for (const text of briefTexts(inputs))
    for (const sentence of sentencesOf(text)) {
      const prices = moneyMatches(sentence);
      if (prices.length === 0 || !ASK_WORDS.pay.test(sentence)) continue;
      for (const match of prices) {
        const amount = amountIn(match[0]);
        const currency = currencyIn(match[0], hint) ?? currencyCode(hint);
        if (amount === null || !(amount > 0) || !currency) continue;
        if (found.some((p) => p.amount === amount && p.currency === currency)) continue;
        const unit = unitAfter(sentence.slice((match.index ?? 0) + match[0].length));
        found.push({ amount, currency, unit, premium: PREMIUM.test(sentence) });
      }
    }
  return found.slice(0, 3);
}

/** What the brief asks, one ask a question: willingness to pay at each price it names, else at none. */
export function asksOf(inputs: Record<string, unknown>, hint?: string): Ask[] {
  const prices = askedPrices(inputs, hint);
  return askedMeasures(inputs).flatMap((measure): Ask[] =>
    measure === "pay" && prices.length > 0
      ? prices.map((price) => ({ measure, price }))
      : measure === "channel"
        ? [
            {
              measure,
              hearing: briefTexts(inputs).some((t) => channelSentences(t).some((c) => HEARING.test(c))),
              ...listedChannels(inputs),
            },
          ]
        : [{ measure }],
  );
}

/** The sentences of a text that ask about a channel. */
const channelSentences = (text: string) => sentencesOf(text).filter((sentence) => ASK_WORDS.channel.test(sentence));

/** Between a list's items: a comma, a slash, or "or"/"and" in the four languages. */
const LIST_SEPARATOR = /\s*(?:[,;/]|\s(?:or|and|oder|und|ou|et|o|y)\s)\s*/iu;

/**
 * The channels a brief lists in brackets after it asks about them ("the preferred channel (WhatsApp, call, app)",
 * "über welchen Kanal (Instagram, Schule, Verein)"), as written: those are the options it wants compared.
 */
function listedChannels(inputs: Record<string, unknown>): { listed?: string[] } {
  for (const text of briefTexts(inputs))
    for (const sentence of channelSentences(text)) {
      const at = ASK_WORDS.channel.exec(sentence)?.index ?? 0;
      const bracket = /\(([^()]{3,200})\)/u.exec(sentence.slice(at))?.[1];
      const items = (bracket ?? "")
        .split(LIST_SEPARATOR)
        .map((item) => item.trim().replace(/^(?:e\.g\.|z\.\s?B\.|p\.\s?ex\.|p\.\s?ej\.)\s*/iu, ""))
        .filter((item) => item !== "" && item.length <= 40);
      if (items.length >= 2 && items.length <= 8) return { listed: items };
    }
  return {};
}

/** The amounts a text names as money. */
function amountsIn(text: string): number[] {
  return [...moneyMatches(text)].flatMap((m) => amountIn(m[0]) ?? []);
}

/** Whether a plan question asks what `ask` asks: the same measure, and at the price it names. */
export function answers(q: { text: string; options: readonly string[] }, ask: Ask): boolean {
  if (measureOfQuestion(q) !== ask.measure) return false;
  const price = ask.price?.amount;
  return (
    price === undefined || [q.text, ...q.options].some((t) => amountsIn(t).some((a) => Math.abs(a - price) < 0.005))
  );
}

/** A price the brief asked, as the study writes money: "US$2.99 a month". */
export function priceLabel(price: AskedPrice, style: MoneyStyle): string {
  return withUnit(formatMoney(price.amount, { ...style, currency: price.currency }), price.unit);
}

const OPTIONS = {
  pay: [
    "Definitely would not pay for it",
    "Probably would not pay for it",
    "Might or might not pay for it",
    "Probably would pay for it",
    "Definitely would pay for it",
  ],
  channel: ["On a website", "In a mobile app", "By phone", "In person", "By post", "Other"],
  // How people hear of something: the channels a notice or reminder reaches them by.
  hearing: [
    "By text message",
    "By email",
    "Through a messaging app such as WhatsApp",
    "On social media",
    "On local radio or TV",
    "From a notice or poster nearby",
    "Other",
  ],
  compared: [
    "Much worse",
    "A little worse",
    "About the same",
    "A little better",
    "Much better",
    "Don't know enough to say",
  ],
  trust: ["Do not trust at all", "Trust a little", "Trust somewhat", "Trust a lot", "Trust completely"],
  clarity: ["Very unclear", "Quite unclear", "Neither clear nor unclear", "Quite clear", "Very clear"],
  frequency: ["Never", "Less than once a month", "Once or twice a month", "Once a week", "Several times a week"],
} as const;

/** Band edges in pounds, turned into the study's currency at a round number. */
const AMOUNT_EDGES_GBP = [5, 20, 50, 100];

function roundNice(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const steps = [1, 2, 2.5, 5, 10];
  const step = steps.find((s) => value <= s * power * 1.2) ?? 10;
  return step * power;
}

/** Money bands for "how much would you give or spend", in the study's currency: "Nothing", "Less than £5", … */
export function amountBands(style: MoneyStyle): string[] {
  const rate = perPound(style.currency) ?? 1;
  const edges = [...new Set(AMOUNT_EDGES_GBP.map((e) => roundNice(e * rate)))];
  const m = (amount: number) => formatMoney(amount, style, 0);
  return [
    "Nothing",
    `Less than ${m(edges[0] as number)}`,
    ...edges.slice(1).map((edge, i) => `${m(edges[i] as number)} to under ${m(edge)}`),
    `${m(edges[edges.length - 1] as number)} or more`,
  ];
}

export interface AskedQuestion {
  measure: AskedMeasure;
  text: string;
  options: string[];
  name: string;
  insight: string;
}

/**
 * The question that measures what the brief asked, about `subject` (a short name, or "this" when none is known).
 * `giving` words amounts and channels as gifts (a charity or an appeal) rather than spending; `brands` are the study's
 * brand and its competitors, compared by name when there are some; `price` is the price the brief asked people would
 * pay, asked at that price.
 */
export function askedQuestion(
  measure: AskedMeasure,
  subject: string,
  style: MoneyStyle,
  giving: boolean,
  brands: readonly string[],
  price?: AskedPrice,
  hearing = false,
  listed?: readonly string[],
): AskedQuestion {
  const spend = giving ? "give to" : "spend on";
  switch (measure) {
    case "pay": {
      // Willingness to pay is asked of the thing at the brief's own price, never as a choice among features: a
      // feature picked is no answer to "would they pay 2,99 USD a month".
      const what = !price?.premium
        ? subject
        : subject === "this"
          ? "its premium version"
          : `the premium version of ${subject}`;
      const at = price ? priceLabel(price, style) : undefined;
      return {
        measure,
        text: at ? `Would you pay ${at} for ${what}?` : `Would you pay for ${what}?`,
        options: [...OPTIONS.pay],
        name: at ? `would pay ${at}` : "would pay",
        insight: at
          ? `Whether people would pay ${at}, the price the brief asked about.`
          : "Whether people would pay for it at all, as the brief asked.",
      };
    }
    case "amount":
      return {
        measure,
        text: `About how much would you ${spend} ${subject} in a typical month?`,
        options: amountBands(style),
        name: giving ? "gift size" : "monthly spend",
        insight: "The amount people would give or spend, as the brief asked.",
      };
    case "channel":
      return {
        measure,
        text: hearing
          ? `How would you most like to hear about ${subject}?`
          : giving
            ? `How would you most like to give to ${subject}?`
            : `How would you most like to deal with ${subject}?`,
        // The channels the brief lists are the ones compared, with a way out; else a general set.
        options: listed ? [...listed, "Something else"] : [...(hearing ? OPTIONS.hearing : OPTIONS.channel)],
        name: "preferred channel",
        insight: "The channel people prefer, as the brief asked.",
      };
    case "frequency":
      return {
        measure,
        text: `How often would you use ${subject}?`,
        options: [...OPTIONS.frequency],
        name: "how often",
        insight: "How often people would use it, as the brief asked.",
      };
    case "trust":
      return {
        measure,
        text: `How much would you trust ${subject}?`,
        options: [...OPTIONS.trust],
        name: "trust",
        insight: "How far people trust it, as the brief asked.",
      };
    case "clarity":
      return {
        measure,
        text: `How clear is what ${subject} offers, from what you have seen?`,
        options: [...OPTIONS.clarity],
        name: "clarity",
        insight: "How clear people find it, as the brief asked.",
      };
    case "competitors":
      return brands.length >= 2
        ? {
            measure,
            text: "Which of these would you choose first?",
            options: [...brands, "None of these"],
            name: "first choice",
            insight: "Which of the brands people would choose first, as the brief asked.",
          }
        : {
            measure,
            text: `Compared with the alternatives you know, how would you rate ${subject}?`,
            options: [...OPTIONS.compared],
            name: "compared with others",
            insight: "How it compares with the alternatives people know, as the brief asked.",
          };
  }
}

/**
 * The measure a plan question asks, read from its words and options: the plan uses it to ask each measure once, the
 * report to find the question that answers what the brief asked.
 */
export function measureOfQuestion(q: { text: string; options: readonly string[] }): AskedMeasure | undefined {
  const t = q.text.toLowerCase();
  const o = q.options.join(" \u0000 ").toLowerCase();
  // A choice among features or brands "you would pay extra for" measures which of them, not willingness to pay: its
  // commonest answer is a feature. Willingness to pay has a pay scale, prices or "% more" for options.
  if (
    /\bwould you pay\b|\bmost you would pay\b|\bwilling(?:ness)? to pay\b|\bpay extra\b|\bhow much more would you pay\b/.test(
      t,
    ) &&
    q.options.length > 0 &&
    q.options.every((x) => /\bpay\b|\d|%|\bnothing\b|\bnone\b|\bnot sure\b|\bdon't know\b/i.test(x))
  )
    return "pay";
  if (/\bhow much would you (?:give|donate|spend)\b|\bhow much do you (?:give|donate|spend)\b/.test(t)) return "amount";
  if (/\bhow would you (?:most )?like to (?:give|deal|pay|donate|buy|hear)\b|\bchannel/.test(t)) return "channel";
  if (/\bhow often\b/.test(t)) return "frequency";
  if (/\btrust\b/.test(t) || /\btrust (?:a lot|completely)\b/.test(o)) return "trust";
  if (/\bhow clear\b|\bclarity\b|\beasy to understand\b/.test(t) || /\bvery clear\b/.test(o)) return "clarity";
  if (/\b(?:choose|pick) first\b|\bcompared with the alternatives\b|\bcompared with\b.*\bcompetitors?\b/.test(t))
    return "competitors";
  return undefined;
}

/**
 * A question's headline number, as the summary states it: the favourable end of a scale, else the commonest answer,
 * each with the base it is a share of (every respondent: each is asked every question).
 */
function headline(q: QuestionResult, measure: AskedMeasure, base: number): string {
  // Amounts, channels and brands are not scales: a "top-two box" of gift bands would be the two largest gifts.
  const favourable = measure === "amount" || measure === "channel" || measure === "competitors" ? [] : favourableOf(q);
  if (favourable.length > 0) {
    const share = favourable.reduce((sum, o) => sum + (q.overall[o] ?? 0), 0);
    return `${favourableLabel(q.answer_options)} ${percent(share)} (n=${base})`;
  }
  const top = q.answer_options.reduce((best, o) => ((q.overall[o] ?? 0) > (q.overall[best] ?? 0) ? o : best));
  return `commonest answer "${top}" ${percent(q.overall[top] ?? 0)} (n=${base})`;
}

/** A plan question before its `variable_name`, as the question writer drafts it. */
interface Drafted {
  text: string;
  options: readonly string[];
  insight: string;
  name: string;
}

/**
 * The drafted questions with one more for each ask of the brief that none of them answers, kept within `max`: what
 * the brief asked goes before the goal's own later questions, never the goal's first (its core) question.
 */
export function withAskedQuestions<Q extends Drafted, A = Ask>(
  questions: readonly Q[],
  asked: readonly A[],
  make: (ask: A) => Q,
  max: number,
  answered: (q: Q, ask: A) => boolean = answers as unknown as (q: Q, ask: A) => boolean,
): Q[] {
  const limit = Math.max(1, max);
  for (let room = questions.length; ; room--) {
    const kept = questions.slice(0, Math.max(1, room));
    const added = asked.filter((ask) => !kept.some((q) => answered(q, ask)));
    if (kept.length + added.length <= limit || room <= 1) return [...kept, ...added.map(make)].slice(0, limit);
  }
}

/** The price a question asks about, as it writes it with its unit ("US$2.99 a month"), or undefined. */
function writtenPrice(text: string, amount: number): string | undefined {
  for (const match of moneyMatches(text))
    if (Math.abs((amountIn(match[0]) ?? Number.NaN) - amount) < 0.005)
      return withUnit(match[0], unitAfter(text.slice((match.index ?? 0) + match[0].length)));
  return undefined;
}

/**
 * A willingness-to-pay question's number at a price: who would probably or definitely pay it, or on a ladder of
 * prices, who would pay it or more; undefined when the question is neither.
 */
function paidAt(q: QuestionResult, amount: number | undefined, base: number): string | undefined {
  const yes = q.answer_options.filter((o) => /^(?:definitely|probably) would pay\b/i.test(o));
  if (yes.length > 0)
    return `probably or definitely would pay ${percent(yes.reduce((sum, o) => sum + (q.overall[o] ?? 0), 0))} (n=${base})`;
  if (amount === undefined) return undefined;
  const atOrAbove = q.answer_options.filter((o) => {
    const a = amountIn(o);
    return a !== null && a >= amount - 0.005;
  });
  return atOrAbove.length > 0
    ? `would pay it or more ${percent(atOrAbove.reduce((sum, o) => sum + (q.overall[o] ?? 0), 0))} (n=${base})`
    : undefined;
}

/**
 * The summary's lines for what the brief asked: each ask with the plan question that answers it, its number and its
 * base; willingness to pay at each price the brief named, at that price. An ask no question of the plan answers is not
 * reported (an edited plan may have dropped it).
 */
export function askedLines(inputs: Record<string, unknown>, results: ResearchResults): string[] {
  // A question the plan added for the competitors a brand study names is its own finding, not something the brief
  // said: a reader checked the brief for it and found nothing (reading h s06, reading i s05).
  const worded = measuresWorded(inputs);
  const prices = worded.includes("pay")
    ? askedPrices(inputs, typeof inputs.currency === "string" ? inputs.currency : undefined)
    : [];
  return worded
    .flatMap((measure): Ask[] =>
      measure === "pay" && prices.length > 0 ? prices.map((price) => ({ measure, price })) : [{ measure }],
    )
    .flatMap((ask) => {
      const q = results.questions.find((question) =>
        answers({ text: question.question_text, options: question.answer_options }, ask),
      );
      if (!q) return [];
      const amount = ask.price?.amount;
      const at = amount === undefined ? undefined : (writtenPrice(q.question_text, amount) ?? undefined);
      const label = at ? `${MEASURE_LABEL.pay} at ${at}` : MEASURE_LABEL[ask.measure];
      const number =
        (ask.measure === "pay" ? paidAt(q, amount, results.respondents) : undefined) ??
        headline(q, ask.measure, results.respondents);
      return [`Asked by the brief, ${label}: ${number} ("${q.question_text}").`];
    });
}

/** Claims and certifications a brief may name, in the four languages: each is a specific a client expects asked. */
const CLAIMS = words(
  [
    String.raw`\bhalal\b|\bkosher\b|\bvegan\b|\bvegetarian\b|\borganic\b|\bfair ?trade\b|\b(?:gluten|sugar|lactose|cruelty|plastic)[- ]free\b|\bcarbon[- ]neutral\b|\bSPF ?\d+\+?|\bISO ?\d{3,5}\b|\bB ?Corp\b`,
    String.raw`\bglutenfrei\b|\bvegetarisch\b|\bbiologisch\b`,
    String.raw`\bsans gluten\b|\bv[e\u00e9]g[e\u00e9]talien\w*|\bbiologique\b|\b[e\u00e9]quitable\b`,
    String.raw`\bsin gluten\b|\bvegan[oa]s?\b|\becol[o\u00f3]gic[oa]s?\b|\borg[a\u00e1]nic[oa]s?\b`,
  ].join("|"),
);

/** A sentence that states a price as context, not an ask, in the four languages read: what something costs now. */
const CONTEXT = words(
  [
    // "costs R350", "rivals charge €5": the verb with its amount, not "the cost" or "a charge" someone may be asked about.
    String.raw`\b(?:costs?|charges?|kostet|kosten|verlangen)\s+(?:about\s+|around\s+|only\s+|just\s+|roughly\s+|derzeit\s+|nur\s+)?(?=\S*\d|[$\u00a3\u20ac\u00a5\u20b9])`,
    String.raw`\bpriced at\b|\bsells? for\b|\bfor (?:reference|comparison)\b|\bbenchmark\w*|\bcurrently\b|\btypically\b`,
    String.raw`\bzum vergleich\b|\bderzeit\b`,
    String.raw`\bco[u\u00fb]te(?:nt)?\b|\b[a\u00e0] titre de (?:r[e\u00e9]f[e\u00e9]rence|comparaison)\b|\bactuellement\b|\bfacturent\b`,
    String.raw`\bcuestan?\b|\bcomo referencia\b|\bactualmente\b|\bcobran?\b`,
  ].join("|"),
);

/** A name no dictionary holds: "REpont", "KilatWash", "eBike", or letters run into digits ("X200"). */
const COINED =
  /(?<![\p{L}\p{N}])(?:\p{Lu}{2,}\p{Ll}+[\p{L}\p{N}]*|\p{L}*\p{Ll}\p{Lu}[\p{L}\p{N}]*|\p{Lu}+\d+[\p{L}\d]*)(?![\p{L}\p{N}])/gu;
/** The tiers a brief's plans are named by ("the Basic and Premium plans"), written with a capital as names are. */
const TIERS =
  /(?<![\p{L}])(?:Basic|Premium|Plus|Pro|Standard|Gold|Silver|Starter|Family|Business|Essential)(?![\p{L}])/gu;
/** A term the client quoted. */
const QUOTED = /["\u201c\u201e\u00ab]\s*([^"\u201c\u201d\u201e\u00ab\u00bb]{2,40}?)\s*["\u201d\u201c\u00bb]/gu;

/**
 * The specifics a brief names beyond its subject: amounts ("a 50 Ft deposit"), coined names ("REpont machines"),
 * claims and certifications ("halal", "SPF50"), plan tiers ("Basic", "Premium") and terms it quotes; at most eight,
 * as written. A price it asks people would pay is an ask, not one of these.
 */
export function namedSpecifics(inputs: Record<string, unknown>): string[] {
  const asked = askedPrices(inputs).map((p) => p.amount);
  const found: string[] = [];
  const add = (term: string) => {
    const t = term.trim();
    if (t && !found.some((f) => f.toLowerCase() === t.toLowerCase())) found.push(t);
  };
  for (const text of briefTexts(inputs)) {
    // An amount in a sentence that gives context ("a private lesson costs R350", "for reference") is no ask.
    for (const sentence of sentencesOf(text).filter((s) => !CONTEXT.test(s)))
      for (const m of moneyMatches(sentence)) {
        const amount = amountIn(m[0]);
        if (amount !== null && !asked.some((a) => Math.abs(a - amount) < 0.005)) add(m[0]);
      }
    for (const m of text.matchAll(new RegExp(CLAIMS.source, "giu"))) add(m[0]);
    for (const m of text.matchAll(COINED)) if (!currencyCode(m[0])) add(m[0]);
    for (const m of text.matchAll(TIERS)) add(m[0]);
    for (const m of text.matchAll(QUOTED)) add(m[1] as string);
  }
  return found.slice(0, 8);
}

/** A question about the price, in the four languages read: what it costs, its price, how much one would pay. */
const COST_ASKED = words(
  String.raw`\b(?:costs?|price[sd]?|pricing|how much (?:\w+ ){0,4}(?:pay|cost|spend)|pay|fees?|kostet|kosten|preis\w*|co[u\u00fb]te?|prix|cuesta|cuestan|precio\w*)\b`,
);

/**
 * The Method's word on the brief's specifics: which the questions ask about, and which none does, so none is dropped
 * silently (a deposit or a machine the brief names that no question asks about). Undefined when the brief names none,
 * or the questions ask about all of them.
 */
export function specificsNote(inputs: Record<string, unknown>, asked: readonly string[]): string | undefined {
  const named = namedSpecifics(inputs);
  const text = asked.join("\n").toLowerCase();
  const amounts = asked.flatMap(amountsIn);
  // A question about what it costs, naming no price of its own, asks about the brief's price though it does not repeat
  // the amount ("Is it clear what it costs?").
  const costAsked = asked.some((q) => COST_ASKED.test(q) && amountsIn(q).length === 0);
  const inQuestions = (term: string) => {
    const amount = amountIn(term);
    return amount !== null && moneyMatches(term).length > 0
      ? costAsked || amounts.some((a) => Math.abs(a - amount) < 0.005)
      : text.includes(term.toLowerCase());
  };
  const left = named.filter((t) => !inQuestions(t));
  if (left.length === 0) return undefined;
  const quote = (terms: string[]) => joinTerms(terms.map((t) => `"${t}"`));
  return `Scope: the brief names ${quote(left)}, which no question asks about; the results speak of the study's subject as a whole, not of ${left.length === 1 ? "it" : "these"}. Ask about ${left.length === 1 ? "it directly in a follow-up if it matters" : "them directly in a follow-up if they matter"} to the decision.`;
}

function joinTerms(terms: string[]): string {
  return terms.length <= 1 ? (terms[0] ?? "") : `${terms.slice(0, -1).join(", ")} and ${terms.at(-1)}`;
}
