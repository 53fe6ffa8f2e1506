import { countryWords } from "./audience.js";
import { type People, peopleFor } from "./fake.js";
import type { Plan, Simulation, UserModel } from "./inputs.js";
import { conversionRange, deviceKind, optionalStep, optionsOffered } from "./journey-tasks.js";
import { Random } from "./random.js";
import { startPage } from "./readable-url.js";
import { apportion, logistic, type Segment, segmentsOf } from "./results.js";
import { SCALES } from "./scales.js";
import { type SegmentTraits, topicOf } from "./segments.js";
import { domainOf, packOf, languageOf as textLanguage } from "./subject.js";

export interface JourneyResults {
  sessions: number;
  steps: string[];
  by_user_model: Array<{
    user_model_id: string;
    name: string;
    sessions: number;
    task_success_rate: number;
    median_steps: number;
    median_time_on_task_seconds: number;
    drop_off_by_step: Array<{ step: string; reached: number; dropped: number }>;
    common_paths: Array<{ path: string[]; share: number }>;
    /**
     * `participant`: the simulated person quoted, from the user model's own traits: a first name of its country, an
     * age within its age range, the country, and a note when the quote is translated from its language.
     */
    friction_points: Array<{ step: string; issue: string; quote: string; participant: string }>;
    /** First-impression tests only: what people took in during the first seconds on the page. */
    impressions?: Impressions;
  }>;
}

/**
 * What a segment's sessions of a first-impression test took from the page in its first seconds, each list's shares in
 * whole sessions summing to 1: what they noticed first, what they think the page is for (`correct` when that is what
 * it offers), how far they trust it, and what they would click next (`intended` for the page's main button).
 */
export interface Impressions {
  median_attention_seconds: number;
  noticed_first: Array<{ element: string; share: number }>;
  understood_as: Array<{ answer: string; correct: boolean; share: number }>;
  trust: Array<{ level: string; share: number }>;
  next_click: Array<{ target: string; intended: boolean; share: number }>;
  /**
   * Each question of the test with the share of every session that could answer it from the first screen; a yes-or-no
   * question the client asked ("Is it clear what it costs?") also carries what they answered, of every session.
   */
  answers: Array<{ question: string; answered: number; replies?: Array<{ answer: string; share: number }> }>;
}

/** The answers to a client's yes-or-no question of a first-impression test, the last for those who could not tell. */
export const REPLIES = ["Yes", "Partly", "No", "Could not tell from the first screen"] as const;

/**
 * A question answered yes or no rather than in a few words, in English, German, French or Spanish ("Is it clear…?",
 * "Ist klar, dass…?", "Est-ce clair… ?", "¿Queda claro…?"): its answers are yes, partly, no or could not tell.
 */
const CLOSED = new RegExp(
  [
    String.raw`^(?:is|are|does|do|did|can|could|would|will|has|have|was|were|should)\b`,
    String.raw`^(?:ist|sind|gibt|kann|k[o\u00f6]nnen|k[o\u00f6]nnten|w[u\u00fc]rden?|hat|haben|wird|wei[s\u00df]|erkennt|erkennen|versteht|verstehen|sieht|sehen)\b`,
    String.raw`^(?:est-ce|est-il|est-elle|sont-ils|sont-elles|peut-on|pouvez-vous|savez-vous|voyez-vous|y a-t-il|comprenez-vous|vous attendriez-vous|vous attendez-vous|trouvez-vous|sait-on|voit-on|comprend-on)\b`,
    String.raw`^\u00bf?\s*(?:es|est[a\u00e1]n?|queda|quedan|se entiende|se ve|se sabe|puede|puedes|podr[i\u00ed]a|sabe|sabes|hay|tiene|esperar[i\u00ed]a|esperas|entiende)\b`,
  ].join("|"),
  "iu",
);

