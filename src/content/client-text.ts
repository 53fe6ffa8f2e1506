import { opening } from "./concept-names.js";
import { startsWithVerb } from "./journey-tasks.js";
import { languageOf } from "./subject.js";

/**
 * The one place that decides how a piece of the client's text may appear in a sentence the mock writes (issue 27,
 * readings e and f, pattern 1: the brief pasted into questions, steps and reports). A short name in the sentence's
 * language may be spliced as it is. Anything else (a phrase of more than a few words, a sentence, a paragraph, a URL,
 * text in another language) is never spliced: it is shown once, quoted, and named elsewhere by a short name derived
 * from it ("Handwerkerjobs.de" of "Handwerkerjobs.de – eine Stellenbörse…") or by the caller's neutral handle ("the
 * product", "this page").
 */

export type ClientTextKind = "name" | "phrase" | "sentence" | "url" | "foreign";

export interface ClientText {
  /** As given, its spaces tidied. */
  given: string;
  kind: ClientTextKind;
  /** What a sentence may hold: the text itself when it is a short name, else a short name of it or the handle. */
  name: string;
  /** The text quoted once, whole (a question's stimulus, a report's block). */
  quoted: string;
  /** Its opening quoted, for a title or a sentence that must point at it ('"Public libraries in your…"'). */
  cited: string;
  /** What a sentence that speaks of the text itself holds: a short name as it is, anything else its quoted opening. */
  mention: string;
}

/** A name this short, with no sentence inside it, is spliced as written. */
const NAME_WORDS = 6;
const NAME_CHARS = 60;

/** Marks that end or split a sentence: a text holding one inside it is a sentence, not a name. */
const SENTENCE_INSIDE = /[.!?;:](?=\s)|\s[-\u2013\u2014]\s|\n/u;
const TRAILING = /[\s.!?,:;\u2026\u2014\u2013-]+$/u;

