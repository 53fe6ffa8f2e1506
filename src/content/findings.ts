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
  itemSet,
  listInput,
  marginOfError,
  primaryMeasure,
  quoteOf,
  ranked,
  type Study,
  textInput,
  unfavourable,
} from "./analysis.js";
import { moneyPattern } from "./money.js";
import { joinList } from "./question-bank.js";
import { describeQuestion, kindOf } from "./question-kinds.js";
import { percent, type QuestionResult, type ResearchResults } from "./results.js";
import { formatAmount, priceInEnglish } from "./segments.js";
import { acceptableShare, type PricePoint, type PriceSensitivity, priceSensitivity } from "./van-westendorp.js";

/**
 * What a research report leads with: the strongest differentiating result for the simulation's goal (the winning
 * message, the top feature, the acceptable price range, the concept's strongest and weakest point, the brand people
 * pick first, the leading answer of a custom survey), the lines that support it, and the recommendations that follow
 * from it. Every share is printed with `percent` from `results` (or a sum of its shares), so it agrees with them to
 * the digit.
 */
export interface Finding {
  /** One sentence, without its final full stop. */
  headline: string;
  /** The best-scoring item the headline names (a message, feature, brand, answer, dimension or price range). */
  item?: string;
  details: string[];
  actions: string[];
  /**
   * The share the first action is a go/no-go call on (a concept's appeal): a hypothesis verdict that calls the same
   * number too close to call gives the advice instead, so the report does not say "rework" and "too close to call".
   */
  decidesOn?: number;
  /** The question the headline's number comes from, to rank user models on. */
  question?: QuestionResult;
}

/** "Very appealing" or "Quite appealing": the favourable labels of a scale, in quotes. */
function favourableWords(q: QuestionResult): string {
  return favourableOf(q)
    .map((o) => `"${o}"`)
    .join(" or ");
}

const spread = (values: number[]) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return values.length === 1 || low === high ? percent(high) : `${percent(low)} to ${percent(high)}`;
};

const others = (n: number) => `the other ${n === 1 ? "one" : n}`;

// --- Messages -----------------------------------------------------------------------------------------------------------

function messageFinding(study: Study, results: ResearchResults): Finding | undefined {
  const messages = listInput(study.inputs, "messages");
  if (messages.length < 2) return undefined;
  const scores = itemScores(results, messages);
  const measure = primaryMeasure(scores, [
    ["rated", "persuasion"],
    ["rated", "reaction"],
    ["chosen", "persuasion"],
    ["chosen", "first"],
  ]);
  if (!measure) return undefined;
  const chosen = primaryMeasure(scores, [["chosen", "persuasion"]]);
  const choiceOf = (item: string) => chosen?.ranked.find((r) => r.item === item)?.score ?? 0;
  // Messages level on the printed figure are a tie; the side-by-side choice, when asked, breaks it.
  const top = percent((measure.ranked[0] as { score: number }).score);
  const level = measure.ranked.filter((r) => percent(r.score) === top);
  const winner =
    level.length > 1 && chosen && measure.source === "rated"
      ? ([...level].sort((a, b) => choiceOf(b.item) - choiceOf(a.item))[0] as { item: string; score: number })
      : (measure.ranked[0] as { item: string; score: number });
  const [best, ...rest] = [winner, ...measure.ranked.filter((r) => r !== winner)] as [
    { item: string; score: number },
    ...Array<{ item: string; score: number }>,
  ];
  const worst = rest[rest.length - 1] ?? best;
  const what =
    measure.source === "chosen"
      ? "pick it as the most persuasive side by side"
      : measure.dimension === "reaction"
        ? 'say it "makes me want to find out more"'
        : "say it makes them want to find out more (top-two box)";
  const details: string[] = [];
  const actions = [`Lead with "${best.item}": ${percent(best.score)} ${what}.`];
  const tied = level.filter((r) => r.item !== best.item);
  if (measure.source === "rated" && chosen && tied.length === 0) {
    const picked = chosen.ranked[0] as { item: string; score: number };
    const bestPicked = chosen.ranked.find((r) => r.item === best.item)?.score ?? 0;
    details.push(
      picked.item === best.item
        ? `Side by side it is also picked as the most persuasive most often (${percent(picked.score)})`
        : `Side by side, though, "${picked.item}" is picked as the most persuasive more often (${percent(picked.score)} against ${percent(bestPicked)}), so test the two head to head`,
    );
  }
  const believed = primaryMeasure(scores, [
    ["rated", "believability"],
    ["chosen", "believability"],
  ]);
  if (believed) {
    const top = believed.ranked[0] as { item: string; score: number };
    const own = believed.ranked.find((r) => r.item === best.item)?.score ?? 0;
    const label = believed.source === "rated" ? "find it believable (top-two box)" : "pick it as the most believable";
    if (top.item === best.item) details.push(`It is also the most believable: ${percent(own)} ${label}`);
    else {
      details.push(
        `"${top.item}" is the most believable (${percent(top.score)} ${label}; "${best.item}" ${percent(own)})`,
      );
      actions.push(`Back "${best.item}" with proof: it is believed less than "${top.item}".`);
    }
  }
  if (worst !== best) {
    details.push(`The weakest is "${worst.item}" (${percent(worst.score)})`);
    actions.push(`Drop or rework "${worst.item}": only ${percent(worst.score)} ${what}.`);
  }
  const behind = rest.filter((r) => !tied.includes(r));
  const against = behind.length ? `, against ${spread(behind.map((r) => r.score))} for ${others(behind.length)}` : "";
  return {
    headline: tied.length
      ? `"${best.item}" is the strongest message, level with ${tied.map((r) => `"${r.item}"`).join(" and ")} (${percent(best.score)} ${what.replace(/\bit\b/, "each").replace(" (top-two box)", "")}${against}) and picked more often side by side (${percent(choiceOf(best.item))} against ${tied.map((r) => percent(choiceOf(r.item))).join(", ")})`
      : `"${best.item}" is the strongest message: ${percent(best.score)} ${what}${against}`,
    item: best.item,
    details,
    actions,
    question: results.questions.find(
      (q) => quoteOf(q) === best.item && /find out more|persua|reaction/i.test(q.question_text),
    ),
  };
}

