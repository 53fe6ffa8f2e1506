import { currencyCode, currencyIn, formatMoney, type MoneyStyle, moneyPattern, moneyStyle, perPound } from "./money.js";
import {
  CODED_ELSEWHERE,
  driversFor,
  listsNamesFor,
  NEUTRAL_CODING,
  namedAnswers,
  namedSubject,
  reasonThemes,
  spendingBands,
  weeksIn,
} from "./question-subjects.js";
import { DONT_KNOW_OPTION, isNo, isYes, SCALES } from "./scales.js";

/**
 * Reading a question as a researcher would: what kind of answer it asks for, and the options that fit that kind, in
 * order. One module decides it for every place that needs it, so they cannot disagree: the question writer when it
 * supplies options (custom questions without their own, item sets without a scale, questions listed in a custom
 * survey's inputs), the results when they decide how people answer ("What is your age?" is answered from the user
 * model's age range), and the reports when they name a question in running text.
 *
 * The kind is read from the question's words alone (`kindOf`), so the same text always has the same kind wherever it
 * is read; the options also use what the simulation knows (its goal's items, currency, brands: `readQuestion`).
 */

export type QuestionKind =
  | "frequency"
  | "agreement"
  | "likelihood"
  | "satisfaction"
  | "appeal"
  | "importance"
  | "clarity"
  | "value"
  | "trust"
  | "ease"
  | "rating"
  | "yes_no"
  | "age_band"
  | "gender"
  | "count"
  | "money_band"
  | "duration"
  | "fact"
  | "nps"
  | "choice"
  | "ranking"
  | "open_text";

/**
 * How a question is answered. `single_choice`: one option each. `ranking`: people order the options; results give the
 * share ranking each one first. `open_text`: people answer in their own words; results give the share of answers coded
 * into each option (the themes). Every type is answered over exactly the question's options, so each distribution sums
 * to 1.
 */
