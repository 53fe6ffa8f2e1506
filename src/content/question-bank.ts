import { capitalise } from "./analysis.js";
import { briefTexts } from "./asked-measures.js";
import { brandCategoryOf, brandClaimsOf, brandNameOf, isProperNoun, sharedCategory } from "./brand-category.js";
import { asksWhatHoldsBack, briefAsks, listedAttributes, remediesOf } from "./brief-asks.js";
import { clientText, oneClause, shownOnce, spliceable } from "./client-text.js";
import { conceptNames, doesSomething, opening } from "./concept-names.js";
import type { Goal } from "./goals.js";
import type { Context } from "./inputs.js";
import {
  amountIn,
  currencyCode,
  formatMoney,
  type MoneyStyle,
  moneyMatches,
  moneyStyle,
  readPrice,
  unitAfter,
  unitPhrase,
  withUnit,
} from "./money.js";
import { proposedHypothesis } from "./proposed.js";
import { type QuestionType, type ReadingContext, readQuestion, withWayOut } from "./question-kinds.js";
import { fieldDrivers, reasonThemes } from "./question-subjects.js";
import type { Random } from "./random.js";
import { SCALES } from "./scales.js";
import { priceInEnglish } from "./segments.js";
import { studySubject } from "./study-subject.js";
import {
  actOfMany,
  actOfOne,
  asksOf,
  conceptAct,
  type DomainPack,
  domainOf,
  driversOfSubject,
  fieldHeld,
  fieldOfSubject,
  messageAct,
  packOf,
  pricedAct,
  readObjective,
  reasonsOfSubject,
  serviceAct,
} from "./subject.js";
import { namedSubject, readSurveyBrief, subjectPhrase, withoutAsides } from "./survey-brief.js";

/**
 * What the question writer asks for each research goal when no survey design fixes the questions: the wording a
 * market researcher would use, built from the goal's inputs, the simulation's context and the stimulus. Every
 * goal gives 5 to 8 questions; which optional questions join the core ones (and a few wording choices) come from the
 * plan's seeded `Random`, so a plan depends only on the seed, the simulation and its inputs.
 */

/** A question before it gets its `variable_name`: `name` is the slug source, chosen to read well in an export. */
export interface DraftQuestion {
  text: string;
  options: readonly string[];
  insight: string;
  name: string;
  /** `single_choice` unless said otherwise. */
  type?: QuestionType;
}

export interface ResearchDraft {
  title: string;
  question_text: string;
  hypothesis_text: string;
  questions: DraftQuestion[];
}

export interface DraftRequest {
  goal: Goal;
  inputs: Record<string, unknown>;
  context: Context | undefined;
  /** What is being tested, from the survey design or an input of that name. */
  stimulus: string | undefined;
  random: Random;
  /** The most questions the writer may plan (`--max-questions`, and never more than `MAX_QUESTIONS`). */
  maxQuestions: number;
  /** What a question's options are read against: the goal, its inputs, the study's currency and brands. */
  reading: ReadingContext;
  /** The names of the user models the study samples, when known: the audience the plan names is them. */
  samples?: readonly string[];
  /** The field the study is in, and its words (`subject.ts`); the general, neutral pack when unknown. */
  pack?: DomainPack;
  /** The title the client gave the study, which may say what its subject is ("Antares craft beer: brand health"). */
  title?: string | undefined;
}

/** More samples than this are not listed by name in a plan's sentences: it speaks of respondents instead. */
const MAX_NAMED_SAMPLES = 3;

/**
 * Who the samples are, as a plan's sentences name them: "US IT decision makers and US adults 18-65". A name's closing
 * qualifier in brackets is dropped unless it carries a number ("UK adults 18+ (nationally representative)" → "UK
 * adults 18+"; "US Gen Z (18-26)" stays). Undefined for more samples than can be listed.
 */
export function samplesAudience(names: readonly string[]): string | undefined {
  // A name with a clause of its own ("Swiss adults, French-speaking") is quoted, so a sentence keeps its grammar.
  const tidy = [
    ...new Set(
      names
        .map((name) => name.replace(/\s*\((?![^)]*\d)[^)]*\)\s*$/, "").trim())
        .filter(Boolean)
        .map((name) => (/[,;:]/.test(name) ? `"${name.replace(/"/g, "'")}"` : name)),
    ),
  ];
  return tidy.length > 0 && tidy.length <= MAX_NAMED_SAMPLES ? joinList(tidy) : undefined;
}

/**
 * The audience a plan names: the `audience` input (or `fallback`, an audience the goal reads from its own inputs, such
 * as a survey objective's "people who …"); else, where the context names its users, the people the user models
 * actually sample, since a plan about "maintenance managers" fielded to US adults and IT buyers misreports who
 * answered (the context's users stand only when the samples are not known).
 */
export function plannedAudience(
  request: Pick<DraftRequest, "inputs" | "samples">,
  facts: ContextFacts,
  fallback?: string,
): string | undefined {
  const written = text(request.inputs, "audience");
  const sampled = request.samples && request.samples.length > 0 ? samplesAudience(request.samples) : undefined;
  // An audience the client described at length (a sentence, a note to the agency, another language's paragraph) is
  // never spliced: the plan names the people sampled, or the audience the brief describes, which the report quotes.
  const given = written === undefined ? fallback : audienceName(written, sampled ?? "the audience the brief describes");
  if (given !== undefined || facts.audience === undefined) return given;
  return request.samples && request.samples.length > 0 ? sampled : facts.audience;
}

/**
 * How a sentence names an audience the client wrote: whole or not at all. A short phrase is spliced as written; a
 * longer one with no sentence inside it whole ("rural households that keep goats in Oyo, Ogun and Osun states", never
 * cut at its comma), quoted when in another language; a paragraph by `handle`.
 */
function audienceName(written: string, handle: string): string {
  const shown = clientText(written, handle);
  if (shown.kind === "name" || shown.kind === "url") return shown.name;
  const whole = shown.given.replace(/[\s.!?,;:]+$/u, "");
  if (whole.length > 120 || /[.!?;:](?=\s)|\s[-\u2013\u2014]\s/u.test(whole)) return handle;
  return shown.kind === "foreign" ? `"${whole.replace(/"/g, "'")}"` : whole;
}

export const MIN_QUESTIONS = 5;
export const MAX_QUESTIONS = 8;

// Answer scales the shared `SCALES` do not have, each ordered least to most favourable.
/** The purchase-intent ladder, exported for tests that answer it as the question writer asks it. */
export const PURCHASE = [
  "Definitely would not buy",
  "Probably would not buy",
  "Might or might not buy",
  "Probably would buy",
  "Definitely would buy",
];
const RELEVANCE = [
  "Not at all relevant",
  "Not very relevant",
  "Somewhat relevant",
  "Very relevant",
  "Extremely relevant",
];
const UNIQUENESS = [
  "Not at all different",
  "Slightly different",
  "Somewhat different",
  "Very different",
  "Completely new",
];
const BELIEVABILITY = [
  "Not at all believable",
  "Not very believable",
  "Somewhat believable",
  "Very believable",
  "Completely believable",
];
const PERSUASION = ["Not at all", "A little", "A fair amount", "Quite a lot", "A great deal"];
const ROUTINE_FIT = [
  "I would not use it",
  "I would try it once or twice",
  "I would use it now and then",
  "I would use it alongside what I have",
  "It would replace what I use now",
];
const FAMILIARITY = [
  "Never heard of it",
  "Heard the name only",
  "Know a little about it",
  "Know it fairly well",
  "Know it very well",
];
/** Brand scales end in a way out: people who do not know a brand well enough cannot rate it. */
const DONT_KNOW_BRAND = "Don't know it well enough to say";
const DESCRIBES = [
  "Does not describe it at all",
  "Describes it a little",
  "Describes it fairly well",
  "Describes it very well",
  DONT_KNOW_BRAND,
];
const CONSIDERATION = [
  "Would not consider it",
  "Might consider it",
  "Would probably consider it",
  "Would definitely consider it",
  "It would be my first choice",
];
const COMPARED = ["Much worse", "A little worse", "About the same", "A little better", "Much better", DONT_KNOW_BRAND];
const PAY_MORE = ["Nothing more", "Less than 10% more", "10% to 25% more", "More than 25% more"];
/** Fields whose brands are services people deal with, not goods they buy. */
const SERVICE_FIELDS = new Set<string>([
  "finance",
  "insurance",
  "energy",
  "telecom",
  "software",
  "travel",
  "government",
  "public_health",
  "healthcare",
  "housing",
  "charity",
  "education",
  "transport",
  "civic",
  "volunteering",
  "workplace",
]);

const BRAND_ATTRIBUTES = [
  "trustworthy",
  "good value for money",
  "innovative",
  "high quality",
  "for people like me",
  "easy to deal with",
];

// --- Reading inputs and context -------------------------------------------------------------------------------

