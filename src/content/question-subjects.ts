/**
 * What a question is about, and the answers a researcher would list for it: the names people choose among for "Which
 * bank do you use?", the reasons of the question's own field for "Why did you stop…?", the things that matter in
 * choosing a delivery slot, the money bands of a weekly food shop. `question-kinds.ts` decides the kind of answer a
 * question asks for; this module fills in options of that kind that fit its subject. Texts come in normalised (lower
 * case, single spaces).
 */

// --- Subjects people answer with a name ------------------------------------------------------------------------------

const AUX = "do|does|did|have|has|had|is|are|was|were|would|will|can|could|should";

/** Words after "which" that point at a list rather than name a kind of thing. */
const NOT_A_SUBJECT =
  /^(?:of|one|ones|these|those|is|are|was|were|would|do|did|does|option|options|answer|statement)\b/;

/**
 * The kind of thing a question asks people to name: "which bank do you use now" → "bank", "which grocery delivery apps
 * have you used" → "grocery delivery apps", "what is your favourite meal to cook" → "meal", "what kind of car do you
 * drive" → "car". Undefined when the question asks for no name.
 */
export function namedSubject(t: string): string | undefined {
  const which = new RegExp(String.raw`^which ((?:[a-z'&+-]+ ){0,3}?[a-z'&+-]+) (?:${AUX}) (?:you|your)\b`).exec(t);
  const kindOfThing = new RegExp(
    String.raw`^what (?:kind|type|sort|make|brand) of ((?:[a-z'&+-]+ ){0,2}?[a-z'&+-]+) (?:${AUX}) (?:you|your)\b`,
  ).exec(t);
  const favourite =
    /^(?:what|which) (?:is|was|are|were) your (?:favourite|favorite|main|usual|preferred|go-to|current) ((?:[a-z'&+-]+ ){0,2}?[a-z'&+-]+)(?: (?:to|for|in|at|when|that|of|with|from)\b.*)?\??$/.exec(
      t,
    );
  const who = /^who (?:is|are) your (?:main |current |usual )?((?:[a-z'&+-]+ ){0,2}?[a-z'&+-]+)\??$/.exec(t);
  const subject = (which ?? kindOfThing ?? favourite ?? who)?.[1];
  return subject && !NOT_A_SUBJECT.test(subject) ? subject : undefined;
}

interface NamedList {
  /** What the subject is called: matched against the named subject. */
  subject: RegExp;
  /** The usual names by country (ISO 3166 alpha-2), or for every country under "*". */
  names: Record<string, readonly string[]>;
  /** The way out, in the subject's words. */
  other: string;
  /**
   * `open_text` when people write a name that is coded into groups (a charity into its cause, a dish into its kind);
   * `single_choice` when they pick it from a list of names.
   */
  type: "single_choice" | "open_text";
}

/**
 * The subjects a questionnaire lists the usual names for, at most five names and a way out each (a supplied question has
 * 3 to 6 options). Shops, supermarkets and brands are not here: their answers are coded by kind of shop and brand.
 */
const NAMED_LISTS: readonly NamedList[] = [
  {
    subject: /\bgrocer(?:y|ies)\b.*\b(?:apps?|services?|deliver(?:y|ies))\b|\bonline (?:grocery|supermarket)\b/,
    names: {
      GB: ["Tesco", "Ocado", "Sainsbury's", "Asda", "Morrisons"],
      US: ["Walmart", "Instacart", "Amazon Fresh", "Kroger", "Target"],
      DE: ["REWE", "Flink", "Knuspr", "Picnic", "Amazon Fresh"],
    },
    other: "Another one",
    type: "single_choice",
  },
  {
    subject: /\b(?:takeaway|food delivery|meal delivery)\b/,
    names: {
      GB: ["Deliveroo", "Just Eat", "Uber Eats"],
      US: ["DoorDash", "Uber Eats", "Grubhub"],
      DE: ["Lieferando", "Uber Eats", "Wolt"],
    },
    other: "Another one",
    type: "single_choice",
  },
  {
    subject: /\bbanks?\b|\bbanking (?:app|provider)s?\b/,
    names: {
      GB: ["Barclays", "HSBC", "Lloyds", "NatWest", "Nationwide"],
      US: ["Chase", "Bank of America", "Wells Fargo", "Citi", "Capital One"],
      DE: ["Sparkasse", "Volksbank or Raiffeisenbank", "Deutsche Bank", "Commerzbank", "ING"],
    },
    other: "Another bank",
    type: "single_choice",
  },
  {
    subject: /\bpayment (?:method|option|type)s?\b|\bway(?:s)? (?:to|of) pay\b/,
    names: { "*": ["Debit card", "Credit card", "PayPal", "Apple Pay or Google Pay", "Buy now, pay later"] },
    other: "Another way to pay",
    type: "single_choice",
  },
  {
    subject: /\bcharit(?:y|ies)\b|\bcauses?\b|\bgood causes?\b/,
    names: {
      "*": [
        "A health or medical charity",
        "A children's charity",
        "An animal charity",
        "A homelessness or poverty charity",
        "An overseas aid charity",
      ],
    },
    other: "Another kind of charity",
    type: "open_text",
  },
  {
    subject: /\bstreaming (?:services?|apps?|platforms?)\b/,
    names: {
      GB: ["Netflix", "Amazon Prime Video", "Disney+", "BBC iPlayer", "NOW"],
      US: ["Netflix", "Amazon Prime Video", "Disney+", "Hulu", "Max"],
      DE: ["Netflix", "Amazon Prime Video", "Disney+", "RTL+", "Joyn"],
    },
    other: "Another service",
    type: "single_choice",
  },
  {
    subject: /\bmobile (?:network|provider|operator|phone provider)s?\b|\bphone network\b/,
    names: {
      GB: ["EE", "Vodafone", "O2", "Three", "giffgaff"],
      US: ["Verizon", "AT&T", "T-Mobile", "Cricket", "Mint Mobile"],
      DE: ["Telekom", "Vodafone", "O2", "1&1", "congstar"],
    },
    other: "Another network",
    type: "single_choice",
  },
  {
    subject: /\bbroadband\b|\binternet (?:provider|service|supplier)s?\b/,
    names: {
      GB: ["BT", "Sky", "Virgin Media", "TalkTalk", "Vodafone"],
      US: ["Xfinity", "Spectrum", "AT&T", "Verizon Fios", "Cox"],
      DE: ["Telekom", "Vodafone", "1&1", "O2", "Deutsche Glasfaser"],
    },
    other: "Another provider",
    type: "single_choice",
  },
  {
    subject: /\bcard (?:readers?|terminals?|machines?)\b|\bpayment terminals?\b/,
    names: {
      GB: ["SumUp", "Zettle by PayPal", "Square", "Dojo", "My bank's card machine"],
      US: ["Square", "Clover", "Toast", "Stripe Terminal", "PayPal Zettle"],
      DE: ["SumUp", "Zettle by PayPal", "My bank's terminal (Sparkasse, Volksbank)", "Payone", "Square"],
    },
    other: "Another card reader",
    type: "single_choice",
  },
  {
    subject: /\b(?:energy|electricity|gas) (?:supplier|provider|company)s?\b/,
    names: {
      GB: ["British Gas", "Octopus Energy", "E.ON Next", "OVO", "Scottish Power", "EDF"],
      DE: ["My local Stadtwerke", "E.ON", "Vattenfall", "EnBW", "Check24 or Verivox deal"],
    },
    other: "Another supplier",
    type: "single_choice",
  },
  {
    subject: /\b(?:smart)?phones?\b|\bmobile phone\b/,
    names: { "*": ["iPhone", "Samsung", "Google Pixel", "Xiaomi", "Motorola"] },
    other: "Another make",
    type: "single_choice",
  },
  {
    subject: /\b(?:web )?browsers?\b/,
    names: { "*": ["Chrome", "Safari", "Edge", "Firefox", "Samsung Internet"] },
    other: "Another browser",
    type: "single_choice",
  },
  {
    subject: /\bsearch engines?\b/,
    names: { "*": ["Google", "Bing", "DuckDuckGo", "Ecosia"] },
    other: "Another search engine",
    type: "single_choice",
  },
  {
    subject: /\bmessaging (?:apps?|services?)\b|\bchat apps?\b/,
    names: { "*": ["WhatsApp", "Messenger", "iMessage", "Telegram", "Signal"] },
    other: "Another app",
    type: "single_choice",
  },
  {
    subject: /\baccounting (?:software|tools?|apps?|packages?)\b|\bbookkeeping (?:software|tools?|apps?)\b/,
    names: {
      GB: ["Xero", "QuickBooks", "Sage", "FreeAgent", "A spreadsheet"],
      US: ["QuickBooks", "Xero", "FreshBooks", "Wave", "A spreadsheet"],
      DE: ["DATEV", "Lexware", "sevDesk", "lexoffice", "A spreadsheet"],
    },
    other: "Another tool",
    type: "single_choice",
  },
  {
    subject: /\btime[- ]?tracking (?:tools?|software|apps?)\b|\btime trackers?\b/,
    names: { "*": ["Toggl Track", "Harvest", "Clockify", "Timely", "A spreadsheet"] },
    other: "Another tool",
    type: "single_choice",
  },
  {
    subject: /\bproject management (?:tools?|software|apps?)\b/,
    names: { "*": ["Asana", "Trello", "Jira", "Monday.com", "Notion"] },
    other: "Another tool",
    type: "single_choice",
  },
  {
    subject: /\b(?:meals?|dish(?:es)?|recipes?|food to cook)\b/,
    names: {
      "*": [
        "Pasta or noodles",
        "A curry or stir-fry",
        "A roast or a bake",
        "A salad or something light",
        "Soup or stew",
      ],
    },
    other: "Something else",
    type: "open_text",
  },
  {
    subject: /\bcuisines?\b/,
    names: { "*": ["Italian", "Indian", "Chinese", "Mexican", "Japanese"] },
    other: "Another cuisine",
    type: "single_choice",
  },
];

/**
 * A written name people give, coded by how they answered, when the subject is one no list covers ("Which podcast do
 * you listen to most?"): a report never leads with it (see `isNeutralCoding`).
 */
export const NEUTRAL_CODING = ["Named one", "Named more than one", "Don't know or can't remember", "None"] as const;

/** Whether a question's options are the neutral coding of names: nothing a finding can be about. */
export function isNeutralCoding(options: readonly string[]): boolean {
  return options.length === NEUTRAL_CODING.length && NEUTRAL_CODING.every((label, i) => options[i] === label);
}

/** Subjects whose answers the question writer reads elsewhere: a shop's or a brand's kind, or the goal's items. */
export const CODED_ELSEWHERE =
  /\b(?:supermarkets?|shops?|stores?|retailers?|brands?|features?|messages?|headlines?|taglines?|slogans?|claims?|compan(?:y|ies)|providers?|suppliers?|device|country|region|age|gender)\b/;

/** Whether a list of names covers the subject ("broadband provider", "brand of phone"). */
export function listsNamesFor(subject: string): boolean {
  return NAMED_LISTS.some((entry) => entry.subject.test(subject));
}

export interface NamedAnswers {
  options: string[];
  type: "single_choice" | "open_text";
}

/**
 * The names a researcher lists for a subject, for the first of the study's countries that has them, and the subject's
 * way out; the neutral coding when no list covers the subject (or none covers these countries).
 */
export function namedAnswers(subject: string, countries: readonly string[] = [], question = subject): NamedAnswers {
  // A generic subject ("Which provider do you use for broadband?") is named by the rest of the question.
  const generic = /^(?:(?:[a-z'-]+ )?(?:provider|supplier|company|service|app|tool|one|platform|network)s?)$/.test(
    subject,
  );
  const list = NAMED_LISTS.find((entry) => entry.subject.test(subject) || (generic && entry.subject.test(question)));
  const names = list
    ? (list.names["*"] ??
      // Names of the study's countries; the UK's when it names none. A country without a list gets the neutral coding,
      // never another country's banks.
      (countries.length ? countries : ["GB"]).map((code) => list.names[code]).find((found) => found !== undefined))
    : undefined;
  if (!list || !names) return { options: [...NEUTRAL_CODING], type: "open_text" };
  return { options: [...names, list.other], type: list.type };
}

// --- The field a question is about, for reasons and what matters ----------------------------------------------------

type Field = "grocery" | "charity" | "banking" | "software" | "delivery" | "heating" | "invoicing" | "pets";

const FIELDS: Array<[Field, RegExp]> = [
  ["delivery", /\bdelivery (?:slots?|windows?|times?|options?)\b|\bslots?\b.*\bdeliver/],
  ["charity", /\bcharit|\bdonat|\bdonors?\b|\bfundrais|\bgood causes?\b|\bgiving\b/],
  ["grocery", /\bgrocer|\bsupermarket|\bfood shop|\bweekly shop|\bbasket\b|\bmeal kits?\b/],
  [
    "banking",
    /\bbank|\bcurrent accounts?\b|\bsavings? accounts?\b|\bmortgages?\b|\bcredit cards?\b|\bloans?\b|\bfintech\b/,
  ],
  [
    "software",
    /\bsoftware\b|\bsaas\b|\btools?\b|\bplatforms?\b|\bcrm\b|\bagenc(?:y|ies)\b|\bteams?\b|\bb2b\b|\bworkspace\b/,
  ],
  ["heating", /\bheating\b|\bthermostats?\b|\bboilers?\b|\bradiators?\b|\bheat pumps?\b/],
  ["invoicing", /\binvoic|\bpaperwork\b|\bbookkeeping\b|\breceipts\b|\brechnung/],
  ["pets", /\bdogs?\b|\bcats?\b|\bpets?\b|\bkibble\b|\bpuppy\b|\bkitten\b/],
];

function fieldOf(t: string): Field | undefined {
  return FIELDS.find(([, pattern]) => pattern.test(t))?.[0];
}

type Intent = "barrier" | "abandon" | "churn" | "choose" | "persist" | "trigger" | "persuade";

/** What a "why" question asks the reasons for: what holds people back, why they gave up half-way, left, or chose. */
function intentOf(t: string): Intent | undefined {
  // "Why do tradespeople still send paper invoices?": why an old way holds on.
  if (/\bwhy\b.*\bstill\b/.test(t)) return "persist";
  // "What would make you turn the heating on earlier?": what sets a behaviour off.
  if (/\bwhat (?:would|could|might) make you\b|\bwhat makes you\b/.test(t) && fieldOf(t) === "heating")
    return "trigger";
  // "What would make you switch?": what would win people over, not why they left.
  if (/\bwhat (?:would|could|might) (?:make|get|convince|persuade) (?:you|people|them)\b/.test(t)) return "persuade";
  if (
    /\bstops? (?:you|people|them|customers|users|shoppers)\b(?: \w+)? from\b|\bprevents?\b|\bputs? (?:you|people|them) off\b|\bput off\b|\bhold(?:s|ing)? (?:you|people|them) back\b|\bbarriers?\b|\bwhy (?:do|does|did|would|have) (?:you|people|they|[a-z]+s) (?:not|never)\b|\bwhy (?:don't|doesn't|didn't|wouldn't|haven't)\b/.test(
      t,
    )
  )
    return "barrier";
  if (
    /\babandon\w*|\bdrop(?:s|ped|ping)? (?:out|off)\b|\bg[ai]ves? up (?:on|during|half)|\b(?:not|never|didn't|don't|doesn't) (?:finish|complete)\w*|\b(?:leave|leaves|left|quit|quits|stop|stops|stopped) (?:\w+ )?(?:onboarding|sign[- ]?up|checkout|registration|application)\b/.test(
      t,
    )
  )
    return "abandon";
  if (
    /\b(?:cancel|stop|stopped|stopping|leave|leaving|left|quit|unsubscribe|give up|gave up|churn|lapse|switch(?:es|ed|ing)?\b(?! to\b)|not (?:buy|use|renew))\w*/.test(
      t,
    ) &&
    !/\bkept you|\bkeep you|\bmake you stay\b/.test(t)
  )
    return "churn";
  if (
    /\bwhy\b.*\b(?:choose|chose|buy|bought|use|pick|join|subscribe|prefer|go with|give|donate|switch(?:ed)? to)\b/.test(
      t,
    )
  )
    return "choose";
  return undefined;
}

/** Reasons by intent, for a field and for any field: four themes a coder would use and a way out. */
const REASONS: Record<Intent, Partial<Record<Field | "any", readonly string[]>>> = {
  barrier: {
    grocery: [
      "Delivery costs or minimum spend",
      "I like to choose items myself",
      "No delivery slot when I need one",
      "Worries about substitutions or freshness",
      "Something else",
    ],
    charity: [
      "Can't afford it right now",
      "Not sure where the money goes",
      "Prefer to give in other ways",
      "Never been asked",
      "Something else",
    ],
    banking: [
      "Switching seems like a hassle",
      "Happy with what I have",
      "Worried about security",
      "Fees or charges",
      "Something else",
    ],
    software: [
      "The price",
      "Takes time to set up",
      "The current way works well enough",
      "Hard to get the team on board",
      "Something else",
    ],
    any: ["The cost", "Not sure it is worth it", "Too much hassle", "Don't trust it yet", "Something else"],
  },
  abandon: {
    grocery: [
      "Does not deliver to my area",
      "Asked for too much before showing prices",
      "Had to create an account first",
      "Delivery costs or minimum spend",
      "Another reason",
    ],
    banking: [
      "Asked for too many documents",
      "The identity check failed or took too long",
      "Worried about security",
      "Not sure it was worth switching",
      "Another reason",
    ],
    any: [
      "Asked for too much information",
      "Took too long",
      "Unclear what to do next",
      "Worried about privacy or security",
      "Another reason",
    ],
  },
  churn: {
    charity: [
      "Money is tighter than it was",
      "Not sure where the money goes",
      "Prefer to give now and then",
      "Started giving to another cause",
      "Another reason",
    ],
    banking: [
      "Fees or charges",
      "A better rate elsewhere",
      "Poor service or app",
      "A change in my circumstances",
      "Another reason",
    ],
    software: [
      "Too expensive for what we used",
      "Missing a feature we needed",
      "Moved to another tool",
      "Hard to get the team using it",
      "Another reason",
    ],
    grocery: [
      "Delivery costs or minimum spend",
      "Missing or substituted items",
      "Cheaper to shop in person",
      "Found a better service",
      "Another reason",
    ],
    any: [
      "Too expensive",
      "Did not use it enough",
      "Found something better",
      "More hassle than expected",
      "Another reason",
    ],
  },
  choose: {
    software: [
      "The price",
      "Easy to use",
      "Has the features we need",
      "Works with the other tools I use",
      "Recommended to me",
    ],
    charity: [
      "The cause matters to me",
      "Trust in how they use money",
      "A personal connection",
      "Asked by someone I know",
      "Another reason",
    ],
    banking: ["Low or no fees", "A good app", "Interest or rewards", "Customer service", "Another reason"],
    pets: [
      "Better for my pet's health",
      "My pet prefers it",
      "Natural or fewer ingredients",
      "Recommended by a vet or breeder",
      "Another reason",
    ],
    heating: ["To save money", "To stay comfortable", "Someone at home feels the cold", "Habit", "Another reason"],
    any: ["Saves time", "Good value", "Quality", "Recommended to me", "Another reason"],
  },
  persist: {
    invoicing: [
      "Habit: it has always worked",
      "Customers ask for paper",
      "No software, or it is too complicated",
      "Worries about data protection or tax rules",
      "The cost of switching",
      "Another reason",
    ],
    any: [
      "Habit: it works well enough",
      "Switching seems like a hassle",
      "The alternatives cost more",
      "Don't trust the alternatives",
      "Another reason",
    ],
  },
  persuade: {
    software: ["A lower price", "The features we are missing", "Easier to use", "Better support", "Nothing would"],
    any: [
      "A lower price",
      "Something that works better",
      "Easier to use",
      "A recommendation from someone I trust",
      "Nothing would",
    ],
  },
  trigger: {
    heating: [
      "Colder weather",
      "Someone at home who feels the cold",
      "Working from home more",
      "Lower energy prices",
      "Damp or condensation",
      "Something else",
    ],
    any: ["A change in my routine", "A lower price", "Someone else's needs", "Something else", "Don't know"],
  },
};

/**
 * The themes reasons are coded into, for what the question asks the reasons for and the field it is about: "What stops
 * you from ordering groceries online?" gets what holds people back from a food shop online, "Why did you stop
 * donating monthly?" why donors lapse. Undefined when it asks for no reasons of a known intent.
 */
export function reasonThemes(t: string, only?: readonly string[], anyField = true): string[] | undefined {
  const intent = intentOf(t);
  if (!intent || (only && !only.includes(intent))) return undefined;
  const byField = REASONS[intent];
  const field = fieldOf(t);
  const own = field ? byField[field] : undefined;
  // The lists for any field are a shopper's ("A lower price"): a caller writing for what is not bought asks for none.
  if (!own && !anyField) return undefined;
  return [...(own ?? (byField.any as readonly string[]))];
}

const DRIVERS: Partial<Record<Field | "any", readonly string[]>> = {
  delivery: [
    "A low delivery charge",
    "A short delivery window",
    "A slot at the time I want",
    "Same-day or next-day delivery",
    "Arriving on time",
  ],
  grocery: ["Price", "Quality and freshness", "Range of products", "Delivery or collection options", "Loyalty rewards"],
  banking: ["Low or no fees", "Interest rates", "A good app", "Customer service", "Security"],
  software: ["Price", "Ease of use", "Features", "Works with the other tools I use", "Customer support"],
  charity: ["The cause", "How the money is spent", "Trust in the charity", "Giving easily", "Hearing what my gift did"],
  any: ["Price", "Quality", "Convenience", "Brand reputation", "Recommendations from others"],
};

/** What can matter most in a choice, in the words of the field the question is about ("in a delivery slot"). */
export function driversFor(t: string): string[] {
  return fieldDrivers(t) ?? [...(DRIVERS.any as readonly string[])];
}

/** What matters most in the field a question is about, when the writer knows that field's own words. */
export function fieldDrivers(t: string): string[] | undefined {
  const field = fieldOf(t);
  const own = field ? DRIVERS[field] : undefined;
  return own ? [...own] : undefined;
}

// --- Money people spend on a kind of thing ---------------------------------------------------------------------------

/** Weekly amounts people spend, by what on (in pounds, dollars or euros alike): essentials have no "Nothing". */
const SPENDING: Array<{ on: RegExp; weekly: readonly number[]; essential: boolean; once?: boolean }> = [
  { on: /\btakeaways?\b|\beating out\b|\brestaurants?\b|\bfood delivery\b/, weekly: [5, 10, 25, 50], essential: false },
  { on: /\bgrocer|\bfood shop|\bweekly shop|\bsupermarket|\bfood\b/, weekly: [25, 50, 75, 100, 150], essential: true },
  { on: /\b(?:rent|mortgage)\b/, weekly: [100, 175, 250, 350, 450], essential: true },
  { on: /\b(?:energy|electricity|gas|utility|utilities|bills?)\b/, weekly: [10, 25, 40, 60], essential: true },
  { on: /\bclothes\b|\bclothing\b|\bfashion\b/, weekly: [5, 10, 25, 50], essential: false },
  { on: /\bcoffee\b|\bsnacks?\b|\blunch(?:es)?\b/, weekly: [3, 5, 10, 20], essential: false },
  // One-off purchases, asked without a period ("your last holiday", "a new car"): weekly amounts of about a year.
  { on: /\bholidays?\b|\bvacations?\b|\btrips? abroad\b/, weekly: [10, 20, 40, 80], essential: false, once: true },
  {
    on: /\bnew car\b|\bused car\b|\b(?:a|your next|your last) car\b/,
    weekly: [100, 200, 400, 600],
    essential: true,
    once: true,
  },
];

/** How many weeks a question's period holds, from its words: "in a typical week" 1, "a month" about 4.3, "a year" 52. */
export function weeksIn(t: string): number | undefined {
  if (/\b(?:a|per|each|every|one|in a|in an?(?: \w+)?|typical|usual|average|normal) week\b|\bweekly\b/.test(t))
    return 1;
  if (/\b(?:a|per|each|every|one|in a|in an?(?: \w+)?|typical|usual|average|normal) month\b|\bmonthly\b/.test(t))
    return 52 / 12;
  if (/\b(?:a|per|each|every|one|in a|in an?(?: \w+)?|typical|usual|average|normal) year\b|\byearly\b|\bannual/.test(t))
    return 52;
  return undefined;
}

/** The nearest of 1, 1.5, 2, 2.5, 3, 4, 5, 7.5 times a power of ten: amounts a questionnaire would print. */
function roundAmount(amount: number): number {
  const power = 10 ** Math.floor(Math.log10(amount));
  const steps = [1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10].map((step) => step * power);
  return steps.reduce((best, step) => (Math.abs(step - amount) < Math.abs(best - amount) ? step : best));
}

/**
 * The thresholds of money bands for spending on a kind of thing over the question's period ("groceries in a typical
 * week": 25 to 150; "a month": about four times that), and whether "Nothing" is an answer (never for essentials).
 * Undefined when the question names no kind of spending the table knows.
 */
export function spendingBands(t: string): { thresholds: number[]; nothing: boolean } | undefined {
  const kind = SPENDING.find((entry) => entry.on.test(t));
  if (!kind) return undefined;
  const weeks = weeksIn(t) ?? (kind.once ? 52 : kind.essential ? 1 : 52 / 12);
  const thresholds = [...new Set(kind.weekly.map((amount) => (weeks === 1 ? amount : roundAmount(amount * weeks))))];
  return { thresholds, nothing: !kind.essential };
}
