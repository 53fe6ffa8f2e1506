import { type ClientText, clientText } from "./client-text.js";
import { type Language, languageOf } from "./subject.js";

/**
 * A study's subject as the brief gives it (issue 27, readings g S5, h S10, i S1, S3, S4, S5): its name as written, the
 * short name sentences use (never a cut of the name, never one that drops it), and its category: what kind of thing it
 * is ("craft beer", "used-car inspection"), read from wherever the client said it (the title, notes, objective,
 * stimulus or context) in English, German, French or Spanish. A respondent cannot say whether they would consider
 * "Antares" without knowing it is a beer. A category in English is said in the sentence; one in another language is
 * quoted as written, never spliced.
 */
export interface StudySubject {
  /** How the name may appear in sentences: its short name, the text shown once, quoted. */
  shown: ClientText;
  /** The short name a sentence holds. */
  name: string;
  /** What a title and a research question call it: its short name, else its opening quoted, never the handle. */
  title: string;
  category: Category | undefined;
}

export interface Category {
  /** As the client wrote it. */
  given: string;
  /** English, so a sentence may say it in its own words. */
  english: boolean;
  /** What a sentence holds: the English category with a small first letter, else the category quoted. */
  mention: string;
}

/** Where the client may have said what the subject is, most telling first. */
export interface SubjectSources {
  title?: string | undefined;
  notes?: string | undefined;
  objective?: string | undefined;
  stimulus?: string | undefined;
  context?: string | undefined;
  /** Rivals' names, which a title may list beside the subject's. */
  rivals?: readonly string[];
}

export function studySubject(given: string, handle: string, sources: SubjectSources = {}): StudySubject {
  const shown = clientText(given, handle);
  // A title never names a product by the handle ("The product pricing"): it quotes the opening of what was given.
  const title = shown.name === handle && given.trim() !== handle ? shown.cited : shown.name;
  return { shown, name: shown.name, title, category: categoryOf([given, shown.name], sources) };
}

/** Words that name the study rather than its subject, with the language they are in. */
const STUDY_WORDS: Array<[RegExp, Language]> = [
  [
    words(
      /\b(?:percepci[o\u00f3]n de (?:la )?marca|imagen de marca|estudio de marca|estudio|encuesta|competidores)\b/giu,
    ),
    "es",
  ],
  [
    words(
      /\b(?:perception de (?:la )?marque|image de marque|notori[e\u00e9]t[e\u00e9]|[e\u00e9]tude|enqu[e\u00ea]te|concurrents?)\b/giu,
    ),
    "fr",
  ],
  [
    words(/\b(?:markenwahrnehmung|markenimage|markenstudie|studie|umfrage|befragung|bekanntheit|wettbewerb\w*)\b/giu),
    "de",
  ],
  [
    words(
      /\b(?:brand (?:perception|health|image|study|tracker|awareness)|how (?:people|customers|consumers) see|perceptions?|awareness|reputation|study|survey|research|competitors?|rivals?)\b/giu,
    ),
    "en",
  ],
];

/** `\b` with any letter as a word's letter ("notoriété" ends at its "é"), not only ASCII ones. */
function words(pattern: RegExp): RegExp {
  return new RegExp(
    pattern.source.replaceAll(
      String.raw`\b`,
      String.raw`(?:(?<![\p{L}\p{N}])(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?![\p{L}\p{N}]))`,
    ),
    pattern.flags,
  );
}

/** Where a title turns to the rivals: "Antares craft beer vs Quilmes". */
const VERSUS = /\s(?:vs\.?|versus|against|gegen|contre|frente a)\s/iu;

/** A segment that asks a question or holds a verb is a sentence about the subject, not its category. */
const SENTENCE_WORDS = words(
  /\b(?:how|what|why|who|do|does|see|we|our|wie|was|warum|sehen|wir|comment|que|pourquoi|voient|nous|c[o\u00f3]mo|qu[e\u00e9]|por qu[e\u00e9]|ven|somos)\b/iu,
);

/** A claim about the subject ("the best choice", "die Nummer eins") says how good it is, not what it is. */
const CLAIM = words(
  /\b(?:best|leading|top|number one|biggest|largest|favourite|choice|options?|cheapest|beste\w*|f[u\u00fc]hrend\w*|marktf[u\u00fc]hrer|nummer eins|meilleur\w*|leader|num[e\u00e9]ro un|premi[e\u00e8]re?|mejor\w*|l[i\u00ed]der|n[u\u00fa]mero uno|primer\w*)\b/iu,
);