export const QUESTION_TYPES = ["single_choice", "ranking", "open_text"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface ReadingContext {
  /** The simulation's goal id: which items a "which of these" question is about. */
  goal?: string;
  inputs?: Record<string, unknown>;
  /** ISO code of the study's currency, for money questions whose text names none. */
  currency?: string;
  /** Brands the study knows (its brand and competitors, the context's competitors). */
  brands?: readonly string[];
  /** ISO 3166 alpha-2 codes of the countries the user models live in, for "Which country…" and "Which region…". */
  countries?: readonly string[];
}

export interface QuestionReading {
  kind: QuestionKind;
  question_type: QuestionType;
  options: string[];
}

/** Kinds whose options form a scale from least to most favourable (the ones an item set can use). */
const SCALE_KINDS = {
  frequency: SCALES.frequency,
  agreement: SCALES.agreement,
  likelihood: SCALES.likelihood,
  satisfaction: SCALES.satisfaction,
  appeal: SCALES.appeal,
  importance: SCALES.importance,
  clarity: SCALES.clarity,
  value: SCALES.value,
  trust: SCALES.trust,
  ease: SCALES.ease,
  rating: SCALES.rating,
} as const satisfies Partial<Record<QuestionKind, readonly string[]>>;

type ScaleKind = keyof typeof SCALE_KINDS;
const isScaleKind = (kind: QuestionKind): kind is ScaleKind => kind in SCALE_KINDS;

/**
 * Questions about who people are and what they do or have (age, money, how long, where they live, how they heard of
 * something) rather than what they think: never a study's finding, and never read as a scale with a favourable end.
 */
export const PROFILE_KINDS: ReadonlySet<QuestionKind> = new Set([
  "age_band",
  "gender",
  "count",
  "money_band",
  "duration",
  "fact",
]);

/**
 * A question about who people are or what they have ("Do you own a car?" too), never a study's finding. Given its
 * options, a yes/no question in another language is one too when it asks what is, was or has been ("¿Tiene un
 * contrato?", "Haben Sie … abgegeben?", "Avez-vous déjà signé… ?"), not what would be.
 */
export function isAboutThePerson(questionText: string, options?: readonly string[]): boolean {
  const kind = kindOf(questionText);
  if (PROFILE_KINDS.has(kind) || (kind === "yes_no" && isFactualYesNo(questionText))) return true;
  // English yes/no questions are read from their opening verb above; others from their options and mood.
  if (AUXILIARY.test(normalise(questionText)) || HYPOTHETICAL.test(questionText)) return false;
  return options !== undefined && answersYesOrNo(options);
}

/** "Yes" and "No" in any language read, with at most ways out beside them (no "Partly", no scale). */
function answersYesOrNo(options: readonly string[]): boolean {
  const short = (o: string) => o.trim().split(/\s+/).length <= 2;
  const yes = options.filter((o) => isYes(o) && short(o));
  const no = options.filter((o) => isNo(o) && short(o));
  const rest = options.filter((o) => !yes.includes(o) && !no.includes(o));
  return yes.length === 1 && no.length === 1 && rest.every((o) => DONT_KNOW_OPTION.test(o.trim()));
}

/** What would be, in the languages read: "would", "¿Usaría…?", "Würden Sie…", "Utiliseriez-vous…", "gostaria". */
const HYPOTHETICAL =
  /\b(?:would|will|could|might|should|interested|willing|want|like to)\b|\p{L}+[aei]r[i\u00ed]a(?:s|n|mos)?(?![\p{L}])|\p{L}+r\u00e1(?:s|n)?(?![\p{L}])|\b(?:w[\u00fcu]rden?|w[\u00fcu]rdest|werden|m[\u00f6o]chten?|k[\u00f6o]nnten|wollen)\b|\p{L}{2,}r(?:iez|ions)(?![\p{L}])|\p{L}{3,}rai[st]?(?![\p{L}])|\bgostaria\b/iu;

/**
 * Whether a question's answers have a favourable end (a top box): scales of opinion do; open themes, items to rank
 * and facts (money bands, ages, "Yes"/"No" to "Do you own a car?") do not.
 */
export function hasFavourableEnd(questionText: string, questionType: string, options?: readonly string[]): boolean {
  return (
    questionType !== "open_text" &&
    questionType !== "ranking" &&
    !isAboutThePerson(questionText, options) &&
    !picksOne(questionText) &&
    !(options ?? []).some((o) => LIST_WAY_OUT.test(o.trim()))
  );
}

/** A way out only a list of kinds offers ("Something else", "Nothing holds me back"): no scale has one. */
const LIST_WAY_OUT = /^(?:something else|another reason|other|nothing holds me back)\b/i;

/**
 * "Which of these messages…", "Of these features…, which…", "only one of these, which…": a pick among the study's items, whose answers are not
 * points of a scale however they are worded ("No ads", "Never lose a receipt").
 */
const picksOne = (text: string) =>
  /\bwhich\b/i.test(text) && /\b(?:of (?:these|the|them)|one of)\b/i.test(text) && !/\bbest describes?\b/i.test(text);

// --- What a question asks -------------------------------------------------------------------------------------------

const AUXILIARY = /^(?:do|does|did|have|has|had|is|are|was|were|would|will|can|could|should|shall|may|might)\b/;
const WH = /\b(?:how|which|what|why|when|where|who|whom|whose)\b/;

/** The kind of answer a question asks for, from its words alone. */
export function kindOf(questionText: string): QuestionKind {
  const t = normalise(questionText);
  if (
    /\brank\b|\branking\b|\bin order of (?:preference|importance)\b|\b(?:put|order) (?:these|them|the following)\b/.test(
      t,
    )
  )
    return "ranking";
  if (/\b(?:0|zero) ?(?:to|-|\u2013) ?(?:10|ten)\b|\bnet promoter\b/.test(t)) return "nps";
  // "Wie viele Mitarbeiter …?", "Combien de …?": a count in any language the mock reads.
  if (/^(?:wie viele?|combien|cu[a\u00e1]nt[oa]s)\b/.test(t)) return "count";
  if (DURATION.test(t)) return "duration";
  if (factTopic(t)) return "fact";
  if (
    /\bhow old\b|\byour age\b|\bage (?:group|band|range|bracket)\b|\byear (?:were you born|of birth)\b|\bwhen were you born\b/.test(
      t,
    )
  )
    return "age_band";
  if (/\byour (?:gender|sex)\b|\bgender\b.*\bidentify\b|^(?:gender|sex)\W*$/.test(t)) return "gender";
  if (/\bhow many\b/.test(t)) return "count";
  if (isMoney(t)) return "money_band";
  if (/\bhow (?:often|frequently|regularly)\b/.test(t)) return "frequency";
  const foreign = FOREIGN_WORDS.test(t) ? foreignKind(t) : undefined;
  if (foreign) return foreign;
  if (listedItems(questionText).length >= 2 && /\b(?:prefer|rather|choose|pick|which|between)\b/.test(t))
    return "choice";
  // "Which bank do you use?", "What is your favourite meal to cook?": a name, whatever else the words say ("Which bank
  // do you trust most?" is answered with a bank, not a trust scale); a fact about the person, never a finding.
  if (namesSubject(t)) return "fact";
  // A statement ("I prefer working from home.") is agreed or disagreed with; a bare word ("Commute") is a prompt
  // people answer in their own words. Neither is rated from "Very poor" to "Excellent".
  if (isStatement(questionText)) {
    if (t.split(" ").length <= 2) return "open_text";
    if (/^(?:i|i'm|i've|i'd|i'll|my|we|we're|our|it|it's|there|people|this|that|everyone|nobody|most)\b/.test(t))
      return "agreement";
  }
  if (/\b(?:dis)?agree\b|\bagreement\b/.test(t)) return "agreement";
  if (
    /\bhow likely\b|\blikelihood\b|\bhow probable\b|\bchances? (?:are|that)\b|\blikely (?:are|would|is) you\b/.test(t)
  )
    return "likelihood";
  if (/\bsatisf|\bhow (?:happy|pleased|content) (?:are|were) you\b/.test(t)) return "satisfaction";
  if (/\bhow important\b|\bimportance\b|\bhow much does .{1,60} matter\b/.test(t)) return "importance";
  if (/\bappeal|\bhow attractive\b|\bhow interested\b|\bhow much do you like\b/.test(t)) return "appeal";
  if (/\bhow (?:clear|easy to understand|understandable)\b|\bclarity\b/.test(t)) return "clarity";
  if (/\bvalue for money\b|\bgood value\b|\bworth (?:it|the (?:money|price))\b/.test(t)) return "value";
  if (/\btrust\b|\bbelievab|\bcredib|\bhow reliable\b/.test(t)) return "trust";
  if (/\bhow (?:easy|difficult|hard)\b|\bease of\b/.test(t)) return "ease";
  if (AUXILIARY.test(t) && !WH.test(t)) return "yes_no";
  if (/^which\b|\bwhich (?:one|of|brand|feature|message|option)\b/.test(t)) return "choice";
  if (/\bhow would you rate\b|\brate\b|\brating\b|\bhow good\b|\bquality of\b/.test(t)) return "rating";
  if (
    /^(?:why|what|describe|please describe|tell us|in your own words|explain|how would you describe|how do you feel|if you could)\b|\bwhy\b/.test(
      t,
    )
  )
    return "open_text";
  // A question in German, French or Spanish whose kind is not read is answered in people's own words: never rated
  // from "Very poor" to "Excellent" ("À quelle fréquence…" is no quality).
  if (FOREIGN_WORDS.test(t)) return "open_text";
  return "rating";
}

/** Words of a German, French or Spanish question, none of them English. */
const FOREIGN_WORDS =
  /[\u00bf\u00a1]|(?<!\p{L})(?:vous|votre|vos|est-ce|pourquoi|quel(?:le)?s?|sie|ihr(?:e[nmrs]?)?|wie|warum|welche[nmrs]?|usted|ustedes|qu[e\u00e9]|c[o\u00f3]mo|cu[a\u00e1]l(?:es)?|d[o\u00f3]nde|por qu[e\u00e9])(?!\p{L})/u;

/**
 * The kind of a question in German, French or Spanish, by its question words: how often, how likely or how far it
 * would move people, satisfied, important, agree, trust, easy, clear, why, which, and yes-or-no by the verb first.
 */
const FOREIGN_KINDS: Array<[RegExp, QuestionKind]> = [
  [
    /(?<!\p{L})(?:[a\u00e0] quelle fr[e\u00e9]quence|tous les combien|wie oft|wie h[a\u00e4]ufig|con qu[e\u00e9] frecuencia|cada cu[a\u00e1]nto)(?!\p{L})/u,
    "frequency",
  ],
  [
    /(?<!\p{L})(?:pourquoi|warum|weshalb|wieso|por qu[e\u00e9]|qu'est-ce qui (?:vous )?(?:emp[e\u00ea]che|retient|freine)|was h[a\u00e4]lt|qu[e\u00e9] (?:le|les|te) impide|d[e\u00e9]cri(?:vez|re)|beschreiben sie|describa|en vos propres mots|in ihren eigenen worten|con sus propias palabras)(?!\p{L})/u,
    "open_text",
  ],
  [
    /(?<!\p{L})(?:probab\p{L}*|wahrscheinlich\p{L}*|inciter\p{L}*|encourager\p{L}*|motiver\p{L}*|pousser\p{L}*|envisage\p{L}*|pr[e\u00ea]ts? [a\u00e0]|bereit|ermutig\p{L}*|motivier\p{L}*|dispuest[oa]s?|animar\p{L}*|motivar\p{L}*)(?!\p{L})/u,
    "likelihood",
  ],
  [/(?<!\p{L})(?:satisfait\p{L}*|zufrieden\p{L}*|satisfech[oa]s?)(?!\p{L})/u, "satisfaction"],
  [/(?<!\p{L})(?:important\p{L}*|wichtig\p{L}*|importante\p{L}*)(?!\p{L})/u, "importance"],
  [/(?<!\p{L})(?:d'accord|zustimm\p{L}*|einverstanden|de acuerdo)(?!\p{L})/u, "agreement"],
  [/(?<!\p{L})(?:confiance|vertrau\p{L}*|conf[i\u00ed]a\p{L}*)(?!\p{L})/u, "trust"],
  [/(?<!\p{L})(?:facile|difficile|einfach|schwierig|schwer|f[a\u00e1]cil|dif[i\u00ed]cil)(?!\p{L})/u, "ease"],
  [/(?<!\p{L})(?:clair\p{L}*|klar|verst[a\u00e4]ndlich|clar[oa]s?)(?!\p{L})/u, "clarity"],
  [/^(?:[\u00bf]\s*)?(?:lequel|laquelle|lesquel(?:le)?s|welche[nmrs]?|cu[a\u00e1]l(?:es)?)(?!\p{L})/u, "choice"],
  // "Avez-vous…", "Est-ce que…", "Haben Sie…", "¿Tiene usted…": the verb comes first.
  [
    /^(?:est-ce que|\p{L}+-(?:vous|tu|ils|elles|il|elle)(?!\p{L})|\p{L}+ (?:sie|du|ihr)(?!\p{L})|[\u00bf]\s*(?:tiene|tienen|ha|han|es|est[a\u00e1]|usa|usan|sabe|conoce|hace|va|puede)(?!\p{L}))/u,
    "yes_no",
  ],
];

function foreignKind(t: string): QuestionKind | undefined {
  return FOREIGN_KINDS.find(([pattern]) => pattern.test(t))?.[1];
}

/**
 * Whether a "question" is a statement or a bare word: no question mark, and no question word or auxiliary to start it
 * ("I prefer working from home.", "Commute"), nor an instruction ("Rate …", "Describe …", "Please …").
 */
function isStatement(questionText: string): boolean {
  const text = questionText.trim();
  if (text === "" || /\?\s*$/.test(text)) return false;
  const t = normalise(text);
  return !(
    /^(?:how|which|what|why|when|where|who|whom|whose|in which|on which|in your own words|at what|to what|for how|thinking|overall|if|please|rate|describe|tell|explain|name|list|choose|pick|select|rank|imagine|compared|wie|was|welche[rs]?|warum|wann|wo|comment|quel(?:le)?s?|pourquoi|combien|qu)\b/.test(
      t,
    ) || AUXILIARY.test(t)
  );
}

/** How long, how recently, how old a thing is: "How long have you lived…", "When did you last…", "How old is your car?". */
const DURATION =
  /\bhow long\b|\bwhen did you (?:last|first)\b|\bwhen was the (?:last|first) time\b|\bhow recently\b|\bhow old (?:is|are) (?:your|the|their)\b/;

/**
 * Facts with a known list of answers, by what they ask about. Each topic is a kind of fact a researcher would list
 * the usual answers for (and never read as a scale).
 */
type FactTopic =
  | "source"
  | "country"
  | "region"
  | "education"
  | "employment"
  | "marital"
  | "occupation"
  | "device"
  | "time"
  | "month"
  | "who"
  | "social";

const FACT_TOPICS: Array<[FactTopic, RegExp]> = [
  [
    "source",
    /\bhow did you (?:first )?(?:hear|find out|learn|come across|discover|get to know)\b|\bwhere did you (?:first )?(?:hear|find out|see|learn)\b/,
  ],
  ["country", /\b(?:which|what) country\b|\bcountry (?:do you live|of residence|are you)\b/],
  ["region", /\b(?:which|what) (?:region|part of the country|state|county)\b|\bregion do you live\b/],
  ["education", /\beducation\b|\bhighest (?:level of )?qualification\b/],
  ["employment", /\bemployment status\b|\bwork(?:ing)? status\b|\bwhich best describes your (?:work|employment)\b/],
  ["marital", /\bmarital status\b|\brelationship status\b/],
  ["occupation", /\bjob title\b|\boccupation\b|\bwhat do you do for a living\b|\bprofession\b|\bjob role\b/],
  ["device", /\b(?:which|what) (?:device|kind of device|type of device)\b|\bdevice do you\b/],
  ["time", /^(?:at )?what time\b|\bwhat time of day\b/],
  ["month", /\b(?:which|what) month\b|\bmonth of the year\b/],
  ["who", /^who (?:in your (?:household|home|family)|usually|mainly|normally|decides|chooses|pays|does)\b/],
  ["social", /\bsocial (?:networks?|media(?: platforms?| sites?| apps?)?|platforms?)\b/],
];

/** Whether a question asks people to name a kind of thing this module lists names (or a neutral coding) for. */
function namesSubject(t: string): boolean {
  const subject = namedSubject(t);
  return subject !== undefined && (!CODED_ELSEWHERE.test(subject) || listsNamesFor(subject));
}

function factTopic(t: string): FactTopic | undefined {
  // "How much do you trust social media?" is an opinion about social media, not which ones people use.
  if (/^how (?:much|far|likely|important|satisf|often)/.test(t)) return undefined;
  return FACT_TOPICS.find(([, pattern]) => pattern.test(t))?.[0];
}

/**
 * A yes/no question about a fact ("Do you own a car?", "Are you the main grocery shopper?", "Have you cancelled…")
 * is answered Yes or No; a hypothetical one ("Would you pay extra…?") leaves room for "Not sure".
 */
function isFactualYesNo(questionText: string): boolean {
  return /^(?:do|does|did|have|has|had|is|are|was|were)\b/.test(normalise(questionText));
}

/**
 * A fact is Yes or No, with a way out for the few who cannot or will not say (a supplied question has 3 to 6
 * options): "Can't remember" for the past, "Prefer not to say" for the present.
 */
function factualYesNo(questionText: string): string[] {
  return [
    "Yes",
    "No",
    /^(?:did|have|has|had|was|were)\b/.test(normalise(questionText)) ? "Can't remember" : "Prefer not to say",
  ];
}

function normalise(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\u2019\u2018]/g, "'")
    .replace(/\s+/g, " ");
}

function isMoney(t: string): boolean {
  return (
    isHolding(t) ||
    /^(?:(?:weekly|monthly|yearly|annual|average|typical) )?(?:spend|spending) on\b/.test(t) ||
    /\bhow much (?:money )?(?:do|did|does|would|will|could|should|are|is|have)\b[^?]{0,40}?\b(?:spend|spent|pay|paid|budget|earn|save|cost)\b/.test(
      t,
    ) ||
    /\b(?:household|annual|yearly|personal|monthly|total) income\b|\byour income\b|\bsalary\b|\bmost you would pay\b|\bwilling(?:ness)? to pay\b/.test(
      t,
    )
  );
}

/** Money people have or owe: savings, debt ("How much do you have in savings?", "How much credit card debt …?"). */
function isHolding(t: string): boolean {
  return /^how much\b.*\b(?:savings?|saved|debt|owe|have in (?:the bank|your account)|pension pot)\b/.test(t);
}

/** What a money question is about: what people spend, earn, have or owe, or would pay. */
function moneyTopic(t: string): "income" | "holding" | "pay" | "spend" {
  if (isHolding(t)) return "holding";
  if (/\bincome\b|\bsalary\b|\bearn\b/.test(t)) return "income";
  if (/\bpay\b|\bpaid\b|\bcost\b/.test(t)) return "pay";
  return "spend";
}

/**
 * Items a question lists for people to choose from: "Which do you prefer: tea, coffee or juice?" → [Tea, Coffee,
 * Juice]; "Would you rather cook at home or eat out?" → [Cook at home, Eat out]. Empty when it lists none.
 */
export function listedItems(questionText: string): string[] {
  const text = questionText.trim().replace(/[?.!]+$/, "");
  // A quoted stimulus ("Here is a new idea: \"…\"") is not a list of answers.
  if (text.includes('"')) return [];
  let list: string | undefined;
  const colon = text.indexOf(":");
  if (colon >= 0) {
    if (!/\b(?:which|prefer|choose|pick|rank|order|between|rather|favourite)\b/i.test(text.slice(0, colon))) return [];
    list = text.slice(colon + 1);
  } else {
    list =
      /\b(?:prefer|rather(?: have| be)?|choose between|pick between|choose|pick|between)\s+(.+\b(?:or|and)\b.+)$/i.exec(
        text,
      )?.[1] ?? /^which\b[^,]*,\s*(.+\bor\b.+)$/i.exec(text)?.[1];
  }
  if (!list) return [];
  const pieces = list.includes(",") ? list.split(/\s*,\s*/) : [list];
  const last = (pieces.pop() as string).replace(/^(?:or|and)\s+/i, "");
  const items = [...pieces, ...last.split(/\s+(?:or|and)\s+/i)].map((item) => item.trim()).filter(Boolean);
  if (items.length < 2 || items.length > 8 || items.some((item) => item.split(/\s+/).length > 8)) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const label = item.charAt(0).toUpperCase() + item.slice(1);
    if (seen.has(label.toLowerCase())) continue;
    seen.add(label.toLowerCase());
    out.push(label);
  }
  return out.length >= 2 ? out : [];
}

// --- Options for each kind -----------------------------------------------------------------------------------------

/** The money style of a money question: the currency its text names, else the study's, in the study's locale. */
function styleOf(text: string, context: ReadingContext): MoneyStyle {
  const named = moneyPattern().exec(text)?.[0] ?? /[\p{Sc}]/u.exec(text)?.[0];
  const code = /\b([A-Z]{3})\b/.exec(text)?.[1];
  const currency =
    (named ? currencyIn(named, context.currency) : undefined) ??
    currencyCode(code) ??
    currencyCode(context.inputs?.currency) ??
    context.currency;
  return moneyStyle(currency, context.countries ?? []);
}

/**
 * Thresholds written for pounds, dollars and euros alike, in another currency: scaled by its rough rate and rounded
 * to amounts a questionnaire would print (1, 1.5, 2, 2.5, 3, 4, 5, 7.5 times a power of ten).
 */
function inCurrency(thresholds: readonly number[], currency: string): number[] {
  const rate = perPound(currency) ?? 1;
  if (rate <= 2) return [...thresholds];
  const nice = (amount: number) => {
    const power = 10 ** Math.floor(Math.log10(amount));
    return [1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10]
      .map((step) => step * power)
      .reduce((best, step) => (Math.abs(step - amount) < Math.abs(best - amount) ? step : best));
  };
  return [...new Set(thresholds.map((t) => nice(t * rate)))];
}

/** Bands from thresholds: "Under £10", "£10 to £24", …, "£100 or more" (whole amounts, no gaps, no overlaps). */
function moneyBands(style: MoneyStyle, pounds: readonly number[]): string[] {
  const thresholds = inCurrency(pounds, style.currency);
  const m = (n: number) => formatMoney(n, style, 0);
  return [
    `Under ${m(thresholds[0] as number)}`,
    ...thresholds.slice(0, -1).map((low, i) => `${m(low)} to ${m((thresholds[i + 1] as number) - 1)}`),
    `${m(thresholds[thresholds.length - 1] as number)} or more`,
  ];
}

function moneyOptions(text: string, context: ReadingContext): string[] {
  const t = normalise(text);
  const style = styleOf(text, context);
  const topic = moneyTopic(t);
  if (topic === "income") return [...moneyBands(style, [20_000, 40_000, 60_000, 100_000]), "Prefer not to say"];
  if (topic === "holding") return ["None", ...moneyBands(style, [1_000, 5_000, 20_000]), "Prefer not to say"];
  const prices = Array.isArray(context.inputs?.price_points)
    ? [...new Set(context.inputs.price_points.filter((p): p is number => typeof p === "number" && p > 0))]
        .sort((a, b) => a - b)
        .slice(0, 4)
    : [];
  if (topic === "pay" && prices.length >= 2 && prices.every(Number.isInteger))
    return [
      `Under ${formatMoney(prices[0] as number, style, 0)}`,
      ...prices
        .slice(0, -1)
        .map((low, i) => `${formatMoney(low, style, 0)} to ${formatMoney((prices[i + 1] as number) - 1, style, 0)}`),
      `${formatMoney(prices[prices.length - 1] as number, style, 0)} or more`,
    ];
  // Spending on (or paying for) a kind of thing the writer knows is banded for it ("groceries in a typical week": up to
  // £150 or more; "rent each month": hundreds; "a new car": thousands).
  const known = spendingBands(t);
  if (known) return [...(known.nothing ? ["Nothing"] : []), ...moneyBands(style, known.thresholds)];
  const weeks = weeksIn(t);
  const thresholds = weeks === undefined ? [5, 10, 20, 50] : weeks >= 52 ? [100, 250, 500, 1000] : [10, 25, 50, 100];
  return topic === "spend" ? ["Nothing", ...moneyBands(style, thresholds)] : moneyBands(style, thresholds);
}

/**
 * People are counted from one (someone answers for their household); things and times from none; hours in bands. None
 * is written "0": a label that reads as a whole number comes first in any JSON object, so "None, 1, 2" would be listed
 * "1, 2, None" in `overall`, while "0, 1, 2" keeps its order.
 */
function countOptions(text: string): string[] {
  const t = normalise(text);
  if (/\bhours?\b|\bstunden\b|\bheures\b/.test(t)) {
    const weekly = /\b(?:a|per|each|every|in a|in an average|typical) week\b|\bweekly\b/.test(t);
    // Hours of work come in working-week bands; hours on an app, a screen or a hobby do not.
    if (weekly && /\bwork|\bjob\b|\bemploy|\bshift/.test(t))
      return ["Under 16 hours", "16 to 29 hours", "30 to 37 hours", "38 to 45 hours", "46 hours or more"];
    return weekly
      ? ["None", "Under 1 hour", "1 to 4 hours", "5 to 9 hours", "10 to 19 hours", "20 hours or more"]
      : ["Less than 1 hour", "1 to 2 hours", "3 to 4 hours", "5 to 6 hours", "7 hours or more"];
  }
  if (
    /\bemployees\b|\bstaff\b|\bpeople (?:work|are employed)\b|\bheadcount\b|\bmitarbeiter|\bbesch[a\u00e4]ftigte|\bsalari[e\u00e9]s\b|\bemploy[e\u00e9]s\b/.test(
      t,
    )
  )
    return ["Just me", "2 to 9", "10 to 49", "50 to 249", "250 or more"];
  if (/\b(?:people|persons|adults|members)\b.*\b(?:household|home|live|living)\b|\bhousehold size\b/.test(t))
    return ["1", "2", "3", "4", "5 or more"];
  if (/\bchildren|\bkids\b/.test(t)) return ["0", "1", "2", "3 or more"];
  if (/\btimes\b/.test(t)) return ["None", "Once", "2 or 3 times", "4 to 6 times", "7 times or more"];
  // Things a household owns a few of: cars, bikes, pets, TVs.
  if (
    /\b(?:cars?|vehicles?|bikes?|bicycles?|pets?|dogs?|cats?|tvs?|televisions?|bedrooms?|bathrooms?|phones?|laptops?|computers?)\b/.test(
      t,
    )
  )
    return ["0", "1", "2", "3 or more"];
  return ["0", "1", "2", "3 to 5", "6 or more"];
}

/** How long, how recently or how old, in bands from the shortest (and a way out for what people do not have). */
function durationOptions(text: string): string[] {
  const t = normalise(text);
  if (/\bhow old (?:is|are) (?:your|the|their)\b/.test(t))
    return ["Less than a year old", "1 to 3 years old", "4 to 7 years old", "8 years old or more", "I don't have one"];
  // Life events come years apart: a job, a home, a bank, a supplier, a car.
  if (
    /\bwhen did you (?:last|first)\b|\bwhen was the (?:last|first) time\b|\bhow long ago\b/.test(t) &&
    /\b(?:jobs?|employer|moved?|house|home|flat|bank|supplier|provider|car|mortgage|energy|broadband|phone|insurer|insurance)\b/.test(
      t,
    )
  )
    return [
      "In the last 6 months",
      "6 to 12 months ago",
      "1 to 2 years ago",
      "3 to 5 years ago",
      "More than 5 years ago",
      "Never",
    ];
  if (/\bwhen did you (?:last|first)\b|\bwhen was the (?:last|first) time\b|\bhow recently\b|\bhow long ago\b/.test(t))
    return [
      "In the last week",
      "In the last month",
      "1 to 6 months ago",
      "6 to 12 months ago",
      "More than a year ago",
      "Never",
    ];
  // A commute or a trip is minutes long, not years.
  if (/\bcommute\b|\bjourney to (?:work|school)\b|\btravel to (?:work|school)\b/.test(t))
    return [
      "Under 15 minutes",
      "15 to 29 minutes",
      "30 to 44 minutes",
      "45 to 59 minutes",
      "An hour or more",
      "I work from home",
    ];
  if (
    /\bminutes?\b|\bhow long does it take\b|\bhow long do you (?:spend|take)\b|\bhow long is (?:your|the|a)\b/.test(t)
  )
    return ["Under 15 minutes", "15 to 29 minutes", "30 to 44 minutes", "45 to 59 minutes", "An hour or more"];
  // What people own is months or a few years old: "How long have you had your current phone?".
  if (/\bhow long have you had\b/.test(t))
    return ["Less than 6 months", "6 to 11 months", "1 to 2 years", "3 to 4 years", "5 years or more"];
  return ["Less than a year", "1 to 2 years", "3 to 5 years", "6 to 10 years", "More than 10 years"];
}

const COUNTRY_NAMES: Record<string, string> = {
  GB: "United Kingdom",
  US: "United States",
  DE: "Germany",
  FR: "France",
  IT: "Italy",
  ES: "Spain",
  NL: "Netherlands",
  AT: "Austria",
  CH: "Switzerland",
  IE: "Ireland",
  CA: "Canada",
  AU: "Australia",
};

/** The ISO code a country option names ("United Kingdom" → GB), for answering it from where people live. */
export function countryCodeOf(option: string): string | undefined {
  const name = option.trim().toLowerCase();
  return Object.entries(COUNTRY_NAMES).find(([, n]) => n.toLowerCase() === name)?.[0];
}

const REGIONS: Record<string, string[]> = {
  GB: ["London", "South of England", "Midlands", "North of England", "Scotland, Wales or Northern Ireland"],
  US: ["Northeast", "Midwest", "South", "West"],
  DE: ["Northern Germany", "Western Germany", "Southern Germany", "Eastern Germany", "Berlin"],
};

/** The usual answers to a question about a fact, in the order a questionnaire lists them. */
function factOptions(topic: FactTopic, text: string, context: ReadingContext): string[] {
  const t = normalise(text);
  const home = context.countries?.find((c) => COUNTRY_NAMES[c]);
  switch (topic) {
    case "source":
      return [
        "Search engine",
        "Social media",
        "A friend or family member",
        "An advert",
        "A review or article",
        "Somewhere else",
      ];
    case "country": {
      const named = [...new Set([...(context.countries ?? []), "GB", "US", "DE", "FR"])]
        .map((c) => COUNTRY_NAMES[c])
        .filter((n): n is string => n !== undefined);
      return [...named.slice(0, Math.max(4, (context.countries ?? []).length)), "Another country"];
    }
    case "region":
      return [...(REGIONS[home ?? "GB"] ?? (REGIONS.GB as string[])), "Prefer not to say"];
    case "education":
      return [
        "Secondary school or less",
        "Vocational or technical qualification",
        "Undergraduate degree",
        "Postgraduate degree",
        "Prefer not to say",
      ];
    case "employment":
      return ["Employed full-time", "Employed part-time", "Self-employed", "Student", "Not working", "Retired"];
    case "marital":
      return [
        "Single",
        "Married or in a civil partnership",
        "Living with a partner",
        "Divorced or separated",
        "Widowed",
      ];
    case "occupation":
      return [
        "Manager or director",
        "Professional (e.g. teacher, engineer, nurse)",
        "Administrative or office job",
        "Skilled trade or technical job",
        "Sales, service or care job",
        "Not working or studying",
      ];
    case "device":
      return ["Smartphone", "Laptop or desktop computer", "Tablet", "Something else"];
    case "time":
      if (/\bbreakfast\b/.test(t)) return ["Before 7am", "7am to 8am", "8am to 9am", "After 9am", "I skip breakfast"];
      if (/\blunch\b/.test(t)) return ["Before noon", "Noon to 1pm", "1pm to 2pm", "After 2pm", "I skip lunch"];
      if (/\b(?:dinner|supper|tea|evening meal)\b/.test(t))
        return ["Before 6pm", "6pm to 7pm", "7pm to 8pm", "8pm to 9pm", "After 9pm"];
      return ["Early morning", "Late morning", "Around midday", "Afternoon", "Evening", "Late at night"];
    case "social":
      return ["Facebook", "Instagram", "TikTok", "YouTube", "X (Twitter)", "None of these"];
    case "who":
      return ["Me", "Me and someone else together", "My partner", "Someone else in my household", "I live alone"];
    case "month":
      // Heating goes on in autumn (in the northern hemisphere the mock's countries are in), and some never do.
      if (/\bheating\b|\bradiators?\b|\bboiler\b/.test(t))
        return ["September or earlier", "October", "November", "December or later", "Haven't turned it on yet"];
      return ["January to March", "April to June", "July to September", "October to December", "Can't remember"];
  }
}

/** Themes open answers are coded into, from what the question asks about. */
function openThemes(text: string): string[] {
  const t = normalise(text);
  // "Which supermarket do you use most?", "Which brand of cereal do you buy?": a name, coded by the kind of name.
  if (/\b(?:supermarket|shop|store|retailer)s?\b/.test(t) && /^(?:which|what|where)\b/.test(t))
    return [
      "A big supermarket chain",
      "A discount supermarket",
      "A local or independent shop",
      "Online only",
      "Somewhere else",
    ];
  if (/\bbrands?\b/.test(t) && /^(?:which|what)\b/.test(t) && !/\bwhy\b/.test(t))
    return ["A well-known brand", "A shop's own brand", "It varies", "I don't buy it"];
  // Reasons: what holds people back, why they gave up half-way, left or chose, in the words of the question's field.
  const reasons = reasonThemes(t);
  if (reasons) return reasons;
  if (/\b(?:kept you|keep you|make you (?:stay|switch|buy|try|come back|change)|convince|persuade|win you)\b/.test(t))
    return ["A lower price", "More flexibility", "Better quality", "Something else", "Nothing would"];
  if (/\b(?:improve|improvement|change|better|missing|wish|add|fix)\b/.test(t))
    return ["Lower prices", "More choice", "Easier to use", "Better service", "Nothing, it is fine as it is"];
  if (/\b(?:like least|dislike|worst|frustrat|annoy|problem|complain)\w*/.test(t))
    return ["The price", "Quality problems", "Hassle or effort", "Something else", "Nothing"];
  if (/\b(?:like most|like best|best thing|favourite|enjoy|love)\b/.test(t))
    return ["The price", "The quality", "The convenience", "Something else", "Nothing in particular"];
  if (/\b(?:think of|comes? to mind|describe|impression|feel about|opinion|words?)\b/.test(t))
    return ["Positive", "Mixed", "Negative", "No opinion"];
  // "What is your…", "Which … do you…" of no kind the writer lists names for: a name in people's own words, coded by
  // how they answered (a report never leads with it).
  if (/^(?:what|which) (?:is|are|was|were) (?:your|you)\b|^which\b/.test(t) && !/\bmatters?\b|\bimportant\b/.test(t))
    return [...NEUTRAL_CODING];
  return ["Price or value", "Quality", "Convenience or time", "Something else", "Don't know"];
}

/** Inputs of a goal that a "which of these" question is about, by the noun it uses. */
function goalItems(text: string, context: ReadingContext): string[] {
  const t = normalise(text);
  const list = (key: string): string[] => {
    const value = context.inputs?.[key];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "") : [];
  };
  if (/\bfeatures?\b/.test(t) || (context.goal === "feature_prioritisation" && !/\bbrand|\bmessage/.test(t)))
    return list("features").slice(0, 6);
  if (/\b(?:messages?|headlines?|taglines?|slogans?|claims?)\b/.test(t) || context.goal === "message_test")
    return list("messages").slice(0, 6);
  if (/\b(?:brands?|compan(?:y|ies)|providers?|suppliers?|retailers?|shops?|stores?)\b/.test(t)) {
    const brand = typeof context.inputs?.brand === "string" ? [context.inputs.brand] : [];
    return [...new Set([...brand, ...list("competitors"), ...(context.brands ?? [])])].slice(0, 6);
  }
  return [];
}