export function text(inputs: Record<string, unknown>, key: string): string | undefined {
  const value = inputs[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** A list input's strings, trimmed, without blanks or repeats (compared case-insensitively). */
export function list(inputs: Record<string, unknown>, key: string): string[] {
  const value = inputs[key];
  return Array.isArray(value) ? distinct(value.filter((v): v is string => typeof v === "string")) : [];
}

function distinct(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const key = value.toLowerCase();
    if (value === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

function numbers(inputs: Record<string, unknown>, key: string): number[] {
  const value = inputs[key];
  if (!Array.isArray(value)) return [];
  const found = value.filter((v): v is number => typeof v === "number" && Number.isFinite(v) && v > 0);
  return [...new Set(found)].sort((a, b) => a - b);
}

/** An amount in the study's money style ("¥2,500", "CHF 12", "12 kr"); `decimals` fixes them for a ladder. */
export function money(amount: number, style: MoneyStyle, decimals?: number): string {
  return formatMoney(amount, style, decimals);
}

export function shorten(value: string, words = 6): string {
  const parts = value.split(/\s+/);
  return parts.length <= words ? value : `${parts.slice(0, words).join(" ")}…`;
}

/**
 * A name as it sits mid-sentence: one with a comma of its own ("Kontor Team, billed yearly") closes it before the
 * sentence goes on ("would Kontor Team, billed yearly, seem so cheap"), as an English writer would.
 */
export function mid(name: string): string {
  return /,\s/.test(name) && !/[,.;:!?)"'\u2026]$/.test(name) ? `${name},` : name;
}

/** A name starting with an article, as it reads mid-sentence: "An ad-free plan" → "an ad-free plan", "a 5-day pass". */
export function midArticle(name: string): string {
  return /^(?:A|An|The)\s+[\p{Ll}\d]/u.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/**
 * Whom people would recommend something to: a colleague for what is used at work (software, a workplace), family and
 * friends for the rest (infant formula is not recommended to a colleague).
 */
function recommendTo(pack: DomainPack): string {
  return pack.domain === "software" || pack.domain === "workplace"
    ? "a friend or colleague"
    : "a friend or family member";
}

/** "A", "A and B", "A, B and C" (or "or"). */
export function joinList(items: readonly string[], last = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`;
}

function plain(value: string): string {
  return value
    .replace(/[*_`#>]+/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** What the context's markdown says that a question writer would use: the product, who it is for, competitors. */
export interface ContextFacts {
  name: string | undefined;
  description: string | undefined;
  audience: string | undefined;
  competitors: string[];
  /** "mobile" when the context describes the product as an app only (`deviceOf`); otherwise left open. */
  device: "mobile" | undefined;
}

export function contextFacts(context: Context | undefined): ContextFacts {
  if (!context)
    return { name: undefined, description: undefined, audience: undefined, competitors: [], device: undefined };
  const lines = context.body.split(/\r?\n/);
  const prose = lines.map((line) => line.trim()).find((line) => line !== "" && !line.startsWith("#"));
  const firstSentence = prose
    ? plain(prose)
        .split(/(?<=[.!?])\s/)[0]
        ?.replace(/[.!?]+$/, "")
    : undefined;
  const description = firstSentence && !/^competitors?\b/i.test(firstSentence) ? shorten(firstSentence, 20) : undefined;
  return {
    name: context.name.trim() || undefined,
    description,
    audience: audienceOf(context.body, description),
    competitors: competitorsOf(lines, context.name),
    device: deviceOf(context.body),
  };
}

/**
 * The device people use the product on, as far as the context tells: an app ("Weeknight is a meal-kit subscription
 * app", "on iOS and Android", "in the App Store") that is not also used on the web ("in the browser", "web app",
 * "website", "desktop") is used on phones. Anything else leaves it to the journey's own input (desktop by default).
 */
function deviceOf(body: string): "mobile" | undefined {
  const app =
    /\b(?:ios|android|iphone|app store|google play|play store|(?:mobile|phone|smartphone) apps?)\b/i.test(body) ||
    /\b(?:is|as) an? [^.\n]{0,60}?\bapp\b/i.test(body);
  const web = /\b(?:browsers?|web ?apps?|websites?|web version|on the web|desktops?|laptops?|computers?)\b/i.test(body);
  return app && !web ? "mobile" : undefined;
}

/** "Designers and studio managers" → "designers and studio managers" for use mid-sentence; "NHS staff" stays. */
function sentenceCase(value: string): string {
  return /^[A-Z][a-z]/.test(value) ? value.charAt(0).toLowerCase() + value.slice(1) : value;
}

/** "maintenance managers, plant managers, IT/OT leads" → "…, plant managers and IT/OT leads": a noun phrase. */
function andList(value: string): string {
  return /,/.test(value) && !/\b(?:and|or)\b/.test(value) ? value.replace(/,\s*([^,]+)$/, " and $1") : value;
}

function audienceOf(body: string, description: string | undefined): string | undefined {
  const stated =
    /\b(?:who uses it|users|audience|customers|target (?:audience|market|users))\s*(?:are|is)?\s*[:\u2013-]\s*([^\n.;]+)/i.exec(
      body,
    )?.[1];
  if (stated) return andList(sentenceCase(shorten(plain(stated), 6)));
  const section =
    /^#+\s*(?:who uses it|users|audience|customers|target (?:audience|market|users))\s*\n+\s*(?:[-*+]\s+)?([^\n]+)/im.exec(
      body,
    )?.[1];
  if (section) return andList(sentenceCase(shorten(plain(section).replace(/[.]+$/, ""), 6)));
  // "A smart reusable cup for office workers": a short plural noun phrase after "for".
  const implied = description
    ? /\bfor ([a-z][a-z -]*?s)\b(?=$|[,;]| who| that| and)/i.exec(description)?.[1]
    : undefined;
  if (implied && implied.split(" ").length <= 4 && !/^\w+ing\b/i.test(implied)) return implied;
  return undefined;
}

function competitorsOf(lines: readonly string[], own: string): string[] {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const inline = /\bcompetitors?\b(?:(?:\s+(?:are|include))?\s*[:\u2013-]\s*|\s+(?:are|include)\s+)(.+)$/i.exec(
      line,
    )?.[1];
    let names: string[] = [];
    if (inline) {
      names = plain(inline)
        .split(/(?<=\w)\.(?:\s|$)/)[0]!
        .split(/\s*(?:,|;|\/|\band\b|\bor\b)\s*/);
    } else if (/^#+\s*competitors?\b/i.test(line.trim())) {
      for (const next of lines.slice(i + 1)) {
        const bullet = /^\s*[-*+]\s+(.+)$/.exec(next)?.[1];
        if (bullet) names.push(plain(bullet).split(/\s[:\u2013-]\s|[:(]/)[0] ?? "");
        else if (next.trim() !== "") break;
      }
    }
    const found = distinct(names.map((n) => n.replace(/[.]+$/, "").trim())).filter(
      (n) => n.length <= 40 && n.toLowerCase() !== own.trim().toLowerCase(),
    );
    if (found.length) return found.slice(0, 6);
  }
  return [];
}

// --- Composing a questionnaire ------------------------------------------------------------------------------------

interface Candidate extends DraftQuestion {
  core: boolean;
  /** When `--max-questions` leaves room for fewer than the core questions, lower priorities are kept first. */
  priority: number;
}

const core = (q: DraftQuestion, priority = 1): Candidate => ({ ...q, core: true, priority });
const optional = (q: DraftQuestion): Candidate => ({ ...q, core: false, priority: 2 });

/**
 * The core questions plus as many optional ones as the random target (5 to 8) needs, in questionnaire order: which
 * optional questions are asked varies by simulation, their order never does. A `max` below that (`--max-questions`)
 * caps the plan too, keeping the core questions that matter most to the goal.
 */
function compose(random: Random, candidates: readonly Candidate[], max: number, most = MAX_QUESTIONS): DraftQuestion[] {
  const limit = Math.max(1, Math.min(most, max));
  const coreIndexes = candidates.flatMap((c, i) => (c.core ? [i] : []));
  const keptCores = new Set(
    [...coreIndexes].sort((a, b) => candidates[a]!.priority - candidates[b]!.priority || a - b).slice(0, limit),
  );
  const cores = keptCores.size;
  const optionals = candidates.length - coreIndexes.length;
  const low = Math.min(Math.max(MIN_QUESTIONS, cores), limit);
  const high = Math.max(low, Math.min(limit, cores + optionals));
  const wanted = Math.max(0, random.int(low, high) - cores);
  const optionalIndexes = candidates.flatMap((c, i) => (c.core ? [] : [i]));
  const chosen = new Set<number>();
  while (chosen.size < Math.min(wanted, optionalIndexes.length)) chosen.add(random.pick(optionalIndexes));
  return candidates
    .filter((_c, i) => keptCores.has(i) || chosen.has(i))
    .slice(0, limit)
    .map(({ core: _core, priority: _priority, ...question }) => question);
}

/** Options for "which of these" questions: the items, plus "None of these" when it fits in seven labels. */
function choiceOf(items: readonly string[], none = "None of these"): string[] {
  return withWayOut(items, none);
}

// --- Goals ----------------------------------------------------------------------------------------------------------

export function researchDraft(request: DraftRequest): ResearchDraft {
  switch (request.goal.id) {
    case "concept_test":
      return conceptTest(request);
    case "message_test":
      return messageTest(request);
    case "pricing":
      return pricing(request);
    case "feature_prioritisation":
      return featurePrioritisation(request);
    case "brand_perception":
      return brandPerception(request);
    default:
      return customSurvey(request);
  }
}

/**
 * What a concept's `price_point` says: a price to buy at ("£14.99 a week"), or no price at all: free ("Free with any
 * Hearth thermostat", "Included in your plan") or money the user earns ("You earn £5 a month"). Only a price is asked
 * about as "If it cost …, would you buy it"; the others are terms, said mid-sentence with a small first letter.
 */
export function priceTerms(
  raw: string | undefined,
  locale?: string,
  currency?: string,
): { kind: "price" | "free" | "earns"; text: string } | undefined {
  if (raw === undefined) return undefined;
  const lowered = /^[A-Z][a-z]/.test(raw) ? raw.charAt(0).toLowerCase() + raw.slice(1) : raw;
  if (
    /\b(?:you|users?|members?|customers?|people) (?:earn|get paid|are paid|receive|make)\b|\bpays? (?:you|users?|members?)\b|\bcash ?back\b/i.test(
      raw,
    )
  )
    return { kind: "earns", text: lowered.replace(/[.]+$/, "") };
  if (
    /^(?:free|included|no (?:extra )?(?:cost|charge)|at no (?:extra )?cost|complimentary|gratis|kostenlos|gratuit)\b/i.test(
      raw,
    ) ||
    /^(?:[\u00a3$\u20ac]\s?0(?:[.,]00?)?|0(?:[.,]00?)?\s?(?:[\u00a3$\u20ac]|GBP|USD|EUR))\b/i.test(raw.trim())
  )
    return { kind: "free", text: /^[\u00a3$\u20ac0]/.test(raw.trim()) ? "free" : lowered.replace(/[.]+$/, "") };
  // A price with more words than a unit ("R$ 59,90 por mês, primeiro mês grátis…") is said by its amount: the
  // client's sentence is shown in the brief, never pasted into questions.
  // Its unit stays with it ("£5.49 a portion"), read as the unit reader knows units, never the words after that.
  const match = readPrice(raw, currency) ? undefined : moneyMatches(raw)[0];
  const first = match && withUnit(match[0], unitAfter(raw.slice((match.index ?? 0) + match[0].length)));
  return { kind: "price", text: plainPrice(priceInEnglish(first ?? raw, locale, currency) as string) };
}

/**
 * A price as a question says it: the amount and the unit in English ("THB 65", "R$59.90 a month"), without the
 * client's own note or a unit in another language ("per 330 ml bottle, 4-pack ฿239", "(TVA incluse)"). The brief, as
 * the report shows it, keeps the client's words; a question never pastes them beside the price.
 */
function plainPrice(price: string): string {
  return price.replace(/\s*\((?:"[^"]*"|[^()]*)\)\s*$/u, "").replace(/\s*\((?:"[^"]*"|[^()]*)\)\s*$/u, "") || price;
}

/** Saving for oneself, in the four languages the writer reads: a pension, a savings plan, paying into one. */
const SAVING =
  /\b(?:pensions?|savings?|pays? into|paying into|put aside|puts? the change aside|retirement|sparplan\w*|einzahl\w*|altersvorsorge|rente|[e\u00e9]pargne|retraite|versez|ahorros?|jubilaci[o\u00f3]n)\b/iu;

/** "Definitely would not take it out" … "Definitely would take it out": the intent ladder for any act. */
function intentScale(act: string): string[] {
  if (act === "buy it") return [...PURCHASE];
  return [
    `Definitely would not ${act}`,
    `Probably would not ${act}`,
    `Might or might not ${act}`,
    `Probably would ${act}`,
    `Definitely would ${act}`,
  ];
}

function conceptTest(request: DraftRequest): ResearchDraft {
  const { inputs, context, stimulus, random, maxQuestions } = request;
  const pack = request.pack ?? packOf("general");
  const facts = contextFacts(context);
  const concept = text(inputs, "concept") ?? stimulus ?? facts.description ?? "the idea described";
  // The product's name as the client wrote it, where it is one: a sentence in the name field is shown, never spliced.
  const productName = text(inputs, "product_name") ?? stimulus;
  // A longer name field is named by its short name ("Kovra, a swim school in Leeds…" → "Kovra"), never dropped.
  const product = productName === undefined ? undefined : studySubject(productName, "this idea");
  const given =
    productName === undefined || product === undefined
      ? undefined
      : spliceable(productName)
        ? productName
        : product.shown.kind === "url" || product.name === "this idea"
          ? undefined
          : product.name;
  const named = conceptNames(concept);
  const name = given ?? named.mention ?? facts.name ?? "this idea";
  // A title names the concept: by its name, else as written (quoted when it is no plain noun phrase), never by the
  // context's name, which may be another product than the concept.
  const titleName = given ?? (product && product.title !== "this idea" ? product.title : named.title);
  const style = moneyStyle(request.reading.currency, request.reading.countries ?? []);
  const terms = priceTerms(text(inputs, "price_point"), style.locale, style.currency);
  const price = terms?.kind === "price" ? terms.text : undefined;
  // A starting price ("from THB 1,490") is said "at prices from THB 1,490", never "at from".
  const atPrice = price?.startsWith("from ") ? `prices ${price}` : price;
  // Free, or paying its users: asked whether people would use it, on those terms, never whether they would "buy" it.
  const freeTerms = terms && terms.kind !== "price" ? terms.text : undefined;
  // What taking it up means in its field: buying a product, taking out cover, using a public service.
  // Money people put aside for themselves (a pension, a savings plan) is paid in, not a price: never "cost", "buy" or
  // "value for money".
  const saving = price !== undefined && SAVING.test(`${concept} ${text(inputs, "price_point") ?? ""}`);
  const fieldAct = conceptAct(pack, concept);
  const act = freeTerms
    ? "use it"
    : saving
      ? fieldAct === "buy it"
        ? "start paying in"
        : fieldAct
      : price
        ? (pricedAct(concept, text(inputs, "price_point") ?? "", fieldAct, pack.domain) ??
          (pack.domain === "general" ? (serviceAct(concept, text(inputs, "price_point")) ?? "buy it") : fieldAct))
        : fieldAct;
  const buying = act === "buy it";
  const audience = plannedAudience(request, facts);
  const intentText = freeTerms
    ? `If ${mid(name)} were available on these terms (${freeTerms}), how likely would you be to use it?`
    : saving
      ? `If you paid ${price} into ${mid(name)}, how likely would you be to ${act}?`
      : price
        ? `If ${mid(name)} cost ${price}, how likely would you be to ${act}?`
        : buying
          ? `If ${name} were available today, how likely would you be to buy it?`
          : `If ${name} were available to you, how likely would you be to ${act}?`;
  const questions = compose(
    random,
    [
      core(
        {
          name: "appeal",
          // The concept's own full stop stays inside the quotes: '…from Tuesday." How appealing', not '…Tuesday.". How'.
          text: /[.!?]$/.test(concept)
            ? `Here is a new idea: "${concept}" How appealing is it to you?`
            : `Here is a new idea: "${concept}". How appealing is it to you?`,
          options: SCALES.appeal,
          insight: `How many find ${name} appealing at first read; the top-two-box share is the headline figure the idea is judged on.`,
        },
        0,
      ),
      optional({
        name: "clarity",
        // What a drink or a garment "does" is no question: only an app, a service or a tool is asked what it does.
        text: doesSomething(concept)
          ? `How clear is it what ${mid(name)} does and how you would use it?`
          : `How clear is it what ${mid(name)} is and what it offers?`,
        options: SCALES.clarity,
        insight:
          "Whether the idea is understood at all; low clarity caps appeal and intent, so it is read before them.",
      }),
      core({
        name: "uniqueness",
        text: `How new and different is ${mid(name)} from anything you can get today?`,
        options: UNIQUENESS,
        insight: "Differentiation: whether the idea gives people a reason to change rather than being one more option.",
      }),
      core({
        name: "relevance",
        text: pack.routine
          ? `How relevant is ${mid(name)} to your own day-to-day needs?`
          : `How relevant is ${mid(name)} to you personally?`,
        options: RELEVANCE,
        insight: `Whether ${audience ?? "the people asked"} see a need for ${name}, which separates a clever idea from a useful one.`,
      }),
      optional({
        name: "believability",
        text: `How believable is what ${mid(name)} promises?`,
        options: BELIEVABILITY,
        insight: "Credibility of the promise; weak scores point to the proof the launch will need.",
      }),
      core(
        {
          name: buying ? "purchase_intent" : "take_up_intent",
          text: intentText,
          options: intentScale(act),
          insight: freeTerms
            ? `Stated intent to use it (${freeTerms}); people overstate it, so read the top box with care.`
            : `Stated intent to ${act}${price ? ` at ${atPrice}` : ""}; discount the top box (roughly halve it) before using it in a forecast.`,
        },
        0,
      ),
      ...(price && !saving
        ? [
            optional({
              name: "value_for_money",
              text: `At ${atPrice}, how would you rate ${mid(name)} for value for money?`,
              options: SCALES.value,
              insight: `Whether ${price} feels fair for what ${name} offers, or whether the price is holding intent back.`,
            }),
          ]
        : []),
      // How it would fit into a routine only for something used routinely (an app, a food, a bus), not cover or a jab.
      ...(pack.routine
        ? [
            optional({
              name: "routine_fit",
              text: `Which best describes how ${name} would fit into your routine?`,
              options: ROUTINE_FIT,
              insight:
                "Whether the idea would replace something people use now or only be tried, which sizes repeat use.",
            }),
          ]
        : []),
      optional({
        name: "recommend",
        text: `How likely would you be to recommend ${name} to ${recommendTo(pack)}?`,
        options: SCALES.likelihood,
        insight: "Advocacy: an early read on word of mouth once people have tried it.",
      }),
    ],
    maxQuestions,
  );
  const who = audience ?? "people";
  const actClaim = freeTerms ? "use it" : act;
  return {
    // One title per concept (not per simulation), so a round of two tests of one idea is not named twice over.
    title: [
      `${capitalise(titleName)} concept test${price ? ` at ${atPrice}` : freeTerms ? ` (${freeTerms})` : ""}`,
      `Concept test: ${titleName}${audience ? ` with ${audience}` : ""}`,
    ][[...concept].reduce((sum, c) => sum + (c.codePointAt(0) ?? 0), 0) % 2] as string,
    question_text: `Is ${name} appealing, different and relevant enough that ${who} would ${actClaim}${freeTerms ? ` (${freeTerms})` : price ? ` at ${atPrice}` : ""}?`,
    // The bars the report's advice uses for taking an idea forward (`findings.ts`), said to be the plan's.
    hypothesis_text: proposedHypothesis(
      `At least 50% of ${audience ?? "respondents"} rate ${name} quite or very appealing, and at least 25% say they would probably or definitely ${actClaim}${price ? ` at ${atPrice}` : ""}`,
      "half finding it appealing and a quarter saying they would take it up are the benchmarks this plan uses for a concept worth taking forward, not norms of its field",
    ),
    questions,
  };
}

function messageTest(request: DraftRequest): ResearchDraft {
  const { inputs, context, stimulus, random, maxQuestions } = request;
  const pack = request.pack ?? packOf("general");
  const facts = contextFacts(context);
  const messages = list(inputs, "messages").slice(0, MAX_QUESTIONS);
  if (messages.length === 0) messages.push(stimulus ?? "the message shown");
  const audience = plannedAudience(request, facts);
  const subject = text(inputs, "product_name") ?? text(inputs, "product") ?? facts.name;
  // What the messages are meant to make people do: find out more about a product, or, where nothing is sold, what the
  // messages themselves ask (get vaccinated, donate), never "find out more" about a campaign's internal name.
  // The brief says what they are for wherever the client wrote it: the objective, notes or brief, or a note beside the
  // audience; of the audience only a note of registering is read, since its nouns ("drivers", "donors") say who.
  const audienceNote = text(inputs, "audience") ?? "";
  const objective = [
    ...briefTexts(inputs),
    ...(/inscri|regist|w[a\u00e4]hlerverzeichnis|censo/iu.test(audienceNote) ? [audienceNote] : []),
  ].join(" \n ");
  const { act, named } = messageAct(messages, pack, objective);
  const moreAbout = pack.commercial && subject && act === "find out more" ? `find out more about ${subject}` : act;
  const n = messages.length;
  // Where the messages name no act and the field is not known, they are rated for persuasion itself.
  const persuade = (what: string) =>
    moreAbout ? `How much does ${what} make you want to ${moreAbout}?` : `How persuasive do you find ${what}?`;
  type Dimension = "clarity" | "believability" | "persuasion" | "reaction";
  const rate = (m: string, i: number, dimension: Dimension): DraftQuestion => {
    const label = n === 1 ? "the message" : `message ${i + 1}`;
    const name = `message ${i + 1} ${dimension}`;
    switch (dimension) {
      case "clarity":
        return {
          name,
          text: `How clear is this message? "${m}"`,
          options: SCALES.clarity,
          insight: `Whether ${label} is understood as intended; a persuasive message that is misread will not hold up.`,
        };
      case "believability":
        return {
          name,
          text: `How believable do you find this message? "${m}"`,
          options: BELIEVABILITY,
          insight: `Credibility of ${label}; a message that persuades but is not believed is overpromising.`,
        };
      case "persuasion":
        return {
          name,
          text: `${persuade("this message")} "${m}"`,
          options: PERSUASION,
          insight: `How strongly ${label} ${act ? `moves people to ${act}` : "persuades"}; compare its top-two-box share across the messages.`,
        };
      default:
        return {
          name,
          text: `Which best describes your reaction to this message? "${m}"`,
          options: [
            "Hard to understand",
            "Clear, but hard to believe",
            "Believable, but not for me",
            act ? `Makes me want to ${act}` : "Persuades me",
          ],
          insight: `Where ${label} stops on the way from understood to believed to persuasive.`,
        };
    }
  };
  // Side-by-side choices list every message (with a way out while it fits in seven labels).
  const comparisons: DraftQuestion[] =
    n >= 2
      ? [
          {
            name: "most_persuasive_message",
            text: moreAbout
              ? `Which of these messages would most make you want to ${actOfOne(moreAbout)}?`
              : "Which of these messages do you find most persuasive?",
            options: choiceOf(messages),
            insight: "Forced choice that breaks ties between messages with similar ratings.",
          },
          {
            name: "most_believable_message",
            text: "Which of these messages do you find most believable?",
            options: choiceOf(messages),
            insight: "Which message people trust most when they see the others side by side.",
          },
          {
            name: "clearest_message",
            text: "Which of these messages is the easiest to understand?",
            options: choiceOf(messages),
            insight: "The clearest message; a winner on persuasion that is not also clear may need rewording.",
          },
        ]
      : [];
  const these = n === 1 ? "this message" : "these messages";
  // "act on it" is said of one message; of several, "act on them".
  const general: Candidate[] = [
    ...(n >= 3
      ? [
          optional({
            name: "least_convincing_message",
            text: "Which of these messages do you find least convincing?",
            options: messages,
            insight: "The message people are least moved by when they see the others: a candidate to drop.",
          }),
        ]
      : []),
    ...(subject
      ? [
          optional({
            name: "tone_fit",
            text: `How well does the tone of ${these} suit ${subject}?`,
            options: ["Not at all well", "Not very well", "Fairly well", "Very well"],
            insight: "Whether the wording sounds like its sender, which a message can miss even when it persuades.",
          }),
        ]
      : []),
    ...(act
      ? [
          optional({
            name: "act_after_reading",
            // The act the brief names is the final intent too, even of a product's messages.
            text: `After reading ${these}, how likely would you be to ${pack.commercial && !named ? (subject ? `look for ${subject}` : "find out more") : n === 1 ? act : actOfMany(act)}?`,
            options: SCALES.likelihood,
            insight: "Whether the messaging as a whole would prompt action, not only a good rating.",
          }),
        ]
      : []),
  ];
  let candidates: Candidate[];
  if (n === 1 || (comparisons.length > 0 && comparisons.length + n <= MAX_QUESTIONS)) {
    // Each message rated on its own for persuasion, and for believability and clarity when every message fits.
    const dimensions: Dimension[] = ["persuasion"];
    for (const extra of ["believability", "clarity"] as const) {
      const fits = comparisons.length + n * (dimensions.length + 1) <= MAX_QUESTIONS;
      const needed = comparisons.length + n * dimensions.length + general.length < MIN_QUESTIONS;
      if (fits && (needed || random.next() < 0.6)) dimensions.push(extra);
    }
    const order: Dimension[] = ["clarity", "believability", "persuasion"];
    candidates = [
      ...messages.flatMap((m, i) =>
        order.filter((d) => dimensions.includes(d)).map((d) => core(rate(m, i, d), d === "persuasion" ? 1 : 2)),
      ),
      // Under a tight --max-questions the side-by-side choices go first: each covers every message.
      ...comparisons.map((q) => core(q, 0)),
      ...general,
    ];
  } else if (n < MAX_QUESTIONS) {
    // Too many messages to rate each three times: one reaction ladder per message, then the choices that fit (the
    // side-by-side choice of the most persuasive first: it covers every message, so a cap keeps it first).
    candidates = [
      ...messages.map((m, i) => core(rate(m, i, "reaction"))),
      ...comparisons.slice(0, MAX_QUESTIONS - n).map((q) => core(q, 0)),
    ];
  } else {
    // Too many to rate one by one and still compare them: every message side by side, on each measure.
    candidates = [...comparisons.map((q) => core(q, 0)), ...general];
  }
  const plural = n === 1 ? "" : "s";
  return {
    title: capitalise(
      random.pick([
        `${subject ? `${subject} ` : ""}message test: ${n} message${plural}${audience ? ` for ${audience}` : ""}`,
        `Which message lands${audience ? ` with ${audience}` : ""}? ${n} candidate message${plural}${subject ? ` for ${subject}` : ""}`,
      ]),
    ),
    question_text: `Which of the ${n} message${plural} is the clearest, most believable and most persuasive${audience ? ` for ${audience}` : ""}?`,
    // No message is picked in advance: the brief favours none.
    hypothesis_text: proposedHypothesis(
      "One message is chosen as the most persuasive clearly more often than any other, without being rated less believable",
      "a neutral question of whether one message stands out, favouring none in advance",
    ),
    questions: compose(random, candidates, maxQuestions),
  };
}

function pricing(request: DraftRequest): ResearchDraft {
  const { inputs, context, stimulus, random, maxQuestions } = request;
  const facts = contextFacts(context);
  // "A regular flat white…" is "a regular flat white…" mid-sentence ("If a regular flat white … cost £60").
  const subject = studySubject(text(inputs, "product") ?? stimulus ?? facts.name ?? "the product", "the product");
  const product = subject.shown;
  const what = midArticle(product.name);
  // The title and research question name it, quoted when no short name can be read: never "the product".
  const titled = midArticle(subject.title);
  const style = moneyStyle(currencyCode(inputs.currency) ?? request.reading.currency, request.reading.countries ?? []);
  const audience = plannedAudience(request, facts);
  // The unit as the client gave it: "per seat per month", "a week"; the billing input's words, else a `unit` input.
  const unit = unitPhrase(text(inputs, "billing") ?? text(inputs, "unit"));
  // Each price with its own decimals: "€4.50" beside "€10", as a price list prints them.
  const label = (p: number) => withUnit(money(p, style), unit);
  // One point per label: prices that print the same (9.991 and 9.994) would be options no one can tell apart.
  const byLabel = new Map<string, number>();
  for (const p of numbers(inputs, "price_points")) if (!byLabel.has(label(p))) byLabel.set(label(p), p);
  const points = byLabel.size ? [...byLabel.values()] : [10, 20, 30];
  // Option lists stay within seven labels: at most six price points, always including the lowest and highest.
  const shown =
    points.length <= 6 ? points : [0, 1, 2, 3, 4, 5].map((k) => points[Math.round((k * (points.length - 1)) / 5)]!);
  const labels = shown.map(label);
  const lowest = labels[0]!;
  const highest = labels[labels.length - 1]!;
  const middle = labels[Math.floor((labels.length - 1) / 2)]!;
  const prices = choiceOf(labels, "None of these prices");
  // Taking it up at a price is said as the offer is taken: a rental rented, a plan signed up for, a visit booked,
  // anything else bought (the acts a concept test uses).
  const pack = request.pack ?? packOf("general");
  const offer = text(inputs, "product") ?? stimulus ?? "";
  const charged = `${unit} ${text(inputs, "billing") ?? ""}`;
  const act =
    pricedAct(offer, charged, conceptAct(pack, offer), pack.domain) ??
    (pack.domain === "general" ? (serviceAct(offer, charged) ?? "buy it") : conceptAct(pack, offer));
  const intentAt = (p: number, insight: string, required = false): Candidate => {
    const question = {
      name: `purchase_intent_at_${String(p).replace(".", "_")}`,
      text: `If ${mid(what)} cost ${label(p)}, how likely would you be to ${act}?`,
      options: intentScale(act),
      insight,
    };
    return required ? core(question, 1) : optional(question);
  };
  // The four Van Westendorp questions only give a range together: under a cap with no room for all four, the plan
  // asks the most people would pay and purchase intent instead.
  const ladder: Candidate[] = [
    core(
      {
        name: "too_cheap",
        text: `At which of these prices would ${mid(what)} seem so cheap that you would doubt its quality?`,
        options: prices,
        insight: "Van Westendorp 'too cheap' point: the floor below which a low price starts to hurt credibility.",
      },
      0,
    ),
    core(
      {
        name: "bargain",
        text: `At which of these prices would ${mid(what)} feel like a bargain?`,
        options: prices,
        insight: "Van Westendorp 'bargain' point: where people feel they get more than they pay for.",
      },
      0,
    ),
    core(
      {
        name: "getting_expensive",
        text: `At which of these prices would ${mid(what)} start to feel expensive, though you would still consider it?`,
        options: prices,
        insight: "Van Westendorp 'getting expensive' point: the upper edge of the comfortable range.",
      },
      0,
    ),
    core(
      {
        name: "too_expensive",
        text: `At which of these prices would ${mid(what)} be too expensive to consider?`,
        options: prices,
        insight:
          "Van Westendorp 'too expensive' point: the ceiling; crossing it with the bargain curve bounds the range.",
      },
      0,
    ),
  ];
  const candidates: Candidate[] = [
    ...(maxQuestions >= ladder.length ? ladder : []),
    core({
      name: "max_price",
      text: `What is the most you would pay for ${what}?`,
      options: [`Less than ${lowest}`, ...labels.slice(0, -1), `${highest} or more`],
      insight: `Willingness to pay between ${lowest} and ${highest}: the share still buying at each price gives the demand curve.`,
    }),
    intentAt(
      shown[0]!,
      `Purchase intent at the lowest price tested (${lowest}): the most demand the product can expect.`,
    ),
    ...(shown.length >= 3
      ? [
          intentAt(
            shown[Math.floor((shown.length - 1) / 2)]!,
            `Purchase intent at ${middle}, to compare with the lowest and highest prices.`,
          ),
        ]
      : []),
    ...(shown.length >= 2
      ? [
          intentAt(
            shown[shown.length - 1]!,
            `Purchase intent at the highest price tested (${highest}): how much demand survives the top price.`,
            // The hypothesis names it, so it is always asked.
            true,
          ),
        ]
      : []),
    optional({
      name: "value_for_money",
      text: `At ${middle}, how would you rate ${mid(what)} for value for money?`,
      options: SCALES.value,
      insight: `Perceived value at ${middle}; poor value there says the product, not just the price, needs work.`,
    }),
  ];
  // The price the brief itself asks about ("whether 5,990 HUF a month is acceptable"), where it is on the ladder;
  // else one inside it.
  const named = ["objective", "notes", "brief", "research_question"]
    .flatMap((key) => moneyMatches(text(inputs, key) ?? "").map((m) => amountIn(m[0])))
    .find((amount): amount is number => amount !== null && shown.includes(amount));
  const acceptable = named !== undefined ? label(named) : labels.length > 2 ? random.pick(labels.slice(1, -1)) : lowest;
  return {
    title: random.pick([
      `${capitalise(titled)} pricing: willingness to pay from ${lowest} to ${highest}`,
      `Price test: ${titled} at ${joinList(labels.length <= 4 ? labels : [lowest, highest], labels.length <= 4 ? "or" : "to")}`,
    ]),
    question_text: `What would ${audience ?? "people"} pay for ${titled}, and at what price between ${lowest} and ${highest} does demand fall away?`,
    hypothesis_text: proposedHypothesis(
      maxQuestions >= ladder.length
        ? `Most ${audience ?? "respondents"} find ${acceptable} acceptable for ${what}, and at least 25% say they would probably or definitely ${act} at ${highest}`
        : `${capitalise(what)} keeps its takers at ${highest}: at least 25% say they would probably or definitely ${act} at ${highest}`,
      `a price inside the ladder as acceptable to most, and a quarter as the benchmark this plan uses for demand that survives the top price (the share its advice uses for taking an idea up)`,
    ),
    questions: shownOnce(compose(random, candidates, maxQuestions), product, "The product"),
  };
}

function featurePrioritisation(request: DraftRequest): ResearchDraft {
  const { inputs, context, stimulus, random, maxQuestions } = request;
  const facts = contextFacts(context);
  const subject = studySubject(
    text(inputs, "product") ?? text(inputs, "product_name") ?? stimulus ?? facts.name ?? "the product",
    "the product",
  );
  const product = subject.shown;
  const what = midArticle(product.name);
  const titled = midArticle(subject.title);
  const audience = plannedAudience(request, facts);
  const features = list(inputs, "features").slice(0, 18);
  if (features.length < 2) features.push(...["A lower price", "Better design"].slice(0, 2 - features.length));
  const n = features.length;
  const pack = request.pack ?? packOf("general");
  // The product's own name says first what it is: the NHS app sells nothing, whatever its features speak of.
  const named = domainOf([what]);
  const commercial = pack.commercial && (named === "general" || packOf(named).commercial);
  // Which feature people would pay extra for is asked unless the field is known not to sell (a hospital's app).
  const priced = commercial || pack.domain === "general";
  const general: Candidate[] = [
    optional({
      name: "use_with_top_feature",
      text: `If ${mid(what)} had the feature that matters most to you, how likely would you be to use it?`,
      options: SCALES.likelihood,
      insight: "Whether the leading feature turns interest into use, or is nice to have but changes nothing.",
    }),
    // Paying more only for something people buy: a public service's features are not priced.
    ...(commercial
      ? [
          optional({
            name: "pay_more_for_features",
            text: `How much more would you pay for ${mid(what)} if it had all of these features?`,
            options: PAY_MORE,
            insight: "The price headroom the feature set creates, which bounds how much it is worth building.",
          }),
        ]
      : []),
  ];
  let candidates: Candidate[];
  if (n <= 6) {
    candidates = [
      ...features.map((f) =>
        core({
          name: `importance ${f}`,
          text: `How important would "${f}" be to you in ${what}?`,
          options: SCALES.importance,
          insight: `Importance of ${f}; features are ranked by their share of "Very important" and "Essential".`,
        }),
      ),
      core(
        {
          name: "top_feature",
          text: `If ${mid(what)} could offer only one of these, which would you choose?`,
          options: choiceOf(features),
          insight: "Forced choice: the single clearest priority when every feature scores as important.",
        },
        0,
      ),
      ...(priced
        ? [
            optional({
              name: "feature_worth_paying_for",
              text: "Which of these would you be most willing to pay extra for?",
              options: choiceOf(features, "None of them"),
              insight: "Which feature could carry a premium tier rather than just being expected.",
            }),
          ]
        : []),
      ...general,
    ];
  } else {
    // Too many to rate one by one: best-worst choices within balanced sets of up to six features.
    const sets = Math.min(3, Math.ceil(n / 6));
    const size = Math.ceil(n / sets);
    const blocks = Array.from({ length: sets }, (_v, b) => features.slice(b * size, (b + 1) * size));
    candidates = [
      ...blocks.flatMap((block, b) => [
        core({
          name: `most_important_set_${b + 1}`,
          text: `Of these features of ${what} (set ${b + 1} of ${sets}), which would matter most to you?`,
          options: block,
          insight: "Best choice within the set; across sets it ranks every feature by how often it wins.",
        }),
        core({
          name: `least_important_set_${b + 1}`,
          text: `And which of the features in set ${b + 1} of ${sets} would matter least to you?`,
          options: block,
          insight: "Worst choice within the set; features rarely picked as best but often as worst are safe to drop.",
        }),
      ]),
      ...general,
    ];
  }
  return {
    title:
      titled === "the product"
        ? `Feature priorities: ${n} candidate features`
        : random.pick([
            `${capitalise(titled)} feature priorities: ${n} candidate features`,
            `What to build next for ${titled}: ${n} features ranked`,
          ]),
    // Paying is asked about only where something is sold (a council's app or a student portal is not).
    // Features "of" the product: "people in Nisba" reads as a place.
    question_text: `Which of ${n} candidate features of ${titled} matter most to ${audience ?? "people"}${commercial ? ", and which would they pay for" : ""}?`,
    // No feature is picked in advance: the brief favours none.
    hypothesis_text: proposedHypothesis(
      n <= 6
        ? "One feature is chosen as the most important clearly more often than any other"
        : "One feature is picked as the most important of its set clearly more often than the others in that set",
      "a neutral question of whether one feature stands out, favouring none in advance",
    ),
    questions: shownOnce(compose(random, candidates, maxQuestions), product, "The product"),
  };
}

/**
 * A short name of capitalised words, with the small words names carry ("Burbujas del Montseny", "Maison de la Truffe",
 * "Ben & Jerry's"), unquoted: quotation marks on the client's brand alone would single it out beside its rivals.
 */
function brandName(name: string): string {
  const inner = /^"([^"]+)"$/.exec(name.trim())?.[1];
  if (inner === undefined) return name;
  const words = inner.split(/\s+/);
  const small =
    /^(?:&|and|of|the|de|del|della|di|da|do|dos|das|du|des|la|le|les|los|las|el|y|et|und|von|van|der|den|het|'s)$/i;
  const named =
    words.length <= 5 &&
    /^[\p{Lu}\d]/u.test(words[0] ?? "") &&
    words.every((w) => /^[\p{Lu}\d][\p{L}\d'\u2019&.-]*$/u.test(w) || small.test(w));
  return named ? inner : name;
}

function brandPerception(request: DraftRequest): ResearchDraft {
  const { inputs, context, stimulus, random, maxQuestions } = request;
  const facts = contextFacts(context);
  const written = text(inputs, "brand") ?? stimulus ?? facts.name ?? "the brand";
  // "Kritsa Gold extra virgin olive oil" is the brand Kritsa Gold: its category and claims are asked as such.
  const named = brandNameOf(written);
  const given = list(inputs, "competitors");
  const described = [written, request.title, text(inputs, "notes"), text(inputs, "objective"), stimulus];
  const pack = request.pack ?? packOf("general");
  // Only goods are sold by category (olive oil, sunscreen): a charity or a council is judged on its field's attributes.
  const sold =
    pack.commercial || pack.domain === "general"
      ? brandCategoryOf([...described, context?.body?.slice(0, 600)])
      : undefined;
  const claims = brandClaimsOf(list(inputs, "claims"), [...described, context?.body?.slice(0, 600)]);
  // Questions and options name the brand by its short name; a longer text is shown once, before the first question.
  // What it offers is said as the brief says it, wherever it does: without it no one can say if they would consider it.
  const subject = studySubject(named, "the brand", {
    title: request.title,
    notes: text(inputs, "notes"),
    objective: text(inputs, "objective"),
    stimulus,
    context: context?.body,
    rivals: [...given, ...facts.competitors],
  });
  const { shown } = subject;
  // A category of the vocabulary is said in English in the questionnaire's own words, whatever language the brief;
  // the client's own English words where they are a short name of it ("craft beer").
  // What the client wrote after the name ("organic notebooks") says what the brand is where nothing else does.
  const after = written.trim().slice(named.length).trim();
  // A place or a name is never the category brands are chosen in ("when it comes to quebec"): no category is read then.
  const read = subject.category;
  const commonNoun =
    read && !isProperNoun(read.given, read.english, [...described, context?.body?.slice(0, 600)]) ? read : undefined;
  const own =
    commonNoun ??
    (after && named !== written.trim() && /^[a-z][a-z -]*$/.test(after)
      ? { given: after, english: true, mention: after }
      : undefined);
  // A brand is a name, listed plain like its rivals: quoted only when it is more than a name (a phrase, a sentence).
  const brand = brandName(subject.name);
  const audience = plannedAudience(request, facts);
  const rivalsNamed = (given.length ? given : facts.competitors)
    .filter((c) => c.toLowerCase() !== named.toLowerCase() && c.toLowerCase() !== brand.toLowerCase())
    .slice(0, 6);
  // Beside named rivals the category is what all the brands share ("notebooks"); the client's descriptor
  // ("recycled-paper") is one of its attributes, asked as such, never the category the rivals are chosen in.
  const split = rivalsNamed.length && own?.english ? sharedCategory(own.mention) : undefined;
  const noun =
    sold &&
    own?.english &&
    !split?.descriptor &&
    own.mention.split(" ").length <= 3 &&
    brandCategoryOf([own.mention])?.english === sold.english
      ? own.mention
      : sold?.english;
  const category = noun ? { mention: noun } : split ? { mention: split.shared } : own;
  if (split?.descriptor && !claims.some((c) => c.toLowerCase() === split.descriptor?.toLowerCase()))
    claims.unshift(split.descriptor);
  // Every brand people choose among is asked about first (how well they know it), within the plan's cap: a rival
  // whose familiarity cannot be asked is left out of the choices rather than chosen by people never asked of it.
  // Each rival takes two questions, how well people know it and whether they would consider it, so the funnel is whole.
  const most = MAX_QUESTIONS + 2 * rivalsNamed.length;
  // Six questions besides: the brand's familiarity, two attributes, an association, consideration and first choice.
  const competitors = rivalsNamed.slice(0, Math.max(0, Math.floor((Math.min(most, maxQuestions) - 6) / 2)));
  const brands = [brand, ...competitors];
  // What a brand of its field is judged on: its category's attributes where the vocabulary knows it (taste and origin
  // for olive oil), value for money for things bought, not for a charity or a council.
  // "Easy to deal with" is said of a service people deal with (a bank, an insurer), not of a lipstick or a trainer.
  const attributes = [
    ...(sold ? sold.attributes : pack.commercial || pack.domain === "general" ? BRAND_ATTRIBUTES : pack.attributes),
  ].filter(
    (a) =>
      (a !== "easy to deal with" || SERVICE_FIELDS.has(pack.domain)) &&
      !claims.some((c) => c.toLowerCase() === a.toLowerCase()),
  );
  // A charity or a public body is an organisation, not a brand, to the people asked.
  const kindOfBrand = pack.commercial || pack.domain === "general" ? "brands" : "organisations";
  const theseBrands = noun ? `${noun} ${kindOfBrand}` : kindOfBrand;
  // Whether people choose among these at all: not a government body or a public health service.
  const chosen = !["government", "public_health", "healthcare"].includes(pack.domain);
  // The brief's claims and the attributes it lists are always asked; the category's attributes fill the rest, drawn
  // by the plan, only when the brief lists none (never generic attributes in place of the brief's).
  const listed = listedAttributes(inputs).filter((a) => !claims.some((c) => c.toLowerCase() === a.toLowerCase()));
  const picked = [...claims, ...listed];
  while (listed.length === 0 && picked.length < Math.max(3, claims.length + 1) && attributes.length > 0)
    picked.push(attributes.splice(random.int(0, attributes.length - 1), 1)[0] as string);
  const rated = Math.max(2, listed.length === 0 ? claims.length : picked.length);
  // Where no category can be read, the choice is between the brands themselves, never a place or a guess.
  const considerText = (name: string) =>
    pack.domain === "charity"
      ? `The next time you give to a cause like this, how likely are you to consider ${name}?`
      : noun
        ? `The next time you buy ${noun}, how likely are you to consider ${name}?`
        : category
          ? `When it comes to ${category.mention}, how likely are you to consider ${name} the next time you choose?`
          : competitors.length
            ? `How likely are you to consider ${name} the next time you choose between these ${kindOfBrand}?`
            : `The next time you need something ${name} offers, how likely are you to consider it?`;
  const describes = (attribute: string) => ({
    name: `describes ${attribute}`,
    text: `How well does "${attribute}" describe ${brand}?`,
    options: DESCRIBES,
    insight: `How strongly people link ${brand} with "${attribute}", one of the image attributes that drive choice.`,
  });
  const candidates: Candidate[] = [
    core(
      {
        name: "brand_familiarity",
        // The client's brand is introduced as the client describes it ("recycled-paper notebooks").
        text: `Before today, how familiar were you with ${brand}${split?.descriptor && own ? ` (${own.mention})` : category ? ` (${category.mention})` : ""}?`,
        options: FAMILIARITY,
        insight: "Awareness: the base of the funnel and the filter for reading every other answer.",
      },
      0,
    ),
    ...competitors.map((rival) =>
      core({
        name: `familiarity ${rival}`,
        text: `Before today, how familiar were you with ${rival}?`,
        options: FAMILIARITY,
        insight: `Awareness of ${rival}: only people who know a brand can choose it or say what it stands for.`,
      }),
    ),
    ...picked.map((attribute, i) => (i < rated ? core(describes(attribute)) : optional(describes(attribute)))),
    optional({
      name: "brand_trust",
      text: `How much do you trust ${brand}?`,
      options: [...SCALES.trust, DONT_KNOW_BRAND],
      insight: "Trust, the strongest driver of consideration in most categories.",
    }),
    ...(competitors.length
      ? [
          core({
            name: `assoc ${picked[0]}`,
            text: `Which of these ${theseBrands} do you most associate with "${picked[0]}"?`,
            options: choiceOf(brands),
            insight: `Who owns "${picked[0]}" in the competitive set, and whether ${brand} can claim it.`,
          }),
          optional({
            name: `versus ${competitors[0]}`,
            text: `Overall, how does ${brand} compare with ${competitors[0]}?`,
            options: COMPARED,
            insight: `Head-to-head standing against ${competitors[0]}, the competitor named first.`,
          }),
        ]
      : []),
    // A public body is not chosen among rivals: people are asked how they found dealing with it instead.
    chosen
      ? core({
          name: "consideration",
          text: considerText(brand),
          options: CONSIDERATION,
          insight: "Consideration: how much of the awareness turns into a place on the shortlist.",
        })
      : core({
          name: "last_dealing",
          text: `Thinking of the last time you dealt with ${brand}, how satisfied were you?`,
          options: [...SCALES.satisfaction, "I have not dealt with them"],
          insight: "Satisfaction with the last dealing, among those who have dealt with it.",
        }),
    // Every rival's consideration is asked as the brand's is: a funnel of the brand alone compares half a funnel.
    ...(chosen
      ? competitors.map((rival) =>
          core({
            name: `consideration ${rival}`,
            text: considerText(rival),
            options: CONSIDERATION,
            insight: `Consideration of ${rival}: how much of its awareness turns into a place on the shortlist.`,
          }),
        )
      : []),
    ...(competitors.length && chosen
      ? [
          core(
            {
              name: "first_choice",
              text: noun
                ? `If you were buying ${noun} today, which of these ${kindOfBrand} would you pick first?`
                : category
                  ? `If you were choosing for ${category.mention} today, which of these ${kindOfBrand} would you pick first?`
                  : `If you were choosing today, which of these ${kindOfBrand} would you pick first?`,
              options: choiceOf(brands),
              insight: `Share of first choice for ${brand} against ${joinList(competitors)}.`,
            },
            0,
          ),
        ]
      : []),
    optional({
      name: "recommend_brand",
      text: `How likely would you be to recommend ${brand} to ${recommendTo(pack)}?`,
      options: SCALES.likelihood,
      insight: "Advocacy, a proxy for a net promoter score.",
    }),
  ];
  const rival = competitors[0];
  // Up to three rivals are named; more are counted ("and 3 others"), never one hidden behind "and 1 other".
  const rivals =
    competitors.length <= 3
      ? joinList(competitors)
      : `${competitors.slice(0, 2).join(", ")} and ${competitors.length - 2} others`;
  return {
    title: random.pick([
      `${capitalise(brand)} ${chosen ? "brand health" : "reputation"}${rival ? ` vs ${rivals}` : ""}`,
      `How people see ${brand}: awareness, image and consideration`,
    ]),
    question_text: chosen
      ? `How well known is ${brand}, what do ${audience ?? "people"} associate with it, and would they consider it${rival ? ` over ${joinList(competitors, "or")}` : ""}?`
      : `How well known is ${brand}, what do ${audience ?? "people"} associate with it, and how did they find dealing with it?`,
    // Against every competitor the brief names: none is singled out as the one to beat.
    hypothesis_text: rival
      ? proposedHypothesis(
          chosen
            ? `${capitalise(brand)} is more strongly associated with "${picked[0]}" than any other brand the brief names, and more people would pick it first than any of them`
            : `${capitalise(brand)} is more strongly associated with "${picked[0]}" than any other ${kindOfBrand === "brands" ? "brand" : "organisation"} the brief names`,
          `what a brand hopes for against every competitor the brief names, on ${claims.length > 0 ? "the brief's own claim" : listed.length > 0 ? "the first attribute the brief lists" : "an image attribute of its category"}`,
        )
      : proposedHypothesis(
          `At least 30% of ${audience ?? "respondents"} would definitely consider ${brand} or make it their first choice`,
          "about a third is the benchmark this plan uses for a brand firmly in people's consideration set, not a norm of its category",
        ),
    questions: shownOnce(compose(random, candidates, maxQuestions, most), shown, "The brand"),
  };
}

/**
 * "understand how people choose a cup" → "how people choose a cup": the topic without the researcher's verb, and an
 * objective written as a question put as the clause a sentence can hold ("Why do young people cancel…?" → "why young
 * people cancel…"), starting in lower case.
 */
function topicOf(objective: string): { topic: string; past: boolean } {
  let past = false;
  const topic = objective
    .trim()
    .replace(/[.?!]+$/, "")
    // Brief wording a respondent never reads: "We want to understand why…", "Our goal is to learn how…".
    .replace(
      /^(?:(?:we|i)(?:'d| would)? (?:want|wish|would like|like|need|hope|are trying|am trying|aim) to|(?:our|the) (?:goal|aim|objective|purpose) (?:is|here is) to)\s+/i,
      "",
    )
    .replace(
      /^(?:to\s+)?(?:(?:better\s+)?(?:understand|learn|find out|explore|discover|see|know|measure|test|check|gauge|assess|investigate)(?:\s+(?:about|more about))?)\s+/i,
      "",
    )
    .replace(/^(why|how|what|when|where|which)\s+do\s+/i, "$1 ")
    // "why did people cancel…" is asked as "why people cancel…", remembered as the past.
    .replace(/^(why|how|what|when|where|which)\s+(did|does)\s+/i, (_m, wh: string, aux: string) => {
      past = aux.toLowerCase() === "did";
      return `${wh} `;
    });
  const lowered = /^(?:why|how|what|when|where|which|whether)\b/i.test(topic)
    ? `${topic.charAt(0).toLowerCase()}${topic.slice(1)}`
    : topic;
  return { topic: lowered, past };
}

/**
 * An objective in another language (French, German, Spanish…): it is quoted, never spliced lower-cased into an English
 * sentence, and the questions fall back to a subject of their own.
 */
export function foreign(value: string): boolean {
  return (
    /[\u00e0\u00e2\u00e7\u00e9\u00e8\u00ea\u00eb\u00ee\u00ef\u00f4\u00fb\u00f9\u00fc\u00ff\u0153\u00e6\u00e4\u00f6\u00df]/i.test(
      value,
    ) ||
    /\b(?:les|des|leurs|pour|avec|est|sont|und|der|das|ihre?|sind|wie|warum|f\u00fcr|nicht|los|las|por|para|c\u00f3mo|qu\u00e9|porque)\b/i.test(
      value,
    )
  );
}

/**
 * The product or service an objective is about, as respondents would name it: "our meditation app" → the noun phrase
 * "the meditation app" and the category "meditation apps". Undefined when the objective names no such thing.
 */
function productOf(objective: string): { the: string; category: string } | undefined {
  const things =
    "app|service|subscription|product|website|site|platform|card|scheme|plan|programme|program|tool|software|shop|store|membership|newsletter|course|account|brand|box|kit|device|car|phone";
  const found = [
    ...objective.matchAll(
      new RegExp(`\\b(?:our|the|a|an|their|your|my|this)\\s+((?:[a-z][\\w-]*\\s+){0,2}?(?:${things}))s?\\b`, "gi"),
    ),
  ]
    .map((m) => (m[1] as string).toLowerCase())
    .filter((thing) => !/^(?:free |paid )?trial\b|^(?:free|paid|new|same|other|first|second|next|last)$/.test(thing));
  const thing = found.find((t) => !/^(?:free|paid|new|monthly|yearly|annual) /.test(t)) ?? found[0];
  if (!thing) return undefined;
  const bare = thing.replace(/^(?:free|paid|new|monthly|yearly|annual) /, "");
  return { the: `the ${bare}`, category: bare.endsWith("s") ? bare : `${bare}s` };
}

/** A verb in the past tense, for a "why did…" objective: "cancel" → "cancelled", "choose" → "chose". */
function pastOf(verb: string): string {
  const v = verb.toLowerCase();
  const irregular: Record<string, string> = {
    are: "were",
    is: "was",
    do: "did",
    choose: "chose",
    buy: "bought",
    leave: "left",
    quit: "quit",
    give: "gave",
    keep: "kept",
    go: "went",
    find: "found",
    get: "got",
    make: "made",
    spend: "spent",
    pay: "paid",
    read: "read",
    drive: "drove",
    eat: "ate",
    drink: "drank",
    see: "saw",
    think: "thought",
    feel: "felt",
    send: "sent",
    sell: "sold",
    take: "took",
    bring: "brought",
    run: "ran",
    begin: "began",
    hear: "heard",
    will: "would",
    would: "would",
  };
  if (irregular[v]) return irregular[v] as string;
  if (/e$/.test(v)) return `${v}d`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ied`;
  if (/^(?:travel|cancel|label|signal)$/.test(v)) return `${v}led`;
  if (/^[^aeiou]*[aeiou][b-df-hj-np-tvz]$/.test(v)) return `${v}${v.slice(-1)}ed`;
  return `${v}ed`;
}

/**
 * The reasons an objective itself proposes ("whether it was because the sessions were too long, because the reminders
 * came at the wrong time of day, or because life simply got in the way"), as answers a respondent picks: "The
 * sessions were too long", "Life got in the way".
 */
/** A process given up before it was finished: "abandon their application before submitting it", in four languages. */
const UNFINISHED =
  /\b(?:abandon\w*|give up|gave up|drop out of)\b.*\b(?:before (?:submitting|sending|finishing|completing)|applications?|forms?|requests?|registrations?)\b|\b(?:abbrechen|abgebrochen|aufgeben)\b.*\b(?:bevor|antr[a\u00e4]g\w*|formular\w*|anmeldung\w*)|\babandonn\w*\b.*\b(?:avant de|demandes?|formulaires?|dossiers?|inscriptions?)\b|\babandon\w*\b.*\b(?:antes de|solicitud\w*|formulario\w*|tr[a\u00e1]mites?|inscripci[o\u00f3]n\w*)\b/iu;

/** Something put off until late: "leave booking until close to the deadline", "put off renewing until the last week". */
const DELAYED =
  /\b(?:leave|leaves|leaving|left|put off|puts off|putting off|postpone\w*|delay\w*)\s+(?:\p{L}+ing|it|things)\b(?:\s+\S+){0,12}?\s+(?:until|till|to the last)\b|\b(?:book|apply|register|renew|sign up)\w*\s+(?:so\s+)?late\b/iu;
/** Why people put something off, in words that fit any subject. */
const DELAY_REASONS = [
  "Did not know it had to be done early",
  "Waiting on other things first",
  "Hard to find a time or a slot",
  "Just put it off",
  "Another reason",
] as const;

function proposedReasons(objective: string): string[] {
  const start = objective.search(/\bbecause\b/i);
  if (start < 0) return [];
  const reasons = objective
    .slice(start)
    .split(/,?\s*(?:\bor\s+|\band\s+)?\bbecause\s+/i)
    .map((part) => part.split(/,|\s+(?:and|or)\s+(?=what|how|whether|which|who|if)\b/i)[0]?.trim() ?? "")
    .map((part) =>
      part
        .replace(/\b(?:simply|just|really)\s+/gi, "")
        .replace(/\bthey\b/gi, "I")
        .replace(/\btheir\b/gi, "my")
        .replace(/\bthem\b/gi, "me")
        .replace(/[.?!]+$/, ""),
    )
    .filter((part) => part.split(/\s+/).length >= 2 && part.split(/\s+/).length <= 10)
    .map((part) => capitalise(part));
  return [...new Set(reasons)].slice(0, 5);
}

const VERBS =
  "think|thinks|feel|feels|choose|chooses|decide|decides|use|uses|buy|buys|pick|picks|shop|shops|find|finds|get|gets|make|makes|spend|spends|plan|plans|manage|manages|compare|compares|rate|rates|see|sees|deal|deals|handle|handles|pay|pays|save|saves|want|wants|need|needs|like|likes|would|will|do|does|are|is|prefer|prefers|travel|travels|cook|cooks|eat|eats|drink|drinks|look|looks|switch|switches|cancel|cancels|leave|leaves|stop|stops|quit|quits|subscribe|subscribes|unsubscribe|unsubscribes|watch|watches|read|reads|order|orders|book|books|join|joins|renew|renews|avoid|avoids|trust|trusts|stream|streams|listen|listens|invest|invests|borrow|borrows|donate|donates|drive|drives|go|goes|keep|keeps|try|tries|return|returns|sign|signs|rent|rents|abandon|abandons|ditch|ditches|give|gives|pick|picks|apply|applies|open|opens|visit|visits|send|sends|sell|sells|start|starts|take|takes|accept|accepts|print|prints|post|posts|hire|hires|move|moves|own|owns|feed|feeds|vote|votes|register|registers|recycle|recycles|exercise|exercises|attend|attends|volunteer|volunteers|smoke|smokes|walk|walks|cycle|cycles|complain|complains|claim|claims";

/**
 * The topic as the respondent reads it, and who the team said it is about: "how office workers choose their cup"
 * → "how you choose your cup", about "office workers".
 */
function secondPerson(topic: string): {
  yours: string;
  who: string | undefined;
  object: string | undefined;
  /** What the respondent does, as a noun phrase: "choosing your coffee cup", "ordering food at night". */
  activity: string | undefined;
  /** The verb and what follows, for "How often do you …?": "order food at night"; none for a choice or a view. */
  habit: string | undefined;
  /** The clause said to the respondent, without its wh-word: "you cancel your direct debit", and in the past. */
  reason: { you: string; pastYou: string; pastThird: string; ended: boolean } | undefined;
} {
  // "why young people do not vote" is read as "not" and the deed ("vote"), so the deed is what the survey asks about.
  const negated = topic.replace(/\b(?:do|does|did)\s+not\s+|\b(?:don|doesn|didn)['\u2019]t\s+/i, "not ");
  const clause = new RegExp(
    `^(how(?:\\s+(?:much|many|often|long))?|why|whether|when|where|what|which)\\s+((?:[\\w'-]+\\s+){0,3}?[\\w'-]+?)\\s+(?:(still|often|usually|rarely|never|always|sometimes|now|no longer|not)\\s+)?(${VERBS})\\b(.*)$`,
    "i",
  ).exec(negated);
  let yours = topic;
  let who: string | undefined;
  let object: string | undefined;
  let activity: string | undefined;
  let habit: string | undefined;
  let reason: { you: string; pastYou: string; pastThird: string; ended: boolean } | undefined;
  if (clause) {
    const [, wh, subject, adverb, verb, tail] = clause as unknown as [string, string, string, string, string, string];
    const rest = tail;
    const before = adverb ? `${adverb.toLowerCase()} ` : "";
    // A deed people do not do is still asked about as the deed ("voting in local elections"), and told to them with
    // its auxiliary ("you do not vote").
    const negative = /^(?:not|never|no longer)$/i.test(adverb ?? "");
    const not = adverb?.toLowerCase() === "not";
    const generic = /^(?:people|they|customers|users|consumers|shoppers|buyers)$/i.test(subject);
    if (!generic && !/^(?:you|we|i)$/i.test(subject)) who = subject;
    // The respondent is the subject: "office workers choose" → "you choose", "she prefers" → "you prefer".
    const base = /^(?:is|are)$/i.test(verb)
      ? "are"
      : /^does$/i.test(verb)
        ? "do"
        : verb
            .replace(/(ch|sh|ss|x)es$/i, "$1")
            .replace(/([^aeiou])ies$/i, "$1y")
            .replace(/([^s])s$/i, "$1");
    const form = /^(?:would|will)$/i.test(verb) ? verb : base;
    const denied = (f: string, past: boolean) =>
      /^(?:are|would|will)$/i.test(f) ? `${past ? pastOf(f) : f} not` : `${past ? "did" : "do"} not ${f}`;
    yours = not ? `${wh} you ${denied(form, false)}${rest}` : `${wh} you ${before}${form}${rest}`;
    // The reason is asked about the deed itself, up to where a clause of its own starts ("cancel a meal-kit
    // subscription | within their first two months"); leaving is something people did, so it is asked in the past.
    const deed = rest.split(CLAUSE_BREAK)[0] as string;
    reason = not
      ? {
          you: `you ${denied(form, false)}${deed}`,
          pastYou: `you ${denied(form, true)}${deed}`,
          pastThird: `${subject} ${denied(form, true)}${rest}`,
          ended: false,
        }
      : {
          you: `you ${before}${form}${deed}`,
          pastYou: `you ${before}${pastOf(form)}${deed}`,
          pastThird: `${subject} ${before}${pastOf(form)}${rest}`,
          ended: /^(?:cancel|stop|quit|leave|switch|abandon|ditch|unsubscribe|return|give)$/i.test(base),
        };
    // What the clause is about: "why you cancel streaming subscriptions" → "streaming subscriptions", up to where a
    // clause of its own starts ("a meal-kit subscription | within their first two months").
    const thing = toRespondent(rest.trim().split(CLAUSE_BREAK)[0] as string).replace(/^(?:the|your|my)\s+/i, "");
    // "in local elections" is where the deed happens, not a thing.
    if (
      thing &&
      thing.split(/\s+/).length <= 5 &&
      !/^(?:to|and|or|when|if|because|in|at|on|for|with|by|from|into|about|during)\b/i.test(thing)
    )
      object = thing;
    // A comma starts a clause of its own ("recycle, and what would make them"): the deed ends before it.
    const done = toRespondent((rest.trim().split(/\s*,/)[0] as string).trim());
    if (!/^(?:would|will|are|is|do|does)$/i.test(verb) && done.split(/\s+/).length <= 8) {
      // A view of something is about the thing ("think about your coffee" → "your coffee"); a deed is the deed.
      const view = /^(?:think|thinks|feel|feels|see|sees|rate|rates|like|likes|trust|trusts)$/i.test(verb);
      activity = view
        ? done.replace(/^(?:about|of|on)\s+/i, "") || undefined
        : `${negative ? "" : before}${gerund(base)}${done ? ` ${done}` : ""}`;
      if (!view && !/^(?:choose|decide|pick|switch|compare|find|want|need|prefer|make|get)$/i.test(base))
        habit = `${base}${done ? ` ${done}` : ""}`;
    }
  }
  if (reason) reason = { ...reason, you: toRespondent(reason.you), pastYou: toRespondent(reason.pastYou) };
  return { yours: toRespondent(yours), who, object, activity, habit, reason };
}

/** Where a topic's own clause starts after what it is about: ", and what…", " within their first…", " because…". */
const CLAUSE_BREAK = /,|\s+(?:within|during|after|before|when|because|and|if|while|since|until)\s+/i;

/** Said to the respondent: "their coffee" → "your coffee", "people" → "you". */
function toRespondent(text: string): string {
  return text
    .replace(/\bpeople's\b/gi, "your")
    .replace(/\b(?:people|they|them)\b/gi, "you")
    .replace(/\btheir\b/gi, "your")
    .replace(/\bthemselves\b/gi, "yourself");
}

/** "choose" → "choosing", "shop" → "shopping", "donate" → "donating", "travel" → "travelling" (British spelling). */
function gerund(verb: string): string {
  const v = verb.toLowerCase();
  if (/^(?:are|is)$/.test(v)) return "being";
  if (/ie$/.test(v)) return `${v.slice(0, -2)}ying`;
  if (/(?:ee|ye|oe)$/.test(v)) return `${v}ing`;
  if (/[^aeiou]e$|ue$/.test(v)) return `${v.slice(0, -1)}ing`;
  if (/^(?:travel|cancel|label|signal)$/.test(v)) return `${v}ling`;
  // One syllable ending consonant-vowel-consonant doubles its last letter: stop, shop, plan, get.
  if (/^[^aeiou]*[aeiou][b-df-hj-np-tvz]$/.test(v)) return `${v}${v.slice(-1)}ing`;
  return `${v}ing`;
}

/** The open question on the reasons, asked of the respondent about what they did ("why did people cancel…"). */
function whyQuestion(
  reason: { you: string; pastYou: string; ended: boolean } | undefined,
  past: boolean,
  objective: string,
  product: { the: string } | undefined,
  subject: string | undefined,
): string {
  if (reason) {
    const then = past || reason.ended;
    return `In your own words, what ${then ? "was" : "is"} the main reason ${then ? reason.pastYou : reason.you}?`;
  }
  if (
    product &&
    /\b(?:stop(?:ped)?|cancel(?:led)?|quit|gave up|give up|left|leave|churn(?:ed)?|lapsed?)\b/i.test(objective)
  )
    return `In your own words, what was the main reason you stopped using ${product.the}?`;
  // A subject not understood is the client's objective in quotes: never pasted into a question.
  return subject === undefined
    ? /\b(?:not|never|don't|doesn't|won't|fail|avoid)\b/i.test(objective)
      ? "What, if anything, holds you back? Please answer in your own words."
      : "What is the main reason for your choice? Please answer in your own words."
    : `When it comes to ${subject}, what is the main reason for your choice? Please answer in your own words.`;
}

/** Themes of open answers on reasons, for what a "why" objective asks and the field the study is in. */
function reasonOptions(kind: "leave" | "barrier" | "choose" | "keep", pack: DomainPack, asked: string): string[] {
  // Reasons of a kind that has its own themes (giving up half-way through sign-up, why an old way persists, what sets
  // a behaviour off) are coded that way; otherwise a field the writer knows codes them in its own words; one it does
  // not know, by the question's own field where the older lists cover it (heating, invoicing, pets), else neutrally.
  // A study not about buying never borrows a shopper's themes of an unknown field ("A lower price", "Too expensive").
  if (kind !== "keep") {
    const specific = reasonThemes(asked.toLowerCase(), ["abandon", "persist", "trigger"], pack.commercial);
    if (specific) return specific;
    if (pack.domain === "general") {
      const field = reasonThemes(asked.toLowerCase(), undefined, pack.commercial);
      if (field) return field;
    }
  }
  return [...pack[kind]];
}

/** What a survey is about when the objective is not understood: the client's words quoted, or products like theirs. */
function surveySubject(request: DraftRequest, objective: string | undefined): string {
  const facts = contextFacts(request.context);
  if (objective !== undefined) return `"${opening(objective)}"`;
  const named = request.stimulus ?? facts.name;
  return named ? `products like ${named}` : "the products and services you use most";
}

/** Said to the respondent: an English subject in the second person; the client's quoted words as they are. */
function respondentSubject(subject: string): string {
  return subject.startsWith('"') ? subject : toRespondent(subject);
}

/**
 * The lead of an objective in a language the vocabulary does not name a subject in, quoted: without the researcher's
 * own wording ("Entender por qué", "Wir wollen verstehen, warum"), which a respondent never reads.
 */
function quotedLead(lead: string, language: string | undefined): string | undefined {
  if (clientText(lead, "").kind === "url") return undefined;
  const bare =
    lead
      .replace(
        /^(?:[^\s,]+[\s,]+){0,4}?(?:verstehen|herausfinden|wissen|erfahren|comprendre|savoir|d[e\u00e9]couvrir|entender|saber|comprender|conocer|averiguar|understand|find out|learn|know)\b[,:]?\s*/iu,
        "",
      )
      .trim() || lead;
  // A language not read is quoted whole when short: nothing in it is pretended to be parsed.
  return `"${language === "other" && bare.split(/\s+/).length <= 10 ? bare : opening(bare)}"`;
}

/** Coded themes a brief without money in it never offers: "Cost", "Too expensive", "A lower price". */
const MONEY_THEME =
  /\b(?:cost\w*|price\w*|pay\w*|money|afford\w*|expensive|cheap\w*|fees?|budget\w*|spend\w*|deposit|rent went up|lower rent)\b/i;
/** Neutral reasons, true of anything people could do or use, that stand in for themes that do not fit the brief. */
const NEUTRAL_REASONS = [
  "Not sure where or how",
  "Not enough time",
  "Forgot or never got round to it",
  "Don't see the point",
  "Something else",
];

/** Options without money themes, topped up with neutral ones to as many as there were. */
function withoutMoney(options: readonly string[]): string[] {
  const kept = options.filter((o) => !MONEY_THEME.test(o));
  if (kept.length === options.length) return [...options];
  const tail = kept.filter((o) => /^(?:something else|another reason|nothing would|don't know)$/i.test(o));
  const head = kept.filter((o) => !tail.includes(o));
  const extra = NEUTRAL_REASONS.filter((n) => !kept.includes(n) && n !== "Something else");
  return [...head, ...extra.slice(0, Math.max(0, options.length - kept.length)), ...tail];
}

/** Themes of an open answer on an area the writer does not know: its tone, never its field. */
const AREA_THEMES = ["Mostly positive", "Mostly negative", "Mixed, or it depends", "No view or don't know"];
/** What holds people back from something the writer does not know: true of anything, with a way to say more. */
/** An area that asks whether, in the four languages ("whether they know it", "ob sie …", "si …", "si …"). */
const AREA_WHETHER = /^(?:whether|if|ob|si|s['\u2019]ils?|s['\u2019]elles?)\s/iu;
/** An area that asks how often ("how often", "wie oft", "\u00e0 quelle fr\u00e9quence", "con qu\u00e9 frecuencia"). */
const AREA_HOW_OFTEN =
  /^(?:how often|how frequently|wie oft|wie h\u00e4ufig|\u00e0 quelle fr\u00e9quence|combien de fois|con qu[e\u00e9] frecuencia|cada cu[a\u00e1]nto)\b/iu;
const NEUTRAL_BARRIERS = ["Not enough time", "Did not know about it", "Not sure where or how", "Something else"];

/** The reasons an area lists in brackets, as written: "les freins (temps, distance, outils)". */
function bracketedReasons(area: string): string[] {
  const inside = /\(([^()]+)\)/u.exec(area)?.[1] ?? "";
  const reasons = inside
    .split(/\s*,\s*|\s+(?:and|or|und|oder|et|ou|y|o)\s+/iu)
    .map((r) => r.trim())
    .filter((r) => r !== "" && r.split(/\s+/).length <= 4);
  return reasons.length >= 2 ? reasons.map((r) => `${r[0]?.toUpperCase() ?? ""}${r.slice(1)}`) : [];
}

/**
 * A question for one area the brief lists as what to learn, around its own words quoted once: what holds people back
 * (its bracketed reasons as options, else neutral ones), or an open "what do you think" coded by tone. Nothing of a
 * field is guessed from words the writer does not know.
 */
function areaQuestion(area: string, index: number, listed: readonly string[]): Candidate {
  const quoted = `"${area.replace(/"/g, "'")}"`;
  if (asksWhatHoldsBack(area)) {
    const reasons = bracketedReasons(area);
    const own = reasons.length >= 2 ? reasons : listed.length >= 2 ? [...listed] : [];
    return core(
      own.length >= 2
        ? {
            name: `area ${index + 1}`,
            text: `Thinking about ${quoted}: what, if anything, holds you back?`,
            options: [...own, "Something else", "Nothing holds me back"],
            insight: "An area the brief lists, asked with the reasons it names; those held back by nothing say so.",
          }
        : {
            name: `area ${index + 1}`,
            text: `Thinking about ${quoted}: what, if anything, holds you back? Please answer in your own words.`,
            options: NEUTRAL_BARRIERS,
            type: "open_text",
            insight: "An area the brief lists; the answers, in people's own words, are coded into neutral themes.",
          },
      0,
    );
  }
  // An area that names its own options, asks whether, or asks how often is asked as such: a tone ("Mostly
  // positive") is no answer to "whether they have ever thought about joining" or "which channel (Instagram, …)".
  const options = bracketedReasons(area);
  if (options.length >= 2)
    return core(
      {
        name: `area ${index + 1}`,
        text: `Thinking about ${quoted}: which of these is closest for you?`,
        options: [...options, "Something else"],
        insight: "An area the brief lists, asked with the options it names.",
      },
      0,
    );
  if (AREA_WHETHER.test(area))
    return core(
      {
        name: `area ${index + 1}`,
        text: `Thinking about ${quoted}: is that so for you?`,
        options: ["Yes", "No", "Not sure"],
        insight: "An area the brief lists as a yes-or-no matter, asked as one.",
      },
      0,
    );
  if (AREA_HOW_OFTEN.test(area))
    return core(
      {
        name: `area ${index + 1}`,
        text: `Thinking about ${quoted}: how often is that so for you?`,
        options: ["Never", "Rarely", "Sometimes", "Often", "Always"],
        insight: "An area the brief lists as a matter of how often, asked on a frequency scale.",
      },
      0,
    );
  return core(
    {
      name: `area ${index + 1}`,
      text: `Thinking about ${quoted}: what do you think? Please answer in your own words.`,
      options: AREA_THEMES,
      type: "open_text",
      insight: "An area the brief lists, asked in its own words; the answers are coded by their tone.",
    },
    0,
  );
}

function customSurvey(request: DraftRequest): ResearchDraft {
  const { inputs, context, stimulus, random, maxQuestions, reading } = request;
  const facts = contextFacts(context);
  const stated =
    text(inputs, "objective") ?? text(inputs, "topic") ?? text(inputs, "subject") ?? text(inputs, "question");
  // The brief's lists, its own questions and its lead (the objective's first sentence, before a list opens): what the
  // study is about is read from the lead, never from a list of what to ask about ("…: lighting, toilets, dog waste").
  const brief = readSurveyBrief(
    stated,
    briefTexts(inputs).filter((t) => t !== stated),
  );
  const given = brief.lead || stated;
  const whole = given ? readObjective(given) : undefined;
  // English brief wording around a clause in another language ("We want to understand comment les agriculteurs…"):
  // the clause is what the study is about, read in its own language.
  const clause = given && whole?.language === "en" ? topicOf(given) : undefined;
  const inner = clause ? readObjective(clause.topic) : undefined;
  const read = inner && inner.language !== "en" ? inner : whole;
  const english = read?.language === "en";
  // A subject the vocabulary names carries its field: nurses leaving "their work" in hospitals give a workplace's
  // reasons, not a hospital's patients'.
  const subjectField = fieldOfSubject(read?.subject);
  const studyPack = request.pack ?? packOf("general");
  // A field named by one word in passing ("dog waste" in a park consultation) is not the survey's field.
  const pack = subjectField
    ? packOf(subjectField)
    : fieldHeld(studyPack.domain, given ?? "", [stated ?? "", ...briefTexts(inputs)].map(withoutAsides))
      ? studyPack
      : packOf("general");
  const parsed = english ? clause : undefined;
  // An objective of one wh-word ("Why?") says nothing to build on: the survey is the general one.
  const objective =
    given && !(parsed && /^(?:why|how|what|when|where|which|whether)$/i.test(parsed.topic)) ? given : undefined;
  // What an objective asks is read only in a language the writer reads; another is taken as the subject, not parsed.
  const asks = objective && read?.language !== "other" ? asksOf(stated ?? objective) : undefined;
  const past = parsed?.past === true;
  const topic = objective && parsed ? parsed.topic : undefined;
  const phrasing = topic ? secondPerson(topic) : undefined;
  const product = objective && english ? productOf(objective) : undefined;
  const why = topic !== undefined && /^why\b/i.test(topic);
  // A long English objective is not turned into a clause a respondent reads comfortably: the questions name what it
  // is about instead, and never quote it.
  const long =
    topic !== undefined && (topic.split(/\s+/).length > 8 || (why && !phrasing?.object && !phrasing?.activity));
  const shortTopic =
    topic && !long && !/^(?:why|how|what|when|where|which|whether)\b/i.test(topic)
      ? topic
          .replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())
          // "coffee habits" is asked about as "coffee": people answer about what they do, not about their habits.
          .replace(/\s+(?:habits|attitudes|behaviou?rs?|preferences|trends)\b/i, "")
      : undefined;
  // "raw food over kibble", "current account to a different bank": a fragment, not a thing; the deed reads better.
  const thing =
    phrasing?.object && !/\b(?:over|to|from|than|instead|into|with)\b/i.test(phrasing.object)
      ? phrasing.object
      : undefined;
  // What every question names as its subject: in English what people do or what it is about; in German, French or
  // Spanish the subject the vocabulary knows ("public transport in Madrid"); otherwise the client's own words, quoted.
  const fallback = surveySubject(request, objective);
  const englishSubject = english
    ? ((why ? (thing ?? phrasing?.activity) : (phrasing?.activity ?? thing)) ??
      (long ? undefined : shortTopic) ??
      product?.category)
    : undefined;
  // An objective whose own subject the vocabulary lacks is asked about in its field's words ("your work" for nurses
  // leaving their jobs), never as a bare "it".
  // Else what the brief calls it, in its own words: a name it gives ("Puntos Limpios"), or its phrase ("los puntos de
  // reciclaje"), quoted when it is another language; a language not read gives names only.
  const phrase = objective && read ? subjectPhrase(given as string, read.language) : undefined;
  const named = phrase && read ? namedSubject(phrase, read.language) : undefined;
  const ownWords = englishSubject ?? read?.subject ?? named;
  // Else its field's words ("your work"), else the brief's own lead, quoted: never a bare "it".
  const fieldTopic = objective && ownWords === undefined && read?.language !== "other" ? pack.topic : undefined;
  const lead =
    objective && ownWords === undefined && fieldTopic === undefined
      ? quotedLead(given as string, read?.language)
      : undefined;
  const known = ownWords !== undefined || lead !== undefined || objective === undefined;
  const understood = known || fieldTopic !== undefined;
  // Say less where unsure: a subject known only by the brief's quoted lead gets no questions whose options would only
  // speak of "it" ("How well it meets my needs").
  const unsure = objective !== undefined && englishSubject === undefined && read?.subject === undefined;
  const subject = ownWords ?? fieldTopic ?? lead ?? fallback;
  // A subject the writer did not understand is never pasted into a question: those questions are subject-free, and
  // the client's own words stand in the title and research question only.
  const about = understood ? `When it comes to ${respondentSubject(subject)}, ` : "";
  // "people" is everyone: "among people" says nothing, and read as a broken sentence.
  const who = phrasing?.who ?? read?.who;
  const audience = plannedAudience(request, facts, who === "people" ? undefined : who);
  // The team's own questions, and those the brief itself asks ("Should the budget go to lighting or to toilets?"), are
  // asked as written.
  const own = list(inputs, "questions");
  const written = [...own, ...brief.questions.filter((q) => !own.includes(q))].slice(0, MAX_QUESTIONS).map((q) => {
    const readQ = readQuestion(q, reading);
    return core(
      {
        name: q,
        text: q,
        options: readQ.options,
        type: readQ.question_type,
        insight:
          readQ.question_type === "open_text"
            ? "Asked as the team wrote it in the inputs; the answers, in people's own words, are coded into these themes."
            : "Asked as the team wrote it in the inputs.",
      },
      0,
    );
  });
  // Why people do what the objective asks about: stop or leave, hold back, or choose, coded into the reasons of its
  // field (nurses leaving a job give workload and pay, not prices); and what would keep them when it asks that.
  const reasonKind: "leave" | "barrier" | "choose" | undefined = asks?.leave
    ? "leave"
    : asks?.barrier
      ? "barrier"
      : why
        ? asks?.choose
          ? "choose"
          : "leave"
        : undefined;
  const proposed = objective ? proposedReasons(objective) : [];
  // A process given up before it was finished (an application abandoned before it was sent) is no service people
  // stopped using: they are asked why they did not finish, and what would have helped them finish.
  const unfinished = UNFINISHED.test(stated ?? "");
  // Something left until late ("leave booking their appointment until close to the deadline") is put off, not left.
  const delayed = DELAYED.test(stated ?? "");
  const remedies = remediesOf(inputs);
  // The reasons the brief lists for what holds people back are the options of the question that asks it.
  // A brief about what holds people back that lists things gives them as its reasons, though no cue word opens them.
  const askedReasons = briefAsks(inputs).barrier?.reasons ?? [];
  const listedReasons =
    askedReasons.length >= 2 || !asks?.barrier || brief.areas.length > 0
      ? askedReasons
      : (brief.lists[0] ?? []).map((r) => `${r[0]?.toUpperCase() ?? ""}${r.slice(1)}`);
  // Each area the brief lists as what to learn is asked in its order, in its own words: the survey is those areas and
  // the brief's own questions, and says less of what the brief did not ask.
  const areas = brief.areas.map((a, i) => areaQuestion(a, i, listedReasons));
  const areaBarrier = brief.areas.some(asksWhatHoldsBack);
  // Money is offered as a theme only where the brief speaks of it: "Cost" is no barrier to a free drop-off point.
  const withBriefMoney = (options: readonly string[]) => (brief.money ? [...options] : withoutMoney(options));
  const reasonText = (() => {
    if (!reasonKind) return undefined;
    // Put off or not finished is asked as that, however the why is worded.
    if (english && why && !(reasonKind === "leave" && (delayed || unfinished)))
      return whyQuestion(phrasing?.reason, past, objective as string, product, understood ? subject : undefined);
    const lead = understood ? `Thinking about ${respondentSubject(subject)}, w` : "W";
    // People in work are asked why they would leave, not why they stopped: most of them have not.
    if (reasonKind === "leave" && pack.domain === "workplace")
      return "If you have left a job or cut your hours, or thought about it, what was the main reason? Please answer in your own words.";
    if (reasonKind === "leave" && delayed)
      return `${lead}hat was the main reason you left it until later? Please answer in your own words.`;
    if (reasonKind === "leave" && unfinished)
      return `${lead}hat was the main reason you did not finish it? Please answer in your own words.`;
    return reasonKind === "leave"
      ? `${lead}hat was the main reason you stopped or cut down? Please answer in your own words.`
      : reasonKind === "barrier"
        ? `${lead}hat, if anything, holds you back? Please answer in your own words.`
        : `${lead}hat is the main reason for your choice? Please answer in your own words.`;
  })();
  const reasons: Candidate[] = [
    // An area or the brief's own question that asks what holds people back is that question already: two would ask
    // the same thing.
    ...(reasonKind &&
    reasonText &&
    !(reasonKind === "barrier" && (areaBarrier || written.some((q) => asksWhatHoldsBack(q.text))))
      ? [
          core(
            {
              name: "main_reason",
              text: reasonText,
              options: withBriefMoney(
                proposed.length >= 2
                  ? [...proposed.slice(0, 4), "Something else", "Don't know"]
                  : reasonKind === "barrier" && listedReasons.length >= 2
                    ? [...listedReasons, "Something else"]
                    : delayed && reasonKind === "leave"
                      ? [...DELAY_REASONS]
                      : unfinished && reasonKind === "leave"
                        ? (reasonThemes("abandoned the application", ["abandon"]) ?? [])
                        : (reasonsOfSubject(read?.subject, reasonKind) ??
                          reasonOptions(reasonKind, pack, `${topic ?? objective ?? ""}`)),
              ),
              type: "open_text",
              insight: "Open question; the answers, in people's own words, are coded into these themes.",
            },
            0,
          ),
        ]
      : []),
    ...(asks?.keep
      ? [
          core(
            {
              name: "what_would_keep",
              text: delayed
                ? "And what would make you do it earlier? Please answer in your own words."
                : unfinished
                  ? "And what would have helped you finish it? Please answer in your own words."
                  : reasonKind === "leave"
                    ? "And what would have kept you, or would make you come back? Please answer in your own words."
                    : reasonKind === "barrier"
                      ? `${about ? `${capitalise(about.trim())} w` : "W"}hat would make it easier for you? Please answer in your own words.`
                      : // Asked what would help, with no one said to have left: nobody is asked to "come back".
                        reasonKind === undefined
                        ? `${about ? `${capitalise(about.trim())} w` : "W"}hat would help you? Please answer in your own words.`
                        : `${about ? `${capitalise(about.trim())} w` : "W"}hat would make you stay, or come back? Please answer in your own words.`,
              // The remedies the brief has in mind are offered as written, with a way out.
              options:
                remedies.length >= 2
                  ? [...remedies, "Something else", "Nothing would"]
                  : withBriefMoney(reasonsOfSubject(read?.subject, "keep") ?? reasonOptions("keep", pack, "")),
              type: "open_text",
              insight: "Open question: what would keep people or win them back, coded into themes of its field.",
            },
            0,
          ),
        ]
      : []),
  ];
  // A question's opening in the survey's subject ("When it comes to public transport, how…"), or none ("How…").
  const ask = (rest: string) => (about ? `${about}${rest}` : capitalise(rest));
  const change =
    pack.domain === "workplace"
      ? "How likely are you to look for another job in the next 12 months?"
      : pack.domain === "transport" && understood
        ? `How likely are you to use ${subject} more often in the next 12 months?`
        : pack.commercial
          ? ask("how likely would you be to switch to something new?")
          : ask("how likely are you to change what you do in the next 12 months?");
  // The brief's list offered already as reasons or remedies is not asked again as what matters most.
  const offered = new Set(reasons.flatMap((r) => r.options.map((o) => o.toLowerCase())));
  const listTaken = brief.lists[0]?.every((item) => offered.has(item.toLowerCase())) === true;
  // A field the writer does not know gives no reason to ask about changing what people do.
  const openness = pack.domain !== "general" || objective === undefined || ASKS.switching.test(objective);
  const generic: Candidate[] = [
    core({
      name: "satisfaction_today",
      text:
        pack.domain === "workplace" && !understood
          ? "How satisfied are you with your job today?"
          : ask("how satisfied are you with how things are for you today?"),
      options: SCALES.satisfaction,
      insight: "Satisfaction with how things are; low scores show room for something better.",
    }),
    ...(listTaken
      ? []
      : [
          core({
            name: "main_driver",
            text: ask("which of these matters most to you?"),
            // The things the brief lists to ask about are the options, in its words; else what matters in its field.
            options: brief.lists[0]
              ? [...brief.lists[0], "Something else"]
              : withBriefMoney(
                  driversOfSubject(read?.subject) ??
                    (pack.domain === "general"
                      ? fieldDrivers(`${topic ?? objective ?? ""}`.toLowerCase())
                      : undefined) ??
                    pack.drivers,
                ),
            insight: "What matters most, which tells the team what to lead with.",
          }),
        ]),
    ...(asks?.attitudes
      ? [
          core({
            name: "overall_feeling",
            text: ask("how do you feel about it overall?"),
            options: [
              "Very negative",
              "Fairly negative",
              "Neither positive nor negative",
              "Fairly positive",
              "Very positive",
            ],
            insight: "The overall feeling the objective asks about, from negative to positive.",
          }),
        ]
      : []),
    ...(phrasing?.habit && !why
      ? [
          optional({
            name: "frequency",
            text: `How often do you ${phrasing.habit}?`,
            options: SCALES.frequency,
            insight: "Frequency, which sets how often there is a chance to change behaviour.",
          }),
        ]
      : []),
    // An objective about advice or importance always gets the question its hypothesis is about.
    (ASKS.advice.test(objective ?? "") ? core : optional)({
      name: "advice_source",
      text: ask("where do you usually look first for information or advice?"),
      options: withBriefMoney(pack.advice),
      insight: "The channel that shapes the decision, and where a message would be heard.",
    }),
    ...(openness
      ? [
          core({
            name: "openness_to_new",
            text: change,
            options: SCALES.likelihood,
            insight: "Openness to change: whether dissatisfaction is likely to turn into action.",
          }),
        ]
      : []),
    (ASKS.importance.test(objective ?? "") ? core : optional)({
      name: "importance",
      text: ask("how important is it to you?"),
      options: SCALES.importance,
      insight: "Importance, which says whether dissatisfaction will drive action or be tolerated.",
    }),
  ];
  const candidates: Candidate[] = [...written, ...areas, ...reasons, ...(areas.length > 0 ? [] : generic)];
  const drivers = candidates.find((c) => c.name === "main_driver")?.options ?? pack.drivers;
  // Say less where unsure: with neither its subject nor its field understood, the questions that would only ask about
  // "it" are left out when the objective's own why-questions give the survey something to ask.
  const subjectFree = new Set(["satisfaction_today", "main_driver", "overall_feeling", "advice_source", "importance"]);
  const asked =
    unsure && reasons.length > 0
      ? candidates.filter(
          (c) =>
            (!subjectFree.has(c.name) || (c.name === "main_driver" && brief.lists[0])) &&
            !(c.name === "openness_to_new" && !pack.topic),
        )
      : unsure && !brief.lists[0]
        ? candidates.filter((c) => c.name !== "main_driver")
        : candidates;
  const questions = compose(random, asked, maxQuestions);
  // An objective in another language, or one not understood, is quoted as written, never spliced into English.
  const titleTopic = !objective
    ? (stimulus ?? facts.name)
      ? capitalise(opening((stimulus ?? facts.name) as string))
      : undefined
    : !english
      ? read?.subject
        ? capitalise(read.subject)
        : (named ?? `"${opening(objective)}"`)
      : why && past && phrasing?.reason
        ? `Why ${opening(phrasing.reason.pastThird)}`
        : topic
          ? // A topic read out of the objective ("how often people order food") titles it; the client's own sentence
            // or description, not understood, is quoted.
            oneClause(topic) &&
            (/^(?:how|why|what|when|where|which|whether|who)\b/i.test(topic) || !given?.startsWith(topic))
            ? capitalise(opening(topic))
            : clientText(topic, "the objective").cited
          : undefined;
  const reasonsClause =
    reasonKind && reasons.some((r) => r.name === "main_reason")
      ? reasonKind === "leave" && delayed
        ? "why people leave it until late"
        : reasonKind === "leave" && unfinished
          ? "why people do not finish it"
          : reasonKind === "leave"
            ? "why people stop or leave"
            : reasonKind === "barrier"
              ? "what holds people back"
              : "why people choose it"
      : undefined;
  const parts = [
    reasonsClause,
    asks?.keep
      ? reasonKind === "barrier"
        ? "what would make it easier for them"
        : delayed
          ? "what would make them do it earlier"
          : unfinished
            ? "what would help them finish it"
            : reasonKind === undefined
              ? "what would help them"
              : "what would keep them or bring them back"
      : undefined,
    // The research question promises only what the questions ask.
    questions.some((q) => q.name === "satisfaction_today") ? "how satisfied they are today" : undefined,
    questions.some((q) => q.name === "main_driver") ? "what matters most to them" : undefined,
    areas.length > 0 ? "what people say on each area the brief lists" : undefined,
  ].filter((p): p is string => p !== undefined);
  return {
    title: titleTopic
      ? random.pick([`Survey: ${titleTopic}`, `${titleTopic}: attitudes and experiences`])
      : "Attitudes and experiences survey",
    question_text:
      english && why && !asks?.keep
        ? `What are the main reasons ${past && phrasing?.reason ? phrasing.reason.pastThird : (topic as string).replace(/^why\s+/i, "")}?`
        : // One sentence in the report's language: the subject by its name or the brief's quoted phrase, never the brief
          // pasted in front of a colon.
          `When it comes to ${subject}, ${parts.length > 0 ? joinList(parts) : "what people think of it"}${audience ? `, among ${audience}` : ""}?`,
    // No reason is picked in advance: the question is whether one stands out.
    hypothesis_text: areas[0]
      ? proposedHypothesis(
          oneAnswerStandsOut((areas.find((a) => /holds you back/.test(a.text)) ?? areas[0]).text),
          NEUTRAL,
        )
      : reasons[0]
        ? proposedHypothesis(
            `One reason is given clearly more often than any other when asked "${reasons[0].text.replace(/"/g, "'")}"`,
            "a neutral question of whether one reason stands out, favouring none in advance",
          )
        : surveyHypothesis(objective ?? "", questions, drivers),
    questions,
  };
}

/** What a custom survey's objective asks about, for the question it must ask and the hypothesis it tests. */
const ASKS = {
  switching: /\b(?:switch|switching|try|trying|new|change|changing|adopt|move to|willing)\b/i,
  advice: /\b(?:advice|advise|information|find out|look for|learn about|hear about|recommendations?)\b/i,
  importance: /\b(?:important|importance|matters?|priorit\w*)\b/i,
  satisfaction: /\b(?:satisf\w*|happy with|unhappy|experience|complain\w*|frustrat\w*)\b/i,
  spending: /\b(?:spend|spending|pay|paying|price|prices|cost|costs|afford|budget|money|cheap\w*)\b/i,
};

/** A neutral claim on one question: one of its answers stands out, none named in advance. */
export const oneAnswerStandsOut = (question: string) =>
  `One answer to "${question.replace(/"/g, "'")}" is chosen clearly more often than any other`;

export const NEUTRAL = "a neutral question of whether one answer stands out, favouring none in advance";

/** The basis of a bar at half: a majority, the plan's benchmark where the brief sets none. */
export const MAJORITY = "half is the benchmark this plan uses for a majority view, not a norm of the field";

/**
 * A custom survey's hypothesis, about what its objective asks: whether people would switch, where they look for
 * advice, how important it is, how satisfied they are, whether price drives a spending choice; else satisfaction.
 * Each is a claim on a question the plan asks, in words a verdict judge reads, labelled as the plan's with its basis.
 */
function surveyHypothesis(asks: string, questions: readonly DraftQuestion[], drivers: readonly string[]): string {
  const asked = (name: string) => questions.find((q) => q.name === name);
  const topTwo = (q: DraftQuestion) => `"${q.options.at(-2)}" or "${q.options.at(-1)}"`;
  const openness = asked("openness_to_new");
  if (openness && ASKS.switching.test(asks))
    return proposedHypothesis(
      `At least half of respondents answer ${topTwo(openness)} to "${openness.text}"`,
      MAJORITY,
    );
  const advice = asked("advice_source");
  if (advice && ASKS.advice.test(asks)) return proposedHypothesis(oneAnswerStandsOut(advice.text), NEUTRAL);
  const importance = asked("importance");
  if (importance && ASKS.importance.test(asks))
    return proposedHypothesis(
      `At least half of respondents answer ${topTwo(importance)} to "${importance.text}"`,
      MAJORITY,
    );
  const price = drivers.find((d) => /\b(?:price|cost|value)\b/i.test(d));
  if (price && ASKS.spending.test(asks) && !ASKS.satisfaction.test(asks))
    return proposedHypothesis(
      `"${price}" is the main driver of their choice, ahead of everything else on the list`,
      "the brief asks about spending, so the plan checks whether price leads",
    );
  return proposedHypothesis("At least half of respondents are satisfied with the options they have today", MAJORITY);
}
