import { capitalise } from "./analysis.js";
import { type Ask, aboutGiving, askedQuestion, asksOf, namedIn, withAskedQuestions } from "./asked-measures.js";
import { countryWords, phonePanel } from "./audience.js";
import { briefAskQuestions, briefAsks, coversAsk } from "./brief-asks.js";
import { clientText, oneClause, pageName, taskClause } from "./client-text.js";
import { AUDIENCE, panelText, presumedBehaviour, SCREEN_BELOW, SCREENER, studyConcern } from "./concern.js";
import type { Goal } from "./goals.js";
import type { Context, Plan, Simulation, SurveyDesign, SurveyQuestion, UserModel } from "./inputs.js";
import {
  briefSteps,
  conversionRange,
  deviceKind,
  foreignTaskSteps,
  impliedDevice,
  signUpCheck,
  statedSuccess,
  taskParts,
  taskSteps,
  titleTask,
  withoutSuccess,
} from "./journey-tasks.js";
import { mobileFirst } from "./markets.js";
import { moneyStyle } from "./money.js";
import { proposedHypothesis } from "./proposed.js";
import {
  contextFacts,
  type DraftQuestion,
  foreign,
  joinList,
  list,
  MAJORITY,
  midArticle,
  NEUTRAL,
  oneAnswerStandsOut,
  plannedAudience,
  type ResearchDraft,
  researchDraft,
  text,
} from "./question-bank.js";
import {
  hasFavourableEnd,
  isAboutThePerson,
  kindOf,
  listedItems,
  type ReadingContext,
  readQuestion,
  scaleForItems,
  suppliedOptions,
} from "./question-kinds.js";
import { isNeutralCoding } from "./question-subjects.js";
import { Random } from "./random.js";
import { startPage } from "./readable-url.js";
import { currencyOf, favourableOptions, traitsOf } from "./segments.js";
import { audienceScreener } from "./stated-audience.js";
import { type Domain, domainOf, languageOf, packOf, readObjective } from "./subject.js";
import { namedSubject, readSurveyBrief, subjectPhrase } from "./survey-brief.js";