/** What opens a question asked in a few words: "What…", "Wie…", "Comment…", "¿Qué…", "Describe…". */
const OPEN_START =
  /^(?:\u00bf\s*)?(?:what|which|who|whom|whose|how|why|where|when|describe|name|tell|was|welche\w*|wer|wen|wem|wie|warum|weshalb|wieso|wo\w*|wann|beschreiben|nennen|que|qu['\u2019]\w*|quoi|qui|comment|pourquoi|o\u00f9|quand|quel\w*|combien|d\u00e9crivez|qu\u00e9|qui\u00e9n\w*|c\u00f3mo|por qu\u00e9|d\u00f3nde|cu\u00e1ndo|cu\u00e1l\w*|cu\u00e1nt\w*|describa|describe)(?![\p{L}])/iu;

/**
 * Whether a client's question is answered yes or no: one opening as `CLOSED` does, or any question that opens with its
 * verb rather than a question word and offers no choice ("Vertrauen Sie der Seite?", "¿Confiarías en ella?", "Feriez-vous
 * confiance à ce site ?").
 */
function closedQuestion(question: string): boolean {
  const q = question.trim();
  // "Was bietet …?" asks what; "Was it clear…?" asks yes or no.
  if (OPEN_START.test(q) && textLanguage(q) !== "en") return false;
  if (CLOSED.test(q)) return true;
  return /\?\s*$/.test(q) && !OPEN_START.test(q) && !/(?<![\p{L}])(?:or|oder|ou|o)(?![\p{L}])/iu.test(q);
}

/**
 * A question of what people expect ("Would you expect to…?", "Würden Sie erwarten…", "Vous attendriez-vous…",
 * "¿Esperaría…?"): a "no" says what they assume, not that the page failed to answer it.
 */
export const EXPECTATION =
  /\bexpect(?:ed)?\b|\berwart\w*|\battendr\w*|\battendez\b|\besperar\w*|\besperas?\b|\besperaba\b/iu;

type Device = "desktop" | "mobile";

interface Friction {
  /** The steps it can happen at. */
  when: RegExp;
  issue: string;
  quote: string;
  /** Only on this kind of device (a hover problem needs a mouse, a hidden menu icon a small screen). */
  device?: Device;
  /** Something a glance at one page can show (a first-impression test has no forms, menus or checkout to fail at). */
  glance?: true;
  /** Only where the journey sells goods that are delivered (true), or only where it does not (false). */
  goods?: boolean;
  /** Not once an earlier step has done this (no "asks for an account" after the account was made). */
  unlessAfter?: RegExp;
  /** Only in journeys whose task speaks of this (an account application, a tax return, a device to set up). */
  domain?: RegExp;
  /** Only where the journey takes a payment (ordering a bank's debit card is not a checkout). */
  paid?: true;
  /** Only where the payment is a price for something sold (a donation has no VAT, plans or totals to hide). */
  sold?: true;
  /** Other ways participants put the same problem: no two participants of one study are quoted saying the same. */
  alsoSaid?: readonly string[];
  /** A problem of filling in a form: never at a step that only looks at something (opening a profile, browsing). */
  form?: true;
  /** Says there are many options: only where the brief offers more than three at the step, or gives no count. */
  many?: true;
}

/** A step of looking, not filling in: "Open a dog's profile", "Browse dogs", "Check home requirements". */
const LOOKING = /^(?:open|view|browse|read|look at|see|check|compare|find|search|scan|watch)\b/i;

/** Whether the journey takes a payment: it speaks of paying, buying, a basket, a price or a subscription. */
function takesPayment(texts: readonly string[]): boolean {
  return /\bpay(?:s|ing|ment)?\b|checkout|check out|\bbuy|purchase|basket|\bcart\b|subscri|\bprice|[\u00a3$\u20ac]|discount|voucher/i.test(
    texts.join(" "),
  );
}

/** A page's address that says it informs: rules, guidance, help, rights, opening hours, a condition's page. */
const INFORMATION_PAGE =
  /[/.-](?:rules?|guid\w*|help|faq|conditions?|rights|haklar\w*|info\w*|advice|hours|opening\w*|accessib\w*|step-free|polic\w*|check-\w+|bin-\w+|baggage|regeln|hilfe|aide|ayuda)\b/i;

/** Whether a journey's words speak of goods that are delivered (a basket, an order, delivery), not a service sold. */
function sellsGoods(texts: readonly string[]): boolean {
  return /deliver|basket|\bcart\b|\bbag\b|shipping|parcel|\border(?:s|ed)?\b|meal kit|\bbox(?:es)?\b/i.test(
    texts.join(" "),
  );
}

const ACCOUNT =
  /\b(?:open|apply|application)\b.{0,40}\b(?:account|loan|mortgage|credit card)|current account|savings account|joint account/i;
const TAX = /\btax|\bvat\b|umsatzsteuer|steuer|elster|hmrc|self[- ]assessment|imp[o\u00f4]ts?\b/i;
const SETUP =
  /\b(?:set ?up|setup|pair|install|connect)\b.{0,40}\b(?:thermostat|device|app|boiler|hub|speaker|camera|router|meter)|thermostat|smart home/i;
const GOVERNMENT =
  /passport|driving licen[cs]e|visa|council|benefit|universal credit|residence permit|gov\.|government|one login|eligib|tax return|self[- ]assessment/i;
const HEALTH = /prescription|medication|medicine|pharmacy|\bgp\b|doctor|appointment|clinic/i;
const TRAVEL = /\btrain|\brail|ticket|return from|flight|journey planner|railcard/i;
/** A gift rather than a purchase: a donation, a sponsorship, a regular gift to a cause. */
const DONATION =
  /\bdonat\w*|\bdonors?\b|gift aid|\bsponsor\b|give monthly|\bgive\b.{0,20}\b(?:once|monthly|regularly)\b/i;

/**
 * Friction of a kind of task (a domain), at the steps where it happens. These come first: a step of an account
 * application fails at the identity check, not at a card number.
 */
const DOMAIN_FRICTION: Friction[] = [
  {
    domain: DONATION,
    when: /amount|how much|choose|select/i,
    issue: "The suggested amounts do not say what each would pay for",
    quote: "What does the smallest amount actually do? I'd give more if I knew.",
    alsoSaid: ["The amounts jump from small to a lot, with nothing in between."],
  },
  {
    domain: DONATION,
    when: /one-off|monthly|regular|frequency|how often/i,
    issue: "Monthly giving is ticked already, and the one-off choice is easy to miss",
    quote: "I wanted to give once. It had already ticked monthly for me.",
    alsoSaid: ["I couldn't see how to make it a single gift."],
  },
  {
    domain: DONATION,
    when: /payment|card|details|address/i,
    issue: "The form asks for more personal details than a gift seems to need",
    quote: "Why do they need my phone number and date of birth for a donation?",
    alsoSaid: ["I don't want to be phoned about giving more. Is that what the number is for?"],
  },
  {
    domain: DONATION,
    when: /confirm|complete|submit|thank/i,
    issue: "The confirmation does not say when the money will be taken or what happens next",
    quote: "Was that it? I wasn't sure it had gone through.",
  },
  {
    domain: GOVERNMENT,
    when: /sign in|log ?in|one login|identity|verify|account/i,
    issue: "Signing in sends a security code to a phone number people no longer have",
    quote: "It texted a code to my old number. There's no other way to get it.",
    alsoSaid: ["I had to set up the authenticator app first. That took longer than the form."],
  },
  {
    domain: GOVERNMENT,
    when: /eligib|check whether|can i|qualif/i,
    issue: "The eligibility rules turn on dates people have to look up",
    quote: "Issued after 2010? I had to go and find the old one to check.",
    alsoSaid: ["It asks if my name has changed 'in a way that affects the document'. What does that mean?"],
  },
  {
    domain: GOVERNMENT,
    when: /photo|picture|upload|document|scan/i,
    issue: "The photo check rejects the picture without saying how to fix it",
    quote: "Rejected for 'shadows'. I took it three times against the same wall.",
    alsoSaid: ["The file was too big, and it didn't say what size it wants."],
  },
  {
    domain: GOVERNMENT,
    when: /number|details|enter|form|fill/i,
    issue: "The form asks for a number from a document people do not have to hand",
    quote: "I had to stop and dig the old passport out of a drawer.",
    alsoSaid: ["Where on the card is that number? There's no picture showing it."],
  },
  {
    domain: GOVERNMENT,
    when: /pay|fee/i,
    issue: "The card payment times out during the bank's security check",
    quote: "My banking app asked me to approve it and by then the page had expired.",
  },
  {
    domain: GOVERNMENT,
    when: /reference|confirm|submit|finish|complete/i,
    issue: "The reference number is shown once and only emailed later",
    quote: "I closed the page before writing it down. Now what?",
  },
  {
    domain: ACCOUNT,
    when: /partner|second|joint|applicant|add|invite/i,
    issue: "Adding the second applicant sends them a link and the application waits until they finish",
    quote: "I thought we could do it together on my phone. Now it's stuck until he signs in.",
    alsoSaid: ["So she has to download the app too? Nobody said that at the start."],
  },
  {
    domain: ACCOUNT,
    when: /identity|\bid\b|verify|verif|passport|licence|selfie|photo|details|apply|open|application|account/i,
    issue: "The identity check rejects the photo of the driving licence without saying why",
    quote: "Third photo of my licence and it still says it can't read it.",
    alsoSaid: ["It wants a selfie holding my passport. In my kitchen? Really?"],
  },
  {
    domain: ACCOUNT,
    when: /address|details|apply|application|account|open/i,
    issue: "Three years of address history are asked for one address at a time",
    quote: "I've moved twice since 2022. I had to dig out old letters for the dates.",
    alsoSaid: ["Why do they need every flat I've lived in?"],
  },
  {
    domain: ACCOUNT,
    when: /confirm|submit|apply|application|agree|consent|review/i,
    issue: "The credit-check consent is worded as if it would hurt the credit score",
    quote: "Will this show up on my credit file? I didn't want to risk it.",
    alsoSaid: ["'Hard search' sounded scary, so I stopped there."],
  },
  {
    domain: ACCOUNT,
    when: /debit card|card|order/i,
    issue: "It is not clear whether the debit card is ordered automatically or has to be requested",
    quote: "Do I need to order the card or is it coming anyway?",
    alsoSaid: ["I ticked the card box twice because I wasn't sure the first one counted."],
  },
  {
    domain: TAX,
    when: /log ?in|sign in|certificate|zertifikat|anmeld|access|start|open/i,
    issue: "Signing in needs the certificate file and its password, which people keep elsewhere",
    quote: "The certificate is on the office PC. I can't do this from home.",
    alsoSaid: ["I'd forgotten which password goes with the certificate file."],
  },
  {
    domain: TAX,
    when: /form|fill|enter|figures|amount|kennzahl|line|box|return|submit|einreich|details/i,
    issue: "Fields are labelled with form line numbers, not with what goes in them",
    quote: "Line 81 or line 86? I had to look it up in the guidance.",
    alsoSaid: ["I kept switching to my accountant's notes to see which box is which."],
  },
  {
    domain: TAX,
    when: /check|review|validat|pr\u00fcf|submit|send|einreich|confirm/i,
    issue: "The check lists errors by field code at the end, not next to the field",
    quote: "It found two errors but I had to hunt for where they were.",
    alsoSaid: ["A plausibility warning, but no idea which number it didn't like."],
  },
  {
    domain: SETUP,
    when: /pair|connect|wi-?fi|network|bluetooth|code|hub|device|install|set ?up|setup/i,
    issue: "Pairing times out while people look for the code on the device",
    quote: "By the time I found the code on the back it had timed out.",
    alsoSaid: ["It couldn't see my Wi-Fi because it only works on 2.4 GHz. How would I know that?"],
  },
  {
    domain: SETUP,
    when: /boiler|wir|heating|install|connect|set ?up|setup/i,
    issue: "The boiler question assumes people know whether theirs is a combi",
    quote: "Combi or system? I had to go and look at the boiler.",
    alsoSaid: ["The wiring diagram didn't look like anything in my airing cupboard."],
  },
  {
    domain: SETUP,
    when: /schedule|timer|programme|program|away|mode|setting/i,
    issue: "The schedule editor sets one day at a time, with no way to copy weekdays",
    quote: "Five times the same thing for Monday to Friday? There must be a copy button.",
    alsoSaid: ["I couldn't tell if Away Mode was on or just selected."],
  },
  {
    domain: HEALTH,
    when: /reorder|repeat|prescription|medication|medicine|request|order/i,
    issue: "The repeat prescription list does not show which items are due",
    quote: "I couldn't tell which of my tablets I can reorder now.",
    alsoSaid: ["The names are the chemical ones, not what's on my box."],
  },
  {
    domain: HEALTH,
    when: /deliver|pharmacy|collect|address|home/i,
    issue: "Home delivery asks for a nominated pharmacy first and does not explain why",
    quote: "I just want it sent to my house. Why pick a pharmacy?",
    alsoSaid: ["It said delivery in 3 to 5 working days. I only have two days of tablets left."],
  },
  {
    domain: HEALTH,
    when: /appointment|book|slot|date|time|calendar/i,
    issue: "Free appointments are shown one day at a time",
    quote: "I clicked through a week of days just to find a free slot.",
    alsoSaid: ["'Add to calendar' downloaded a file. I didn't know what to do with it."],
  },
  {
    domain: TRAVEL,
    when: /search|find|cheap|fare|ticket|time|date|browse|return/i,
    issue: "The cheapest fares are hidden behind 'Show more' and the fare types are not explained",
    quote: "Off-peak, super off-peak, advance... which one can I actually use on Friday?",
    alsoSaid: ["I only found the cheaper ticket after I'd nearly paid for the dearer one."],
  },
  {
    domain: TRAVEL,
    when: /railcard|discount|passenger|traveller|seat/i,
    issue: "The railcard is asked for only after the fare is chosen, and the price then changes",
    quote: "I added my railcard and it changed the whole list of trains.",
    alsoSaid: ["Where do I put the railcard? I'd have booked the wrong price."],
  },
];

/** Friction a step of that kind shows, with what a participant said; the step itself is named beside it, so the issue says "this step". */
const FRICTION: Friction[] = [
  {
    when: /pay|payment|card details|checkout|check out|place the order/i,
    paid: true,
    sold: true,
    issue: "Delivery costs appear only at this step",
    quote: "Why is the price suddenly higher? I almost gave up.",
    goods: true,
  },
  {
    when: /pay|payment|card details|checkout|check out|subscri|plan chosen/i,
    paid: true,
    sold: true,
    issue: "VAT is added to the plan's price only at this step",
    quote: "The pricing page said one price. Why is it more now?",
    goods: false,
  },
  {
    when: /pay|payment|card details|checkout|check out/i,
    paid: true,
    issue: "The card form rejects spaces in the card number",
    quote: "It kept saying invalid card. It isn't.",
  },
  {
    when: /pay|payment|card details|checkout|check out/i,
    paid: true,
    issue: "No express payment option at this step",
    quote: "I don't want to type all my card details on a phone.",
    device: "mobile",
  },
  {
    when: /pay|payment|card details|checkout|check out|subscription confirmed/i,
    paid: true,
    sold: true,
    issue: "The total is not shown until after payment details",
    quote: "I want to see what it costs before I pay.",
  },
  {
    when: /delivery|checkout|check out|basket|cart/i,
    paid: true,
    sold: true,
    issue: "This step asks for an account before showing the total",
    quote: "I just want to see what it costs before I sign up.",
    unlessAfter: /account|sign ?up|sign-up|register|log ?in|log-in|sign in/i,
  },
  {
    when: /sign ?up|register|account|details|form|address|profile|trial|submit/i,
    form: true,
    issue: "Error messages appear far from the field",
    quote: "It said something was wrong but not what.",
    alsoSaid: ["A red message at the top, but which box was wrong?", "It just said error. Error where?"],
  },
  {
    when: /form|details|address|profile|submit/i,
    form: true,
    issue: "The form resets after one mistake",
    quote: "I had to fill it all in again. Annoying.",
  },
  {
    // Only where the step does not say how people identify themselves (a code by text, an email address).
    when: /^(?!.*\b(?:otp|codes?|phone|mobile|e-?mail|customer number|password|passkey|fingerprint|face id)\b).*\b(?:log-?in|log in|sign in)/i,
    issue: "This step does not say whether it wants an email address or a customer number",
    quote: "Is it my email or the number on the letter? It doesn't say.",
  },
  {
    when: /code|voucher|coupon/i,
    issue: "The code field only appears after the delivery details",
    quote: "I had the code ready and nowhere to put it.",
    goods: true,
  },
  {
    // Only at a step that makes a password: an account or a log-in, not a sign-up by text code or ID app.
    when: /account|password|log ?in|sign in/i,
    issue: "Password rules are only shown after a failed attempt",
    quote: "Tell me the rules first, then I'll follow them.",
  },
  {
    when: /form|details|address|sign ?up|register|account/i,
    issue: "The on-screen keyboard covers the button to continue at this step",
    quote: "I couldn't see the next button under the keyboard.",
    device: "mobile",
  },
  {
    when: /basket|cart|bag|add to/i,
    issue: "No confirmation that the item was added at this step",
    quote: "Did that work? Nothing seemed to happen.",
  },
  {
    when: /basket|cart|bag/i,
    issue: "The basket icon is easy to miss",
    quote: "Where did my basket go? I couldn't find it.",
  },
  {
    when: /search/i,
    issue: "Search here returns nothing for common spellings",
    quote: "I searched for it and it said no results.",
  },
  {
    when: /navigat|menu|find|browse/i,
    issue: "Navigation labels use internal jargon",
    quote: "I couldn't tell which menu item would get me there.",
    alsoSaid: [
      "The menu words are theirs, not mine. I guessed twice.",
      "Is it under Services or under Help? I tried both.",
    ],
  },
  {
    when: /navigat|menu/i,
    issue: "The menu hides behind an icon people miss",
    quote: "Where's the menu? I only found it by accident.",
    device: "mobile",
  },
  {
    when: /navigat|menu/i,
    issue: "The link people need is tucked under 'More' in the top menu",
    quote: "I had to open every menu to find it.",
    device: "desktop",
  },
  {
    when: /pricing|prices?\b|plan/i,
    paid: true,
    sold: true,
    issue: "The prices are two clicks away from this step",
    quote: "Why do I have to hunt for the price?",
  },
  {
    when: /choose|select|compare|browse|product|plan|option|range/i,
    issue: "Too many similar options at this step",
    quote: "They all look the same. Which one is for me?",
    alsoSaid: ["I read all of them and still couldn't pick.", "Why are there so many of nearly the same thing?"],
    many: true,
  },
  {
    when: /choose|select|compare|pick|plan|option|tier|size/i,
    issue: "What sets the options apart is not said at this step",
    quote: "I couldn't tell how they differ.",
    alsoSaid: ["They're described in the same words. What's the actual difference?"],
  },
  {
    when: /choose|select|compare|browse|product|range|search/i,
    issue: "Filters hide themselves on smaller screens",
    quote: "I knew there was a filter somewhere.",
    device: "mobile",
    // Filters are for long lists: not for a choice of two sizes.
    many: true,
  },
  {
    when: /compare|plan|pricing/i,
    paid: true,
    sold: true,
    issue: "What the dearer plan adds is buried in small print",
    quote: "I couldn't tell what the extra money gets me.",
  },
  {
    when: /call to action|cta|button|continue|start|begin|book|confirm|submit|complete/i,
    issue: "The call to action is below the fold on smaller screens",
    quote: "I kept scrolling and wasn't sure where to click.",
    device: "mobile",
  },
  {
    when: /call to action|cta|button|continue|confirm|submit|complete|choose what to (?:click|tap)/i,
    issue: "Two buttons look equally important",
    quote: "Do I press 'Continue' or 'Save for later'? Not obvious.",
    alsoSaid: ["Both buttons looked like the right one."],
  },
  {
    when: /button|continue|confirm|submit|call to action/i,
    issue: "The button here looks disabled until hovered",
    quote: "I thought it was greyed out, so I waited.",
    device: "desktop",
  },
  {
    when: /land|home ?page|headline|scan|first screen|take in|pricing page/i,
    sold: true,
    issue: "The headline does not say what the product is",
    glance: true,
    paid: true,
    quote: "Nice photo, but what do they actually sell?",
  },
  {
    when: /land|home ?page|first screen|take in|scan/i,
    issue: "A cookie banner covers half the page",
    glance: true,
    quote: "I had to close three things before I could see anything.",
  },
  {
    when: /land|home ?page|first screen|take in/i,
    issue: "The page is slow to show anything on mobile data",
    glance: true,
    quote: "It was loading for ages. I nearly went back.",
    device: "mobile",
  },
  {
    when: /say what|offers?|what is being|what it is|sell/i,
    issue: "The headline is a slogan, not a description",
    glance: true,
    quote: "Sounds nice, but what is it?",
  },
  {
    when: /different|explain|how it works/i,
    issue: "What makes the offer different is explained only further down the page",
    glance: true,
    quote: "I only got what was different once I scrolled.",
  },
  {
    when: /who it is for|for whom|who is it/i,
    issue: "The page does not say who it is for",
    glance: true,
    quote: "Is this for families or for people living alone?",
  },
  {
    when: /^(?:answer|say):?.*\b(?:cost|price|pay|much)\b/i,
    issue: "The price is not on the first screen",
    glance: true,
    quote: "No idea what it would cost me.",
  },
  {
    when: /^answer:?.*\b(?:trust|safe|secure|bank|card|details|data)\b/i,
    glance: true,
    paid: true,
    issue: "Nothing on the first screen says who is behind the site or why it is safe",
    quote: "Before I'd give them my bank details I'd want to know who they are.",
  },
  {
    when: /^answer:|^say /i,
    issue: "The first screen does not answer it",
    glance: true,
    quote: "I'd have to scroll or click around to find that out.",
  },
  {
    when: /(?:click|tap) next|what to (?:click|tap)|next step/i,
    issue: "Two calls to action compete on the first screen",
    glance: true,
    sold: true,
    quote: "Do I start an order or browse first? Not obvious.",
  },
  {
    when: /(?:click|tap) next|what to (?:click|tap)|next step/i,
    issue: "The main button's label is vague",
    glance: true,
    sold: true,
    quote: "'Get started' with what?",
  },
  {
    when: /(?:click|tap) next|what to (?:click|tap)|next step/i,
    issue: "The first screen does not say where to go for the details",
    glance: true,
    quote: "I'd want to read more, but which link is it?",
  },
];

/** Friction for a step no entry fits, and for a first look at one page. */
const GLANCE_FALLBACK: Friction[] = [
  {
    when: /./,
    issue: "The first screen is too busy to take in at a glance",
    quote: "There's a lot going on. I didn't know where to look.",
  },
];

const FALLBACK_FRICTION: Friction[] = [
  {
    when: /./,
    issue: "It is not clear what to do at this step",
    quote: "I wasn't sure what it wanted from me here.",
    alsoSaid: ["I stared at it for a while. What am I meant to do?", "Nothing told me what comes next."],
  },
  {
    when: /./,
    issue: "This step takes more clicks than expected",
    quote: "Surely this could be one step, not three.",
    alsoSaid: ["Click, wait, click again. It took ages.", "Why is this split over so many screens?"],
  },
  {
    when: /./,
    issue: "Wording at this step does not match the previous page",
    quote: "Wait, is this the same thing I clicked on?",
  },
];

/** How a path of sessions that left from the page they landed on ends: they got through no step. */
const BOUNCED = "Left from this page";

/** A detour participants take around a step of that kind before carrying on. */
function detourFor(step: string): string {
  if (/search/i.test(step)) return "Search again with other words";
  if (/find|choose|select|browse|product|navigat|menu/i.test(step)) return "Use the site search";
  if (/pay|payment|card|checkout|check out/i.test(step)) return "Re-enter payment details";
  if (/account|log ?in|password/i.test(step)) return "Reset the password";
  if (/basket|cart|bag|add/i.test(step)) return "Open the basket to check";
  return "Go back a page";
}

/** A detour (searching again, resetting a password, going back a page) takes about this long. */
const DETOUR_SECONDS = 40;

/**
 * How long a step of that kind typically takes, in seconds: a glance at a page is seconds, finding and choosing tens
 * of seconds, a form minutes, an identity check or a second applicant several minutes, a tax return's figures longer.
 * The total then scales with the task: an account application takes 10-20 minutes, finding a page one or two.
 */
export function stepSeconds(step: string): number {
  if (/tax|vat|return|umsatzsteuer|steuer|figures|kennzahl/i.test(step)) return 300;
  if (/identity|verify|verif|passport|licence|selfie|partner|second applicant|joint|co-?applicant/i.test(step))
    return 240;
  if (/details|form|address|apply|application|register|sign ?up|account|profile|fill/i.test(step)) return 150;
  if (/pair|install|connect|set ?up|setup|wi-?fi|boiler|schedule|wiring/i.test(step)) return 150;
  // A step that is the payment itself ("Pay: 'the fee'") is typing the card's details too.
  if (/^pay\b/i.test(step)) return 120;
  if (/pay|payment|card|checkout|check out/i.test(step)) return 75;
  if (/compare|read|review|policy|terms|choose|select/i.test(step)) return 60;
  if (/find|search|browse|navigat|menu|book|slot|date|time/i.test(step)) return 35;
  if (/land|home|headline|scan|open|look/i.test(step)) return 10;
  return 30;
}

/** How hard a step of that kind is for anyone, in logit units of the chance to give up there. */
function difficultyOf(step: string): number {
  if (/pay|payment|card|checkout|check out/i.test(step)) return 0.9;
  if (/sign ?up|register|account|log ?in|password|form|details|address/i.test(step)) return 0.7;
  if (/find|search|choose|select|browse|compare|navigat|menu|call to action/i.test(step)) return 0.4;
  if (/land|home|headline|scan|open|look/i.test(step)) return -0.4;
  return 0.2;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0
    ? 0
    : sorted.length % 2
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Short names where Intl's differ from how reports write them. */
const COUNTRY_NAMES: Record<string, string> = { GB: "UK", US: "US" };

/** The language people of a country answer in when the model names none (its main language). */
const COUNTRY_LANGUAGES: Record<string, string> = {
  DE: "de",
  AT: "de",
  CH: "de",
  FR: "fr",
  BE: "nl",
  ES: "es",
  MX: "es",
  AR: "es",
  CO: "es",
  CL: "es",
  IT: "it",
  NL: "nl",
  JP: "ja",
  KR: "ko",
  CN: "zh",
  BR: "pt",
  PT: "pt",
  PL: "pl",
  SE: "sv",
};

let regionNames: Intl.DisplayNames | undefined;
let languageNames: Intl.DisplayNames | undefined;

/** "JP" → "Japan" (Intl knows every ISO 3166 code); undefined for a code it does not know. */
export function countryName(code: string): string | undefined {
  if (COUNTRY_NAMES[code]) return COUNTRY_NAMES[code];
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    return regionNames.of(code);
  } catch {
    return undefined;
  }
}

/**
 * The English name of the language a segment's people answer in, when it is not English: the model's `language`
 * (a BCP 47 tag such as "ja-JP") or else its country's main language. Undefined for English or when unknown.
 */
export function languageOf(country: string | null, language: unknown): string | undefined {
  const tag = typeof language === "string" && language.trim() !== "" ? language.trim() : undefined;
  const code = (tag?.split(/[-_]/)[0] ?? (country ? COUNTRY_LANGUAGES[country] : undefined))?.toLowerCase();
  if (!code || code === "en") return undefined;
  try {
    languageNames ??= new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
    return languageNames.of(code);
  } catch {
    return undefined;
  }
}

/** The oldest age a quoted participant is given (an open range such as "18+" goes on to 85). */
const OLDEST_QUOTED = 80;

/**
 * "Lukas, 44, Germany; translated from German": a first name of the segment's country (in English-speaking ones, of
 * the person's age too), a whole-year age within its own age range, the country, and a note when people there answer in another language than the report's.
 */
function participantOf(people: People, traits: SegmentTraits, spoken: unknown): string {
  const { low, high } = traits.ages;
  const age = people.age(low, Math.max(low, Math.min(high, OLDEST_QUOTED)));
  const country = traits.country ? countryName(traits.country) : undefined;
  const language = languageOf(traits.country, spoken);
  return `${people.firstName(age)}, ${age}${country ? `, ${country}` : ""}${language ? `; translated from ${language}` : ""}`;
}

interface Session {
  segment: Segment;
  own: Random;
  people: People;
  /** The user model's `language` metadata (a BCP 47 tag), if any. */
  language: unknown;
  /** What the whole journey is about, shared by every user model's sessions of one study. */
  journey: JourneyFacts;
}

interface JourneyFacts {
  /** The task, success criteria, question and steps in one text: what domain friction is matched against. */
  text: string;
  pays: boolean;
  /** Whether something is sold at a price: not a gift (a donation), nor a page that only informs. */
  sells: boolean;
  /** Quotes already given to a participant of this study: each quote is said by one participant only. */
  quotesUsed: Set<string>;
}

/** "cart" or "basket" as the journey's own steps say it, when they say one of the two. */
function clientCartWord(text: string, journeyText: string): string {
  const cart = /\bcarts?\b/i.test(journeyText);
  const basket = /\bbaskets?\b/i.test(journeyText);
  if (cart === basket) return text;
  return cart
    ? text.replace(/\b([Bb])asket(s?)\b/g, (_, b: string, s: string) => `${b === "B" ? "C" : "c"}art${s}`)
    : text.replace(/\b([Cc])art(s?)\b/g, (_, c: string, s: string) => `${c === "C" ? "B" : "b"}asket${s}`);
}

/** Friction where sessions were lost, worst first, two or three of them, each fitting its step and the device. */
function frictionPoints(
  lost: Array<{ step: string; dropped: number; i: number; at?: string }>,
  device: Device,
  goods: boolean,
  { segment, own, people, language, journey }: Session,
  glance = false,
): JourneyResults["by_user_model"][number]["friction_points"] {
  const worst = lost
    .filter((d) => d.dropped > 0)
    .sort((a, b) => b.dropped - a.dropped || a.i - b.i)
    .slice(0, 2 + (own.next() < 0.5 ? 1 : 0));
  const used = new Set<string>();
  const unsaid = (f: Friction) => [f.quote, ...(f.alsoSaid ?? [])].filter((q) => !journey.quotesUsed.has(q));
  const points: JourneyResults["by_user_model"][number]["friction_points"] = [];
  for (const d of worst) {
    const fits = (f: Friction) =>
      f.when.test(d.step) &&
      !(f.unlessAfter && lost.slice(0, d.i).some((earlier) => f.unlessAfter?.test(earlier.step))) &&
      (f.device === undefined || f.device === device) &&
      (f.goods === undefined || f.goods === goods) &&
      (f.paid === undefined || journey.pays) &&
      (f.sold === undefined || journey.sells) &&
      (f.domain === undefined || f.domain.test(journey.text)) &&
      !(f.form && LOOKING.test(d.step)) &&
      // "Too many options" only where the brief offers more than three: where it says none, say less.
      !(f.many && (optionsOffered(d.step, journey.text) ?? 0) <= 3) &&
      (!glance || f.glance === true);
    const open = (f: Friction) => !used.has(f.issue) && unsaid(f).length > 0;
    const fallbacks = glance ? GLANCE_FALLBACK : FALLBACK_FRICTION;
    // The task's own domain first, then friction of the step's kind, then what any step can have. Finding where to
    // do something is a step of navigation: its friction is the menu's, not the deed's (no identity check there).
    const finding = /^(?:find where to|search or browse|scan the headline)/i.test(d.step);
    const candidates = [
      glance || finding ? [] : DOMAIN_FRICTION.filter((f) => fits(f) && open(f)),
      FRICTION.filter((f) => fits(f) && open(f)),
      fallbacks.filter(open),
    ].find((pool) => pool.length > 0);
    // Every quote of every fitting kind is said already: fewer friction points rather than one person's words twice.
    if (candidates === undefined) continue;
    const chosen = own.pick(candidates);
    const quote = own.pick(unsaid(chosen));
    used.add(chosen.issue);
    journey.quotesUsed.add(quote);
    // In the words of the participant's country (an American's cart, a Briton's basket), but the client's own word
    // for it where the journey names one ("Add to cart").
    const country = segment.traits.country;
    const said = (text: string) => clientCartWord(countryWords(text, country), journey.text);
    points.push({
      step: d.at ?? d.step,
      issue: said(chosen.issue),
      quote: said(quote),
      participant: participantOf(people, segment.traits, language),
    });
  }
  return points;
}

/** Splits `total` sessions by weights into {label, share} entries (shares of `sessions`). */
function split<T extends object>(
  total: number,
  sessions: number,
  entries: Array<T & { weight: number }>,
): Array<T & { share: number }> {
  const counts = apportion(
    total,
    entries.map((e) => e.weight),
  );
  return entries.map(({ weight: _weight, ...rest }, i) => ({
    ...(rest as unknown as T),
    share: sessions > 0 ? (counts[i] as number) / sessions : 0,
  }));
}

/**
 * Journey results. Usability tests and conversion funnels walk the steps: each step after landing has a difficulty
 * (its kind plus a seeded share of this simulation's own quirks); a segment's chance of giving up there falls with its
 * ease online and interest in the task. Drop-off is counted in whole sessions: `dropped` of a step is those who gave up
 * at it (its difficulty is what lost them, and its friction is reported there), `reached` those who got through it (the
 * one before less those who dropped), and the task succeeds for those who get through the last step. Each session
 * is then walked once for its step count (detours included) and time on task, from which the medians and the
 * commonest paths are taken. First-impression tests are a few seconds on one page instead (`firstImpression`).
 */
export function journeyResults(
  simulation: Pick<Simulation, "id"> & Partial<Pick<Simulation, "inputs" | "goal">>,
  plan: Plan,
  models: UserModel[],
  seed: number,
): JourneyResults {
  const random = new Random(seed, "journey", simulation.id);
  const task = plan.journey_task ?? {};
  const rawSteps = (task.steps as unknown[] | undefined) ?? [];
  const steps = rawSteps.filter((s): s is string => typeof s === "string");
  const path = steps.length ? steps : ["Land on the page", "Find the call to action", "Complete the task"];
  const texts = [plan.question_text ?? "", String(task.task ?? ""), String(task.success_criteria ?? ""), ...path];
  const topic = topicOf(texts, (simulation.inputs ?? {}) as Record<string, unknown>, models);
  const segments = segmentsOf(simulation.id, "journey", models, topic, seed, simulation.goal);
  // Touch screens (phones and tablets) share the problems of small screens and have no hover.
  const device: Device = deviceKind(task.device);
  const goods = sellsGoods(texts);
  const domain = domainOf(texts);
  // A first look at a page of no known field (an airline's baggage rules) is not taken for a shop's: prices, plans and
  // "Get started" only where its words or its field say something is sold.
  const pageSells =
    simulation.goal !== "first_impression" ||
    (!INFORMATION_PAGE.test(String(task.start_url ?? "")) &&
      (takesPayment(texts) || goods || (domain !== "general" && packOf(domain).commercial)));
  const journey: JourneyFacts = {
    text: texts.join(" \n "),
    pays: takesPayment(texts),
    sells: pageSells && !DONATION.test(texts.join(" ")),
    quotesUsed: new Set(),
  };
  const sessionOf = (segment: Segment): Session => ({
    segment,
    own: new Random(seed, "journey-segment", simulation.id, segment.user_model_id),
    people: peopleFor(
      segment.traits.country,
      { language: models.find((m) => m.id === segment.user_model_id)?.metadata.language, sex: segment.traits.sex },
      seed,
      "participants",
      simulation.id,
      segment.user_model_id,
    ),
    language: models.find((m) => m.id === segment.user_model_id)?.metadata.language,
    journey,
  });
  if (simulation.goal === "first_impression") {
    const site = hostOf(String(task.start_url ?? ""));
    // Bouncing before the first screen has shown is rare; understanding and naming a next step are the hard parts.
    // The questions of the test, the team's own or, where it asks none, what the page offers and who it is for:
    // answered by everyone who saw the page, never steps of a path (a question is not a click).
    const given = Array.isArray(task.questions)
      ? task.questions.filter((q): q is string => typeof q === "string" && q.trim() !== "")
      : [];
    const asked = given.length
      ? given.map((text) => ({ text, own: true }))
      : [
          { text: "What does the page offer?", own: false },
          { text: "Who is it for?", own: false },
        ];
    const difficulty = [
      ...path.map((step, i) =>
        i === 0
          ? Number.NEGATIVE_INFINITY
          : /take in|first screen|land|scan/i.test(step)
            ? -2.8
            : /(?:click|tap) next|what to (?:click|tap)|next step/i.test(step)
              ? -0.9
              : -1.3 + random.normal() * 0.3,
      ),
      ...asked.map(() => -1.3 + random.normal() * 0.3),
    ];
    // What else people look at first and click, in the page's own field: amounts to give on a charity's page, the
    // price where something is sold, more information where nothing is.
    const labels =
      domain === "charity"
        ? { money: "The suggested amounts to give", more: "Where the money goes" }
        : journey.sells
          ? { money: "The prices", more: "How it works" }
          : { money: undefined, more: "More information" };
    const byUserModel = segments.map((segment) =>
      firstImpression(
        path,
        asked,
        difficulty,
        site,
        device,
        sessionOf(segment),
        labels,
        new Random(seed, "first-impression-replies", simulation.id, segment.user_model_id),
      ),
    );
    return { sessions: byUserModel.reduce((sum, m) => sum + m.sessions, 0), steps: path, by_user_model: byUserModel };
  }
  // A step the brief calls optional loses nobody: people skip it or take it up and carry on.
  const difficulty = path.map((step, i) =>
    i === 0 || optionalStep(step) ? -Infinity : -2.7 + difficultyOf(step) + random.normal() * 0.45,
  );
  // A funnel converts the share of its visitors its kind of site does (a luxury e-shop well under 2%), lost step by
  // step with the most at the first steps (people who only browse) and the hard ones (forms, payment).
  const funnel =
    simulation.goal === "conversion_funnel"
      ? (() => {
          const given = task.conversion_benchmark as { low?: unknown; high?: unknown } | undefined;
          const bench =
            typeof given?.low === "number" &&
            typeof given?.high === "number" &&
            given.low > 0 &&
            given.high >= given.low
              ? { low: given.low, high: given.high }
              : conversionRange([
                  String(task.goal_event ?? ""),
                  String(task.start_url ?? ""),
                  String(task.task ?? ""),
                  ...path,
                ]);
          const level = bench.low * (bench.high / bench.low) ** random.next();
          // Most visitors who only look leave from the page they land on: a bounce is the landing page's loss, never
          // put on the next step, which they did not see.
          const weights = path.map((step, i) =>
            i > 0 && optionalStep(step)
              ? 0
              : (i === 0 ? 2.2 : Math.exp(difficultyOf(step)) * (i === 1 ? 1.6 : 1)) * (0.8 + 0.4 * random.next()),
          );
          return { bench, level, weights, total: weights.reduce((a, b) => a + b, 0) };
        })()
      : undefined;
  const byUserModel = segments.map((segment) => {
    const session = sessionOf(segment);
    const { own } = session;
    const t = segment.tendencies;
    const sessions = segment.respondents;
    let reached = sessions;
    let drop_off_by_step: Array<{ step: string; reached: number; dropped: number }>;
    if (funnel) {
      const rate = Math.min(
        funnel.bench.high * 1.6,
        Math.max(
          funnel.bench.low * 0.5,
          funnel.level *
            Math.exp(
              0.35 * t.digital +
                0.25 * Math.max(-1, t.relevance) +
                0.3 * segment.traits.income * (funnel.bench.high < 0.02 ? 1 : 0.3) +
                segment.offset,
            ),
        ),
      );
      drop_off_by_step = path.map((step, i) => {
        const keep = rate ** ((funnel.weights[i] as number) / funnel.total);
        let going = 0;
        for (let n = 0; n < reached; n++) if (own.next() < keep) going++;
        const dropped = reached - going;
        reached = going;
        return { step, reached, dropped };
      });
    } else {
      drop_off_by_step = path.map((step, i) => {
        const chance =
          i === 0
            ? 0
            : logistic(
                (difficulty[i] as number) - 0.8 * t.digital - 0.3 * t.relevance + segment.offset + own.normal() * 0.15,
              );
        const dropped = Math.round(reached * chance);
        reached -= dropped;
        return { step, reached, dropped };
      });
    }
    const succeeded = reached;
    // Walk each session: where it ended, how many detours it took, how long it spent.
    const detourChance = logistic(-1.1 - 0.7 * t.digital);
    const pace = (1 - 0.25 * t.digital) * (segment.traits.business ? 1.1 : 1);
    const secondsAt = (s: number) => pace * (s < path.length ? stepSeconds(path[s] as string) : DETOUR_SECONDS);
    // A session that gave up at a step walked up to it, that step included (a bounce is one step: the landing page).
    const walked: Array<{ done: boolean; detours: number; steps: number; seconds: number }> = [];
    drop_off_by_step.forEach((d, i) => {
      const ended = i === path.length - 1 ? d.reached : 0;
      for (let n = 0; n < d.dropped + ended; n++) {
        let detours = 0;
        while (detours < 6 && own.next() < detourChance) detours++;
        const taken = i + 1 + detours;
        let seconds = 0;
        // The steps walked, then the detours (a search again, a password reset), each at its own typical time.
        for (let s = 0; s < taken; s++) seconds += secondsAt(s < i + 1 ? s : path.length) * (0.6 + 0.8 * own.next());
        walked.push({ done: n >= d.dropped, detours, steps: taken, seconds });
      }
    });
    // A usability test reports the sessions that completed the task: each walks every step, at a pace of its own and
    // with detours of its own, drawn apart from the path so that a task of more parts never reads as quicker.
    const completed = funnel
      ? undefined
      : completedWalks(path, sessions, succeeded, detourChance, pace, segment, seed, simulation.id);
    const direct = completed?.direct ?? walked.filter((w) => w.done && w.detours === 0).length;
    const detoured = completed?.detoured ?? walked.filter((w) => w.done && w.detours > 0).length;
    const worstIndex = drop_off_by_step.reduce(
      (w, d, i) => (d.dropped > (drop_off_by_step[w]?.dropped ?? 0) ? i : w),
      0,
    );
    const worst = drop_off_by_step[worstIndex] as { step: string; dropped: number };
    // Detours happen around the step that loses most people: right after it, or just before it when it is the last.
    const at = Math.min(Math.max(1, worstIndex) + 1, path.length - 1) || 1;
    const paths = [
      { path: [...path], share: direct / sessions },
      {
        path: [...path.slice(0, at), detourFor(path[at - 1] as string), ...path.slice(at)],
        share: detoured / sessions,
      },
      ...(worst.dropped > 0
        ? // The last step they got through, then "Left": the table counts them at the step they gave up on (the
          // next one, never reached), and the summary names both, so a path never claims a step they did not reach.
          // A bounce is the page they landed on, then nothing further.
          [
            {
              path: worstIndex === 0 ? [path[0] as string, BOUNCED] : [...path.slice(0, worstIndex), "Left the site"],
              share: worst.dropped / sessions,
            },
          ]
        : []),
    ]
      .filter((p) => p.share > 0)
      .sort((a, b) => b.share - a.share);
    const friction_points = frictionPoints(
      drop_off_by_step.map((d, i) => ({ ...d, i })),
      device,
      goods,
      session,
    );
    return {
      session,
      user_model_id: segment.user_model_id,
      name: segment.name,
      sessions,
      task_success_rate: sessions > 0 ? succeeded / sessions : 0,
      median_steps: completed?.medianSteps ?? Math.round(median(walked.map((w) => w.steps))),
      median_time_on_task_seconds: completed?.medianSeconds ?? Math.round(median(walked.map((w) => w.seconds))),
      drop_off_by_step,
      common_paths: paths,
      friction_points,
    };
  });
  explainLosses(byUserModel, path, device, goods);
  return {
    sessions: byUserModel.reduce((sum, m) => sum + m.sessions, 0),
    steps: path,
    by_user_model: byUserModel.map(({ session: _session, ...m }) => m),
  };
}

/**
 * The step that loses most sessions and the one that loses the largest share of those who reach it, over all user
 * models (as the report names them), each get a friction point: where no user model's own worst steps include one, the
 * user model that lost most there says why.
 */
function explainLosses(
  models: Array<JourneyResults["by_user_model"][number] & { session: Session }>,
  path: readonly string[],
  device: Device,
  goods: boolean,
): void {
  const byStep = path.map((step, i) => {
    const dropped = models.reduce((sum, m) => sum + (m.drop_off_by_step[i]?.dropped ?? 0), 0);
    const arrived = models.reduce(
      (sum, m) => sum + (i === 0 ? m.sessions : (m.drop_off_by_step[i - 1]?.reached ?? 0)),
      0,
    );
    return { step, i, dropped, rate: arrived > 0 ? dropped / arrived : 0 };
  });
  const most = [...byStep].sort((a, b) => b.dropped - a.dropped)[0];
  const steepest = [...byStep].sort((a, b) => b.rate - a.rate)[0];
  for (const at of [most, steepest]) {
    if (!at || at.dropped === 0 || models.some((m) => m.friction_points.some((f) => f.step === at.step))) continue;
    const loser = [...models].sort(
      (a, b) => (b.drop_off_by_step[at.i]?.dropped ?? 0) - (a.drop_off_by_step[at.i]?.dropped ?? 0),
    )[0];
    if (!loser) continue;
    const lost = path.map((step, i) => ({ step, i, dropped: i === at.i ? 1 : 0 }));
    loser.friction_points.push(...frictionPoints(lost, device, goods, loser.session));
  }
}

/**
 * The sessions of a usability test that complete its task: session n takes every step of the path plus its own
 * detours, each step at its kind's typical time (`stepSeconds`) times the segment's pace and the session's own speed.
 * The speeds and detours are drawn per session, not per step, so one more step never makes the medians smaller, and a
 * task's time is the sum of its parts (a card payment adds minutes, not seconds). The medians are over all the
 * sessions' walks (those that gave up would have walked alike); `direct` and `detoured` count the `succeeded` ones.
 */
function completedWalks(
  path: readonly string[],
  sessions: number,
  succeeded: number,
  detourChance: number,
  pace: number,
  segment: Segment,
  seed: number,
  simulationId: string,
): { medianSteps: number; medianSeconds: number; direct: number; detoured: number } {
  const walk = new Random(seed, "journey-walk", simulationId, segment.user_model_id);
  const typical = path.reduce((sum, step) => sum + stepSeconds(step), 0);
  const walks = Array.from({ length: Math.max(1, sessions) }, () => {
    let detours = 0;
    while (detours < 6 && walk.next() < detourChance) detours++;
    const speed = 0.7 + 0.6 * walk.next();
    return { detours, steps: path.length + detours, seconds: pace * (speed * typical + detours * DETOUR_SECONDS) };
  });
  const done = walks.slice(0, succeeded);
  return {
    medianSteps: Math.round(median(walks.map((w) => w.steps))),
    medianSeconds: Math.round(median(walks.map((w) => w.seconds))),
    direct: done.filter((w) => w.detours === 0).length,
    detoured: done.filter((w) => w.detours > 0).length,
  };
}

function hostOf(url: string): string {
  return startPage(url)?.host.replace(/^www\./, "") ?? "the site";
}

/**
 * A first-impression test: each session is shown the page for a few seconds (not minutes), then answers every
 * question of the test (what the page offers, who it is for, the team's own questions) and picks what it would click
 * next. Everyone who was shown the page answers every question, so each question's base is every session: a person
 * who could not tell what the page offers still says who they think it is for. Each session is drawn once: whether it
 * understood what the page offers, whether it could answer each other question (more likely once it has understood),
 * how far it trusts the page, and its next click (a sensible one likelier once it has understood). The drop-off table
 * loses nobody at a question; a session "gets through" the test when it names a sensible next click.
 */
function firstImpression(
  path: string[],
  asked: ReadonlyArray<{ text: string; own: boolean }>,
  difficulty: number[],
  site: string,
  device: Device,
  session: Session,
  labels: { money: string | undefined; more: string },
  replying: Random,
): JourneyResults["by_user_model"][number] {
  const { segment, own } = session;
  const t = segment.tendencies;
  const sessions = segment.respondents;
  const ease = 0.5 * t.digital + 0.4 * t.relevance - segment.offset + own.normal() * 0.15;
  const chanceAt = (i: number, boost = 0) => logistic((difficulty[i] as number) - ease - boost);
  // Each question after the path's steps (its index into `difficulty`); `step` is what friction is matched against.
  const questions = asked.map((q, k) => ({ ...q, step: `Answer: ${q.text}`, i: path.length + k }));
  const understandAt = questions.find((q) =>
    /offer|what is being|what it is|sell|say what|asking you to do/i.test(q.text),
  )?.i;
  const clickAt = path.length - 1;
  const clickQuestions = questions.filter((q) => NEXT_CLICK.test(q.step));
  const ctaPull = 1.2 * Math.exp(0.6 * t.digital + 0.4 * t.relevance - 0.3 * t.scepticism);
  const pricePull = labels.money ? 0.5 + 0.4 * Math.max(0, segment.traits.priceSensitivity) : 0;
  const howPull = 0.45 + 0.3 * Math.max(0, t.scepticism);
  const trustLevels = SCALES.trust;
  const mu = 0.1 - 0.8 * t.scepticism + 0.3 * t.relevance + segment.offset;
  // Cuts 1.6 apart: a page's trust gathers around one level, never spread evenly over the scale.
  const cut = (j: number) =>
    j <= 0
      ? Number.NEGATIVE_INFINITY
      : j >= trustLevels.length
        ? Number.POSITIVE_INFINITY
        : (j - trustLevels.length / 2) * 1.6;
  type Look = {
    understood: boolean;
    missed: Set<number>;
    click: string;
    sensible: boolean;
    trust: number;
    seconds: number;
    u: number;
  };
  const looks: Look[] = Array.from({ length: sessions }, () => {
    const understood = own.next() >= chanceAt(understandAt ?? 2);
    const missed = new Set<number>();
    for (const q of questions) {
      if (q.i === understandAt) {
        if (!understood) missed.add(q.i);
        continue;
      }
      // Someone who has understood the page answers its other questions more often.
      if (own.next() < chanceAt(q.i, understood ? 0.8 : 0)) missed.add(q.i);
    }
    const sensible = own.next() >= chanceAt(clickAt, understood ? 1.2 : -0.6);
    let click: string;
    if (sensible) {
      const r = own.next() * (ctaPull + pricePull + howPull);
      click = r < ctaPull ? CTA : r < ctaPull + pricePull ? (labels.money as string) : labels.more;
    } else click = own.next() < 0.6 ? "Not sure what to click" : "Would leave the page";
    // "What would you click next?" asked as a question is the same choice: answered by all but the unsure.
    for (const q of clickQuestions) {
      if (click === "Not sure what to click") missed.add(q.i);
      else missed.delete(q.i);
    }
    // Trust on the ordered scale, everyone answering it: each session's own draw ranks it, and the levels are set
    // from the ranks below (an ordered logit around the segment's level).
    const u = own.next();
    const trust = 0;
    // Seconds on the page: a five-second look, longer for those who read every word, shorter for quick scanners.
    const seconds = 3 + 4 * own.next() + 2 * Math.max(0, -t.digital) * own.next();
    return { understood, missed, click, sensible, trust, seconds, u };
  });
  // Each level's count is its expected share of the sessions (whole sessions), the least trusting draws lowest: so
  // the scale's shares keep the logit's shape, with one level clearly commonest, whatever the sample's size.
  const expected = trustLevels.map((_, j) => logistic(cut(j + 1) - mu) - logistic(cut(j) - mu));
  const perLevel = apportion(sessions, expected);
  const ranked = [...looks].sort((a, b) => a.u - b.u);
  let level = 0;
  let filled = 0;
  for (const look of ranked) {
    while (level < trustLevels.length - 1 && filled >= (perLevel[level] as number)) {
      level++;
      filled = 0;
    }
    look.trust = level;
    filled++;
  }
  let reached = sessions;
  const drop_off_by_step = path.map((step, i) => {
    const dropped = i === clickAt ? looks.filter((l) => !l.sensible).length : 0;
    reached -= dropped;
    return { step, reached, dropped };
  });
  const succeeded = reached;
  const count = (test: (l: Look) => boolean) => looks.filter(test).length / Math.max(sessions, 1);
  const misread = looks.filter((l) => !l.understood).length;
  const wrongShare = own.next() * 0.4 + 0.3;
  const understood_as = [
    { answer: `What ${site} offers, described correctly`, correct: true, share: count((l) => l.understood) },
    ...split(misread, sessions, [
      { answer: "Something related, but not what it offers", correct: false, weight: wrongShare },
      { answer: "Cannot say what it is", correct: false, weight: 1 - wrongShare },
    ]),
  ];
  const next_click = [
    CTA,
    ...(labels.money ? [labels.money] : []),
    labels.more,
    "Not sure what to click",
    "Would leave the page",
  ].map((target) => ({ target, intended: target === CTA, share: count((l) => l.click === target) }));
  const noticed_first = split(sessions, sessions, [
    { element: "The headline", weight: 1.3 + own.normal() * 0.2 },
    { element: "The main image", weight: 1.0 + 0.3 * Math.max(0, -t.digital) + own.normal() * 0.2 },
    { element: "The main button", weight: 0.7 + 0.3 * t.digital },
    ...(labels.money
      ? [
          {
            element: labels.money === "The prices" ? "The price" : labels.money,
            weight: 0.4 + 0.6 * Math.max(0, segment.traits.priceSensitivity),
          },
        ]
      : []),
    { element: "The navigation", weight: device === "desktop" ? 0.35 : 0.1 },
  ]);
  const trust = trustLevels.map((level, j) => ({ level, share: count((l) => l.trust === j) }));
  const answers = questions.map((q) => {
    const question = q.text;
    const answered = count((l) => !l.missed.has(q.i));
    if (!q.own || !closedQuestion(question)) return { question, answered };
    // What each session that could tell answers, from what it took in: trust for a question of feeling or trust,
    // having understood the page for one of clarity, both for anything else.
    const feeling =
      /trust|respect|credib|reassur|safe|honest|professional|feel|caring|sincere|vertrau|seri\u00f6s|sicher|confian|confi|fiab|fiable|s\u00e9rieux|serio|seguro/i.test(
        question,
      );
    const clear = /clear|understand|easy|obvious|transparent|know|find|see|tell/i.test(question);
    const said = looks.map((l) => {
      if (l.missed.has(q.i)) return 3;
      const lean = feeling
        ? (l.trust - 2) * 0.8
        : clear
          ? l.understood
            ? 0.9
            : -0.9
          : 0.4 * (l.trust - 2) + (l.understood ? 0.4 : -0.4);
      const score = lean + replying.normal() * 0.9;
      return score > 0.45 ? 0 : score > -0.45 ? 1 : 2;
    });
    const replies = REPLIES.map((answer, j) => ({
      answer,
      share: said.filter((x) => x === j).length / Math.max(sessions, 1),
    }));
    return { question, answered, replies };
  });
  // Friction where people most often came up short: a question they could not answer, or no sensible next click.
  // A question people could not answer is friction of their first look at the page: reported at that step.
  const glanceStep = path[Math.min(1, path.length - 1)] as string;
  const shortfalls = [
    ...path.map((step, i) => ({ step, i, dropped: i === clickAt ? sessions - succeeded : 0 })),
    ...questions.map((q) => ({
      step: q.step,
      i: q.i,
      at: glanceStep,
      dropped: looks.filter((l) => l.missed.has(q.i)).length,
    })),
  ];
  const common_paths = [
    { path: [...path], share: succeeded / Math.max(sessions, 1) },
    ...(sessions - succeeded > 0
      ? [{ path: [...path.slice(0, clickAt), "No sensible next click"], share: (sessions - succeeded) / sessions }]
      : []),
  ]
    .filter((p) => p.share > 0)
    .sort((a, b) => b.share - a.share);
  const seconds = Math.round(median(looks.map((l) => l.seconds)));
  return {
    user_model_id: segment.user_model_id,
    name: segment.name,
    sessions,
    task_success_rate: sessions > 0 ? succeeded / sessions : 0,
    median_steps: path.length,
    median_time_on_task_seconds: seconds,
    drop_off_by_step,
    common_paths,
    friction_points: frictionPoints(shortfalls, device, sellsGoods(path), session, true),
    impressions: {
      median_attention_seconds: seconds,
      noticed_first,
      understood_as: understood_as.filter((u) => u.share > 0 || u.correct),
      trust,
      next_click: next_click.filter((c) => c.share > 0 || c.intended),
      answers,
    },
  };
}

/** A question of the test about the next click: "What would you click next?", "Was würden Sie anklicken?". */
const NEXT_CLICK =
  /\bclick|\btap\b|\bdo next\b|\bnext step\b|\bwhere would you go\b|klicken|cliquer|clic\b|pulsar|tocar\b/i;

/** The click a page is built for. */
const CTA = "The page's main button";
