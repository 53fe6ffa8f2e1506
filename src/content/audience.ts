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

/** People an audience names by what they do or have: nurses, parents, pet owners, small-business owners. */
const ROLE_NOUN =
  /\b(nurses|doctors|teachers|students|parents|mums|dads|carers|drivers|motorists|commuters|farmers|pensioners|retirees|patients|tenants|landlords|homeowners|renters|gamers|developers|engineers|designers|managers|owners|founders|freelancers|smokers|runners|cyclists|travellers|travelers|shoppers|subscribers|customers|members|donors|volunteers|employees|staff|workers|buyers)\b/i;

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

/** Names people of one kind go by: an "IT manager" is among "IT decision makers", an owner among "founders". */
const KINDS: RegExp[] = [
  /\b(?:managers?|decision makers?|directors?|heads?|leads?|buyers?|executives?|owners?|founders?|budget holders?)\b/,
  /\b(?:staff|employees?|workers?|colleagues|personnel)\b/,
  /\b(?:parents?|mums?|mothers?|dads?|fathers?|families)\b/,
  /\b(?:drivers?|motorists?|car owners?)\b/,
  /\b(?:shoppers?|customers?|consumers?)\b/,
  /\b(?:pensioners?|retirees?|retired|older)\b/,
  /\b(?:travell?ers?|commuters?|passengers?)\b/,
];

function sameKindOfPeople(role: string, text: string): boolean {
  if (text.includes(role.replace(/s$/, ""))) return true;
  return KINDS.some((kind) => kind.test(role) && kind.test(text));
}

export interface Mismatch {
  model: string;
  reason: string;
}

/**
 * Where the audience a plan names is not who its user models sample: an age group the model's ages mostly miss (a
 * 65+ audience fielded to all adults 18+), another country, or a role nothing about the model says it has. Each
 * mismatch says what the model is and what share of it the audience could be.
 */
export function audienceMismatches(
  audience: string,
  models: readonly SampledModel[],
  traits: (model: SampledModel) => { ages: { low: number; high: number }; country: string | null },
): Mismatch[] {
  const out: Mismatch[] = [];
  const ages = agesNamed(audience);
  const country = DEMONYMS.find(([pattern]) => pattern.test(audience))?.[1];
  const role = ROLE_NOUN.exec(audience)?.[1]?.toLowerCase();
  for (const model of models) {
    const t = traits(model);
    const text = `${model.name} ${model.description ?? ""} ${Object.values(model.metadata)
      .filter((v) => typeof v === "string")
      .join(" ")}`.toLowerCase();
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
    if (role && !sameKindOfPeople(role, text))
      out.push({
        model: model.name,
        reason: `nothing about ${model.name} says ${agree(model.name, "they are", "it is")} ${role}, and nobody was screened for it`,
      });
  }
  return out;
}

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
