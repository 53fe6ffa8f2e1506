import { SCALES } from "./scales.js";

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

/** Questions about who people are rather than what they think: never a study's finding. */
export const PROFILE_KINDS: ReadonlySet<QuestionKind> = new Set(["age_band", "gender", "count", "money_band"]);

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
  if (
    /\bhow old\b|\byour age\b|\bage (?:group|band|range|bracket)\b|\byear (?:were you born|of birth)\b|\bwhen were you born\b/.test(
      t,
    )
  )
    return "age_band";
  if (/\byour (?:gender|sex)\b|\bgender\b.*\bidentify\b/.test(t)) return "gender";
  if (/\bhow many\b/.test(t)) return "count";
  if (isMoney(t)) return "money_band";
  if (/\bhow (?:often|frequently|regularly)\b/.test(t)) return "frequency";
  if (listedItems(questionText).length >= 2 && /\b(?:prefer|rather|choose|pick|which|between)\b/.test(t))
    return "choice";
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
  return "rating";
}

function normalise(text: string): string {
  return text.trim().toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, " ");
}

function isMoney(t: string): boolean {
  return (
    /\bhow much (?:money )?(?:do|did|does|would|will|could|should|are|is|have)\b[^?]{0,40}?\b(?:spend|spent|pay|paid|budget|earn|save|cost)\b/.test(
      t,
    ) ||
    /\b(?:household|annual|yearly|personal|monthly|total) income\b|\byour income\b|\bsalary\b|\bmost you would pay\b|\bwilling(?:ness)? to pay\b/.test(
      t,
    )
  );
}

