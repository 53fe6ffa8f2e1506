import {
  capitalise,
  favourable,
  favourableOf,
  isScale,
  languageNote,
  quoteOf,
  type Study,
  textInput,
} from "./analysis.js";
import { askedLines, specificsNote, briefTexts as surveyBriefTexts } from "./asked-measures.js";
import {
  agree,
  audienceMismatches,
  joinRoles,
  journeyMismatches,
  rolesWrittenFor,
  type SampledModel,
} from "./audience.js";
import { brandFunnelSection } from "./brand-funnel.js";
import { briefAskLines } from "./brief-asks.js";
import { briefBlock, clientText } from "./client-text.js";
import { AUDIENCE, concernOfScreener, isScreener, panelText, SCREEN_BELOW, SCREENER, studyConcern } from "./concern.js";
import { againstThreshold, type Comparison, compare, trailers, withinMargin } from "./evidence.js";
import { acceptableRangeText, type Finding, priceFormatter, researchFinding } from "./findings.js";
import { firstScreenChange } from "./first-screen-change.js";
import {
  type ClaimVerdict,
  type HypothesisVerdict,
  judgeJourneyHypothesis,
  judgeResearchHypothesis,
} from "./hypotheses.js";
import type { Plan, Simulation } from "./inputs.js";
import { impliedDevice, optionalStep, statedSuccess } from "./journey-tasks.js";
import { EXPECTATION, type JourneyResults, REPLIES } from "./journeys.js";
import { countryName, mobileFirst } from "./markets.js";
import { scaleAspect } from "./measures.js";
import { labelMessages, messagesOf } from "./message-labels.js";
import { joinList } from "./question-bank.js";
import { describeQuestion } from "./question-kinds.js";
import { decodePercent } from "./readable-url.js";
import { incidenceOf } from "./respondents.js";
import { percent, type QuestionResult, type ResearchResults, shareOf, stringInputs } from "./results.js";
import { favourableLabel, type StudyTopic, topicOf, traitsOf } from "./segments.js";
import { statedAudience } from "./stated-audience.js";
import { domainOf, packOf, proofOf, publicOffer } from "./subject.js";
import { processOf, readSurveyBrief } from "./survey-brief.js";

import { priceSensitivity } from "./van-westendorp.js";

/**
 * Reports are written from `results` alone (plus what the simulation asked: its goal, inputs and plan), and every share
 * is printed with `percent` (one decimal), so any number a reader sees in a synthesis, a report or a round synthesis is
 * the results' fraction (or a sum of its fractions) rounded the same way. They lead with the finding (`findings.ts`),
 * judge the hypothesis against the numbers (`hypotheses.ts`), then give the evidence and what to do next. Questions are
 * named in running text from their own words (`describeQuestion`), never from their variable names.
 */

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** The rounded percentage as a number, so a printed gap is exactly the difference of the two printed shares. */
const rounded = (fraction: number) => Number((fraction * 100).toFixed(1));
const points = (high: number, low: number) => `${(rounded(high) - rounded(low)).toFixed(1)} points`;

const cap = capitalise;

