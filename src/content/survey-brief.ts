import { clientText } from "./client-text.js";
import { opening } from "./concept-names.js";
import type { Language } from "./subject.js";

/**
 * What a custom survey's brief gives its questions, in the client's own words and any language (issue 27, readings g
 * S6, h S4, i S6): the part of the objective that says what the study is about, the name or phrase questions call it
 * by, the lists of things to ask about, the questions the client wrote into the brief, and whether money comes into it
 * at all. Nothing here translates: a phrase is found by its shape (an article and what follows it, capitalised words,
 * commas and a last "and"), so a subject no vocabulary knows is still named in the brief's words.
 */
export interface SurveyBrief {
  /** The objective's first sentence, up to a colon or dash that opens a list: what the study is about. */
  lead: string | undefined;
  /** Lists the brief enumerates ("X, Y and Z", after a colon, bullet lines), each item as the client wrote it. */
  lists: string[][];
  /** Questions the client wrote into the brief (sentences ending "?"), as written. */
  questions: string[];
  /** Whether the brief speaks of money (a price, a cost, a budget, a fee, a currency). */
  money: boolean;
}

const MAX_ITEMS = 8;
const ITEM_WORDS = 4;
const MAX_QUESTIONS = 3;
const QUESTION_WORDS = 30;

/** The last word of each list, in the languages read and a few more: "and", "und", "et", "y", "en", "och", "e"… */
const LAST_JOIN = "(?:and|or|und|oder|et|ou|y|e|o|u|en|och|eller|lub|oraz)";

/** Where a sentence ends: a full stop, "?" or "!" before a space or the end, or a line break. */
function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.match(/[^.!?]+(?:[.!?]+|$)/gu) ?? [])
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * The text without its bracketed asides: "the free workshops (WhatsApp, online banking)" gives examples of the
 * workshops, never what the brief is about.
 */
export function withoutAsides(text: string): string {
  return text
    .replace(/\s*\([^()]*\)/gu, "")
    .replace(/\s+([,.;:!?])/gu, "$1")
    .trim();
}

/** The objective up to where its first sentence ends or a list opens (": a, b and c", " – a, b"). */
function leadOf(objective: string): string {
  const first = (sentences(objective)[0] ?? objective).replace(/[.!?]+$/u, "");
  return withoutAsides(first.split(/\s*(?::|;|\s[-\u2013\u2014]\s)\s*/u)[0] ?? first);
}

const ITEM_TRAILING = /[\s.!?,:;\u2026]+$/u;
/** Words that lead into a list's first item ("what they think of | lighting"): the item starts after the last. */
const LEAD_IN =
  /^(?:of|about|on|for|with|to|especially|notably|including|like|as|de|des|du|sur|pour|avec|surtout|notamment|comme|von|[u\u00fc]ber|f[u\u00fc]r|mit|zu|vor|allem|besonders|wie|del|sobre|para|con|sobre|todo|especialmente|como|van|voor|vooral|zoals|om|op)$/iu;