/** What a money question is about: what people spend, earn, or would pay. */
function moneyTopic(t: string): "income" | "pay" | "spend" {
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

const CURRENCY_SYMBOL: Record<string, string> = { GBP: "£", EUR: "€", USD: "$" };

function symbolOf(text: string, context: ReadingContext): string {
  const named = /[£$€]/.exec(text)?.[0];
  if (named) return named;
  const fromText = /\b(GBP|EUR|USD)\b/.exec(text)?.[1];
  const code = fromText ?? (typeof context.inputs?.currency === "string" ? context.inputs.currency : context.currency);
  return CURRENCY_SYMBOL[code ?? "GBP"] ?? "£";
}

const thousands = (n: number) => n.toLocaleString("en-GB");

/** Bands from thresholds: "Under £10", "£10 to £24", …, "£100 or more" (whole amounts, no gaps, no overlaps). */
function moneyBands(symbol: string, thresholds: readonly number[]): string[] {
  const m = (n: number) => `${symbol}${thousands(n)}`;
  return [
    `Under ${m(thresholds[0] as number)}`,
    ...thresholds.slice(0, -1).map((low, i) => `${m(low)} to ${m((thresholds[i + 1] as number) - 1)}`),
    `${m(thresholds[thresholds.length - 1] as number)} or more`,
  ];
}

function moneyOptions(text: string, context: ReadingContext): string[] {
  const t = normalise(text);
  const symbol = symbolOf(text, context);
  const topic = moneyTopic(t);
  if (topic === "income") return [...moneyBands(symbol, [20_000, 40_000, 60_000, 100_000]), "Prefer not to say"];
  const prices = Array.isArray(context.inputs?.price_points)
    ? [...new Set(context.inputs.price_points.filter((p): p is number => typeof p === "number" && p > 0))]
        .sort((a, b) => a - b)
        .slice(0, 4)
    : [];
  if (topic === "pay" && prices.length >= 2 && prices.every(Number.isInteger)) return moneyBands(symbol, prices);
  const thresholds = /\b(?:a|per|each|every) week\b|\bweekly\b/.test(t)
    ? [10, 25, 50, 100]
    : /\b(?:a|per|each|every) month\b|\bmonthly\b/.test(t)
      ? [10, 25, 50, 100]
      : /\b(?:a|per|each|every) year\b|\byearly\b|\bannual/.test(t)
        ? [100, 250, 500, 1000]
        : [5, 10, 20, 50];
  return topic === "spend" ? ["Nothing", ...moneyBands(symbol, thresholds)] : moneyBands(symbol, thresholds);
}

/** People are counted from one (someone answers for their household); things and times from none. */
function countOptions(text: string): string[] {
  const t = normalise(text);
  if (/\b(?:people|persons|adults|members)\b.*\b(?:household|home|live|living)\b|\bhousehold size\b/.test(t))
    return ["1", "2", "3", "4", "5 or more"];
  if (/\bchildren|\bkids\b/.test(t)) return ["None", "1", "2", "3 or more"];
  if (/\btimes\b/.test(t)) return ["None", "Once", "2 or 3 times", "4 to 6 times", "7 times or more"];
  return ["None", "1", "2", "3 to 5", "6 or more"];
}

/** Themes open answers are coded into, from what the question asks about. */
function openThemes(text: string): string[] {
  const t = normalise(text);
  if (
    /\b(?:cancel|stop|stopped|leave|left|quit|unsubscribe|give up|gave up|churn|lapse|not (?:buy|use|renew))\w*/.test(
      t,
    ) &&
    !/\bkept you|\bkeep you|\bmake you stay\b/.test(t)
  )
    return [
      "Too expensive",
      "Did not use it enough",
      "Found something better",
      "More hassle than expected",
      "Another reason",
    ];
  if (/\b(?:kept you|keep you|make you (?:stay|switch|buy|try|come back|change)|convince|persuade|win you)\b/.test(t))
    return ["A lower price", "More flexibility", "Better quality", "Something else", "Nothing would"];
  if (/\b(?:improve|improvement|change|better|missing|wish|add|fix)\b/.test(t))
    return ["Lower prices", "More choice", "Easier to use", "Better service", "Nothing, it is fine as it is"];
  if (/\b(?:like least|dislike|worst|frustrat|annoy|problem|complain)\w*/.test(t))
    return ["The price", "Quality problems", "Hassle or effort", "Something else", "Nothing"];
  if (/\b(?:like most|like best|best thing|favourite|enjoy|love)\b/.test(t))
    return ["The price", "The quality", "The convenience", "Something else", "Nothing in particular"];
  if (/\bwhy\b.*\b(?:choose|chose|buy|bought|use|pick|join|subscribe|prefer|go with)\b/.test(t))
    return ["Saves time", "Good value", "Quality", "Recommended to me", "Another reason"];
  if (/\b(?:think of|comes? to mind|describe|impression|feel about|opinion|words?)\b/.test(t))
    return ["Positive", "Mixed", "Negative", "No opinion"];
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

const DRIVERS = ["Price", "Quality", "Convenience", "Brand reputation", "Recommendations from others"];

function withWayOut(items: readonly string[], wayOut: string): string[] {
  return items.length < 7 ? [...items, wayOut] : [...items];
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
      return single(SCALES.yesNo);
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
      return { kind, question_type: "ranking", options: options.length >= 2 ? options : DRIVERS };
    }
    case "choice": {
      const items = listedItems(questionText);
      if (items.length >= 2) return single(withWayOut(items, "No preference"));
      const fromGoal = goalItems(questionText, context);
      if (fromGoal.length >= 2) return single(withWayOut(fromGoal, "None of these"));
      if (/\b(?:matters?|important|influences?|drives?|deciding|decide)\b/.test(normalise(questionText)))
        return single(DRIVERS);
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
 * How a report names a question in a sentence, written from its words (never from its variable name): the question in
 * quotes when it is short; else what it measures and of what: `how important "DATEV export" is`, `purchase intent at
 * £5.49`, `the "too cheap" price`.
 */
export function describeQuestion(questionText: string): string {
  const text = questionText.trim();
  const t = normalise(text);
  if (/\bso cheap\b|\btoo cheap\b|\bdoubt (?:its|the) quality\b/.test(t)) return 'the "too cheap" price';
  if (/\btoo expensive\b/.test(t)) return 'the "too expensive" price';
  if (/\b(?:start to )?feel expensive\b|\bgetting expensive\b/.test(t)) return 'the "getting expensive" price';
  if (/\bbargain\b/.test(t) && /\bprice/.test(t)) return 'the "bargain" price';
  if (text.length <= SHORT_QUESTION) return `"${text}"`;
  if (/\bmost you would pay\b/.test(t)) return "the most people would pay";
  if (/\bmain reason\b/.test(t)) return "the main reason people give";
  // "This survey is about …. In your own words, …?": the question is its last sentence.
  const last = /(?<=[.!?]["”]?\s)[^"]+\?$/.exec(text)?.[0];
  if (last && last.length <= SHORT_QUESTION && !/"/.test(text)) return `"${last}"`;
  const price = /(?:[£$€]|\b(?:GBP|EUR|USD)\s?)\s*\d+(?:[.,]\d+)?/.exec(text)?.[0];
  if (/\bhow likely\b.*\bbuy\b|\bwould you buy\b/.test(t))
    return price ? `purchase intent at ${price}` : "purchase intent";
  if (/\bvalue for money\b/.test(t)) return price ? `value for money at ${price}` : "value for money";
  const quote = /"([^"]+)"/.exec(text)?.[1]?.trim();
  const dimension = /\bfind out more\b|\bpersua/.test(t)
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
    const subject = quote.length <= SHORT_STIMULUS ? `"${quote.replace(/[.!?]+$/, "")}"` : "the idea";
    return dimension === "reaction" ? `reactions to ${subject}` : `how ${dimension} ${subject} is`;
  }
  return `"${text}"`;
}