/** `variable_name` slugs: lower snake case, unique within the plan. */
export function slugify(text: string, taken: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .split("_")
      .slice(0, 5)
      .join("_") || "question";
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}_${n}`;
  taken.add(slug);
  return slug;
}

function question(
  taken: Set<string>,
  question_text: string,
  answer_options: readonly string[],
  insight: string | null,
  slugSource = question_text,
  question_type = "single_choice",
): SurveyQuestion {
  return {
    question_text,
    question_type,
    answer_options: [...answer_options],
    insight,
    variable_name: slugify(slugSource, taken),
  };
}

/**
 * A survey design fixes the questions exactly: each item set in order, one question per item stating the stimulus
 * and the item on the set's scale (or one default scale for the whole set, read from its ask and the goal); then the
 * custom questions in order, as written, with their own options or the ones that fit what they ask (`readQuestion`:
 * "What is your age?" gets age bands), and no stimulus added.
 */
export function questionsFromDesign(design: SurveyDesign, reading: ReadingContext = {}): SurveyQuestion[] {
  const taken = new Set<string>();
  const out: SurveyQuestion[] = [];
  // The spec has the writer state the stimulus in every item-set question (SD-STIMULUS): as written, in quotes when it
  // is more than a name (a sentence, a paragraph, another language's text), so it is never spliced into the sentence.
  const given = design.stimulus?.trim() || undefined;
  const shown = given ? clientText(given, "the description you were shown") : undefined;
  const stimulus = given && shown?.kind !== "name" && !given.includes('"') ? `"${given}"` : given;
  for (const set of design.item_sets ?? []) {
    const scale = set.scale ?? scaleForItems(set.ask, reading.goal);
    const ask = set.ask.trim().replace(/[?:.]+$/, "");
    // The stimulus leads ("Thinking about the Round-up account, how appealing do you find: …") when the ask reads on
    // after it; an ask starting with a name or other word keeps it in brackets. Either way the item comes after ": ".
    const lead = stimulus && /^(?:how|what|which|to what|do|does|would|will|rate|please|overall)\b/i.test(ask);
    // The ask names the stimulus the lead already names: "it" the second time ("…, how much would this make you
    // trust it"), never the stimulus twice.
    // One item per question: "each of these" is "this" item.
    const single = ask.replace(/\beach of (?:these|the following|them)\b/gi, "this");
    const asked = lead && stimulus ? single.replace(new RegExp(`\\b${escapeRegExp(stimulus)}\\b`, "gi"), "it") : single;
    const asking = /^(?:how|what|which|to what|do|does|would|will|is|are|can)\b/i.test(asked);
    for (const item of set.items) {
      // The item stays after ": " (reports read an item set by it); a question keeps its question mark.
      const text = lead
        ? `Thinking about ${stimulus}, ${lowerFirst(asked)}: ${item}${asking ? "?" : ""}`
        : stimulus
          ? `${asked} (${stimulus}): ${item}${asking ? "?" : ""}`
          : `${asked}: ${item}${asking ? "?" : ""}`;
      out.push(question(taken, text, scale, `How "${item}" rates on this scale, compared with the other items.`, item));
    }
  }
  for (const custom of design.custom_questions ?? []) {
    if (custom.answer_options) {
      // The caller's own options, as given: a ranking question stays one; anything else is a single choice.
      const type = kindOf(custom.question_text) === "ranking" ? "ranking" : "single_choice";
      out.push(question(taken, custom.question_text, custom.answer_options, null, custom.question_text, type));
      continue;
    }
    const read = readQuestion(custom.question_text, reading);
    const insight =
      read.question_type === "open_text" ? "Open question; the answers are coded into these themes." : null;
    const options = suppliedOptions(read);
    out.push(question(taken, custom.question_text, options, insight, custom.question_text, read.question_type));
  }
  return out;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** "A weekly report" → "a weekly report", "Printed receipts" → "printed receipts"; "GoBD", "I" and names stay. */
function lowerFirst(value: string): string {
  return /^(?:An?|The)\s|^[A-Z][a-z]+\b(?![^\s]*[A-Z])/.test(value) && !/^I\b/.test(value)
    ? value.charAt(0).toLowerCase() + value.slice(1)
    : value;
}

/** A `variable_name` from a draft's slug source: plain letters, starting with one (`q_` in front otherwise). */
function variableName(source: string, taken: Set<string>): string {
  const ascii = source.normalize("NFKD").replace(/\p{M}/gu, "");
  return slugify(/^[^a-z]*[0-9]/i.test(ascii) || !/[a-z]/i.test(ascii) ? `q ${ascii}` : ascii, taken);
}

function researchQuestions(draft: ResearchDraft): SurveyQuestion[] {
  const taken = new Set<string>();
  return draft.questions.map((q) => ({
    question_text: q.text,
    question_type: q.type ?? "single_choice",
    answer_options: evenlyQuoted(q.options),
    insight: q.insight,
    variable_name: variableName(q.name, taken),
  }));
}

const WRAPPED = /^["\u201c\u201e](.+)["\u201d]$/su;
const WAY_OUT_OPTION = /^(?:none|nothing|something else|another|other|don't know|no preference|not sure)\b/i;

/**
 * Options shown alike: where some of a list's options are in quotation marks and others not (the client's brand
 * quoted beside its rivals), none is, since a mark on one option alone singles it out to the respondent. A way out
 * ("None of these") is no item of the list.
 */
function evenlyQuoted(options: readonly string[]): string[] {
  const items = options.filter((o) => !WAY_OUT_OPTION.test(o.trim()));
  const wrapped = items.filter((o) => WRAPPED.test(o.trim()));
  if (wrapped.length === 0 || wrapped.length === items.length) return [...options];
  return options.map((o) => o.trim().replace(WRAPPED, "$1"));
}

/** The screener for an audience phrase in the language most of the questionnaire is written in. */
function inLanguageOf(questions: readonly SurveyQuestion[], phrase: string) {
  const language = languageOf(questions.map((q) => q.question_text).join(" \n "));
  return audienceScreener({
    phrase,
    language: language === "de" || language === "fr" || language === "es" ? language : "en",
  });
}

/**
 * Screening questions asked first, so nobody answers questions that are not theirs: whether people are those the
 * subject concerns (car owners, cyclists, people with a garden), where a user model does not say its people are them
 * and fewer than nine in ten of its market would be; and, before a question that presumes people do not do something
 * ("the main reason you do not…"), whether they do it. Only those who qualify answer the rest (`results.ts`).
 */
function withScreeners(
  questions: SurveyQuestion[],
  inputs: Record<string, unknown>,
  models: readonly UserModel[],
  maxQuestions: number,
): SurveyQuestion[] {
  const first: SurveyQuestion[] = [];
  const found = studyConcern(inputs);
  // An audience screener asks in the questionnaire's language, the audience in the client's words as its option.
  const own = found?.key === AUDIENCE && found.options?.[0] ? inLanguageOf(questions, found.options[0]) : undefined;
  const concern = found && own ? { ...found, screener: own.question, options: own.options } : found;
  const unscreened = (m: UserModel) =>
    concern !== undefined && !concern.defines(panelText(m)) && concern.incidence(traitsOf(m).country) < SCREEN_BELOW;
  if (concern && models.some(unscreened))
    first.push({
      question_text: concern.screener,
      question_type: "single_choice",
      answer_options: concern.options ?? ["Yes", "No"],
      insight: `Screens for ${concern.who}: only those who answer ${concern.options ? "that it describes them" : '"Yes"'} are asked the rest.`,
      variable_name: concern.key === AUDIENCE ? `${SCREENER}_${AUDIENCE}` : SCREENER,
    });
  const presumed = questions.map((q) => presumedBehaviour(q.question_text)).find((p) => p !== undefined);
  if (presumed)
    first.push({
      question_text: presumed.question,
      question_type: "single_choice",
      answer_options: ["Yes", "No"],
      insight: `A later question presumes people do not ${presumed.behaviour}: only those who answer "No" are asked the rest.`,
      variable_name: `${SCREENER}_not`,
    });
  const room = Math.min(questions.length, maxQuestions - first.length);
  return first.length === 0 || room < 1 ? questions : [...first, ...questions.slice(0, room)];
}

/**
 * With a survey design the questions are the design's, so the research question and hypothesis speak of what it
 * asks: the stimulus and the item sets' asks; for custom questions alone, the questions themselves.
 */
function designFraming(
  design: SurveyDesign,
  stimulus: string | undefined,
  questions: readonly SurveyQuestion[],
): Pick<ResearchDraft, "question_text"> & { hypothesis_text: string | null } {
  const sets = design.item_sets ?? [];
  const first = sets[0];
  if (!first) return customFraming(questions);
  const items = first.items.map((item) => `"${item}"`);
  const about = stimulus ? ` for ${clientText(stimulus, "the stimulus").mention}` : "";
  const shown = items.length <= 3 ? joinList(items) : `${items.slice(0, 3).join(", ")} and ${items.length - 3} more`;
  return {
    question_text: `How do people rate ${shown}${about}, and which comes out on top?`,
    // No item is picked in advance: the question is whether one stands out.
    hypothesis_text: proposedHypothesis(
      `One of the ${items.length} items asked about${about} is rated clearly more favourably than the others`,
      "a neutral question of whether one item stands out, favouring none in advance",
    ),
  };
}

/**
 * A design of custom questions only: the research question is what they ask, and the hypothesis a claim about one of
 * them the results can check (the first item listed leads a choice; else half give a scale's favourable answers; else
 * one answer leads), never one about questions the design does not ask, nor about who people are. No hypothesis when
 * no question can carry one.
 */
function customFraming(
  questions: readonly SurveyQuestion[],
): Pick<ResearchDraft, "question_text"> & { hypothesis_text: string | null } {
  const opinions = questions.filter(
    (q) =>
      !isAboutThePerson(q.question_text, q.answer_options ?? undefined) &&
      !isNeutralCoding(q.answer_options ?? []) &&
      !q.question_text.includes('"') &&
      (q.answer_options?.length ?? 0) >= 2,
  );
  const lead = opinions[0] ?? questions[0];
  const others = questions.length - 1;
  const question_text = lead
    ? `What do people answer to "${lead.question_text.replace(/"/g, "'")}"${others > 0 ? ` and the ${others === 1 ? "other question" : `${others} other questions`} asked` : ""}, and where do the user models differ?`
    : "What do people answer to the questions asked, and where do the user models differ?";
  const choice = opinions.find((q) => q.question_type !== "open_text" && listedItems(q.question_text).length >= 2);
  if (choice)
    return {
      question_text,
      hypothesis_text: proposedHypothesis(oneAnswerStandsOut(choice.question_text), NEUTRAL),
    };
  const scale = opinions.find(
    (q) =>
      hasFavourableEnd(q.question_text, q.question_type, q.answer_options ?? undefined) &&
      favourableOptions(q.answer_options ?? []).length > 0,
  );
  if (scale) {
    const favourable = favourableOptions(scale.answer_options ?? []);
    const answers = [...favourable].reverse().map((o) => `"${o}"`);
    return {
      question_text,
      hypothesis_text: proposedHypothesis(
        `At least half of respondents answer ${answers.join(" or ")} to "${scale.question_text}"`,
        MAJORITY,
      ),
    };
  }
  // Options of their own (reasons, what matters): the first listed is the answer the claim names.
  const nominal = opinions.find(
    (q) => !/^(?:none|something else|another|other|don't know)\b/i.test(q.answer_options?.[0] ?? ""),
  );
  if (nominal)
    return {
      question_text,
      hypothesis_text: proposedHypothesis(oneAnswerStandsOut(nominal.question_text), NEUTRAL),
    };
  return { question_text, hypothesis_text: null };
}

