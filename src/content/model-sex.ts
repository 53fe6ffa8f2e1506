/**
 * Whether a user model's people are all women or all men, as its own words say ("Kenyan women 25-49", "Mütter mit
 * Kleinkindern", "hommes de plus de 50 ans", "mujeres emprendedoras", or a `gender` field): quoted participants get
 * names of that sex and every respondent answers the gender question as one. Said only when one sex is named and the
 * other is not; a word in a compound ("woman-owned", "Frauenärzte"), a bracket, a quotation, after a negation ("not
 * only women", "sans les hommes") or after a share ("52% women", "mostly men") says nothing. Singular "man" is left out: it is a place ("Isle of Man") as often.
 */
export type Sex = "female" | "male";

const WORDS: Record<Sex, readonly string[]> = {
  female: [
    "women",
    "woman",
    "female",
    "females",
    "mothers",
    "mums",
    "moms",
    "ladies",
    "wives",
    "Frauen",
    "Frau",
    "Mütter",
    "weiblich",
    "weibliche",
    "Damen",
    "femmes",
    "femme",
    "mères",
    "mujeres",
    "mujer",
    "madres",
    "señoras",
    "femenino",
    "femeninas",
  ],
  male: [
    "men",
    "male",
    "males",
    "fathers",
    "dads",
    "husbands",
    "gentlemen",
    "Männer",
    "Väter",
    "männlich",
    "männliche",
    "Herren",
    "hommes",
    "homme",
    "pères",
    "hombres",
    "hombre",
    "varones",
    "masculino",
    "masculinos",
  ],
};

/** One of the words standing alone: no letter, digit or hyphen joined to it on either side. */
const wordsOf = (words: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}'\\u2019-])(?:${words.join("|")})(?![\\p{L}\\p{N}-])`, "giu");
const FINDERS: Record<Sex, RegExp> = { female: wordsOf(WORDS.female), male: wordsOf(WORDS.male) };

/** A negation shortly before a word: its clause says who is not, or not only, in the panel. */
const NEGATION =
  /(?<![\p{L}])(?:not|no|non|excluding|except|without|nor|nicht|kein|keine|keinen|ohne|au\u00dfer|sans|pas|sauf|hors|ni|sin|excepto|salvo|ning\u00fan|ninguna)(?![\p{L}])[^.,;:]{0,24}$/iu;

/** Brackets and quotations: a remark or a name, not the panel's own description. */
const ASIDES =
  /\([^)]*\)|\[[^\]]*\]|"[^"]*"|\u201c[^\u201d]*\u201d|\u201e[^\u201c\u201d]*[\u201c\u201d]|\u00ab[^\u00bb]*\u00bb|(?<!\p{L})'[^']*'(?!\p{L})/gu;

/** A share or a lean before a word ("52% women", "mostly men", "majoritairement des femmes"): a mixed panel. */
const SHARE =
  /(?:\d\s*%|(?<![\p{L}])(?:mostly|mainly|majority|half|largely|predominantly|meist|\u00fcberwiegend|majoritairement|surtout|mayoritariamente|sobre todo)(?![\p{L}]))[^.,;:\d]{0,12}$/iu;

function named(text: string, sex: Sex): boolean {
  // matchAll works on a copy of the global pattern: its lastIndex is never left set.
  for (const hit of text.matchAll(FINDERS[sex])) {
    const before = text.slice(0, hit.index);
    if (!NEGATION.test(before) && !SHARE.test(before)) return true;
  }
  return false;
}

/** The sex a field says ("female", "F", "Frauen", "women only"); null for anything else. */
function fieldSex(value: unknown): Sex | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  if (/^(?:f|w)$/.test(v)) return "female";
  if (/^m$/.test(v)) return "male";
  const female = named(v, "female");
  const male = named(v, "male");
  return female === male ? null : female ? "female" : "male";
}

/** The one sex a model's people are, or null when its words name both, neither, or only in an aside or negation. */
export function sexOfModel(model: {
  name?: unknown;
  description?: unknown;
  metadata?: Record<string, unknown> | null;
}): Sex | null {
  const metadata = model.metadata ?? {};
  const given = fieldSex(metadata.gender) ?? fieldSex(metadata.sex);
  if (given) return given;
  const text = [model.name, model.description].filter((t): t is string => typeof t === "string").join(". ");
  // Traits are read for every question asked: a model's words are read once.
  const known = read.get(text);
  if (known !== undefined) return known;
  const plain = text.replace(ASIDES, " ");
  const female = named(plain, "female");
  const male = named(plain, "male");
  const sex = female === male ? null : female ? "female" : "male";
  if (read.size > 500) read.clear();
  read.set(text, sex);
  return sex;
}

const read = new Map<string, Sex | null>();
