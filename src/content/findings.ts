import {
  attitudeQuestions,
  bestWorst,
  capitalise,
  conceptDimension,
  decisiveness,
  favourable,
  favourableOf,
  isScale,
  itemScores,
  itemSets,
  listInput,
  primaryMeasure,
  quoteOf,
  ranked,
  type Study,
  textInput,
  unfavourable,
} from "./analysis.js";
import { brandNameOf } from "./brand-category.js";
import { CONSIDERING_WORDS, considering } from "./brand-funnel.js";
import { clientText, spliceable } from "./client-text.js";
import {
  againstThreshold,
  type Comparison,
  compare,
  isNarrowLead,
  leaders,
  type Ranked,
  type Sampling,
  trailers,
  withinMargin,
} from "./evidence.js";
import { otherLanguageMessages } from "./message-labels.js";
import { currencyCode, formatMoney, moneyPattern, readPrice, withUnit } from "./money.js";
import { joinList } from "./question-bank.js";
import { describeQuestion, kindOf } from "./question-kinds.js";
import { percent, type QuestionResult, type ResearchResults, stringInputs } from "./results.js";
import { priceLadder } from "./segments.js";
import { ownAct, publicOffer } from "./subject.js";
import { acceptableShare, type PricePoint, type PriceSensitivity, priceSensitivity } from "./van-westendorp.js";

/**
 * What a research report leads with: the result the goal is about (the winning message, the top feature, the
 * acceptable price range, the concept's strongest and weakest point, the brand people pick first, the clearest answer
 * of a custom survey), the lines that support it, and the recommendations that follow. Every comparison it states goes
 * through `evidence.ts` with the sample it was measured on: a lead the sample cannot tell from a tie is reported as
 * level, and nothing is recommended from it. Every share is printed with `percent` from `results`.
 */
export interface Finding {
  /** One sentence, without its final full stop. */
  headline: string;
  /** The best-scoring item the headline names, when the numbers single one out. */
  item?: string;
  details: string[];
  actions: string[];
  /**
   * The share the first action is a go/no-go call on (a concept's appeal): a hypothesis verdict that calls the same
   * number too close to call gives the advice instead, so the report does not say "rework" and "too close to call".
   */
  decidesOn?: number;
  /** The first action says go ahead: a report whose hypothesis the results refute leaves it out. */
  goes?: boolean;
  /** The question the headline's number comes from, to rank user models on. */
  question?: QuestionResult;
}

/** "Very appealing" or "Quite appealing": the favourable labels of a scale, in quotes. */
function favourableWords(q: QuestionResult): string {
  return favourableOf(q)
    .map((o) => `"${o}"`)
    .join(" or ");
}

type Scored = { item: string; score: number };
const asRanked = (list: readonly Scored[]): Array<Ranked<string>> =>
  list.map((s) => ({ item: s.item, share: s.score }));
const quoted = (items: ReadonlyArray<Ranked<string>>) =>
  joinList(items.map((r) => `"${r.item}" (${percent(r.share)})`));

// --- Messages -----------------------------------------------------------------------------------------------------------

