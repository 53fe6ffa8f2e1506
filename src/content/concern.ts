import { isOfRole, namesBabies, roleOf, rolesWrittenFor } from "./audience.js";
import {
  audienceScreener,
  type StatedAudience,
  screenedIncidence,
  statedAudience,
  statesAudience,
} from "./stated-audience.js";
import { languageOf } from "./subject.js";

/**
 * Who a study's subject concerns, when it concerns only some people: owners or users of a thing (a car, a bicycle, a
 * garden, a dog), people in a condition (a cracked phone screen, diabetes), or the people a brief says it is "for"
 * ("for cyclists", "für Landwirte", "pour les locataires", "para fumadores"). Read from the subject's own words in
 * English, German, French and Spanish; text in other languages concerns everyone (nothing is pretended to be read).
 *
 * A concern gives the screening question people are asked first (in their own words: "Do you have a car you use at
 * least once a month?"), who qualifies, and the share of a country's adults who would: where that share differs by
 * market for a reason one can say (car ownership, motorbikes in South-East Asia, cycling in the Netherlands), the
 * country's own share; elsewhere one figure.
 */
export interface Concern {
  /** A stable key: "car", "dog", "role:farmers". */
  key: string;
  /** The people it concerns, as a report names them: "car owners". */
  who: string;
  /** What qualifies someone, after "people who": "have a car they use at least once a month". */
  does: string;
  /** The screening question, asked first; "Yes" qualifies (or the first of `options`). */
  screener: string;
  /** Its answers when not "Yes" and "No": the one that qualifies first, the way out last. */
  options?: string[];
  /** The share of a market's adults who qualify. */
  incidence: (country: string | null) => number;
  /** Whether a user model's own words (name, description, metadata) say its people are these people. */
  defines: (modelText: string) => boolean;
  /** The audience role (`audience.ts`) its people are, when one is: "drivers" for car owners. */
  role?: string;
}

/** A word or phrase standing alone: not inside a longer word nor a hyphenated one ("auto-renew" is not a car). */
const word = (words: string) => new RegExp(`(?<![\\p{L}\\-])(?:${words})(?![\\p{L}\\-])`, "iu");

const byCountry =
  (shares: Record<string, number>, otherwise: number) =>
  (country: string | null): number =>
    (country ? shares[country] : undefined) ?? otherwise;

interface Thing {
  key: string;
  who: string;
  does: string;
  screener: string;
  /** The words of a subject about it, in the four languages. */
  subject: RegExp;
  /** The words of a user model made of these people. */
  panel: RegExp;
  incidence: (country: string | null) => number;
  /** An audience role (`audience.ts`) its people are, so "car owners" and "Autofahrer" both define the panel. */
  role?: string;
  /** Whether a noun its word modifies is still for its people: a baby monitor is for parents, a car seat no car. */
  modifierKept?: boolean;
  /** Words of the subject that make it another's: a vet for herders' livestock is no pet owner's. */
  unless?: RegExp;
}

/** Parents in the four languages: a panel of them has children, whatever ages it names ("parents of schoolchildren"). */
const PARENTS = word(
  "parents?|mothers?|mums?|moms?|fathers?|dads?|famil(?:y|ies) with (?:young )?(?:children|kids)|eltern\\p{L}*|m\u00fctter\\p{L}*|v\u00e4ter\\p{L}*|familien mit kindern|m\u00e8res?|p\u00e8res?|familles avec (?:des )?enfants|padres|madres|familias con (?:hijos|ni\u00f1os)",
);

/**
 * Who has or uses a thing, in the four languages, also fused into a German compound ("Fahrradbesitzer"): a panel
 * named for them with the thing's word ("bicycle owners", "propriétaires de jardin") is its people.
 */
const HOLDERS =
  /(?:owners?|holders?|users?|keepers?|besitzer|halter|nutzer|inhaber|propri\u00e9taires?|utilisat(?:eur|rice)s?|d\u00e9tenteurs?|titulaires?|due\u00f1[oa]s?|propietari[oa]s?|usuari[oa]s?|titulares?)(?![\p{L}])/iu;

/**
 * Owned or used things and conditions, most specific first: a cracked screen before a phone, a car wash before a car.
 * Shares are of adults: car ownership and motorbike use vary most by market (few cars in West Africa and South Asia,
 * motorbikes the daily vehicle in Thailand or Vietnam), and cycling is everyday in the Netherlands and Denmark.
 */
