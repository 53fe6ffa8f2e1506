import { clientText } from "./client-text.js";
import { opening } from "./concept-names.js";
import { type Language, languageOf } from "./subject.js";

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
  /**
   * The areas the brief lists as what to learn, in its order and as written: a list after "we want to know:" (or a
   * steps/topics lead-in), numbered or bulleted lines, "1) … 2) …", "first … then …", or three or more
   * "whether/how/what/why" clauses in a row.
   */
  areas: string[];
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
  // "freins (temps, distance, outils)": the bracket opens before the first item and closes after the last.
  const all = [first, ...cleaned.slice(1)]
    .map((p) => (p.includes(")") ? p : p.replace(/^\(\s*/u, "")))
    .map((p) => (p.includes("(") ? p : p.replace(/\s*\)$/u, "")));
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
    areas: texts.map(areasIn).find((a) => a.length > 0) ?? [],
  };
}

// --- The areas a brief lists as what to learn ------------------------------------------------------------------------

const MAX_AREAS = 8;
const AREA_WORDS = 16;

/**
 * A lead-in that says a list of what to learn follows: "we want to know:", "topics:", "Nous voulons savoir :",
 * "Étapes :", "Wir möchten erfahren:", "Queremos saber:". A wh-word after it ("know which matters most:") asks for a
 * choice among options, not areas.
 */
const LEARN_LEAD =
  /(?<!\p{L})(?:know|learn|understand|find out|explore|cover|ask about|areas?|topics?|steps?|themes?|stages?|questions?|savoir|comprendre|conna[i\u00ee]tre|d[e\u00e9]couvrir|explorer|aborder|[e\u00e9]tapes?|th[e\u00e8]mes?|wissen|verstehen|erfahren|herausfinden|kl[a\u00e4]ren|themen|schritte|fragen|punkte|bereiche|saber|conocer|entender|comprender|averiguar|explorar|temas?|pasos?|etapas?|aspectos?|preguntas?)(?!\p{L})[^:\n]{0,20}$/iu;
const CHOICE_LEAD =
  /(?<!\p{L})(?:which|welche\p{L}*|quel(?:le)?s?|cu[a\u00e1]l(?:es)?|matters? most|am wichtigsten|le plus|m[a\u00e1]s importante?)(?!\p{L})/iu;
/** Joining words an item may open with: ", and c", "; puis d". */
const ITEM_JOIN =
  /^(?:and|or|then|finally|und|oder|dann|schlie\u00dflich|et|ou|puis|enfin|ensuite|y|o|luego|por [u\u00fa]ltimo|finalmente)\s+/iu;
/** Where one clause of a sequence of wh-clauses starts, in the four languages read. */
const WH_START =
  "(?:(?:whether|how|what|why|which|when|where|ob|wie|was|warum|wieso|welche\\p{L}*|wann|comment|pourquoi|quel(?:le)?s?|combien|quand|o\\u00f9|c[o\\u00f3]mo|qu\\u00e9|por qu\\u00e9|cu[a\\u00e1]l(?:es)?|cu[a\\u00e1]nt[oa]s?|cu[a\\u00e1]ndo|d[o\\u00f3]nde|si|ce qu(?:i|e))(?![\\p{L}])|s['\\u2019]|ce qu['\\u2019])";

const WH_OPENS = new RegExp(`^${WH_START}`, "iu");
const WH_FIRST = new RegExp(String.raw`(?:^|[\s:])(?=${WH_START})`, "iu");
const WH_NEXT = new RegExp(String.raw`(?:^|,\s*(?:${LAST_JOIN}\s+)?|\s+${LAST_JOIN}\s+)(?=${WH_START})`, "giu");
const LAST_JOIN_OUTSIDE = new RegExp(String.raw`\s+${LAST_JOIN}\s+(?![^()]*\))`, "iu");