// --- Journeys -------------------------------------------------------------------------------------------------------

const CONTENT_WORD = /[a-z]{4,}/g;
const COMMON = new Set(["your", "their", "with", "from", "this", "that", "then", "have", "online", "page", "site"]);

/** Parts of a task none of the brief's steps speaks of ("Renew your passport" is covered by "Enter the old passport number"). */
function uncovered(task: string, steps: readonly string[]): string[] {
  const said = new Set(steps.flatMap((s) => s.toLowerCase().match(CONTENT_WORD) ?? []).map((w) => w.slice(0, 5)));
  return taskParts(task)
    .filter((part) => {
      const words = (part.toLowerCase().match(CONTENT_WORD) ?? []).filter((w) => !COMMON.has(w));
      return words.length > 0 && !words.some((w) => said.has(w.slice(0, 5)));
    })
    .map((part) => `${part.charAt(0).toUpperCase()}${part.slice(1)}`);
}

/**
 * Whether a brief's steps end in the deed that completes a task ("Submit your claim", "Pay", "Confirm the booking"):
 * the task is then what the whole list does, and no step of it is added after the end.
 */
function finishes(steps: readonly string[]): boolean {
  return /^(?:submit|send|confirm|pay|complete|finish|place|book|sign and submit|review and submit|apply|register|checkout|check out)\b/i.test(
    steps.at(-1) ?? "",
  );
}

