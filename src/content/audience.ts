import { statesAudience, withoutNegated } from "./stated-audience.js";

/**
 * How a report speaks of the people it sampled: the grammar of a user model's name ("UK adults are", "the customer
 * panel is"), and the words of the participants' country ("cart" in the US, "basket" in the UK).
 */

/** Collective nouns read as one thing: a panel, a sample, a population. */
const SINGULAR_HEADS =
  /^(?:panel|sample|population|group|audience|cohort|segment|base|community|list|pool|survey|study|market|workforce|team|public)$/i;
/** Heads that are plural without an -s: people, staff, Gen Z. */
const PLURAL_HEADS =
  /^(?:people|staff|personnel|folk|gen\s?z|genz|millennials|boomers|youth|children|men|women|alumni|police|clergy|cattle|erwachsene|menschen|leute|eltern|kunden|mitarbeitende|studierende|jugendliche|senioren|rentner|verbraucher|personas|personnes)$/i;

/**
 * Whether a user model's name is plural ("UK adults 18+ (nationally representative)", "US Gen Z (18-26)", "Adultos en
 * Madrid") or singular ("Weeknight customer panel"): its head noun, the last word before any bracket, number or "in …"
 * phrase, ends in -s or is a plural of its own.
 */
const plurals = new Map<string, boolean>();
export function isPluralName(name: string): boolean {
  let known = plurals.get(name);
  if (known === undefined) {
    known = pluralName(name);
    if (plurals.size > 2000) plurals.clear();
    plurals.set(name, known);
  }
  return known;
}

function pluralName(name: string): boolean {
  const bare = name
    .replace(/\([^)]*\)/g, " ")
    .replace(
      /(?<![\p{L}])(?:in|from|of|aged|who|with|at|en|de|aus|von|der|des|im|am|bei|f\u00fcr|mit|du|\u00e0|dans|avec|pour|del|con|para)(?![\p{L}]).*$/iu,
      " ",
    )
    .replace(/[\d+\-\u2013]+/g, " ")
    .trim();
  const words = bare.split(/\s+/).filter(Boolean);
  const head = (words[words.length - 1] ?? "").replace(/[^\p{L}]/gu, "");
  if (/gen\s?z$/i.test(bare) || PLURAL_HEADS.test(head)) return true;
  if (SINGULAR_HEADS.test(head)) return false;
  const first = (name.trim().split(/\s+/)[0] ?? "").replace(/[^\p{L}]/gu, "");
  return /[sS]$/.test(head) || /s$/i.test(first);
}

/** A verb that agrees with a user model's name: `agree("UK adults", "speak", "speaks")`. */
export const agree = (name: string, plural: string, singular: string) => (isPluralName(name) ? plural : singular);

/** Words that differ between British and American English, for text the mock writes (never for the client's words). */
const AMERICAN: Array<[RegExp, string]> = [
  [/\bbaskets\b/g, "carts"],
  [/\bbasket\b/g, "cart"],
  [/\bBaskets\b/g, "Carts"],
  [/\bBasket\b/g, "Cart"],
  [/\bpostcode\b/g, "ZIP code"],
  [/\bPostcode\b/g, "ZIP code"],
  [/\bmobile phone\b/g, "cell phone"],
  [/\bholiday\b/g, "vacation"],
  [/\bholidays\b/g, "vacations"],
  [/\bshop assistant\b/g, "sales clerk"],
  [/\bqueue\b/g, "line"],
  [/\btrainers\b/g, "sneakers"],
  [/\bnappies\b/g, "diapers"],
  [/\bnappy\b/g, "diaper"],
  [/\bpetrol\b/g, "gas"],
  [/\bflat\b(?= (?:in|near|for|to rent))/g, "apartment"],
];

/** Countries whose people write American English. */
const AMERICAN_ENGLISH = new Set(["US", "PH", "PR"]);

/** Text the mock writes, in the words of the participants' country: "Add to cart" for US participants. */
export function countryWords(text: string, country: string | null | undefined): string {
  if (!country || !AMERICAN_ENGLISH.has(country)) return text;
  return AMERICAN.reduce((out, [pattern, word]) => out.replace(pattern, word), text);
}