// --- Features -------------------------------------------------------------------------------------------------------------

type Scored = { item: string; score: number };

/** The first, second and last of items ranked best first (at least two of them). */
function podium(ranked: readonly Scored[]): { best: Scored; second: Scored; last: Scored } {
  const best = ranked[0] as Scored;
  const second = ranked[1] as Scored;
  return { best, second, last: ranked.length > 2 ? (ranked[ranked.length - 1] as Scored) : second };
}

function featureFinding(study: Study, results: ResearchResults): Finding | undefined {
  const features = listInput(study.inputs, "features");
  if (features.length < 2) return undefined;
  const scores = itemScores(results, features);
  const importance = primaryMeasure(scores, [["rated", "importance"]]);
  const chosen = primaryMeasure(scores, [["chosen", "first"]]);
  const details: string[] = [];
  // Asked to keep only one, people show the trade-off that ratings hide (where every feature can be "important").
  if (chosen) {
    const { best, second, last } = podium(chosen.ranked);
    const question = results.questions.find((q) => quoteOf(q) === best.item && /importan/i.test(q.question_text));
    if (importance) {
      const rated = importance.ranked[0] as { item: string; score: number };
      const own = importance.ranked.find((r) => r.item === best.item)?.score ?? 0;
      details.push(
        rated.item === best.item
          ? `It is also rated important most often: ${percent(own)}${question ? ` say ${favourableWords(question)}` : ""}`
          : `Rated one by one, "${rated.item}" is called important most often (${percent(rated.score)}; "${best.item}" ${percent(own)})`,
      );
    }
    details.push(`The least chosen is "${last.item}" (${percent(last.score)})`);
    return {
      headline: `"${best.item}" is the top feature: ${percent(best.score)} would keep it if they could have only one, ahead of "${second.item}" (${percent(second.score)})`,
      item: best.item,
      details,
      actions: [
        `Build "${best.item}" first: it wins the trade-off (${percent(best.score)}).`,
        `Leave "${last.item}" for later: only ${percent(last.score)} would keep it over the others.`,
      ],
      question,
    };
  }
  if (importance) {
    const { best, second, last } = podium(importance.ranked);
    const question = results.questions.find((q) => quoteOf(q) === best.item && /importan/i.test(q.question_text));
    const words = question ? favourableWords(question) : "very important or essential";
    details.push(`The least wanted is "${last.item}" (${percent(last.score)})`);
    return {
      headline: `"${best.item}" is the top feature: ${percent(best.score)} rate it ${words}, ahead of "${second.item}" (${percent(second.score)})`,
      item: best.item,
      details,
      actions: [
        `Build "${best.item}" first: it leads on importance (${percent(best.score)}).`,
        `Leave "${last.item}" for later: ${percent(last.score)} rate it ${words}.`,
      ],
      question,
    };
  }
  const sets = bestWorst(results, features);
  if (sets) {
    const net = sets
      .map((s, index) => ({ ...s, index, net: Number((s.best * 100).toFixed(1)) - Number((s.worst * 100).toFixed(1)) }))
      .sort((a, b) => b.net - a.net || a.index - b.index);
    const best = net[0] as (typeof net)[number];
    const last = net[net.length - 1] as (typeof net)[number];
    return {
      headline: `"${best.item}" is the top feature: picked as the most important in its set by ${percent(best.best)} and as the least important by ${percent(best.worst)}`,
      item: best.item,
      details: [
        `The least wanted is "${last.item}": most important for ${percent(last.best)}, least for ${percent(last.worst)}`,
      ],
      actions: [
        `Build "${best.item}" first: it wins its set most clearly.`,
        `Leave "${last.item}" for later: it is picked as least important more often than as most important.`,
      ],
    };
  }
  return undefined;
}

