import { agree } from "./audience.js";
import { hasFavourableEnd, isAboutThePerson } from "./question-kinds.js";
import { isNeutralCoding } from "./question-subjects.js";
import type { QuestionResult, ResearchResults } from "./results.js";
import { favourableOptions, shapeOf } from "./segments.js";
import { languageOf } from "./subject.js";

/**
 * Reading results the way the reports do: which question measures what for which item (a message, a feature, a
 * brand, a concept's dimension), and the shares that go with it. Reports and hypothesis verdicts both read from here,
 * so a headline and the verdict on the same claim cannot use different numbers. Everything is worked out from the
 * plan's questions as answered in `results`, never from how the question writer happened to phrase them, so an edited
 * plan is read the same way (a question that is not there is simply not used).
 */

/**
 * A sentence's first letter in capitals, unless its first word is a name written with capitals inside it ("sevDesk",
 * "iPhone"), which keeps its own spelling.
 */
export function capitalise(text: string): string {
  const first = /^\S+/.exec(text)?.[0] ?? "";
  return /[A-Z]/.test(first.slice(1)) ? text : `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** What the reports know of the simulation besides its plan and results. */
export interface Study {
  goal: string;
  inputs: Record<string, unknown>;
  /** True when a survey design fixed the questions: its item sets are then what the study compares. */
  designed?: boolean;
  /** The user models and their languages (BCP 47 tags from their metadata), for saying what they were asked in. */
  languages?: ReadonlyArray<{ name: string; language: string }>;
  /** The locale money is written in ("en-JP"): prices read between the asked ones are printed the same way. */
  locale?: string;
  /** The study's currency (ISO 4217): a "kr" on a label is Norwegian or Swedish as the study says. */
  currency?: string;
  /** Who the user models are (their names and metadata), for saying when they are not the audience the plan names. */
  models?: ReadonlyArray<{ id: string; name: string; description?: string; metadata: Record<string, unknown> }>;
}

const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  de: "German",
  fr: "French",
  es: "Spanish",
  it: "Italian",
  nl: "Dutch",
  pt: "Portuguese",
  pl: "Polish",
  sv: "Swedish",
  da: "Danish",
  ja: "Japanese",
};

/** A language's English name ("Korean" for ko), or undefined where `Intl` has none but its code. */
function languageName(code: string): string | undefined {
  const known = LANGUAGE_NAMES[code];
  if (known) return known;
  try {
    const name = new Intl.DisplayNames(["en"], { type: "language" }).of(code);
    return name && name.toLowerCase() !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

const baseLanguage = (tag: string) => tag.split(/[-_]/)[0]?.toLowerCase() ?? "";

/**
 * What a report's method says of the questionnaire's language. The question writer writes in English (the stimulus as
 * the team wrote it), but a team's own questions are asked as written, in German, French or Spanish: the languages
 * are read from the questions `asked`. User models who speak another language than some of the questions are told
 * apart, and the team told to field a translation before relying on wording. Undefined when every user model speaks
 * the questions' language or its own is unknown.
 */
export function languageNote(study: Study, asked: readonly string[] = []): string | undefined {
  // A quoted stimulus ("Here is a new idea: \"Ein Unterkonto…\"") is the team's text, not the question's language.
  const own = asked.map((q) =>
    q.replace(/"[^"]*"|\u201c[^\u201d]*\u201d|\u201e[^\u201c\u201d]*[\u201c\u201d]|\u00ab[^\u00bb]*\u00bb/g, " "),
  );
  const read = [...new Set(own.map(languageOf).filter((l) => l !== "other"))];
  const written: string[] = read.length > 0 ? read : ["en"];
  const others = (study.languages ?? []).filter(
    (m) => m.language.trim() !== "" && written.some((l) => l !== baseLanguage(m.language)),
  );
  if (others.length === 0) return undefined;
  const named = others.map((m) => {
    const name = languageName(baseLanguage(m.language));
    return `${m.name} (${name ? `${name}, ` : ""}${m.language})`;
  });
  const verb = others.length === 1 ? agree((others[0] as { name: string }).name, "speak", "speaks") : "speak";
  const names = joinWords(written.map((l) => languageName(l) ?? "English"));
  const lead =
    names === "English"
      ? "The questions were written in English, with the stimulus as the team wrote it."
      : `The questions were asked in ${names}, each as it was written, with the stimulus as the team wrote it.`;
  const than = written.length > 1 ? " than some of the questions" : "";
  return `${lead} ${named.join(" and ")} ${verb} another language${than}: the answers stand for a translated questionnaire, so field one in ${others.length === 1 ? "that language" : "their languages"} before relying on how any question was worded.`;
}

const joinWords = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

/**
 * The favourable end of a question's scale (see `favourableOptions`); none for open and ranking questions, whose
 * options are themes and items, not points on a scale, nor for facts (money bands, how long, "Do you own a car?").
 */
export function favourableOf(q: Pick<QuestionResult, "answer_options" | "question_type" | "question_text">): string[] {
  const key = `${q.question_type}\u0000${q.question_text}\u0000${q.answer_options.join("\u0000")}`;
  let ends = favourableEnds.get(key);
  if (ends === undefined) {
    ends = hasFavourableEnd(q.question_text, q.question_type, q.answer_options)
      ? favourableOptions(q.answer_options)
      : [];
    if (favourableEnds.size >= FAVOURABLE_ENDS_KEPT) favourableEnds.clear();
    favourableEnds.set(key, ends);
  }
  return [...ends];
}

/**
 * A report asks for the favourable end of the same few questions hundreds of times (every finding, segment, chart and
 * verdict), and working it out reads the question's words and its scale with regular expressions: that was ~40 % of
 * generating a completed simulation. Questions are the client's text, so the answers kept are bounded.
 */
const favourableEnds = new Map<string, readonly string[]>();
const FAVOURABLE_ENDS_KEPT = 2_000;

export const isScale = (q: QuestionResult) => favourableOf(q).length > 0;

/** The favourable end's share (top-two box, or top box on three-point scales). */
export function favourable(q: QuestionResult, distribution: Record<string, number> = q.overall): number {
  return favourableOf(q).reduce((sum, o) => sum + (distribution[o] ?? 0), 0);
}

/** The unfavourable end: the two (or one) options at the other end of the scale, least favourable first. */
export function unfavourableOf(q: QuestionResult): string[] {
  const shape = shapeOf(q.answer_options);
  if (shape.kind !== "ordered") return [];
  return shape.order.slice(0, favourableOf(q).length).map((i) => q.answer_options[i] as string);
}

/** The unfavourable end's share. */
export function unfavourable(q: QuestionResult): number {
  return unfavourableOf(q).reduce((sum, o) => sum + (q.overall[o] ?? 0), 0);
}

/** Options by share, highest first (option order on a tie). */
export function ranked(q: QuestionResult, distribution: Record<string, number> = q.overall) {
  return q.answer_options
    .map((option, index) => ({ option, share: distribution[option] ?? 0, index }))
    .sort((a, b) => b.share - a.share || a.index - b.index);
}

/** A list input's strings, trimmed, without blanks or repeats (as the question writer reads it). */
export function listInput(inputs: Record<string, unknown>, key: string): string[] {
  const value = inputs[key];
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of value) {
    if (typeof raw !== "string" || raw.trim() === "" || seen.has(raw.trim().toLowerCase())) continue;
    seen.add(raw.trim().toLowerCase());
    out.push(raw.trim());
  }
  return out;
}

export function textInput(inputs: Record<string, unknown>, key: string): string | undefined {
  const value = inputs[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

const same = (a: string, b: string) =>
  a
    .trim()
    .replace(/[.!?]+$/, "")
    .toLowerCase() ===
  b
    .trim()
    .replace(/[.!?]+$/, "")
    .toLowerCase();

/** The stimulus a question quotes: "How clear is this message? "…"" → the message. */
export function quoteOf(q: { question_text: string }): string | undefined {
  return /"([^"]+)"/.exec(q.question_text)?.[1]?.trim();
}

/** Questions whose options hold every item (and maybe a way out): side-by-side choices among the items. */
function choicesAmong(results: ResearchResults, items: readonly string[]): QuestionResult[] {
  return results.questions.filter(
    (q) => items.length >= 2 && items.every((item) => q.answer_options.some((o) => same(o, item))),
  );
}

const shareOfItem = (q: QuestionResult, item: string) => {
  const option = q.answer_options.find((o) => same(o, item));
  return option === undefined ? undefined : (q.overall[option] ?? 0);
};

// --- Messages ---------------------------------------------------------------------------------------------------------

export interface ItemScores {
  item: string;
  /** Favourable share of its own rating question, by what was rated. */
  rated: Partial<Record<"persuasion" | "believability" | "clarity" | "reaction" | "importance", number>>;
  /** Share choosing it in each side-by-side question, by what was asked. */
  chosen: Partial<Record<"persuasion" | "believability" | "clarity" | "first", number>>;
}

function dimensionOfRating(text: string): keyof ItemScores["rated"] | undefined {
  const t = text.toLowerCase();
  if (/\breaction\b/.test(t)) return "reaction";
  if (/\bfind out more\b|\bpersua|\bmake you want\b/.test(t)) return "persuasion";
  if (/\bbelievab/.test(t)) return "believability";
  if (/\bclear\b|\bunderstand/.test(t)) return "clarity";
  if (/\bimportan/.test(t)) return "importance";
  return undefined;
}

function dimensionOfChoice(text: string): keyof ItemScores["chosen"] {
  const t = text.toLowerCase();
  if (/\bbelievab/.test(t)) return "believability";
  if (/\beasiest to understand\b|\bclear/.test(t)) return "clarity";
  if (/\bfind out more\b|\bpersua|\bmake you want\b/.test(t)) return "persuasion";
  return "first";
}

/** Every item's ratings and choice shares, for items a goal names (messages, features). */
export function itemScores(results: ResearchResults, items: readonly string[]): ItemScores[] {
  const scores: ItemScores[] = items.map((item) => ({ item, rated: {}, chosen: {} }));
  for (const q of results.questions) {
    const quote = quoteOf(q);
    const score = quote ? scores.find((s) => same(s.item, quote)) : undefined;
    const dimension = dimensionOfRating(q.question_text);
    if (!score || !dimension) continue;
    // A reaction ladder's last rung is the persuasive one ("Makes me want to …").
    score.rated[dimension] =
      dimension === "reaction"
        ? (q.overall[q.answer_options[q.answer_options.length - 1] as string] ?? 0)
        : favourable(q);
  }
  for (const q of choicesAmong(results, items)) {
    if (/\bleast\b/i.test(q.question_text)) continue;
    const dimension = dimensionOfChoice(q.question_text);
    for (const score of scores) {
      if (score.chosen[dimension] === undefined) score.chosen[dimension] = shareOfItem(q, score.item);
    }
  }
  return scores;
}

/** The measure every item has, in order of preference, and each item's score on it. */
export function primaryMeasure(
  scores: readonly ItemScores[],
  preference: ReadonlyArray<["rated" | "chosen", string]>,
): { source: "rated" | "chosen"; dimension: string; ranked: Array<{ item: string; score: number }> } | undefined {
  for (const [source, dimension] of preference) {
    const values = scores.map((s) => (s[source] as Record<string, number | undefined>)[dimension]);
    if (scores.length >= 2 && values.every((v) => v !== undefined)) {
      const list = scores.map((s, i) => ({ item: s.item, score: values[i] as number, index: i }));
      list.sort((a, b) => b.score - a.score || a.index - b.index);
      return { source, dimension, ranked: list.map(({ item, score }) => ({ item, score })) };
    }
  }
  return undefined;
}

// --- Features asked in best-worst sets ---------------------------------------------------------------------------------

/** Each feature's share picked as most and as least important in its set (numbered from 1), when asked in sets. */
export function bestWorst(
  results: ResearchResults,
  features: readonly string[],
): Array<{ item: string; set: number; best: number; worst: number }> | undefined {
  const out = features.map((item) => ({
    item,
    set: 0,
    best: undefined as number | undefined,
    worst: undefined as number | undefined,
  }));
  let set = 0;
  for (const q of results.questions) {
    const least = /\bleast\b/i.test(q.question_text);
    const most = /\bmatter most\b|\bmost important\b/i.test(q.question_text);
    if (!least && !most) continue;
    if (most) set++;
    for (const entry of out) {
      const share = shareOfItem(q, entry.item);
      if (share === undefined) continue;
      if (least) entry.worst ??= share;
      else {
        entry.best ??= share;
        entry.set = entry.set || set;
      }
    }
  }
  if (out.some((e) => e.best === undefined || e.worst === undefined)) return undefined;
  return out as Array<{ item: string; set: number; best: number; worst: number }>;
}

// --- Concepts -----------------------------------------------------------------------------------------------------------

/** What a concept test question measures, in words a report can use. */
export function conceptDimension(text: string): string | undefined {
  const t = text.toLowerCase();
  if (/\bappeal/.test(t)) return "appeal";
  if (/\bvalue for money\b/.test(t)) return "value for money";
  if (/\bhow likely\b.*\bbuy\b|\bwould you buy\b/.test(t)) return "purchase intent";
  if (/\bhow likely would you be to\b/.test(t) && /^if\b/.test(t)) return "take-up intent";
  if (/\brecommend\b/.test(t)) return "word of mouth";
  if (/\bnew and different\b|\bdifferent from\b/.test(t)) return "uniqueness";
  if (/\brelevant\b/.test(t)) return "relevance";
  if (/\bbelievab/.test(t)) return "believability";
  if (/\bclear\b/.test(t)) return "clarity";
  if (/\broutine\b/.test(t)) return "fit with people's routine";
  return undefined;
}

// --- Generic ------------------------------------------------------------------------------------------------------------

/**
 * Questions about what people think or do (not who they are), which a finding can be about; never names coded only by
 * how people answered ("Named one"), which say nothing about the names.
 */
export function attitudeQuestions(results: ResearchResults): QuestionResult[] {
  return results.questions.filter(
    (q) => !isAboutThePerson(q.question_text, q.answer_options) && !isNeutralCoding(q.answer_options),
  );
}

/**
 * How decisive a question's answer is: on a scale, how far the favourable end outweighs the other (or the other way
 * round); among options, how far the leader is ahead of the next.
 */
export function decisiveness(q: QuestionResult): number {
  if (isScale(q)) return Math.abs(favourable(q) - unfavourable(q));
  const [first, second] = ranked(q);
  return (first?.share ?? 0) - (second?.share ?? 0);
}

/**
 * Item sets of a survey design: questions on one scale whose texts differ only after the last ": " (the item). Every
 * set of at least two items, in the order asked, each item with its favourable share.
 */
export function itemSets(
  results: ResearchResults,
): Array<{ ask: string; items: Array<{ item: string; question: QuestionResult; score: number }> }> {
  const groups = new Map<string, QuestionResult[]>();
  for (const q of results.questions) {
    const cut = q.question_text.lastIndexOf(": ");
    if (cut <= 0 || !isScale(q)) continue;
    const key = `${q.question_text.slice(0, cut)}\u0000${JSON.stringify(q.answer_options)}`;
    groups.set(key, [...(groups.get(key) ?? []), q]);
  }
  return [...groups.entries()]
    .filter(([, questions]) => questions.length >= 2)
    .map(([key, questions]) => ({
      ask: key.split("\u0000")[0] as string,
      items: questions.map((question) => ({
        // "…, how much would this make you trust it: <item>?": the item without the question mark.
        item: question.question_text.slice(question.question_text.lastIndexOf(": ") + 2).replace(/\?$/, ""),
        question,
        score: favourable(question),
      })),
    }));
}

/** The first item set (see `itemSets`). */
export function itemSet(results: ResearchResults) {
  return itemSets(results)[0];
}