const THINGS: Thing[] = [
  {
    key: "cracked-screen",
    who: "people with a cracked or broken phone screen",
    does: "had a phone screen crack or break in the last 12 months",
    screener: "Has the screen of your phone cracked or broken in the last 12 months?",
    subject: word(
      "screen repairs?|cracked screens?|broken screens?|smashed screens?|display ?reparatur\\p{L}*|kaputte[sn]? display|gesprungene[sn]? display|\u00e9crans? cass\u00e9s?|\u00e9crans? fissur\u00e9s?|r\u00e9paration d['\u2019]\u00e9cran|pantallas? rotas?|reparaci\u00f3n de pantalla",
    ),
    panel: word("people with (?:a )?(?:cracked|broken) (?:phone )?screens?"),
    incidence: () => 0.16,
  },
  {
    key: "motorbike",
    who: "motorbike or scooter riders",
    does: "ride a motorbike or scooter at least once a month",
    screener: "Do you ride a motorbike or scooter at least once a month?",
    subject: word(
      "motorbikes?|motorcycles?|mopeds?|motor ?scooters?|motorbike taxis?|motorr\u00e4der|motorrad\\p{L}*|mofas?|motorroller|motos?|motocyclettes?|deux-roues motoris\u00e9s|motocicletas?|mototaxis?",
    ),
    panel: word(
      "motorcyclists?|bikers?|(?:motorbike |scooter )?riders?|motorradfahrer\\p{L}*|motards?|motociclistas?|motoristas?",
    ),
    incidence: byCountry(
      { VN: 0.8, TH: 0.7, ID: 0.75, MY: 0.5, PH: 0.4, IN: 0.45, TW: 0.6, NG: 0.2, KE: 0.15, IT: 0.14, ES: 0.1 },
      0.07,
    ),
    role: "cyclists or riders",
  },
  {
    key: "bicycle",
    who: "cyclists",
    does: "ride a bicycle at least once a month",
    screener: "Do you ride a bicycle at least once a month?",
    subject: word(
      "bikes?|bicycles?|e-bikes?|cycling|cargo bikes?|fahrr\u00e4der|fahrrad\\p{L}*|lastenr\u00e4der|lastenrad|radfahren|v\u00e9los?|bicyclettes?|v\u00e9los? \u00e9lectriques?|bicicletas?|bicis?",
    ),
    panel: word("cyclists?|radfahrer\\p{L}*|radler\\p{L}*|cyclistes?|ciclistas?"),
    incidence: byCountry({ NL: 0.8, DK: 0.75, DE: 0.6, JP: 0.55, SE: 0.55, CH: 0.5, BE: 0.5, CN: 0.5 }, 0.3),
    role: "cyclists or riders",
  },
  {
    key: "car",
    who: "car owners",
    does: "have a car they use at least once a month",
    screener: "Do you have a car you use at least once a month?",
    subject: word(
      "cars?|car washe?s?|car-washe?s?|car insurance|motor insurance|tyres?|tires?|tyre hotels?|windscreens?|windshields?|parking|petrol|diesel|ev charging|autos?|pkws?|autow\u00e4sche|reifen\\p{L}*|kfz|autoversicherung|voitures?|automobiles?|pneus?|lavage auto|coches?|carros?|autom\u00f3vil(?:es)?|neum\u00e1ticos|llantas|lavado de autos",
    ),
    panel: word(
      "car owners?|drivers?|motorists?|autofahrer\\p{L}*|autobesitzer\\p{L}*|automobilistes?|conducteurs?|propri\u00e9taires de voitures?|conductores?|due\u00f1os de (?:coches|autos|carros)",
    ),
    incidence: byCountry(
      {
        US: 0.9,
        CA: 0.86,
        AU: 0.88,
        NZ: 0.88,
        IT: 0.82,
        FR: 0.82,
        DE: 0.78,
        AT: 0.76,
        IE: 0.8,
        GB: 0.76,
        ES: 0.75,
        BE: 0.78,
        NL: 0.72,
        SE: 0.76,
        CH: 0.7,
        GR: 0.68,
        PL: 0.68,
        JP: 0.62,
        HU: 0.55,
        MY: 0.8,
        TH: 0.45,
        BR: 0.45,
        MX: 0.45,
        AR: 0.5,
        CL: 0.45,
        PE: 0.2,
        EC: 0.25,
        CO: 0.25,
        ZA: 0.35,
        NG: 0.1,
        GH: 0.1,
        KE: 0.08,
        IN: 0.08,
        PK: 0.06,
        ID: 0.15,
        PH: 0.1,
        VN: 0.08,
      },
      0.6,
    ),
    role: "drivers",
  },
  {
    key: "pool",
    who: "people with a pool or hot tub of their own",
    does: "have a swimming pool or hot tub at home",
    screener: "Do you have a swimming pool or hot tub at home?",
    subject: word(
      "pool (?:robots?|cleaners?|pumps?|covers?|heaters?|heating|chemicals)|hot tubs?|home pools?|backyard pools?|poolroboter|poolpumpe\\p{L}*|robots? de piscine|piscines? priv\u00e9es?|limpiafondos|piscinas? privadas?|depuradoras? de piscina",
    ),
    panel: word("pool owners?|poolbesitzer\\p{L}*|propri\u00e9taires de piscines?|due\u00f1os de piscinas?"),
    incidence: byCountry({ US: 0.1, AU: 0.12, ES: 0.08, FR: 0.06 }, 0.03),
  },
  {
    key: "garden",
    who: "people with a garden",
    does: "have a garden",
    screener: "Do you have a garden at home?",
    subject: word(
      "gardens?|gardening|lawns?|lawn ?mowers?|mowers?|allotments?|g\u00e4rten|garten\\p{L}*|rasen\\p{L}*|jardins?|jardinage|pelouses?|tondeuses?|jard\u00edn|jardines|c\u00e9sped|cortac\u00e9sped",
    ),
    panel: word(
      "gardeners?|people with (?:a )?gardens?|hobbyg\u00e4rtner\\p{L}*|g\u00e4rtner\\p{L}*|jardiniers?|jardineros?",
    ),
    incidence: byCountry({ GB: 0.85, IE: 0.85, NL: 0.7, DE: 0.6, FR: 0.6, US: 0.75, AU: 0.8, ES: 0.3, IT: 0.4 }, 0.45),
  },
  {
    key: "home",
    who: "homeowners",
    does: "own the home they live in",
    screener: "Do you own the home you live in?",
    subject: word(
      "solar (?:panels?|water heaters?|roofs?|batter(?:y|ies))|heat pumps?|boilers?|roof(?:s|ing)?|loft insulation|home insulation|home surveys?|home insurance|solaranlage\\p{L}*|photovoltaik\\p{L}*|solarthermie|w\u00e4rmepumpe\\p{L}*|dach\\p{L}*|heizungstausch|d\u00e4mmung|eigenheim\\p{L}*|chauffe-eau(?: solaires?)?|panneaux solaires|pompes? \u00e0 chaleur|toitures?|isolation des combles|calentador(?:es)? solar(?:es)?|termos? solar(?:es)?|paneles solares|bombas? de calor|tejados?",
    ),
    panel: word(
      "home ?owners?|house ?owners?|hausbesitzer\\p{L}*|wohneigent\u00fcmer\\p{L}*|eigenheimbesitzer\\p{L}*|propri\u00e9taires(?! de (?:voitures?|chiens?|chats?|piscines?))|propietarios de viviendas?",
    ),
    incidence: byCountry(
      {
        DE: 0.47,
        CH: 0.42,
        AT: 0.55,
        US: 0.65,
        GB: 0.64,
        FR: 0.64,
        ES: 0.75,
        IT: 0.73,
        GR: 0.73,
        PL: 0.85,
        HU: 0.9,
        NL: 0.7,
        SE: 0.64,
        JP: 0.61,
        IE: 0.68,
      },
      0.65,
    ),
    role: "homeowners",
  },
  {
    key: "dog",
    who: "dog owners",
    does: "have a dog",
    screener: "Do you have a dog?",
    subject: word(
      "dogs?|pupp(?:y|ies)|dog walk(?:ers?|ing)|dog food|dog beds?|hund|hunde|hundes|hunden|hundefutter|hundeversicherung|welpen?|chiens?|chiots?|perros?|perritos?|cachorros?",
    ),
    panel: word("dog (?:owners?|parents?|lovers?)|owners? of (?:a )?dogs?|hundebesitzer\\p{L}*|hundehalter\\p{L}*"),
    incidence: byCountry({ US: 0.38, GB: 0.3, AU: 0.4, BR: 0.45, MX: 0.5, DE: 0.2, FR: 0.22, ES: 0.27 }, 0.25),
    role: "pet owners",
  },
  {
    key: "cat",
    who: "cat owners",
    does: "have a cat",
    screener: "Do you have a cat?",
    subject: word(
      "cats?|kittens?|cat litter|katzen?|katzenstreu|(?:mon|votre|ton|un|le|les|vos|des) chats?|chatons?|gatos?|gatitos?",
    ),
    panel: word("cat (?:owners?|parents?|lovers?)|owners? of (?:a )?cats?|katzenbesitzer\\p{L}*|katzenhalter\\p{L}*"),
    incidence: byCountry({ US: 0.25, FR: 0.3, DE: 0.25, GB: 0.24, RU: 0.4 }, 0.2),
    role: "pet owners",
  },
  {
    key: "pet",
    who: "pet owners",
    does: "have a pet",
    screener: "Do you have a pet?",
    subject: word(
      "pets?|pet insurance|pet food|vets?|veterinar\\p{L}*|kibble|haustier\\p{L}*|tierarzt\\p{L}*|animaux de compagnie|v\u00e9t\u00e9rinaires?|mascotas?|veterinari[oa]s?",
    ),
    panel: word("pet (?:owners?|parents?|lovers?)|haustierbesitzer\\p{L}*|haustierhalter\\p{L}*"),
    unless: word(
      "herders?|herding|livestock|cattle|sheep|goats?|camels?|yaks?|farm animals?|poultry|herds?|vieh\\p{L}*|nutztier\\p{L}*|rinder\\p{L}*|b\u00e9tail|troupeaux?|\u00e9leveurs?|ganado|ganaderos?|reba\u00f1os?|pastores",
    ),
    incidence: byCountry({ US: 0.62, AU: 0.65, BR: 0.6, MX: 0.6 }, 0.5),
    role: "pet owners",
    modifierKept: true,
  },
  {
    key: "baby",
    who: "parents of babies or toddlers",
    does: "have a child under 3",
    screener: "Do you have a child under 3 years old?",
    subject: word(
      "nappy|nappies|diapers?|bab(?:y|ies)|toddlers?|infants?|newborns?|pushchairs?|prams?|strollers?|baby food|formula milk|windeln?|babys?|kinderwagen|s\u00e4ugling\\p{L}*|b\u00e9b\u00e9s?|poussettes?|nourrissons?|pa\u00f1ales|beb\u00e9s?|cochecitos?|carriolas?",
    ),
    panel: /$^/,
    incidence: () => 0.08,
    role: "parents",
    modifierKept: true,
  },
  {
    key: "children",
    who: "parents of children under 16",
    does: "have a child under 16 at home",
    screener: "Do you have a child under 16 living at home?",
    // Grown-up children ("adult children of a parent aged 70+", "erwachsene Kinder", "hijos adultos") are not at home.
    subject: word(
      "(?<!(?:adult|grown-up|grown|erwachsenen?|erwachsene)\\s)(?:children|kids|kinder|kindern)(?!\\s(?:adult|grown))|school-age children|school uniforms?|school runs?|pupils|schulkinder|schulranzen|enfants(?!\\sadultes)|\u00e9coliers|uniformes? scolaires?|ni\u00f1os|ni\u00f1as|(?:hijos|hijas)(?!\\s(?:adult|mayores))|uniformes? escolares?",
    ),
    panel: PARENTS,
    incidence: () => 0.3,
    role: "parents",
    modifierKept: true,
  },
  {
    key: "diabetes",
    who: "people with diabetes",
    does: "have diabetes",
    screener: "Have you been told by a doctor that you have diabetes?",
    subject: word(
      "diabet\\p{L}*|blood sugar|glucose monitors?|blutzucker\\p{L}*|diab\u00e8te|diab\u00e9tiques?|glyc\u00e9mie|gluc\u00f3metros?",
    ),
    panel: word("diabetics?|people with diabetes|diabetiker\\p{L}*|diab\u00e9tiques?|diab\u00e9ticos?"),
    incidence: () => 0.08,
  },
  {
    key: "hearing",
    who: "people with hearing loss",
    does: "have some hearing loss",
    screener: "Do you have some hearing loss, or wear a hearing aid?",
    subject: word(
      "hearing aids?|hearing loss|h\u00f6rger\u00e4te?n?|h\u00f6rverlust|schwerh\u00f6rig\\p{L}*|appareils? auditifs?|perte auditive|aud\u00edfonos|p\u00e9rdida auditiva",
    ),
    panel: word(
      "hard of hearing|hearing aid (?:users?|wearers?)|people with hearing loss|schwerh\u00f6rige\\p{L}*|malentendants?",
    ),
    incidence: () => 0.1,
  },
];