/** The site and the name of the page a journey starts on: never the whole address, which the report shows once. */
function where(startUrl: string): { host: string; page: string } {
  const found = startPage(startUrl);
  if (!found) return { host: "the site", page: "the start page" };
  return { host: found.host, page: pageName(found.host, found.page.slice(found.host.length)) };
}

/** "completes checkout" → "complete checkout"; undefined when the event does not start with such a verb. */
function imperative(event: string): string | undefined {
  const [verb] = event.trim().split(/\s+/);
  if (!verb || !isThirdPerson(verb)) return undefined;
  // Every verb of the event: "books a delivery slot and pays" → "book a delivery slot and pay".
  return event
    .trim()
    .split(/(\s*,\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+)/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      const [first, ...rest] = part.split(/\s+/);
      return first && isThirdPerson(first) ? [baseOf(first), ...rest].join(" ") : part;
    })
    .join("");
}

function isThirdPerson(word: string): boolean {
  return (
    /^[a-z]+s$/i.test(word) &&
    !/^(?:is|has|was|does|its|this|plus|bonus|news|us|his|hers|yes|less|address)$/i.test(word)
  );
}

function baseOf(verb: string): string {
  return verb
    .replace(/(ch|sh|ss|x|z)es$/i, "$1")
    .replace(/([^aeiou])ies$/i, "$1y")
    .replace(/([^s])s$/i, "$1");
}

/** A funnel from the landing page to the conversion, from what the conversion is. */
function funnelSteps(event: string, page: string, touch: boolean, named: boolean): string[] {
  const e = event.toLowerCase();
  const land = `Land on ${page}`;
  if (/\bdelivery slot|\bgrocer|\bweekly shop\b|\bbasket\b/.test(e))
    return [
      land,
      "Search or browse for groceries",
      "Add items to the basket",
      "Choose a delivery slot",
      "Check the basket and go to checkout",
      "Pay",
    ];
  if (/\bdonat\w*|\bgives? (?:a |monthly|now)|\bsponsors?\b/.test(e))
    return [land, "Choose an amount", "Choose one-off or monthly", "Enter payment details", "Confirm the donation"];
  if (/\b(?:hotels?|rooms?|stays?|nights?)\b/.test(e) || (/\bbook/.test(e) && /\b(?:hotel|room|stay)/.test(page)))
    return [
      land,
      "Search dates and guests",
      "Choose a room",
      "Enter guest details",
      "Pay",
      "Get the booking confirmation",
    ];
  if (/\b(checkout|check out|check(?:s|ed)? out|purchas\w*|buy\w*|orders?|ordered|pays?|paid)\b/.test(e))
    return [
      land,
      "Browse the range",
      "Open a product page",
      "Add to basket",
      "Start checkout",
      "Enter delivery and payment details",
      "Place the order",
    ];
  if (/\b(signs? up|signed up|sign-up|signup|registers?|registered|account|trial)\b/.test(e))
    return [
      land,
      `${touch ? "Tap" : "Click"} the main call to action`,
      "Fill in the sign-up form",
      // Checked the way the goal says (a code by text, an email), never by an email it does not name.
      ...signUpCheck(e, "Verify the email address"),
      "Reach the welcome screen",
    ];
  if (/\b(books?|booking|booked|demo|appointment|calls?)\b/.test(e))
    return [land, "Open the booking form", "Pick a date and time", "Enter contact details", "Confirm the booking"];
  if (/\b(subscrib\w*|newsletter|mailing list)\b/.test(e))
    return [land, "Find the sign-up box", "Enter an email address", "Confirm the subscription"];
  if (/\b(downloads?|downloaded|installs?|installed)\b/.test(e))
    return [land, "Find the download", "Fill in the download form", "Start the download"];
  if (/\b(contacts?|enquiry|enquires?|quotes?|lead)\b/.test(e))
    return [land, "Find the contact or quote form", "Fill in the form", "Send it"];
  return [
    land,
    `${touch ? "Tap" : "Click"} the main call to action`,
    "Work through the form or flow",
    // Only a goal of one clause names the last step: a longer one is quoted in the plan, never pasted into a step.
    named ? `Reach the goal: ${event}` : "Reach the goal",
  ];
}

