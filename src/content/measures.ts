import { isAboutThePerson, kindOf } from "./question-kinds.js";
import { SCALES } from "./scales.js";
import { type ScaleShape, shapeOf } from "./segments.js";

/**
 * What a question measures, read from its options first (a scale the question writer uses says what it is) and its
 * words second, so an edited plan is read as well as a written one. The answer engine (`respondents.ts`) answers each
 * measure from the respondent's one profile; anything it cannot place is a plain rating or a list of options.
 */
export type Aspect =
  | "appeal"
  | "uniqueness"
  | "relevance"
  | "clarity"
  | "believability"
  | "value"
  | "intent"
  | "use"
  | "routine"
  | "recommend"
  | "payMore"
  | "fit"
  | "act"
  | "satisfaction"
  | "likelihood"
  | "importance"
  | "agreement"
  | "frequency"
  | "involvement"
  | "trust"
  | "ease"
  | "rating";

export type BrandAspect = "describes" | "trust" | "consider" | "compare" | "recommend" | "value" | "other";
export type ItemAspect = "persuasion" | "believability" | "clarity" | "importance" | "appeal" | "reaction" | "other";
export type ChoiceAspect = "best" | "least" | "premium" | "believable" | "clear";

export type Measure =
  | { kind: "price"; which: "tooCheap" | "cheap" | "expensive" | "tooExpensive" | "most" }
  | { kind: "profile" }
  | { kind: "awareness"; brand: string | null }
  | { kind: "brandChoice"; attribute: string | null }
  | { kind: "brandScale"; brand: string; aspect: BrandAspect; attribute: string | null }
  | { kind: "itemChoice"; aspect: ChoiceAspect; items: number[] }
  | { kind: "itemScale"; item: string; aspect: ItemAspect }
  | { kind: "scale"; aspect: Aspect; price: number | null }
  | { kind: "nominal" };

/** The Van Westendorp question a text asks, if any. */
export type VanWestendorpQuestion = "tooCheap" | "cheap" | "expensive" | "tooExpensive";

export function vanWestendorpQuestion(questionText: string): VanWestendorpQuestion | undefined {
  const t = questionText.toLowerCase();
  if (!/\bprice/.test(t)) return undefined;
  if (/\btoo expensive\b|\btoo much\b|\btoo high\b/.test(t)) return "tooExpensive";
  if (/\bgetting expensive\b|\bfeel expensive\b|\bstart to be expensive\b|\bstill consider\b/.test(t))
    return "expensive";
  if (/\bbargain\b|\bgreat deal\b|\bgood value\b/.test(t)) return "cheap";
  if (/\bso cheap\b|\btoo cheap\b|\bdoubt (?:its|the) quality\b/.test(t)) return "tooCheap";
  return undefined;
}

/** What a study knows when it reads a question: the brands it compares and the stimuli of its sets. */
export interface MeasureContext {
  brands: readonly string[];
  items: readonly string[];
  /** The amount of the price a question names, read with the study's own money reader. */
  priceIn: (text: string) => number | null;
}

/**
 * A name as options and questions may show it: a long name is quoted ("\"Kritsa Gold extra virgin olive oil\""), a
 * sentence may end in a stop; the name is the same either way.
 */