/** Labels for a way out, in the order a writer would reach for them when the first is already an item's name. */
const WAY_OUT_LABELS = ["None of these", "None of the above", "None of them", "Something else"];

/**
 * The items of a "which of these" question plus a way out when it fits in seven labels. The way out never repeats an
 * item (a message called "None of these" gets "None of the above" after it), since options must be distinct.
 */
export function withWayOut(items: readonly string[], wayOut: string): string[] {
  if (items.length >= 7) return [...items];
  const taken = new Set(items.map((item) => item.trim().toLowerCase()));
  const label = [wayOut, ...WAY_OUT_LABELS].find((candidate) => !taken.has(candidate.toLowerCase()));
  return label ? [...items, label] : [...items];
}

/** The three bands a 0-to-10 recommendation score is read in (detractors, passives, promoters). */
const NPS_BANDS = ["0 to 6", "7 or 8", "9 or 10"] as const;

/**
 * The options supplied for a survey design's custom question given without them: what `readQuestion` reads, within
 * the 3 to 6 labels of docs/decisions/mock-choices.md#survey-design. A 0-to-10 score is asked in its three bands; a longer list keeps its first five
 * labels and its last (the way out).
 */
export function suppliedOptions(reading: QuestionReading): string[] {
  if (reading.kind === "nps") return [...NPS_BANDS];
  const options = reading.options;
  return options.length > 6 ? [...options.slice(0, 5), options[options.length - 1] as string] : [...options];
}

