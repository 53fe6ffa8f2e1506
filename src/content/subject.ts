/**
 * What a study is about, read from the client's own words in English, German, French or Spanish: its field (a public
 * health campaign, an insurance add-on, a workplace, a government service, shopping…), whether it is about buying at
 * all, what people would do if it worked (get vaccinated, take it out, apply, buy it), and for an objective its
 * subject as an English phrase and what it asks (why people leave, what would keep them, how satisfied they are).
 *
 * Each language has a small vocabulary: the words of each field and of the subjects studies are most often about. A
 * brief in another language, or one these words do not cover, is not pretended to be understood: its subject stays
 * the client's own words (quoted), and the questions fall back on neutral, subject-free wording that never talks of
 * shopping, prices or concepts where nothing is being sold.
 */

export type Language = "en" | "de" | "fr" | "es";

/**
 * `\b` counts only ASCII letters as word characters, so "qué" or "café" never end at one: the patterns below are
 * written with `\b` and rebuilt with a boundary between any letter or digit and anything else.
 */
const BOUNDARY = String.raw`(?:(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_])|(?<=[\p{L}\p{N}_])(?![\p{L}\p{N}_]))`;
const rebuilt = new Map<string, RegExp>();
function unicodeWords(pattern: RegExp, flags = pattern.flags): RegExp {
  const key = `${flags}/${pattern.source}`;
  let found = rebuilt.get(key);
  if (!found) {
    found = new RegExp(pattern.source.replaceAll(String.raw`\b`, BOUNDARY), flags.includes("u") ? flags : `${flags}u`);
    rebuilt.set(key, found);
  }
  found.lastIndex = 0;
  return found;
}

export type Domain =
  | "public_health"
  | "volunteering"
  | "civic"
  | "healthcare"
  | "insurance"
  | "government"
  | "workplace"
  | "transport"
  | "charity"
  | "education"
  | "housing"
  | "finance"
  | "energy"
  | "telecom"
  | "software"
  | "grocery"
  | "food"
  | "travel"
  | "media"
  | "fitness"
  | "pets"
  | "automotive"
  | "retail"
  | "general";

export interface DomainPack {
  domain: Domain;
  /** Buying is what it is about: purchase intent, value for money and shopping words fit. */
  commercial: boolean;
  /** Something people use routinely (an app, food, a bus), so "how would it fit your routine" makes sense. */
  routine: boolean;
  /** What people would do if it worked, after "how likely would you be to …": "take it out", "get vaccinated". */
  act: string;
  /** What matters most in choosing or judging it (a choice question's options). */
  drivers: readonly string[];
  /** Why people stop, leave or lapse, coded themes. */
  leave: readonly string[];
  /** What holds people back from starting. */
  barrier: readonly string[];
  /** Why people choose it. */
  choose: readonly string[];
  /** What would keep people, or bring them back. */
  keep: readonly string[];
  /** Where people look first for information or advice. */
  advice: readonly string[];
  /** Image attributes a brand or organisation of this field is judged on. */
  attributes: readonly string[];
  /**
   * What a question names when an objective's own subject is not in the vocabulary but its field is ("your work" for
   * nurses leaving their jobs): undefined where the field says nothing a respondent could answer about.
   */
  topic?: string;
}

const COMMERCIAL_ATTRIBUTES = [
  "trustworthy",
  "good value for money",
  "innovative",
  "high quality",
  "for people like me",
  "easy to deal with",
];
const PUBLIC_ATTRIBUTES = [
  "trustworthy",
  "easy to deal with",
  "there for people like me",
  "well run",
  "honest",
  "caring",
];

const general = (over: Partial<DomainPack> & Pick<DomainPack, "domain">): DomainPack => ({
  commercial: true,
  routine: false,
  act: "buy it",
  drivers: ["Price", "Quality", "Convenience", "Reputation", "Recommendations from others"],
  leave: [
    "Too expensive",
    "Did not use it enough",
    "Found something better",
    "More hassle than expected",
    "Another reason",
  ],
  barrier: ["The cost", "Not sure it is worth it", "Too much hassle", "Don't trust it yet", "Something else"],
  choose: ["Good value", "Quality", "Saves time", "Recommended to me", "Another reason"],
  keep: ["A lower price", "More flexibility", "Better quality", "Something else", "Nothing would"],
  advice: ["Friends or family", "Online reviews", "Social media", "The company's own website", "Experts I trust"],
  attributes: COMMERCIAL_ATTRIBUTES,
  ...over,
});