/** Screening questions for the people a brief says it is for ("for farmers"), each role in `audience.ts`'s words. */
const ROLE_SCREENERS: Record<string, { screener: string; does: string; incidence: number }> = {
  farmers: { screener: "Do you work in farming?", does: "work in farming", incidence: 0.03 },
  fishers: { screener: "Do you work in fishing?", does: "work in fishing", incidence: 0.01 },
  students: { screener: "Are you a student?", does: "are students", incidence: 0.08 },
  nurses: { screener: "Do you work as a nurse or midwife?", does: "work as nurses or midwives", incidence: 0.02 },
  doctors: { screener: "Do you work as a doctor?", does: "work as doctors", incidence: 0.01 },
  teachers: { screener: "Do you work as a teacher?", does: "work as teachers", incidence: 0.03 },
  tenants: { screener: "Do you rent the home you live in?", does: "rent their home", incidence: 0.35 },
  smokers: { screener: "Do you smoke or vape?", does: "smoke or vape", incidence: 0.18 },
  carers: {
    screener: "Do you look after a relative or friend who needs care?",
    does: "care for someone",
    incidence: 0.12,
  },
  "job seekers": { screener: "Are you looking for work?", does: "are looking for work", incidence: 0.06 },
  "single people": { screener: "Are you single?", does: "are single", incidence: 0.35 },
  runners: { screener: "Do you go running at least once a month?", does: "run at least monthly", incidence: 0.2 },
  gamers: {
    screener: "Do you play video games at least once a week?",
    does: "play video games weekly",
    incidence: 0.35,
  },
  patients: { screener: "Are you being treated for a health condition?", does: "are patients", incidence: 0.3 },
  passengers: {
    screener: "Do you use public transport at least once a week?",
    does: "use public transport weekly",
    incidence: 0.4,
  },
};

