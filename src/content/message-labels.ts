import { listInput } from "./analysis.js";
import { languageOf } from "./subject.js";

/**
 * How a message test's report names its messages. More than two messages, or a long one, are each quoted once in full
 * under a letter ("Message A: …") and named by that letter everywhere else, so no sentence carries four whole
 * messages. A message in a language other than the questionnaire's (English) among English ones is flagged: its
 * language, not its content, may explain how it fares.
 */

/** Longer than this, a message is named by its letter even beside one other. */
const LONG_WORDS = 8;

/** Words English messages are made of: a message with none of them is not read as English. */
const ENGLISH_WORD =
  /(?<!\p{L})(?:the|a|an|and|or|to|of|for|in|on|at|it|is|are|be|you|your|we|our|us|this|that|with|from|by|get|book|today|now|free|no|not|can|will|more|my|me|its|who|what|how|take|keep|call|one|all)(?!\p{L})/iu;

/** The messages of a message test's inputs, as the study lists them. */
export function messagesOf(inputs: Record<string, unknown>): string[] {
  return listInput(inputs, "messages");
}

/** Whether a report names the messages by letter. */
export function labelled(messages: readonly string[]): boolean {
  return messages.length > 2 || messages.some((m) => m.trim().split(/\s+/).length > LONG_WORDS);
}

/** "Message A", "Message B" … in the order the brief gives them. */
export function labelOf(index: number): string {
  return `Message ${index < 26 ? String.fromCharCode(65 + index) : index + 1}`;
}

/** A message written in English, the questionnaire's language, as far as its words say; a short one is given the benefit. */
export function inEnglish(message: string): boolean {
  const language = languageOf(message);
  if (language === "en") return true;
  if (language === "other") return ENGLISH_WORD.test(message);
  return false;
}

/**
 * The messages among English ones written in another language: they were rated through an English questionnaire,
 * so language may explain a gap. None when every message is in one language.
 */
export function otherLanguageMessages(messages: readonly string[]): string[] {
  const english = messages.filter(inEnglish);
  return english.length === 0 ? [] : messages.filter((m) => !inEnglish(m));
}

/**
 * A summary or report with its messages named by letter: each quoted once in full, as a list after the text's first
 * line in bold (the title line), and by its letter everywhere else (in a heading in brackets, a table row by itself).
 */
export function labelMessages(text: string, messages: readonly string[]): string {
  if (!labelled(messages)) return text;
  const named = messages.map((m, i) => ({ message: m.trim(), label: labelOf(i) }));
  // The longest first, so a message inside another is not taken for it.
  const longestFirst = [...named].sort((a, b) => b.message.length - a.message.length);
  const lines = text.split("\n").map((line) => {
    let out = line;
    for (const { message, label } of longestFirst) {
      if (!out.includes(message)) continue;
      if (line.startsWith("#")) out = out.split(`"${message}"`).join(`(${label})`);
      if (line.startsWith("|")) out = out.split(`| ${message} |`).join(`| ${label} |`);
      out = out.split(`"${message}"`).join(label);
    }
    return out;
  });
  const title = lines.findIndex((l) => l.startsWith("**"));
  lines.splice(title + 1, 0, ...named.map(({ message, label }) => `- ${label}: "${message}"`));
  return lines.join("\n");
}
