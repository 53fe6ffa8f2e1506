import { closedCut } from "./concept-names.js";
import { languageOf } from "./subject.js";

// A usability task as people write it ("Sign up, verify your email and invite a colleague"): its parts, the steps a
// user goes through for each, and the task as a title holds it.

/** Verbs that start a part of a task wherever they follow a comma, "and" or "then". */
const VERBS =
  "sign up|sign in|sign out|log in|log on|log out|type in|key in|set up|check out|check in|find out|work out|look up|look for|top up|fill in|fill out|back up|pick up|turn on|turn off|activate|add|apply|approve|archive|ask|assign|attach|block|browse|buy|cancel|change|choose|claim|click|collect|compare|complete|confirm|connect|contact|continue|create|customise|deactivate|decline|delete|disable|dispute|donate|download|downgrade|draft|edit|enable|enter|export|find|finish|follow|freeze|get|go|hire|import|install|invite|join|leave|locate|lock|make|manage|move|open|pause|pay|personalise|pick|print|purchase|read|rebook|redeem|register|remove|rename|renew|rent|request|reschedule|reserve|reset|restore|schedule|scroll|search|see|select|send|skip|start|submit|subscribe|swap|switch|tap|tell|track|try|unblock|unfreeze|unlock|unsubscribe|update|upgrade|upload|verify|view|withdraw|write";

/**
 * Verbs that are just as often nouns ("order history", "return tickets", "book club"): they start a part after "and"
 * only when what follows reads as their object (an article, a pronoun, a number, a particle), or after a comma or
 * "then", where a list of nouns would not put them.
 */
const NOUN_LIKE_VERBS =
  "book|call|check|copy|deposit|email|exchange|list|look|mark|message|name|note|order|plan|post|rate|reply|report|return|review|save|set|share|sort|split|store|tag|transfer|use|watch";

const OBJECT_START =
  /^(?:a|an|the|your|my|our|their|his|her|its|this|that|these|those|it|them|him|me|us|some|any|every|each|all|one|two|three|four|five|up|in|out|off|on|back|to|for|with|whether|if|how|what|where|when|which|who|new|first|last|next|another|[0-9\u00a3$\u20ac]\S*)$/i;

const VERB_AT_START = new RegExp(String.raw`^(?:${VERBS})\b`, "i");
const NOUN_LIKE_AT_START = new RegExp(String.raw`^(?:${NOUN_LIKE_VERBS})\b`, "i");

/** Where a task may break into parts: a comma or semicolon (with "and", "then" or "and then"), or one of those words. */
const JOINTS = /\s*[,;]\s*(?:(?:and then|and|then)\s+)?|\s+(?:and then|then|and)\s+/gi;

/**
 * An English clause that says what is not done, not needed or not online ("you do not pay online", "nothing is paid",
 * "no photo is needed", "don't book a slot"): no part of a task, and never a step.
 */