function messageFinding(study: Study, results: ResearchResults): Finding | undefined {
  const messages = listInput(study.inputs, "messages");
  if (messages.length < 2) return undefined;
  const n = results.respondents;
  const scores = itemScores(results, messages);
  const rated = primaryMeasure(scores, [
    ["rated", "persuasion"],
    ["rated", "reaction"],
  ]);
  const chosen = primaryMeasure(scores, [["chosen", "persuasion"]]);
  if (!rated && !chosen) return undefined;
  const onRatings = rated ? leaders(asRanked(rated.ranked), () => ({ kind: "two questions", n })) : undefined;
  const sideBySide = chosen ? leaders(asRanked(chosen.ranked), () => ({ kind: "one question", n })) : undefined;
  const ratedWhat =
    rated?.dimension === "reaction" ? "choose the most persuasive reaction" : "are persuaded by it (top-two box)";
  const details: string[] = [];
  const actions: string[] = [];
  // Messages that ask for different things (prevention beside treatment) judged on one act are not like for like.
  const asked = results.questions
    .map((q) => /make you want to (.+?)\?/.exec(q.question_text)?.[1])
    .find((a) => a !== undefined);
  const acts = messages.map((m) => ownAct(m));
  const different = new Set(acts.filter((a) => a !== undefined));
  if (asked && different.size >= 2)
    details.push(
      `The messages ask for different things (${messages
        .flatMap((m, i) => (acts[i] ? [`"${m}": ${acts[i]}`] : []))
        .join(
          "; ",
        )}), yet each was rated on whether it makes people want to ${asked}: read the ranking as a comparison on that act, not of like with like, or rate each on its own act`,
    );
  const top = (board: typeof onRatings) => board?.leaders[0];
  const ratingTop = top(onRatings);
  const choiceTop = top(sideBySide);
  let winner: string | undefined;
  let winningLead: Comparison | undefined;
  let headline: string;
  if (onRatings?.clear && (!sideBySide?.clear || choiceTop?.item === ratingTop?.item)) {
    winner = ratingTop?.item;
    winningLead = onRatings.versus;
    const next = onRatings.ranked[1] as Ranked<string>;
    headline = `"${winner}" is the strongest message: ${percent(ratingTop?.share ?? 0)} ${ratedWhat}, ahead of "${next.item}" (${percent(next.share)}), a lead ${isNarrowLead(onRatings.versus) ? "just " : ""}beyond the margin of error`;
    if (sideBySide)
      details.push(
        sideBySide.clear
          ? `Side by side it is also picked most often (${percent(choiceTop?.share ?? 0)})`
          : `Side by side it is level with ${quoted(sideBySide.leaders.filter((l) => l.item !== winner))}: that choice does not separate them`,
      );
  } else if (onRatings?.clear && sideBySide?.clear && choiceTop?.item !== ratingTop?.item) {
    headline = `The measures disagree: "${ratingTop?.item}" leads on ratings (${percent(ratingTop?.share ?? 0)} ${ratedWhat}) but "${choiceTop?.item}" is picked more often side by side (${percent(choiceTop?.share ?? 0)})`;
    actions.push(`Test "${ratingTop?.item}" and "${choiceTop?.item}" head to head before choosing between them.`);
  } else if (sideBySide?.clear && choiceTop) {
    winner = choiceTop.item;
    winningLead = sideBySide.versus;
    const level = onRatings ? onRatings.leaders : [];
    const next = sideBySide.ranked[1] as Ranked<string>;
    headline = `"${winner}" is picked most often side by side (${percent(choiceTop.share)}, ahead of "${next.item}" at ${percent(next.share)})${
      level.length > 1 ? `; rated one by one it is level with ${quoted(level.filter((l) => l.item !== winner))}` : ""
    }`;
  } else {
    const level = (onRatings ?? sideBySide)?.leaders ?? [];
    headline = `No message clearly wins: ${quoted(level)} are within the margin of error of each other${onRatings ? " (share persuaded, top-two box)" : " side by side"}`;
    actions.push(
      `Do not pick a winner yet: test ${joinList(level.map((l) => `"${l.item}"`))} again with a larger sample, or rework them so they differ more.`,
    );
  }
  if (winner)
    actions.push(
      isNarrowLead(winningLead)
        ? `Lead with "${winner}", but only just: its lead of ${Math.abs(winningLead?.gap ?? 0).toFixed(1)} points is barely beyond the ${withinMargin(winningLead ?? { margin: 0 }).replace("within the ", "")}; confirm it on a larger sample before committing the campaign to it.`
        : `Lead with "${winner}": it is the only message the numbers single out.`,
    );
  // Believability: the winner is "also the most believable" only when it leads there too.
  const believed = primaryMeasure(scores, [
    ["rated", "believability"],
    ["chosen", "believability"],
  ]);
  if (believed && winner) {
    const board = leaders(asRanked(believed.ranked), () =>
      believed.source === "rated" ? { kind: "two questions", n } : { kind: "one question", n },
    );
    const own = board.ranked.find((r) => r.item === winner);
    const label = believed.source === "rated" ? "find it believable (top-two box)" : "pick it as the most believable";
    if (board.leaders.some((l) => l.item === winner))
      details.push(
        board.clear
          ? `It is also the most believable: ${percent(own?.share ?? 0)} ${label}`
          : `On believability it is level with ${quoted(board.leaders.filter((l) => l.item !== winner))}`,
      );
    else {
      const best = board.leaders[0] as Ranked<string>;
      details.push(
        `"${best.item}" is believed more (${percent(best.share)} ${label}; "${winner}" ${percent(own?.share ?? 0)})`,
      );
      actions.push(`Back "${winner}" with proof: "${best.item}" is believed more.`);
    }
  }
  // A message is dropped only when it trails the leader beyond the margin of error on every measure asked.
  // Each with the name of its measure, so the numbers a summary gives for it say what they are.
  const measures: Array<{ board: NonNullable<typeof onRatings>; sampling: Sampling; label: string }> = [
    ...(onRatings
      ? [{ board: onRatings, sampling: { kind: "two questions", n } as Sampling, label: "rated persuasive" }]
      : []),
    ...(sideBySide
      ? [{ board: sideBySide, sampling: { kind: "one question", n } as Sampling, label: "chosen side by side" }]
      : []),
  ];
  const trailing = messages.filter((m) =>
    measures.every(({ board, sampling }) => {
      const own = board.ranked.find((r) => r.item === m);
      const best = board.leaders[0];
      return own !== undefined && best !== undefined && compare(best.share, own.share, sampling).call === "lead";
    }),
  );
  // A message in another language than the questionnaire is rated through a translation gap of its own.
  const foreign = otherLanguageMessages(messages);
  for (const m of foreign)
    details.push(
      `"${m}" is not in English, the language of the questionnaire that rated it: its language, not only its content, may explain how it compares with the others`,
    );
  const worst = trailing
    .map((m) => ({ m, share: measures[0]?.board.ranked.find((r) => r.item === m)?.share ?? 0 }))
    .sort((a, b) => a.share - b.share)[0];
  if (worst && measures.length > 0) {
    const own = measures.map(
      ({ board, label }) => `${percent(board.ranked.find((r) => r.item === worst.m)?.share ?? 0)} ${label}`,
    );
    // "Every measure asked" is said only when it trails beyond the margin of error on each of them, believability and
    // clarity too, each on its own sample; else the claim names the measures it holds on.
    const everyMeasure = Object.entries({
      rated: Object.keys(scores[0]?.rated ?? {}),
      chosen: Object.keys(scores[0]?.chosen ?? {}),
    }).every(([source, dimensions]) =>
      dimensions.every((dimension) => {
        const measure = primaryMeasure(scores, [[source as "rated" | "chosen", dimension]]);
        if (!measure) return true;
        const best = measure.ranked[0];
        const mine = measure.ranked.find((r) => r.item === worst.m);
        const sampling: Sampling = source === "rated" ? { kind: "two questions", n } : { kind: "one question", n };
        return best !== undefined && mine !== undefined && compare(best.score, mine.score, sampling).call === "lead";
      }),
    );
    const where = everyMeasure
      ? "on every measure asked"
      : measures.length > 1
        ? "on persuasion, rated one by one and side by side"
        : `on persuasion (${measures[0]?.label})`;
    details.push(`"${worst.m}" trails the leader ${where} (${own.join(" and ")})`);
    actions.push(
      foreign.includes(worst.m)
        ? `Test "${worst.m}" again in a questionnaire in its own language before dropping it: it trails the leader beyond the margin of error ${where}, but it was rated through an English one.`
        : `Drop or rework "${worst.m}": it trails the leader beyond the margin of error ${where}.`,
    );
  }
  const lead = winner ?? ratingTop?.item;
  return {
    headline,
    ...(winner ? { item: winner } : {}),
    details,
    actions,
    question: results.questions.find(
      (q) => quoteOf(q) === lead && /find out more|persua|reaction|make you want/i.test(q.question_text),
    ),
  };
}

// --- Features -------------------------------------------------------------------------------------------------------------