/** A sentence as a list item: capitalised, ending with one full stop. */
const sentence = (text: string) => {
  const trimmed = text.trim();
  return cap(/[.!?]["\u201d)]?$/.test(trimmed) ? trimmed : `${trimmed}.`);
};

interface Scored {
  name: string;
  user_model_id: string;
  share: number;
}

/** Segments by their favourable share on an ordered question, most favourable first. */
function segmentsByFavourable(results: ResearchResults, q: QuestionResult): Scored[] {
  const favourableSet = favourableOf(q);
  return results.segments
    .map((s) => ({
      name: s.name,
      user_model_id: s.user_model_id,
      share: shareOf(q.by_user_model[s.user_model_id] ?? {}, favourableSet),
    }))
    .sort((a, b) => b.share - a.share);
}

const respondentsOf = (results: ResearchResults, id: string) =>
  results.segments.find((s) => s.user_model_id === id)?.respondents ?? 0;

/** How two user models compare on a share: each is its own sample. */
function segmentGap(results: ResearchResults, high: Scored, low: Scored) {
  return compare(high.share, low.share, {
    kind: "two samples",
    a: respondentsOf(results, high.user_model_id),
    b: respondentsOf(results, low.user_model_id),
  });
}

/**
 * The largest difference between user models on any opinion scale that the samples can tell from none (beyond the
 * margin of error of the gap); undefined when no difference is that large.
 */
function widestGap(
  results: ResearchResults,
): { q: QuestionResult; high: Scored; low: Scored; gap: Comparison } | undefined {
  let best: { q: QuestionResult; high: Scored; low: Scored; gap: Comparison } | undefined;
  if (results.segments.length < 2) return undefined;
  for (const q of results.questions.filter(isScale)) {
    const ranked = segmentsByFavourable(results, q);
    const high = ranked[0] as Scored;
    const low = ranked[ranked.length - 1] as Scored;
    const gap = segmentGap(results, high, low);
    if (gap.call !== "lead") continue;
    if (!best || high.share - low.share > best.high.share - best.low.share) best = { q, high, low, gap };
  }
  return best;
}

const VERDICT_WORD = { supported: "supported", refuted: "refuted", inconclusive: "inconclusive" } as const;

/** A claim's verdict in words: a neutral claim the margin of error leaves unproven is "not supported". */
const claimWord = (c: ClaimVerdict) => (c.unproven ? "not supported" : VERDICT_WORD[c.verdict]);

/** The whole hypothesis's verdict in words: refuted only by claims the results contradict, not by unproven ones. */
const verdictWord = (verdict: HypothesisVerdict) =>
  verdict.verdict === "refuted" && verdict.claims.every((c) => c.verdict !== "refuted" || c.unproven)
    ? "not supported"
    : VERDICT_WORD[verdict.verdict];

/** Words by which a claim names a problem: a step that loses people, something that fails, confuses or falls short. */
const PROBLEM =
  /\b(?:los(?:e|es|ing|t)|drop(?:s|ped)?|drop-offs?|fail\w*|confus\w*|below|abandon\w*|gives? up|gave up|struggl\w*|unclear|too (?:expensive|hard|slow|long))\b/i;
/** Words that bound a claim from above: "fewer than 20% find it confusing" is good news, "fewer than half buy" bad. */
const BOUNDED = /\b(?:fewer|less) than\b|\bat most\b|\bno more than\b/i;
/** Whether a supported claim is bad news, to fix rather than build on: a problem named, or a good thing bounded. */
const badNews = (claim: string) => PROBLEM.test(claim) !== BOUNDED.test(claim);

/**
 * Advice from each claim the results settle, with its number: every claim the plan framed as the client's hope is
 * one to build on (supported, to confirm live) or not to (refuted or not supported), so none is left unused.
 */
function claimAdvice(verdict: HypothesisVerdict | undefined, publicly = false): string[] {
  if (!verdict) return [];
  const out: string[] = [];
  // A free or public service is rolled out, never budgeted for.
  const before = publicly ? "before rolling it out" : "before committing budget";
  for (const c of verdict.claims) {
    if (c.verdict === "supported" && badNews(c.claim))
      out.push(`- Fix what *${c.claim}* shows: ${c.evidence}; check the fix with a small live sample ${before}.`);
    else if (c.verdict === "supported")
      out.push(`- Build on *${c.claim}*: ${c.evidence}; confirm it with a small live sample ${before}.`);
    else if (c.verdict === "refuted")
      out.push(
        c.unproven ? `- Do not count on *${c.claim}*: ${c.evidence}.` : `- Do not plan on *${c.claim}*: ${c.evidence}.`,
      );
  }
  return out;
}

/**
 * One line on the verdict for a summary: the first refuted claim's evidence, else the first claim's, after the claim
 * itself. The hypothesis is the plan's expectation, and refuting it may be good news ("fewer than 25% would buy at the
 * top price", refuted by 31%): the line says which way without the reader looking it up.
 */
function verdictLine(verdict: HypothesisVerdict): string {
  const claim = verdict.claims.find((c) => c.verdict === verdict.verdict) ?? verdict.claims[0];
  return `Hypothesis ${claim && claim.verdict === verdict.verdict ? claimWord(claim) : verdictWord(verdict)}${claim ? ` (*${claim.claim}*): ${claim.evidence}` : ""}`;
}

/**
 * The respondents a study's headline numbers are of: where it names an audience and some of its user models are that
 * audience while others are not (parents of babies beside all adults), the finding and the hypothesis are read among
 * those that are, with "All" worked out again from them; otherwise every respondent. `note` says so when it narrows.
 */
export function audienceBase(results: ResearchResults, study: Study): { results: ResearchResults; note?: string } {
  const audience = textInput(study.inputs, "audience");
  if (!audience || !study.models?.length || results.segments.length < 2) return { results };
  const traits = (m: SampledModel) => traitsOf(m as Parameters<typeof traitsOf>[0]);
  const fitting = new Set(
    study.models.filter((m) => audienceMismatches(audience, [m], traits).length === 0).map((m) => m.id),
  );
  const kept = results.segments.filter((s) => fitting.has(s.user_model_id));
  if (kept.length === 0 || kept.length === results.segments.length) return { results };
  const respondents = kept.reduce((sum, s) => sum + s.respondents, 0);
  const questions = results.questions.map((q) => {
    const overall: Record<string, number> = {};
    for (const option of q.answer_options)
      overall[option] =
        kept.reduce((sum, s) => sum + (q.by_user_model[s.user_model_id]?.[option] ?? 0) * s.respondents, 0) /
        Math.max(respondents, 1);
    return { ...q, overall };
  });
  const names = joinList(kept.map((s) => s.name));
  return {
    results: { respondents, segments: kept, questions },
    note: `Headline numbers and the hypothesis are read among ${names} (${respondents} respondents), the ${kept.length === 1 ? "user model" : "user models"} that ${kept.length === 1 ? "is" : "are"} the audience the study names (${clientText(audience, "its audience").mention}); the tables show every user model.`,
  };
}

function researchVerdict(plan: Plan, results: ResearchResults, study: Study): HypothesisVerdict | undefined {
  return plan.hypothesis_text ? judgeResearchHypothesis(plan.hypothesis_text, study, results) : undefined;
}

/** The short version: the finding, what supports it, the verdict on the hypothesis, where user models differ. */
export function researchSynthesis(title: string, asked: Plan, all: ResearchResults, study: Study): string {
  return byLabel(summaryOf(title, asked, all, study), study);
}

/** A message test's text with its messages named by letter where there are many or long ones (`message-labels.ts`). */
function byLabel(text: string, study: Study): string {
  return study.goal === "message_test" ? labelMessages(text, messagesOf(study.inputs)) : text;
}

function summaryOf(title: string, asked: Plan, all: ResearchResults, study: Study): string {
  const { results, plan, screened } = qualified(all, asked);
  const lines = [
    `**${title}**: ${all.respondents} simulated respondents across ${plural(all.segments.length, "user model")}${screened ? `, ${results.respondents} of them qualified (${screened.who})` : ""}.`,
  ];
  const base = audienceBase(results, study);
  const finding = researchFinding(study, base.results);
  if (!finding) return [...lines, "- The plan had no questions, so there is nothing to report."].join("\n");
  if (base.note) lines.push(`- ${base.note}`);
  lines.push(`- ${sentence(finding.headline)}`, ...finding.details.map((d) => `- ${sentence(d)}`));
  lines.push(
    ...[...askedLines(study.inputs, base.results), ...briefAskLines(study.inputs, base.results)].map(
      (line) => `- ${line}`,
    ),
  );
  const verdict = researchVerdict(plan, base.results, study);
  if (verdict) lines.push(`- ${sentence(verdictLine(verdict))}`);
  const gap = widestGap(results);
  if (gap) {
    lines.push(
      `- User models differ most on ${describeQuestion(gap.q.question_text)}: ${gap.high.name} ${percent(gap.high.share)} against ${gap.low.name} ${percent(gap.low.share)}, beyond the margin of error.`,
    );
  } else if (results.segments.length > 1) {
    lines.push("- No difference between the user models is larger than the margin of error.");
  }
  const mismatch = audienceNote(asked, results, study);
  if (mismatch) lines.push(`- ${mismatch}`);
  return lines.join("\n");
}

/** What the verdict rests on, worded for the claims actually judged: "every claim" only when there are several. */
function verdictSentence(verdict: HypothesisVerdict): string {
  const count = (v: string) => verdict.claims.filter((c) => c.verdict === v).length;
  const several = verdict.claims.length > 1;
  if (verdict.verdict === "refuted") {
    if (verdictWord(verdict) === "not supported")
      return several && count("supported") > 0
        ? "The results bear out part of it; the rest they do not bear out beyond the margin of error."
        : "The results do not bear it out beyond the margin of error.";
    if (!several || count("refuted") === verdict.claims.length) return "The results contradict it.";
    return count("supported") > 0
      ? "The results bear out part of it and contradict the rest."
      : "The results contradict part of it and cannot settle the rest.";
  }
  if (verdict.verdict === "supported")
    return several ? "The results bear out each of its claims." : "The results bear it out.";
  return several && count("supported") > 0
    ? "The results bear out part of it but cannot settle the rest."
    : "The results cannot settle it.";
}

function hypothesisSection(hypothesis: string, verdict: HypothesisVerdict): string[] {
  return [
    "## Hypothesis",
    "",
    `> ${hypothesis}`,
    "",
    `**${cap(verdictWord(verdict))}.** ${verdictSentence(verdict)}`,
    "",
    ...verdict.claims.map((c) => `- *${c.claim}*: ${claimWord(c)}; ${c.evidence}.`),
    "",
  ];
}

function priceSection(results: ResearchResults, locale = "en-GB", currency?: string): string[] {
  const sensitivity = priceSensitivity(results);
  if (!sensitivity) return [];
  const format = priceFormatter(sensitivity, locale, currency);
  const { pmc, opp, ipp, pme } = sensitivity;
  const at = (p: { price: number; inside: boolean }) =>
    `${format(p.price)}${p.inside ? "" : " (at the end of the prices asked)"}`;
  return [
    "## Price sensitivity (Van Westendorp)",
    "",
    'Share of all respondents for whom each price is too cheap or a bargain (their answer is that price or a higher one), and getting expensive or too expensive (their answer is that price or a lower one); "None of these prices" counts for none of them.',
    "",
    "| Price | Too cheap | A bargain | Getting expensive | Too expensive |",
    "|---|---|---|---|---|",
    ...sensitivity.rows.map(
      (r) =>
        `| ${r.label} | ${percent(r.tooCheap)} | ${percent(r.cheap)} | ${percent(r.expensive)} | ${percent(r.tooExpensive)} |`,
    ),
    "",
    `- Point of marginal cheapness (too cheap meets getting expensive): ${at(pmc)}`,
    `- Optimal price point (too cheap meets too expensive): ${at(opp)}`,
    `- Indifference price point (a bargain meets getting expensive): ${at(ipp)}`,
    `- Point of marginal expensiveness (a bargain meets too expensive): ${at(pme)}`,
    `- Acceptable range: ${acceptableRangeText(sensitivity, locale, currency)}`,
    "",
  ];
}

function recommendations(
  finding: Finding | undefined,
  verdict: HypothesisVerdict | undefined,
  results: ResearchResults,
  everyone: ResearchResults,
  /** What earns trust in the study's field, for advice to show proof. */
  proof: string,
  /** Whether the study offers a free or public service, which is rolled out rather than budgeted for. */
  publicly = false,
): string[] {
  // A close call on the number the finding's go/no-go rests on: the verdict's "too close to call" is the advice.
  const closeCalls = (verdict?.claims ?? []).filter(
    (c) => c.verdict === "inconclusive" && /a close call/.test(c.evidence),
  );
  // Only where the verdict's own advice is printed (an inconclusive verdict) does it stand in for the finding's.
  const superseded =
    verdict?.verdict === "inconclusive" &&
    finding?.decidesOn !== undefined &&
    closeCalls.some((c) => c.share === finding.decidesOn);
  // A go-ahead never stands beside a hypothesis the results refute.
  const stopped = finding?.goes === true && verdict?.verdict === "refuted";
  const out = (finding?.actions ?? [])
    .filter((_, i) => !((superseded || stopped) && i === 0))
    .map((a) => `- ${sentence(a)}`);
  out.push(...claimAdvice(verdict, publicly));
  if (verdict?.verdict === "inconclusive") {
    const open = verdict.claims.find((c) => c.verdict === "inconclusive");
    const evidence = open?.evidence ?? "it could not be judged";
    if (/but it lies (?:above|below) the acceptable range/.test(evidence))
      out.push(`- Do not treat the price as acceptable yet: ${evidence}.`);
    else if (/a close call/.test(evidence)) {
      // Said once: the finding's own advice may already send the team to a larger sample.
      if (!out.some((line) => /larger sample/.test(line)))
        out.push(`- Too close to call at this sample size: ${evidence}; a larger sample would settle it.`);
    } else out.push(`- Make the hypothesis testable before the next round: ${evidence}.`);
  }
  // Only measures the plan asked, read by what each question measures (its scale), never by a word it happens to use.
  const scales = results.questions
    .filter(isScale)
    .map((q) => ({ q, share: favourable(q), measure: measured(q) }))
    .filter((r) => r.measure !== undefined);
  // A point the finding's own actions already make (with the same number) is not made twice.
  const said = (share: number) => out.some((line) => line.includes(percent(share)));
  const clarity = scales.find((r) => r.measure === "clarity" && !quoteOf(r.q));
  if (clarity && againstThreshold(clarity.share, 0.5, results.respondents).call === "below" && !said(clarity.share))
    out.push(
      `- Make it clearer what it is: only ${percent(clarity.share)} answered ${describeQuestion(clarity.q.question_text)} with ${favourableOf(
        clarity.q,
      )
        .map((o) => `"${o}"`)
        .join(" or ")}, and unclear ideas cap appeal and intent.`,
    );
  const trust = scales.find((r) => r.measure === "believability" && !quoteOf(r.q));
  if (trust && againstThreshold(trust.share, 0.45, results.respondents).call === "below" && !said(trust.share))
    out.push(
      `- Back the claims with proof (${proof}): ${percent(trust.share)} answered ${describeQuestion(trust.q.question_text)} favourably.`,
    );
  const gap = widestGap(everyone);
  // An audience to lead with only where the gap is on wanting it (appeal, intent, relevance), large and beyond the
  // margin of error; the other user model is "not the market" only where it hardly finds it relevant.
  if (
    gap &&
    gap.high.share - gap.low.share >= 0.15 &&
    /appeal|intent|relevan|likely|interest/i.test(measured(gap.q) ?? "")
  ) {
    const few = screened(everyone).some((s) => s.user_model_id === gap.low.user_model_id);
    out.push(
      `- Lead with ${gap.high.name}: ${percent(gap.high.share)} against ${percent(gap.low.share)} among ${gap.low.name} on ${describeQuestion(gap.q.question_text)}${few ? `; few of ${gap.low.name} are in its market` : ""}.`,
    );
  }
  // Said once: a recommendation above may already send the team to a live sample.
  if (!out.some((line) => /small live sample/.test(line)))
    out.push("- Treat these as simulated answers: validate the headline numbers with a small live sample.");
  return out;
}

/** Under this top-two share on relevance, the thing studied concerns too few of a user model to read it as a market. */
const CONCERNS_FEW = 0.15;

/** What a scale question measures (appeal, clarity, intent…), from its options first. */
function measured(q: QuestionResult): string | undefined {
  return isScale(q) ? scaleAspect(q.question_text, q.answer_options) : undefined;
}

/** User models few of whom find the thing studied relevant: people outside its market. */
function screened(results: ResearchResults): Array<{ user_model_id: string; name: string; share: number }> {
  const relevance = results.questions.find((q) => isScale(q) && measured(q) === "relevance");
  if (!relevance) return [];
  return results.segments
    .map((s) => ({
      user_model_id: s.user_model_id,
      name: s.name,
      share: favourable(relevance, relevance.by_user_model[s.user_model_id] ?? {}),
    }))
    .filter((s) => s.share < CONCERNS_FEW);
}

/**
 * When the audience the study names (its `audience` input) is not who its user models sample (an age group, a
 * country or a role they do not have), one sentence saying so, so a report never passes answers of all adults off as
 * those of the over-65s.
 */
function audienceNote(asked: Plan, results: ResearchResults, study: Study): string | undefined {
  // Who qualified was settled by a screener for the study's concern (which runs only where it says the audience, or
  // in its words: `concern.ts`); a screener for a presumed behaviour alone settles nobody's kind, but it did run.
  const screeners = asked.survey_questions?.filter(isScreener) ?? [];
  const settled =
    studyTopic(study).concern?.key === AUDIENCE || screeners.some((q) => q.variable_name !== `${SCREENER}_not`);
  // The kinds of people the brief's own text is for, but those the screening note already names with their share.
  const check = audienceCheck(study.inputs, study.models ?? [], coveredRoles(study), settled, screeners.length > 0);
  if (!check) return undefined;
  // Where another user model is the audience, the headline numbers are read among it already (`audienceBase`).
  const narrowed = audienceBase(results, study).note !== undefined;
  return `Audience check: the study is written for ${check}. ${narrowed ? "Those answers are in the tables but not in the headline numbers." : "Read the results as those of the people sampled, or field a sample of the audience itself."}`;
}

/**
 * Whom the brief is for (its `audience` input, or the kinds of people its own text is for, but `covered` ones) and how
 * the user models are not them: "farmers, but nothing about Kenyan adults says they are farmers, …". Undefined when
 * they are, or the brief names nobody.
 */
function audienceCheck(
  inputs: Record<string, unknown>,
  models: readonly SampledModel[],
  covered: readonly string[] = [],
  screened = false,
  anyScreener = screened,
): string | undefined {
  if (models.length === 0) return undefined;
  // The audience wherever the brief states it: its own input, a note, the objective (`stated-audience.ts`).
  const audience = statedAudience(inputs)?.phrase;
  const written = rolesWrittenFor(briefTexts(inputs)).filter((role) => !covered.includes(role));
  if (!audience && written.length === 0) return undefined;
  const found = audienceMismatches(
    audience ?? "",
    models,
    (m) => traitsOf(m as Parameters<typeof traitsOf>[0]),
    written,
    screened,
    anyScreener,
  );
  if (found.length === 0) return undefined;
  const whom = audience ? clientText(audience, "its audience").mention : joinRoles(written);
  return `${whom}, but ${joinList(found.map((f) => f.reason))}`;
}

/** The brief's own texts, but the audience it names separately. */
function briefTexts(inputs: Record<string, unknown>): string[] {
  return stringInputs(Object.fromEntries(Object.entries(inputs).filter(([key]) => key !== "audience")));
}

/**
 * The Method's note on who was asked: the API has no screener, so every respondent answers every question; a user
 * model that hardly finds the thing relevant (a business tool asked of consumers, nappies of all adults) is named,
 * with its share, so its answers are read as those of people outside the market. Undefined when it concerns everyone.
 */
/** Who a study's subject concerns, when it concerns only some people: pet owners, parents of babies, drivers. */
const CONCERNS: Array<[keyof StudyTopic, string, string, string]> = [
  ["b2b", "buy for a business", "business buyers", "business owners or managers"],
  ["babies", "have a baby or toddler", "parents of young children", "parents"],
  ["pets", "own a pet", "pet owners", "pet owners"],
  ["drivers", "drive", "drivers", "drivers"],
];

const studyTopic = (study: Study) =>
  topicOf(
    stringInputs(study.inputs),
    study.inputs,
    (study.models ?? []) as unknown as Parameters<typeof traitsOf>[0][],
  );

/** The kinds of people (in `audience.ts`'s words) the screening note speaks of for this study, with their shares. */
function coveredRoles(study: Study): string[] {
  if (!study.models?.length) return [];
  const topic = studyTopic(study);
  return [
    ...CONCERNS.filter(([flag]) => topic[flag] === true).map(([, , , role]) => role),
    ...(topic.concern?.role ? [topic.concern.role] : []),
  ];
}

/**
 * When the thing studied concerns only some people (pet insurance, nappies, a business tool) and a user model is not
 * those people, the share of it the thing concerns, read the same way the simulated respondents were drawn: nobody
 * was screened, so the others answer as people outside its market.
 */
function marketNote(study: Study): string | undefined {
  if (!study.models?.length) return undefined;
  const topic = studyTopic(study);
  const ages = topic.eligibleAges;
  const own = topic.concern;
  const concern: [unknown, string, string, string?] | undefined =
    (topic.b2b ? CONCERNS[0] : undefined) ??
    (own ? [undefined, own.does, own.who] : undefined) ??
    CONCERNS.find(([flag]) => topic[flag] === true) ??
    (ages ? [undefined, `are ${agesWords(ages)}`, `people ${agesWords(ages)}`] : undefined);
  if (!concern) return undefined;
  const partial = study.models
    .map((m) => ({
      name: m.name,
      share: incidenceOf(topic, traitsOf(m as Parameters<typeof traitsOf>[0]), panelText(m)),
    }))
    .filter((m) => m.share < 0.9);
  if (partial.length === 0) return undefined;
  const shares = joinList(partial.map((m) => `about ${Math.round(m.share * 100)}% of ${m.name} ${concern[1]}`));
  return `Nobody was screened out: what is tested concerns people who ${concern[1]}, and ${shares}. The others answer as people outside its market; screen for ${concern[2]} before fielding it live.`;
}

/** "aged 40 or over", "aged 16 to 25", "under 30". */
function agesWords(ages: { low: number; high: number }): string {
  if (ages.high >= 120) return `aged ${ages.low} or over`;
  if (ages.low <= 16) return `under ${ages.high + 1}`;
  return `aged ${ages.low} to ${ages.high}`;
}

/**
 * The answers of those who qualified: a plan's screening questions (`concern.ts`) leave out those who do not, and
 * they answer nothing further, so every later share, base and margin of error is of the qualified. The screeners
 * themselves are told in the Method (`note`): who was asked, how many and what share were screened out.
 */
export function qualified(
  all: ResearchResults,
  plan: Plan,
): { results: ResearchResults; plan: Plan; screened?: { who: string; note: string } } {
  const screens = all.questions.filter(isScreener);
  if (screens.length === 0) return { results: all, plan };
  let bases = new Map(all.segments.map((s) => [s.user_model_id, s.respondents]));
  const told: string[] = [];
  for (const q of screens) {
    const no = q.variable_name === `${SCREENER}_not`;
    const audience = q.variable_name === `${SCREENER}_${AUDIENCE}`;
    const pass = audience
      ? (q.answer_options[0] ?? "")
      : (q.answer_options.find((o) => (no ? /^no\b/i : /^yes\b/i).test(o.trim())) ?? "");
    const out = audience ? (q.answer_options[q.answer_options.length - 1] ?? "") : no ? "Yes" : "No";
    const next = new Map<string, number>();
    for (const [id, n] of bases) next.set(id, Math.round((q.by_user_model[id]?.[pass] ?? 0) * n));
    const asked = [...bases.values()].reduce((a, b) => a + b, 0);
    const kept = [...next.values()].reduce((a, b) => a + b, 0);
    const each =
      all.segments.length > 1
        ? ` (${all.segments.map((s) => `${s.name}: ${(bases.get(s.user_model_id) ?? 0) - (next.get(s.user_model_id) ?? 0)} of ${bases.get(s.user_model_id) ?? 0}`).join("; ")})`
        : ` of ${all.segments[0]?.name ?? "the user model"}`;
    told.push(
      `"${q.question_text}" was asked first${told.length > 0 ? " of those still qualified" : ""}: ${asked - kept} of ${asked}${each} (${percent(asked > 0 ? (asked - kept) / asked : 0)}) answered "${out}", were screened out and answered nothing further.`,
    );
    bases = next;
  }
  const segments = all.segments
    .map((s) => ({ ...s, respondents: bases.get(s.user_model_id) ?? 0 }))
    .filter((s) => s.respondents > 0);
  const respondents = segments.reduce((sum, s) => sum + s.respondents, 0);
  const first = screens[0];
  const concern =
    first?.variable_name === `${SCREENER}_${AUDIENCE}`
      ? { who: `"${first.answer_options[0] ?? ""}"` }
      : concernOfScreener(first?.question_text ?? "");
  const who = concern?.who ?? "those the questions are for";
  return {
    results: { respondents, segments, questions: all.questions.filter((q) => !isScreener(q)) },
    plan: { ...plan, survey_questions: plan.survey_questions?.filter((q) => !isScreener(q)) ?? null },
    screened: {
      who,
      note: `Screening: ${told.join(" ")} Every later share and base is of the ${respondents} who qualified${concern ? ` (${concern.who})` : ""}.`,
    },
  };
}

function screeningNote(results: ResearchResults, study: Study, screenedOut: boolean): string | undefined {
  // Those it does not concern were screened out: the Method's screening line says how many.
  if (screenedOut) return undefined;
  const market = marketNote(study);
  if (market) return market;
  const few = screened(results);
  if (few.length === 0) return undefined;
  const named = joinList(few.map((s) => `${percent(s.share)} of ${s.name}`));
  return `Nobody was screened out: every respondent answered every question. Only ${named} find it very or extremely relevant, so read ${few.length === 1 ? "that user model's" : "those user models'"} other answers as those of people outside its market, and screen for the people it is for before fielding it live.`;
}

/**
 * A custom survey about something only some people go through (an appointment, an application, a waiting list) that
 * asked nobody whether they had: the Method says the whole panel answered as if it concerned them, unless a screener
 * ran or the user models' own words say they are those people.
 */
function incidenceNote(asked: Plan, study: Study): string | undefined {
  if (study.goal !== "custom_survey" || (asked.survey_questions ?? []).some(isScreener)) return undefined;
  const objective = study.inputs.objective;
  const process = processOf(typeof objective === "string" ? objective : undefined);
  if (!process) return undefined;
  const head = process.split(/\s+/).at(-1)?.toLowerCase() ?? process;
  if ((study.models ?? []).length > 0 && (study.models ?? []).every((m) => panelText(m).toLowerCase().includes(head)))
    return undefined;
  return `Incidence: the brief is about "${process}", which only some people have been through, and no question asked whether respondents had; every respondent answered as if it concerned them. Screen for those who have before fielding it live.`;
}

/** The areas a custom survey's brief lists that no question asks (a cap on questions cut them), named. */
function areasNote(study: Study, questions: readonly QuestionResult[]): string | undefined {
  if (study.goal !== "custom_survey") return undefined;
  const objective = typeof study.inputs.objective === "string" ? study.inputs.objective : undefined;
  const left = readSurveyBrief(
    objective,
    surveyBriefTexts(study.inputs).filter((t) => t !== objective),
  ).areas.filter((area) => !questions.some((q) => q.question_text.includes(`"${area.replace(/"/g, "'")}"`)));
  if (left.length === 0) return undefined;
  return `Scope: the brief lists ${joinList(left.map((a) => `"${a}"`))} as ${left.length === 1 ? "an area" : "areas"} to learn about, which no question asks; ask ${left.length === 1 ? "it" : "them"} in a follow-up if ${left.length === 1 ? "it matters" : "they matter"} to the decision.`;
}

/** The full report, with every number taken from `results` so the two always agree. */
export function researchReport(title: string, asked: Plan, all: ResearchResults, study: Study): string {
  const out: string[] = [`# ${title}`, ""];
  out.push("## Summary", "", summaryOf(title, asked, all, study), "");
  const { results, plan, screened } = qualified(all, asked);
  const base = audienceBase(results, study);
  const finding = researchFinding(study, base.results);
  const verdict = researchVerdict(plan, base.results, study);
  if (plan.hypothesis_text && verdict) out.push(...hypothesisSection(plan.hypothesis_text, verdict));
  out.push("## Method", "");
  if (plan.question_text) out.push(`Research question: ${plan.question_text}`, "");
  out.push(...briefBlock(study.inputs));
  const qualifiedIn = (id: string) => results.segments.find((s) => s.user_model_id === id)?.respondents ?? 0;
  out.push(
    `${plural(all.questions.length, "question")} put to ${all.respondents} simulated respondents from ${plural(all.segments.length, "user model")}:`,
    "",
    ...(screened
      ? [
          "| User model | Respondents | Screened out | Qualified |",
          "|---|---|---|---|",
          ...all.segments.map(
            (s) =>
              `| ${s.name} | ${s.respondents} | ${s.respondents - qualifiedIn(s.user_model_id)} | ${qualifiedIn(s.user_model_id)} |`,
          ),
        ]
      : ["| User model | Respondents |", "|---|---|", ...all.segments.map((s) => `| ${s.name} | ${s.respondents} |`)]),
    "",
    ...(screened ? [screened.note, ""] : []),
    'Shares are of the respondents in each column; "All" weights each user model by its respondents. On answer scales the top-two box is the share giving one of the two most favourable answers (the top box on three-point scales). Open questions are answered in people\'s own words and coded into the themes listed; ranking questions give the share ranking each option first.',
    "",
  );
  const screening = screeningNote(results, study, screened !== undefined);
  if (screening) out.push(screening, "");
  const audience = audienceNote(asked, results, study);
  if (audience) out.push(audience, "");
  const incidence = incidenceNote(asked, study);
  if (incidence) out.push(incidence, "");
  const areas = areasNote(study, results.questions);
  if (areas) out.push(areas, "");
  const scope = specificsNote(
    study.inputs,
    results.questions.flatMap((q) => [q.question_text, ...q.answer_options]),
  );
  if (scope) out.push(scope, "");
  const language = languageNote(
    study,
    results.questions.map((q) => q.question_text),
  );
  if (language) out.push(language, "");
  out.push("## Results", "");
  results.questions.forEach((q, i) => {
    out.push(`### ${i + 1}. ${q.question_text}`, "");
    const header = ["Answer", "All", ...results.segments.map((s) => s.name)];
    out.push(`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`);
    for (const option of q.answer_options) {
      const cells = [
        option,
        percent(q.overall[option] ?? 0),
        ...results.segments.map((s) => percent(q.by_user_model[s.user_model_id]?.[option] ?? 0)),
      ];
      out.push(`| ${cells.join(" | ")} |`);
    }
    const favourableSet = favourableOf(q);
    if (favourableSet.length > 0) {
      const cells = [
        `**${cap(favourableLabel(q.answer_options))}**`,
        percent(shareOf(q.overall, favourableSet)),
        ...results.segments.map((s) => percent(shareOf(q.by_user_model[s.user_model_id] ?? {}, favourableSet))),
      ];
      out.push(`| ${cells.join(" | ")} |`);
    }
    out.push("", q.insight, "");
  });
  out.push(...priceSection(results, study.locale, study.currency));
  out.push(...brandFunnelSection(results));
  if (results.segments.length > 1) {
    out.push("## Differences between user models", "");
    for (const q of results.questions) {
      const name = cap(describeQuestion(q.question_text));
      if (isScale(q)) {
        const ranked = segmentsByFavourable(results, q);
        const high = ranked[0] as Scored;
        const low = ranked[ranked.length - 1] as Scored;
        const gap = segmentGap(results, high, low);
        out.push(
          gap.call === "lead"
            ? `- ${name}: ${favourableLabel(q.answer_options)} ${percent(high.share)} among ${high.name} against ${percent(low.share)} among ${low.name}, a gap of ${points(high.share, low.share)}, beyond the margin of error.`
            : `- ${name}: ${favourableLabel(q.answer_options)} ${percent(low.share)} to ${percent(high.share)}; the gap is ${withinMargin(gap)}, so the user models do not differ here.`,
        );
      } else {
        const leaders = results.segments.map((s) => {
          const d = q.by_user_model[s.user_model_id] ?? {};
          const lead = q.answer_options.reduce((best, o) => ((d[o] ?? 0) > (d[best] ?? 0) ? o : best));
          return `${s.name} "${lead}" (${percent(d[lead] ?? 0)})`;
        });
        out.push(`- ${name}: commonest answer by user model: ${leaders.join("; ")}.`);
      }
    }
    // Who is warmest across the board: most often more favourable than the others beyond the margin of error.
    const scales = results.questions.filter(isScale);
    if (scales.length > 1) {
      const wins = new Map<string, number>();
      for (const q of scales) {
        const ranked = segmentsByFavourable(results, q);
        const top = ranked[0] as Scored;
        if (segmentGap(results, top, ranked[ranked.length - 1] as Scored).call === "lead")
          wins.set(top.name, (wins.get(top.name) ?? 0) + 1);
      }
      const best = [...wins.entries()].sort((a, b) => b[1] - a[1])[0];
      out.push(
        "",
        best
          ? `${best[0]} ${agree(best[0], "are", "is")} the more favourable user model, beyond the margin of error, on ${best[1]} of ${scales.length} scale questions.`
          : "On no scale question do the user models differ beyond the margin of error.",
      );
    }
    out.push("");
  }
  out.push(
    "## Recommendations",
    "",
    ...recommendations(
      finding,
      verdict,
      base.results,
      results,
      proofOf(packOf(domainOf(stringInputs(study.inputs)))),
      publicOffer(stringInputs(study.inputs)),
    ),
    "",
  );
  return byLabel(out.join("\n"), study);
}

/** Sessions that reached the last step over all sessions, across user models. */
function overallSuccess(results: JourneyResults): { succeeded: number; sessions: number; rate: number } {
  const succeeded = results.by_user_model.reduce(
    (sum, m) => sum + (m.drop_off_by_step[m.drop_off_by_step.length - 1]?.reached ?? 0),
    0,
  );
  return { succeeded, sessions: results.sessions, rate: results.sessions > 0 ? succeeded / results.sessions : 0 };
}

/**
 * The step at which most sessions were lost, across user models, and whether it loses more than the next worst step
 * beyond the margin of error (`clear`); undefined when no session was lost.
 */
function leakiestStep(results: JourneyResults):
  | {
      step: string;
      dropped: number;
      /** The step before, the last one those lost got through (what their path ends on before "Left"). */
      after: string | undefined;
      clear: boolean;
      next?: { step: string; dropped: number };
      /** The step that loses the largest share of those who reach it, where that is another step. */
      steepest?: { step: string; dropped: number; arrived: number; after: string };
    }
  | undefined {
  const byStep = results.steps.map((step, i) => ({
    step,
    after: results.steps[i - 1],
    dropped: results.by_user_model.reduce((sum, m) => sum + (m.drop_off_by_step[i]?.dropped ?? 0), 0),
    arrived: results.by_user_model.reduce(
      (sum, m) => sum + (i === 0 ? m.sessions : (m.drop_off_by_step[i - 1]?.reached ?? 0)),
      0,
    ),
  }));
  const rate = (s: (typeof byStep)[number]) => (s.arrived > 0 ? s.dropped / s.arrived : 0);
  const lost = [...byStep].sort((a, b) => b.dropped - a.dropped);
  const steep = [...byStep].sort((a, b) => rate(b) - rate(a))[0];
  const worst = lost[0];
  if (!worst || worst.dropped === 0) return undefined;
  const next = lost[1];
  const n = Math.max(results.sessions, 1);
  const clear = !next || compare(worst.dropped / n, next.dropped / n, { kind: "one question", n }).call === "lead";
  const steepest =
    steep && steep.step !== worst.step && steep.dropped > 0 && steep.after !== undefined && rate(steep) > rate(worst)
      ? { step: steep.step, dropped: steep.dropped, arrived: steep.arrived, after: steep.after }
      : undefined;
  return {
    step: worst.step,
    dropped: worst.dropped,
    after: worst.after,
    clear,
    ...(next && next.dropped > 0 ? { next: { step: next.step, dropped: next.dropped } } : {}),
    ...(steepest ? { steepest } : {}),
  };
}

/** Whether one user model's task success differs from another's beyond the margin of error. */
function successGap(a: JourneyResults["by_user_model"][number], b: JourneyResults["by_user_model"][number]) {
  return compare(a.task_success_rate, b.task_success_rate, { kind: "two samples", a: a.sessions, b: b.sessions });
}

/** Sessions of all user models, counted from each one's share of its own sessions. */
function sessionsWith(results: JourneyResults, share: (m: JourneyResults["by_user_model"][number]) => number): number {
  return results.by_user_model.reduce((sum, m) => sum + Math.round(share(m) * m.sessions), 0);
}

/** Shares of a first-impression list across user models, in whole sessions, largest first. */
function pooled<K extends string>(
  results: JourneyResults,
  list: (
    i: NonNullable<JourneyResults["by_user_model"][number]["impressions"]>,
  ) => Array<Record<K, string> & { share: number }>,
  key: K,
): Array<{ label: string; count: number; share: number }> {
  const counts = new Map<string, number>();
  for (const m of results.by_user_model) {
    if (!m.impressions) continue;
    for (const entry of list(m.impressions)) {
      counts.set(entry[key], (counts.get(entry[key]) ?? 0) + Math.round(entry.share * m.sessions));
    }
  }
  return [...counts.entries()]
    .map(([label, count]) => ({ label, count, share: results.sessions > 0 ? count / results.sessions : 0 }))
    .sort((a, b) => b.count - a.count);
}

interface FirstLook {
  understood: number;
  intended: number;
  trusting: number;
  seconds: number;
  noticed: Array<{ label: string; count: number; share: number }>;
  /** Each question of the test with how many of all sessions could answer it (everyone was asked every question). */
  answers: Array<{ question: string; answered: number }>;
  /** The client's yes-or-no questions with how many of all sessions gave each answer. */
  replies: Array<{ question: string; counts: Array<{ answer: string; count: number }> }>;
}

function firstLook(results: JourneyResults): FirstLook | undefined {
  if (results.by_user_model.length === 0 || !results.by_user_model.every((m) => m.impressions)) return undefined;
  const favourableTrust = new Set(["Trust a lot", "Trust completely"]);
  const seconds = [...results.by_user_model]
    .map((m) => m.impressions?.median_attention_seconds ?? 0)
    .sort((a, b) => a - b);
  return {
    understood: sessionsWith(results, (m) =>
      (m.impressions?.understood_as ?? []).filter((u) => u.correct).reduce((sum, u) => sum + u.share, 0),
    ),
    intended: sessionsWith(results, (m) =>
      (m.impressions?.next_click ?? []).filter((c) => c.intended).reduce((sum, c) => sum + c.share, 0),
    ),
    trusting: sessionsWith(results, (m) =>
      (m.impressions?.trust ?? []).filter((t) => favourableTrust.has(t.level)).reduce((sum, t) => sum + t.share, 0),
    ),
    seconds: seconds[Math.floor((seconds.length - 1) / 2)] ?? 0,
    noticed: pooled(results, (i) => i.noticed_first, "element"),
    answers: (results.by_user_model[0]?.impressions?.answers ?? []).map((a, i) => ({
      question: a.question,
      answered: sessionsWith(results, (m) => m.impressions?.answers?.[i]?.answered ?? 0),
    })),
    replies: (results.by_user_model[0]?.impressions?.answers ?? []).flatMap((a, i) =>
      a.replies
        ? [
            {
              question: a.question,
              counts: a.replies.map((r, j) => ({
                answer: r.answer,
                count: sessionsWith(results, (m) => m.impressions?.answers?.[i]?.replies?.[j]?.share ?? 0),
              })),
            },
          ]
        : [],
    ),
  };
}

/**
 * The main button's share set within the sensible next clicks it is one of: two measures of one choice, said together
 * so they never read as two findings.
 */
function withinSensible(sensible: number, n: number): string {
  return `within the ${percent(n > 0 ? sensible / n : 0)} who named a sensible next click (${sensible} of ${n})`;
}

/** The steps the brief calls optional, said once: nobody is counted as lost at them. */
function optionalLine(steps: readonly string[]): string[] {
  const optional = steps.filter((step, i) => i > 0 && optionalStep(step));
  return optional.length
    ? [
        `- Optional in the brief: ${optional.map((s) => `"${s}"`).join(", ")} (people skip ${optional.length > 1 ? "them" : "it"} or take ${optional.length > 1 ? "them" : "it"} up and carry on: nobody is counted as lost there)`,
      ]
    : [];
}

/** A user model's sensible next clicks: the main button's share and each other sensible click's. */
function sensibleClicks(i: Impressions): string {
  const unsure = new Set(["Not sure what to click", "Would leave the page"]);
  const parts = i.next_click
    .filter((c) => !unsure.has(c.target))
    .map(
      (c) =>
        `${c.intended ? "its main button" : `${c.target.charAt(0).toLowerCase()}${c.target.slice(1)}`} ${percent(c.share)}`,
    );
  return ` (${parts.join(", ")})`;
}

/** A client's yes-or-no question as the summary states it: each answer's share of every session, and the base. */
function repliesLine(reply: FirstLook["replies"][number], n: number): string {
  const share = (count: number) => percent(n > 0 ? count / n : 0);
  const at = (j: number) => share(reply.counts[j]?.count ?? 0);
  return `"${reply.question}": yes ${at(0)}, partly ${at(1)}, no ${at(2)}; ${at(3)} could not tell from the first screen (n=${n}).`;
}

function journeyVerdict(plan: Plan, results: JourneyResults): HypothesisVerdict | undefined {
  return plan.hypothesis_text ? judgeJourneyHypothesis(plan.hypothesis_text, results) : undefined;
}

/**
 * The question of a first-impression test fewest could answer from the first screen, when fewer than all could: one
 * where every other was answered more often beyond the margin of error, or two level ones; a wider tie says nothing.
 */
function hardestQuestion(look: FirstLook, n: number): string | undefined {
  const bottom = trailers(
    look.answers.map((a) => ({ item: a, share: a.answered / Math.max(n, 1) })),
    () => ({ kind: "two questions", n }),
  );
  const hardest = bottom.trailers.map((t) => t.item);
  const missed = (a: { answered: number }) => n - a.answered;
  // Level with every other question (two of two, or three level): none is harder than the rest.
  if (hardest.some((a) => missed(a) === 0) || hardest.length > 2 || hardest.length === look.answers.length)
    return look.answers.length === 1 && hardest[0] && missed(hardest[0]) > 0
      ? `The question "${hardest[0].question}" could not be answered from the first screen by ${missed(hardest[0])} of ${n}.`
      : undefined;
  const [one, two] = hardest as [FirstLook["answers"][number], FirstLook["answers"][number] | undefined];
  return two
    ? `The hardest questions to answer from the first screen, level within the margin of error: "${one.question}" (${missed(one)} of ${n} could not) and "${two.question}" (${missed(two)}; everyone was asked both).`
    : `The hardest question to answer from the first screen: "${one.question}" (${missed(one)} of ${n} could not; everyone was asked it).`;
}

/**
 * When the people a journey is written for (its `audience` input, or the kind of people its task, goal or questions
 * are for) are not who took it, one sentence saying so, as research reports do.
 */
function journeyAudienceNote(inputs: Record<string, unknown>, models: readonly SampledModel[]): string | undefined {
  const concern = studyConcern(inputs);
  const check = audienceCheck(inputs, models, concern?.role ? [concern.role] : []);
  if (check)
    return `Audience check: the journey is written for ${check}. Read the sessions as those of the people sampled, or run them with the audience itself.`;
  // A journey has no screener: where what it is for concerns only some of a panel, say how few.
  const partial = concern
    ? models
        .map((m) => ({ name: m.name, share: concern.incidence(traitsOf(m as Parameters<typeof traitsOf>[0]).country) }))
        .filter((m, i) => m.share < SCREEN_BELOW && !concern.defines(panelText(models[i] as SampledModel)))
    : [];
  if (!concern || partial.length === 0) return undefined;
  return `Audience check: the journey is for ${concern.who}, and about ${joinList(partial.map((m) => `${Math.round(m.share * 100)}% of ${m.name}`))} ${concern.does}; nobody was screened, so read the sessions as a general panel's and run them with ${concern.who} before relying on them.`;
}

export function journeySynthesis(
  title: string,
  plan: Plan,
  results: JourneyResults,
  models: readonly SampledModel[] = [],
  inputs: Record<string, unknown> = {},
): string {
  const total = overallSuccess(results);
  const funnel = plan.journey_task?.goal_event !== undefined;
  const look = firstLook(results);
  const n = results.sessions;
  const share = (count: number) => percent(n > 0 ? count / n : 0);
  const lines = look
    ? [
        `**${title}**: ${n} simulated first looks at the page, a median ${look.seconds} s each.`,
        `- ${share(look.understood)} could say what the page offers (${look.understood} of ${n}); ${share(look.intended)} would click its main button next (${look.intended} of ${n}), ${withinSensible(total.succeeded, n)}.`,
        `- Noticed first: ${look.noticed
          .slice(0, 3)
          .map((e) => `${e.label.charAt(0).toLowerCase()}${e.label.slice(1)} (${percent(e.share)})`)
          .join(", ")}.`,
        `- ${share(look.trusting)} trust it a lot or completely (${look.trusting} of ${n}).`,
      ]
    : [
        funnel
          ? `**${title}**: ${n} simulated visitors; ${percent(total.rate)} converted (${total.succeeded} of ${total.sessions}).`
          : `**${title}**: ${n} simulated sessions; ${percent(total.rate)} completed the task (${total.succeeded} of ${total.sessions}).`,
      ];
  if (look) for (const reply of look.replies) lines.push(`- ${repliesLine(reply, n)}`);
  const worst = leakiestStep(results);
  const hardest = look ? hardestQuestion(look, n) : undefined;
  if (hardest) lines.push(`- ${hardest}`);
  if (worst && !look)
    lines.push(
      worst.clear || !worst.next
        ? `- Most sessions were lost at "${worst.step}" (${worst.dropped} of ${n} gave up there${worst.after ? `, after "${worst.after}"` : ""}).`
        : `- Sessions were lost mostly at "${worst.step}" (${worst.dropped} of ${n}) and "${worst.next.step}" (${worst.next.dropped}), level within the margin of error.`,
    );
  // A late step that few reach can lose most of them while losing fewer in all: said where it is another step.
  if (worst?.steepest && !look) {
    const s = worst.steepest;
    lines.push(
      `- The steepest loss is at "${s.step}": ${s.dropped} of the ${s.arrived} who got through "${s.after}" gave up there (${percent(s.dropped / s.arrived)}).`,
    );
  }
  const verdict = journeyVerdict(plan, results);
  if (verdict) lines.push(`- ${sentence(verdictLine(verdict))}`);
  const audience = journeyAudienceNote(inputs, models);
  if (audience) lines.push(`- ${audience}`);
  for (const note of journeyMismatches(plan.journey_task ?? {}, models)) lines.push(`- ${note}`);
  if (!look)
    for (const m of results.by_user_model) {
      lines.push(
        funnel
          ? `- ${m.name}: ${percent(m.task_success_rate)} of ${m.sessions} visitors converted; the median visit lasted ${plural(m.median_steps, "step")} and ${m.median_time_on_task_seconds} s.`
          : `- ${m.name}: ${percent(m.task_success_rate)} completed the task, in a median ${plural(m.median_steps, "step")} and ${m.median_time_on_task_seconds} s.`,
      );
    }
  return lines.join("\n");
}

type Impressions = NonNullable<JourneyResults["by_user_model"][number]["impressions"]>;

function impressionTables(i: Impressions): string[] {
  const table = (heading: string, rows: Array<{ label: string; share: number }>) => [
    `| ${heading} | Share |`,
    "|---|---|",
    ...rows.map((r) => `| ${r.label} | ${percent(r.share)} |`),
    "",
  ];
  return [
    `- Median time looking at the page: ${i.median_attention_seconds} s`,
    "",
    ...(i.answers.some((a) => !a.replies)
      ? [
          "| Question (asked of everyone) | Could answer from the first screen |",
          "|---|---|",
          ...i.answers.filter((a) => !a.replies).map((a) => `| ${a.question} | ${percent(a.answered)} |`),
          "",
        ]
      : []),
    ...(i.answers.some((a) => a.replies)
      ? [
          `| Question (asked of everyone) | ${REPLIES.join(" | ")} |`,
          `|---|${REPLIES.map(() => "---").join("|")}|`,
          ...i.answers.flatMap((a) =>
            a.replies ? [`| ${a.question} | ${a.replies.map((r) => percent(r.share)).join(" | ")} |`] : [],
          ),
          "",
        ]
      : []),
    ...table(
      "Noticed first",
      i.noticed_first.map((e) => ({ label: e.element, share: e.share })),
    ),
    ...table(
      "Took the page for",
      i.understood_as.map((u) => ({ label: u.answer, share: u.share })),
    ),
    ...table(
      "Trust",
      i.trust.map((t) => ({ label: t.level, share: t.share })),
    ),
    ...table(
      "Would click next",
      i.next_click.map((c) => ({
        label: c.intended ? `${c.target} (what the page intends)` : c.target,
        share: c.share,
      })),
    ),
  ];
}

/**
 * Why a journey runs on the device it does, by one rule for every journey goal: the brief's own device, else its words
 * (a tap, an app, an SMS code: a phone), else where its people live (a phone where most go online on one), else the
 * plan's default. Never a bare device, so a reader knows whether it was given or chosen.
 */
function deviceBasis(device: unknown, models: readonly SampledModel[], inputs: Record<string, unknown>): string {
  if (textInput(inputs, "device")) return " (as the brief sets it)";
  const mobile = /mobile|phone|tablet/i.test(String(device ?? ""));
  const worded = ["task", "goal_event", "success_criteria", "steps", "questions"].flatMap((key) => {
    const value = inputs[key];
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === "string")
      : [textInput(inputs, key) ?? ""];
  });
  if (mobile && impliedDevice(worded) === "mobile") return " (the brief's own words put the journey on a phone)";
  const country = models.map((m) => traitsOf(m as Parameters<typeof traitsOf>[0]).country).find((c) => c !== null);
  if (mobile)
    return country && mobileFirst(country)
      ? ` (the brief names no device; most people in ${countryName(country)} go online on a phone)`
      : " (the brief names no device; its context or its panel is on phones)";
  // Where phones' share is not known to lead, desktop is the plan's choice, said as such: no claim about the market.
  return " (the brief names no device: desktop is the plan's default; walk it on a phone too if most of the site's visitors use one)";
}

export function journeyReport(
  title: string,
  plan: Plan,
  results: JourneyResults,
  models: readonly SampledModel[] = [],
  inputs: Record<string, unknown> = {},
): string {
  const task = plan.journey_task ?? {};
  const look = firstLook(results);
  // The success the brief states (its own input, or a sentence of its task) is quoted as written.
  const given = textInput(inputs, "success_criteria") ?? statedSuccess(textInput(inputs, "task") ?? "");
  const ownSuccess = given !== undefined && given === task.success_criteria ? given.replace(/[.]$/, "") : undefined;
  const out: string[] = [
    `# ${title}`,
    "",
    "## Summary",
    "",
    journeySynthesis(title, plan, results, models, inputs),
    "",
  ];
  const verdict = journeyVerdict(plan, results);
  if (plan.hypothesis_text && verdict) out.push(...hypothesisSection(plan.hypothesis_text, verdict));
  out.push("## Method", "");
  if (plan.question_text) out.push(`Research question: ${plan.question_text}`, "");
  out.push(
    `- Task: ${clientText(String(task.task ?? ""), "the task").quoted}`,
    ...(typeof task.goal_event === "string" ? [`- Goal: ${clientText(task.goal_event, "the goal").quoted}`] : []),
    `- Start: ${decodePercent(String(task.start_url ?? ""))}`,
    `- Success: ${ownSuccess ? `"${ownSuccess}" (the brief's)` : String(task.success_criteria ?? "")}`,
    `- Device: ${String(task.device ?? "desktop")}${deviceBasis(task.device, models, inputs)}`,
    `- Steps: ${results.steps.join(" → ")}`,
    ...optionalLine(results.steps),
    `- ${results.sessions} simulated sessions (${results.by_user_model.map((m) => `${m.name}: ${m.sessions}`).join("; ")})`,
    "",
    look
      ? "Each session is shown the page for a few seconds, then answers every question of the test (everyone is asked every question, so each share is of all sessions) and says what it would click next. A session succeeds when it names a sensible next click."
      : `A session succeeds when it ${ownSuccess ? `meets the brief's success, "${ownSuccess}", counted as getting through the last step` : "gets through the last step"}. "Dropped" counts the sessions that gave up at a step (the drop-off at it); "Reached" those that got through it.`,
    "",
  );
  const scope = specificsNote(inputs, [
    ...results.steps,
    String(task.task ?? ""),
    ...(look?.answers.map((a) => a.question) ?? []),
  ]);
  if (scope) out.push(scope, "");
  const translated = [
    ...new Set(
      results.by_user_model.flatMap((m) =>
        m.friction_points.map((p) => /; translated from (.+)$/.exec(p.participant)?.[1]).filter((l) => l !== undefined),
      ),
    ),
  ];
  if (translated.length > 0) {
    out.push(
      `Participants who speak ${translated.join(" or ")} took the task in their language; their quotes are translated into English.`,
      "",
    );
  }
  out.push("## Results", "");
  for (const m of results.by_user_model) {
    out.push(
      `### ${m.name}`,
      "",
      `- Sessions: ${m.sessions}`,
      `- ${look ? "Named a sensible next click" : "Task success"}: ${percent(m.task_success_rate)}${m.impressions ? sensibleClicks(m.impressions) : ""}`,
      ...(look
        ? []
        : [`- Median steps: ${m.median_steps}`, `- Median time on task: ${m.median_time_on_task_seconds} s`]),
      "",
      ...(m.impressions ? impressionTables(m.impressions) : []),
      ...(look
        ? []
        : [
            "| Step | Reached | Dropped |",
            "|---|---|---|",
            ...m.drop_off_by_step.map((d) => `| ${d.step} | ${d.reached} | ${d.dropped} |`),
            "",
          ]),
      "Commonest paths:",
      "",
      ...m.common_paths.map((p) => `- ${p.path.join(" → ")} (${percent(p.share)})`),
      "",
      ...(m.friction_points.length
        ? [
            "Friction points:",
            "",
            ...m.friction_points.map((f) => `- ${f.step}: ${f.issue}. "${f.quote}" (${f.participant})`),
            "",
          ]
        : []),
    );
  }
  if (results.by_user_model.length > 1) {
    const ranked = [...results.by_user_model].sort((a, b) => b.task_success_rate - a.task_success_rate);
    const best = ranked[0] as (typeof ranked)[number];
    const worst = ranked[ranked.length - 1] as (typeof ranked)[number];
    const gap = successGap(best, worst);
    out.push(
      "## Differences between user models",
      "",
      `- ${look ? "Naming a sensible next click" : "Task success"} ranges from ${percent(best.task_success_rate)} (${best.name}) to ${percent(worst.task_success_rate)} (${worst.name}), a gap of ${points(best.task_success_rate, worst.task_success_rate)}${gap.call === "lead" ? ", beyond the margin of error" : `, ${withinMargin(gap)} for ${best.sessions} and ${worst.sessions} sessions: the samples cannot tell them apart`}.`,
      `- Median time ${look ? "looking at the page" : "on task"}: ${ranked.map((m) => `${m.name} ${m.median_time_on_task_seconds} s`).join(", ")}.`,
      "",
    );
  }
  out.push("## Recommendations", "");
  const n = results.sessions;
  const share = (count: number) => percent(n > 0 ? count / n : 0);
  if (look) {
    if (look.understood / Math.max(n, 1) < 0.6)
      out.push(
        `- Say plainly in the headline what the page offers: only ${share(look.understood)} could say it after a few seconds.`,
      );
    if (look.intended / Math.max(n, 1) < 0.5)
      out.push(`- Make the main button the obvious next step: only ${share(look.intended)} would click it next.`);
    if (look.trusting / Math.max(n, 1) < 0.4)
      out.push(
        `- Put proof on the first screen (${proofOf(packOf(domainOf([title, ...Object.values(task).filter((v): v is string => typeof v === "string")])))}): only ${share(look.trusting)} trust it a lot or completely.`,
      );
  }
  const own = ownQuestionAdvice(look, n);
  for (const line of own.lines) out.push(`- ${line}`);
  const leak = look ? undefined : leakiestStep(results);
  // An expectation is no question the page answers, and a question advised on already is not advised on twice.
  const hardQuestion = look
    ? [...look.answers]
        .filter((a) => !EXPECTATION.test(a.question) && !own.advised.has(a.question))
        .sort((a, b) => a.answered - b.answered)[0]
    : undefined;
  if (hardQuestion && hardQuestion.answered / Math.max(n, 1) < 0.6)
    out.push(
      `- ${firstScreenChange(hardQuestion.question)}: only ${share(hardQuestion.answered)} could answer ${quotedUnlessSaid(hardQuestion.question)} after a few seconds.`,
    );
  if (leak) {
    const issue = results.by_user_model.flatMap((m) => m.friction_points).find((f) => f.step === leak.step);
    out.push(
      leak.clear || !leak.next
        ? `- Fix "${leak.step}" first: ${leak.dropped} of ${n} sessions ${look ? "fell" : "were lost"} there${issue ? `; the main complaint: ${issue.issue.charAt(0).toLowerCase()}${issue.issue.slice(1)}` : ""}.`
        : `- Fix "${leak.step}" and "${leak.next.step}" together: they lose about as many sessions (${leak.dropped} and ${leak.next.dropped} of ${n})${complaints(results, [leak.step, leak.next.step])}.`,
    );
  }
  const onClaims = claimAdvice(verdict, publicOffer(stringInputs(inputs)));
  out.push(...onClaims);
  // A user model to test the fix with only when it does worse than every other beyond the margin of error.
  const bySuccess = [...results.by_user_model].sort((a, b) => a.task_success_rate - b.task_success_rate);
  const weakest = bySuccess[0];
  if (weakest && bySuccess.length > 1 && bySuccess.slice(1).every((m) => successGap(m, weakest).call === "lead"))
    out.push(
      `- Test the fix with ${weakest.name} in particular: ${percent(weakest.task_success_rate)} of ${agree(weakest.name, "their", "its")} sessions succeeded, fewer than any other user model's beyond the margin of error.`,
    );
  // Nothing to fix is said with the numbers it rests on, never as a bare "re-run".
  if (!out.some((line) => line.startsWith("- ") && !onClaims.includes(line)))
    out.push(
      look
        ? `- Keep the first screen's message and main button: ${share(look.understood)} could say what the page offers and ${share(look.intended)} would click its main button next, ${withinSensible(overallSuccess(results).succeeded, n)}; change one thing at a time and test the first look again.`
        : `- Keep the flow as it is: ${percent(overallSuccess(results).rate)} of sessions succeeded and no step loses clearly more than the others; change one step at a time and test again.`,
    );
  out.push("");
  return out.join("\n");
}

/**
 * Advice on each of the client's own yes-or-no questions whose answer is weak (readings h s09, k S2: 40% not sure the
 * classes are free, and the advice spoke only of proof): a third or more not saying yes, or a quarter saying no, to a
 * question of what the page says; a quarter or more not expecting what an expectation question asks, which says what
 * people assume, never that the page failed to answer it. The weakest three, weakest first.
 */
function ownQuestionAdvice(look: FirstLook | undefined, n: number): { lines: string[]; advised: Set<string> } {
  const share = (count: number) => percent(n > 0 ? count / n : 0);
  const read = (look?.replies ?? []).map((reply) => {
    const c = (j: number) => reply.counts[j]?.count ?? 0;
    return { question: reply.question, yes: c(0), partly: c(1), no: c(2), unsure: c(3) };
  });
  const base = Math.max(n, 1);
  const expected = read.filter((r) => EXPECTATION.test(r.question) && r.no / base >= 0.25);
  const weak = read
    .filter((r) => !EXPECTATION.test(r.question) && (r.yes / base < 2 / 3 || r.no / base >= 0.25))
    .sort((a, b) => a.yes - b.yes || b.no - a.no)
    .slice(0, 3);
  return {
    lines: [
      ...weak.map(
        (r) =>
          `${firstScreenChange(r.question)}: ${quotedUnlessSaid(r.question) === "it" ? "" : `asked "${r.question}", `}${share(r.no)} said no, ${share(r.partly)} partly and ${share(r.unsure)} could not tell after a few seconds; only ${share(r.yes)} said yes.`,
      ),
      ...expected.map(
        (r) =>
          `"${r.question}": ${share(r.no)} would not expect it and ${share(r.partly + r.unsure)} were unsure. If the offer includes it, say so on the first screen: people do not assume it.`,
      ),
    ],
    advised: new Set([...weak, ...expected].map((r) => r.question)),
  };
}

/** The client's question quoted after advice that turns it into a change, or "it" where the advice quotes it already. */
const quotedUnlessSaid = (question: string) =>
  firstScreenChange(question).includes(`"${question.trim()}"`) ? "it" : `"${question}"`;

/** "; the complaints: …" of the friction reported at these steps, or nothing where none was. */
function complaints(results: JourneyResults, steps: readonly string[]): string {
  const issues = steps
    .map((step) => results.by_user_model.flatMap((m) => m.friction_points).find((f) => f.step === step)?.issue)
    .filter((i): i is string => i !== undefined)
    .map((i) => `${i.charAt(0).toLowerCase()}${i.slice(1)}`);
  return issues.length ? `; the complaints: ${issues.join("; ")}` : "";
}

type RoundSimulation = Pick<Simulation, "title" | "mode" | "results"> &
  Partial<Pick<Simulation, "goal" | "inputs" | "survey_design">> & { user_model_ids?: readonly string[] };

interface RoundFinding {
  title: string;
  mode: "research" | "journey";
  /** The headline number, as a fraction (favourable share, leading answer share or task success). */
  score: number;
  /** How many respondents or sessions the headline number is of. */
  n: number;
  /** Whether the first and last user models of `ranking` differ beyond the margin of error. */
  apart: boolean;
  /** User models from most to least favourable (or successful). */
  ranking: Scored[];
  line: string;
  next: string;
  /** A first-impression test: a few seconds on one page, which tells nothing of whether people complete a journey. */
  firstLook?: true;
}

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

/**
 * The fix a journey's leakiest step calls for: the friction reported there most often ("remove: the card form rejects
 * spaces"), since "fix 'Scan the headline'" names no change a team can make.
 */
function fixAt(results: JourneyResults, step: string): string {
  const counts = new Map<string, number>();
  for (const model of results.by_user_model)
    for (const point of model.friction_points)
      if (point.step === step) counts.set(point.issue, (counts.get(point.issue) ?? 0) + 1);
  const issue = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  return issue
    ? `deal with what stops people at "${step}" (${lowerFirst(issue.replace(/[.]+$/, ""))})`
    : `find out what stops people at "${step}" (watch a few recordings of that step)`;
}

function findingOf(simulation: RoundSimulation): RoundFinding {
  const title = simulation.title ?? "Untitled simulation";
  if (simulation.mode === "journey") {
    const results = simulation.results as unknown as JourneyResults;
    const total = overallSuccess(results);
    const look = firstLook(results);
    if (look) {
      const n = results.sessions;
      const share = (count: number) => percent(n > 0 ? count / n : 0);
      const byModel = [...results.by_user_model].sort((a, b) => b.task_success_rate - a.task_success_rate);
      return {
        title,
        mode: "journey",
        firstLook: true,
        score: total.rate,
        n,
        apart:
          byModel.length > 1 &&
          successGap(byModel[0] as (typeof byModel)[number], byModel[byModel.length - 1] as (typeof byModel)[number])
            .call === "lead",
        ranking: byModel.map((m) => ({ name: m.name, user_model_id: m.user_model_id, share: m.task_success_rate })),
        line: `- **${title}** (first impression, ${n} looks of a median ${look.seconds} s): ${share(look.understood)} could say what the page offers and ${share(look.intended)} would click its main button next.`,
        next:
          look.understood / Math.max(n, 1) < 0.6
            ? `- ${title}: say plainly on the first screen what the page offers, then test the first look again.`
            : `- ${title}: make the main button the obvious next step, then test the first look again.`,
      };
    }
    const worst = leakiestStep(results);
    const byModel = [...results.by_user_model].sort((a, b) => b.task_success_rate - a.task_success_rate);
    const ranking = byModel.map((m) => ({ name: m.name, user_model_id: m.user_model_id, share: m.task_success_rate }));
    const apart =
      byModel.length > 1 &&
      successGap(byModel[0] as (typeof byModel)[number], byModel[byModel.length - 1] as (typeof byModel)[number])
        .call === "lead";
    const spread =
      ranking.length > 1
        ? apart
          ? ` ${(ranking[0] as Scored).name} did best (${percent((ranking[0] as Scored).share)}), ${(ranking[ranking.length - 1] as Scored).name} worst (${percent((ranking[ranking.length - 1] as Scored).share)}).`
          : " The user models do not differ beyond the margin of error."
        : "";
    return {
      title,
      mode: "journey",
      score: total.rate,
      n: total.sessions,
      apart,
      ranking,
      line: `- **${title}** (journey, ${total.sessions} sessions): ${percent(total.rate)} completed the task${worst ? (worst.clear ? `; most sessions were lost at "${worst.step}" (${worst.dropped} of ${total.sessions} gave up there)` : `; sessions were lost mostly at "${worst.step}" and "${worst.next?.step}", level`) : ""}.${spread}`,
      next: worst
        ? worst.clear || !worst.next
          ? `- ${title}: ${fixAt(results, worst.step)}, then re-run the journey to confirm fewer sessions are lost at "${worst.step}".`
          : `- ${title}: look at "${worst.step}" and "${worst.next.step}" together (they lose about as many sessions), then re-run the journey.`
        : `- ${title}: re-run with a harder task or other user models; nothing was lost along this one.`,
    };
  }
  // Read among those who qualified, as the study's own report does.
  const results = qualified(simulation.results as unknown as ResearchResults, {
    question_text: null,
    hypothesis_text: null,
    survey_questions: null,
    journey_task: null,
  }).results;
  const study: Study = {
    goal: simulation.goal ?? "custom_survey",
    inputs: (simulation.inputs ?? {}) as Record<string, unknown>,
    designed: Boolean(simulation.survey_design),
  };
  const finding = researchFinding(study, results);
  if (!finding)
    return {
      title,
      mode: "research",
      score: 0,
      n: results.respondents,
      apart: false,
      ranking: [],
      line: `- **${title}** (research, ${results.respondents} respondents): no questions were asked.`,
      next: `- ${title}: add questions to the plan and run it again.`,
    };
  const q = finding.question;
  const scale = q !== undefined && isScale(q);
  const score = q ? (scale ? favourable(q) : Math.max(...q.answer_options.map((o) => q.overall[o] ?? 0))) : 0;
  const ranking = q && scale ? segmentsByFavourable(results, q) : [];
  const apart =
    ranking.length > 1 &&
    segmentGap(results, ranking[0] as Scored, ranking[ranking.length - 1] as Scored).call === "lead";
  const spread =
    q && ranking.length > 1
      ? apart
        ? ` On ${describeQuestion(q.question_text)}, ${(ranking[0] as Scored).name} ${agree((ranking[0] as Scored).name, "were", "was")} more favourable (${percent((ranking[0] as Scored).share)}) than ${(ranking[ranking.length - 1] as Scored).name} (${percent((ranking[ranking.length - 1] as Scored).share)}).`
        : ` On ${describeQuestion(q.question_text)} the user models do not differ beyond the margin of error.`
      : "";
  const action = finding.actions[0];
  return {
    title,
    mode: "research",
    score,
    n: results.respondents,
    apart,
    ranking,
    line: `- **${title}** (research, ${results.respondents} respondents): ${sentence(finding.headline)}${spread}`,
    next: action
      ? `- ${title}: ${sentence(lowerFirst(action)).replace(/^./, (c) => c.toLowerCase())}`
      : `- ${title}: take it forward and check the headline with a small live sample.`,
  };
}

/** Where the round's simulations point the same way, and where they do not. */
function comparisons(findings: RoundFinding[], simulations: RoundSimulation[]): string[] {
  if (findings.length < 2) return ["- Only one simulation so far, so there is nothing to compare it with yet."];
  const out: string[] = [];
  // The same user model coming out on top (or bottom) across simulations.
  const tops = new Map<string, { name: string; top: string[]; bottom: string[]; seen: number }>();
  for (const f of findings) {
    // A user model "tops" a simulation only where the samples tell the top from the bottom.
    if (f.ranking.length < 2 || !f.apart) continue;
    f.ranking.forEach((s, i) => {
      const entry = tops.get(s.user_model_id) ?? { name: s.name, top: [], bottom: [], seen: 0 };
      entry.seen++;
      if (i === 0) entry.top.push(f.title);
      if (i === f.ranking.length - 1) entry.bottom.push(f.title);
      tops.set(s.user_model_id, entry);
    });
  }
  for (const entry of tops.values()) {
    if (entry.seen < 2) continue;
    if (entry.top.length === entry.seen)
      out.push(
        `- They agree on ${entry.name}: the most favourable or successful in every simulation they took part in.`,
      );
    else if (entry.bottom.length === entry.seen)
      out.push(
        `- They agree on ${entry.name}: the least favourable or successful in every simulation they took part in.`,
      );
    else if (entry.top.length > 0 && entry.bottom.length > 0)
      out.push(
        `- They disagree on ${entry.name}: top in ${entry.top.join(", ")} but bottom in ${entry.bottom.join(", ")}.`,
      );
  }
  const research = findings.filter((f) => f.mode === "research" && f.ranking.length > 0);
  // Headline numbers of different studies measure different things (appeal, persuasion, success): they are never
  // ranked against each other. Interest and experience are set side by side only where each is clear of its bar.
  const clearly = (f: RoundFinding, limit: number) => againstThreshold(f.score, limit, f.n).call;
  const interest = research.find((f) => clearly(f, 0.5) === "above");
  const journey = findings.filter((f) => f.mode === "journey" && !f.firstLook).sort((a, b) => a.score - b.score)[0];
  if (interest && journey && clearly(journey, 0.7) === "below")
    out.push(
      `- Interest and experience pull apart: "${interest.title}" found a favourable response (${percent(interest.score)}), but only ${percent(journey.score)} completed "${journey.title}", so the journey may waste demand.`,
    );
  else if (
    research.length > 0 &&
    journey &&
    research.every((f) => clearly(f, 0.5) === "below") &&
    clearly(journey, 0.7) === "above"
  )
    out.push(
      `- The journey works (${percent(journey.score)} completed "${journey.title}") but interest is soft in the research, so the proposition is the constraint, not the site.`,
    );
  // Who each simulation ran on: a question that ranks no user model (a custom survey's) still had its audience.
  const ranOn = simulations.map((s) => s.user_model_ids ?? []);
  const models = new Set([...ranOn.flat(), ...findings.flatMap((f) => f.ranking.map((s) => s.user_model_id))]);
  if (out.length === 0)
    out.push(
      models.size <= 1
        ? "- Every simulation in the round ran on the same user model, so there is no audience to compare yet."
        : ranOn.every((ids) => ids.length === 1)
          ? "- Each simulation ran on a user model of its own, so no audience can be compared within a study; run them on the same user models to compare audiences."
          : "- No user model leads or trails consistently, so the results do not point to one audience yet.",
    );
  return out;
}

/**
 * A round synthesis from its completed simulations: what each found (title and headline numbers, all printed with
 * `percent` from their results), where they agree and disagree, and the next steps.
 */
export function roundSynthesis(round: { number: number }, simulations: RoundSimulation[]): string {
  const findings = simulations.filter((s) => s.results).map(findingOf);
  return [
    `## Round ${round.number} synthesis`,
    "",
    `This synthesis covers ${plural(findings.length, "completed simulation")} of the round.`,
    "",
    "### What each simulation found",
    "",
    ...findings.map((f) => f.line),
    "",
    "### Where they agree and differ",
    "",
    ...comparisons(
      findings,
      simulations.filter((s) => s.results),
    ),
    "",
    "### Next steps",
    "",
    ...findings.map((f) => f.next),
    findings.length > 1
      ? "- Start the next round with the changes above, and re-run the same user models so the rounds compare."
      : "- Add a second simulation to this round (another goal or user model) to see whether the result holds.",
  ].join("\n");
}