/**
 * The kind of a question and the options that fit it, in order (scales least to most favourable, bands low to high):
 * what the question writer supplies when a question comes without options. 3 to 6 labels for single choices.
 */
export function readQuestion(questionText: string, context: ReadingContext = {}): QuestionReading {
  const kind = kindOf(questionText);
  const single = (options: readonly string[]): QuestionReading => ({
    kind,
    question_type: "single_choice",
    options: [...options],
  });
  if (isScaleKind(kind)) return single(SCALE_KINDS[kind]);
  switch (kind) {
    case "yes_no":
      return single(isFactualYesNo(questionText) ? factualYesNo(questionText) : SCALES.yesNo);
    case "nps":
      return single(Array.from({ length: 11 }, (_v, i) => String(i)));
    case "duration":
      return single(durationOptions(questionText));
    case "fact": {
      const topic = factTopic(normalise(questionText));
      if (!topic) {
        const t = normalise(questionText);
        const named = namedAnswers(namedSubject(t) as string, context.countries, t);
        return { kind, question_type: named.type, options: named.options };
      }
      const options = factOptions(topic, questionText, context);
      // A job title is written in people's own words and coded into occupation groups.
      return topic === "occupation" ? { kind, question_type: "open_text", options } : single(options);
    }
    case "age_band":
      return single(["18 to 24", "25 to 34", "35 to 44", "45 to 54", "55 to 64", "65 or older"]);
    case "gender":
      return single(["Woman", "Man", "In another way", "Prefer not to say"]);
    case "count":
      return single(countOptions(questionText));
    case "money_band":
      return single(moneyOptions(questionText, context));
    case "ranking": {
      const items = listedItems(questionText);
      const options = items.length >= 2 ? items : goalItems(questionText, context);
      return {
        kind,
        question_type: "ranking",
        options: options.length >= 2 ? options : driversFor(normalise(questionText)),
      };
    }
    case "choice": {
      const items = listedItems(questionText);
      if (items.length >= 2) return single(withWayOut(items, "No preference"));
      const fromGoal = goalItems(questionText, context);
      if (fromGoal.length >= 2) return single(withWayOut(fromGoal, "None of these"));
      const t = normalise(questionText);
      if (
        /\b(?:matters?|important|influences?|drives?|deciding|decide|value|care about|look for|prioriti[sz]e)\b/.test(t)
      )
        return single(driversFor(t));
      // "Which provider do you use?" with no providers known: a name in people's own words, coded neutrally.
      const subject = namedSubject(t);
      if (subject && !/\b(?:supermarkets?|shops?|stores?|retailers?|brands?)\b/.test(subject)) {
        const named = namedAnswers(subject, context.countries, t);
        return {
          kind: named.type === "open_text" ? "open_text" : "choice",
          question_type: named.type,
          options: named.options,
        };
      }
      // "Which supermarket do you use most?": the answer is a name people give in their own words.
      return { kind: "open_text", question_type: "open_text", options: openThemes(questionText) };
    }
    default:
      return { kind: "open_text", question_type: "open_text", options: openThemes(questionText) };
  }
}