// --- Pricing ----------------------------------------------------------------------------------------------------------------

/** Prints a price as the ladder's labels do ("£5.12 a month"), to the penny below 20 and whole above. */
export function priceFormatter(sensitivity: PriceSensitivity): (price: number) => string {
  const sample = sensitivity.rows[0]?.label ?? "";
  const prefix = /^(?:[\u00a3$\u20ac]|[A-Z]{3}\s?)/.exec(sample)?.[0] ?? "";
  const suffix = /\d(\s+(?:a|per)\s+\w+)\s*$/.exec(sample)?.[1] ?? "";
  const fractional = sensitivity.rows.some((r) => !Number.isInteger(r.price));
  return (price) => {
    const decimals = fractional || price < 20 ? 2 : 0;
    return `${prefix}${formatAmount(price, decimals)}${suffix}`;
  };
}

function pointText(point: PricePoint, format: (p: number) => string, rows: PriceSensitivity["rows"]): string {
  if (point.inside) return format(point.price);
  return point.price <= (rows[0]?.price ?? 0)
    ? `${format(point.price)} or below (the lowest price asked)`
    : `${format(point.price)} or above (the highest price asked)`;
}

/**
 * The acceptable range as a reader takes it: "£40 to £48 a month" (the billing period once, at the end); or, when the
 * curves meet beyond one end of the ladder so that both ends of the range fall on the same asked price, where the
 * range lies ("at or below £20, the lowest price asked"), never "£20 or below … to £20 or below".
 */
function rangeWords(sensitivity: PriceSensitivity): { text: string; missed?: "below" | "above" } {
  const format = priceFormatter(sensitivity);
  const { pmc, pme, rows } = sensitivity;
  const bare = (text: string) => text.replace(BILLING_PERIOD, "");
  if (Math.abs(pmc.price - pme.price) < 1e-9 && !(pmc.inside && pme.inside)) {
    return pmc.price <= (rows[0]?.price ?? 0)
      ? { text: `at or below ${format(pmc.price)}, the lowest price asked`, missed: "below" }
      : { text: `at or above ${format(pmc.price)}, the highest price asked`, missed: "above" };
  }
  if (pmc.inside && pme.inside) return { text: `${bare(format(pmc.price))} to ${format(pme.price)}` };
  return { text: `${pointText(pmc, format, rows)} to ${pointText(pme, format, rows)}` };
}

/** The acceptable range's ends, "£40 to £48 a month", or where it lies when the ladder missed it. */
export function acceptableRangeText(sensitivity: PriceSensitivity): string {
  const words = rangeWords(sensitivity);
  if (words.missed) return words.text;
  const format = priceFormatter(sensitivity);
  return `${format(sensitivity.pmc.price).replace(BILLING_PERIOD, "")} to ${format(sensitivity.pme.price)}`;
}

