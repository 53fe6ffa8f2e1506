/**
 * How a concept test names the concept it tests, from the concept text as the caller wrote it: a title a researcher
 * would write, and a name the questions can use mid-sentence. Anything that cannot be read safely as a noun phrase
 * (a leading preposition, a label with a colon, a proper name, shouting, emoji, another script, a whole sentence) is
 * quoted as given in the title and called "this idea" in the questions: a quote never mangles case or drops the
 * product, where a guessed noun phrase can ("The for dogs concept test", "the daily Brief").
 */

export interface ConceptNames {
  /** For a title: "the reusable coffee cup", "On-demand laundry", or the concept quoted: `"For dogs: smart collar"`. */
  title: string;
  /** For a question ("How clear is it what … does?"): a singular noun phrase, or undefined when there is none. */
  mention: string | undefined;
}

/** A title shows at most this much of a concept it quotes; the first question shows the concept whole. */
const QUOTE_WORDS = 10;
const QUOTE_CHARS = 60;
/** A concept this short is named whole; a longer one by its head ("A reusable coffee cup that …"). */
const WHOLE_WORDS = 6;

const ARTICLE = /^(?:a|an|the)$/i;
/** Words that end a noun phrase's head: what follows says what it does or who it is for. */
const HEAD_ENDS =
  /^(?:that|which|who|whose|with|without|for|to|so|where|when|while|in|on|at|by|from|of|into|via|and|or|but|than|like|plus|instead)$/i;
/** Words a plain noun phrase never holds: it is a sentence, a slogan or a label instead. */
const NOT_IN_A_NOUN_PHRASE =
  /^(?:i|me|my|you|your|we|our|us|it|its|they|their|them|he|his|she|her|is|are|was|were|be|been|can|could|will|would|should|may|might|must|do|does|did|don't|doesn't|can't|won't|not|no|never|always|just|now|here|there|this|that|these|those|every|each|all|any|some|more|most|less|very|too|also|only|even|out|up|off|how|what|why|if|then|yes|about|above|across|after|against|along|among|around|before|behind|below|beneath|beside|between|beyond|during|except|inside|near|onto|outside|over|past|since|through|throughout|toward|towards|under|until|upon|within)$/i;
