import { languageOf } from "./subject.js";

/**
 * The audience a brief states, read whole wherever it states it (issue 27, readings l and m: "club and school
 * cricketers and their parents", "rural farming households in Maharashtra, Odisha and Tamil Nadu", "artisans et petits
 * commerçants de plus de 25 ans" answered by general panels as if everyone were them). Read in English, German, French
 * and Spanish: its own input (`audience`, `target_audience`), a note ("Audience is …", "Zielgruppe: …", "Public cible :
 * …", "Público objetivo: …"), or an objective "for/among …" ("für/unter …", "pour/auprès de …", "para/entre …"). The
 * phrase is never cut at a comma or an "and": it ends where its sentence does.
 */
export interface StatedAudience {
  /** As the client wrote it, whole. */
  phrase: string;
  /** The language it is written in, so a screener asks in the client's words. */
  language: "en" | "de" | "fr" | "es";
}

const OWN_INPUTS = ["audience", "target_audience", "target_group", "zielgruppe"];
const NOTE_INPUTS = ["notes", "brief", "background", "context", "objective", "research_question"];
const OBJECTIVE_INPUTS = ["objective", "research_question"];

/** A note naming the audience, its phrase after the label. */
const LABELLED =
  /(?<![\p{L}])(?:(?:target )?audience(?: is| are|:)|target group(?: is|:)|zielgruppe(?: sind| ist|:)|public(?: cible)?(?: est| sont| ?:)|cible(?: est| ?:)|p[u\u00fa]blico(?: objetivo)?(?: es| son|:))\s*(.+)/iu;