function featureFinding(study: Study, results: ResearchResults): Finding | undefined {
  const features = listInput(study.inputs, "features");
  if (features.length < 2) return undefined;
  const n = results.respondents;
  const scores = itemScores(results, features);
  const importance = primaryMeasure(scores, [["rated", "importance"]]);
  const chosen = primaryMeasure(scores, [["chosen", "first"]]);
  // Asked to keep only one, people show the trade-off that ratings hide (where every feature can be "important").
  const board = chosen
    ? leaders(asRanked(chosen.ranked), () => ({ kind: "one question", n }))
    : importance
      ? leaders(asRanked(importance.ranked), () => ({ kind: "two questions", n }))
      : undefined;
  if (board) {
    const what = chosen ? "would keep it if they could have only one" : "rate it very important or essential";
    const best = board.leaders[0] as Ranked<string>;
    const sampling: Sampling = chosen ? { kind: "one question", n } : { kind: "two questions", n };
    // The least wanted: one feature where every other is wanted more beyond the margin of error, or two level ones;
    // only those that trail the leader beyond it are left for later.
    const bottom = trailers(board.ranked, () => sampling);
    const least = bottom.trailers.filter((t) => compare(best.share, t.share, sampling).call === "lead");
    const leastNamed = board.ranked.length > 2 && least.length === bottom.trailers.length && least.length <= 2;
    const question = results.questions.find((q) => quoteOf(q) === best.item && /importan/i.test(q.question_text));
    const details: string[] = [];
    const rated =
      chosen && importance ? leaders(asRanked(importance.ranked), () => ({ kind: "two questions", n })) : undefined;
    // The two measures read together where they part: the choice leads with one feature and the ratings with another,
    // or the choice separates none while the ratings single one out (a headline of "no single feature leads" alone
    // would miss the clearest finding).
    const ratedTop = rated?.leaders[0];
    const partsWays = rated !== undefined && board.clear && !rated.leaders.some((l) => l.item === best.item);
    const ratingsDecide = rated !== undefined && !board.clear && rated.clear;
    // Where the two measures point different ways beyond the margin of error (the feature rated most important is kept
    // as the only one by clearly fewer than the one kept most often, or that one is rated important by clearly fewer),
    // one sentence says so and what each gap means, never leaves the two side by side unexplained.
    const tension =
      rated && ratedTop && ratedTop.item !== best.item ? featureTension(best, ratedTop, board, rated, n) : undefined;
    if (rated && !partsWays && !ratingsDecide) {
      // "It" is the feature the headline names: only when one leads the choice.
      const alone = rated.leaders.length === 1;
      details.push(
        board.clear && rated.leaders.some((l) => l.item === best.item)
          ? `Rated one by one, it is also ${alone ? "the most important" : "among the most important"} (${quoted(rated.leaders)})`
          : rated.leaders.length === rated.ranked.length
            ? `Rated one by one, no feature stands out on importance (all within the margin of error of ${quoted(rated.leaders.slice(0, 1))})`
            : `Rated one by one, ${quoted(rated.leaders)} ${alone ? "leads" : "lead, level within the margin of error,"} on importance`,
      );
    } else if (rated && partsWays && !tension)
      details.push(
        `"${best.item}" leads as the one feature people would keep but, rated one by one, ${quoted(rated.leaders)} ${rated.leaders.length === 1 ? "leads" : "lead"} on importance: the two measures disagree, so weigh what people want most against what they rate important`,
      );
    if (tension) details.push(tension);
    if (leastNamed)
      details.push(
        least.length === 1
          ? `The least wanted is ${quoted(least)}`
          : `The least wanted are ${quoted(least)}, level within the margin of error`,
      );
    const actions: string[] = [];
    // Where keeping only one does not separate the features but rating them one by one does, the ratings decide.
    const ratedLead = rated && !board.clear && rated.leaders.length < rated.ranked.length ? rated : undefined;
    if (board.clear)
      actions.push(`Build "${best.item}" first: it leads beyond the margin of error (${percent(best.share)}).`);
    else if (ratedLead)
      actions.push(
        `Start with ${joinList(ratedLead.leaders.map((l) => `"${l.item}"`))}: rated one by one, ${ratedLead.leaders.length === 1 ? "it leads" : "they lead"} on importance (${percent(ratedLead.leaders[0]?.share ?? 0)} very important or essential, against ${percent(ratedLead.ranked.at(-1)?.share ?? 0)} for "${ratedLead.ranked.at(-1)?.item}"); asked to keep only one, people split more evenly.`,
      );
    else
      actions.push(
        `Choose between ${joinList(board.leaders.map((l) => `"${l.item}"`))} on cost and fit, or ask a larger sample: the numbers do not separate them.`,
      );
    if (leastNamed)
      actions.push(
        `Leave ${joinList(least.map((l) => `"${l.item}"`))} for later: ${least.length === 1 ? "it trails" : "they trail"} the leader beyond the margin of error.`,
      );
    const next = board.ranked[1] as Ranked<string>;
    return {
      headline: board.clear
        ? `"${best.item}" is the top feature: ${percent(best.share)} ${what}, ahead of "${next.item}" (${percent(next.share)})`
        : ratingsDecide && ratedTop
          ? `No feature leads as the one people would keep (${quoted(board.leaders)} are within the margin of error of each other), but "${ratedTop.item}" is rated important clearly more often than any other (${percent(ratedTop.share)} very important or essential, against ${percent(rated?.ranked[1]?.share ?? 0)} for "${rated?.ranked[1]?.item}")`
          : `No single feature leads: ${quoted(board.leaders)} are within the margin of error of each other (share that ${what.replace("it", "each")})`,
      ...(board.clear ? { item: best.item } : {}),
      details,
      actions,
      question,
    };
  }
  return bestWorstFinding(results, features);
}

/**
 * The importance ratings and the choice of one feature read together where they part beyond the margin of error: a
 * feature rated important by most but seldom kept is expected as standard rather than a reason to choose; one kept
 * often but rated important by fewer is what some people want above all.
 */
function featureTension(
  best: Ranked<string>,
  ratedTop: Ranked<string>,
  chosen: { ranked: Array<Ranked<string>>; clear: boolean },
  rated: { ranked: Array<Ranked<string>>; clear: boolean },
  n: number,
): string | undefined {
  const keptOfTop = chosen.ranked.find((r) => r.item === ratedTop.item)?.share ?? 0;
  const ratedOfBest = rated.ranked.find((r) => r.item === best.item)?.share ?? 0;
  // Opposite ways: each measure's top trails on the other beyond the margin of error. Where only one does, the other
  // measure merely separates less, which the lines on each measure already say.
  const apart =
    compare(best.share, keptOfTop, { kind: "one question", n }).call === "lead" &&
    compare(ratedTop.share, ratedOfBest, { kind: "two questions", n }).call === "lead";
  if (!apart) return undefined;
  return `The two measures point different ways: "${ratedTop.item}" is ${rated.clear ? "rated important most often" : "among the features rated important most often"} (${percent(ratedTop.share)} very important or essential) yet kept as the only one by ${percent(keptOfTop)}, so it is expected as standard rather than a reason to choose, while "${best.item}" is ${chosen.clear ? "kept most often" : "among the features kept most often"} (${percent(best.share)}) yet rated very important or essential by ${percent(ratedOfBest)}, so it is what some people want above all rather than what most need`;
}

/**
 * Features asked in sets: each set is ranked within itself (best minus worst), never one set's winner against
 * another's, since sets of different sizes split the picks differently.
 */
function bestWorstFinding(results: ResearchResults, features: readonly string[]): Finding | undefined {
  const sets = bestWorst(results, features);
  if (!sets) return undefined;
  const n = results.respondents;
  const bySet = new Map<number, typeof sets>();
  for (const s of sets) bySet.set(s.set, [...(bySet.get(s.set) ?? []), s]);
  const lines: string[] = [];
  const actions: string[] = [];
  const winners: string[] = [];
  const levelLeaders: string[] = [];
  const tops: string[] = [];
  for (const [set, items] of [...bySet.entries()].sort((a, b) => a[0] - b[0])) {
    const board = leaders(
      items.map((i) => ({ item: i.item, share: i.best })),
      () => ({ kind: "one question", n }),
    );
    const best = board.leaders[0] as Ranked<string>;
    tops.push(best.item);
    // Most often picked as the least important: named only where the numbers single it out.
    const worstBoard = leaders(
      items.map((i) => ({ item: i.item, share: i.worst })),
      () => ({ kind: "one question", n }),
    );
    const worst = worstBoard.clear ? worstBoard.leaders[0] : undefined;
    const label = bySet.size > 1 ? `In set ${set}` : "Of the features";
    if (board.clear) {
      winners.push(best.item);
      lines.push(
        `${label}, "${best.item}" is picked as the most important most often (${percent(best.share)}, ahead of "${(board.ranked[1] as Ranked<string>).item}" at ${percent((board.ranked[1] as Ranked<string>).share)})`,
      );
    } else {
      lines.push(`${label}, ${quoted(board.leaders)} are level as the most important`);
      levelLeaders.push(board.leaders.map((l) => `"${l.item}" ${percent(l.share)}`).join(", "));
    }
    if (worst && !board.leaders.some((l) => l.item === worst.item))
      lines.push(`${label}, "${worst.item}" is picked as the least important most often (${percent(worst.share)})`);
  }
  if (winners.length) {
    // Said of the leaders there are: "each" only of two or more, and the sets with no leader said to have none.
    const unled = bySet.size - winners.length;
    const why =
      bySet.size === 1
        ? "it is picked as the most important most often, beyond the margin of error"
        : `${winners.length === 1 ? "it leads its set" : "each leads its own set"} beyond the margin of error${unled > 0 ? `; no feature leads the other ${unled === 1 ? "set" : `${unled} sets`}` : ""}`;
    // Leaders of sets of different rivals are no ranking of every feature: several sets give a shortlist, not a build order.
    actions.push(
      bySet.size === 1
        ? `Build ${joinList(winners.map((w) => `"${w}"`))} first: ${why}.`
        : `Shortlist ${joinList(winners.map((w) => `"${w}"`))}: ${why}. Each set was picked against different rivals, so compare the sets' leaders (${joinList(tops.map((t) => `"${t}"`))}) in a final round of their own before building one first.`,
    );
  } else
    actions.push(
      bySet.size === 1
        ? `Choose among the level leaders on cost and fit, or ask a larger sample: no feature leads its set beyond the margin of error (${levelLeaders.join("; ")}).`
        : `Compare the sets' leaders (${joinList(tops.map((t) => `"${t}"`))}) in a final round of their own, or ask a larger sample: no feature leads its set beyond the margin of error (${levelLeaders.join("; ")}), and each set was picked against different rivals.`,
    );
  const [headline, ...details] = lines;
  return {
    headline: headline ?? "No feature leads",
    details,
    actions,
    ...(winners.length === 1 ? { item: winners[0] } : {}),
  };
}