/** A part that opens a clause of its own ("who live nearby", "qué los motivaría") is no item of a list. */
const CLAUSE_START =
  /^(?:who|which|that|what|how|why|when|where|do|does|did|not|is|are|was|were|they|we|it|you|i|he|she|wer|wie|warum|wir|sie|es|qui|quoi|comment|pourquoi|nous|ils|elles|c'est|qu[e\u00e9]|c[o\u00f3]mo|por|quien|qui[e\u00e9]n|donde|d[o\u00f3]nde|es|son|les|los|las|le|lo)(?=\s|$)/iu;

/** An item that opens with an article: "los horarios", "les horaires", "the opening hours". */
const ARTICLE_OPENED = /^(?:el|la|los|las|le|les|un|una|unos|unas|des|du|the|der|die|das)\s+\p{L}/iu;

/**
 * Items of one enumeration, as the client wrote them: the first one without the words that lead into the list
 * ("what they think of lighting" → "lighting"); undefined when an item runs on longer than an item would, or opens a
 * clause of its own (then it was a sentence with commas, not a list).
 */
function items(parts: string[], most = ITEM_WORDS): string[] | undefined {
  const cleaned = parts
    .map((p) => p.replace(ITEM_TRAILING, "").replace(/^[\s"'\u201c\u00ab]+|["'\u201d\u00bb]+$/gu, ""))
    .filter((p) => p !== "");
  if (cleaned.length < 2) return undefined;
  const size = Math.max(1, ...cleaned.slice(1, -1).map((p) => p.split(/\s+/).length));
  const words = (cleaned[0] as string).split(/\s+/);
  const after = words.findLastIndex((w) => LEAD_IN.test(w));
  const first = words
    .slice(after + 1)
    .slice(-size)
    .join(" ");
  const all = [first, ...cleaned.slice(1)];
  // "la distancia, los horarios y la falta de información": items that open with articles are noun phrases, though
  // "los" and "les" open clauses too ("los motivaría").
  const nouns = all.filter((p) => ARTICLE_OPENED.test(p)).length * 2 >= all.length;
  const clause = (p: string) => CLAUSE_START.test(p) && !(nouns && ARTICLE_OPENED.test(p));
  if (all.some((p) => p === "" || p.split(/\s+/).length > most || clause(p))) return undefined;
  if (new Set(all.map((p) => p.toLowerCase())).size !== all.length) return undefined;
  return all.slice(0, MAX_ITEMS);
}

/** "a, b and c" split at its commas and joining words; at least `least` items of at most `most` words. */
function enumeration(text: string, least: number, most = ITEM_WORDS): string[] | undefined {
  // Inline, a list is written with commas: "coffee and cake" is one thing.
  if (least > 2 && !text.includes(",")) return undefined;
  const join = new RegExp(String.raw`^${LAST_JOIN}\s+|\s+${LAST_JOIN}\s+`, "iu");
  const found = items(
    text.split(/\s*,\s*/).flatMap((part) => part.split(join)),
    most,
  );
  return found && found.length >= least ? found : undefined;
}

/** Where a sentence's clauses part: ", and what they think…", ", y qué…" (a list's own ", and c" is not one). */
const CLAUSE_JOIN = new RegExp(String.raw`,\s*${LAST_JOIN}\s+(?=${CLAUSE_START.source.slice(1)})`, "iu");

/** Lists after a colon ("to ask about: a, b and c"), inline ("of a, b and c"), and bullet or numbered lines. */
function listsIn(text: string): string[][] {
  const found: string[][] = [];
  const bullets: string[] = [];
  const flush = () => {
    const listed = bullets.length >= 2 ? items(bullets) : undefined;
    if (listed) found.push(listed);
    bullets.length = 0;
  };
  for (const line of text.split(/\n/)) {
    const bullet = /^\s*(?:[-*\u2022\u2013]|\d+[.)])\s+(.+)$/u.exec(line);
    if (bullet) {
      bullets.push(bullet[1] as string);
      continue;
    }
    flush();
    for (const sentence of sentences(line)) {
      const bare = sentence.replace(/[.!?]+$/u, "");
      const colon = /[:\u2013\u2014]\s*(.+)$/u.exec(bare);
      const listed = colon ? enumeration(colon[1] as string, 2) : undefined;
      if (listed) {
        found.push(listed);
        continue;
      }
      // Inline, a list needs three short items.
      for (const clause of bare.split(/\s*[;:]\s*/u).flatMap((c) => c.split(CLAUSE_JOIN))) {
        const got = enumeration(clause, 3, 3);
        if (got) found.push(got);
      }
    }
  }
  flush();
  return found;
}

const wordCount = (s: string) => s.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

/** The brief's own questions: its sentences ending "?", except the objective's first (what the study is about). */
function questionsIn(objective: string | undefined, others: readonly string[]): string[] {
  const own = objective ? sentences(objective).slice(1) : [];
  return (
    [...own, ...others.flatMap(sentences)]
      .map((s) => s.replace(/^(?:[-*\u2022\u2013]|\d+[.)])\s+/u, "").trim())
      // A question is words, not an address's query ("…/renew-online?ref=home").
      .filter((s) => /\?$/u.test(s) && !/\S\/\S/u.test(s) && wordCount(s) >= 3 && wordCount(s) <= QUESTION_WORDS)
      .slice(0, MAX_QUESTIONS)
  );
}

/** Money in the brief: a price, cost, budget, fee or fare, in the four languages read, or an amount of a currency. */
const MONEY = new RegExp(
  [
    String.raw`\b(?:price|prices|pricing|cost|costs|costly|budget\w*|fees?|fares?|pay|paying|paid|money|spend\w*|afford\w*|expensive|cheap\w*|subsid\w*)\b`,
    String.raw`\b(?:preis\w*|kosten\w*|kostet|budget|geb[u\u00fc]hr\w*|geld|zahlen|bezahl\w*|teuer|billig)\b`,
    String.raw`\b(?:prix|co[u\u00fb]t\w*|budget|frais|tarif\w*|argent|payer|payant\w*|cher|ch[e\u00e8]re)\b`,
    String.raw`\b(?:precio\w*|coste\w*|costo\w*|presupuesto\w*|tarifa\w*|dinero|pagar|pago|caro|barat\w*)\b`,
    String.raw`[$\u00a3\u20ac\u00a5\u20b9\u20a9\u20ab\u20b1\u20ba\u20bd]|\b[A-Z]{3}\s?\d|\d\s?[A-Z]{3}\b|\b(?:CZK|EUR|USD|GBP|COP|ARS|MXN)\b`,
  ].join("|"),
  "iu",
);

export function readSurveyBrief(objective: string | undefined, others: readonly string[]): SurveyBrief {
  const texts = [objective ?? "", ...others].filter((t) => t.trim() !== "");
  return {
    lead: objective ? leadOf(objective) : undefined,
    lists: texts.flatMap(listsIn).slice(0, 2),
    questions: questionsIn(objective, others),
    money: texts.some((t) => MONEY.test(t)),
  };
}

/** Definite articles and possessives a noun phrase starts with ("a plot" is any plot, not the subject). */
const ARTICLES: Record<Language, RegExp> = {
  en: /^(?:the|their|your|our)$/iu,
  de: /^(?:der|die|das|den|dem|des|ihre[nm]?|unsere[nm]?)$/iu,
  fr: /^(?:le|la|les|l'|des|du|au|aux|leur|leurs|nos|notre)$/iu,
  es: /^(?:el|la|los|las|al|del|sus|su|nuestros?|nuestras?)$/iu,
};
/** Where a noun phrase ends: a word that starts a clause, a verb phrase or a place of its own ("… viejos | a los puntos"). */
const PHRASE_END =
  /^(?:and|or|but|that|which|who|to|is|are|do|does|not|when|if|because|und|oder|nicht|nie|kein\w*|mehr|am|zu|wenn|weil|dass|ist|sind|et|ou|qui|que|pour|ne|pas|plus|quand|est|sont|y|o|que|para|porque|no|cuando|si|es|son|con|en|m[a\u00e1]s|a|at|in|on|from|into|by|with|without|\u00e0|sur|dans|chez|vers|sans|hasta|desde|sobre|por|entre|sin|auf|im|bei|mit|aus|nach|seit|ohne|an)$/iu;
const MAX_PHRASE_WORDS = 5;
/** People an objective names as those it asks, in the four languages read: never what it is about. */
const PEOPLE =
  /(?<!\p{L})(?:people|residents?|neighbou?rs?|famil(?:y|ies)|visitors?|users?|citizens?|customers?|children|parents|students|patients|workers|employees|members|retirees|pensioners|seniors|businesses|companies|firms|traders|farmers|owners|women|men|vecinos?|vecinas?|habitantes?|familias?|visitantes?|usuari[oa]s?|ciudadan[oa]s?|clientes?|ni[n\u00f1]os|padres|personas|gente|trabajadores|socios|jubilad[oa]s|pensionistas|mayores|empresas|negocios|comerciantes|agricultor[ea]s|propietari[oa]s|mujeres|hombres|j[o\u00f3]venes|habitants?|voisins?|familles?|visiteurs?|usagers?|utilisateurs?|citoyens?|enfants|gens|personnes|salari[e\u00e9]s|adh[e\u00e9]rents|retrait[e\u00e9]s|seniors|entreprises|commer[c\u00e7]ants|agriculteurs|propri[e\u00e9]taires|femmes|hommes|jeunes|anwohner\p{L}*|bewohner\p{L}*|familien|besucher\p{L}*|nutzer\p{L}*|b[u\u00fc]rger\p{L}*|kunden|kinder\p{L}*|eltern|menschen|leute|rentner\p{L}*|senior\p{L}*|unternehmen|firmen|betriebe|h[a\u00e4]ndler\p{L}*|landwirt\p{L}*|besitzer\p{L}*|frauen|m[a\u00e4]nner|jugendliche\p{L}*|mitglieder\p{L}*|besch[a\u00e4]ftigte\p{L}*)(?!\p{L})/iu;
/** People named by what they use or visit: "users of X" names X as the subject. */
const USERS =
  /^(?:users?|visitors?|customers?|members|usuari[oa]s|visitantes|clientes|socios|usagers|utilisateurs|visiteurs|clients|adh[e\u00e9]rents|nutzer\p{L}*|besucher\p{L}*|kunden|mitglieder\p{L}*)$/iu;
/** What a study asks of its people, not what it is about: "la opinión", "les raisons", "die Erfahrungen". */
const ASKED_OF =
  /^(?:\S+\s+|l['\u2019])(?:opinions?|views?|reasons?|experiences?|habits?|attitudes?|barriers?|satisfaction|needs|opini[o\u00f3]n(?:es)?|razones|motivos|experiencias?|h[a\u00e1]bitos|percepci[o\u00f3]n|barreras|necesidades|satisfacci[o\u00f3]n|avis|raisons|exp[e\u00e9]riences?|habitudes|freins|obstacles|besoins|meinung\p{L}*|gr[u\u00fc]nde|erfahrung\p{L}*|gewohnheiten|h[u\u00fc]rden|bed[u\u00fc]rfnisse|zufriedenheit)(?!\p{L})/iu;

/**
 * What the lead is about, as the brief words it: a proper name it gives ("Puntos Limpios", "Un Millón de Árboles"),
 * else its first noun phrase that opens with an article and names a thing ("los puntos de reciclaje"), else undefined. In German every
 * noun is capitalised, so a German name needs two capitalised words in a row.
 */
export function subjectPhrase(lead: string, language: Language | "other"): string | undefined {
  const words = lead.split(/\s+/).filter(Boolean);
  const capital = (w: string) => /^[\p{Lu}\p{N}]/u.test(w) && !/^\p{N}+$/u.test(w);
  const joiner = (w: string) => /^(?:de|del|la|las|los|of|the|von|van|du|des|y|&)$/iu.test(w);
  const runs: string[][] = [];
  for (let i = 1; i < words.length; i++) {
    if (!capital(words[i] as string)) continue;
    const run = [words[i] as string];
    let j = i + 1;
    while (j < words.length) {
      const w = words[j] as string;
      if (capital(w)) run.push(w);
      else if (joiner(w) && capital(words[j + 1] ?? "")) run.push(w);
      else break;
      j++;
    }
    runs.push(run.map((w) => w.replace(/[,;:]+$/u, "")));
    i = j - 1;
  }
  const names = runs.filter((r) => r.length <= 5 && (language !== "de" || r.filter(capital).length >= 2));
  // A place ("in Leeds", "de Buenos Aires") says where, not what: the last name not after a preposition of place.
  const placed = (run: string[]) => {
    const at = words.indexOf(run[0] as string);
    // "los usuarios de Puntos Limpios": what its users use is the subject, not a place.
    const used = /^(?:de|of|von|du|des|del)$/iu.test(words[at - 1] ?? "") && USERS.test(words[at - 2] ?? "");
    // "sur MyPortal.lu", "auf dem Portal": where a process runs, not what it is.
    return !used && /^(?:in|at|en|de|im|aus|from|near|bei|dans|sur|auf|via)$/iu.test(words[at - 1] ?? "");
  };
  const name = [...names].reverse().find((r) => !placed(r));
  if (name) return name.join(" ");
  // A language not read is not parsed: only a name is taken from it.
  if (language === "other") return undefined;
  const article = ARTICLES[language];
  // French elides its article into the noun: "l'irrigation" opens a phrase of its own.
  const elided = (w: string) => language === "fr" && /^l['\u2019]\p{L}/u.test(w);
  // The first phrase that names a thing: an objective names its people ("los vecinos") and what it asks of them ("la
  // opinión") before its subject, and may go on to a second ask ("y cómo se enteran de los horarios") after it.
  for (let i = 0; i < words.length; i++) {
    if (!article.test(words[i] as string) && !elided(words[i] as string)) continue;
    const phrase: string[] = [words[i] as string];
    for (let j = i + 1; j < words.length && phrase.length < MAX_PHRASE_WORDS; j++) {
      const w = words[j] as string;
      // "el horario de la biblioteca": an article after "de" goes on with the same phrase.
      const joined = article.test(w) && /^(?:de|of|von|du|d['\u2019])$/iu.test(phrase[phrase.length - 1] ?? "");
      if (PHRASE_END.test(w) || (article.test(w) && !joined) || /^(?:n|qu|s)['\u2019]/iu.test(w)) break;
      phrase.push(w.replace(/[,;:]+$/u, ""));
      // German nouns are capitalised: the phrase ends at its noun ("die neuen Wertstoffhöfe").
      if (language === "de" && /\p{Lu}/u.test(w)) break;
      if (/[,;:]$/u.test(w)) break;
    }
    const text = phrase.join(" ");
    if ((phrase.length >= 2 || elided(phrase[0] as string)) && !PEOPLE.test(text) && !ASKED_OF.test(text)) return text;
  }
  return undefined;
}

/** The brief's phrase as a question may name it: a short name as it is, another language's words quoted. */
export function namedSubject(phrase: string, language: Language | "other"): string {
  const shown = clientText(phrase, "");
  const name = /^[\p{Lu}\p{N}]/u.test(phrase);
  return shown.kind === "name" && (name || language === "en") ? phrase : `"${opening(phrase)}"`;
}