/** An objective's "for …", its phrase after the word. */
const FOR_WHOM =
  /(?<![\p{L}])(?:for|among|amongst|f\u00fcr|unter|pour|aupr\u00e8s d[eu']s?|parmi|para|entre)\s+(?:the |les |des |die |den |los |las |el )?(.+)/iu;

/** Where a phrase ends: its sentence's end, or a clause that says what they do next ("… to go to hospital"). */
const PHRASE_END =
  /[.!?;:\u2026](?=\s|$)|\s[-\u2013\u2014]\s|\n|\s\((?!\d)|(?<!\b(?:want|wants|need|needs|plan|plans|planning|like|likes|going|trying|about|able|used|willing|ready|due|how|what|where))\s(?:to|so that|in order to|and (?:what|how|why|whether|which)|et (?:ce|comment|pourquoi)|y (?:qu[e\u00e9]|c[o\u00f3]mo|por qu[e\u00e9])|und (?:was|wie|warum))\s(?!\d)/iu;

/** Words a phrase names people by, in the four languages: an objective's "for the launch" names nobody. */
const PEOPLE =
  /(?<![\p{L}])(?:people|persons|adults|residents|households|families|couples|parents|owners|users|wearers|buyers|customers|shoppers|women|men|citizens|patients|seniors|retirees|graduates|members|fans|neighbours|neighbors|travell?ers|visitors|volunteers|\p{L}*(?:keepers|holders|goers|lovers|makers|workers|seekers|riders|drivers|users|sellers|players|singers|growers|farmers|traders|dwellers|walkers|runners|learners|teachers|readers|viewers|renters|borrowers|savers|voters|smokers|ists|ians)|menschen|personen|erwachsene\p{L}*|haushalte|familien|eltern|paare|kunden|frauen|m\u00e4nner|bewohner\p{L}*|\p{L}*(?:angler|imker|halter|besitzer|nutzer|fahrer|sucher|nehmer|bauern|innen)|personnes|adultes|habitants|m\u00e9nages|familles|propri\u00e9taires|utilisateurs|clients|femmes|hommes|retrait\u00e9s|\p{L}+(?:teurs|trices|istes|iens|iennes)|personas|adultos|vecinos|hogares|familias|parejas|padres|propietarios|usuarios|clientes|mujeres|hombres|jubilados|aficionados|\p{L}+(?:ores|oras|istas|antes|entes))(?![\p{L}])/iu;

const tidy = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\s,]+$/u, "");

function phraseAfter(found: string): string {
  const end = PHRASE_END.exec(found);
  return tidy(end ? found.slice(0, end.index) : found);
}

function language(phrase: string, sentence: string): StatedAudience["language"] {
  for (const text of [phrase, sentence]) {
    const found = languageOf(text);
    if (found === "de" || found === "fr" || found === "es") return found;
  }
  return "en";
}

const text = (inputs: Record<string, unknown>, key: string) => {
  const value = inputs[key];
  return typeof value === "string" && value.trim() !== "" ? value.slice(0, 4_000) : undefined;
};

/** The audience the brief states, whole, or undefined when it states none. */
export function statedAudience(inputs: Record<string, unknown>): StatedAudience | undefined {
  for (const key of OWN_INPUTS) {
    const own = text(inputs, key);
    if (own) {
      const phrase = tidy(own.replace(/[.!?]+\s*$/u, ""));
      return phrase ? { phrase, language: language(phrase, phrase) } : undefined;
    }
  }
  for (const key of NOTE_INPUTS) {
    const note = text(inputs, key);
    const found = note ? LABELLED.exec(note) : null;
    const phrase = found ? phraseAfter(found[1] as string) : "";
    if (phrase && note) return { phrase, language: language(phrase, note) };
  }
  for (const key of OBJECTIVE_INPUTS) {
    const objective = text(inputs, key);
    if (!objective) continue;
    for (const found of objective.matchAll(new RegExp(FOR_WHOM.source, "giu"))) {
      const phrase = phraseAfter(found[1] as string);
      if (phrase && PEOPLE.test(phrase)) return { phrase, language: language(phrase, objective) };
    }
  }
  return undefined;
}

// --- Whether a panel states it --------------------------------------------------------------------------------------

/**
 * Words any audience may hold without narrowing it: people in general, where they live as a country, ages (which the
 * age check reads), and the little words of the four languages.
 */
const GENERIC = new Set(
  (
    "adult adults people persons person individuals population public general everyone anyone consumers residents " +
    "citizens inhabitants living live lives based aged ages years year over under older younger young plus more " +
    "than with from their them they those these this that what which whom whose nationally national representative " +
    "across country nationwide last past recent recently least once month months week weeks weekly monthly often regularly households household haushalte m\u00e9nages hogares states regions provinces region province area areas city cities town towns " +
    " speaking speakers like also into about only each every erwachsene erwachsenen " +
    "menschen personen leute bev\u00f6lkerung einwohner einwohnerinnen b\u00fcrger verbraucher jahre jahren \u00fcber " +
    "unter alle allgemeine leben lebende wohnhaft ihre ihren ihrer sind haben mehr adultes personnes habitants " +
    "r\u00e9sidents citoyens consommateurs grand moins tous toutes vivant vivent leurs dans avec pour sont adultos " +
    "personas poblaci\u00f3n habitantes residentes ciudadanos consumidores a\u00f1os mayores menores todos viven " +
    "con para entre desde"
  ).split(" "),
);

/** Countries as a word of their own (ISO region names in the four languages) and their irregular demonyms. */
let countryWords: Set<string> | undefined;
const DEMONYMS =
  /^(?:british|britons?|english|scottish|welsh|irish|dutch|swiss|french|spanish|danish|finnish|swedish|norwegian|polish|greek|turkish|thai|filipinos?|filipinas?|pinoy|american|americans|deutsche\p{L}*|schweizer\p{L}*|fran\u00e7ais\p{L}*|espa\u00f1ol\p{L}*|chilen\p{L}*|mexican\p{L}*|portugu\p{L}*|nigerian\p{L}*|kenyan\p{L}*|indian\p{L}*|polnisch\p{L}*|polonais\p{L}*|polacos?|alemanes|allemands?)$/iu;

function isCountryWord(word: string): boolean {
  if (DEMONYMS.test(word)) return true;
  if (!countryWords) {
    countryWords = new Set();
    for (const locale of ["en", "de", "fr", "es"]) {
      const names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
      for (let a = 65; a <= 90; a++)
        for (let b = 65; b <= 90; b++) {
          const name = names.of(String.fromCharCode(a, b));
          if (name && !/\s/.test(name)) countryWords.add(name.toLowerCase());
        }
    }
  }
  if (countryWords.has(word)) return true;
  // "Kenyan", "Chilean", "Portuguese": a country's own name, and the ending its people take.
  for (const name of countryWords)
    if (name.length >= 5 && word.length > name.length - 1 && word.startsWith(name.slice(0, name.length - 1)))
      return true;
  return false;
}

/** The words of a phrase that narrow it: not generic, not a country, not a number. */
/**
 * An audience without the people it says it is not ("Hungarian adults planning a spa visit, not tourists", "except
 * students", "sauf les touristes"): what follows the negation narrows nobody in.
 */
export const withoutNegated = (phrase: string) =>
  phrase
    .replace(/,\s*(?:(?:but|and|aber|mais|pero)\s+)?(?:not|nicht|keine?|pas|non|no|sans|ohne|sin)\s[^,;.()]*/giu, "")
    .replace(
      /\s(?:but not|excluding|except(?: for)?|other than|au(?:ss|\u00df)er|ausgenommen|sauf|hormis|excepto|salvo|menos)\s[^,;.()]*/giu,
      "",
    )
    // "adults who are not registered as organ donors", "who have never donated": not donors.
    .replace(
      /\s(?:who|that)\s+(?:(?:are|is|do|does|have|has|were|was)\s+(?:not|never)|(?:aren|isn|don|doesn|haven|hasn|weren|wasn)['\u2019]t|never)\b[^,;.()]*/giu,
      "",
    )
    .trim();

function narrowingWords(phrase: string): string[] {
  return [
    ...new Set(
      withoutNegated(phrase)
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 4 && !/\d/.test(w) && !GENERIC.has(w) && !isCountryWord(w)),
    ),
  ];
}

/** A word said by a panel's text: its stem there ("weddings" by "wedding", "grocery" by "groceries"). */
const said = (word: string, panel: string) => panel.includes(word.slice(0, Math.max(4, Math.min(word.length, 5))));

/**
 * Whether a user model's own words (name, description, metadata) state the audience: at least half the words that
 * narrow it are theirs. A phrase with no narrowing word ("adults in Spain") is stated by any panel.
 */
export function statesAudience(phrase: string, panelText: string): boolean {
  const words = narrowingWords(phrase);
  if (words.length === 0) return true;
  const panel = panelText.toLowerCase();
  return words.filter((w) => said(w, panel)).length * 2 >= words.length;
}

// --- How many qualify, and how they are asked -----------------------------------------------------------------------

/**
 * The share of a general panel an unknown group is: a stated default range of 4% to 35%, the widest for one narrowing
 * word and lower by three tenths for each further one ("beekeepers" 35%; "beekeepers who sell honey at weekend markets"
 * well under), since every word a client adds leaves fewer people in.
 */
const AUDIENCE_INCIDENCE = { high: 0.35, low: 0.04, perWord: 0.7 };

/**
 * The guessed share an audience is screened at, or undefined where it is too narrow to screen: at a guessed share
 * under one narrowing word's, the base left is too small to read ("23 of 340 qualified", ±27 points), so such an
 * audience is flagged instead.
 */
export function screenedIncidence(phrase: string): number | undefined {
  const share = audienceIncidence(phrase);
  return share < AUDIENCE_INCIDENCE.high ? undefined : share;
}

export function audienceIncidence(phrase: string): number {
  // Places listed together ("in Porto, Braga or Coimbra") widen the audience, not narrow it: they count once.
  const places = phrase.replace(
    /\p{Lu}\p{L}*(?:\s\p{Lu}\p{L}*)*(?:(?:\s*,\s*|\s+(?:and|or|und|oder|et|ou|y|o)\s+)\p{Lu}\p{L}*(?:\s\p{Lu}\p{L}*)*)+/gu,
    "Place",
  );
  const words = Math.max(1, narrowingWords(places).length);
  return Math.max(AUDIENCE_INCIDENCE.low, AUDIENCE_INCIDENCE.high * AUDIENCE_INCIDENCE.perWord ** (words - 1));
}

/** The respondent's form of a screener in each language: the audience quoted as one option, and a way out. */
const ASK: Record<StatedAudience["language"], { question: string; none: string }> = {
  en: { question: "Which of these describes you?", none: "None of these" },
  de: { question: "Welche dieser Beschreibungen trifft auf Sie zu?", none: "Keine davon" },
  fr: { question: "Laquelle de ces descriptions vous correspond ?", none: "Aucune de ces descriptions" },
  es: { question: "\u00bfCu\u00e1l de estas descripciones le corresponde?", none: "Ninguna de estas" },
};

/** Longer than this, or holding a sentence, an audience is no option a respondent can tick: it is flagged instead. */
const OPTION_CHARS = 120;

/** The screening question for a stated audience, in the client's words; undefined where none can be phrased. */
export function audienceScreener(audience: StatedAudience): { question: string; options: string[] } | undefined {
  const { phrase } = audience;
  if (
    phrase.length > OPTION_CHARS ||
    /[.!?;:](?=\s)|\n|:\/\/|(?<![\p{L}])www\./u.test(phrase) ||
    !/\p{L}/u.test(phrase)
  )
    return undefined;
  const ask = ASK[audience.language];
  return { question: ask.question, options: [phrase, ask.none] };
}