// --- Pricing ----------------------------------------------------------------------------------------------------------------

/**
 * Prints a price as the ladder's labels do, in the study's locale ("¥4,600 a week", "CHF 16.50 per seat per month"):
 * the currency and unit read off the first label, whole amounts from 20 up, the currency's decimals below.
 */
export function priceFormatter(
  sensitivity: PriceSensitivity,
  locale = "en-GB",
  hint?: string,
): (price: number) => string {
  const sample = sensitivity.rows[0]?.label ?? "";
  const read = readPrice(sample, hint);
  // The study's own currency, where it names one: the one notation its labels were written in.
  const currency = currencyCode(hint) ?? read?.currency ?? "GBP";
  const unit = read?.unit ?? "";
  const fractional = sensitivity.rows.some((r) => !Number.isInteger(r.price));
  return (raw) => {
    // A price read between the asked ones is a figure to price at, not to the unit: 16,538 is about 16,500.
    const price = raw >= 1000 ? Number(raw.toPrecision(3)) : raw;
    const whole = !fractional && price >= 20;
    return withUnit(
      formatMoney(
        whole ? Math.round(price) : Math.round(price * 100) / 100,
        { currency, locale },
        whole ? 0 : undefined,
      ),
      unit,
    );
  };
}

/** The same price without its unit, for the start of a range ("¥4,600 to ¥6,500 a week"). */
function bareFormatter(sensitivity: PriceSensitivity, locale: string, hint?: string): (price: number) => string {
  const read = readPrice(sensitivity.rows[0]?.label ?? "", hint);
  const format = priceFormatter(sensitivity, locale, hint);
  return (price) => {
    const text = format(price);
    return read?.unit && text.endsWith(` ${read.unit}`) ? text.slice(0, -read.unit.length - 1) : text;
  };
}

function pointText(point: PricePoint, format: (p: number) => string, rows: PriceSensitivity["rows"]): string {
  if (point.inside) return format(point.price);
  return point.price <= (rows[0]?.price ?? 0)
    ? `${format(point.price)} or below (the lowest price asked)`
    : `${format(point.price)} or above (the highest price asked)`;
}

/**
 * The acceptable range as a reader takes it: "£40 to £48 a month" (the unit once, at the end); or, when the curves
 * meet beyond one end of the ladder so that both ends of the range fall on the same asked price, where the range lies
 * ("at or below £20, the lowest price asked").
 */
function rangeWords(
  sensitivity: PriceSensitivity,
  locale: string,
  hint?: string,
): { text: string; missed?: "below" | "above" } {
  const format = priceFormatter(sensitivity, locale, hint);
  const bare = bareFormatter(sensitivity, locale, hint);
  const { pmc, pme, rows } = sensitivity;
  if (Math.abs(pmc.price - pme.price) < 1e-9 && !(pmc.inside && pme.inside)) {
    return pmc.price <= (rows[0]?.price ?? 0)
      ? { text: `at or below ${format(pmc.price)}, the lowest price asked`, missed: "below" }
      : { text: `at or above ${format(pmc.price)}, the highest price asked`, missed: "above" };
  }
  if (pmc.inside && pme.inside) return { text: `${bare(pmc.price)} to ${format(pme.price)}` };
  return { text: `${pointText(pmc, bare, rows)} to ${pointText(pme, format, rows)}` };
}

/** The acceptable range's ends, "£40 to £48 a month", or where it lies when the ladder missed it. */
export function acceptableRangeText(sensitivity: PriceSensitivity, locale = "en-GB", hint?: string): string {
  return rangeWords(sensitivity, locale, hint).text;
}

/** "€49 and €59 a month": asked prices joined, their shared unit said once, at the end. */
function priceList(rows: ReadonlyArray<{ label: string }>, last: "and" | "or"): string {
  const labels = rows.map((r) => r.label);
  const unit = readPrice(labels[0] ?? "")?.unit;
  const shared = unit && labels.every((label) => label.endsWith(` ${unit}`));
  return shared
    ? `${joinList(
        labels.map((label) => label.slice(0, -unit.length - 1)),
        last,
      )} ${unit}`
    : joinList(labels, last);
}

/**
 * The median answer to "What is the most you would pay…?" among those who named a price: at or below it, at least half
 * would pay a price, so it is never one to avoid.
 */
export function medianMostPay(results: ResearchResults): number | undefined {
  const q = results.questions.find(
    (x) => /\bmost\b.*\bpay\b/i.test(x.question_text) && priceLadder(x.answer_options).length >= 2,
  );
  if (!q) return undefined;
  const ladder = priceLadder(q.answer_options);
  const named = ladder.reduce((sum, p) => sum + (q.overall[p.option] ?? 0), 0);
  if (named <= 0) return undefined;
  let below = 0;
  for (const p of ladder) {
    below += q.overall[p.option] ?? 0;
    if (below >= named / 2 - 1e-9) return p.price;
  }
  return ladder.at(-1)?.price;
}