function pricingFinding(_study: Study, results: ResearchResults): Finding | undefined {
  const intent = results.questions
    .filter((q) => conceptDimension(q.question_text) === "purchase intent" && isScale(q))
    .map((q) => ({ q, price: moneyPattern().exec(q.question_text)?.[0] }))
    .filter((i): i is { q: QuestionResult; price: string } => i.price !== undefined);
  const demand =
    intent.length >= 2
      ? `Purchase intent (${favourableWords((intent[0] as { q: QuestionResult }).q)}) is ${intent.map((i) => `${percent(favourable(i.q))} at ${i.price}`).join(", ")}`
      : undefined;
  const sensitivity = priceSensitivity(results);
  if (!sensitivity) {
    if (!demand) return undefined;
    return { headline: demand, details: [], actions: [], question: intent[0]?.q };
  }
  const format = priceFormatter(sensitivity);
  const { pmc, opp, ipp, pme, rows } = sensitivity;
  // "€40 to €48 a month": the billing period once, at the end.
  const bare = (text: string) => text.replace(BILLING_PERIOD, "");
  const range = rangeWords(sensitivity);
  const details = [
    `Optimal price point (as few find it too cheap as too expensive) ${pointText(opp, format, rows)}; indifference price point ${pointText(ipp, format, rows)}`,
  ];
  if (demand) details.push(demand);
  const above = rows.filter((r) => r.price > pme.price + 1e-9);
  const below = rows.filter((r) => r.price < pmc.price - 1e-9);
  const actions = [
    range.missed
      ? `Ask again with prices ${range.missed} ${format(pmc.price)}: the acceptable range lies ${range.text}, so this ladder cannot say where within it to price.`
      : `Price within ${bare(format(pmc.price))} to ${format(pme.price)}, nearer ${format(opp.price)} to keep doubts about quality and complaints about price equally rare.`,
  ];
  if (above.length)
    actions.push(
      `Avoid ${priceList(above, "and")}: above the range more people find it too expensive than a bargain (too expensive: ${joinList(above.map((r) => percent(r.tooExpensive)))}).`,
    );
  if (below.length)
    actions.push(
      `Do not go down to ${priceList(below, "or")}: below the range people start to doubt its quality (too cheap: ${joinList(below.map((r) => percent(r.tooCheap)))}).`,
    );
  return {
    headline: range.missed
      ? `The acceptable price range lies ${range.text}, so the prices asked missed it (Van Westendorp, from the point of marginal cheapness to the point of marginal expensiveness)`
      : `The acceptable price range is ${range.text} (Van Westendorp, from the point of marginal cheapness to the point of marginal expensiveness)`,
    item: range.missed ? range.text : `${bare(format(pmc.price))} to ${format(pme.price)}`,
    details,
    actions,
    question: sensitivity.questions[3],
  };
}

/** The acceptable price range (PMC to PME), as the headline prints it, for hypotheses about a price. */
export function acceptableRange(results: ResearchResults): { low: number; high: number; text: string } | undefined {
  const sensitivity = priceSensitivity(results);
  if (!sensitivity) return undefined;
  return { low: sensitivity.pmc.price, high: sensitivity.pme.price, text: acceptableRangeText(sensitivity) };
}

/** Share finding an asked price acceptable (neither too cheap nor too expensive), for hypotheses about it. */
export function acceptableAt(results: ResearchResults, price: number): number | undefined {
  const sensitivity = priceSensitivity(results);
  return sensitivity ? acceptableShare(sensitivity, price) : undefined;
}

// --- Concepts ---------------------------------------------------------------------------------------------------------------