/** Neutral packs for what is not bought: no prices, no shopping, no concept-test wording. */
const PACKS: Record<Domain, DomainPack> = {
  public_health: general({
    domain: "public_health",
    topic: "looking after your health",
    commercial: false,
    act: "act on it",
    drivers: [
      "Protecting my own health",
      "Protecting the people around me",
      "Advice from a doctor or nurse",
      "How easy it is to do",
      "Side effects or safety",
    ],
    leave: [
      "Worried about side effects or safety",
      "Did not think I needed it",
      "Hard to find the time or an appointment",
      "Did not trust the advice",
      "Another reason",
    ],
    barrier: [
      "Worried about side effects or safety",
      "Don't think I need it",
      "Hard to get to or book",
      "Don't trust the advice",
      "Something else",
    ],
    choose: [
      "To protect my own health",
      "To protect people around me",
      "A doctor or nurse advised it",
      "It was easy to do",
      "Another reason",
    ],
    keep: [
      "Clearer information on safety",
      "Easier booking or a place closer to home",
      "A reminder at the right time",
      "Advice from someone I trust",
      "Nothing would",
    ],
    advice: [
      "My GP or a nurse",
      "A pharmacist",
      "Official health websites",
      "Friends or family",
      "News or social media",
    ],
    attributes: PUBLIC_ATTRIBUTES,
  }),
  volunteering: general({
    domain: "volunteering",
    topic: "volunteering",
    commercial: false,
    act: "volunteer",
    drivers: ["The cause", "A flexible time commitment", "Meeting people", "Using my skills", "Feeling appreciated"],
    leave: [
      "Not enough time",
      "Changes in work or family life",
      "Did not feel valued",
      "The role was not what I expected",
      "Moved away",
      "Another reason",
    ],
    barrier: [
      "Not enough time",
      "Don't know how to start",
      "Worried about the commitment",
      "Never been asked",
      "Something else",
    ],
    choose: [
      "The cause matters to me",
      "To meet people",
      "To use my skills",
      "Asked by someone I know",
      "Another reason",
    ],
    keep: [
      "More flexible hours",
      "Shorter or one-off roles",
      "Feeling appreciated",
      "Training and support",
      "Nothing would",
    ],
    advice: [
      "Friends or family",
      "The organisation's website",
      "A volunteer centre",
      "Social media",
      "Work or community groups",
    ],
    attributes: ["well run", "welcoming", "making a difference", "flexible", "honest", "caring"],
  }),
  // Voting, elections, taking part in local decisions: a civic act, neither a purchase nor a service people use.
  civic: general({
    domain: "civic",
    topic: "voting and elections",
    commercial: false,
    act: "vote",
    drivers: [
      "Knowing enough about the candidates and issues",
      "Issues that affect me directly",
      "Believing my vote makes a difference",
      "How easy it is to vote",
      "What friends and family do",
    ],
    leave: [
      "Lost interest in politics",
      "My vote did not seem to make a difference",
      "Moved and did not re-register",
      "Could not get to vote in time",
      "Another reason",
    ],
    barrier: [
      "Don't know enough about the candidates or issues",
      "My vote would not make a difference",
      "Hard to find the time or get to vote",
      "Not registered, or unsure how to",
      "Not interested in politics",
      "Something else",
    ],
    choose: [
      "The issues that matter to me",
      "A sense of duty",
      "The candidates",
      "Friends or family encouraged me",
      "Another reason",
    ],
    keep: [
      "More information about the candidates",
      "Easier ways to vote (by post, early or online)",
      "Reminders of when and where to vote",
      "Candidates who speak to my concerns",
      "Nothing would",
    ],
    advice: [
      "News",
      "Friends or family",
      "Social media",
      "Official election information",
      "The candidates' own material",
    ],
    attributes: PUBLIC_ATTRIBUTES,
  }),
  healthcare: general({
    domain: "healthcare",
    topic: "the health care you use",
    commercial: false,
    act: "use it",
    drivers: ["Getting seen quickly", "The quality of care", "Being listened to", "Convenience", "Cost"],
    leave: [
      "Waiting times",
      "Did not feel listened to",
      "Hard to get an appointment",
      "Moved or changed provider",
      "Another reason",
    ],
    barrier: ["Waiting times", "Hard to book", "Cost", "Don't think it would help", "Something else"],
    choose: ["Quick to be seen", "Good care", "Close to home", "Recommended to me", "Another reason"],
    keep: ["Shorter waits", "Easier booking", "More time with staff", "Care closer to home", "Nothing would"],
    advice: ["My GP or a nurse", "A pharmacist", "Official health websites", "Friends or family", "Online reviews"],
    attributes: PUBLIC_ATTRIBUTES,
  }),
  insurance: general({
    domain: "insurance",
    topic: "your insurance",
    act: "take it out",
    drivers: ["The premium", "What is covered", "How claims are handled", "The excess", "The insurer's reputation"],
    leave: [
      "The premium went up",
      "Found cheaper cover",
      "A claim was handled badly",
      "No longer needed the cover",
      "Another reason",
    ],
    barrier: [
      "The cost",
      "Not sure what is covered",
      "Don't think I need it",
      "Worried claims will be refused",
      "Something else",
    ],
    choose: ["The price", "What it covers", "The insurer's reputation", "Recommended to me", "Another reason"],
    keep: ["A lower premium", "Clearer cover", "Faster claims", "A loyalty discount", "Nothing would"],
    advice: [
      "Comparison websites",
      "Friends or family",
      "A broker or adviser",
      "The insurer's own website",
      "Online reviews",
    ],
  }),
  government: general({
    domain: "government",
    topic: "dealing with public services",
    commercial: false,
    act: "use it",
    drivers: [
      "Getting it done in one go",
      "Clear instructions",
      "How long it takes",
      "Being able to do it online",
      "Help when I get stuck",
    ],
    leave: [
      "It was too complicated",
      "Could not prove who I am",
      "Asked for documents I did not have",
      "Took too long",
      "Another reason",
    ],
    barrier: [
      "Don't know how to do it",
      "Too complicated",
      "Prefer to do it in person",
      "Worried about getting it wrong",
      "Something else",
    ],
    choose: [
      "Quicker than the alternatives",
      "Could do it at any time",
      "Clear instructions",
      "Told to use it",
      "Another reason",
    ],
    keep: [
      "Simpler forms",
      "Help by phone or in person",
      "Saving progress part-way",
      "Clearer instructions",
      "Nothing would",
    ],
    advice: ["The official website", "Friends or family", "A helpline", "A local advice service", "Online forums"],
    attributes: PUBLIC_ATTRIBUTES,
  }),
  workplace: general({
    domain: "workplace",
    topic: "your work",
    commercial: false,
    act: "take it up",
    drivers: ["Pay", "Workload", "Flexible hours or place of work", "Managers and colleagues", "Career progression"],
    leave: [
      "Workload or staffing",
      "Pay",
      "Hours or shift patterns",
      "Management or culture",
      "Stress or burnout",
      "Career progression",
    ],
    barrier: [
      "Workload",
      "Not supported by managers",
      "Does not fit my hours",
      "Not sure it would help",
      "Something else",
    ],
    choose: ["Pay", "Flexibility", "The team", "Career prospects", "Another reason"],
    keep: [
      "Safer staffing levels",
      "Better pay",
      "More flexible hours",
      "Better management and support",
      "Career development",
      "Nothing would",
    ],
    advice: ["Colleagues", "My manager", "HR or the intranet", "A union or professional body", "Online forums"],
    attributes: ["a good place to work", "fair", "supportive", "well run", "flexible", "honest"],
  }),
  transport: general({
    domain: "transport",
    topic: "getting around by public transport",
    commercial: false,
    routine: true,
    act: "use it",
    drivers: ["Reliability", "How often it runs", "Journey time", "Cost of fares", "Safety and cleanliness"],
    leave: [
      "Unreliable or infrequent services",
      "Journeys take too long",
      "The cost of fares",
      "Crowding",
      "Safety or cleanliness",
      "Switched to a car, bike or walking",
    ],
    barrier: ["Does not go where I need", "Unreliable", "Too slow", "Too expensive", "Something else"],
    choose: ["Cheaper than driving", "Quicker", "No parking to find", "Better for the environment", "Another reason"],
    keep: [
      "More frequent services",
      "More reliable services",
      "Cheaper fares",
      "Safer, cleaner vehicles and stations",
      "Better connections",
      "Nothing would",
    ],
    advice: [
      "The operator's app or website",
      "Journey planner apps",
      "Friends or family",
      "Local news",
      "Social media",
    ],
    attributes: PUBLIC_ATTRIBUTES,
  }),
  charity: general({
    domain: "charity",
    topic: "giving to charity",
    commercial: false,
    act: "donate",
    drivers: [
      "The cause",
      "How the money is spent",
      "Trust in the charity",
      "Giving easily",
      "Hearing what my gift did",
    ],
    leave: [
      "Money is tighter than it was",
      "Not sure where the money goes",
      "Prefer to give now and then",
      "Started giving to another cause",
      "Another reason",
    ],
    barrier: [
      "Can't afford it right now",
      "Not sure where the money goes",
      "Prefer to give in other ways",
      "Never been asked",
      "Something else",
    ],
    choose: [
      "The cause matters to me",
      "Trust in how they use money",
      "A personal connection",
      "Asked by someone I know",
      "Another reason",
    ],
    keep: [
      "Hearing what my gift did",
      "Giving less, more flexibly",
      "Knowing where the money goes",
      "Being thanked",
      "Nothing would",
    ],
    advice: [
      "Friends or family",
      "The charity's own website",
      "News or articles",
      "Social media",
      "Charity regulators",
    ],
    attributes: ["trustworthy", "effective", "transparent", "caring", "close to the cause", "well run"],
  }),
  education: general({
    domain: "education",
    topic: "education and studying",
    commercial: false,
    act: "sign up for it",
    drivers: ["Quality of teaching", "Cost", "Flexibility", "Recognised qualification", "Support"],
    leave: [
      "Too much to fit around work or family",
      "The cost",
      "Teaching did not suit me",
      "Lost motivation",
      "Another reason",
    ],
    barrier: ["Time", "The cost", "Not sure it would help me", "Confidence", "Something else"],
    choose: ["Career prospects", "Interest in the subject", "Flexibility", "Reputation", "Another reason"],
    keep: ["More flexible timetable", "More support", "Lower cost", "Better teaching", "Nothing would"],
    advice: ["Teachers or tutors", "Friends or family", "Official websites", "Online reviews", "Social media"],
    attributes: PUBLIC_ATTRIBUTES,
  }),
  housing: general({
    domain: "housing",
    topic: "your home",
    commercial: false,
    act: "apply",
    drivers: ["Cost", "Location", "Condition of the home", "Security of tenure", "The landlord or agent"],
    leave: ["Rent went up", "Repairs not done", "Needed more space", "Moved for work or family", "Another reason"],
    barrier: ["Cost", "Deposit", "Not enough homes available", "Credit checks", "Something else"],
    choose: ["Affordable", "Good location", "Good condition", "Secure tenancy", "Another reason"],
    keep: ["Lower rent", "Repairs done promptly", "A longer tenancy", "Better communication", "Nothing would"],
    advice: ["Friends or family", "Online listings", "A letting agent", "The council", "Advice services"],
    attributes: PUBLIC_ATTRIBUTES,
  }),
  finance: general({
    domain: "finance",
    topic: "your money and banking",
    act: "open one",
    drivers: ["Low or no fees", "Interest rates", "A good app", "Customer service", "Security"],
    leave: [
      "Fees or charges",
      "A better rate elsewhere",
      "Poor service or app",
      "A change in my circumstances",
      "Another reason",
    ],
    barrier: [
      "Switching seems like a hassle",
      "Happy with what I have",
      "Worried about security",
      "Fees or charges",
      "Something else",
    ],
    choose: ["Low or no fees", "A good app", "Interest or rewards", "Customer service", "Another reason"],
    keep: ["Lower fees", "A better rate", "A better app", "Better service", "Nothing would"],
    advice: [
      "Comparison websites",
      "Friends or family",
      "The bank's own website",
      "A financial adviser",
      "News or articles",
    ],
  }),
  energy: general({
    domain: "energy",
    topic: "energy at home",
    act: "switch to it",
    drivers: ["Price", "Green energy", "Customer service", "Accurate bills", "A fixed tariff"],
    leave: ["A cheaper tariff elsewhere", "Billing problems", "Poor service", "Moved home", "Another reason"],
    barrier: [
      "Switching seems like a hassle",
      "Not sure I'd save",
      "Happy where I am",
      "Worried about supply",
      "Something else",
    ],
    choose: ["The price", "Green energy", "Good service", "Recommended to me", "Another reason"],
    keep: ["A lower price", "Clearer bills", "Better service", "A fixed price", "Nothing would"],
    advice: ["Comparison websites", "Friends or family", "Consumer groups", "The supplier's website", "News"],
  }),
  telecom: general({
    domain: "telecom",
    topic: "your phone and internet",
    act: "switch to it",
    drivers: ["Price", "Coverage or speed", "Contract length", "Customer service", "Extras included"],
  }),
  software: general({
    domain: "software",
    topic: "the software you use at work",
    act: "buy it",
    routine: true,
    drivers: ["Price", "Ease of use", "Features", "Works with the other tools I use", "Customer support"],
    leave: [
      "Too expensive for what we used",
      "Missing a feature we needed",
      "Moved to another tool",
      "Hard to get the team using it",
      "Another reason",
    ],
    barrier: [
      "The price",
      "Takes time to set up",
      "The current way works well enough",
      "Hard to get the team on board",
      "Something else",
    ],
    choose: [
      "The price",
      "Easy to use",
      "Has the features we need",
      "Works with the other tools I use",
      "Recommended to me",
    ],
    keep: ["A lower price", "The feature we were missing", "Better onboarding", "Better support", "Nothing would"],
    advice: [
      "Colleagues or peers",
      "Review sites",
      "The vendor's website",
      "Consultants or advisers",
      "Online communities",
    ],
  }),
  grocery: general({
    domain: "grocery",
    topic: "your food shopping",
    routine: true,
    drivers: [
      "Price",
      "Quality and freshness",
      "Range of products",
      "Delivery or collection options",
      "Loyalty rewards",
    ],
    leave: [
      "Delivery costs or minimum spend",
      "Missing or substituted items",
      "Cheaper to shop in person",
      "Found a better service",
      "Another reason",
    ],
    barrier: [
      "Delivery costs or minimum spend",
      "I like to choose items myself",
      "No delivery slot when I need one",
      "Worries about substitutions or freshness",
      "Something else",
    ],
  }),
  food: general({ domain: "food", topic: "food and drink", routine: true }),
  travel: general({
    domain: "travel",
    topic: "travel",
    act: "book it",
    drivers: ["Price", "Location", "Flexibility to change or cancel", "Reviews", "Comfort"],
  }),
  media: general({ domain: "media", topic: "what you watch, read and listen to", routine: true, act: "subscribe" }),
  fitness: general({ domain: "fitness", topic: "keeping fit", routine: true, act: "join" }),
  pets: general({
    domain: "pets",
    topic: "your pet",
    drivers: ["My pet's health", "Price", "Ingredients or quality", "Vet recommendation", "Convenience"],
  }),
  automotive: general({
    domain: "automotive",
    topic: "your car",
    drivers: ["Price", "Running costs", "Reliability", "Range or efficiency", "Brand reputation"],
  }),
  retail: general({ domain: "retail", topic: "shopping" }),
  general: general({
    domain: "general",
    commercial: false,
    act: "take it up",
    drivers: [
      "How well it meets my needs",
      "How easy it is",
      "How much time it takes",
      "Whether it makes a difference",
      "What others say about it",
    ],
    leave: [
      "It did not meet my needs",
      "It took too much time or effort",
      "A change in my circumstances",
      "Something else suited me better",
      "Another reason",
    ],
    // True of anything people could do or join, with no shopper's or patient's themes.
    barrier: [
      "Not enough time",
      "Did not know about it",
      "Not sure where or how",
      "Not sure it is for me",
      "Something else",
    ],
    choose: ["It meets my needs", "It is easy", "It saves time", "Recommended to me", "Another reason"],
    keep: [
      "If it suited my needs better",
      "If it were easier or quicker",
      "If I knew more about it",
      "Something else",
      "Nothing would",
    ],
    advice: [
      "Friends or family",
      "Official or expert sources",
      "Online reviews or forums",
      "Social media",
      "News or articles",
    ],
    attributes: PUBLIC_ATTRIBUTES,
  }),
};