/** Commas and semicolons outside brackets: "les freins (temps, distance, outils)" is one item. */
function splitOutside(text: string, at: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "(" || c === "[") depth++;
    else if ((c === ")" || c === "]") && depth > 0) depth--;
    else if (depth === 0 && at.test(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** An area as written: without its numbering, joining word and closing stop; undefined when empty or too long. */
function area(part: string): string | undefined {
  const t = part
    .trim()
    .replace(/^(?:[-*\u2022\u2013]|\(?\d+[.)])\s*/u, "")
    .replace(ITEM_JOIN, "")
    .replace(/[\s.;,:!?\u2026]+$/u, "")
    .trim();
  if (t === "" || !/\p{L}/u.test(t)) return undefined;
  return t.split(/\s+/).length <= AREA_WORDS ? t : undefined;
}

/** Parts as areas, when there are at least `least` and every one reads as one. */
function areasOf(parts: readonly string[], least: number): string[] | undefined {
  const found = parts.map(area);
  if (found.length < least || found.some((a) => a === undefined)) return undefined;
  const all = found as string[];
  if (new Set(all.map((a) => a.toLowerCase())).size !== all.length) return undefined;
  return all.slice(0, MAX_AREAS);
}

/** The items of a list after a colon: at its semicolons, else its commas and a last "and". */
function listParts(text: string): string[] {
  const semi = splitOutside(text, /;/);
  if (semi.length >= 2) return semi;
  const commas = splitOutside(text, /,/);
  const last = commas.at(-1) ?? "";
  const join = LAST_JOIN_OUTSIDE;
  // ", et les freins": the joining word after the last comma opens the item, it parts none.
  const split = last.split(join).filter((p) => p.trim() !== "");
  return [...commas.slice(0, -1), ...(split.length === 2 ? split : [last])];
}

/** The areas one text of the brief lists, or none. */
function areasIn(text: string): string[] {
  // A list is of areas when what opens it says what to learn ("Topics:", "Nous voulons savoir :"), or each item is a
  // wh-clause of its own; a list after "what would help:" or "barriers we suspect:" is options, not areas.
  const learnt = (opening: string) => {
    const lead = opening.trim().replace(/:$/u, "");
    return lead !== "" && LEARN_LEAD.test(lead) && !CHOICE_LEAD.test(lead);
  };
  const clauses = (items: readonly string[]) => items.every((i) => WH_OPENS.test((area(i) ?? "").trim()));
  // Numbered or bulleted lines: each line an area.
  const lines = text.split(/\n/);
  const bullet = (l: string) => /^\s*(?:[-*\u2022\u2013]|\(?\d+[.)])\s+\S/u.test(l);
  const at = lines.findIndex(bullet);
  const bullets = at < 0 ? [] : lines.slice(at).filter(bullet);
  const before = at > 0 ? (lines[at - 1] as string) : "";
  if (bullets.length >= 2 && (learnt(before.split(/(?<=[.!?])\s+/u).at(-1) ?? "") || clauses(bullets))) {
    const found = areasOf(bullets, 2);
    if (found) return found;
  }
  const flat = text.replace(/\s*\n\s*/g, " ");
  // "1) … 2) … 3) …" inline, numbered from one.
  const numbered = [...flat.matchAll(/(?:^|[\s:;,])\(?(\d)[.)]\s+/gu)];
  if (numbered.length >= 2 && numbered.every((m, i) => Number(m[1]) === i + 1)) {
    const parts = numbered.map((m, i) =>
      flat.slice((m.index ?? 0) + m[0].length, numbered[i + 1]?.index ?? flat.length),
    );
    // The last item ends with its sentence.
    const lastEnd = (parts.at(-1) ?? "").split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0] ?? "";
    const items = [...parts.slice(0, -1), lastEnd];
    const opening =
      flat
        .slice(0, numbered[0]?.index ?? 0)
        .split(/(?<=[.!?])\s+/u)
        .at(-1) ?? "";
    const found = learnt(opening) || clauses(items) ? areasOf(items, 2) : undefined;
    if (found) return found;
  }
  for (const sentence of flat.split(/(?<=[.!?])\s+(?=\p{Lu}|\d)/u)) {
    const bare = sentence.replace(/[.!?]+$/u, "");
    // A list after a lead-in that says what to learn: "Nous voulons savoir : a, b, c et d."
    const colon = /^([^:]*?)\s*:\s*(.+)$/u.exec(bare);
    if (colon && LEARN_LEAD.test(colon[1] as string) && !CHOICE_LEAD.test(colon[1] as string)) {
      const found = areasOf(listParts(colon[2] as string), 3);
      if (found) return found;
    }
    // "first …, then …, and finally …".
    const steps =
      /(?<!\p{L})(?:first(?:ly)?|zuerst|erstens|d['\u2019]abord|premi[e\u00e8]rement|primero)(?!\p{L})[,\s]+(.+?)[,;]?\s+(?:and\s+|und\s+|et\s+|y\s+)?(?:then|dann|danach|puis|ensuite|luego|despu[e\u00e9]s)(?!\p{L})[,\s]+(.+?)(?:[,;]?\s+(?:and\s+|und\s+|et\s+|y\s+)?(?:finally|schlie\u00dflich|enfin|finalement|por [u\u00fa]ltimo|finalmente)(?!\p{L})[,\s]+(.+))?$/iu.exec(
        bare,
      );
    if (steps) {
      const found = areasOf(
        steps.slice(1).filter((s): s is string => s !== undefined),
        2,
      );
      if (found) return found;
    }
    // Three or more wh-clauses in a row: "how …, whether … and why …".
    const at = WH_NEXT;
    const first = WH_FIRST.exec(bare);
    const opened = first ? { from: first.index, to: first.index + first[0].length } : undefined;
    const starts = [
      ...(opened ? [opened] : []),
      ...[...bare.matchAll(at)]
        .map((m) => ({ from: m.index ?? 0, to: (m.index ?? 0) + m[0].length }))
        .filter((s) => opened && s.from > opened.from),
    ];
    if (starts.length >= 3) {
      const parts = starts.map((s, i) => bare.slice(s.to, starts[i + 1]?.from ?? bare.length));
      const found = areasOf(parts, 3);
      if (found) return found;
    }
  }
  return [];
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

// --- Something only some people have done ----------------------------------------------------------------------------

/**
 * A process people go through only some of the time: an appointment, an application, a registration, a permit, a
 * waiting list, in the four languages read. A hyphen or letter either side (a compound) is no mention.
 */
const PROCESS =
  /(?<![\p{L}\p{N}-])(?:appointments?|(?<!(?:mobile|web|software|phone|smartphone|desktop|banking)\s)applications?|notifications?|registrations?|permits?|licen[cs]es?|renewals?|waiting lists?|termin(?:e|s)?|antr[a\u00e4]ge?|anmeldung(?:en)?|warteliste|genehmigung(?:en)?|rendez-vous|inscriptions?|liste d['\u2019]attente|permis|citas?|solicitud(?:es)?|inscripci[o\u00f3]n(?:es)?|tr[a\u00e1]mites?|lista de espera|permisos?)(?![\p{L}\p{N}-])/iu;
const MODIFIER_STOP =
  /^(?:the|a|an|their|your|our|his|her|its|for|of|to|and|or|on|in|at|by|with|booking|book|make|making|get|getting|renew|renewing|submit|submitting|file|filing|apply|applying|leave|until|why|how|what|whether|people|they)$/i;

/**
 * What only some people have done that the brief's lead is about ("marriage notification appointment", "liste
 * d'attente"), as written; undefined when the lead names none. Read in the lead only, outside brackets and quotes, so
 * an aside or a quoted name does not count.
 */
export function processOf(objective: string | undefined): string | undefined {
  if (!objective) return undefined;
  const lead = leadOf(objective).replace(
    /["\u201c\u201e\u00ab][^"\u201c\u201d\u201e\u00ab\u00bb]*["\u201d\u00bb]/gu,
    " ",
  );
  const first = PROCESS.exec(lead);
  if (!first) return undefined;
  // "notification appointment": the last of a run of such words is the thing itself.
  let found: RegExpExecArray = first;
  for (;;) {
    const after = lead.slice(found.index + found[0].length);
    const next = /^\s+/u.exec(after) ? PROCESS.exec(after) : null;
    if (!next || after.slice(0, next.index).trim() !== "") break;
    const index = found.index + found[0].length + next.index;
    found = Object.assign([next[0]], { index, input: lead, groups: undefined }) as RegExpExecArray;
  }
  // English puts what kind of process it is first ("marriage notification appointment"): up to two words before it.
  const before = languageOf(lead) === "en" ? lead.slice(0, found.index).trim().split(/\s+/).filter(Boolean) : [];
  const kind: string[] = [];
  for (const w of before.reverse()) {
    if (kind.length >= 2 || MODIFIER_STOP.test(w) || !/^[\p{Ll}\p{Lu}-]+$/u.test(w)) break;
    kind.unshift(w);
  }
  return [...kind, found[0]].join(" ");
}