interface JourneyDraft {
  title: string;
  question_text: string;
  hypothesis_text: string;
  task: Record<string, unknown> & { start_url: string; task: string; success_criteria: string; steps: string[] };
}

function journeyDraft(
  goal: Goal,
  inputs: Record<string, unknown>,
  context: Context | undefined,
  random: Random,
  samples: readonly string[],
  country: string | null,
  phones = false,
): JourneyDraft {
  const facts = contextFacts(context);
  const startUrl = text(inputs, "start_url") ?? "https://example.com";
  const { host, page } = where(startUrl);
  const site = facts.name ?? host;
  const who = plannedAudience({ inputs, samples }, facts) ?? "people";
  const given = list(inputs, "steps");
  // The device the input names, else the one the context implies (an app only: phones), else the one the brief's own
  // words imply (a tap, an SMS code, a mobile wallet: phones), else a phone for a panel of smartphone users or one of
  // a mobile-first market (`markets.ts`), else desktop.
  const briefed = impliedDevice(
    ["task", "goal_event", "success_criteria", "steps", "questions"].flatMap((key) =>
      key === "steps" || key === "questions" ? list(inputs, key) : [text(inputs, key) ?? ""],
    ),
  );
  const device =
    text(inputs, "device") ?? facts.device ?? briefed ?? (phones || mobileFirst(country) ? "mobile" : "desktop");
  const base = { start_url: startUrl, max_steps: 25, device };
  // Steps are written for it: people tap on a touch screen and find the navigation behind a menu.
  const touch = deviceKind(base.device) === "mobile";
  // No step is picked in advance as the hardest: the question is whether one stands out.
  const dropOff = "one step loses clearly more sessions than any other";

  if (goal.id === "conversion_funnel") {
    const event = text(inputs, "goal_event") ?? "converts";
    // A goal of one English clause is said in the plan's words ("pay the deposit"); any other is quoted by its opening.
    const clause = oneClause(event);
    const doIt = clause ? imperative(event) : undefined;
    const goalName = clause ? `"${event}"` : clientText(event, "the goal").cited;
    const steps = given.length
      ? given
      : funnelSteps(event, page, touch, clause).map((step) => countryWords(step, country));
    // How many visitors a funnel of its kind converts: a luxury e-shop well under 2%, a donation page far more.
    const range = conversionRange([
      event,
      startUrl,
      text(inputs, "task") ?? "",
      context?.name ?? "",
      context?.body ?? "",
    ]);
    const floor = Math.round(range.low * 1000) / 10;
    const task =
      text(inputs, "task") ??
      (doIt ? `${capitalise(doIt)}, starting from ${page}` : `Reach the goal ${goalName}, starting from ${page}`);
    return {
      title: random.pick([
        `Conversion funnel on ${site}: ${clause ? event : goalName}`,
        `Where ${site} loses users before they ${doIt ?? `reach ${goalName}`}`,
      ]),
      question_text: `Where do ${who} drop out between landing on ${page} and the moment they ${doIt ?? `reach ${goalName}`}?`,
      hypothesis_text: proposedHypothesis(
        `At least ${floor}% of simulated users who land on ${page} ${doIt ?? `reach ${goalName}`}, and ${dropOff}`,
        `${floor}% is the low end of the plan's conversion benchmark for funnels of its kind (${range.kind}: ${Math.round(range.low * 1000) / 10}% to ${Math.round(range.high * 1000) / 10}%), and whether one step stands out is a neutral question`,
      ),
      task: {
        ...base,
        task,
        success_criteria:
          text(inputs, "success_criteria") ??
          statedSuccess(text(inputs, "task") ?? "") ??
          (doIt ? `The user ${event}.` : `The user reaches ${goalName}.`),
        steps,
        goal_event: event,
        // What a funnel of its kind converts, as shares of the visitors who land: the benchmark results are read against.
        conversion_benchmark: { kind: range.kind, low: range.low, high: range.high },
      },
    };
  }

  if (goal.id === "first_impression") {
    const questions = list(inputs, "questions").slice(0, 5);
    const steps = given.length
      ? given
      : [
          `Land on ${page}`,
          // The test's questions are asked of everyone who saw the page (`questions`), never walked as steps.
          "Take in the first screen",
          touch ? "Choose what to tap next" : "Choose what to click next",
        ];
    return {
      title: random.pick([`First impressions of ${page}`, `${site === host ? "Five-second test" : site}: ${page}`]),
      question_text: `Within the first few seconds on ${page}, do ${who} understand what it offers, who it is for and what to do next?`,
      hypothesis_text: proposedHypothesis(
        `Most simulated users describe what ${site} offers correctly after five seconds, and at least half name the next step the page intends`,
        "half is the benchmark this plan uses for a page read at a glance; first screens more often make their offer clear than their next step",
      ),
      task: {
        ...base,
        task:
          text(inputs, "task") ??
          `Look at ${page} for five seconds, then say what it offers, who it is for and what you would do next`,
        success_criteria:
          text(inputs, "success_criteria") ??
          "The user says what the page offers and who it is for, and names a sensible next step.",
        steps,
        ...(questions.length ? { questions } : {}),
      },
    };
  }

  // Usability test (and any other journey goal): the task as given, on a path shaped by what it asks.
  const task = (text(inputs, "task") ?? "Find out what the site offers and what to do next").replace(/\.$/, "");
  // A task in another language is quoted as written, never lower-cased and spliced into English.
  const quoted = foreign(task);
  // The sentence that says what success is ("Llega a la pantalla 'Solicitud enviada'") is the success, no step.
  const stated = statedSuccess(task);
  const walked = withoutSuccess(task);
  // The brief's own steps where the context lists them (sign in, check eligibility, the photo check…), with any part
  // of the task they do not cover; otherwise steps shaped by the task's own parts.
  // The brief's notes may list them too ("Steps: choose the treatment, pick a dentist and a time slot, pay the deposit").
  const listed =
    (context ? briefSteps(context.body) : undefined) ??
    ["notes", "brief", "background"]
      .map((key) => briefSteps(text(inputs, key) ?? ""))
      .find((steps) => steps !== undefined);
  const steps = given.length
    ? given
    : listed
      ? [`Land on ${page}`, ...listed, ...(finishes(listed) ? [] : uncovered(walked, listed))]
      : [
          `Land on ${page}`,
          touch ? "Scan the headline and open the menu" : "Scan the headline and navigation",
          // Each part of the task its own steps; the last part's step ends the task, so no "Complete the task" after.
          ...(foreignTaskSteps(walked) ??
            (quoted
              ? quotedTaskSteps(walked)
              : taskSteps(walked, startUrl).map((step) => countryWords(step, country)))),
        ];
  // One English instruction is said in the question's own words ("can people renew their passport"); any other task
  // (several sentences, a persona, another language) is quoted, never spliced ("Can people they use a wheelchair.").
  const clause = taskClause(task);
  const shown = clientText(task, "the task");
  // A task in another language stands in an English sentence only quoted whole (when short), else by a neutral
  // phrase: its opening cut mid-clause ('"Laden Sie die…"') is no quotation of the client's words.
  const cite = shown.kind !== "foreign" ? shown.cited : shown.mention === shown.quoted ? shown.quoted : undefined;
  const done = clause ?? (cite ? `complete the task ${cite}` : "complete the task the brief sets");
  return {
    title: random.pick([
      clause
        ? `Usability test: ${titleTask(task)} (${host})`
        : cite
          ? `Usability test: ${cite} (${host})`
          : `Usability test of the brief's task (${host})`,
      `Can users ${clause ? titleTask(clause) : cite ? `complete ${cite}` : "complete the brief's task"} on ${site}?`,
    ]),
    question_text: `Can ${who} ${done} on ${host} without help, and where do they struggle?`,
    hypothesis_text: proposedHypothesis(
      `At least 70% of simulated users complete the task, and ${dropOff}`,
      "70% is the benchmark this plan uses for a task people should manage without help, and whether one step stands out is a neutral question",
    ),
    task: {
      ...base,
      task,
      success_criteria:
        text(inputs, "success_criteria") ??
        stated ??
        `The user completes every part of the task without leaving ${host} or needing help.`,
      steps,
    },
  };
}