/** A field's pack of words; `general` when nothing is known. */
export const packOf = (domain: Domain): DomainPack => PACKS[domain];

/**
 * Words of each field, in English, German, French and Spanish (first the more specific fields: a vaccination campaign
 * is public health before it is health care; nurses leaving their jobs are a workplace before a hospital).
 */
const FIELD_WORDS: Array<[Domain, RegExp]> = [
  [
    "public_health",
    /\b(?:vaccin\w*|jabs?|flu|booster|immuni[sz]\w*|screening|smear test|smoking|stop smoking|quit smoking|public health|health campaign|nhs campaign|sexual health|obesity|alcohol awareness|road safety|drink[- ]driv\w*|speeding|seat ?belts?|distracted|drive distracted|glovebox|phone (?:while|when) driving|impf\w*|grippe|gesundheitskampagne|rauchen|vacun\w*|gripe|salud p[u\u00fa]blica|d[e\u00e9]pistage|tabac|sant[e\u00e9] publique|fumar)\b/iu,
  ],
  [
    "workplace",
    /\b(?:jobs?|employees?|employers?|staff|workplace|workforce|colleagues|hybrid work\w*|remote work\w*|work(?:ing)? from home|homeoffice|home office|(?:the|to the|in the|back to the) office|office workers?|burnout|retention|career|shifts?|nurses?|teachers?|mitarbeite\w*|b[u\u00fc]ro|arbeitgeber|arbeitsplatz|hybride arbeit|t[e\u00e9]l[e\u00e9]travail|salari[e\u00e9]s?|employ[e\u00e9]s?|bureau|lieu de travail|teletrabajo|empleados?|plantilla|oficina|trabajadores|puesto de trabajo|beruf\w*|pflegekr[a\u00e4]ft\w*|pflegepersonal|arbeitszeit\w*|infirmi[e\u00e8]re?s?|soignants?|enfermer[ao]s?|profesi[o\u00f3]n)\b/iu,
  ],
  [
    "civic",
    /\b(?:vot(?:e|es|ed|ing|ers?)|elections?|ballots?|polling|turnout|electoral|register to vote|referendums?|wahlen|wahlbeteiligung|wahllokal\w*|(?:nicht)?w[a\u00e4]hler\w*|abstimmung\w*|[e\u00e9]lections?|[e\u00e9]lecteurs?|voter|scrutin|abstention|elecciones|votar|votantes?|abstenci[o\u00f3]n)\b/iu,
  ],
  [
    "government",
    /\b(?:passports?|visas?|driving licen[cs]e|council tax|council|benefits? claim|universal credit|tax return|self[- ]assessment|government|gov\.uk|public services?|local authority|residence permit|permits?|permis|autorisations? (?:de|d'|du)|genehmigung\w*|bewilligung\w*|permisos?|licencias? (?:de|para)|id card|agency|licensing|hmrc|dvla|irs|passport office|reisepass|personalausweis|beh[o\u00f6]rde|antrag|b[u\u00fc]rgeramt|elster|passeport|pr[e\u00e9]fecture|d[e\u00e9]marches?|titre de s[e\u00e9]jour|administraci[o\u00f3]n|ayuntamiento|tr[a\u00e1]mites?|pasaporte|dni|elterngeld|kindergeld|wohngeld|beantrag\w*|formulario|solicitud\w*|subsidios?|allocations? familiales)\b/iu,
  ],
  [
    "insurance",
    /\b(?:insur\w*|policy holders?|add-on cover|premiums?|excess|claims?|versicherung\w*|assurances?|mutuelle|seguros?|p[o\u00f3]liza)\b/iu,
  ],
  [
    "transport",
    /\b(?:public transport|buses|bus|trains?|rail|metro|tram|subway|underground|commut\w*|passengers?|timetables?|[o\u00f6]pnv|nahverkehr|bahn|s-bahn|u-bahn|transports? en commun|m[e\u00e9]tro|rer|transporte p[u\u00fa]blico|autob[u\u00fa]s|cercan[i\u00ed]as)\b/iu,
  ],
  ["volunteering", /\b(?:volunteer\w*|ehrenamt\w*|freiwillig\w*|b[e\u00e9]n[e\u00e9]vol\w*|voluntari\w*)\b/iu],

  [
    "charity",
    /\b(?:charit\w*|donat\w*|donors?|fundrais\w*|good causes?|rescue|sanctuary|foundation|hospices?|relief|rspca|oxfam|unicef|spende\w*|spenden|gemeinn[u\u00fc]tzig|stiftung|faire un don|association caritative|fondation|b[e\u00e9]n[e\u00e9]vol\w*|donaci[o\u00f3]n\w*|donantes?|fundaci[o\u00f3]n|ong|ngo)\b/iu,
  ],
  [
    "healthcare",
    /\b(?:patients?|gp|doctors?|clinics?|hospitals?|pharmac\w*|prescriptions?|(?:medical|doctor's|hospital|gp) appointments?|dentists?|therapy|nhs|arzt|[a\u00e4]rzte|krankenhaus|praxis|m[e\u00e9]decin|h[o\u00f4]pital|pharmacie|m[e\u00e9]dico|hospital|farmacia|cita m[e\u00e9]dica|krankenh[a\u00e4]us\w*|pflegeheim\w*|h[o\u00f4]pital\w*|hospitales)\b/iu,
  ],
  [
    "education",
    /\b(?:schools?|universit\w*|students?|courses?|tutoring|lessons?|learners?|classes|school meals?|canteens?|schule|schulessen|mensa|studierende|kurs|\u00e9coles?|cantine|scolaires?|[e\u00e9]tudiants?|cours|formation|escuela|comedor escolar|estudiantes|curso|financial aid|student aid|fafsa|tuition|universidad\w*|secundaria|becas?|ayuda financiera|hochschul\w*|studium|baf[o\u00f6]g|lyc[e\u00e9]e|bourses? d'[e\u00e9]tudes|librar(?:y|ies)|bibliothek\w*|biblioteca\w*|biblioth[e\u00e8]que\w*)\b/iu,
  ],
  [
    "housing",
    /\b(?:rent(?:ing|al)?|tenants?|landlords?|housing|mietwohnung|miete|vermieter|logement|loyer|vivienda|alquiler)\b/iu,
  ],
  [
    "finance",
    /\b(?:banks?|banking|current accounts?|savings?|loans?|mortgages?|pensions?|credit cards?|invest\w*|konto|girokonto|banque|compte courant|banco|cuenta corriente|hipoteca)\b/iu,
  ],
  [
    "energy",
    /\b(?:energy|electricity|gas supplier|tariffs?|heating|heat pumps?|solar|strom|energie|[e\u00e9]lectricit[e\u00e9]|luz|energ[i\u00ed]a)\b/iu,
  ],
  [
    "telecom",
    /\b(?:broadband|mobile (?:phone )?plans?|phone plans?|data plans?|carriers?|sim only|phone contract|wi-?fi provider|internet provider|mobilfunk|forfait|fibra)\b/iu,
  ],
  [
    "software",
    /\b(?:software|saas|crm|invoic\w*|bookkeeping|accounting|project management|per seat|dashboards?|api|rechnung\w*|buchhaltung|logiciel|facturation|facturaci[o\u00f3]n)\b/iu,
  ],
  [
    "grocery",
    /\b(?:grocer\w*|supermarkets?|weekly shop|food shop|meal kits?|recipe box\w*|lebensmittel|supermarkt|courses alimentaires|supermarch[e\u00e9]|supermercado|la compra)\b/iu,
  ],
  [
    "pets",
    /\b(?:pets?|dogs?|cats?|puppy|kittens?|vets?|hund|katze|tierarzt|chien|chat|v[e\u00e9]t[e\u00e9]rinaire|perro|gato|mascota)\b/iu,
  ],
  ["fitness", /\b(?:gym|fitness|workouts?|personal trainer|yoga|fitnessstudio|salle de sport|gimnasio)\b/iu],
  [
    "travel",
    /\b(?:holidays?|vacations?|flights?|hotels?|trips?|travel|urlaub|reise\w*|vacances|voyages?|vuelos?|viajes?)\b/iu,
  ],
  [
    "media",
    /\b(?:streaming|podcasts?|newsletters?|magazines?|news app|music app|zeitung|abonnement|suscripci[o\u00f3]n)\b/iu,
  ],
  ["automotive", /\b(?:cars?|electric vehicles?|evs?|motorbikes?|auto|fahrzeug|voiture|coche)\b/iu],
  [
    "food",
    /\b(?:meals?|coffee|restaurants?|snacks?|drinks?|takeaways?|recipes?|breakfast|lunch|dinner|essen|caf[e\u00e9]|repas|comida|bebidas?)\b/iu,
  ],
  [
    "retail",
    /\b(?:shop(?:ping)?|stores?|e-?shop|checkout|clothes|clothing|fashion|watch(?:es)?|jewell?ery|furniture|trainers|shoes|laden|kaufen|boutique|tienda|ropa)\b/iu,
  ],
];

const globals = new Map<RegExp, RegExp>();
function globalOf(pattern: RegExp): RegExp {
  let found = globals.get(pattern);
  if (!found) {
    found = new RegExp(pattern.source, "giu");
    globals.set(pattern, found);
  }
  found.lastIndex = 0;
  return found;
}

/** The field a study is in: the one whose words its texts use most (the first listed on a tie); `general` for none. */
export function domainOf(texts: readonly string[]): Domain {
  const text = texts.join(" \n ");
  // A brief that says it sells nothing is in no field that sells, whatever one item of it names ("dog waste" among a
  // park's troubles is no pet shop).
  const unsold = SELLS_NOTHING.test(text);
  let best: Domain = "general";
  let most = 0;
  for (const [domain, pattern] of FIELD_WORDS) {
    if (unsold && PACKS[domain].commercial) continue;
    // Counting needs no exact end of a word after an accented letter, and ASCII word edges are much faster to test.
    const count = (text.match(globalOf(pattern)) ?? []).length;
    if (count > most) {
      most = count;
      best = domain;
    }
  }
  return best;
}

/**
 * Whether a field is what a brief is about, not one word of it in passing: its words come twice, or once in the lead
 * (what the brief says the study is about). "Dog waste" among a park's troubles, or "a coffee stand by the gate", makes
 * no pet or coffee study.
 */
export function fieldHeld(domain: Domain, lead: string, texts: readonly string[]): boolean {
  const pattern = FIELD_WORDS.find(([d]) => d === domain)?.[1];
  if (!pattern) return true;
  const count = (texts.join(" \n ").match(globalOf(pattern)) ?? []).length;
  return count >= 2 || globalOf(pattern).test(lead);
}

/** A brief's own word that nothing is sold: a free, public or non-commercial programme, in the four languages read. */
const SELLS_NOTHING =
  /\b(?:nothing is (?:for sale|sold)|we sell nothing|(?:we|it) (?:do(?:es)? not|don't|doesn't) sell|not for sale|non-commercial|free (?:public |council |municipal )?(?:programme|program|service|scheme)|public consultation|no vendemos|consulta p[u\u00fa]blica|programa (?:municipal )?gratuito|wir verkaufen nichts|nichts zu verkaufen|kostenlose?s? (?:angebot|programm)|nous ne vendons rien|rien [a\u00e0] vendre|consultation publique|programme gratuit)\b/iu;

// --- Languages ------------------------------------------------------------------------------------------------------

const STOPWORDS: Record<Exclude<Language, "en">, RegExp> = {
  de: /\b(?:und|der|die|das|nicht|wie|warum|wir|sie|ist|sind|f[u\u00fc]r|mit|auf|dem|den|ein|eine|kleine|zu|was|welche|wollen|verstehen|herausfinden|\u00fcber)\b/giu,
  fr: /\b(?:les|des|et|pour|avec|est|sont|pourquoi|comment|qui|que|nous|leur|leurs|une|du|au|aux|dans|ce|ne|pas|comprendre|savoir)\b/giu,
  es: /\b(?:los|las|el|y|por|qu[e\u00e9]|para|con|es|son|c[o\u00f3]mo|del|una|un|en|les|sus|entender|saber|dejan|usar)\b/giu,
};
const ENGLISH =
  /\b(?:the|and|why|how|what|who|people|their|they|to|of|for|with|is|are|we|our|understand|would|do|does)\b/giu;

/** Common words of languages the writer does not read: a brief in one of them is not mistaken for Spanish or French. */
const OTHERS: RegExp[] = [
  /\b(?:n[a\u00e3]o|voc[e\u00ea]|os|um|uma|s[a\u00e3]o|aplicativo|com|mais|usam)\b/giu,
  /\b(?:gli|della|delle|perch[e\u00e9]|che|sono|capire|degli|nel|clienti)\b/giu,
  /\b(?:het|een|waarom|niet|zijn|begrijpen|mensen|hun|voor|met|wat)\b/giu,
  /\b(?:och|att|varf[o\u00f6]r|inte|som|f[o\u00f6]r|med|det|av|f[o\u00f6]rst[a\u00e5])\b/giu,
  /\b(?:jak|dlaczego|czy|klienci|si[e\u0119]|zrozumie[c\u0107])\b/giu,
];

/**
 * The language a brief is written in: English, German, French or Spanish by its common words, or `other` when it is
 * none of these (a brief in Swedish, Japanese…), which the mock does not pretend to parse.
 */
export function languageOf(text: string): Language | "other" {
  const counts: Array<[Language, number]> = [
    ["en", (text.match(ENGLISH) ?? []).length],
    ...(Object.entries(STOPWORDS) as Array<[Language, RegExp]>).map(
      ([lang, pattern]) => [lang, (text.match(unicodeWords(pattern)) ?? []).length] as [Language, number],
    ),
  ];
  counts.sort((a, b) => b[1] - a[1]);
  const [best, count] = counts[0] as [Language, number];
  // Another language's own words outnumber the best of the four: not pretended to be read.
  const other = Math.max(0, ...OTHERS.map((pattern) => (text.match(unicodeWords(pattern, "giu")) ?? []).length));
  if (other > count) return "other";
  if (count === 0)
    return /^[\p{Script=Latin}\s\d\p{P}]+$/u.test(text) && text.split(/\s+/).length <= 4 ? "en" : "other";
  return best;
}

/**
 * Subjects studies are often about, in each language, with their English name: "transporte público" is "public
 * transport", "Homeoffice" is "working from home". The first match names the subject of an objective in that language.
 */
const SUBJECTS: Record<Exclude<Language, "en">, Array<[RegExp, string]>> = {
  de: [
    [/\b(?:schulessen|mensa|schulverpflegung)\b/iu, "school meals"],
    [/\b(?:kinderbetreuung|kita|kindergarten)\b/iu, "childcare"],
    [/\b(?:hausarzt|arztpraxis|arzttermin\w*|gesundheitsversorgung)\b/iu, "seeing a doctor"],
    [/\b(?:miete|mietwohnung|wohnung\w*|wohnen)\b/iu, "renting a home"],
    [/\b(?:fahrrad|radfahren|rad fahren)\b/iu, "cycling"],
    [/\b(?:elektroauto\w*|e-auto\w*)\b/iu, "electric cars"],
    [/\b(?:m[u\u00fc]lltrennung|m[u\u00fc]ll\w*|recycling)\b/iu, "recycling"],
    [/\b(?:online-?shopping|online einkaufen|onlinehandel)\b/iu, "shopping online"],
    [/\b(?:lieferdienst\w*|essenslieferung\w*)\b/iu, "food delivery"],
    [/\b(?:fitnessstudio\w*|sport)\b/iu, "keeping fit"],
    [/\b(?:treueprogramm\w*|bonusprogramm\w*|kundenkarte\w*)\b/iu, "loyalty programmes"],
    [/\b(?:soziale[n]? medien|social media)\b/iu, "social media"],
    [/\b(?:homeoffice|home office|mobiles? arbeiten|hybride[rn]? arbeit)\b/iu, "working from home and hybrid working"],
    [/\b(?:[o\u00f6]pnv|nahverkehr|[o\u00f6]ffentliche[rn]? verkehr\w*|bus und bahn)\b/iu, "public transport"],
    [/\bb[u\u00fc]ro\b/iu, "working in the office"],
    [/\b(?:grippeimpfung|impfung\w*|impfen)\b/iu, "vaccination"],
    [/\b(?:krankenversicherung|versicherung\w*)\b/iu, "insurance"],
    [/\b(?:rechnung\w*|buchhaltung)\b/iu, "invoicing and bookkeeping"],
    [/\b(?:lebensmittel\w*|supermarkt|einkauf\w*)\b/iu, "grocery shopping"],
    [/\bspende\w*\b/iu, "giving to charity"],
    [/\b(?:girokonto|konto|bank\w*)\b/iu, "banking"],
    [/\b(?:strom|energie\w*|heiz\w*)\b/iu, "energy and heating"],
    [/\b(?:beh[o\u00f6]rde\w*|antr[a\u00e4]ge?|verwaltung)\b/iu, "dealing with public authorities"],
    [/\b(?:elterngeld|kindergeld|wohngeld|b[u\u00fc]rgergeld|sozialleistung\w*)\b/iu, "applying for benefits"],
    [/\b(?:baf[o\u00f6]g|stipendi\w*)\b/iu, "applying for student finance"],
    [/\b(?:arbeitsplatz|arbeitgeber|job\w*|arbeit|beruf\w*|pflegekr[a\u00e4]ft\w*)\b/iu, "their work"],
    [/\b(?:urlaub|reise\w*)\b/iu, "holidays and travel"],
    [/\b(?:streaming|abo\w*)\b/iu, "subscriptions"],
  ],
  fr: [
    [/\b(?:cantine|repas (?:[a\u00e0] la )?cantine|restauration scolaire|repas scolaires?)\b/iu, "school meals"],
    [/\b(?:garde d'enfants|cr[e\u00e8]che|nounou)\b/iu, "childcare"],
    [/\b(?:m[e\u00e9]decin traitant|rendez-vous m[e\u00e9]dica\w*|soins)\b/iu, "seeing a doctor"],
    [/\b(?:loyer|logement|location)\b/iu, "renting a home"],
    [/\b(?:v[e\u00e9]lo)\b/iu, "cycling"],
    [/\b(?:voitures? [e\u00e9]lectriques?)\b/iu, "electric cars"],
    [/\b(?:tri des d[e\u00e9]chets|d[e\u00e9]chets|trient|trier|recyclage)\b/iu, "recycling"],
    [/\b(?:achats en ligne|e-commerce)\b/iu, "shopping online"],
    [/\b(?:livraison de repas)\b/iu, "food delivery"],
    [/\b(?:salle de sport|sport)\b/iu, "keeping fit"],
    [/\b(?:programmes? de fid[e\u00e9]lit[e\u00e9]|carte de fid[e\u00e9]lit[e\u00e9])\b/iu, "loyalty programmes"],
    [/\b(?:r[e\u00e9]seaux sociaux)\b/iu, "social media"],
    [/\bt[e\u00e9]l[e\u00e9]travail\b/iu, "working from home"],
    [/\btransports? en commun\b|\bm[e\u00e9]tro\b|\bbus\b/iu, "public transport"],
    [/\bvaccin\w*\b/iu, "vaccination"],
    [/\b(?:assurance|mutuelle)\w*\b/iu, "insurance"],
    [/\bbureau\b/iu, "working in the office"],
    [/\b(?:courses|supermarch[e\u00e9]s?)\b/iu, "grocery shopping"],
    [/\bdons?\b|\bassociations? caritatives?\b/iu, "giving to charity"],
    // "ce qui compte" is what counts, not an account.
    [/\b(?:banques?|comptes? (?:courants?|bancaires?|d'[e\u00e9]pargne))\b/iu, "banking"],
    [/\b(?:[e\u00e9]lectricit[e\u00e9]|[e\u00e9]nergie|chauffage)\b/iu, "energy and heating"],
    [
      /\b(?:d[e\u00e9]marches? administratives?|administration|pr[e\u00e9]fecture)\b/iu,
      "dealing with public administration",
    ],
    [/\b(?:bourses? d'[e\u00e9]tudes|aides? financi[e\u00e8]res?)\b/iu, "applying for student financial aid"],
    [/\b(?:allocations?|aides? sociales?)\b/iu, "applying for benefits"],
    [/\b(?:travail|emploi|entreprise|infirmi[e\u00e8]re?s?|soignants?)\b/iu, "their work"],
    [/\b(?:vacances|voyages?)\b/iu, "holidays and travel"],
  ],
  es: [
    [/\b(?:comedor escolar|comida escolar|men[u\u00fa] escolar)\b/iu, "school meals"],
    [/\b(?:guarder[i\u00ed]a|cuidado infantil)\b/iu, "childcare"],
    [/\b(?:m[e\u00e9]dico de cabecera|cita m[e\u00e9]dica|centro de salud)\b/iu, "seeing a doctor"],
    [/\b(?:alquiler|vivienda|piso)\b/iu, "renting a home"],
    [/\b(?:bicicleta|bici)\b/iu, "cycling"],
    [/\b(?:coches? el[e\u00e9]ctricos?)\b/iu, "electric cars"],
    [/\b(?:reciclaje|reciclar|basura|residuos)\b/iu, "recycling"],
    [/\b(?:compras? (?:en l[i\u00ed]nea|online)|comercio electr[o\u00f3]nico)\b/iu, "shopping online"],
    [/\b(?:comida a domicilio|reparto de comida)\b/iu, "food delivery"],
    [/\b(?:gimnasio|deporte)\b/iu, "keeping fit"],
    [/\b(?:programas? de fidelidad|tarjeta de fidelidad)\b/iu, "loyalty programmes"],
    [/\b(?:redes sociales)\b/iu, "social media"],
    [/\b(?:coworking|espacio de trabajo compartido)\b/iu, "coworking spaces"],
    [/\btransporte p[u\u00fa]blico\b|\bautob[u\u00fa]s\b|\bmetro\b/iu, "public transport"],
    [/\bteletrabajo\b|\btrabajo h[i\u00ed]brido\b/iu, "working from home"],
    [/\bvacun\w*\b/iu, "vaccination"],
    [/\bseguros?\b/iu, "insurance"],
    [/\boficina\b/iu, "working in the office"],
    [/\b(?:la compra|supermercados?)\b/iu, "grocery shopping"],
    [/\bdonaci[o\u00f3]n\w*|\bdonar\b/iu, "giving to charity"],
    // "tener en cuenta" is to bear in mind, not an account.
    [/\b(?:bancos?|banca|cuentas? (?:corrientes?|bancarias?|de ahorro))\b/iu, "banking"],
    [/\b(?:luz|electricidad|energ[i\u00ed]a|calefacci[o\u00f3]n)\b/iu, "energy and heating"],
    [/\b(?:tr[a\u00e1]mites?|administraci[o\u00f3]n|ayuntamiento)\b/iu, "dealing with public administration"],
    [/\b(?:ayuda financiera|becas?)\b/iu, "applying for student financial aid"],
    [/\b(?:subsidios?|prestaci[o\u00f3]n\w*|ayudas? p[u\u00fa]blicas?)\b/iu, "applying for benefits"],
    [/\b(?:trabajo|empleo|empresa|enfermer[ao]s?)\b/iu, "their work"],
    [/\b(?:vacaciones|viajes?)\b/iu, "holidays and travel"],
  ],
};

/** Who an objective is about, in each language: "los usuarios" are "users", "kleine Unternehmen" "small businesses". */
const WHO: Record<Exclude<Language, "en">, Array<[RegExp, string]>> = {
  de: [
    [/\bkleine(?:n)? unternehmen\b/iu, "small businesses"],
    [/\bmitarbeitende\w*|\bmitarbeiter\w*|\bbesch[a\u00e4]ftigte\w*/iu, "staff"],
    [/\bkund\w*/iu, "customers"],
    [/\bnutzer\w*/iu, "users"],
    [/\bpatient\w*/iu, "patients"],
    [/\bfahrg[a\u00e4]st\w*/iu, "passengers"],
    [/\b(?:b[u\u00fc]rger\w*|menschen|leute)\b/iu, "people"],
  ],
  fr: [
    [/\bpetites entreprises\b|\bpme\b/iu, "small businesses"],
    [/\bsalari[e\u00e9]s?\b|\bemploy[e\u00e9]s?\b/iu, "staff"],
    [/\bclients?\b/iu, "customers"],
    [/\butilisateurs?\b|\busagers?\b/iu, "users"],
    [/\bpatients?\b/iu, "patients"],
    [/\bvoyageurs?\b/iu, "passengers"],
    [/\b(?:gens|personnes|habitants|citoyens)\b/iu, "people"],
  ],
  es: [
    [/\bpeque[n\u00f1]as empresas\b|\bpymes?\b/iu, "small businesses"],
    [/\bempleados?\b|\btrabajadores\b/iu, "staff"],
    [/\bclientes?\b/iu, "customers"],
    [/\busuarios?\b/iu, "users"],
    [/\bpacientes?\b/iu, "patients"],
    [/\bpasajeros?\b|\bviajeros?\b/iu, "passengers"],
    [/\b(?:personas|gente|ciudadanos|vecinos)\b/iu, "people"],
  ],
};

/** What an objective asks, in any of the four languages. */
export interface Asks {
  /** Why people stop, leave or lapse. */
  leave: boolean;
  /** What holds people back. */
  barrier: boolean;
  /** What would keep them, or bring them back. */
  keep: boolean;
  /** How they choose, or why they chose. */
  choose: boolean;
  /** How satisfied they are. */
  satisfaction: boolean;
  /** What they think or feel about it. */
  attitudes: boolean;
}

const ASK_WORDS: Record<keyof Asks, RegExp> = {
  leave:
    /\b(?:why\b.*\b(?:leave|leaving|left|stop|stopped|quit|cancel\w*|churn\w*|drop out|lapse\w*|give up|gave up|no longer)|warum\b.*\b(?:k[u\u00fc]ndig\w*|aufh[o\u00f6]r\w*|verlass\w*|nicht mehr|wechseln|abbrech\w*|abgebrochen|aufgeben|aufgegeben)|pourquoi\b.*\b(?:quitt\w*|arr[e\u00ea]t\w*|abandonn\w*|ne\b.*\bplus|r[e\u00e9]sili\w*)|por qu[e\u00e9]\b.*\b(?:dej\w*|abandon\w*|cancel\w*|ya no))\b/iu,
  barrier:
    /\b(?:what (?:stops|prevents|holds)|why\b.*\b(?:do not|does not|did not|don't|doesn't|didn't|don\u2019t|doesn\u2019t|never)\b|warum\b.*\b(?:nicht|kein\w*|nie)\b|pourquoi\b.*\b(?:ne\b|n['\u2019]).*\b(?:pas|jamais)\b|por qu[e\u00e9]\b.*\bno\b|barriers?|was h[a\u00e4]lt\b.*\bab|hindernisse?|qu'est-ce qui (?:emp[e\u00ea]che|freine)|freins?|qu[e\u00e9] impide|barreras?)\b/iu,
  keep: /\b(?:(?:kept|keep|make|made) (?:them|you|people|staff|customers|users) (?:stay|return|come back)|what would (?:make|have made|bring|keep|help)|would help|aider\p{L}*|ferait|inciterait|har[i\u00ed]a|animar[i\u00ed]a|bewegen w[u\u00fc]rde|ayudar\p{L}*|helfen|hilft|stay|come back|win (?:them|back)|bleiben|zur[u\u00fc]ck\w*|h[a\u00e4]lt\b|halten|rester|revenir|retenir|fid[e\u00e9]li\w*|volver|quedar\w*|retener)\b/iu,
  choose:
    /\b(?:choose|chose|choice|pick|decide|w[a\u00e4]hl\w*|entscheid\w*|choisi\w*|choix|eleg\w*|elij\w*|elecci[o\u00f3]n)\b/iu,
  satisfaction: /\b(?:satisf\w*|happy with|unhappy|zufrieden\w*|unzufrieden\w*|content\w*|insatisf\w*)\b/iu,
  attitudes:
    /\b(?:think|feel|attitudes?|opinions?|views?|perceptions?|denken|meinung\w*|einstellung\w*|halten von|pensent|pensez|opinion\w*|perception|piensan|opini[o\u00f3]n\w*|actitud\w*)\b/iu,
};

export function asksOf(objective: string): Asks {
  return Object.fromEntries(
    (Object.keys(ASK_WORDS) as Array<keyof Asks>).map((key) => [key, unicodeWords(ASK_WORDS[key]).test(objective)]),
  ) as unknown as Asks;
}

/**
 * A place a French or Spanish objective names: "en Madrid", "à Lyon" → "Madrid". German capitalises every noun ("im
 * Büro"), so a German place is not guessed.
 */
function placeIn(text: string, language: Language): string | undefined {
  if (language === "de") return undefined;
  return /(?<![\p{L}])(?:en|\u00e0|dans)\s+(\p{Lu}[\p{Ll}-]+(?:\s\p{Lu}[\p{Ll}-]+)?)/u.exec(text)?.[1];
}

export interface ReadObjective {
  language: Language | "other";
  /** The subject as an English phrase, when the vocabulary knows it ("public transport in Madrid"). */
  subject: string | undefined;
  /** Who it is about, in English ("users", "staff"), when the vocabulary knows it. */
  who: string | undefined;
  asks: Asks;
}

/**
 * An objective in German, French or Spanish, read through the small vocabulary above: its subject in English, who it
 * is about and what it asks. For an English objective, or another language, `subject` is undefined (English is read by
 * the question writer itself; other languages are not read at all).
 */
export function readObjective(objective: string): ReadObjective {
  const language = languageOf(objective);
  const asks = asksOf(objective);
  if (language === "en" || language === "other") return { language, subject: undefined, who: undefined, asks };
  const found = SUBJECTS[language].find(([pattern]) => unicodeWords(pattern).test(objective))?.[1];
  const place = placeIn(objective, language);
  const subject = found ? `${found}${place && !found.includes(place) ? ` in ${place}` : ""}` : undefined;
  const who = WHO[language].find(([pattern]) => unicodeWords(pattern).test(objective))?.[1];
  return { language, subject, who, asks };
}

/** A thing people buy and own, whatever its field: a thermostat of an energy study is bought, not switched to. */
const DEVICE =
  /\b(?:thermostats?|heat pumps?|solar panels?|batter(?:y|ies)|boilers?|chargers?|meters?|routers?|handsets?|phones?|devices?|gadgets?|sensors?|speakers?|cameras?|watch(?:es)?|headphones|earbuds|appliances?|kettles?|bikes?|scooters?|tablets?|laptops?)\b/iu;
/** What makes an idea a supply or plan people move to: a tariff, a contract, a provider. */
const SUPPLY = /\b(?:tariffs?|plans?|suppliers?|providers?|contracts?|subscriptions?|sim|network|deal)\b/iu;

/**
 * What people would do with an idea of this field, after "how likely would you be to …": buy it, use it, take it out;
 * an idea described as a device people own is bought even in a field whose act is switching supplier.
 */
/** Services booked for a visit or a job, in the four languages read: a repair, a wash, a lesson, a consultation. */
const BOOKED_SERVICE =
  /(?<!\p{L})(?:repairs?|replacements?|servicing|services?|wash(?:es|ing)?|cleaning|clean|consultations?|appointments?|sessions?|lessons?|classes|class|courses?|treatments?|check-?ups?|checks?|inspections?|installation|installs?|fitting|grooming|haircuts?|massages?|tours?|pick-?ups?|photograph\p{L}*|tutor\p{L}*|coach\p{L}*|catering|caterers?|plumb\p{L}*|electricians?|babysit\p{L}*|nann(?:y|ies)|cleaners?|guides?|collections?|storage|rentals?|hire|tyre changes?|reparatur\p{L}*|austausch|w[a\u00e4]sche|reinigung|beratung\p{L}*|termin\p{L}*|kurs\p{L}*|behandlung\p{L}*|montage|einbau|wechsel|einlagerung|r[e\u00e9]paration\p{L}*|remplacement|lavage|nettoyage|rendez-vous|s[e\u00e9]ances?|cours|le[c\u00e7]ons?|soins?|entretien|location|reparaci[o\u00f3]n\p{L}*|lavado|limpieza|consultas?|citas?|sesi[o\u00f3]n\p{L}*|clases?|cursos?|tratamientos?|instalaci[o\u00f3]n|mantenimiento|alquiler)(?!\p{L})/iu;
/** Plans people join and pay for over time: a subscription, a membership, a pass. */
const JOINED_PLAN =
  /(?<!\p{L})(?:subscriptions?|memberships?|passes|pass|abo(?:nnement)?s?|mitgliedschaft\p{L}*|adh[e\u00e9]sion|suscripci[o\u00f3]n\p{L}*|membres[i\u00ed]as?)(?!\p{L})/iu;

/** A price charged again and again: "a week", "per month", "/mo", "pro Monat", "par mois", "al mes". */
const RECURRING =
  /(?:\b(?:a|per|each|every)\s+(?:week|month|year|quarter|term|season)|\b(?:weekly|monthly|yearly|annually)\b|\/\s*(?:wk|week|mo|month|yr|year)\b|\bpro\s+(?:woche|monat|jahr|saison)|\bpar\s+(?:semaine|mois|an|saison)\b|\b(?:al|por)\s+(?:mes|semana|a[n\u00f1]o|temporada)\b)/iu;
/**
 * What taking up a priced offer means when it is no good to buy: a permit is applied for; a plan, or anything charged by
 * the week, month or season, is signed up for; a service is booked ("book it"). Undefined for goods bought once.
 */
export function serviceAct(concept: string, price = ""): string | undefined {
  const byHead = headAct(concept);
  if (byHead) return byHead;
  if (PERMIT.test(concept)) return "apply for it";
  if (JOINED_PLAN.test(concept) || RECURRING.test(price)) return "sign up for it";
  if (BOOKED_SERVICE.test(concept)) return "book it";
  return undefined;
}

/** A thing hired for a time, in the four languages read: a rental, hire, a lease. */
const RENTED =
  /(?<!\p{L})(?:rent|rents|renting|rental|rented|hire|hired|lease|leasing|leased|miete\p{L}*|mieten|vermiet\p{L}*|location|louer|lou[e\u00e9]\p{L}*|alquiler|alquilar|arriendo)(?!\p{L})/iu;
/** A home, which is let to tenants (and applied for), not rented like a thing. */
const HOME =
  /(?<!\p{L})(?:homes?|flats?|apartments?|houses?|rooms?|bedsits?|studios?|tenanc(?:y|ies)|housing|wohnung\p{L}*|zimmer|logements?|appartements?|chambres?|viviendas?|pisos?|habitaci[o\u00f3]n\p{L}*)(?!\p{L})/iu;
/** A visit, an appointment or a professional's time, which is booked. */
const VISIT = /(?<!\p{L})(?:visits?|instructors?|appointments?|technicians?)(?!\p{L})/iu;
/** Courses and classes people sign up for, whatever their price: left to the field's act. */
const COURSE = /(?<!\p{L})(?:courses?|classes|cours|kurs\p{L}*|cursos?|programmes?|programs?)(?!\p{L})/iu;
/** Grants and loans people apply for or take out: left to the field's act, like permits. */
const APPLIED = /(?<!\p{L})(?:grants?|bursar(?:y|ies)|scholarships?|subsid(?:y|ies))(?!\p{L})/iu;

/**
 * What taking up an offer at a price means, by what it is and how it is charged, before its field's act: a thing hired
 * is rented, a plan or anything charged by the week or month is signed up for, a visit, an appointment or a
 * professional is booked, and anything else sold at one price is bought, whatever service comes with it ("installed
 * in one visit" is no booking). Undefined where the field knows better: an app, cover or a loan, a permit or a grant, a
 * home, a course, a supply or an account, a charity.
 */
export function pricedAct(concept: string, price: string, fieldAct: string, domain: string): string | undefined {
  if (headAct(concept) || PERMIT.test(concept) || APPLIED.test(concept) || TAKEN_OUT.test(concept)) return undefined;
  if (domain === "charity" || fieldAct === "open one") return undefined;
  // What is offered, after the name a concept may open with ("Fixly: phone screen repair at a kiosk").
  const head = concept.replace(/^[^:,]{1,60}:\s+/u, "").split(HEAD_END)[0] ?? "";
  if (RENTED.test(concept)) return HOME.test(concept) ? undefined : "rent it";
  if (JOINED_PLAN.test(concept) || RECURRING.test(price)) return "sign up for it";
  if (COURSE.test(head)) return undefined;
  if (VISIT.test(head) || BOOKED_SERVICE.test(head)) return "book it";
  return SUPPLY.test(head) ? undefined : "buy it";
}

/** A public body, or an offer at no charge, in the four languages read: "council", "la mairie", "gratuito". */
const PUBLIC_OR_FREE =
  /(?<!\p{L})(?:council|government|municipal\p{L}*|city|city's|state-run|public|nhs|ministry|tax office|authority|health board|free of charge|free|mairie|commune|ville|pr[e\u00e9]fecture|service public|minist[e\u00e8]re|gratuite?s?|stadt|gemeinde|beh[o\u00f6]rde|amt|ministerium|[o\u00f6]ffentlich\p{L}*|kostenlos\p{L}*|gratis|ayuntamiento|gobierno|ministerio|p[u\u00fa]blic[oa]s?|gratuit[oa]s?)(?![\p{L}-])/iu;

/**
 * Whether a study offers a free or public service: a field where nothing is sold, or a text naming a public body or no
 * charge. Advice on it speaks of rolling it out, never of budget or the offer.
 */
export function publicOffer(texts: readonly string[]): boolean {
  return !packOf(domainOf(texts)).commercial || texts.some((t) => PUBLIC_OR_FREE.test(t.slice(0, 2_000)));
}

/** A permit or licence people apply for, in the four languages read. */
const PERMIT =
  /(?<!\p{L})(?:permits?|licen[cs]es? to|permis|autorisations?|genehmigung\p{L}*|bewilligung\p{L}*|permisos?|licencias?)(?!\p{L})/iu;

/** Where the thing a concept offers is named, before what it does: "A free council app | to renew a permit". */
const HEAD_END =
  /\s(?:to|for|that|which|where|who|with|so|you|um|pour|qui|que|avec|para|con|der|die|das|mit|zum|zur|f[u\u00fc]r)\s|[,:;(]/iu;
/** A tool people use online: an app, a portal, a website, an online service, in the four languages read. */
const DIGITAL =
  /(?<!\p{L})(?:apps?|applications?|aplicaci[o\u00f3]n\p{L}*|portals?|portail|portale?s?|websites?|site web|sitio web|p[a\u00e1]gina web|platforms?|plateformes?|plataformas?|plattform\p{L}*|tools?|outils?|herramientas?|calculators?|calculateur|rechner|online-\p{L}+|e-services?|chatbots?|(?:service|dienst|servicio)s?(?:\s+\p{L}+){0,2}\s+(?:en ligne|online|en l[i\u00ed]nea))(?!\p{L})/iu;
/** What people take out: a loan, cover, a policy, a mortgage, in the four languages read. */
const TAKEN_OUT =
  /(?<!\p{L})(?:loans?|insurance|cover|polic(?:y|ies)|mortgages?|credit|\p{L}*versicherung\p{L}*|kredit\p{L}*|darlehen|hypothek\p{L}*|assurances?|pr[e\u00ea]ts?|cr[e\u00e9]dits?|hypoth[e\u00e8]ques?|seguros?|pr[e\u00e9]stamos?|cr[e\u00e9]ditos?|hipotecas?|p[o\u00f3]lizas?)(?!\p{L})/iu;

/**
 * What taking up a concept means by the thing it offers, said first: an app or an online service is used (even one
 * for a permit or a national-insurance record), a loan, cover or a policy is taken out. Undefined for anything else.
 */
function headAct(concept: string): string | undefined {
  const head = concept.split(HEAD_END)[0] ?? "";
  if (DIGITAL.test(head)) return "use it";
  if (TAKEN_OUT.test(head)) return "take it out";
  return undefined;
}

export function conceptAct(pack: DomainPack, concept = ""): string {
  const byHead = headAct(concept);
  // A paid app of a shop's field is still bought; a public or free one is used.
  if (byHead === "take it out" || (byHead && (!pack.commercial || publicOffer([concept])))) return byHead;
  // "Take it out" is said of a loan, cover or a policy only: anything else of such a field is signed up for.
  if (pack.act === "take it out" && concept && !TAKEN_OUT.test(concept)) return byHead ?? "sign up for it";
  if (!pack.commercial && PERMIT.test(concept)) return "apply for it";
  if (pack.commercial && pack.act === "switch to it" && DEVICE.test(concept) && !SUPPLY.test(concept)) return "buy it";
  if (pack.commercial) return pack.act === "buy it" ? "buy it" : pack.act;
  switch (pack.domain) {
    case "charity":
      return "support it";
    case "workplace":
      return "take it up";
    case "education":
      return "sign up for it";
    case "housing":
      return "apply for it";
    default:
      return "use it";
  }
}

/** Acts a message can ask for, by what the messages speak of: "Book your free flu jab" asks people to get vaccinated. */
const MESSAGE_ACTS: Array<[RegExp, string]> = [
  [
    /\b(?:give blood|blood donors?|donate blood|don de sang|donner (?:son|du) sang|blut ?spende\w*|blut spenden|donar sangre|donaci[o\u00f3]n de sangre)\b/iu,
    "give blood",
  ],
  [/\b(?:vaccin\w*|jabs?|booster|immunis\w*|impf\w*|vacun\w*)\b/iu, "get vaccinated"],
  [
    /\b(?:screen(?:ing|ed)?|smear|check-?ups?|mammogram|test(?:ed)? for|cervical checks?|pap tests?)\b/iu,
    "go for the check-up it offers",
  ],
  [/\b(?:stop|quit|give up) smoking\b|\bsmoke-?free\b/iu, "try to stop smoking"],
  [/\b(?:donat\w*|gives?|giving|sponsor)\b/iu, "donate"],
  [/\b(?:recycl\w*)\b/iu, "recycle more"],
  [
    /\b(?:slow(?:ing)? down|langsamer|tempo ?30|ralenti\w*|lev(?:er|ez) le pied|reduc\w* (?:la )?velocidad|m[a\u00e1]s despacio)\b/iu,
    "slow down",
  ],
  [/\b(?:driv\w*|glovebox|speeding|seat ?belts?|road)\b/iu, "drive more safely"],
  // Checking one's registration and registering are what a registration campaign asks, not turnout.
  [
    /\b(?:check (?:your |their |his |her )?(?:voter )?registration|check (?:you|they) are registered|check (?:the )?electoral (?:register|roll)|v[e\u00e9]rifi\w* (?:leur|son|sa|votre|ton|ta) inscription|w[a\u00e4]hlerverzeichnis\w* (?:pr[u\u00fc]f|kontrollier|nachseh)\w*|im w[a\u00e4]hlerverzeichnis (?:pr[u\u00fc]fen|nachsehen)|(?:comprob|comprueb|verific|consult)\w* (?:su |tu )?(?:inscripci[o\u00f3]n|censo electoral|el censo electoral))\b/iu,
    "check the electoral register",
  ],
  [
    /\b(?:register to vote|voter registration|get registered|s['\u2019]inscrire sur (?:les|la) listes? [e\u00e9]lectorales?|ins w[a\u00e4]hlerverzeichnis eintragen|inscribirse en el censo)\b/iu,
    "register to vote",
  ],
  [/\b(?:vot(?:e|es|ed|ing))\b/iu, "vote"],
  [/\b(?:volunteer\w*)\b/iu, "volunteer"],
  [/\b(?:appl(?:y|ies|ied|ying)|applications?)\b/iu, "apply"],
  [/\b(?:sign up|join|enrol\w*)\b/iu, "sign up"],
  [/\b(?:save energy|turn (?:it )?down|insulat\w*)\b/iu, "save energy at home"],
];

/** Whether a text speaks of an act: its verb ("vote", "donate", "use") in any of its forms. */
function actNamed(act: string, text: string): boolean {
  const verb = act.split(" ")[0] as string;
  return new RegExp(String.raw`\b${verb.replace(/e$/, "")}\w*`, "i").test(text);
}

/** Verbs an act opens with when a brief writes it bare, after "make parents …". */
const BARE_VERBS =
  "go|get|take|wear|call|test|walk|use|book|stop|start|check|wash|report|keep|drink|eat|cycle|sign|join|give|tell|see|visit|switch|turn|put|bring|try|ask|talk|register|vote|donate|recycle|apply|enrol|enroll";

/**
 * Where a named act stops being the act: its reason, its alternative, a clause that starts another ask, or a second
 * act ("register your decision online and tell your family": the first is the one a message is rated on).
 */
const ACT_END = new RegExp(
  String.raw`\s+(?:so that|because|rather than|instead of|and (?:which|whether|what|how|see|find|learn|compare)|or not|and (?=(?:${BARE_VERBS})\s))\b.*$`,
  "i",
);

/** Where an English brief names its act: "get X to …", "the behaviour we want: …", "make X …" with a bare verb. */
const ENGLISH_ACT_CLAUSES: readonly RegExp[] = [
  new RegExp(
    String.raw`\b(?:make|makes|get|gets|encourage|encourages|persuade|persuades|convince|nudge|prompt|move|motivate|motivates|inspire|push|lead|want|wants|ask|asks|invite|invites|urge|urges)\s+(?:more\s+)?(?:(?!(?:${BARE_VERBS})\s)[a-z]+\s+){1,6}?(?:most\s+)?(?:likely\s+)?to\s+([a-z][^.;:!?,\n"\u201c\u201d()]*)`,
    "i",
  ),
  /\b(?:the (?:act|action|ask|call to action|behaviou?r)(?: we (?:want|seek|ask for))?|the behaviou?r we want(?: to see)?|desired behaviou?r|target behaviou?r)\s*(?:is\s+(?:to\s+)?|:\s*(?:to\s+)?)["\u201c]?([a-z][^.;:!?,\n"\u201c\u201d()]*)/i,
  // "most likely to make parents walk their children to school": make, then who, then the bare act.
  new RegExp(
    String.raw`\b(?:make|makes|help|helps|have)\s+(?:more\s+)?(?:[a-z]+\s+){1,6}?((?:${BARE_VERBS})\s[^.;:!?,\n"\u201c\u201d()]*)`,
    "i",
  ),
];

/**
 * The act an English brief names in its own words ("get parents to book a free trial session", "we want drivers to
 * slow down near schools", "the behaviour we want: test your smoke alarm"), said to the respondent ("tell your
 * family"), or undefined. A phrase of more than ten words is not spliced: the writer says less rather than paste a clause.
 */
export function namedAct(brief: string): string | undefined {
  // The first clause that names an act: "make parents go straight to a hospital" is no act "to a hospital".
  for (const clause of ENGLISH_ACT_CLAUSES) {
    const phrase = clause.exec(brief)?.[1]?.replace(ACT_END, "").trim();
    if (!phrase) continue;
    const words = phrase.split(/\s+/);
    // "be" or "know" is no act a message asks; neither is a phrase too long to read as one.
    if (words.length > 10 || /^(?:be|know|understand|see|feel|think|learn|the|a|an)$/i.test(words[0] as string))
      continue;
    return phrase
      .replace(/\b(?:their|his|her)\b/gi, "your")
      .replace(/\bthemselves\b/gi, "yourself")
      .replace(/\b(?:them|they)\b/gi, "you");
  }
  return undefined;
}

/**
 * The clause where a German, French or Spanish brief names the act it wants: "dazu bringen, … zu tragen", "inciter …
 * à trier", "animar a … a usar", or after "Gewünschtes Verhalten:", "comportement visé :", "conducta buscada:".
 */
const FOREIGN_ACT_CLAUSES: readonly RegExp[] = [
  /\bdazu(?:\s+\p{L}+){0,2},\s*([^.?!;\n]+)/iu,
  /\b(?:verhalten|handlung|zielverhalten)\s*:\s*([^.?!;\n]+)/iu,
  /\b(?:incit\p{L}*|pouss\p{L}*|encourag\p{L}*|motiv\p{L}*|amen\p{L}*|convain\p{L}*|persuad\p{L}*)\s[^.?!;\n]*?(?:\s\u00e0|\sde|\sd')\s*((?:se\s|s')?\p{L}+(?:er|ir|re)\b[^.?!;\n]*)/iu,
  /\b(?:comportement|geste|action)s?\s+(?:vis[e\u00e9]|attendu|souhait[e\u00e9])e?s?\s*:\s*([^.?!;\n]+)/iu,
  /\b(?:anim\p{L}*|convenc\p{L}*|motiv\p{L}*|incentiv\p{L}*|impuls\p{L}*|persuad\p{L}*|llev\p{L}*|lograr)\s[^.?!\u00bf\u00a1;\n]*?\s(?:a|de)\s+(\p{L}+(?:ar|er|ir)(?:se|la|lo|las|los)?\b[^.?!\u00bf\u00a1;\n]*)/iu,
  /\b(?:conducta|comportamiento|acci[o\u00f3]n)\s+(?:buscad|desead|esperad)\p{L}*\s*:\s*([^.?!\u00bf\u00a1;\n]+)/iu,
];

/** Acts a German, French or Spanish clause can name, said in English: the writer reads them, never pastes them. */
const FOREIGN_ACTS: Array<[RegExp, string]> = [
  [/(?<!\p{L})(?:helm\p{L}*|casque|casco)(?!\p{L})/iu, "wear a helmet"],
  [/(?<!\p{L})(?:gurt|sicherheitsgurt|ceinture|cintur[o\u00f3]n)(?!\p{L})/iu, "wear a seat belt"],
  [/(?:rauchen|fumer|fumar|zigarett)/iu, "stop smoking"],
  [
    /(?:m[u\u00fc]ll|abf[a\u00e4]ll\p{L}*|verpackung\p{L}*|trier|tri\s|d[e\u00e9]chets|emballages|basura|residuos|envases)/iu,
    "sort your waste",
  ],
  [/(?:testen|test\s|untersuch|vorsorge|d[e\u00e9]pist|prueba|cribado|chequeo|an[a\u00e1]lisis)/iu, "get tested"],
  [
    /(?:bus und bahn|[o\u00f6]pnv|[o\u00f6]ffentlich\p{L}* verkehr|transports? en commun|transporte p[u\u00fa]blico)/iu,
    "take public transport",
  ],
  [/(?:h[a\u00e4]nde|mains|manos)/iu, "wash your hands"],
  [/(?:krankenhaus|klinik|notaufnahme|h[o\u00f4]pital|urgences|hospital|urgencias)/iu, "go to a hospital"],
  [/(?:arzt|[a\u00e4]rztin|m[e\u00e9]decin|m[e\u00e9]dico|centro de salud|hausarzt)/iu, "see a doctor"],
  [/(?:organspend|organ\p{L}* spenden|don d'organes|[o\u00f3]rganos)/iu, "register as an organ donor"],
  [/(?:wasser sparen|[e\u00e9]conomiser l'eau|ahorrar agua)/iu, "save water"],
  [
    /(?:energie sparen|strom sparen|[e\u00e9]conomiser l'[e\u00e9]nergie|ahorrar energ[i\u00ed]a)/iu,
    "save energy at home",
  ],
  [/(?:fahrrad|radfahren|rad fahren|radeln|v[e\u00e9]lo|bicicleta)/iu, "cycle more"],
  [/(?:notruf|112|appeler le 15|llamar al)/iu, "call the emergency number"],
  [/(?:sport treiben|faire du sport|hacer ejercicio|hacer deporte)/iu, "exercise more"],
];

/** What a message asks of someone whose brief names an act the writer cannot say in English: nothing pasted. */
const ASKED_ACT = "do what it asks";

/** The act a German, French or Spanish brief names, said in English, or undefined where it names none. */
function foreignAct(brief: string): string | undefined {
  for (const clause of FOREIGN_ACT_CLAUSES) {
    const phrase = clause.exec(brief)?.[1]?.trim();
    if (!phrase) continue;
    return (
      MESSAGE_ACTS.find(([pattern]) => pattern.test(phrase))?.[1] ??
      FOREIGN_ACTS.find(([pattern]) => pattern.test(phrase))?.[1] ??
      ASKED_ACT
    );
  }
  return undefined;
}

/**
 * The act as "these messages" ask it: "act on them", "do what they ask", never "these messages … act on it".
 */
export function actOfMany(act: string): string {
  return act
    .replace(/\b(act on|respond to|follow) it$/, "$1 them")
    .replace(/\bwhat it asks$/, "what they ask")
    .replace(/\bthe check-up it offers$/, "the check-ups they offer");
}

/**
 * The act as a choice of one message asks it ("which of these messages would most make you want to…"): said of the one
 * message picked, so an act that points back at it is "do what it asks", never "act on them".
 */
export function actOfOne(act: string): string {
  return act
    .replace(/\b(?:act on|respond to|follow) (?:it|them)$/, "do what it asks")
    .replace(/\bwhat they ask$/, "what it asks");
}

/** Verbs a message opens a request with: "Call 108 at once", "carry a torch", "never walk barefoot". */
const IMPERATIVE = new RegExp(
  String.raw`(?:^|[:.!;]\s+|\s[-\u2013\u2014]\s+)(?:please\s+)?((?:never\s+|always\s+|don't\s+)?(?:${BARE_VERBS}|carry|lock|leave|read|speak|save|plan|pack|download|ring|text|share|cut|avoid|protect|learn|remember|wait|sleep|move|clean|cover|drive|slow|vote|register|donate|recycle)\b(?:\s+[\p{L}\d'-]+){0,3})`,
  "iu",
);

/**
 * What one message asks people to do: an act the vocabulary knows ("get vaccinated"), else its opening request
 * ("carry a torch"), or undefined where it asks nothing.
 */
export function ownAct(message: string): string | undefined {
  const known = MESSAGE_ACTS.find(([pattern]) => pattern.test(message))?.[1];
  if (known) return known;
  const found = IMPERATIVE.exec(message);
  if (!found?.[1]) return undefined;
  // The request's whole clause, to its punctuation, or none: "book your free cervical" is no act.
  const rest = message.slice((found.index ?? 0) + found[0].length);
  const tail = /^[^.!?;:,\u2013\u2014()"]*/u.exec(rest)?.[0] ?? "";
  const clause = `${found[1]}${tail}`.trim().replace(/\s+[-\u2013\u2014]$/u, "");
  return clause.split(/\s+/).length <= MAX_ACT_WORDS ? clause.toLowerCase() : undefined;
}

/** Longer than this, a request is a sentence, not an act to name beside the others. */
const MAX_ACT_WORDS = 12;

/**
 * What a set of messages asks people to do, or the field's own act ("act on it") when they say nothing plainer; `named`
 * says the brief named it, so it is asked even of a product's messages.
 */
export function messageAct(
  messages: readonly string[],
  pack: DomainPack,
  objective = "",
): { act: string; named: boolean } {
  // What the team says the messages are for ("envie de prendre rendez-vous pour un premier don de sang") is the act
  // they are judged on, whatever field the vocabulary took them for; else the messages' own act, or a product's.
  // An act the vocabulary knows, named at the phrase's start, keeps its own words ("check they are registered" is
  // checking the electoral register); a word further in ("before giving any remedy") is no act of its own.
  const inWords = namedAct(objective);
  if (inWords) {
    const known = MESSAGE_ACTS.find(([pattern]) => pattern.exec(inWords)?.index === 0)?.[1];
    return { act: known ?? inWords, named: true };
  }
  const foreign = foreignAct(objective);
  if (foreign) return { act: foreign, named: true };
  const aim = MESSAGE_ACTS.find(([pattern]) => pattern.test(objective))?.[1];
  if (aim) return { act: aim, named: true };
  if (pack.commercial) return { act: "find out more", named: false };
  const text = messages.join(" \n ");
  // The act the messages name most, the list's order breaking a tie: one "Give two hours a week" among three calls to
  // become a volunteer is no donation. A field's own act ("apply" for housing) only where the messages speak of it:
  // free information about tenants' rights asks nobody to apply, so it is judged on acting on it.
  let named: string | undefined;
  let most = 0;
  for (const [pattern, act] of MESSAGE_ACTS) {
    const count = (text.match(globalOf(pattern)) ?? []).length;
    if (count > most) {
      most = count;
      named = act;
    }
  }
  return { act: named ?? (actNamed(pack.act, text) ? pack.act : "act on it"), named: false };
}

/**
 * What matters most for a few subjects the vocabulary knows whose field's list would not fit (school meals are food
 * bought by a school, not a shop's price and range): undefined for the rest, which take their field's list.
 */
const SUBJECT_DRIVERS: Array<[RegExp, readonly string[]]> = [
  [
    /^school meals/,
    [
      "Healthy, balanced meals",
      "My child likes the food",
      "What it costs",
      "Convenience for the family",
      "How fresh the food is",
    ],
  ],
  [
    /^childcare/,
    ["Cost", "Opening hours", "Trust in the carers", "Distance from home or work", "Availability of places"],
  ],
  [
    /^seeing a doctor/,
    ["Getting an appointment quickly", "Being listened to", "Seeing the same doctor", "Distance", "Cost"],
  ],
  [/^renting a home/, ["Rent", "Location", "Condition of the home", "A fair landlord", "Length of the tenancy"]],
  [/^cycling/, ["Safe routes", "Somewhere to leave the bike", "Distance", "Weather", "Cost of a bike"]],
  [/^electric cars/, ["Purchase price", "Range", "Charging near home", "Running costs", "Choice of models"]],
  [
    /^recycling/,
    ["Knowing what goes in which bin", "Enough bins and collections", "Space at home", "Doing my bit", "Habit"],
  ],
  [/^coworking/, ["Price", "Location", "Quiet space to work", "Meeting other people", "Flexible terms"]],
  [/^social media/, ["Keeping in touch", "News and information", "Entertainment", "Privacy", "Time spent"]],
  [
    /^applying for/,
    [
      "Knowing whether I am eligible",
      "A short, simple form",
      "Knowing which documents I need",
      "Help when I get stuck",
      "Getting an answer quickly",
    ],
  ],
  [/^loyalty programmes/, ["Rewards worth having", "Ease of use", "Personal offers", "Privacy", "Where I can use it"]],
];

/**
 * Why people hold back, and what would help, for subjects whose field's lists would not fit: a form that costs nothing
 * is held back by eligibility and paperwork, never by its cost.
 */
const SUBJECT_REASONS: Array<[RegExp, Partial<Record<"barrier" | "leave" | "keep", readonly string[]>>]> = [
  [
    /^applying for/,
    {
      barrier: [
        "Not sure I am eligible",
        "The form is too long or complicated",
        "Missing documents or information",
        "Did not know about it or the deadline",
        "Something else",
      ],
      leave: [
        "Not sure I was eligible",
        "The form was too long or complicated",
        "Missing documents or information",
        "Missed the deadline",
        "Another reason",
      ],
      keep: [
        "Help filling it in",
        "A shorter, simpler form",
        "A reminder before the deadline",
        "Knowing early whether I qualify",
        "Nothing would",
      ],
    },
  ],
];

export function reasonsOfSubject(
  subject: string | undefined,
  kind: "barrier" | "leave" | "keep" | "choose",
): string[] | undefined {
  if (!subject || kind === "choose") return undefined;
  const found = SUBJECT_REASONS.find(([pattern]) => pattern.test(subject))?.[1][kind];
  return found ? [...found] : undefined;
}

/**
 * What earns trust in a field, for advice to show proof: a shop's reviews and guarantees, a business tool's
 * certifications, a public service's official standing; facts and who is behind it where the field is unknown.
 */
export function proofOf(pack: DomainPack): string {
  switch (pack.domain) {
    case "software":
      return "security certifications, customer names, case studies";
    case "finance":
    case "insurance":
      return "who regulates it, how money is protected, numbers";
    case "charity":
    case "volunteering":
      return "its charity number, what gifts achieve, independent ratings";
    case "general":
      return "who is behind it, facts and figures";
    default:
      return pack.commercial ? "reviews, guarantees, numbers" : "who runs it, official sources, facts and figures";
  }
}

/** The field of a subject the vocabulary names, where its words alone would not say it ("their work"). */
const SUBJECT_FIELDS: Array<[RegExp, Domain]> = [
  [/^(?:their work|working from home|working in the office)/, "workplace"],
  [/^public transport/, "transport"],
  [/^vaccination/, "public_health"],
  [/^(?:applying for benefits|dealing with public)/, "government"],
  [/^applying for student/, "education"],
  [/^giving to charity/, "charity"],
];

export function fieldOfSubject(subject: string | undefined): Domain | undefined {
  return subject ? SUBJECT_FIELDS.find(([pattern]) => pattern.test(subject))?.[1] : undefined;
}

export function driversOfSubject(subject: string | undefined): string[] | undefined {
  const found = subject ? SUBJECT_DRIVERS.find(([pattern]) => pattern.test(subject))?.[1] : undefined;
  return found ? [...found] : undefined;
}