function pricingFinding(study: Study, results: ResearchResults): Finding | undefined {
  const locale = study.locale ?? "en-GB";
  const n = results.respondents;
  const intent = results.questions
    .filter((q) => /^(?:purchase|take-up) intent$/.test(conceptDimension(q.question_text) ?? "") && isScale(q))
    .map((q) => ({ q, price: moneyPattern().exec(q.question_text)?.[0] }))
    .filter((i): i is { q: QuestionResult; price: string } => i.price !== undefined);
  let demand: string | undefined;
  if (intent.length >= 2) {
    const first = intent[0] as { q: QuestionResult; price: string };
    const last = intent[intent.length - 1] as { q: QuestionResult; price: string };
    const fall = compare(favourable(first.q), favourable(last.q), { kind: "two questions", n });
    // Said with the offer's own act: a rental's "intent to rent it", never "purchase intent".
    const act = /how likely would you be to (?!buy it\?)([a-z][a-z ]*?)\?$/.exec(first.q.question_text)?.[1];
    demand = `${act ? `Intent to ${act}` : "Purchase intent"} (${favourableWords(first.q)}) is ${intent.map((i) => `${percent(favourable(i.q))} at ${i.price}`).join(", ")}${
      fall.call === "lead" ? "" : `: the difference between ${first.price} and ${last.price} is ${withinMargin(fall)}`
    }`;
  }
  const sensitivity = priceSensitivity(results);
  if (!sensitivity) {
    if (!demand) return undefined;
    return { headline: demand, details: [], actions: [], question: intent[0]?.q };
  }
  const format = priceFormatter(sensitivity, locale, study.currency);
  const bare = bareFormatter(sensitivity, locale, study.currency);
  const { pmc, opp, ipp, pme, rows } = sensitivity;
  const range = rangeWords(sensitivity, locale, study.currency);
  const details = [
    `Optimal price point (as few find it too cheap as too expensive) ${pointText(opp, format, rows)}; indifference price point ${pointText(ipp, format, rows)}`,
  ];
  if (demand) details.push(demand);
  // Above the range, but where half of those who named a most they would pay would pay it: tested, not avoided.
  const most = medianMostPay(results);
  const beyond = rows.filter((r) => r.price > pme.price + 1e-9);
  const above = beyond.filter((r) => most === undefined || r.price > most + 1e-9);
  const paid = beyond.filter((r) => !above.includes(r));
  const below = rows.filter((r) => r.price < pmc.price - 1e-9);
  const actions = [
    range.missed
      ? `Ask again with prices ${range.missed} ${format(pmc.price)}: the acceptable range lies ${range.text}, so this ladder cannot say where within it to price.`
      : `Price within ${bare(pmc.price)} to ${format(pme.price)}, nearer ${format(opp.price)} to keep doubts about quality and complaints about price equally rare.`,
  ];
  if (above.length)
    actions.push(
      `Avoid ${priceList(above, "and")}: above the range more people find it too expensive than a bargain (too expensive: ${joinList(above.map((r) => percent(r.tooExpensive)))}).`,
    );
  if (paid.length && most !== undefined)
    actions.push(
      `Test ${priceList(paid, "and")} before ruling ${paid.length === 1 ? "it" : "them"} out: above the range, yet half of those who named the most they would pay named ${format(most)} or more.`,
    );
  if (below.length)
    actions.push(
      `Do not go down to ${priceList(below, "or")}: below the range people start to doubt its quality (too cheap: ${joinList(below.map((r) => percent(r.tooCheap)))}).`,
    );
  return {
    headline: range.missed
      ? `The acceptable price range lies ${range.text}, so the prices asked missed it (Van Westendorp, from the point of marginal cheapness to the point of marginal expensiveness)`
      : `The acceptable price range is ${range.text} (Van Westendorp, from the point of marginal cheapness to the point of marginal expensiveness)`,
    item: range.missed ? range.text : `${bare(pmc.price)} to ${format(pme.price)}`,
    details,
    actions,
    question: sensitivity.questions[3],
  };
}

/** The acceptable price range (PMC to PME), as the headline prints it, for hypotheses about a price. */
export function acceptableRange(
  results: ResearchResults,
  locale = "en-GB",
  hint?: string,
): { low: number; high: number; text: string } | undefined {
  const sensitivity = priceSensitivity(results);
  if (!sensitivity) return undefined;
  return {
    low: sensitivity.pmc.price,
    high: sensitivity.pme.price,
    text: acceptableRangeText(sensitivity, locale, hint),
  };
}

/** Share finding an asked price acceptable (neither too cheap nor too expensive), for hypotheses about it. */
export function acceptableAt(results: ResearchResults, price: number): number | undefined {
  const sensitivity = priceSensitivity(results);
  return sensitivity ? acceptableShare(sensitivity, price) : undefined;
}

// --- Concepts ---------------------------------------------------------------------------------------------------------------

/** The price a question names, with the unit written after it: "$9 a month", "CHF 12 per seat per month". */
function priceWithUnit(text: string): string | undefined {
  const match = moneyPattern().exec(text);
  if (!match) return undefined;
  const unit = /^ (?:(?:a|an|per) [a-z]+(?: (?:per|a) [a-z]+)?)/.exec(
    text.slice((match.index ?? 0) + match[0].length),
  )?.[0];
  return `${match[0]}${unit ?? ""}`;
}

/** What people who answer a concept's warmer measures favourably say of it, as a sentence holds it. */
const WARM: Readonly<Record<string, string>> = {
  appeal: "find it appealing",
  "word of mouth": "would recommend it",
  "fit with people's routine": "see it fitting into their routine",
  relevance: "find it relevant",
  "value for money": "rate it good value",
};

/** The lowest share saying they would take an idea up that a plan's hypothesis asks for. */
const INTENT_FLOOR = 0.25;