/**
 * The scale for an item set without one: the scale its ask names, else the goal's usual one (appeal for concepts and
 * messages, importance for features, agreement for brand statements, value for prices), else a plain rating scale.
 */
export function scaleForItems(ask: string, goal?: string): readonly string[] {
  const kind = kindOf(ask);
  if (isScaleKind(kind) && kind !== "rating") return SCALE_KINDS[kind];
  switch (goal) {
    case "concept_test":
    case "message_test":
      return SCALES.appeal;
    case "feature_prioritisation":
      return SCALES.importance;
    case "brand_perception":
      return SCALES.agreement;
    case "pricing":
      return SCALES.value;
    default:
      return SCALES.rating;
  }
}

// --- Naming a question in running text ------------------------------------------------------------------------------

/** Questions up to this long are quoted whole in running text. */
const SHORT_QUESTION = 100;
/** A quoted stimulus up to this long is named by its words. */
const SHORT_STIMULUS = 70;

/**
 * A quoted stimulus as running text names it: whole when short, else its opening words up to a word boundary and an
 * ellipsis (never "the idea", which cannot tell one message from another); its closing full stop dropped.
 */
function stimulusName(quote: string): string {
  const text = quote.replace(/[.!?]+$/, "");
  if (text.length <= SHORT_STIMULUS) return `"${text}"`;
  const words = text.split(/\s+/);
  let opening = "";
  for (const word of words) {
    if (`${opening} ${word}`.trim().length > SHORT_STIMULUS - 1) break;
    opening = `${opening} ${word}`.trim();
  }
  return `"${(opening || text.slice(0, SHORT_STIMULUS - 1)).replace(/[\s,;:.!?]+$/, "")}\u2026"`;
}