// --- Who the plan is for, against who answered --------------------------------------------------------------------------

export interface SampledModel {
  name: string;
  description?: string;
  metadata: Record<string, unknown>;
}

/**
 * Ages an audience names, in English, German, French or Spanish: "adults aged 65 and over", "over-50s", "18-24s",
 * "older people", "young adults"; "Erwachsene ab 50", "über 60"; "50 ans et plus", "plus de 60 ans"; "mayores de
 * 50", "65 años o más".
 */
function agesNamed(audience: string): { low: number; high: number } | undefined {
  const a = audience.toLowerCase();
  const between = /\b(\d{2})\s*(?:-|\u2013|to|bis|\u00e0|a|y)\s*(\d{2})\b/u.exec(a);
  if (between) return { low: Number(between[1]), high: Number(between[2]) };
  const over =
    /\b(\d{2})\s*(?:\+|and over|or over|and older|or older|plus|(?:jahre )?und \u00e4lter|(?:ans )?et plus|(?:a\u00f1os )?o m\u00e1s|(?:a\u00f1os )?y m\u00e1s)|(?:\bover|\bab|\u00fcber|\bplus de|\bm\u00e1s de|\bmayores de|(?<![\p{L}])\u00e0 partir de)[- ]?(\d{2})s?\b|\baged (\d{2}) and (?:over|above)/u.exec(
      a,
    );
  if (over) return { low: Number(over[1] ?? over[2] ?? over[3]), high: 120 };
  const under = /(?:\bunder|\bunter|\bmoins de|\bmenores de)[- ]?(\d{2})s?\b/u.exec(a);
  if (under) return { low: 16, high: Number(under[1]) - 1 };
  if (
    /(?:\bolder (?:people|adults)|\bseniors?|\bpensioners?|\bretired|\bretirees|\bsenioren|\brentner|(?<![\p{L}])\u00e4ltere|\bretrait\u00e9s|\bpersonnes \u00e2g\u00e9es|\bjubilados|\bpersonas mayores)(?![\p{L}])/u.test(
      a,
    )
  )
    return { low: 65, high: 120 };
  if (
    /(?:\byoung (?:adults|people)|\bgen ?z|\bstudents?|\bjunge (?:erwachsene|menschen|leute)|\bjeunes adultes|\bj\u00f3venes|\badultos j\u00f3venes)(?![\p{L}])/u.test(
      a,
    )
  )
    return { low: 16, high: 30 };
  if (/\bteen(?:ager)?s?\b|\bjugendliche|\badolescent/u.test(a)) return { low: 13, high: 19 };
  return undefined;
}

const DEMONYMS: Array<[RegExp, string]> = [
  [/\b(?:uk|british|britons?|england|english|scottish|welsh)\b/i, "GB"],
  [/\b(?:us|u\.s\.|american|americans|usa)\b/i, "US"],
  [/\b(?:german|germans|germany)\b/i, "DE"],
  [/\b(?:french|france)\b/i, "FR"],
  [/\b(?:spanish|spaniards|spain)\b/i, "ES"],
  [/\b(?:italian|italians|italy)\b/i, "IT"],
  [/\b(?:dutch|netherlands)\b/i, "NL"],
  [/\b(?:swedish|swedes|sweden)\b/i, "SE"],
  [/\b(?:japanese|japan)\b/i, "JP"],
  [/\b(?:canadian|canadians|canada)\b/i, "CA"],
  [/\b(?:australian|australians|australia)\b/i, "AU"],
  [/\b(?:irish|ireland)\b/i, "IE"],
  [/\b(?:swiss|switzerland)\b/i, "CH"],
  [/\b(?:indian|india)\b/i, "IN"],
  [/\b(?:brazilian|brazil)\b/i, "BR"],
  [/\b(?:mexican|mexico)\b/i, "MX"],
];

/** A word or phrase standing alone: not part of a longer word, in any script. */
const whole = (words: string) => new RegExp(`(?<![\\p{L}\\-])(?:${words})(?![\\p{L}])`, "iu");

/**
 * Kinds of people an audience names by what they do or have, each with its words in English, German, French and
 * Spanish, so "Milchbauern", "agriculteurs" and "smallholder farmers" are one kind. `also` lists kinds its people are
 * too (a nurse is staff). One vocabulary serves the audience a brief names and the user models it is checked against.
 */