function conceptFinding(study: Study, results: ResearchResults): Finding | undefined {
  const n = results.respondents;
  const dimensions = results.questions
    .filter(isScale)
    .map((q) => ({ q, dimension: conceptDimension(q.question_text), score: favourable(q) }))
    .filter((d): d is { q: QuestionResult; dimension: string; score: number } => d.dimension !== undefined);
  const appeal = dimensions.find((d) => d.dimension === "appeal");
  const intent = dimensions.find((d) => d.dimension === "purchase intent" || d.dimension === "take-up intent");
  if (!appeal && !intent) return undefined;
  // The product's name where it is one; a sentence in the name field is quoted in the brief, never spliced here.
  const given = textInput(study.inputs, "product_name");
  const name = given !== undefined && spliceable(given) ? given : "The idea";
  // The price as the plan wrote it in the intent question, with its unit, so the headline names it the same way.
  const price = intent ? priceWithUnit(intent.q.question_text) : undefined;
  const publicly = publicOffer(stringInputs(study.inputs));
  const parts = [
    appeal ? `${name} appeals to ${percent(appeal.score)} (${favourableWords(appeal.q)})` : undefined,
    intent ? `${percent(intent.score)} say ${favourableWords(intent.q)}${price ? ` at ${price}` : ""}` : undefined,
  ].filter(Boolean);
  // Strongest and weakest point among the other measures: named only when the numbers separate them; level points
  // are said to be level, never broken silently.
  const rest = dimensions.filter((d) => d !== appeal && d !== intent);
  let headline = parts.join(" and ");
  let weakest: { dimension: string; score: number } | undefined;
  if (rest.length >= 2) {
    const board = leaders(
      rest.map((d) => ({ item: d.dimension, share: d.score })),
      () => ({ kind: "two questions", n }),
    );
    const low = [...rest].sort((a, b) => a.score - b.score);
    const bottom = leaders(
      low.map((d) => ({ item: d.dimension, share: 1 - d.score })),
      () => ({ kind: "two questions", n }),
    );
    // A strongest or weakest point is named when the numbers single it out, or two are level; a group of three or
    // more level points says nothing and is left out.
    const named = (b: typeof board, share: (l: Ranked<string>) => number, one: string, two: string) =>
      b.clear
        ? `${one} ${b.leaders[0]?.item} (${percent(share(b.leaders[0] as Ranked<string>))})`
        : b.leaders.length === 2
          ? `${two} ${joinList(b.leaders.map((l) => `${l.item} (${percent(share(l))})`))}, level within the margin of error`
          : undefined;
    const strongest = named(board, (l) => l.share, "its strongest point is", "its strongest points are");
    const weakText = named(bottom, (l) => 1 - l.share, "its weakest point is", "its weakest points are");
    const said = [strongest, weakText].filter((p): p is string => p !== undefined);
    const overlap = board.leaders.some((l) => bottom.leaders.some((b) => b.item === l.item));
    if (said.length > 0 && !overlap) headline += `; ${said.join(", ")}`;
    if (bottom.clear)
      weakest = { dimension: bottom.leaders[0]?.item as string, score: 1 - (bottom.leaders[0]?.share ?? 0) };
  }
  // Measures of the same people that point opposite ways (finding it appealing, recommending it, seeing it fit their
  // routine, relevance or value, beside clearly fewer who would take it up): the report reads the two together in one
  // sentence and says what the gap points to, never leaves 54% "would recommend" unexplained beside 16% intent. Both
  // calls are the margin of error's: the warm measure not under half, and ahead of intent beyond the margin.
  const details: string[] = [];
  const value = dimensions.find((d) => d.dimension === "value for money");
  const below = (d: (typeof dimensions)[number]) => againstThreshold(d.score, 0.5, n).call === "below";
  const warm =
    intent && below(intent)
      ? dimensions
          .filter(
            (d) =>
              WARM[d.dimension] !== undefined &&
              !below(d) &&
              compare(d.score, intent.score, { kind: "two questions", n }).call === "lead",
          )
          .sort((a, b) => b.score - a.score)[0]
      : undefined;
  if (warm && intent) {
    const takeUp = `${percent(intent.score)} say ${favourableWords(intent.q)}${price ? ` at ${price}` : ""}`;
    const taken = intent.dimension === "purchase intent" ? "bought" : "taken up";
    const reading =
      value && warm !== value && below(value)
        ? `liked but not ${taken} at this price, as only ${percent(value.score)} rate it ${favourableWords(value.q)}, so the price is the likelier barrier`
        : weakest && weakest.dimension !== "value for money" && weakest.dimension !== warm.dimension
          ? `${warm === value ? "the price is not what holds people back, and" : `liked but not ${taken}, so`} its weakest score, ${weakest.dimension} (${percent(weakest.score)}), is the likelier barrier`
          : warm === value
            ? "the price is not what holds people back; no question asked says what does, so ask it before changing anything"
            : `liked but not ${taken}, so ${price ? "the price or the need" : "the need or the moment"}, not the idea, is the likelier barrier; no question asked says which, so ask it before changing anything`;
    if (warm === appeal) headline = headline.replace(` and ${takeUp}`, `, yet only ${takeUp}`);
    details.push(`${percent(warm.score)} ${WARM[warm.dimension]}, but only ${takeUp}: ${reading}`);
  }
  const lead = appeal ?? intent;
  const actions: string[] = [];
  const subject = name === "The idea" ? "the idea" : name;
  // A free or public service is rolled out, never budgeted for or reworked as an offer.
  const rework = publicly ? "Rework the idea before rolling it out" : "Rework the offer before investing further";
  const confirm = publicly ? "before rolling it out" : "before committing budget";
  // Appeal alone is no go-ahead: where intent is clearly under the lowest bar a plan sets for it, the offer is reworked.
  const fewTakeUp = intent && appeal && againstThreshold(intent.score, INTENT_FLOOR, n).call === "below";
  if (fewTakeUp)
    actions.push(
      `${rework}: ${percent(appeal.score)} find ${subject} appealing, but only ${percent(intent.score)} say ${favourableWords(intent.q)}${price ? ` at ${price}` : ""}.`,
    );
  else if (lead) {
    // Half is the bar; a score within the margin of error of it cannot say go or rework at this sample size.
    const call = againstThreshold(lead.score, 0.5, n);
    actions.push(
      call.call === "too close"
        ? `Test further before deciding: ${lead.dimension} is ${percent(lead.score)}, too near half to call at this sample size; a larger sample would settle it.`
        : call.call === "above"
          ? `Take ${subject} forward: ${percent(lead.score)} on ${lead.dimension} is a good start; confirm it with a small live sample ${confirm}.`
          : `${publicly ? rework : "Rework the proposition before investing further"}: ${lead.dimension} is ${percent(lead.score)}, clearly under half.`,
    );
  }
  // Value for money is the price against what it buys: the advice is to test one or the other, never "work on" it.
  if (weakest?.dimension === "value for money")
    actions.push(
      `Test the price or what it includes first: ${percent(weakest.score)} on value for money, the weakest of the idea's scores.`,
    );
  else if (weakest)
    actions.push(`Work on ${weakest.dimension} first: ${percent(weakest.score)}, the weakest of the idea's scores.`);
  return {
    headline: capitalise(headline),
    details,
    actions,
    ...(lead && !fewTakeUp ? { decidesOn: lead.score } : {}),
    ...(actions[0]?.startsWith("Take ") ? { goes: true } : {}),
    question: lead?.q,
  };
}

// --- Brands ------------------------------------------------------------------------------------------------------------------