function conceptFinding(study: Study, results: ResearchResults): Finding | undefined {
  const dimensions = results.questions
    .filter(isScale)
    .map((q) => ({ q, dimension: conceptDimension(q.question_text), score: favourable(q) }))
    .filter((d): d is { q: QuestionResult; dimension: string; score: number } => d.dimension !== undefined);
  const appeal = dimensions.find((d) => d.dimension === "appeal");
  const intent = dimensions.find((d) => d.dimension === "purchase intent");
  if (!appeal && !intent) return undefined;
  const name = textInput(study.inputs, "product_name") ?? "The idea";
  // The price as the plan wrote it in the intent question, so the headline names it the same way.
  const price = intent ? moneyPattern().exec(intent.q.question_text)?.[0] : undefined;
  const parts = [
    appeal ? `${name} appeals to ${percent(appeal.score)} (${favourableWords(appeal.q)})` : undefined,
    intent
      ? `${percent(intent.score)} say ${favourableWords(intent.q)}${price && intent.q.question_text.includes(price) ? ` at ${price}` : ""}`
      : undefined,
  ].filter(Boolean);
  const rest = dimensions
    .filter((d) => d !== appeal && d !== intent)
    .sort((a, b) => b.score - a.score || a.q.question_text.localeCompare(b.q.question_text));
  const strongest = rest[0];
  const weakest = rest[rest.length - 1];
  let headline = parts.join(" and ");
  if (strongest && weakest && strongest !== weakest)
    headline += `; its strongest point is ${strongest.dimension} (${percent(strongest.score)}), its weakest ${weakest.dimension} (${percent(weakest.score)})`;
  const lead = appeal ?? intent;
  const actions: string[] = [];
  // Half is the bar; a score within the margin of error of it cannot say go or rework at this sample size.
  const closeToHalf =
    lead !== undefined && Math.abs(lead.score - 0.5) * 100 < marginOfError(lead.score, results.respondents);
  if (lead)
    actions.push(
      closeToHalf
        ? `Test further before deciding: ${lead.dimension} is ${percent(lead.score)}, too near half to call at this sample size; a larger sample would settle it.`
        : lead.score >= 0.5
          ? `Take ${name === "The idea" ? "the idea" : name} forward: ${percent(lead.score)} on ${lead.dimension} is a good start; confirm it with a small live sample before committing budget.`
          : `Rework the proposition before investing further: ${lead.dimension} is ${percent(lead.score)}, under half.`,
    );
  if (weakest && strongest !== weakest)
    actions.push(
      `Work on ${weakest.dimension} first: only ${percent(weakest.score)}, the weakest of the concept's scores.`,
    );
  return {
    headline: capitalise(headline),
    item: strongest?.dimension,
    details: [],
    actions,
    ...(lead ? { decidesOn: lead.score } : {}),
    question: lead?.q,
  };
}

// --- Brands ------------------------------------------------------------------------------------------------------------------

function brandFinding(study: Study, results: ResearchResults): Finding | undefined {
  const brand = textInput(study.inputs, "brand");
  if (!brand) return undefined;
  const brands = [brand, ...listInput(study.inputs, "competitors")];
  const has = (q: QuestionResult, b: string) => q.answer_options.some((o) => o.toLowerCase() === b.toLowerCase());
  const first = results.questions.find(
    (q) =>
      /\bfirst\b|\bchoosing today\b/i.test(q.question_text) && brands.length >= 2 && brands.every((b) => has(q, b)),
  );
  const familiarity = results.questions.find((q) => isScale(q) && /\bfamiliar\b|\bheard of\b/i.test(q.question_text));
  const attributes = results.questions
    .filter((q) => isScale(q) && /\bdescribe/i.test(q.question_text) && quoteOf(q))
    .map((q) => ({ q, attribute: quoteOf(q) as string, score: favourable(q) }))
    .sort((a, b) => b.score - a.score);
  const details: string[] = [];
  const actions: string[] = [];
  if (familiarity) details.push(`${percent(favourable(familiarity))} know ${brand} (${favourableWords(familiarity)})`);
  const attribute = attributes[0];
  if (attribute)
    details.push(
      `It is most strongly seen as "${attribute.attribute}" (${percent(attribute.score)} say ${favourableWords(attribute.q)})`,
    );
  if (first) {
    const order = ranked(first).filter((r) => brands.some((b) => b.toLowerCase() === r.option.toLowerCase()));
    const leader = order[0] as { option: string; share: number };
    const own = order.find((r) => r.option.toLowerCase() === brand.toLowerCase()) as { option: string; share: number };
    const runnerUp = order[1];
    if (leader.option === own.option) {
      actions.push(`Defend the lead: ${brand} is picked first by ${percent(own.share)}.`);
    } else {
      actions.push(
        `Win first choice from ${leader.option}: ${brand} is picked first by ${percent(own.share)} against ${percent(leader.share)}.`,
      );
    }
    if (attribute) actions.push(`Build the message on "${attribute.attribute}", the image ${brand} already owns.`);
    return {
      headline:
        leader.option === own.option
          ? `${brand} is picked first most often (${percent(own.share)})${runnerUp ? `, ahead of ${runnerUp.option} (${percent(runnerUp.share)})` : ""}`
          : `${leader.option} is picked first most often (${percent(leader.share)}), ahead of ${brand} (${percent(own.share)})`,
      item: leader.option,
      details,
      actions,
      question: familiarity,
    };
  }
  if (!familiarity && !attribute) return undefined;
  if (attribute) actions.push(`Build the message on "${attribute.attribute}", the image ${brand} already owns.`);
  if (familiarity && favourable(familiarity) < 0.5)
    actions.push(`Raise awareness: only ${percent(favourable(familiarity))} know ${brand} well.`);
  const [headline, ...rest] = details;
  return {
    headline: `${brand}: ${(headline as string).replace(`know ${brand}`, "know it")}`,
    item: attribute?.attribute,
    details: rest,
    actions,
    question: familiarity ?? attribute?.q,
  };
}