const ROLES: Array<{ role: string; words: RegExp; also?: string[] }> = [
  {
    role: "pet owners",
    words: whole(
      "(?:pet|dog|cat|horse) (?:owners?|parents?|keepers?)|owners? of (?:a )?(?:pets?|dogs?|cats?)|(?:haustier|hunde|katzen|pferde)(?:besitzer|halter)\\p{L}*|propri\u00e9taires? d[e'\u2019] ?(?:chiens?|chats?|animaux)|ma\u00eetres de chiens|due\u00f1os de (?:perros|gatos|mascotas)",
    ),
  },
  {
    role: "parents",
    // One's own elderly parent ("a parent aged 70+", "ageing parents", "alten Eltern", "parents \u00e2g\u00e9s") makes
    // nobody a parent of children.
    words: whole(
      "(?<!(?:elderly|ageing|aging|older|old|alten|betagten|pflegebed\u00fcrftigen)\\s)(?:parents?|eltern(?:teile?)?|padres)(?!\\s(?:(?:aged|over|of|ab|\u00fcber|de plus de|de m\u00e1s de)\\s[6-9]\\d|[6-9]\\d\\+|in their [6-9]0s|who lives? alone|living alone|\u00e2g\u00e9s?|mayores|ancianos))|mums?|moms?|mothers?|dads?|fathers?|families with (?:children|kids)|m\u00fctter|v\u00e4ter|m\u00e8res|p\u00e8res|familles avec enfants|madres|mam\u00e1s|pap\u00e1s|familias con hijos",
    ),
  },
  {
    role: "drivers",
    words: whole(
      "(?:car |truck |lorry |taxi |van |delivery |bus |uber )?drivers?|motorists?|car owners?|truckers?|(?:auto|lkw-|taxi|bus|berufs)?fahrer(?:innen)?|automobilistes?|conducteurs?|conductrices?|chauffeurs?(?: routiers)?|routiers|conductores?|conductoras?|choferes|camioneros?|taxistas?",
    ),
  },
  {
    role: "cyclists or riders",
    words: whole(
      "cyclists?|bikers?|riders?|motorcyclists?|scooter riders?|(?:rad|motorrad)fahrer(?:innen)?|radler\\p{L}*|cyclistes?|scoot\u00e9ristes?|motards?|ciclistas?|motociclistas?|motoristas?",
    ),
  },
  {
    role: "passengers",
    words: whole(
      "commuters?|passengers?|(?:bus|train|rail|transit|metro) users|pendler\\p{L}*|fahrg\u00e4ste|navetteurs?|voyageurs?|usagers (?:des transports|du m\u00e9tro|du bus)|pasajeros?|viajeros?",
    ),
  },
  {
    role: "farmers",
    words: whole(
      "farmers?|smallholders?|growers?|ranchers?|(?:milch)?bauern|b\u00e4uerinnen|landwirt(?:e|innen)?|agricult(?:eurs?|rices?)|paysans?|\u00e9leveurs?|agricultor(?:es|as)?|campesinos?|ganaderos?",
    ),
  },
  {
    role: "fishers",
    words: whole("fishers?|fishermen|fisherman|fischer(?:innen)?|p\u00eacheurs?|pescador(?:es|as)?"),
  },
  {
    role: "single people",
    words: whole(
      "singles|single (?:people|adults|men|women|parents)|unattached (?:adults|people)|alleinstehende\\p{L}*|c\u00e9libataires?|solter(?:os|as)",
    ),
  },
  { role: "patients", words: whole("patients?|patient(?:en|innen)|pacientes?") },
  {
    role: "students",
    words: whole(
      "students?|pupils?|undergraduates?|studierende\\p{L}*|student(?:en|innen)|sch\u00fcler(?:innen)?|\u00e9tudiant(?:e|s|es)?|\u00e9l\u00e8ves?|estudiantes?|alumn(?:os|as)|universitarios",
    ),
  },
  {
    role: "nurses",
    words: whole(
      "nurses?|midwives|pflegekr\u00e4fte|pflegekraft|(?:kranken|alten)pfleger(?:innen)?|pflegefachkr\u00e4fte|infirmi(?:ers?|\u00e8res?)|sages-femmes|enfermer(?:os|as)|matronas",
    ),
    also: ["staff"],
  },
  {
    role: "doctors",
    words: whole("doctors?|physicians?|surgeons?|gps|\u00e4rzt(?:e|innen)|m\u00e9decins?|m\u00e9dic(?:os|as)"),
    also: ["staff"],
  },
  {
    role: "teachers",
    words: whole(
      "teachers?|lecturers?|lehrer(?:innen)?|lehrkr\u00e4fte|enseignant(?:e|s|es)?|professeurs?|instituteurs?|profesor(?:es|as)|maestr(?:os|as)|docentes",
    ),
    also: ["staff"],
  },
  {
    role: "tenants",
    words: whole("tenants?|renters?|mieter(?:innen)?|locataires?|inquilin(?:os|as)|arrendatarios"),
  },
  {
    role: "homeowners",
    words: whole(
      "home ?owners?|homeowners?|house owners?|(?:haus|wohnungs|eigenheim)besitzer(?:innen)?|eigent\u00fcmer(?:innen)?|propri\u00e9taires?(?! d[e'\u2019])|propietarios?(?! de)",
    ),
  },
  {
    role: "business owners or managers",
    words: whole(
      "(?:small[- ])?business owners?|owners? of (?:small )?businesses|founders?|entrepreneurs?|self-employed|freelancers?|sole traders?|(?:it |hr |office |plant |procurement |marketing |product )?managers?|decision[- ]makers?|executives?|directors?|budget holders?|unternehmer(?:innen)?|selbstst\u00e4ndige\\p{L}*|gr\u00fcnder(?:innen)?|inhaber(?:innen)?|f\u00fchrungskr\u00e4fte|entscheider\\p{L}*|chefs d'entreprise|dirigeants?|ind\u00e9pendants?|cadres|empresari(?:os|as)|aut\u00f3nomos|emprendedor(?:es|as)|directivos?|gerentes?",
    ),
  },
  {
    role: "staff",
    words: whole(
      "employees?|staff|workers?|workforce|personnel|colleagues|mitarbeit(?:ende|er|erinnen)|besch\u00e4ftigte|arbeitnehmer(?:innen)?|salari\u00e9s?|employ\u00e9s?|travailleurs?|emplead(?:os|as)|trabajador(?:es|as)",
    ),
  },
  { role: "smokers", words: whole("smokers?|vapers?|raucher(?:innen)?|fumeurs?|fumador(?:es|as)") },
  {
    role: "carers",
    words: whole("carers?|caregivers?|pflegende angeh\u00f6rige|aidants?|cuidador(?:es|as)"),
  },
  {
    role: "job seekers",
    words: whole(
      "job ?seekers?|unemployed (?:people|adults)|arbeitslose\\p{L}*|arbeitssuchende\\p{L}*|ch\u00f4meurs?|demandeurs d'emploi|desemplead(?:os|as)|parados",
    ),
  },
  {
    role: "volunteers",
    words: whole("volunteers?|ehrenamtliche\\p{L}*|freiwillige\\p{L}*|b\u00e9n\u00e9voles?|voluntari(?:os|as)"),
  },
  { role: "donors", words: whole("donors?|spender(?:innen)?|donateurs?|donantes?") },
  { role: "gamers", words: whole("gamers?|gamer(?:innen)?|jugadores de videojuegos") },
  { role: "runners", words: whole("runners?|joggers?|l\u00e4ufer(?:innen)?|coureurs?|corredor(?:es|as)") },
  {
    role: "tourists",
    words: whole("tourists?|holidaymakers|vacationers|touristen|urlauber(?:innen)?|touristes?|turistas?|vacanciers"),
  },
];