export function nameKey(text: string): string {
  return text
    .trim()
    .replace(/[.!?]+$/, "")
    .replace(/^["\u201c\u201e'](.*)["\u201d']$/su, "$1")
    .trim()
    .toLowerCase();
}

const same = (a: string, b: string) => nameKey(a) === nameKey(b);

const equalTo = (options: readonly string[], scale: readonly string[]) =>
  options.length >= scale.length - 1 && scale.every((label) => options.includes(label));

/** Scales the question writer uses that say on their own what they measure. */
const BY_SCALE: Array<[readonly string[], Aspect]> = [
  [SCALES.appeal, "appeal"],
  [SCALES.clarity, "clarity"],
  [SCALES.value, "value"],
  [SCALES.satisfaction, "satisfaction"],
  [SCALES.importance, "importance"],
  [SCALES.agreement, "agreement"],
  [SCALES.trust, "trust"],
  [SCALES.ease, "ease"],
  [SCALES.frequency, "frequency"],
];

/** What an opinion scale measures, from its options and words (appeal, clarity, intent…). */
export function scaleAspect(text: string, options: readonly string[]): Aspect {
  return aspectOfWords(text.toLowerCase(), options);
}

function aspectOfWords(t: string, options: readonly string[]): Aspect {
  const o = options.join(" ").toLowerCase();
  // "Definitely would not buy" … "Definitely would buy", or any other act on that ladder ("take it out", "use it").
  if (
    options.some((x) => /^definitely would not\b/i.test(x)) &&
    options.some((x) => /^definitely would\b(?! not)/i.test(x))
  )
    return "intent";
  if (/\bbuy\b|\bpurchase\b|\bsubscribe\b/.test(t) && /likely/.test(t)) return "intent";
  if (/\b(?:more|nothing more)\b.*%|% more\b/.test(o) || /\bhow much more would you pay\b/.test(t)) return "payMore";
  if (/\breplace what i use\b|\btry it once\b/.test(o) || /\broutine\b/.test(t)) return "routine";
  if (/\bdifferent\b|\bcompletely new\b/.test(o) || /\bnew and different\b/.test(t)) return "uniqueness";
  if (/\brelevant\b/.test(o) || /\brelevant\b/.test(t)) return "relevance";
  if (/\bbelievable\b/.test(o) || /\bbelievab|\bcredib/.test(t)) return "believability";
  if (/\brecommend\b/.test(t)) return "recommend";
  if (/\bthought\b/.test(o)) return "involvement";
  if (/\bsuit|\btone\b|\bfit (?:with|for)\b|\bwell does\b/.test(t)) return "fit";
  for (const [scale, aspect] of BY_SCALE) if (equalTo(options, scale)) return aspect;
  switch (kindOf(t)) {
    case "appeal":
      return "appeal";
    case "clarity":
      return "clarity";
    case "value":
      return "value";
    case "satisfaction":
      return "satisfaction";
    case "importance":
      return "importance";
    case "agreement":
      return "agreement";
    case "trust":
      return "trust";
    case "ease":
      return "ease";
    case "frequency":
      return "frequency";
    case "likelihood":
      return /\b(?:get|book|take|have|do|go|sign|register|apply|donate|join|attend|vaccinat|act|look for|find out)\b/.test(
        t,
      )
        ? "act"
        : "likelihood";
    default:
      return "rating";
  }
}

const BRAND_SCALES: Array<[RegExp, BrandAspect]> = [
  [/\bdescribe/, "describes"],
  [/\bconsider\b/, "consider"],
  [/\bcompare\b|\bcompared with\b/, "compare"],
  [/\btrust\b/, "trust"],
  [/\brecommend\b/, "recommend"],
  [/\bvalue\b/, "value"],
];

/** The measure of a question: what it asks and of what, for the answer engine. */
export function measureOf(
  question: { text: string; type: string; options: readonly string[] },
  context: MeasureContext,
): { measure: Measure; shape: ScaleShape } {
  const { text, type, options } = question;
  const t = text.toLowerCase();
  const shape: ScaleShape = type === "open_text" || type === "ranking" ? { kind: "nominal" } : shapeOf(options);
  // A ladder of prices is answered from the person's ceiling when it asks about this price (Van Westendorp, the most
  // they would pay); bands of money about anything else (rent, income) are facts about the person.
  const which = shape.kind === "price" ? vanWestendorpQuestion(text) : undefined;
  if (shape.kind === "price" && (which || /\bmost\b.*\bpay\b|\bwilling(?:ness)? to pay\b/i.test(text)))
    return { measure: { kind: "price", which: which ?? "most" }, shape };
  // Options that are the study's own items (messages, features) make a choice among them, whatever else the words say
  // ("Which of these would you be most willing to pay extra for?" is no money band).
  const listed = options.flatMap((o, i) => (context.items.some((item) => same(item, o)) ? [i] : []));
  if (listed.length < 2 && isAboutThePerson(text, options)) return { measure: { kind: "profile" }, shape };
  const brandsIn = (list: readonly string[]) => context.brands.filter((b) => list.some((o) => same(o, b)));
  const named = context.brands.find((b) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(b)}(?![\\p{L}\\p{N}])`, "iu").test(text),
  );
  const quoted = /"([^"]+)"/.exec(text)?.[1]?.trim() ?? null;
  if (context.brands.length > 0) {
    if (brandsIn(options).length >= 2)
      return {
        measure: { kind: "brandChoice", attribute: /\bassociate\b/.test(t) ? quoted : null },
        shape: { kind: "nominal" },
      };
    if (/\bfamiliar\b|\bheard of\b|\baware of\b/.test(t) || options.some((o) => /^never heard of/i.test(o)))
      return { measure: { kind: "awareness", brand: named ?? null }, shape };
    if (named && shape.kind === "ordered") {
      const aspect = BRAND_SCALES.find(([pattern]) => pattern.test(t))?.[1] ?? "other";
      return {
        measure: { kind: "brandScale", brand: named, aspect, attribute: aspect === "describes" ? quoted : null },
        shape,
      };
    }
  }
  const itemIndexes = options.flatMap((o, i) => (context.items.some((item) => same(item, o)) ? [i] : []));
  if (itemIndexes.length >= 2) {
    const aspect: ChoiceAspect = /\bleast\b|\bworst\b|\bmatter least\b/.test(t)
      ? "least"
      : /\bpay extra\b|\bpay more\b|\bworth paying\b/.test(t)
        ? "premium"
        : /\bbelievab/.test(t)
          ? "believable"
          : /\beasiest to understand\b|\bclear/.test(t)
            ? "clear"
            : "best";
    return { measure: { kind: "itemChoice", aspect, items: itemIndexes }, shape: { kind: "nominal" } };
  }
  const afterColon =
    text.lastIndexOf(": ") > 0
      ? text
          .slice(text.lastIndexOf(": ") + 2)
          .replace(/\?$/, "")
          .trim()
      : null;
  const item =
    (quoted && context.items.find((i) => same(i, quoted))) ??
    (afterColon && context.items.find((i) => same(i, afterColon))) ??
    undefined;
  // A reaction ladder runs from "Hard to understand" to "Makes me want to …" in its own order.
  const ladder: ScaleShape =
    item && /\breaction\b/.test(t) && shape.kind !== "ordered"
      ? { kind: "ordered", order: options.map((_o, i) => i) }
      : shape;
  if (item && ladder.kind === "ordered") {
    const shape = ladder;
    const aspect: ItemAspect = /\breaction\b/.test(t)
      ? "reaction"
      : /\bbelievab/.test(t)
        ? "believability"
        : /\bclear\b|\bunderstand/.test(t)
          ? "clarity"
          : /\bimportan/.test(t)
            ? "importance"
            : /\bappeal/.test(t)
              ? "appeal"
              : /\bpersua|\bfind out more\b|\bmake you want\b|\bconvinc|\bencourage/.test(t)
                ? "persuasion"
                : "other";
    return { measure: { kind: "itemScale", item, aspect }, shape };
  }
  if (shape.kind === "ordered") {
    return { measure: { kind: "scale", aspect: aspectOfWords(t, options), price: context.priceIn(text) }, shape };
  }
  return { measure: { kind: "nominal" }, shape };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