export interface PlanOptions {
  /** `--max-questions`: the writer never plans more. */
  maxQuestions?: number;
  /** The simulation's user models: where they live sets the currency of money questions that name none. */
  models?: readonly UserModel[];
  /**
   * The context is the caller's default, not one the request or its project named: it shapes the plan only when the
   * study is plainly about its product (`aboutContext`), so a flatmate app's study is not written for a thermostat's
   * users, nor "Uber for dogs" renamed after the caller's thermostat.
   */
  contextByDefault?: boolean;
}

/** Every string a study's inputs and design hold, nested ones included. */
function studyStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) studyStrings(item, out);
  else if (value && typeof value === "object") for (const item of Object.values(value)) studyStrings(item, out);
  return out;
}

/**
 * Whether a study is plainly about the context's product: its inputs or design name the product as a word
 * ("Torqly Spindle Guard", "the Hearth app"), or a start URL's host carries the name ("app.hearth-home.co.uk").
 */
export function aboutContext(context: Context, simulation: Pick<Simulation, "inputs" | "survey_design">): boolean {
  const name = context.name.trim().toLowerCase();
  if (name.length < 2) return false;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu");
  const compact = name.replace(/[^\p{L}\p{N}]+/gu, "");
  return studyStrings([simulation.inputs, simulation.survey_design]).some((value) => {
    if (word.test(value)) return true;
    const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(value.trim())?.[1]?.toLowerCase();
    return host !== undefined && compact.length >= 3 && host.replace(/[^a-z0-9]+/g, "").includes(compact);
  });
}