/**
 * What a product or service is for says who it is for, where no role word does: a dating app is for single people,
 * in any of the four languages.
 */
const IMPLIED: Array<{ role: string; words: RegExp }> = [
  {
    role: "single people",
    words: whole(
      "dating|matchmaking|marriage[- ]introductions?|partnersuche|partnerb\u00f6rse|dating-app|(?:sites?|applis?|applications?) de rencontres?|(?:apps?|aplicaci\u00f3n|p\u00e1gina) de citas|citas (?:en l\u00ednea|online)|buscar pareja",
    ),
  },
];

const BABIES = whole(
  "bab(?:y|ies)|infants?|toddlers?|newborns?|new (?:mothers|mums|moms|parents|dads|fathers)|babys|s\u00e4ugling\\p{L}*|kleinkind\\p{L}*|neugeboren\\p{L}*|b\u00e9b\u00e9s?|nourrissons?|nouveau-n\u00e9s|jeunes (?:parents|mamans)|beb\u00e9s?|reci\u00e9n nacidos|lactantes|ni\u00f1os peque\u00f1os",
);

/** Whether a user model's own words say its people have a baby or toddler: "parents of babies", "Eltern von Babys". */
export const namesBabies = (text: string) => BABIES.test(text);

/** Words before a role that make it the brief's audience: "for farmers", "für Landwirte", "pour les", "para". */
const FOR_WHOM = whole(
  "for|to|among|aimed at|designed for|built for|f\u00fcr|unter|pour|aupr\u00e8s|\u00e0 destination|parmi|destin\u00e9e? aux|para|entre|dirigido a",
);