/** The share of people who gave a rating, of those who could ("Don't know" left out), and its base. */
function amongKnowing(q: QuestionResult): { share: number; base: number } {
  const dontKnow = q.answer_options
    .filter((o) => /^don't know\b/i.test(o))
    .reduce((s, o) => s + (q.overall[o] ?? 0), 0);
  const base = 1 - dontKnow;
  return { share: base > 0 ? favourable(q) / base : 0, base };
}

/** A step of a brand's funnel, with the share of all respondents who reach it. */
interface FunnelStep {
  measure: string;
  share: number;
  /** The action that lifts people past this step. */
  action: string;
}

/**
 * The brand's funnel (awareness, knowing it well, consideration, first choice) from the questions asked, and the step
 * that loses the largest part of the people who reached the one before: the gap advice should address first.
 */
function weakestStep(
  brand: string,
  results: ResearchResults,
  familiarity: QuestionResult | undefined,
  firstShare: number | undefined,
): { step: FunnelStep; funnel: FunnelStep[] } | undefined {
  const heard = familiarity?.answer_options.find((o) => /^never heard/i.test(o));
  // The brand's own consideration, not a rival's asked beside it.
  const consider = results.questions.find(
    (q) => isScale(q) && /\bconsider\b/i.test(q.question_text) && q.question_text.includes(brand),
  );
  const funnel: FunnelStep[] = [
    ...(familiarity && heard
      ? [
          {
            measure: "awareness",
            share: 1 - (familiarity.overall[heard] ?? 0),
            action: `Raise awareness first: ${percent(familiarity.overall[heard] ?? 0)} had never heard of ${brand}`,
          },
        ]
      : []),
    ...(familiarity
      ? [
          {
            measure: "knowing it well",
            share: favourable(familiarity),
            action: `Turn awareness into familiarity: only ${percent(favourable(familiarity))} know ${brand} well`,
          },
        ]
      : []),
    ...(consider
      ? [
          {
            measure: "consideration",
            share: considering(consider),
            action: `Earn a place on the shortlist: ${percent(considering(consider))} would consider ${brand} (${CONSIDERING_WORDS})`,
          },
        ]
      : []),
    ...(firstShare !== undefined
      ? [
          {
            measure: "first choice",
            share: firstShare,
            action: `Win first choice: ${brand} is picked first by ${percent(firstShare)}`,
          },
        ]
      : []),
  ];
  if (funnel.length < 2) return undefined;
  // Kept: the share of those at the step before who reach this one (the first step is kept of everyone).
  const kept = funnel.map((f, i) => {
    const before = i === 0 ? 1 : (funnel[i - 1] as FunnelStep).share;
    return before > 0 ? Math.min(1, f.share / before) : 1;
  });
  const at = kept.indexOf(Math.min(...kept));
  return { step: funnel[at] as FunnelStep, funnel };
}

/** "awareness 71.5% → knowing it well 5.4% → first choice 1.5%": every step with its measure's name. */
const funnelText = (funnel: readonly FunnelStep[]) => funnel.map((f) => `${f.measure} ${percent(f.share)}`).join(" → ");

function brandFinding(study: Study, results: ResearchResults): Finding | undefined {
  const given = textInput(study.inputs, "brand");
  if (!given) return undefined;
  // The brand as the plan named it in its questions and options (client-text.ts): a long text by its short name.
  const brand = clientText(brandNameOf(given), "the brand").name;
  const n = results.respondents;
  const brands = [brand, ...listInput(study.inputs, "competitors")];
  const has = (q: QuestionResult, b: string) => q.answer_options.some((o) => o.toLowerCase() === b.toLowerCase());
  const first = results.questions.find(
    (q) =>
      /\bfirst\b|\bchoosing today\b/i.test(q.question_text) && brands.length >= 2 && brands.every((b) => has(q, b)),
  );
  const familiarity = results.questions.find((q) => isScale(q) && /\bfamiliar\b|\bheard of\b/i.test(q.question_text));
  const attributes = results.questions
    .filter((q) => isScale(q) && /\bdescribe/i.test(q.question_text) && quoteOf(q))
    .map((q) => ({ q, attribute: quoteOf(q) as string, ...amongKnowing(q) }))
    .sort((a, b) => b.share - a.share);
  const details: string[] = [];
  const actions: string[] = [];
  if (familiarity) {
    const heard = familiarity.answer_options.find((o) => /^never heard/i.test(o));
    details.push(
      `${percent(favourable(familiarity))} know ${brand} well (${favourableWords(familiarity)})${heard ? `; ${percent(familiarity.overall[heard] ?? 0)} had never heard of it` : ""}`,
    );
  }
  // Attributes are rated only by those who know the brand well enough: the others said so, and are counted as such.
  if (attributes.length >= 1) {
    const board = leaders(
      attributes.map((a) => ({ item: a.attribute, share: favourable(a.q) })),
      () => ({ kind: "two questions", n }),
    );
    const unsure = 1 - (attributes[0]?.base ?? 1);
    const said = `${unsure > 0 ? `; ${percent(unsure)} do not know it well enough to say` : ""}`;
    details.push(
      attributes.length === 1 || board.clear
        ? `It is most strongly seen as "${board.leaders[0]?.item}" (${percent(board.leaders[0]?.share ?? 0)} say it describes it well${said})`
        : `${joinList(board.leaders.map((l) => `"${l.item}" (${percent(l.share)})`))} describe it about equally well${said}`,
    );
    if (attributes.length === 1 || board.clear)
      actions.push(
        `Build the message on "${board.leaders[0]?.item}", the image ${brand} already owns among those who know it.`,
      );
  }
  if (first) {
    const order = ranked(first)
      .filter((r) => brands.some((b) => b.toLowerCase() === r.option.toLowerCase()))
      .map((r) => ({ item: r.option, share: r.share }));
    const board = leaders(order, () => ({ kind: "one question", n }));
    const own = order.find((r) => r.item.toLowerCase() === brand.toLowerCase()) as Ranked<string>;
    const top = board.leaders[0] as Ranked<string>;
    const ownLeads = board.leaders.some((l) => l.item === own.item);
    let headline: string;
    if (board.clear && top.item === own.item) {
      headline = `${brand} is picked first most often (${percent(own.share)}), ahead of ${(board.ranked[1] as Ranked<string>).item} (${percent((board.ranked[1] as Ranked<string>).share)})`;
      actions.unshift(
        `Defend the lead: ${brand} is picked first by ${percent(own.share)}, beyond the margin of error.`,
      );
    } else {
      headline = board.clear
        ? `${top.item} is picked first most often (${percent(top.share)}), ahead of ${brand} (${percent(own.share)})`
        : `No brand clearly leads on first choice: ${joinList(board.leaders.map((l) => `${l.item} (${percent(l.share)})`))} are within the margin of error${ownLeads ? "" : `, with ${brand} behind (${percent(own.share)})`}`;
      // Behind on first choice: the advice is the funnel's weakest step, which may come well before first choice.
      const weakest = ownLeads && !board.clear ? undefined : weakestStep(brand, results, familiarity, own.share);
      if (weakest)
        actions.unshift(
          `${weakest.step.action}, the step that loses the most of those who reached the one before (${funnelText(weakest.funnel)}).`,
        );
      else if (!ownLeads || board.clear)
        actions.unshift(
          `Win first choice${board.clear ? ` from ${top.item}` : ""}: ${brand} is picked first by ${percent(own.share)}${board.clear ? ` against ${percent(top.share)}` : `, behind ${joinList(board.leaders.map((l) => l.item))}`}.`,
        );
    }
    return { headline, ...(board.clear ? { item: top.item } : {}), details, actions, question: familiarity };
  }
  if (!familiarity && attributes.length === 0) return undefined;
  const weakest = weakestStep(brand, results, familiarity, undefined);
  if (weakest)
    actions.push(
      `${weakest.step.action}, the step that loses the most of those who reached the one before (${funnelText(weakest.funnel)}).`,
    );
  else if (familiarity && favourable(familiarity) < 0.5)
    actions.push(`Raise awareness: only ${percent(favourable(familiarity))} know ${brand} well.`);
  const [headline, ...rest] = details;
  return {
    headline: `${/^the /.test(brand) ? capitalise(brand) : brand}: ${(headline as string).replace(`know ${brand}`, "know it")}`,
    details: rest,
    actions,
    question: familiarity ?? attributes[0]?.q,
  };
}

// --- Item sets and anything else -----------------------------------------------------------------------------------------

/**
 * An item set's ask as a report quotes it: without the stimulus every question of the set states ("Thinking about
 * "…", how important…"), which the report names elsewhere, and with no double quote left to close the report's own.
 */
function askShown(ask: string): string {
  const bare = ask.replace(/^Thinking about "[^"]*", /, "").replace(/ \("[^"]*"\)$/, "");
  return capitalise(bare).replace(/"([^"]*)"/g, "\u2018$1\u2019");
}