const READ_FOR_FIELD = 4_000;

/**
 * The field a study is in, from its own inputs and design first, and from the context it plans against only when they
 * say nothing: a vaccination message test is public health whatever the organisation's context says.
 */
export function studyDomain(
  simulation: Pick<Simulation, "inputs" | "survey_design">,
  context: Context | undefined,
): Domain {
  // What a study is about is said early in each text: a long pasted field is read for its first few thousand letters.
  const head = (texts: string[]) => texts.map((t) => t.slice(0, READ_FOR_FIELD));
  const own = domainOf(head(studyStrings([simulation.inputs, simulation.survey_design])));
  return own !== "general" || !context ? own : domainOf(head([context.name, context.body]));
}

/**
 * What the questions the brief asked are about: the product or brand by its short name, an objective's subject read
 * from its own language, else "this" (a sentence never runs on into a pasted paragraph).
 */
function askedSubject(goal: Goal, inputs: Record<string, unknown>): string {
  const named =
    text(inputs, "product_name") ?? text(inputs, "brand") ?? text(inputs, "product") ?? text(inputs, "concept");
  const short = named ? clientText(named, "") : undefined;
  if (short?.name && short.kind !== "foreign" && short.kind !== "url") return midArticle(short.name);
  if (goal.id === "message_test") return "the organisation behind these messages";
  const objective = text(inputs, "objective");
  if (!objective) return "this";
  const language = languageOf(objective);
  // Else what the brief calls it, as the survey's own questions name it ("los puntos de recogida", quoted).
  const lead = readSurveyBrief(objective, []).lead;
  const phrase = lead ? subjectPhrase(lead, language) : undefined;
  return (
    readObjective(objective).subject ??
    (language === "en" ? namedIn(objective) : undefined) ??
    (phrase ? namedSubject(phrase, language) : undefined) ??
    "this"
  );
}