/**
 * The kinds of people a brief's own text says it is for: a role after "for" ("for smallholder farmers", "für
 * Radfahrer", "pour les cyclistes", "para agricultores"), a role a question asks about ("Do parents trust…"), or a
 * product whose kind implies its people (a dating app). A role merely mentioned ("matches volunteers with…") is not.
 */
export function rolesWrittenFor(texts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    const t = text.slice(0, 4_000);
    for (const r of ROLES) {
      const words = new RegExp(r.words.source, "giu");
      for (const m of t.matchAll(words)) {
        const before = t.slice(Math.max(0, m.index - 40), m.index);
        const lead = before.split(/\s+/).slice(-4).join(" ");
        const asked =
          /^(?:do|does|would|will|can|are|how (?:do|would|many|much)|what do|which)\s+(?:\S+\s+){0,2}$/i.test(
            t.slice(0, m.index),
          );
        if (asked || FOR_WHOM.test(lead)) found.add(r.role);
      }
    }
    for (const r of IMPLIED) if (r.words.test(t)) found.add(r.role);
  }
  return [...found];
}

/** Whether a text says its people are of a kind: named as it, or as a kind whose people are it too. */
export function isOfRole(role: string, text: string): boolean {
  return ROLES.some((r) => r.words.test(text) && (r.role === role || r.also?.includes(role)));
}

export function ageShare(low: number, high: number, within: { low: number; high: number }): number {
  const density = (age: number) => (age < 65 ? 1 : Math.max(0.15, 1 - (age - 65) / 24));
  let all = 0;
  let inside = 0;
  for (let age = low; age <= high; age++) {
    all += density(age);
    if (age >= within.low && age <= within.high) inside += density(age);
  }
  return all > 0 ? inside / all : 0;
}

export interface Mismatch {
  model: string;
  reason: string;
}

/** The kind of people an audience is: the role it names first ("Owners of businesses with 1 to 20 staff": owners). */
export function roleOf(audience: string): string | undefined {
  let first: { role: string; at: number } | undefined;
  for (const r of ROLES) {
    const at = r.words.exec(audience.slice(0, 4_000))?.index;
    if (at !== undefined && (!first || at < first.at)) first = { role: r.role, at };
  }
  return first?.role ?? IMPLIED.find((r) => r.words.test(audience))?.role;
}

/**
 * Where the audience a plan names is not who its user models sample: an age group the model's ages mostly miss (a
 * 65+ audience fielded to all adults 18+), another country, or a role nothing about the model says it has (the
 * audience's own, or `written`: those the brief's text is for). Each mismatch says what the model is and what share
 * of it the audience could be.
 */