// --- Item sets and anything else -----------------------------------------------------------------------------------------

function itemSetFinding(results: ResearchResults): Finding | undefined {
  const set = itemSet(results);
  if (!set) return undefined;
  const order = [...set.items].sort((a, b) => b.score - a.score);
  const best = order[0] as (typeof order)[number];
  const worst = order[order.length - 1] as (typeof order)[number];
  return {
    headline: `Of the ${set.items.length} items asked "${set.ask}", "${best.item}" comes out on top (${percent(best.score)} ${favourableWords(best.question)}) and "${worst.item}" last (${percent(worst.score)})`,
    item: best.item,
    details: [],
    actions: [
      `Lead with "${best.item}".`,
      `Rethink "${worst.item}": ${percent(worst.score)} answer ${favourableWords(worst.question)}.`,
    ],
    question: best.question,
  };
}

function questionFinding(q: QuestionResult): { line: string; item: string } {
  if (isScale(q)) {
    return {
      line: `${describeQuestion(q.question_text)}: ${percent(favourable(q))} answer ${favourableWords(q)}, ${percent(unfavourable(q))} the other end of the scale`,
      item: favourableOf(q)[0] as string,
    };
  }
  const [lead, second] = ranked(q);
  const verb =
    q.question_type === "ranking"
      ? "is ranked first most often"
      : q.question_type === "open_text"
        ? "is the answer given most often"
        : "leads";
  return {
    line: `${describeQuestion(q.question_text)}: "${lead?.option}" ${verb} (${percent(lead?.share ?? 0)})${second ? `, ahead of "${second.option}" (${percent(second.share)})` : ""}`,
    item: lead?.option ?? "",
  };
}

function strongestFinding(results: ResearchResults): Finding | undefined {
  const attitudes = attitudeQuestions(results);
  // "How often…" describes behaviour: a finding only when nothing else was asked.
  const opinions = attitudes.filter((q) => kindOf(q.question_text) !== "frequency");
  const pool = opinions.length ? opinions : attitudes.length ? attitudes : results.questions;
  if (pool.length === 0) return undefined;
  // The survey's own open "why" question comes first: it is what the survey was written to answer.
  const reason = pool.find((q) => q.question_type === "open_text" && /\bmain reason\b/i.test(q.question_text));
  const order = [...pool].sort((a, b) => decisiveness(b) - decisiveness(a));
  const lead = reason ?? (order[0] as QuestionResult);
  const found = questionFinding(lead);
  const details = order
    .filter((q) => q !== lead)
    .slice(0, 2)
    .map((q) => questionFinding(q).line);
  const actions =
    lead.question_type === "open_text"
      ? [`Tackle "${found.item}" first: it is the answer given most often.`]
      : isScale(lead) && favourable(lead) < 0.5
        ? [
            `Look into ${describeQuestion(lead.question_text)}: only ${percent(favourable(lead))} answer ${favourableWords(lead)}.`,
          ]
        : isScale(lead)
          ? [
              `Make use of it: ${percent(favourable(lead))} answer ${favourableWords(lead)} on ${describeQuestion(lead.question_text)}, the clearest result of the survey; say so where people decide.`,
            ]
          : [
              `Lead on "${found.item}": ${percent(ranked(lead)[0]?.share ?? 0)} choose it on ${describeQuestion(lead.question_text)}, more than any other answer.`,
            ];
  const line = found.line;
  return { headline: capitalise(line), item: found.item, details, actions, question: lead };
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

/** The billing period a price label ends with: " a month", " per year". */
const BILLING_PERIOD = /\s+(?:a|per)\s+\w+$/;

/** "€49 and €59 a month": asked prices joined, their shared billing period said once, at the end. */
function priceList(rows: ReadonlyArray<{ label: string }>, last: "and" | "or"): string {
  const labels = rows.map((r) => r.label);
  const period = BILLING_PERIOD.exec(labels[0] ?? "")?.[0];
  const shared = period !== undefined && labels.every((label) => label.endsWith(period));
  return shared
    ? `${joinList(
        labels.map((label) => label.slice(0, -period.length)),
        last,
      )}${period}`
    : joinList(labels, last);
}