/** The role a thing's people are, if any: a brief "for drivers" is the car's concern. */
const ROLE_THINGS: Record<string, string> = {
  drivers: "car",
  "cyclists or riders": "bicycle",
  "pet owners": "pet",
  homeowners: "home",
  parents: "children",
};

function thingConcern(thing: Thing): Concern {
  return {
    key: thing.key,
    who: thing.who,
    does: thing.does,
    screener: thing.screener,
    incidence: thing.incidence,
    defines: (text) =>
      thing.panel.test(text) ||
      (thing.role !== undefined && isOfRole(thing.role, text)) ||
      (thing.key === "baby" && namesBabies(text)) ||
      (HOLDERS.test(text) && mentions(thing, text)),
    ...(thing.role ? { role: thing.role } : {}),
  };
}

function roleConcern(role: string): Concern | undefined {
  const thing = ROLE_THINGS[role];
  if (thing) {
    const found = THINGS.find((t) => t.key === thing);
    return found ? thingConcern(found) : undefined;
  }
  const screen = ROLE_SCREENERS[role];
  if (!screen) return undefined;
  return {
    key: `role:${role}`,
    who: role,
    does: screen.does,
    screener: screen.screener,
    incidence: () => screen.incidence,
    defines: (text) => isOfRole(role, text),
    role,
  };
}