export function audienceMismatches(
  stated: string,
  models: readonly SampledModel[],
  traits: (model: SampledModel) => { ages: { low: number; high: number }; country: string | null },
  written: readonly string[] = [],
  screened = false,
  anyScreener = screened,
): Mismatch[] {
  const out: Mismatch[] = [];
  // Who the audience says it is not ("…, not tourists") is no one to check a panel for.
  const audience = withoutNegated(stated);
  // Where a screener ran, the check never says nobody was screened: it says the screener did not ask this.
  const unasked = anyScreener ? "and no screener asked it" : "and nobody was screened for it";
  const ages = agesNamed(audience);
  const country = DEMONYMS.find(([pattern]) => pattern.test(audience))?.[1];
  const named = roleOf(audience);
  // Screened for in its own words (`concern.ts`): who it is is settled; its ages and country are still checked.
  const roles = screened ? [] : [...new Set([...(named ? [named] : []), ...written])];
  // A narrowing the roles do not name ("who use snus", "planning a wedding") is checked on its own words.
  const qualifier = roles.length === 0 && !screened ? qualifierOf(audience) : undefined;
  for (const model of models) {
    const t = traits(model);
    const text = modelText(model);
    if (ages) {
      const share = ageShare(t.ages.low, t.ages.high, ages);
      if (share < 0.8)
        out.push({
          model: model.name,
          reason: `${model.name} ${agree(model.name, "sample", "samples")} people aged ${t.ages.low} to ${t.ages.high}${t.ages.high >= 85 ? "+" : ""}, of whom about ${Math.round(share * 100)}% are in the age group the plan names`,
        });
    }
    if (country && t.country && t.country !== country)
      out.push({
        model: model.name,
        reason: `${model.name} ${agree(model.name, "live", "lives")} in another country (${t.country}) than the audience the plan names`,
      });
    const missing = roles.filter((role) => !isOfRole(role, text));
    if (missing.length > 0)
      out.push({
        model: model.name,
        reason: `nothing about ${model.name} says ${agree(model.name, "they are", "its people are")} ${joinRoles(missing)}, ${unasked}`,
      });
    else if (qualifier && unsaid(qualifier, text))
      out.push({
        model: model.name,
        reason: `nothing about ${model.name} says ${agree(model.name, "they are", "its people are")} people "${qualifier}", ${unasked}`,
      });
    // Any other narrowing (a group, a place, a life stage) its own words do not state.
    else if (!screened && roles.length === 0 && !qualifier && !statesAudience(audience, text))
      out.push({
        model: model.name,
        reason: `nothing about ${model.name} says ${agree(model.name, "they are", "its people are")} "${audience}", ${unasked}`,
      });
  }
  return out;
}

/**
 * What narrows an audience beyond a kind of people: a clause ("who use snus or smoke", "que usan lentes ópticos",
 * "qui trient leurs déchets", ", die Kinder haben") or what they are doing ("planning a wedding", "living in Lisbon").
 */
function qualifierOf(audience: string): string | undefined {
  const found =
    /(?<!\p{L})(?:who|that|qui|que|quienes|(?<=,\s*)(?:die|der|welche))\s+\p{L}[^.;:()]*/iu.exec(
      audience.slice(0, 400),
    ) ??
    /(?<=\p{L}\s)(?:planning|using|wearing|living|working|studying|caring|looking|expecting|running|riding|raising)\s+\p{L}[^.;:(),]*/iu.exec(
      audience.slice(0, 400),
    );
  return found?.[0].trim().replace(/[,\s]+$/u, "");
}

/** Doing words any panel's description may hold: what they do is the rest of the clause. */
const GENERIC_WORDS =
  /^(?:who|that|which|qui|que|quienes|die|der|welche|use|uses|used|using|usan|usa|utilisent|utilise|nutzen|nutzt|live|lives|living|viven|vive|vivent|leben|lebt|have|has|having|tienen|tiene|ont|haben|hat|are|sont|sind|son|est|ist|aged|a[n\u00f1]os|ans|jahre|their|leurs?|sus?|ihre?[nmrs]?|least|once|month|week|year|more|than|with|avec|con|mit|from|with|into|also|often)$/iu;

/** Whether the panel's own text says nothing of what the qualifier narrows the audience to. */
function unsaid(qualifier: string, panel: string): boolean {
  const said = panel.toLowerCase();
  const words = qualifier
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => w.length >= 4 && !GENERIC_WORDS.test(w));
  // Stems, so "groceries" is said by "grocery shoppers" and "weddings" by "wedding".
  return words.length > 0 && words.every((w) => !said.includes(w.slice(0, 5)));
}