/** "Pause any week", "Demander en ligne" are something to do, not a thing: "the pause any week" is no name. */
const IMPERATIVE =
  /^(?:pause|skip|swap|get|try|order|book|buy|choose|pick|cook|eat|save|pay|share|switch|track|send|make|build|start|stop|cancel|keep|rent|borrow|plan|find|add|use|change|mix|match|earn|split|scan|shop|go|learn|meet|join|let|turn|never|stay|feel|see|say|give|take|bring|grow|drink|wear|sleep|walk|run|ride|drive|fly|read|watch|listen|play|win|lose|love|hate|ask|call|text|chat|shop|sell|apply|request|renew|register|report|submit|claim|upload|download|check|compare|reserve|sign|search|print|collect|return|recycle|donate|volunteer|demander|r[e\u00e9]server|payer|commander|acheter|trouver|louer|s'inscrire|solicitar|pedir|reservar|pagar|comprar|buscar|alquilar|inscribirse|beantragen|buchen|bestellen|bezahlen|kaufen|finden|mieten|anmelden)$/iu;
/** A word of the Latin alphabet, hyphens and apostrophes inside: "on-demand", "kids'", "e-bike". */
const LATIN_WORD = /^\p{Script=Latin}[\p{Script=Latin}'\u2019-]*$/u;
const LOWER = /^[\p{Ll}'\u2019-]+$/u;
const SENTENCE_CASE = /^\p{Lu}[\p{Ll}'\u2019-]*$/u;
const ACRONYM = /^\p{Lu}{2,5}s?$/u;
/** Small words a proper name may hold in lower case: "Bank of England", "Fish and Chips". */
const NAME_LINKS = /^(?:of|and|&|the|for|de|la|le|von|van|on|in|at)$/i;

/**
 * The names of a concept. `title` is never empty: what is not a plain noun phrase is quoted (its first words, cut where
 * a phrase ends). `mention` is singular, so "does" and "is" agree with it.
 */
export function conceptNames(concept: string): ConceptNames {
  const clean = concept
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\s.!?,:;\u2026\u2014\u2013-]+$/u, "");
  const words = clean.split(" ").filter((w) => w !== "");
  const article = words[0] && ARTICLE.test(words[0]) ? (words[0].toLowerCase() as "a" | "an" | "the") : undefined;
  const body = article ? words.slice(1) : words;
  const shortEnough = words.length <= WHOLE_WORDS && clean.length <= QUOTE_CHARS;

  if (shortEnough && isProperName(body, article)) return { title: quote(concept), mention: clean };

  const head = headOf(body);
  const headIsWhole =
    head.length === body.length && !/[,:;.()[\]{}"\u201c\u201d/|\u2014\u2013!?]/u.test(body.join(" "));
  const plain = isPlainNounPhrase(head, article);
  const mention = plain && !looksPlural(head) ? `the ${lowerFirst(head).join(" ")}` : undefined;

  // A short concept that is itself a plain noun phrase is its own title ("On-demand laundry", "the smart collar");
  // a long one is named by its head when that still says what the thing is (two words or more).
  if (plain && headIsWhole && shortEnough) return { title: titled(head, article), mention };
  if (plain && !shortEnough && head.length >= 2) return { title: titled(head, article), mention };
  return { title: quote(concept), mention };
}

/** The words of a noun phrase's head: up to the first word or mark that starts what follows it. */
function headOf(words: readonly string[]): string[] {
  const head: string[] = [];
  for (const word of words) {
    if (HEAD_ENDS.test(word)) break;
    const cut = /^([^,:;.()[\]{}"\u201c\u201d/|\u2014\u2013!?]*)[,:;.()[\]{}"\u201c\u201d/|\u2014\u2013!?]/u.exec(word);
    if (cut) {
      if (cut[1]) head.push(cut[1]);
      break;
    }
    head.push(word);
  }
  return head;
}

/**
 * "reusable coffee cup", "on-demand laundry", "AI tutor": Latin words of two letters or more, no pronoun, verb or
 * preposition, not in capitals throughout, and not starting with a proper name ("Daily Brief app") or, without an
 * article, with a word that could be one ("Uber", "Cuppa").
 */
function isPlainNounPhrase(words: readonly string[], article: string | undefined): boolean {
  if (words.length === 0 || words.length > 5) return false;
  if (!words.every((w) => LATIN_WORD.test(w) && w.replace(/['\u2019-]/g, "").length >= 2)) return false;
  if (words.some((w) => NOT_IN_A_NOUN_PHRASE.test(w) || HEAD_ENDS.test(w) || ARTICLE.test(w))) return false;
  const [first, second] = words as [string, string | undefined];
  if (IMPERATIVE.test(first) && words.length > 1) return false;
  // "Refills delivered monthly": a plural with a participle is a sentence without its verb, not a name.
  if (/[^su]s$/.test(first) && !ACRONYM.test(first) && words.length > 1) return false;
  if (words.slice(1).some((w) => /(?:ed|ing)$/i.test(w) && w.length > 4)) return false;
  if (/ly$/i.test(words[words.length - 1] as string) && words.length > 1) return false;
  if (words.every((w) => ACRONYM.test(w) || /^\p{Lu}+$/u.test(w)) && words.join("").length > 5) return false;
  const firstOk =
    LOWER.test(first) ||
    ACRONYM.test(first) ||
    (SENTENCE_CASE.test(first) && (words.length > 1 || article !== undefined));
  if (!firstOk) return false;
  // "Daily Brief app": two capitalised words in a row open a proper name, which a plain "the" would half lower-case.
  if (SENTENCE_CASE.test(first) && second !== undefined && /^\p{Lu}/u.test(second)) return false;
  return words.slice(1).every((w) => LOWER.test(w) || ACRONYM.test(w));
}

/** "The Daily Brief", "Uber Eats", "The Guardian": every word capitalised (bar "of", "and"…), not in capitals throughout. */
function isProperName(words: readonly string[], article: string | undefined): boolean {
  if (words.length === 0 || !words.every((w) => LATIN_WORD.test(w) || w === "&")) return false;
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w));
  if (!words.every((w) => /^\p{Lu}/u.test(w) || NAME_LINKS.test(w))) return false;
  // It starts and ends with a word of its own: "The For", "Smart Of" are fragments, not names.
  const edges = [words[0], words[words.length - 1]] as string[];
  if (edges.some((w) => !/^\p{Lu}/u.test(w) || NAME_LINKS.test(w) || HEAD_ENDS.test(w) || NOT_IN_A_NOUN_PHRASE.test(w)))
    return false;
  if (capitalised.every((w) => /^\p{Lu}+$/u.test(w)) && capitalised.join("").length > 5) return false;
  // One capitalised word is a name only after "The" ("The Guardian"); alone ("Cuppa", "Subscription") it may be either.
  return capitalised.length >= 2 || article === "the";
}

/** "Meal kits" takes "do", not "does": a question names it as "this idea" instead. */
function looksPlural(words: readonly string[]): boolean {
  const last = words[words.length - 1] as string;
  return /[^su'\u2019]s$/i.test(last) && !ACRONYM.test(last);
}

function lowerFirst(words: readonly string[]): string[] {
  const [first, ...rest] = words as [string, ...string[]];
  return [SENTENCE_CASE.test(first) ? first.toLowerCase() : first, ...rest];
}

/** The head as written (its case kept), after "the" when the concept had an article: "A smart collar" → "the smart collar". */
function titled(words: readonly string[], article: string | undefined): string {
  return article ? `the ${words.join(" ")}` : words.join(" ");
}

/**
 * The concept in double quotes, as written: whole when short, else its first words up to where a phrase ends (never
 * after "for", "the"…), within `QUOTE_WORDS` words and `QUOTE_CHARS` characters, then "…". Its own double quotes become
 * single ones, so the title's quotes pair up.
 */
export function quote(concept: string): string {
  const spaced = concept
    .replace(/\s+/g, " ")
    .trim()
    .replace(/["\u201c\u201d]/g, "'");
  // A concept of marks only ("?!") keeps them: quotes around nothing would say nothing.
  const clean = spaced.replace(/[\s.!?,:;\u2026\u2014\u2013-]+$/u, "") || spaced;
  return `"${opening(clean)}"`;
}

/** Words a quote never ends on, and that alone say nothing of the concept. */
const DANGLING =
  /^(?:a|an|the|for|to|of|and|or|with|without|in|on|at|by|from|into|your|our|my|their|its|it|you|we|is|are|that|which|who|so|as|&|but|than|every|each|per|via)$/i;
const CLAUSE_MARK = /[,;:\u2014\u2013]$/u;
const TRAILING_MARKS = /[\s.!?,:;\u2014\u2013-]+$/u;

/** A word that says something of the concept: letters or digits, not a small word. */
function meaningful(word: string): boolean {
  const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  return /[\p{L}\p{N}]/u.test(bare) && !DANGLING.test(bare);
}

/**
 * A text whole when short, else its first words up to where a phrase ends (never after "for", "the"…), within
 * `QUOTE_WORDS` words and `QUOTE_CHARS` characters, then "…": "A smart cup that counts the caffeine in your coffee…", not "… caffeine in…".
 */
export function opening(given: string): string {
  const text = given.replace(/\s+/g, " ").trim();
  const words = text.split(" ");
  if (words.length <= QUOTE_WORDS && text.length <= QUOTE_CHARS) return text;
  // Never shorter than the first word that says something ("In the for a … collar" keeps "collar").
  const least = words.findIndex(meaningful) + 1;
  let kept = words.slice(0, Math.max(QUOTE_WORDS, least));
  // A clause mark ends the phrase there, once two words that say something come before it.
  const clauseEnd = kept.findIndex(
    (w, i) => i + 1 >= least && CLAUSE_MARK.test(w) && kept.slice(0, i + 1).filter(meaningful).length >= 2,
  );
  if (clauseEnd >= 0) kept = kept.slice(0, clauseEnd + 1);
  while (kept.join(" ").length > QUOTE_CHARS && kept.length > Math.max(1, least)) kept = kept.slice(0, -1);
  // Else it ends before a small word that starts the next phrase ("… a coffee shop | for their …"), if one comes
  // after the third word: cutting anywhere else may split a phrase ("a coffee… shop").
  if (clauseEnd < 0) {
    let end = kept.length;
    while (end > Math.max(3, least) && !DANGLING.test(words[end] ?? "")) end--;
    if (end > Math.max(3, least)) kept = kept.slice(0, end);
  }
  for (;;) {
    const last = (kept[kept.length - 1] as string).replace(TRAILING_MARKS, "");
    if (kept.length > Math.max(1, least) && !meaningful(last)) kept = kept.slice(0, -1);
    else break;
  }
  let shown = kept.join(" ").replace(TRAILING_MARKS, "");
  // One long word (a URL, text without spaces): cut between characters as the reader sees them.
  if (shown.length > QUOTE_CHARS) shown = firstGraphemes(shown, QUOTE_CHARS);
  return `${closedCut(shown)}…`;
}

const CLOSER: Record<string, string> = {
  "(": ")",
  "[": "]",
  "{": "}",
  "\u201c": "\u201d",
  "\u2018": "\u2019",
  "\u00ab": "\u00bb",
  '"': '"',
};

/**
 * A cut text that never ends inside a bracket or a quotation: it ends before the first mark the cut left open
 * ("KilatWash subscription (exterior wash…" → "KilatWash subscription…"), or, where that mark opens the text, loses
 * the mark instead.
 */
export function closedCut(text: string): string {
  const open: Array<{ mark: string; at: number }> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const top = open.at(-1);
    if (top && CLOSER[top.mark] === c) open.pop();
    else if (CLOSER[c] !== undefined) open.push({ mark: c, at: i });
  }
  const first = open[0];
  if (first === undefined) return text;
  const before = text.slice(0, first.at).replace(TRAILING_MARKS, "");
  if (before.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length >= 2) return before;
  const marks = new Set(open.map((o) => o.at));
  return [...text].filter((_, i) => !marks.has(i)).join("");
}

/**
 * The first `count` characters as the reader sees them. Segments only a prefix, and stops at `count`: segmenting all
 * of a long word holds the event loop for as long as the word is. 32 code units per character is far more than
 * any real grapheme cluster needs.
 */
function firstGraphemes(text: string, count: number): string {
  let kept = "";
  let taken = 0;
  const prefix = text.slice(0, count * 32);
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(prefix)) {
    if (taken++ === count) break;
    kept += segment;
  }
  return kept;
}

/** Things that do something for people: an app, a service, a tool (the four languages' head nouns). */
const DOERS =
  /^(?:apps?|applications?|services?|platforms?|tools?|software|websites?|sites?|portals?|helplines?|hotlines?|chatbots?|bots?|assistants?|trackers?|systems?|marketplaces?|networks?|schemes?|programmes?|programs?|plug-?ins?|extensions?|devices?|robots?|sensors?|dienste?|plattformen?|werkzeuge?|webseiten?|applis?|plateformes?|outils?|logiciels?|servicios?|plataformas?|herramientas?|aplicaci[o\u00f3]n(?:es)?|sitios?)$/iu;
/** "Not an app", "kein Dienst", "pas une appli": a head that denies being a doer is none. */
const NEGATION = /^(?:not|no|non|never|without|nicht|kein\w*|ohne|pas|ni|sans|sin|ning[u\u00fa]n\w*)$/iu;
/** Articles a German, French or Spanish concept opens with, before its head noun. */
const FOREIGN_ARTICLE = /^(?:ein|eine|einen|der|die|das|un|une|le|la|les|el|los|las|una)$/i;

/**
 * Whether a concept is a thing that does something (an app, a service, a tool), read from its head noun only: what a
 * drink, a garment or a meal "does" is no question, so it is asked what it is. A proper name, a clause after the head,
 * a bracket or a quotation never make it one.
 */
export function doesSomething(concept: string): boolean {
  const words = concept
    .replace(/\s+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "");
  const body = words[0] && ARTICLE.test(words[0]) ? words.slice(1) : words;
  if (isProperName(body, undefined)) return false;
  const head = headOf(body);
  if (head.some((w) => NEGATION.test(w))) return false;
  const last = head[head.length - 1];
  if (last !== undefined && DOERS.test(last)) return true;
  return head.length >= 2 && FOREIGN_ARTICLE.test(head[0] as string) && DOERS.test(head[1] as string);
}