/** Small words a category never starts or ends with. */
const EDGE_WORDS =
  /^(?:a|an|the|of|and|for|de|del|des|du|la|le|les|el|los|las|et|y|und|der|die|das|ein|eine|un|une|una|en|in|et|:|-|\u2013|\u2014)$/iu;

/** Where a category ends: a preposition that starts a place, a date or a clause, in the four languages. */
const CATEGORY_END =
  /\s(?:from|in|with|based|since|that|which|who|founded|for|at|aus|seit|mit|f[u\u00fc]r|bei|im|[a\u00e0]|en|depuis|qui|bas[e\u00e9]e?|avec|pour|dans|desde|que|con|para|de(?=\s\p{Lu}))\s/u;

/** Words of the kind of business, not of what it offers: "a craft beer brand" is a craft beer one. */
const KIND_WORDS =
  /(?:^|\s|-)(?:brand|business|company|firm|maker|provider|marke|anbieter|unternehmen|marque|entreprise|soci[e\u00e9]t[e\u00e9]|marca|empresa)$/iu;

/** "is a", "ist ein", "est une", "es una", with the kind of business before the category ("marca de"). */
const COPULA: Array<[RegExp, Language]> = [
  [/^\s+is\s+(?:(?:a|an|the)\s+)?(?:(?:brand|company|business|provider|maker)\s+(?:of|for)\s+)?/iu, "en"],
  [
    /^\s+(?:ist|sind)\s+(?:(?:ein|eine|einen)\s+)?(?:(?:marke|anbieter|unternehmen|hersteller)\s+(?:f[u\u00fc]r|von)\s+)?/iu,
    "de",
  ],
  [
    /^\s+(?:est|sommes)\s+(?:(?:un|une)\s+)?(?:(?:marque|entreprise|soci[e\u00e9]t[e\u00e9])\s+(?:de|d'|du|des)\s*)?/iu,
    "fr",
  ],
  [/^\s+(?:es|somos)\s+(?:(?:un|una|uno)\s+)?(?:(?:marca|empresa)\s+(?:de|del)\s+)?/iu, "es"],
];
// "Pagewise, a maker of notebooks": the kind of business is no part of the category.
const APPOSITION =
  /^\s*(?:,|\s[-\u2013\u2014]|:)\s+(?:(?:a|an|ein|eine|un|une|una)\s+)?(?:(?:brand|company|business|provider|maker|producer|seller|supplier|hersteller|anbieter|marke|marque|fabricant|producteur|marca|fabricante|productor)\s+(?:of|for|von|f[u\u00fc]r|de|d'|du|des|del)\s*)?/iu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function tidy(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A category read off the start of `rest`: up to a mark or a word that ends it, without the kind of business. */
function categoryAt(rest: string): string | undefined {
  let cat = rest.split(/[.,;:!?()[\]"\u201c\u201d|]|\s[-\u2013\u2014]\s/u)[0] ?? "";
  // "Antares: notoriété et image" names the study, not what Antares is.
  if (withoutStudyWords(cat) !== cat) return undefined;
  const end = CATEGORY_END.exec(` ${cat} `);
  if (end) cat = ` ${cat} `.slice(0, end.index);
  return cleaned(cat);
}

function cleaned(raw: string): string | undefined {
  const trimmed = (text: string) => {
    let words = tidy(text).split(" ").filter(Boolean);
    while (words.length && EDGE_WORDS.test(words[0] as string)) words = words.slice(1);
    while (words.length && EDGE_WORDS.test(words[words.length - 1] as string)) words = words.slice(0, -1);
    return words.join(" ");
  };
  let cat = trimmed(withoutStudyWords(raw));
  while (KIND_WORDS.test(cat)) cat = trimmed(cat.replace(KIND_WORDS, ""));
  const count = cat.split(" ").filter(Boolean).length;
  if (count === 0 || count > 5 || cat.replace(/[^\p{L}]/gu, "").length < 3) return undefined;
  if (SENTENCE_WORDS.test(cat) || CLAIM.test(cat) || /\p{N}/u.test(cat)) return undefined;
  // Several capitalised words are names ("Quilmes and Berlina"), not a kind of thing; German capitalises every noun.
  const capitals = cat
    .split(" ")
    .slice(1)
    .filter((w) => /^\p{Lu}/u.test(w)).length;
  if (capitals > 0 && !/^\p{Lu}\p{Ll}+$/u.test(cat.split(" ").at(-1) ?? "")) return undefined;
  return cat;
}

/** The language a source says its words are in: by its study words, else by its common words. */
function languageIn(text: string): Language | "other" {
  for (const [pattern, language] of STUDY_WORDS) {
    pattern.lastIndex = 0;
    if (pattern.test(text)) return language;
  }
  return languageOf(text);
}

function withoutStudyWords(text: string): string {
  let out = text;
  for (const [pattern] of STUDY_WORDS) {
    pattern.lastIndex = 0;
    out = out.replace(pattern, " ");
  }
  return out;
}

function category(given: string, language: Language | "other"): Category {
  // English only where the source says so and the words read as English; anything else is quoted as written.
  const english = language === "en" && clientText(given, "").kind !== "foreign";
  const mention = english
    ? /^\p{Lu}\p{Ll}/u.test(given)
      ? given.charAt(0).toLowerCase() + given.slice(1)
      : given
    : `"${given.replace(/["\u201c\u201d]/g, "'")}"`;
  return { given, english, mention };
}

/** The category one source gives the subject named `names`, or undefined when it gives none. */
function categoryIn(
  names: readonly string[],
  source: string,
  isTitle: boolean,
  rivals: readonly string[],
): Category | undefined {
  const text = tidy(source);
  const found = names
    .filter((n) => n.length >= 2)
    .map((n) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`, "iu").exec(text))
    .find((m) => m !== null);
  if (found) {
    const rest = text.slice(found.index + found[0].length);
    for (const [pattern, language] of COPULA) {
      const copula = pattern.exec(rest);
      if (copula) {
        const cat = categoryAt(rest.slice(copula[0].length));
        if (cat) return category(cat, language);
      }
    }
    const bracket = /^\s*\(([^()]+)\)/u.exec(rest)?.[1];
    const apposed = APPOSITION.exec(rest);
    const cat = bracket ? cleaned(bracket) : apposed ? categoryAt(rest.slice(apposed[0].length)) : undefined;
    if (cat) return category(cat, languageIn(text));
  }
  // A title says what it is about in few words: "Craft beer: how people see Antares", "Antares Fahrradreparatur:
  // Markenwahrnehmung". Its parts, without the name and the study's own words, that are no sentence.
  if (!isTitle) return undefined;
  const language = languageIn(text);
  const parts = text.split(/[.,;:!?()[\]|]|\s[-\u2013\u2014]\s/u).map((whole) => {
    const part = whole.split(VERSUS)[0] ?? "";
    let unnamed = part;
    for (const n of names) if (n.length >= 2) unnamed = unnamed.replace(new RegExp(escapeRegExp(n), "giu"), " ");
    let rest = unnamed;
    for (const r of rivals) rest = rest.replace(new RegExp(escapeRegExp(r), "giu"), " ");
    return { named: unnamed !== part, part: withoutStudyWords(rest), sentence: SENTENCE_WORDS.test(part) };
  });
  const ordered = [...parts.filter((p) => p.named), ...parts.filter((p) => !p.named)];
  for (const { part, sentence } of ordered) {
    if (sentence) continue;
    const cat = cleaned(part);
    if (cat) return category(cat, language);
  }
  return undefined;
}

/**
 * What kind of thing the subject named `names` is, from the sources in order (the title, notes, objective, stimulus,
 * then the context's opening); undefined when none says.
 */
export function categoryOf(given: readonly string[], sources: SubjectSources): Category | undefined {
  // The longest name first: "Kovra 9" is found whole, not as "Kovra" and a stray "9".
  const names = [...new Set(given)].sort((a, b) => b.length - a.length);
  const ordered: Array<[string | undefined, boolean]> = [
    [sources.title, true],
    [sources.notes, false],
    [sources.objective, false],
    [sources.stimulus, false],
    [sources.context?.slice(0, 600), false],
  ];
  for (const [source, isTitle] of ordered) {
    if (!source) continue;
    const found = categoryIn(names, source, isTitle, sources.rivals ?? []);
    // The name itself is no category ("Antares" of "Antares: brand perception").
    // Nor is a rival's ("Antares, Quilmes and Berlina compete…").
    const lower = found?.given.toLowerCase();
    if (
      found &&
      lower &&
      !names.some((n) => n.toLowerCase() === lower) &&
      !(sources.rivals ?? []).some((r) => lower.includes(r.toLowerCase()))
    )
      return found;
  }
  return undefined;
}