export const joinRoles = (roles: readonly string[]) =>
  roles.length <= 1 ? (roles[0] ?? "") : `${roles.slice(0, -1).join(", ")} or ${roles[roles.length - 1]}`;

// --- Who a journey is for, against who took it ------------------------------------------------------------------------

/**
 * Needs a journey's task can be written for, each with the words that say a user model has it: a wheelchair user's
 * route planner tested by general adults is not tested by wheelchair users. In English, German, French and Spanish.
 */
const NEEDS: Array<{ task: RegExp; who: string; model: RegExp }> = [
  {
    task: /\bwheelchairs?\b|\brollstuhl\w*|\bfauteuil roulant\b|\bsilla de ruedas\b|\bstep-free\b/i,
    who: "wheelchair users",
    model: /\bwheelchair|\bmobility|\bdisab|\brollstuhl|\bfauteuil|\bsilla de ruedas/i,
  },
  {
    task: /\bblind\b|\bvisually impaired\b|\bpartially sighted\b|\bscreen readers?\b|\bsehbehindert\w*|\bmalvoyant\w*|\bciegos?\b/i,
    who: "blind or partially sighted people",
    model: /\bblind|\bvisual|\bsight|\bscreen reader|\bdisab|\bsehbehindert|\bmalvoyant|\bciego/i,
  },
  {
    task: /\bdeaf\b|\bhard of hearing\b|\bgeh[o\u00f6]rlos\w*|\bsourds?\b|\bsordos?\b/i,
    who: "deaf or hard-of-hearing people",
    model: /\bdeaf|\bhearing|\bdisab|\bgeh[o\u00f6]rlos|\bsourd|\bsordo/i,
  },
  {
    task: /\bdyslexi\w*|\blegasthen\w*|\bdyslexique\w*|\bdislexi\w*/i,
    who: "people with dyslexia",
    model: /\bdyslexi|\bdisab|\blegasthen|\bdislexi/i,
  },
];

/** A user model of people who use the web on their phones. */
const PHONE_PEOPLE = /\bsmartphone\b|\bmobile(?:-first| users?| only)\b|\bphone users?\b|\bapp users?\b/i;

function modelText(model: SampledModel): string {
  const values = Object.values(model.metadata).filter((v) => typeof v === "string");
  return `${model.name} ${model.description ?? ""} ${values.join(" ")}`;
}

/** Whether the user models sample people who use the web on their phones, so a journey is walked on a phone. */
export function phonePanel(models: readonly SampledModel[]): boolean {
  return models.length > 0 && models.some((m) => PHONE_PEOPLE.test(modelText(m)));
}

/**
 * Where a journey is written for people or a device its user models do not match: a task for wheelchair users taken
 * by a general panel, or sessions on desktop for a panel of smartphone users. Each note says what to read into it.
 */
export function journeyMismatches(
  task: { task?: unknown; device?: unknown; success_criteria?: unknown },
  models: readonly SampledModel[],
): string[] {
  const out: string[] = [];
  const written = `${String(task.task ?? "")} ${String(task.success_criteria ?? "")}`;
  for (const need of NEEDS) {
    if (!need.task.test(written)) continue;
    const missing = models.filter((m) => !need.model.test(modelText(m))).map((m) => m.name);
    if (missing.length === 0) continue;
    const names = missing.length <= 3 ? missing.join(", ") : `${missing.length} of the user models`;
    out.push(
      `The task is written for ${need.who}, but nothing about ${names} says they are ${need.who}, and nobody was screened for it: read these sessions as a general panel's, and test with ${need.who} before relying on them.`,
    );
  }
  const device = String(task.device ?? "desktop");
  const phones = models.filter((m) => PHONE_PEOPLE.test(modelText(m))).map((m) => m.name);
  if (!/mobile|phone|smartphone|tablet|ios|android/i.test(device) && phones.length > 0)
    out.push(
      `The sessions ran on ${device}, but ${phones.join(", ")} ${phones.length === 1 ? agree(phones[0] as string, "are", "is") : "are"} smartphone users: re-run on a phone before reading the steps as theirs.`,
    );
  return out;
}