function itemSetFinding(results: ResearchResults): Finding | undefined {
  const sets = itemSets(results);
  if (sets.length === 0) return undefined;
  const n = results.respondents;
  const lines: string[] = [];
  const actions: string[] = [];
  let question: QuestionResult | undefined;
  let single: string | undefined;
  // Each set is ranked within itself: its items were rated on one scale, against each other.
  for (const set of sets) {
    const board = leaders(
      set.items.map((i) => ({ item: i.item, share: i.score })),
      () => ({ kind: "two questions", n }),
    );
    const best = board.leaders[0] as Ranked<string>;
    const bestQuestion = set.items.find((i) => i.item === best.item)?.question as QuestionResult;
    question ??= bestQuestion;
    const worst = board.ranked[board.ranked.length - 1] as Ranked<string>;
    const worstTrails = !board.leaders.some((l) => l.item === worst.item);
    if (board.clear) {
      single = sets.length === 1 ? best.item : undefined;
      lines.push(
        `Of the ${set.items.length} items asked "${askShown(set.ask)}", "${best.item}" comes out on top (${percent(best.share)} ${favourableWords(bestQuestion)}), ahead of "${(board.ranked[1] as Ranked<string>).item}" (${percent((board.ranked[1] as Ranked<string>).share)})`,
      );
      // The items may be options the team chooses between or things people hold views of (kinds of charity): the
      // action is to learn from the one the numbers single out, never to "lead with" something the team does not own.
      actions.push(`Find out what sets "${best.item}" apart: it is the one item of the set the numbers single out.`);
    } else {
      lines.push(
        `Of the ${set.items.length} items asked "${askShown(set.ask)}", ${quoted(board.leaders)} are level at the top`,
      );
      actions.push(
        `Do not pick between ${joinList(board.leaders.map((l) => `"${l.item}"`))} on these numbers: they are within the margin of error.`,
      );
    }
    if (worstTrails && set.items.length > 2) {
      const wq = set.items.find((i) => i.item === worst.item)?.question as QuestionResult;
      actions.push(
        `Look into why "${worst.item}" trails: ${percent(worst.share)} answer ${favourableWords(wq)}, behind the leaders beyond the margin of error.`,
      );
    }
  }
  const [headline, ...details] = lines;
  return { headline: headline as string, ...(single ? { item: single } : {}), details, actions, question };
}

function questionFinding(q: QuestionResult, n: number): { line: string; item: string; clear: boolean } {
  if (isScale(q)) {
    return {
      line: `${describeQuestion(q.question_text)}: ${percent(favourable(q))} answer ${favourableWords(q)}, ${percent(unfavourable(q))} the other end of the scale`,
      item: favourableOf(q)[0] as string,
      clear: true,
    };
  }
  const [lead, second] = ranked(q);
  const verb =
    q.question_type === "ranking"
      ? "is ranked first most often"
      : q.question_type === "open_text"
        ? "is the answer given most often"
        : "leads";
  const gap = lead && second ? compare(lead.share, second.share, { kind: "one question", n }) : undefined;
  if (gap && gap.call !== "lead" && second)
    return {
      line: `${describeQuestion(q.question_text)}: "${lead?.option}" (${percent(lead?.share ?? 0)}) and "${second.option}" (${percent(second.share)}) are the commonest answers, level within the margin of error`,
      item: lead?.option ?? "",
      clear: false,
    };
  return {
    line: `${describeQuestion(q.question_text)}: "${lead?.option}" ${verb} (${percent(lead?.share ?? 0)})${second ? `, ahead of "${second.option}" (${percent(second.share)})` : ""}`,
    item: lead?.option ?? "",
    clear: true,
  };
}

function strongestFinding(results: ResearchResults): Finding | undefined {
  const n = results.respondents;
  const attitudes = attitudeQuestions(results);
  // "How often…" describes behaviour: a finding only when nothing else was asked.
  const opinions = attitudes.filter((q) => kindOf(q.question_text) !== "frequency");
  const pool = opinions.length ? opinions : attitudes.length ? attitudes : results.questions;
  if (pool.length === 0) return undefined;
  // The survey's own open "why" question comes first: it is what the survey was written to answer.
  const reason = pool.find((q) => q.question_type === "open_text" && /\bmain reason\b/i.test(q.question_text));
  const order = [...pool].sort((a, b) => decisiveness(b) - decisiveness(a));
  const lead = reason ?? (order[0] as QuestionResult);
  const found = questionFinding(lead, n);
  // What would keep people, or bring them back, is the other half of a "why do they leave" objective: it is always
  // reported beside the reasons.
  const keep = pool.find(
    (q) =>
      q !== lead && q.question_type === "open_text" && /\bwhat would (?:have kept|make you)\b/i.test(q.question_text),
  );
  const details = [...(keep ? [keep] : []), ...order.filter((q) => q !== lead && q !== keep)]
    .slice(0, 2)
    .map((q) => questionFinding(q, n).line);
  const share = ranked(lead)[0]?.share ?? 0;
  const actions = !found.clear
    ? [
        `Weigh ${found.line.replace(/, level within the margin of error$/, "")} together: the numbers do not single one out, so act on both or ask a larger sample.`,
      ]
    : lead.question_type === "open_text"
      ? [
          `Tackle "${found.item}" first: it is the answer given most often (${percent(share)}), beyond the margin of error.`,
        ]
      : isScale(lead) && favourable(lead) < 0.5
        ? [
            `Look into ${describeQuestion(lead.question_text)}: only ${percent(favourable(lead))} answer ${favourableWords(lead)}.`,
          ]
        : isScale(lead)
          ? [
              `Make use of it: ${percent(favourable(lead))} answer ${favourableWords(lead)} on ${describeQuestion(lead.question_text)}, the clearest result of the survey.`,
            ]
          : [
              `Lead on "${found.item}": ${percent(share)} choose it on ${describeQuestion(lead.question_text)}, more than any other answer.`,
            ];
  return {
    headline: capitalise(found.line),
    ...(found.clear ? { item: found.item } : {}),
    details,
    actions,
    question: lead,
  };
}

/** The finding a research report leads with, for the simulation's goal (see `Finding`). */
export function researchFinding(study: Study, results: ResearchResults): Finding | undefined {
  const byGoal: Record<string, (s: Study, r: ResearchResults) => Finding | undefined> = {
    message_test: messageFinding,
    feature_prioritisation: featureFinding,
    pricing: pricingFinding,
    concept_test: conceptFinding,
    brand_perception: brandFinding,
  };
  // A survey design's item sets are what it was written to compare, whatever the goal.
  return (
    (study.designed ? itemSetFinding(results) : undefined) ??
    byGoal[study.goal]?.(study, results) ??
    strongestFinding(results)
  );
}