const NOT_DONE_EN =
  /^(?:(?:you|we|they|it|this|that|there|the \S+)\s+)?(?:(?:do|does|did|is|are|was|were|will|can|need|must|should)\s*(?:not|n['\u2019]t)|don['\u2019]?t|doesn['\u2019]?t|isn['\u2019]?t|aren['\u2019]?t|won['\u2019]?t|cannot|can['\u2019]t|never|no|not|nothing|none|neither|nobody|no one)\b/i;

/** Whether a clause of a task, in any of the four languages, says what is not done rather than what to do. */
export function saysNotDone(clause: string): boolean {
  const text = clause.trim();
  const language = languageOf(text);
  if (language === "de" || language === "fr" || language === "es") return negatedBeforeVerb(text, language);
  return NOT_DONE_EN.test(text);
}

/**
 * A step the brief calls optional, in English, German, French or Spanish ("add the warranty (optional)", "optionally",
 * "if you want", "freiwillig", "facultatif", "si quieres"): nobody gives up at it, and never when negated ("not
 * optional").
 */
const OPTIONAL =
  /\boptional(?:ly)?\b|\bif (?:you|they) (?:want|wish|like)\b|\bfreiwillig\w*|\bfacultati(?:f|ve)\b|\bopcional(?:es|mente)?\b|\bsi (?:vous le (?:souhaitez|voulez)|vous voulez|tu (?:le )?veux|tu le souhaites)\b|\bsi (?:quieres|lo deseas?|desea|usted quiere)\b|\bwenn (?:sie|du) (?:m\u00f6chten|m\u00f6chtest|willst|wollen)\b/iu;

/** Whether a step's label says the brief calls it optional. */
export function optionalStep(step: string): boolean {
  const found = OPTIONAL.exec(step);
  return found !== null && !/\b(?:not|nicht|pas|no|non|kein)\s+$/i.test(step.slice(0, found.index));
}

/** Whether `rest` (the text after a joint) starts a new part: a verb, or a noun-like verb where a list would not be. */
function startsPart(text: string, strongJoint: boolean): boolean {
  // What is not done is a clause of its own, cut off to be left out.
  if (NOT_DONE_EN.test(text)) return true;
  // "optionally add the warranty" is a part of its own, said optional.
  const rest = text.replace(/^optionally\s+/i, "");
  if (VERB_AT_START.test(rest)) return true;
  const verb = NOUN_LIKE_AT_START.exec(rest)?.[0];
  if (verb === undefined) return false;
  if (strongJoint) return true;
  const next = rest.slice(verb.length).trim().split(/\s+/)[0] ?? "";
  return next === "" || OBJECT_START.test(next);
}

/**
 * The parts of a task, in order: it breaks at a comma, semicolon, "and", "then" or "and then" that a verb follows
 * ("Check that we deliver to your postcode, create an account and book a slot" has three parts), never inside a list
 * of things ("find milk, eggs and bread" is one part).
 */
export function taskParts(task: string): string[] {
  const text = task.trim().replace(/[.!]+$/, "");
  const parts: string[] = [];
  let start = 0;
  // A second question a finding-out part asks ("find out when the lanes open and whether any are closed") is a
  // part of its own, said with the same verb.
  let prefix = "";
  for (const joint of text.matchAll(JOINTS)) {
    const end = joint.index + joint[0].length;
    const strong = /[,;]|then/i.test(joint[0]);
    const part = `${prefix}${text.slice(start, joint.index)}`;
    const asking = ASKING.exec(part)?.[0];
    const question = asking !== undefined && QUESTION_START.test(text.slice(end));
    if (joint.index > start && (question || startsPart(text.slice(end), strong))) {
      parts.push(part);
      start = end;
      prefix = question ? `${asking} ` : "";
    }
  }
  parts.push(`${prefix}${text.slice(start)}`);
  return parts.map((part) => part.trim()).filter((part) => part !== "" && !NOT_DONE_EN.test(part));
}

/** Verbs that ask a question of the site: a second question after them is a second part. */
const ASKING = /^(?:find out|check|see|look up|work out|ask)\b/i;
const QUESTION_START = /^(?:whether|if|when|where|which|how|what|who)\b/i;

/**
 * The steps a task goes through, from what it asks (the middle of a usability path): each part of the task gets its
 * own, named by what the user does, and a step the start page already took ("find the sign-up button" on a sign-up
 * page) is left out.
 */
export function taskSteps(task: string, startUrl: string): string[] {
  const onSignUpPage = /sign-?up|register|join|trial/i.test(startUrl);
  const steps = instructions(task).flatMap(taskParts).flatMap(stepsOfPart);
  if (steps.length === 0) return ["Find where to start the task", "Do the task"];
  return [...new Set(steps)].filter((step) => !(onSignUpPage && step === "Find the sign-up button"));
}

/**
 * The sentences of a task that say what to do ("Plan a step-free route…"), without those that set the scene ("You use a
 * wheelchair.", "This is a public service."): a step is something done, never the task's persona pasted into a template.
 */
function instructions(task: string): string[] {
  return (
    task
      .split(/(?<=[.!?;])\s+(?=\p{Lu})/u)
      // "Then upload a photo.": a sentence that carries on the task is a part of it, said without its "then".
      .map((sentence) =>
        sentence.trim().replace(/^(?:and then|then|next|after that|afterwards|finally|lastly),?\s+/i, ""),
      )
      // "Optionally add the warranty." is a deed too, said optional.
      .filter((sentence) => startsWithVerb(sentence.replace(/^optionally\s+/i, "")))
  );
}

/** Whether a task or a sentence of one starts with what to do: "Renew…", "Plan…", "Check…". */
export function startsWithVerb(text: string): boolean {
  return VERB_AT_START.test(text) || NOUN_LIKE_AT_START.test(text);
}

/** A part this short may be named inside a step ("Find where to renew a passport"); a longer one is its own step. */
const SPLICED_PART_WORDS = 10;

/** Words a title is not left ending on before its ellipsis. */
const DANGLING = /^(?:a|an|the|your|my|our|their|its|of|to|for|with|in|on|at|by|from|and|or|then|that|as|into)$/i;

/** Words a phrase starts with: a title cut before one of them ends where a phrase does. */
const PHRASE_START = /^(?:and|then|of|to|for|with|in|on|at|by|from|before|after|near|into|via|so|that|which|who)$/i;

/**
 * A task as a title holds it: whole up to 14 words; a longer one shortened with an ellipsis where a phrase ends
 * ("… start a free trial…", not "… start a free…"), after 6 to 14 of its words, or else after 12 words less any word
 * the cut leaves dangling ("of", "the"), so a title never reads as the whole task when it is not.
 */
export function titleTask(task: string): string {
  const words = task.trim().split(/\s+/);
  if (words.length <= 14) return task.trim();
  let cut = 0;
  for (let n = 6; n <= 14; n++) {
    if (/[,;:]$/.test(words[n - 1] as string) || PHRASE_START.test(words[n] as string)) cut = n;
  }
  const kept = words.slice(0, cut || 12);
  while (kept.length > 1 && DANGLING.test((kept[kept.length - 1] as string).replace(/[,;:]$/, ""))) kept.pop();
  return `${closedCut(kept.join(" ").replace(/[,;:]$/, ""))}…`;
}

/** Words that count or point rather than name: "two items" is about items. */
const DETERMINER =
  /^(?:a|an|the|your|their|my|our|this|that|these|those|some|any|one|two|three|four|five|several|few|more|first|new|next|own|last|another)$/i;

/** Words that end the name of a thing: "a standing order for your rent" names a standing order. */
const AFTER_NAME = /^(?:to|for|with|as|in|on|from|by|of|that|which|called|named|so|and|or|before|after|via)$/i;

/**
 * What a part creates when it says what it makes ("create a shared folder", "send your first invoice as an e-invoice":
 * "shared folder", "invoice"): the words after its verb and a determiner, up to a preposition, at most three of them.
 * Undefined when no determiner says a new thing is made ("send money", "set up direct debit").
 */
function madeThing(part: string): string | undefined {
  const words = part.trim().split(/\s+/);
  let i = /^set$/i.test(words[0] ?? "") ? 2 : 1;
  if (!DETERMINER.test(words[i] ?? "")) return undefined;
  while (DETERMINER.test(words[i] ?? "")) i++;
  const name: string[] = [];
  for (; i < words.length && !AFTER_NAME.test(words[i] as string); i++) name.push(words[i] as string);
  const thing = name.join(" ").toLowerCase();
  return name.length >= 1 && name.length <= 3 && /^[a-z][a-z -]*$/.test(thing) ? thing : undefined;
}

const sentenceCase = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

/**
 * How a sign-up checks who people are, as its brief says: the code sent by text for one made by phone, SMS or code,
 * nothing more for one made with an ID app or a wallet number, a confirmed email where it names email, else
 * `otherwise` (an account confirmed) only where it names an account. Never an email or password it does not name.
 */
export function signUpCheck(text: string, otherwise: string): string[] {
  const t = text.toLowerCase();
  if (/\be-?mail\b/.test(t)) return ["Confirm the email address"];
  if (/\b(?:sms|text(?:ed)?|texts|codes?|otp|one-time)\b/.test(t)) return ["Enter the code sent by text"];
  if (/\b(?:phone|mobile) (?:number|no)\b|\bbankid\b|\bitsme\b|\bdigid\b|\bmitid\b|\bid app\b|\bm-?pesa\b/.test(t))
    return [];
  return /\baccount\b/.test(t) ? [otherwise] : [];
}

/** The steps of one part of a task: where to do it, then doing it, named by what the user does. */
function stepsOfPart(part: string): string[] {
  const t = part.toLowerCase();
  const done = sentenceCase(part);
  if (/^(?:log ?in|sign in|log on)\b/.test(t)) return ["Open the log-in page", "Enter the log-in details"];
  if (/^(?:sign up|register|create an account|join|start (?:a|the|your) (?:free )?trial)\b/.test(t))
    return ["Find the sign-up button", "Fill in the sign-up form", ...signUpCheck(t, "Confirm the account")];
  if (/^(?:verify|confirm)\b.*\b(?:e-?mail|address|phone|number)\b/.test(t))
    return ["Open the confirmation message", done];
  if (/^(?:apply|enter|use|redeem)\b.*\b(?:code|voucher|coupon|promo)\b/.test(t))
    return ["Find where to enter the code", done];
  if (/^add\b.*\bto (?:the |your |my )?(?:basket|cart|bag|trolley)\b/.test(t)) return ["Find the products", done];
  // Not "order": people order a new card or a taxi as often as goods.
  if (/^(?:buy|purchase|check ?out)\b/.test(t))
    return ["Find the product", "Add it to the basket", "Go through checkout"];
  // No "Choose a date and time" of its own: a step the brief does not give, placed before its first deed, repeats
  // the choice a later part names ("confirm the date").
  if (/^(?:book|reserve|schedule)\b/.test(t)) return ["Find the booking option", done];
  const sought = /^(?:find|locate|look up|look for|search for)\s+(.+)$/i.exec(part)?.[1];
  // "Find where to change your address" names what it finds out, not a thing to open.
  if (sought !== undefined && !/^(?:out|where|what|how|when|which|who|whether|if)\b/i.test(sought))
    // A list of things ("milk, eggs and bread") is found, not opened.
    return [`Search or browse for ${sought}`, /,| and /.test(sought) ? done : `Open ${sought}`];
  if (/^find out\b|^find (?:where|what|how|when|which|who|whether|if)\b/.test(t)) return [done];
  const made = /^(?:send|create|write|make|draft|set up)\b/.test(t) ? madeThing(part) : undefined;
  if (made)
    return [
      `Start a new ${made}`,
      `Fill in the ${made} details`,
      /^send/.test(t) ? `Send the ${made}` : `Save the ${made}`,
    ];
  if (/\b(price|pricing|cost|plans?|subscription fee)\b/.test(t) && /^(?:compare|see|view|choose|pick)\b/.test(t))
    return ["Open the pricing page", "Compare the options"];
  // Anything else (download an invoice, invite a colleague, check a postcode): find where to do it, then do it.
  if (part.split(/\s+/).length > SPLICED_PART_WORDS) return ["Find the right page for it", done];
  return [`Find where to ${lowerFirst(part)}`, done];
}

/** The kind of device a journey task's `device` names: touch screens (phones and tablets) are "mobile". */
export function deviceKind(device: unknown): "desktop" | "mobile" {
  return /mobile|phone|smartphone|tablet|ios|android/i.test(String(device ?? "desktop")) ? "mobile" : "desktop";
}

/**
 * What in a brief puts its journey on a phone, in English, German, French and Spanish: a tap or swipe, an app, a code
 * by SMS, a QR code, WhatsApp, or a wallet people pay with on their phones (M-Pesa, MobilePay, Twint, Bizum…).
 */
const PHONE_CUES = new RegExp(
  `(?<![\\p{L}-])(?:${[
    "taps?|tapping|tapped|swipe|swiping|sms|text messages?|texts? you|ussd|qr[- ]?codes?|whatsapp",
    "mobile money|m-?pesa|mobilepay|mb way|vipps|swish|twint|bizum|yape|nequi|daviplata|gcash|paytm|phonepe|upi|bkash|momo|airtel money|orange money|mtn momo",
    "(?:mobile |the |our |your |in-)apps?|smartphones?|cell ?phones?|mobile phones?|on (?:your|their|a|the) phone",
    "tippen|tippe|antippen|tippt|wischen|(?:die|der|unsere|ihre) app|handy-?app|(?:am|aufs|mit dem) handy",
    "appuyez|appuyer|touchez|glissez|appli|l['\u2019]application mobile|(?:le |votre |un )?t\u00e9l\u00e9phone portable",
    "toca|tocar|pulsa|pulsar|desliza|(?:la |nuestra |tu )app|aplicaci\u00f3n m\u00f3vil|celular|(?:el |tu )m\u00f3vil",
  ].join("|")})(?![\\p{L}])`,
  "iu",
);

/** "mobile" when a journey's brief is walked on a phone (`PHONE_CUES`), else undefined: the brief does not say. */
export function impliedDevice(texts: readonly string[]): "mobile" | undefined {
  return texts.some((t) => PHONE_CUES.test(t.slice(0, 4_000))) ? "mobile" : undefined;
}

/**
 * The steps a brief itself lists for its journey: a "Steps:" sentence ("Steps: sign in with GOV.UK One Login, check
 * eligibility (…), upload a digital photo that passes the photo check, pay the fee, and get a reference number"), a
 * "Steps" heading with a list under it, or a numbered list of things to do. Each step is kept in the brief's own
 * words, shortened to the deed (what is in brackets left out). Undefined when the brief lists no steps.
 */
export function briefSteps(body: string): string[] | undefined {
  const lines = body.split(/\r?\n/);
  const clean = (step: string) =>
    sentenceCase(
      step
        // What is in brackets is left out, but for the brief's word that the step is optional.
        .replace(/\(([^)]*)\)/g, (all, inside: string) => (optionalStep(inside) ? all : ""))
        .replace(/[*_`]+/g, "")
        .replace(/\s+/g, " ")
        .replace(/[\s.;:,]+$/, "")
        .trim(),
    );
  const doable = (steps: string[]) => {
    // A listed line of what is not done ("Nothing is paid online") is no step.
    const kept = steps.map(clean).filter((s) => s.split(/\s+/).length <= 14 && s !== "" && !saysNotDone(s));
    const verbs = kept.filter(
      (s) =>
        VERB_AT_START.test(s) ||
        NOUN_LIKE_AT_START.test(s) ||
        /^(?:upload|check|pay|sign|log|enter|review|accept|wait)\b/i.test(s),
    );
    return kept.length >= 2 && verbs.length * 2 >= kept.length ? kept : undefined;
  };
  // "Steps: a, b, and c." in running text.
  const inline = /\b(?:steps|the journey|the process|how it works)\s*(?:are|is)?\s*:\s*([^\n]+)/i.exec(body)?.[1];
  if (inline) {
    // The list ends with its sentence, whatever letter ends it ("…, pay with MB WAY. Competitors: …").
    const sentence = inline.replace(/\([^)]*\)/g, "").split(/(?<=[\p{L}\d)])\.\s/u)[0] ?? inline;
    const found = doable(taskParts(sentence));
    if (found) return found;
  }
  // A "Steps" heading and the list under it, or any numbered list of deeds.
  for (let i = 0; i < lines.length; i++) {
    if (!/^#+\s*(?:steps|the journey|the process|how to)\b/i.test((lines[i] as string).trim())) continue;
    const items: string[] = [];
    for (const next of lines.slice(i + 1)) {
      const item = /^\s*(?:[-*+]|\d+[.)])\s+(.+)$/.exec(next)?.[1];
      if (item) items.push(item);
      else if (next.trim() !== "") break;
    }
    const found = doable(items);
    if (found) return found;
  }
  const numbered = lines.map((line) => /^\s*\d+[.)]\s+(.+)$/.exec(line)?.[1]).filter((s): s is string => !!s);
  return numbered.length >= 2 ? doable(numbered) : undefined;
}

/**
 * Where a conversion funnel's overall rate plausibly lies, as shares of the visitors who land (published benchmarks,
 * rounded): a luxury e-shop converts well under 2% of its visitors, a general e-shop 1.5-4%, a donation page far more.
 */
export function conversionRange(texts: readonly string[]): { kind: string; low: number; high: number } {
  const t = texts.join(" \n ").toLowerCase();
  if (/\bluxur|\bwatch(?:es|maker)?\b|\bjewel|\bcouture\b|\bmaison\b|\bhaute\b|\bdesigner (?:bags?|fashion)\b/.test(t))
    return { kind: "luxury e-commerce", low: 0.003, high: 0.015 };
  if (/\bdonat|\bfundrais|\bgive now\b|\bsponsor a\b/.test(t)) return { kind: "donation page", low: 0.08, high: 0.25 };
  if (/\bgrocer|\bsupermarket|\bweekly shop\b|\bdelivery slot\b/.test(t))
    return { kind: "grocery delivery", low: 0.05, high: 0.2 };
  if (/\bnewsletter\b|\bmailing list\b|\bsubscribes? to (?:the|our) (?:emails?|newsletter)\b/.test(t))
    return { kind: "newsletter sign-up", low: 0.01, high: 0.05 };
  // A deed people set out to do (apply, claim, renew, register a child or to vote, enrol): most who start finish, so
  // neither a shop's nor a sign-up page's rates apply.
  if (
    /\b(?:appl(?:y|ies|ication)|claims?|renews?|renewal|enrol(?:s|ls)?|registers? (?:to vote|their child|a child|for (?:the|a) (?:season|course|team|club|school))|season fee|benefits?|grants?|passport|permit|tax return)\b/.test(
      t,
    )
  )
    return { kind: "application or registration", low: 0.2, high: 0.6 };
  // Holding a date, asking or viewing is not shopping, even when a deposit or fee is paid online: such
  // funnels are read before any word of buying or paying sends them to a shop's benchmark.
  if (/\b(?:book|booking|appointment|reserv|deposit|hold the date|availability|viewings?\b)/.test(t))
    return { kind: "booking", low: 0.03, high: 0.12 };
  if (/\b(?:demo|quote|contact|enquir\w*|inquir\w*|lead|callback)\b/.test(t))
    return { kind: "lead form", low: 0.01, high: 0.06 };
  if (/\b(?:download|install)\b/.test(t)) return { kind: "download", low: 0.03, high: 0.15 };
  if (/\b(?:trial|sign(?:s|ed)? up|sign-up|signup|register|creates? an account)\b/.test(t))
    return { kind: "sign-up", low: 0.02, high: 0.1 };
  if (/\b(?:checkout|check out|purchase|buy|order|pays?|basket|cart)\b/.test(t))
    return { kind: "e-commerce", low: 0.015, high: 0.04 };
  return { kind: "website", low: 0.02, high: 0.08 };
}

/** What a part of a task does, whatever language it is written in: the kind names its step in the report's English. */
type PartKind =
  | "search"
  | "find"
  | "findout"
  | "choose"
  | "compare"
  | "book"
  | "pay"
  | "fill"
  | "signup"
  | "login"
  | "confirm"
  | "check"
  | "upload"
  | "add"
  | "open"
  | "send"
  | "cancel"
  | "download";

/**
 * The verbs of a task in German, French and Spanish, as people write them: the imperative ("suche", "choisissez",
 * "elige") or the infinitive ("bezahlen", "payer", "pagar"), with separable and reflexive forms ("gib … ein",
 * "inscrivez-vous"). The first kind a part's verbs match is what the part does.
 */
const FOREIGN_VERBS: Record<"de" | "fr" | "es", Array<[PartKind, string]>> = {
  de: [
    [
      "login",
      "einloggen|logg?(?:e|en)?(?: sie)? (?:dich|sich)(?: \\S+){0,3} ein|melden?(?: sie)? (?:dich|sich)(?: \\S+){0,3} an|anmelden",
    ],
    ["signup", "registrier\\w*|konto (?:anlegen|erstellen|er\u00f6ffnen)|legen?(?: \\S+){0,3} konto an"],
    ["findout", "finde heraus|herausfinden|informier\\w*|schau(?:e|en)? nach|nachschauen|nachsehen"],
    ["search", "such(?:e|en|t)?"],
    ["find", "finde|finden|findet"],
    ["compare", "vergleich(?:e|en|t)?"],
    ["choose", "w\u00e4hl(?:e|en|t)?|aus(?:zu)?w\u00e4hlen|entscheide|entscheiden"],
    ["book", "buch(?:e|en|t)?|reservier\\w*"],
    ["pay", "bezahl(?:e|en|t)?|zahl(?:e|en|t)?|begleich\\w*"],
    ["fill", "gib|geben|eingeben|f\u00fcll(?:e|en|t)|ausf\u00fcllen|trag(?:e|en)|eintragen"],
    ["confirm", "best\u00e4tig(?:e|en|t)|schlie\u00dfen?(?: \\S+){0,3} ab|abschlie\u00dfen"],
    ["check", "pr\u00fcf(?:e|en|t)?|\u00fcberpr\u00fcf(?:e|en|t)?|kontrollier\\w*"],
    ["upload", "laden?(?: \\S+){0,6} hoch|hochladen"],
    ["download", "laden?(?: \\S+){0,6} herunter|herunterladen"],
    ["add", "f\u00fcgen?(?: \\S+){0,6} hinzu|hinzuf\u00fcgen|leg(?:e|en)?(?: \\S+){0,4} in den warenkorb"],
    ["open", "\u00f6ffnen?"],
    ["send", "send(?:e|en)|schick(?:e|en)?|absenden|abschicken|reich(?:e|en)?(?: \\S+){0,6} ein|einreichen"],
    ["cancel", "storniere|stornieren|k\u00fcndig(?:e|en)|sag(?:e|en)?(?: \\S+){0,6} ab|absagen"],
  ],
  fr: [
    ["login", "connectez-vous|connecte-toi|se connecter|identifiez-vous|s['\u2019]identifier"],
    [
      "signup",
      "inscrivez-vous|inscris-toi|s['\u2019]inscrire|cr\u00e9ez un compte|cr\u00e9er un compte|cr\u00e9e un compte",
    ],
    ["findout", "d\u00e9couvr(?:ez|ir|e)|renseignez-vous|se renseigner"],
    ["search", "recherch(?:ez|er|e)|cherch(?:ez|er|e)"],
    ["find", "trouv(?:ez|er|e)"],
    ["compare", "compar(?:ez|er|e)"],
    ["choose", "choisi(?:ssez|r|s)|s\u00e9lectionn(?:ez|er|e)"],
    ["book", "r\u00e9serv(?:ez|er|e)|prenez rendez-vous|prendre rendez-vous"],
    ["pay", "pay(?:ez|er)|paie|r\u00e9gl(?:ez|er)|r\u00e8gle"],
    ["fill", "rempli(?:ssez|r|s)|saisi(?:ssez|r|s)|renseign(?:ez|er)|indiqu(?:ez|er)|entr(?:ez|er)"],
    ["confirm", "confirm(?:ez|er|e)|valid(?:ez|er|e)|finalis(?:ez|er|e)"],
    ["check", "v\u00e9rifi(?:ez|er|e)|contr\u00f4l(?:ez|er|e)"],
    ["upload", "t\u00e9l\u00e9vers(?:ez|er|e)|import(?:ez|er|e)|joign(?:ez)|joindre"],
    ["download", "t\u00e9l\u00e9charg(?:ez|er|e)"],
    ["add", "ajout(?:ez|er|e)"],
    ["open", "ouvr(?:ez|ir|e)"],
    ["send", "envoy(?:ez|er)|envoie|soumett(?:ez|re)"],
    ["cancel", "annul(?:ez|er|e)|r\u00e9sili(?:ez|er|e)"],
  ],
  es: [
    ["login", "inicia sesi\u00f3n|iniciar sesi\u00f3n|inicie sesi\u00f3n|accede|acceder|acceda"],
    [
      "signup",
      "reg\u00edstrate|registrarse|reg\u00edstrese|crea una cuenta|crear una cuenta|date de alta|darse de alta",
    ],
    ["findout", "averigu(?:a|ar|e)|inf\u00f3rmate|consult(?:a|ar|e)"],
    ["search", "busc(?:a|ar|ad)|busque"],
    ["find", "encuentr(?:a|e)|encontrar|localiz(?:a|ar)"],
    ["compare", "compar(?:a|ar|e)"],
    ["choose", "elig(?:e|a)|elij(?:a|an)|elegir|escog(?:e|er)|escoja|selecciona(?:r)?|seleccione"],
    ["book", "reserv(?:a|ar|e)|pide cita|pedir cita"],
    ["pay", "pag(?:a|ar)|pague|abon(?:a|ar|e)"],
    [
      "fill",
      "rellen(?:a|ar|e)|introduc(?:e|ir)|introduzca|ingres(?:a|ar|e)|escrib(?:e|ir|a)|indic(?:a|ar)|completa el formulario",
    ],
    ["confirm", "confirm(?:a|ar|e)|finaliz(?:a|ar)|finalice"],
    ["check", "comprueb(?:a|e)|comprobar|verific(?:a|ar)|verifique|revis(?:a|ar|e)"],
    ["upload", "sub(?:e|ir|a)"],
    ["download", "descarg(?:a|ar)|descargue"],
    ["add", "a\u00f1ad(?:e|ir|a)|agreg(?:a|ar)|agregue"],
    ["open", "abr(?:e|ir|a)"],
    ["send", "env\u00ed(?:a|e)|enviar|mand(?:a|ar|e)"],
    ["cancel", "cancel(?:a|ar|e)|anul(?:a|ar|e)"],
  ],
};

const FOREIGN_VERB_PATTERNS = Object.fromEntries(
  Object.entries(FOREIGN_VERBS).map(([language, rows]) => [
    language,
    rows.map(([kind, verbs]) => [kind, new RegExp(`(?<![\\p{L}-])(?:${verbs})(?![\\p{L}])`, "iu")] as const),
  ]),
) as unknown as Record<"de" | "fr" | "es", ReadonlyArray<readonly [PartKind, RegExp]>>;

/**
 * Where a task in German, French or Spanish may break into parts: a comma (not a decimal one: "4,50 €"), a semicolon or
 * a full stop, "and", "then".
 */
const FOREIGN_JOINTS =
  /(\s*(?:;|(?<!\d),|,(?!\d)|(?<![\d\s])[.!](?!\d))\s*(?:(?:und dann|und danach|und anschlie\u00dfend|und zum schluss|und schlie\u00dflich|et puis|et ensuite|et enfin|et finalement|y luego|y despu\u00e9s|y por \u00faltimo|y finalmente|und|dann|danach|anschlie\u00dfend|zum schluss|schlie\u00dflich|et|puis|ensuite|enfin|y|e|luego|despu\u00e9s|por \u00faltimo|finalmente),?\s+)?|\s+(?:und dann|und danach|und anschlie\u00dfend|und zum schluss|und schlie\u00dflich|et puis|et ensuite|et enfin|et finalement|y luego|y despu\u00e9s|y por \u00faltimo|y finalmente|und|dann|danach|anschlie\u00dfend|et|puis|ensuite|y|e|luego|despu\u00e9s),?\s+)/iu;

type Foreign = "de" | "fr" | "es";

/** The kind of a part in `language` and where its first verb the writer knows stands, or undefined when none. */
function foreignVerb(part: string, language: Foreign): { kind: PartKind; at: number; length: number } | undefined {
  let best: { kind: PartKind; at: number; length: number } | undefined;
  for (const [kind, pattern] of FOREIGN_VERB_PATTERNS[language]) {
    const found = pattern.exec(part);
    if (found && (best === undefined || found.index < best.at))
      best = { kind, at: found.index, length: found[0].length };
  }
  return best;
}

/** Words that open what a verb acts on: an article, a possessive, a demonstrative, a number. */
const OBJECT_OPENERS: Record<Foreign, RegExp> = {
  de: /^(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|ihr|ihre|ihren|ihrem|dein|deine|deinen|deinem|mein|meine|meinen|unser|unsere|unseren|diese|diesen|dieses|alle|zwei|drei|vier|\d\S*)$/iu,
  fr: /^(?:le|la|les|l['\u2019]\S*|un|une|des|du|votre|vos|ton|ta|tes|son|sa|ses|notre|nos|ce|cet|cette|ces|deux|trois|\d\S*)$/iu,
  es: /^(?:el|la|los|las|un|una|unos|unas|su|sus|tu|tus|mi|mis|nuestro|nuestra|este|esta|estos|estas|dos|tres|\d\S*)$/iu,
};

/** The pronoun a German imperative or a reflexive takes after its verb: "laden Sie", "melde dich". */
const GERMAN_PRONOUN = /^(?:sie|du|dir|dich|sich|mich|bitte|uns)$/i;

/** The particle a separable German verb leaves at the end of its clause: "laden Sie den Code herunter". */
const GERMAN_PARTICLE =
  /^(?:ab|an|auf|aus|bei|durch|ein|fest|her|herunter|heraus|hin|hinzu|hoch|los|mit|nach|um|vor|weg|weiter|zu|zur\u00fcck|zusammen)$/i;

/** Little words no verb is: a clause opening with one is not an imperative. */
const NOT_VERBS =
  /^(?:und|oder|aber|dann|danach|f\u00fcr|mit|von|bei|nach|ohne|sowie|et|ou|mais|puis|pour|avec|sans|dans|chez|sur|y|o|pero|luego|para|con|sin|en|por|sobre|der|die|das|den|le|la|les|el|los|las|un|une|una|ein|eine)$/i;

/**
 * Whether a clause opens with a verb the writer has no entry for, by its form: a word followed by "Sie" or by what it
 * acts on ("drucken Sie …", "imprimez le bon", "imprima el vale"), or, in German, a clause closed by a separable
 * particle or a lower-case infinitive ("druck den Schein aus", "den Schein ausdrucken"): nouns are capitalised there.
 */
function imperativeForm(piece: string, language: Foreign): boolean {
  const words = piece.split(/\s+/);
  const [first = "", second = ""] = words;
  const last = words.at(-1) ?? "";
  if (language === "de" && words.length > 2 && (GERMAN_PARTICLE.test(last) || /^\p{Ll}{3,}(?:en|ern|eln)$/u.test(last)))
    return true;
  if (first.length < 3 || NOT_VERBS.test(first) || /\d/.test(first)) return false;
  if (language === "de") return /^sie$/i.test(second) || OBJECT_OPENERS.de.test(second);
  return (
    OBJECT_OPENERS[language].test(second) ||
    (/^\p{L}+(?:ez|er|ir|re|ar)(?:-vous|-toi|se|lo|la|los|las)?$/iu.test(first) && words.length > 1)
  );
}

/**
 * A negation within a clause's first words and before its verb says what is not done ("No se paga nada", "On ne paie
 * rien", "Es wird nichts bezahlt"); after the verb it is part of a deed ("Wählen Sie keine Versicherung").
 */
const NEGATION =
  /(?<![\p{L}])(?:no|ne|n['\u2019]|nicht|nichts|kein\p{L}*|nada|rien|nunca|jamais|nie|aucun\p{L}*|ning[u\u00fa]n\p{L}*)(?![\p{L}])/iu;

/** Whether a clause in another language says what is not done: a negation in its first words, before its verb. */
function negatedBeforeVerb(piece: string, language: Foreign): boolean {
  const negation = NEGATION.exec(piece);
  if (negation === null) return false;
  const verb = foreignVerb(piece, language);
  // Before a verb the writer knows, wherever it stands ("Die Gebühr wird nicht online bezahlt"); with none known, only
  // in the clause's first words.
  return verb !== undefined ? negation.index < verb.at : !/(?:\S+\s+){3}/u.test(piece.slice(0, negation.index));
}

/** A part of a task in another language: its words and what it does (undefined: a deed the writer cannot name). */
interface ForeignPart {
  text: string;
  kind: PartKind | undefined;
  /** Whether the part says to do something (a verb known, or an imperative by its form): else it sets the scene. */
  deed: boolean;
}

/**
 * The parts of a task written in German, French or Spanish, each with what it does: it breaks at a comma,
 * semicolon, full stop, "und/et/y" or "dann/puis/luego" only where the piece after says to do something, by a verb
 * the writer knows or by an imperative's form ("Suche ein Zimmer für zwei, wähle Halbpension und bezahle die
 * Anzahlung" has three parts, "…und drucken Sie die Quittung aus" one more; "für Anna, Ben und Carla" is none). A
 * leading piece that does nothing sets the scene and is no part. Undefined for any other language.
 */
function foreignTaskParts(task: string): ForeignPart[] | undefined {
  const language = languageOf(task);
  if (language !== "de" && language !== "fr" && language !== "es") return undefined;
  const pieces = task
    .trim()
    .replace(/[.!]+$/, "")
    .split(FOREIGN_JOINTS);
  const parts: ForeignPart[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const piece = (pieces[i] ?? "").trim();
    // What is not done ("No se paga nada en línea") is no step, and nor is the scene a sentence of its own sets after a
    // deed ("; los derechos se calculan después").
    if (piece === "") continue;
    const verb = foreignVerb(piece, language);
    if (negatedBeforeVerb(piece, language)) continue;
    const kind = verb?.kind;
    const deed = kind !== undefined || imperativeForm(piece, language);
    if (!deed && parts.length > 0 && /[.;!]/.test(pieces[i - 1] ?? "")) continue;
    const last = parts.at(-1);
    if (!deed && last !== undefined) last.text = `${last.text}${pieces[i - 1] ?? " "}${piece}`;
    else if (deed && last !== undefined && !last.deed) parts[parts.length - 1] = { text: piece, kind, deed };
    else parts.push({ text: piece, kind, deed });
  }
  return parts;
}

/**
 * What a part acts on, in the client's words and whole: the part without its verb where the verb opens it (with its
 * pronoun and, in German, the particle that closes it: "laden Sie den Code herunter" → "den Code") or closes it (an
 * infinitive: "den Code herunterladen" → "den Code"). Undefined where the verb stands inside the clause: then the whole
 * clause is quoted. Empty where the verb is all there is ("inscrivez-vous").
 */
function objectOf(part: string, language: Foreign): string | undefined {
  const words = part.split(/\s+/);
  const verb = foreignVerb(part, language);
  const opens = verb
    ? verb.at === 0
    : imperativeForm(part, language) && !/^\p{Ll}{3,}(?:en|ern|eln)$/u.test(words.at(-1) ?? "");
  if (opens) {
    const said = verb ? part.slice(0, verb.length).split(/\s+/) : [words[0] as string];
    // A separable verb's pattern spans its object ("lade … hoch"): only its first word and its particle are the verb.
    const spans = language === "de" && said.length > 2 && GERMAN_PARTICLE.test(said.at(-1) ?? "");
    let start = spans ? 1 : said.length;
    while (language === "de" && start < words.length && GERMAN_PRONOUN.test(words[start] as string)) start++;
    let end = words.length;
    if (language === "de" && end - 1 > start && GERMAN_PARTICLE.test(words[end - 1] as string)) end--;
    return words.slice(start, end).join(" ");
  }
  const closes = verb ? verb.at + verb.length === part.length : language === "de" && imperativeForm(part, language);
  if (!closes) return undefined;
  let end = words.length - (verb ? part.slice(verb.at).split(/\s+/).length : 1);
  if (language === "de" && end > 0 && /^zu$/i.test(words[end - 1] as string)) end--;
  return words.slice(0, end).join(" ");
}

/** Client's words as a step quotes them: whole, in single quotes (a step's name holds no double quote). */
const quoted = (text: string) => `'${text.replace(/["\u201c\u201d\u201e\u00ab\u00bb]/g, "").trim()}'`;

/** The English steps of a part of each kind, with what it acts on quoted as the client wrote it (if anything). */
const KIND_STEPS: Record<PartKind, (q: string) => string[]> = {
  search: (q) => [`Search${q}`, "Choose from the results"],
  find: (q) => [`Search or browse${q}`, "Open what was found"],
  findout: (q) => [`Find out${q}`],
  choose: (q) => [`Choose${q}`],
  compare: (q) => [`Compare the options${q}`],
  // One step for each deed the brief names, in its order: none of its own before it (a date chosen, payment details).
  book: (q) => [`Book${q}`],
  pay: (q) => [`Pay${q}`],
  fill: (q) => [`Fill in the form${q}`],
  signup: (q) => ["Find the sign-up button", `Fill in the sign-up form${q}`],
  login: (q) => ["Open the log-in page", `Log in${q}`],
  confirm: (q) => [`Confirm${q}`],
  check: (q) => [`Check${q}`],
  upload: (q) => [`Upload${q}`],
  add: (q) => [`Add${q}`],
  open: (q) => [`Open${q}`],
  send: (q) => [`Send${q}`],
  cancel: (q) => [`Cancel${q}`],
  download: (q) => [`Download${q}`],
};

/**
 * The steps of a task in German, French or Spanish: each part its own steps, each label an English verb for what
 * the part does with what it acts on quoted whole in the client's words ("Pay: 'die Anzahlung von 20 €'"), or the
 * whole clause quoted where the verb stands inside it; never cut. A part whose verb the writer does not know is still
 * a step of its own, its clause quoted whole ("Do this part: 'drucken Sie die Quittung aus'"). Undefined for other
 * languages.
 */
export function foreignTaskSteps(task: string): string[] | undefined {
  const parts = foreignTaskParts(task);
  if (parts === undefined || parts.length === 0) return undefined;
  const language = languageOf(task) as Foreign;
  return [
    ...new Set(
      parts.flatMap(({ text, kind }) => {
        if (kind === undefined) return [`Do this part: ${quoted(text)}`];
        const object = objectOf(text, language) ?? text;
        return KIND_STEPS[kind](object.trim() === "" ? "" : `: ${quoted(object)}`);
      }),
    ),
  ];
}

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  zwei: 2,
  drei: 3,
  vier: 4,
  deux: 2,
  trois: 3,
  quatre: 4,
  dos: 2,
  tres: 3,
  cuatro: 4,
};

/** Things a step offers a choice of. */
const OPTION_NOUNS =
  "plans?|options?|tiers?|packages?|sizes?|versions?|models?|products?|memberships?|subscriptions?|classes|class|levels?|bundles?|editions?|types?|kinds?|rooms?|tarife?|pakete?|formules?|offres?|planes|opciones|paquetes";

const COUNTED = new RegExp(
  String.raw`(?<![\p{L}\d])(\d{1,2}|${Object.keys(NUMBER_WORDS).join("|")})\s+(?:[\p{L}-]+\s+){0,2}?(?:${OPTION_NOUNS})(?![\p{L}])`,
  "iu",
);

const LIST_JOINT = /\s*,\s*(?:(?:or|and|oder|und|ou|et|o|y)\s+)?|\s+(?:or|and|oder|und|ou|et|o|y)\s+/i;
const BRACKETED_LIST = /\(([^)]*\b(?:or|and|oder|und|ou|et|o|y)\b[^)]*)\)/i;
const NAMED_LIST = new RegExp(
  String.raw`((?:[\p{L}\d-]+,\s+)*[\p{L}\d-]+,?\s+(?:or|and|oder|und|ou|et|o|y)\s+[\p{L}\d-]+)\s+(?:${OPTION_NOUNS})(?![\p{L}])`,
  "iu",
);

/**
 * How many options a step of a journey offers, as its brief says: a count it gives ("the three cabin classes", "2
 * plans"), or a list it names ("the Basic and Premium plans", "(120, 160 or 200 litres)", "monthly or yearly"),
 * read in the step first, then anywhere in the brief. Undefined when it says nothing: then nothing may claim a number.
 */
export function optionsOffered(step: string, brief = ""): number | undefined {
  const counted = (text: string) => {
    const found = COUNTED.exec(text)?.[1]?.toLowerCase();
    if (found === undefined) return undefined;
    const n = NUMBER_WORDS[found] ?? Number(found);
    return n >= 2 ? n : undefined;
  };
  const listed = (text: string) => {
    // "(120, 160 or 200 litres)", "Bronze, Silver and Gold tiers", "a monthly or yearly subscription".
    const list = (BRACKETED_LIST.exec(text) ?? NAMED_LIST.exec(text))?.[1];
    return list?.split(LIST_JOINT).filter((item) => item.trim() !== "").length;
  };
  return counted(step) ?? listed(step) ?? counted(brief) ?? undefined;
}

/** A sentence that labels what success is: "Success = …", "Erfolg: …", "Critère de succès : …", "Éxito: …". */
const SUCCESS_LABEL =
  /^(?:success(?: criteri(?:on|a))?|erfolg(?:skriterium)?|succ\u00e8s|crit\u00e8re de succ\u00e8s|\u00e9xito|criterio de \u00e9xito)\s*(?:=|:|is\b|ist\b|est\b|es\b)/iu;

/** A sentence that says reaching a page or screen is the end: "reaches the page '…'", "Llega a la pantalla '…'". */
const REACHES =
  /(?<![\p{L}])(?:reach(?:es|ed)?|gets? to|erreicht|erreichen|atteint|atteindre|arrive sur|llega a|llegar a)(?![\p{L}])[^.!?]{0,50}?(?<![\p{L}])(?:page|screen|seite|bildschirm|ansicht|\u00e9cran|pantalla|p\u00e1gina)(?![\p{L}])/iu;

/** A negation before the verb: "never reaches the page" states no success. */
const NEGATED_BEFORE = /(?<![\p{L}])(?:not|never|n['\u2019]t|nicht|nie|ne|pas|no|nunca|jam\u00e1s)(?![\p{L}])/iu;

/**
 * The success a task states in its own words, in English, German, French or Spanish: a sentence labelled "Success"
 * ("Éxito: …"), or one that says the user reaches a page or screen ("Llega a la pantalla 'Solicitud enviada'"). The
 * sentence as written, without its full stop; undefined when it states none.
 */
export function statedSuccess(text: string): string | undefined {
  const sentences = text
    .slice(0, 4_000)
    .split(/(?<=[.!?])\s+(?=\S)|\n+/u)
    .map((s) => s.trim().replace(/[.!]+$/, ""));
  return sentences.find((s) => {
    if (SUCCESS_LABEL.test(s)) return true;
    const reach = REACHES.exec(s);
    if (reach === null || s.split(/\s+/).length > 30) return false;
    // Said by its subject and verb ("the user reaches…", "Llega a…"), never the end of an instruction ("search and
    // reach the page"), nor negated.
    const before = s.slice(0, reach.index);
    return (
      !NEGATED_BEFORE.test(before) &&
      !/[,;]|\b(?:and|then|und|dann|et|puis|y|luego)\b/iu.test(before) &&
      before.split(/\s+/).length <= 4
    );
  });
}

/** A task without the sentence that states its success: that sentence is what success is, no step of the path. */
export function withoutSuccess(task: string): string {
  const success = statedSuccess(task);
  if (success === undefined) return task;
  const at = task.indexOf(success);
  return at < 0 ? task : `${task.slice(0, at)}${task.slice(at + success.length).replace(/^[.!]+/, "")}`.trim();
}