function tidy(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Whether a text is in another language than the (English) sentence: German, French or Spanish by their words, one the
 * writer does not read, or a short name whose accents and little words say so ("Pflegekräfte in Krankenhäusern").
 */
function otherLanguage(text: string): boolean {
  const language = languageOf(text);
  if (language === "de" || language === "fr" || language === "es") return true;
  // `languageOf` reads a few words of English only; an English instruction ("Freeze your card") is no other language.
  if (language === "other" && text.split(/\s+/).filter(Boolean).length >= 3 && !ENGLISH_SMALL_WORDS.test(text))
    return true;
  return (
    /[^\p{ASCII}]/u.test(text) &&
    (language === "other" ||
      /\b(?:de|des|du|la|le|el|los|las|der|die|das|und|y|et|im|am|zum|zur|vom|f\u00fcr|mit|von|au|aux|avec|pour|del|al|con|para)\b/i.test(
        text,
      ) ||
      // A lower-case phrase with accents and no English small word is no name: "jóvenes agricultores".
      (/^\p{Ll}/u.test(text) && text.includes(" ") && !ENGLISH_SMALL_WORDS.test(text)))
  );
}

const URL_START = /^(?:[a-z][a-z\d+.-]*:\/\/|www\.\S)/i;
const ENGLISH_SMALL_WORDS = /\b(?:you|your|a|an|in|on|at|it|my|this|that|or|by|from|can|will|all|new|before)\b/i;

/** Text in double quotes, its own double quotes made single so the quotes pair up. */
function inQuotes(text: string): string {
  return `"${text.replace(/["\u201c\u201d]/g, "'")}"`;
}

/**
 * The name a long text opens with, before its descriptor: "Handwerkerjobs.de – eine Stellenbörse…" → "Handwerkerjobs.de",
 * "Malhae, an app where…" → "Malhae", "Casa Jacaranda, hotel boutique…" → "Casa Jacaranda". Only a name that looks like
 * one (capitalised, at most four words, no sentence of its own).
 */
function leadingName(text: string): string | undefined {
  // A bracket ends the name only where it closes the text or a clause ("Nisba (dating app), …"); one inside a phrase
  // is part of the name ("Complete B (car) driving licence course" is no "Complete B").
  const named = /^(.+?)(?:,\s|:\s|;\s|\s[-\u2013\u2014]\s|\s\((?=[^()]*\)\s*(?:$|[,;:.]|\s[-\u2013\u2014]\s)))/u
    .exec(text)?.[1]
    ?.trim();
  if (!named) return undefined;
  const words = named.split(/\s+/);
  if (words.length > 4 || /^(?:a|an|the|this|these|our|your|my)\s/i.test(named)) return undefined;
  if (!/^[\p{Lu}\p{N}]/u.test(named) || /[.!?](?:\s|$)/u.test(named)) return undefined;
  // A capitalised sentence start ("Tenants in Istanbul") is no name: every word of a name is capitalised or short.
  if (!words.every((w) => /^[\p{Lu}\p{N}]/u.test(w) || /^(?:of|and|&|de|la|le|del|von|van|du)$/i.test(w)))
    return undefined;
  return named;
}

/**
 * A short name of a long English text: the name before its descriptor ("Skolappen, the free municipal school app…" →
 * "Skolappen"), or a description's head noun phrase ("a 5-day rail pass for foreign visitors, covering…" → "the 5-day
 * rail pass"); undefined when neither reads as a name.
 */
function derivedName(text: string): string | undefined {
  const named = leadingName(text);
  if (named) return named;
  const described =
    /^(?:an?|the)\s+([^.!?;:]+?)(?=,|\s(?:for|with|that|which|who|covering|including|fitted|delivered|from|at|in|on|to|by)\s)/iu.exec(
      text,
    )?.[1];
  if (described && described.split(/\s+/).length <= 5) return `the ${described}${properAfter(text, described)}`;
  return namedThing(text);
}

/** A run of capitalised words or numbers, a proper name: "Festival Sonido Andino", "Kovra B", "Q-7". */
const PROPER_RUN = String.raw`[\p{Lu}\p{N}][\p{L}\p{N}'\u2019&.-]*(?:\s(?:(?:of|de|del|la|and|&)\s)?[\p{Lu}\p{N}][\p{L}\p{N}'\u2019&.-]*){0,4}`;
/** Where a proper name ends: the text's end, a clause mark or a bracket. */
const NAME_END = String.raw`(?=$|[,;:.(]|\s[-\u2013\u2014]\s)`;

/** " for Festival Sonido Andino" when the description's head is followed by a proper name: the name is never dropped. */
function properAfter(text: string, described: string): string {
  const rest = text.slice(text.indexOf(described) + described.length);
  const tail = new RegExp(
    String.raw`^\s(for|to|at|of|from|by|with|in|on)\s((?:the\s)?${PROPER_RUN})${NAME_END}`,
    "u",
  ).exec(rest);
  return tail ? ` ${tail[1]} ${tail[2]}` : "";
}

/**
 * "3-day ticket to Kovra Fest, Leeds, …" → "the 3-day ticket to Kovra Fest": a thing described in lower-case words
 * and named by the proper name after it, for a text with no article and no leading name.
 */
function namedThing(text: string): string | undefined {
  const found = new RegExp(
    String.raw`^((?:[\p{Ll}\p{N}][\p{L}\p{N}'\u2019-]*\s){1,5}(?:for|to|at|of|from|by|with|in|on)\s(?:the\s)?${PROPER_RUN})${NAME_END}`,
    "u",
  ).exec(text)?.[1];
  return found ? `the ${found}` : undefined;
}

/**
 * How `given` may appear in a generated English sentence. `handle` is the neutral name the caller uses for it when no
 * short name can be read from it: "the product", "the concept", "the message", "this page", "the task".
 */
export function clientText(given: string, handle: string): ClientText {
  const text = tidy(given);
  const bare = text.replace(TRAILING, "") || text;
  const quoted = inQuotes(bare);
  const cited = inQuotes(opening(bare));
  const base = { given: text, quoted, cited, mention: cited };
  const words = bare.split(" ");
  const short = words.length <= NAME_WORDS && bare.length <= NAME_CHARS && !SENTENCE_INSIDE.test(bare);
  if (URL_START.test(text)) return { ...base, kind: "url", name: handle };
  // A short phrase in another language may stand in a sentence quoted ('among "Pflegekräfte in Krankenhäusern"').
  if (otherLanguage(bare))
    return {
      ...base,
      kind: "foreign",
      name: leadingName(bare) ?? (short ? quoted : handle),
      mention: short ? quoted : cited,
    };
  // Shouting is no name to splice: "THE BEST COFFEE" reads as a slogan.
  if (/^[^\p{Ll}]*$/u.test(bare) && bare.replace(/[^\p{Lu}]/gu, "").length > 5)
    return { ...base, kind: "phrase", name: handle, mention: quoted };
  if (!short)
    return { ...base, kind: SENTENCE_INSIDE.test(bare) ? "sentence" : "phrase", name: derivedName(bare) ?? handle };
  // A name with its description ("Splitly, a bill-splitting app"): the name in sentences, the whole shown once.
  const named = leadingName(bare);
  if (named !== undefined && named !== bare) return { ...base, kind: "phrase", name: named };
  return { ...base, kind: "name", name: bare, mention: bare };
}

/**
 * Questions that name a client's text by its short name, with the text itself shown once, quoted, before the first
 * question that names it: a questionnaire shows a description once, never pasted into every question.
 */
export function shownOnce<Q extends { text: string }>(questions: readonly Q[], shown: ClientText, label: string): Q[] {
  if (shown.kind === "name") return [...questions];
  let said = false;
  return questions.map((q) => {
    if (said || !q.text.includes(shown.name)) return q;
    said = true;
    return { ...q, text: `${label}: ${shown.quoted}. ${q.text}` };
  });
}

/** The inputs a brief's reader wrote in words, in the order a report shows them. */
const BRIEF_FIELDS: Array<[string, string]> = [
  ["objective", "Objective"],
  ["topic", "Topic"],
  ["subject", "Subject"],
  ["question", "Question"],
  ["audience", "Audience"],
  ["product_name", "Product name"],
  ["product", "Product"],
  ["brand", "Brand"],
  ["concept", "Concept"],
  ["stimulus", "Stimulus"],
  ["task", "Task"],
  ["goal_event", "Goal"],
  ["success_criteria", "Success"],
  ["notes", "Notes"],
  ["brief", "Brief"],
];

/**
 * The brief's own words, each shown once as the client wrote it, in a block quote: where the plan's sentences name them
 * by a short name or a neutral handle, nothing the client wrote is lost.
 */
export function briefBlock(inputs: Record<string, unknown>): string[] {
  const lines = BRIEF_FIELDS.flatMap(([key, label]) => {
    const value = inputs[key];
    return typeof value === "string" && value.trim() !== "" ? [`> **${label}:** ${tidy(value)}`, ">"] : [];
  });
  return lines.length > 0 ? ["The brief, as written:", "", ...lines.slice(0, -1), ""] : [];
}

/**
 * The name of the page a journey starts on, as a step or sentence holds it: the site ("example.org"), with a short
 * path ("example.org/pricing"); a deep or long address is the site's page ("a page on example.gov"), never the URL.
 */
export function pageName(host: string, path: string): string {
  const site = host.replace(/^www\./i, "");
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return site;
  if (!trimmed.includes("/") && trimmed.length <= 24) return `${site}/${trimmed}`;
  return `a page on ${site}`;
}

/** Whether the text may be spliced into a sentence as it is: a short name in the sentence's language. */
export function spliceable(given: string): boolean {
  return clientText(given, "").kind === "name";
}

/** An instruction of one sentence up to this long is said in a sentence's own words; a longer one is quoted. */
const CLAUSE_WORDS = 40;

/**
 * A task as a question's clause, about the people asked ("send your first invoice" → "send their first invoice"): only
 * one English sentence that starts with its verb; undefined for anything else (a persona, several sentences, another
 * language), which is quoted.
 */
export function taskClause(task: string): string | undefined {
  const bare = tidy(task).replace(TRAILING, "");
  // Parts joined by a semicolon ("check the postcode; then rate your order") are one instruction; a full stop is not.
  if (otherLanguage(bare) || /[.!?](?=\s)|\n/.test(bare) || bare.split(" ").length > CLAUSE_WORDS) return undefined;
  if (!startsWithVerb(bare)) return undefined;
  return (bare.charAt(0).toLowerCase() + bare.slice(1))
    .replace(/\byour\b/gi, "their")
    .replace(/\byourself\b/gi, "themselves")
    .replace(/\byou\b/gi, "they");
}

/** Whether a text is one English clause (no URL, no sentence inside), which a sentence may say in its own words. */
export function oneClause(text: string): boolean {
  const bare = tidy(text).replace(TRAILING, "");
  return (
    !URL_START.test(bare) &&
    !otherLanguage(bare) &&
    !SENTENCE_INSIDE.test(bare) &&
    bare.split(" ").length <= CLAUSE_WORDS
  );
}