/** The plan the question writer produces for a simulation, and the title it gives it. */
export function generatePlan(
  simulation: Pick<Simulation, "id" | "mode" | "inputs" | "survey_design"> & { title?: string | null },
  goal: Goal,
  attached: Context | undefined,
  seed: number,
  options: PlanOptions = {},
): { plan: Plan; title: string } {
  const random = new Random(seed, "plan", simulation.id);
  const inputs = simulation.inputs;
  const context = attached && options.contextByDefault && !aboutContext(attached, simulation) ? undefined : attached;
  const samples = (options.models ?? []).map((model) => model.name);
  if (simulation.mode === "journey") {
    const country = (options.models ?? []).map((m) => traitsOf(m).country).find((c) => c !== null) ?? null;
    const draft = journeyDraft(goal, inputs, context, random, samples, country, phonePanel(options.models ?? []));
    return {
      title: draft.title,
      plan: {
        question_text: draft.question_text,
        hypothesis_text: draft.hypothesis_text,
        survey_questions: null,
        journey_task: draft.task,
      },
    };
  }
  const design = simulation.survey_design;
  const stimulus = design?.stimulus?.trim() || text(inputs, "stimulus");
  const facts = contextFacts(context);
  const brand = text(inputs, "brand");
  const reading: ReadingContext = {
    goal: goal.id,
    inputs,
    currency: text(inputs, "currency") ?? currencyOf(options.models ?? []),
    countries: (options.models ?? []).flatMap((model) => traitsOf(model).country ?? []),
    brands: [...(brand ? [brand] : []), ...list(inputs, "competitors"), ...facts.competitors],
  };
  const maxQuestions = options.maxQuestions ?? Number.POSITIVE_INFINITY;
  const pack = packOf(studyDomain(simulation, context));
  const style = moneyStyle(reading.currency, reading.countries);
  const giving = pack.domain === "charity" || aboutGiving(inputs);
  const subject = askedSubject(goal, inputs);
  const ask = ({ measure, price, hearing, listed }: Ask): DraftQuestion => {
    const q = askedQuestion(measure, subject, style, giving, reading.brands ?? [], price, hearing, listed);
    return { text: q.text, options: q.options, insight: q.insight, name: q.name };
  };
  const request = { goal, inputs, context, stimulus, maxQuestions, reading, samples, pack };
  const untitled = researchDraft({ ...request, random });
  // A title the client gave may say what the study is about ("Antares craft beer: brand health"). The mock stores its
  // own title once planned, so a stored title that is the plan's own says nothing new and is not read: the plan stays
  // the same before and after planning. A plan that reads the client's title draws from the same start.
  const clientTitle = simulation.title && simulation.title !== untitled.title ? simulation.title : undefined;
  const written = clientTitle
    ? researchDraft({ ...request, title: clientTitle, random: new Random(seed, "plan", simulation.id) })
    : untitled;
  // The brief's other asks (the attributes it lists, what holds people back, a choice between two ways) come after
  // its measures, each only where no question asks it already.
  const others = briefAskQuestions(briefAsks(inputs), subject, inputs);
  const draft = {
    ...written,
    questions: withAskedQuestions(
      withAskedQuestions(written.questions, asksOf(inputs, reading.currency), ask, maxQuestions),
      others,
      (d: DraftQuestion) => d,
      maxQuestions,
      coversAsk,
    ),
  };
  const screen = (questions: SurveyQuestion[]) => withScreeners(questions, inputs, options.models ?? [], maxQuestions);
  if (design) {
    // A design's questions are the client's; what its brief asks besides is added after them, where none asks it.
    const own = questionsFromDesign(design, reading);
    const taken = new Set(own.flatMap((q) => q.variable_name ?? []));
    const drafted = own.map((q) => ({ text: q.question_text, options: q.answer_options ?? [], insight: "", name: "" }));
    const questions = [
      ...own,
      ...others
        .filter((o) => !drafted.some((q) => coversAsk(q, o)))
        .map((d) => ({
          question_text: d.text,
          question_type: "single_choice",
          answer_options: [...d.options],
          insight: d.insight,
          variable_name: variableName(d.name, taken),
        })),
    ].slice(0, Math.max(own.length, maxQuestions));
    const framing = designFraming(design, stimulus, questions);
    return {
      title: stimulus ? `${goal.name}: ${clientText(stimulus, "the stimulus").mention}` : draft.title,
      plan: { ...framing, survey_questions: screen(questions), journey_task: null },
    };
  }
  return {
    title: draft.title,
    plan: {
      question_text: draft.question_text,
      hypothesis_text: draft.hypothesis_text,
      survey_questions: screen(researchQuestions(draft)),
      journey_task: null,
    },
  };
}

/**
 * The steps of a task in a language the writer does not read: its own clauses, each quoted as written (in single
 * quotes, so a step's name holds no double quote to end the hypothesis's quotation early), never the whole task
 * pasted into one "Find where to do" step. At most four, each whole.
 */
function quotedTaskSteps(task: string): string[] {
  const clauses = task
    .replace(/["\u201c\u201d\u201e\u00ab\u00bb]/g, "'")
    .split(/\s*(?:[;:]|(?<!\d)[.!?](?!\d)|,\s+(?:dann|puis|luego|y luego|und dann|et puis))\s*/u)
    .map((c) => c.trim())
    .filter((c) => c.split(/\s+/).length >= 2);
  const parts = clauses.length > 0 ? clauses.slice(-4) : [task];
  // Each clause quoted whole: a quotation cut after its tenth word ("…und laden Sie den…") is no quotation.
  return parts.map((c) => `Do this part: '${c}'`);
}