/**
 * Who the subject (title, objective, concept, stimulus, product, context: any of the study's own texts) concerns, when
 * only some people: the people it says it is for first ("for cyclists"), else the thing its words are about that
 * fewest people have. Undefined when it concerns everyone, as far as the four languages read say.
 */
export function concernOf(texts: readonly string[]): Concern | undefined {
  const heads = texts.map((t) => t.slice(0, 4_000));
  for (const role of rolesWrittenFor(heads)) {
    const found = roleConcern(role);
    if (found) return found;
  }
  // A subject that asks why people do not do something ("why people do not use the shared bikes") is about those who
  // do not: screening for cyclists would leave out the very people it asks about.
  const joined = heads.filter((t) => !WHY_NOT.test(t)).join(" \n ");
  const thing = THINGS.find((t) => mentions(t, joined) && !t.unless?.test(joined));
  return thing ? thingConcern(thing) : undefined;
}

/** After a thing's word, a "de/d'/for/für/pour/para" and another noun: "coche de bebé" is a pram, not a car. */
const OF_ANOTHER =
  /^\s*(?:de|del|d['\u2019]|for|f\u00fcr|pour|para)\s*(?!(?:your|you|the|a|an|my|our|their|only|all|every|each|sale|rent|hire|ihr\p{L}*|sie|den|die|das|ein\p{L}*|vous|votre|vos|tu|tus|su|sus|la|le|les|el|los|las|un|une|una|uno)(?![\p{L}]))\p{L}/iu;
/** The next word after an English thing word: a noun it modifies ("car seat", "bike rack"), unless a little word. */
const NEXT_WORD = /^[ \t]+(\p{Ll}{3,})/u;
const NOT_A_HEAD = new Set(
  "and or but nor the that which who whom whose with without in on at to from by of for into onto over under near than then when where while is are was were be been has have had can could will would may might should must owners owner users user riders rider drivers driver lovers lover parents parent keepers keeper you your they their our".split(
    " ",
  ),
);

/**
 * Whether a text speaks of a thing itself, not of another thing its word is part of: "coche de bebé" (a pram),
 * "voiture d'enfant", "car seat" or "bike rack" name no car nor bicycle, though "car insurance" (a phrase the thing
 * lists) does; babies, children and pets keep a noun they modify ("baby monitor" is for parents of babies).
 */
function mentions(thing: Thing, text: string): boolean {
  const english = languageOf(text) === "en";
  for (const m of text.matchAll(new RegExp(thing.subject.source, "giu"))) {
    const found = m[0];
    if (thing.modifierKept || /\s/.test(found)) return true;
    const after = text.slice(m.index + found.length);
    if (OF_ANOTHER.test(after)) continue;
    const next = english ? NEXT_WORD.exec(after)?.[1] : undefined;
    if (next && !NOT_A_HEAD.has(next) && !new RegExp(`^(?:${thing.subject.source})$`, "iu").test(`${found} ${next}`))
      continue;
    return true;
  }
  return false;
}

/**
 * Who a study concerns: what its subject's words say (`concernOf`), else the audience its brief states
 * (`audienceConcern`). The plan's screener and the respondents' incidence both come from here, so they agree.
 */
export function studyConcern(inputs: Record<string, unknown>): Concern | undefined {
  const read = concernOf(subjectTexts(inputs));
  const stated = statedAudience(inputs);
  // A stated audience wins over a word inside it ("carers of children under five" is not "a child under 16 at home"):
  // the vocabulary screener stands only where its own words say that audience.
  if (read && stated && !statesAudience(stated.phrase, `${read.who} ${read.does}`)) return audienceConcern(stated);
  return read ?? audienceConcern(stated);
}

/** The key of a concern read from the audience the brief states, and the variable name of its screener. */
export const AUDIENCE = "audience";

/**
 * The audience a brief states (`stated-audience.ts`) as a concern, when it narrows and can be asked about in English: a
 * generic screener in the client's own words ("Which of these describes you?" — the audience, or "None of these"),
 * which a panel whose own words state the audience skips, with a plausible share of an unknown group. Audiences of
 * businesses or their staff are not: who buys for a business is read from the panel's traits (`segments.ts`).
 */
function audienceConcern(stated: StatedAudience | undefined): Concern | undefined {
  // Written in another language than the questionnaire's English, the phrase would be pasted into it as an answer,
  // and how many of a general panel it names is a guess about words not understood: it is flagged, not screened.
  const asked = stated?.language === "en" && languageOf(stated.phrase) === "en" ? audienceScreener(stated) : undefined;
  if (!stated || !asked) return undefined;
  // Staff by name only ("employees of …"): nurses or teachers are people a consumer study may be for too.
  if (isOfRole("business owners or managers", stated.phrase) || roleOf(stated.phrase) === "staff") return undefined;
  const who = `"${stated.phrase}"`;
  const role = roleOf(stated.phrase);
  const share = screenedIncidence(stated.phrase);
  if (share === undefined) return undefined;
  return {
    key: AUDIENCE,
    who,
    does: `are ${who}`,
    screener: asked.question,
    options: asked.options,
    incidence: () => share,
    // A panel of the kind of people it names ("smallholder farmers" for "dairy farmers who …") is it, as the audience
    // check reads it (`audience.ts`).
    defines: (text) => statesAudience(stated.phrase, text) || (role !== undefined && isOfRole(role, text)),
  };
}

/** "Why … not", in the four languages: a subject about people who do not do something. */
const WHY_NOT =
  /(?<![\p{L}])(?:why|warum|wieso|weshalb|pourquoi|por qu[e\u00e9])(?![\p{L}]).{0,80}?(?:(?<![\p{L}])(?:not|never|nicht|nie|kein\p{L}*|ne|pas|jamais|no|nunca)(?![\p{L}])|n['\u2019]t\b|(?<![\p{L}])n['\u2019])/iu;

/** The concern whose screening question this is, so results and reports know a screener when they see one. */
export function concernOfScreener(text: string): Concern | undefined {
  const thing = THINGS.find((t) => t.screener === text);
  if (thing) return thingConcern(thing);
  const role = Object.entries(ROLE_SCREENERS).find(([, s]) => s.screener === text)?.[0];
  return role ? roleConcern(role) : undefined;
}

/** Under this share of a user model concerned, its people are screened (a phone app in Britain is not). */
export const SCREEN_BELOW = 0.9;

// --- A presumed behaviour ---------------------------------------------------------------------------------------------

/**
 * A question that presumes people do not do something ("what is the main reason you do not return your deposit
 * bottles?"): the behaviour, to ask first ("Do you return your deposit bottles?"), so the question is put only to
 * those who answer no. Undefined when a question presumes nothing.
 */
export function presumedBehaviour(text: string): { behaviour: string; question: string } | undefined {
  const m = /\bmain reasons? (?:why )?you (?:do not|don't|never) ([^?.,;]{3,80})\?/i.exec(text);
  if (!m) return undefined;
  const behaviour = (m[1] as string).trim();
  return { behaviour, question: `Do you ${behaviour}?` };
}

/** The variable name of a screening question: results and reports tell screeners from the questionnaire by it. */
export const SCREENER = "screener";
export const isScreener = (q: { variable_name?: string | null }) =>
  typeof q.variable_name === "string" && q.variable_name.startsWith(SCREENER);

/** How many in a market do the behaviour a question presumes they do not: most do it sometimes. */
export const DOES_BEHAVIOUR = 0.55;

/** Inputs that say nothing of the subject: where it is, in what money, on what device. */
const NOT_SUBJECT = new Set([
  "currency",
  "start_url",
  "device",
  "market",
  "price_points",
  "billing",
  "competitors",
  // Parts of a product, not what it is: a "Dog mode" feature does not make a budgeting app a dog owners' one.
  "features",
  // Asides around the brief ("some people mention dog waste near the paths"), not its subject.
  "notes",
  // What people are shown, not what the product is: "keep your children safe" in one message of a campaign for all
  // households makes it no parents' study.
  "messages",
  "stimulus",
  "stimuli",
  "claims",
]);

/** A text's first sentence: what a brief is about is said first; a later aside ("some mention dog waste") is not. */
const firstSentence = (text: string) => text.slice(0, 4_000).split(/(?<=[.!?])\s+(?=\p{Lu})|\n/u)[0] ?? "";

/**
 * The texts that say what a study is about: the first sentence of each of its inputs (title, objective, concept,
 * product, audience…), never what people are shown (messages, a design's stimulus or items), a plan's own questions
 * or answer lists ("Car / Bus / Bike" is no subject) nor a product's features.
 */
export function subjectTexts(inputs: Record<string, unknown>): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") out.push(firstSentence(value));
    else if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === "object") for (const item of Object.values(value)) walk(item);
  };
  for (const [key, value] of Object.entries(inputs)) if (!NOT_SUBJECT.has(key)) walk(value);
  return out;
}

/** A user model's own words: its name, description and metadata, as the panel check reads them. */
export function panelText(model: { name: string; description?: string | null; metadata?: unknown }): string {
  const meta =
    model.metadata && typeof model.metadata === "object"
      ? Object.values(model.metadata as Record<string, unknown>).filter((v) => typeof v === "string")
      : [];
  return `${model.name} ${model.description ?? ""} ${meta.join(" ")}`;
}