/**
 * How a report names a question in a sentence, written from its words (never from its variable name): what it
 * measures and of what when it rates a quoted stimulus (`how persuasive "Save 20%. Today only" is`, whatever the
 * question's length, so one list names all its messages one way); else the question in quotes when it is short (any
 * double quotes inside it turned to single ones, so quotes never nest); else what it measures: `purchase intent at
 * £5.49`, `the "too cheap" price`.
 */
export function describeQuestion(questionText: string): string {
  const text = questionText.trim();
  const t = normalise(text);
  if (/\bso cheap\b|\btoo cheap\b|\bdoubt (?:its|the) quality\b/.test(t)) return 'the "too cheap" price';
  if (/\btoo expensive\b/.test(t)) return 'the "too expensive" price';
  if (/\b(?:start to )?feel expensive\b|\bgetting expensive\b/.test(t)) return 'the "getting expensive" price';
  if (/\bbargain\b/.test(t) && /\bprice/.test(t)) return 'the "bargain" price';
  const quote = /"([^"]+)"/.exec(text)?.[1]?.trim();
  const dimension = /\bfind out more\b|\bpersua|\bmake you want\b/.test(t)
    ? "persuasive"
    : /\bbelievab/.test(t)
      ? "believable"
      : /\bclear\b/.test(t)
        ? "clear"
        : /\bimportant\b/.test(t)
          ? "important"
          : /\bappeal/.test(t)
            ? "appealing"
            : /\breaction\b/.test(t)
              ? "reaction"
              : undefined;
  if (quote && dimension) {
    const subject = stimulusName(quote);
    return dimension === "reaction" ? `reactions to ${subject}` : `how ${dimension} ${subject} is`;
  }
  const quoted = (words: string) => `"${words.replace(/"([^"]*)"/g, "'$1'").replace(/"/g, "'")}"`;
  if (text.length <= SHORT_QUESTION) return quoted(text);
  if (/\bmost you would pay\b/.test(t)) return "the most people would pay";
  if (/\bmain reason\b/.test(t)) return "the main reason people give";
  // "This survey is about …. In your own words, …?": the question is its last sentence.
  const last = /(?<=[.!?]["\u201d]?\s)[^"]+\?$/.exec(text)?.[0];
  if (last && last.length <= SHORT_QUESTION && !/"/.test(text)) return `"${last}"`;
  const price = moneyPattern().exec(text)?.[0];
  if (/\bhow likely\b.*\bbuy\b|\bwould you buy\b/.test(t))
    return price ? `purchase intent at ${price}` : "purchase intent";
  if (/\bvalue for money\b/.test(t)) return price ? `value for money at ${price}` : "value for money";
  return quoted(text);
}
