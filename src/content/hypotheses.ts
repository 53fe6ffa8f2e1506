import {
  bestWorst,
  conceptDimension,
  favourable,
  isScale,
  itemScores,
  itemSet,
  listInput,
  primaryMeasure,
  quoteOf,
  ranked,
  type Study,
  textInput,
} from "./analysis.js";
import { againstThreshold, compare, withinMargin } from "./evidence.js";
import { acceptableAt, acceptableRange } from "./findings.js";
import type { JourneyResults } from "./journeys.js";
import { amountIn, moneyPattern, moneySource } from "./money.js";
import { claimOf } from "./proposed.js";
import { kindOf } from "./question-kinds.js";
import { percent, type QuestionResult, type ResearchResults } from "./results.js";
import { amountOf } from "./segments.js";

/**
 * Judging a plan's hypothesis against the results. The hypothesis is read as the claims it makes ("at least 45% rate
 * it quite or very appealing", "X is chosen more often than any other", "the biggest drop-off is at Y"); each claim is
 * supported or refuted by the numbers, or inconclusive when the plan did not ask what it needs (or, for a hypothesis
 * written in other words, when no claim can be read from it). A hypothesis is refuted when any claim is, supported when
 * every claim is. A share within the 95% margin of error of its threshold is a close call: inconclusive, whichever
 * side of the threshold it falls, since a simulation of that size cannot tell.
 */

export type Verdict = "supported" | "refuted" | "inconclusive";

export interface ClaimVerdict {
  /** The claim in the hypothesis's own words. */
  claim: string;
  verdict: Verdict;
  /** What the results say, with their numbers: "43.0% do". */
  evidence: string;
  /** The share a threshold claim was judged on, so advice on the same number can agree with the verdict. */
  share?: number;
  /**
   * A neutral claim ("one feature stands out") the margin of error leaves unproven is not borne out rather than
   * contradicted: "not supported", which a client reads as no winner yet, not as bad news.
   */
  unproven?: true;
}

export interface HypothesisVerdict {
  verdict: Verdict;
  claims: ClaimVerdict[];
}

type Judge = (match: RegExpExecArray) => Omit<ClaimVerdict, "claim"> | undefined;

const missing = (what: string): Omit<ClaimVerdict, "claim"> => ({
  verdict: "inconclusive",
  evidence: `the plan did not ask ${what}`,
});

/** "half" → 0.5, "a third" → 1/3, "40%" → 0.4. */
function threshold(text: string): number {
  const words: Record<string, number> = { half: 0.5, "a third": 1 / 3, "a quarter": 0.25 };
  return words[text.toLowerCase()] ?? Number.parseFloat(text) / 100;
}

/** Supported or refuted against a threshold, unless the share is within the margin of error of it: inconclusive. */
function threshold_(
  share: number,
  limit: number,
  n: number,
  what: string,
  atLeastSide: boolean,
  of = "respondents",
): Omit<ClaimVerdict, "claim"> {
  const { call, margin } = againstThreshold(share, limit, n);
  const close =
    call === "too close"
      ? ` (a close call: within the \u00b1${margin.toFixed(1)}-point margin of error for ${n} ${of})`
      : "";
  const above = share >= limit - 1e-12;
  const ok = atLeastSide ? above : !above;
  return {
    verdict: call === "too close" ? "inconclusive" : ok ? "supported" : "refuted",
    evidence: `${percent(share)} ${what}, ${above ? "at or above" : "below"} the threshold${close}`,
    share,
  };
}

const atLeast = (share: number, limit: number, n: number, what: string, of?: string) =>
  threshold_(share, limit, n, what, true, of);
const fewerThan = (share: number, limit: number, n: number, what: string, of?: string) =>
  threshold_(share, limit, n, what, false, of);

/** " (a close call: within the margin of error …)" when a share is within the margin of error of its threshold. */
function closeCall(share: number, limit: number, n: number, of = "respondents"): string {
  const { call, margin } = againstThreshold(share, limit, n);
  return call === "too close"
    ? ` (a close call: within the \u00b1${margin.toFixed(1)}-point margin of error for ${n} ${of})`
    : "";
}

/**
 * How two shares of one sample are compared: as answers to one question (options of one choice, so one share's gain is
 * the other's loss) or as answers to two questions (items of a set, each rated on its own).
 */
type Sharing = "one question" | "two questions";

/**
 * Whether `item` leads `order`: supported, refuted, or inconclusive on a tie or a gap within the margin of error. Every
 * claim that one answer leads is judged here, through `compare`, with the sample it was measured on.
 */
function leads(
  order: Array<{ item: string; score: number }>,
  item: string,
  what: string,
  n: number,
  sharing: Sharing = "one question",
): Omit<ClaimVerdict, "claim"> {
  const sorted = [...order].sort((a, b) => b.score - a.score);
  const top = sorted[0];
  // A name quoted in a sentence has its own double quotes made single ('Tap "Join"' is written "Tap 'Join'").
  const plain = (text: string) => text.toLowerCase().replace(/["\u201c\u201d]/g, "'");
  const own = sorted.find((o) => plain(o.item) === plain(item));
  if (!top || !own) return missing(what);
  const sampling = { kind: sharing, n } as const;
  if (top.item === own.item) {
    const second = sorted[1];
    const gap = second ? compare(own.score, second.score, sampling) : undefined;
    const close = gap && gap.call !== "lead" ? ` (a close call: ${withinMargin(gap)} of the gap)` : "";
    return {
      verdict: gap && gap.call !== "lead" ? "inconclusive" : "supported",
      evidence: `"${own.item}" ${what} ${percent(own.score)}${second ? `, ${gap?.call === "tie" ? "level with" : "ahead of"} "${second.item}" (${percent(second.score)})` : ""}${close}`,
    };
  }
  const gap = compare(top.score, own.score, sampling);
  const close = gap.call !== "lead" ? ` (a close call: ${withinMargin(gap)} of the gap)` : "";
  // Level on the printed figure, the claimed item shares the top: neither is "more than" the other.
  const versus =
    gap.call === "tie"
      ? `"${own.item}" ${what} ${percent(own.score)}, level with "${top.item}" (${percent(top.score)})`
      : `"${top.item}" ${what} ${percent(top.score)}, more than "${own.item}" (${percent(own.score)})`;
  return { verdict: gap.call !== "lead" ? "inconclusive" : "refuted", evidence: `${versus}${close}` };
}

/**
 * Whether one answer stands out: the top of `order` leads the second beyond the margin of error (supported), or it does
 * not (refuted: no single one stands out). The plan's neutral claim, which names no item in advance.
 */
function standsOut(
  order: Array<{ item: string; score: number }>,
  what: string,
  n: number,
  sharing: Sharing = "one question",
): Omit<ClaimVerdict, "claim"> {
  const sorted = [...order].sort((a, b) => b.score - a.score);
  const [top, second] = sorted;
  if (!top || !second) return missing(what);
  const gap = compare(top.score, second.score, { kind: sharing, n });
  if (gap.call === "lead")
    return {
      verdict: "supported",
      evidence: `"${top.item}" ${what} ${percent(top.score)}, ahead of "${second.item}" (${percent(second.score)}) beyond the margin of error`,
    };
  return {
    verdict: "refuted",
    unproven: true,
    evidence: `none stands out: "${top.item}" ${what} ${percent(top.score)} and "${second.item}" ${percent(second.score)}, ${withinMargin(gap)} of the gap`,
  };
}

const findQuestion = (results: ResearchResults, test: (q: QuestionResult) => boolean) => results.questions.find(test);

function researchJudges(study: Study, results: ResearchResults): Array<[RegExp, Judge]> {
  const n = results.respondents;
  const messages = Array.isArray(study.inputs.messages) ? (study.inputs.messages as unknown[]).map(String) : [];
  const features = Array.isArray(study.inputs.features) ? (study.inputs.features as unknown[]).map(String) : [];
  // The intent question for an act ("buy it", "take it out") at a price: by its ladder's words and the price it names.
  const intentAt = (price: string | undefined, act = "buy it") =>
    findQuestion(
      results,
      (q) =>
        isScale(q) &&
        (conceptDimension(q.question_text) === "purchase intent" ||
          conceptDimension(q.question_text) === "take-up intent") &&
        (act === "buy it" || q.question_text.toLowerCase().includes(act.toLowerCase())) &&
        (price === undefined || priceIn(q.question_text, price) !== undefined),
    );
  /**
   * Whether the item the study's own measure puts first stands out: chosen side by side where it was asked so, else
   * rated (`ratedWhat` says on what), the margin of error of one question or of two.
   */
  const leaderStandsOut = (items: readonly string[], [chosen, rated]: [string, string], ratedWhat: string) => {
    const measure = primaryMeasure(itemScores(results, items), [
      ["chosen", chosen],
      ["rated", rated],
    ]);
    if (!measure) return undefined;
    return {
      item: measure.ranked[0]?.item,
      verdict:
        measure.source === "chosen"
          ? standsOut(measure.ranked, "is chosen by", n)
          : standsOut(measure.ranked, ratedWhat, n, "two questions"),
    };
  };
  let feature: string | undefined;
  let message: string | undefined;
  let noLeader = false;
  let associated: { brand: string; rival: string } | undefined;
  const optionShare = (q: QuestionResult, b: string) => {
    const option = q.answer_options.find((o) => o.toLowerCase() === b.toLowerCase());
    return option === undefined ? undefined : (q.overall[option] ?? 0);
  };
  /** Whether `a` is chosen more than `b` on one question: supported, refuted, or too close to call. */
  const leadOver = (q: QuestionResult, a: string, b: string, what: string): Omit<ClaimVerdict, "claim"> => {
    const sa = optionShare(q, a);
    const sb = optionShare(q, b);
    if (sa === undefined || sb === undefined) return missing(`both ${a} and ${b}`);
    const gap = compare(sa, sb, { kind: "one question", n });
    return {
      verdict: gap.call !== "lead" ? "inconclusive" : sa > sb ? "supported" : "refuted",
      evidence: `${what}: ${a} ${percent(sa)}, ${b} ${percent(sb)}${gap.call !== "lead" ? ` (a close call: ${withinMargin(gap)} of the gap)` : ""}`,
    };
  };
  /** Whether `a` is chosen more than every rival on one question: refuted by any that leads it, supported by all. */
  const leadOverEach = (q: QuestionResult, a: string, rivals: readonly string[], what: string) => {
    const sa = optionShare(q, a);
    const shares = rivals.map((b) => ({ b, share: optionShare(q, b) }));
    const missingOne = shares.find((r) => r.share === undefined);
    if (sa === undefined || missingOne) return missing(`both ${a} and ${missingOne?.b ?? rivals[0]}`);
    const gaps = shares.map(({ b, share }) => ({
      b,
      share: share as number,
      gap: compare(sa, share as number, { kind: "one question", n }),
    }));
    const verdict: Verdict = gaps.some((g) => g.gap.call === "lead" && g.share > sa)
      ? "refuted"
      : gaps.every((g) => g.gap.call === "lead")
        ? "supported"
        : "inconclusive";
    return {
      verdict,
      evidence: `${what}: ${a} ${percent(sa)}, ${gaps
        .map(
          (g) =>
            `${g.b} ${percent(g.share)}${g.gap.call !== "lead" ? ` (a close call: ${withinMargin(g.gap)} of the gap)` : ""}`,
        )
        .join(", ")}`,
    };
  };
  const rivals = listInput(study.inputs, "competitors");
  /** The brand a first-choice claim is about (the one the hypothesis associates, else the brief's) and its question. */
  const firstChoice = () => {
    const brand = associated?.brand ?? textInput(study.inputs, "brand");
    const question =
      brand &&
      findQuestion(
        results,
        (q) => /\bfirst\b|\bchoosing today\b/i.test(q.question_text) && optionShare(q, brand) !== undefined,
      );
    return brand && question ? { brand, question } : undefined;
  };
  return [
    // A brand against every competitor the brief names, never one of them picked in advance.
    [
      /(?<=^|\.\s)([^.]+?) is more strongly associated with "([^"]+)" than any other (?:brand|organisation) the brief names/gi,
      (m) => {
        const [brand, attribute] = [(m[1] as string).trim(), m[2] as string];
        associated = { brand, rival: rivals[0] ?? "" };
        const assoc = findQuestion(
          results,
          (q) => /\bassociate\b/i.test(q.question_text) && q.question_text.includes(attribute),
        );
        if (!assoc) return missing(`which brand people associate with "${attribute}"`);
        return leadOverEach(assoc, brand, rivals, `with "${attribute}"`);
      },
    ],
    [
      /more people would pick it first than any of them/gi,
      () => {
        const first = firstChoice();
        if (!first) return missing("which brand people pick first");
        return leadOverEach(first.question, first.brand, rivals, "as first choice");
      },
    ],
    [
      /at least (\d+(?:\.\d+)?)% of [^.]*? rate .+? quite or very appealing/gi,
      (m) => {
        const q = findQuestion(results, (x) => isScale(x) && conceptDimension(x.question_text) === "appeal");
        return q
          ? atLeast(favourable(q), threshold(`${m[1]}%`), n, "rate it quite or very appealing")
          : missing("about appeal");
      },
    ],
    [
      new RegExp(
        String.raw`at least (\d+(?:\.\d+)?)% say they would probably or definitely (?!use it\b)([a-z][a-z ]*?)(?: at (${moneySource()})(?: [a-z\d ]+?)?(?: \("[^"]*"\)| \([^()]*\))?)?(?=[.,;](?!\d)|$)`,
        "giu",
      ),
      (m) => {
        const act = (m[2] as string).trim();
        const q = intentAt(m[3], act) ?? intentAt(undefined, act);
        // At the price the question names, as it writes it, when the claim names one and the question asks at it.
        const price = m[3] && q ? priceIn(q.question_text, m[3]) : undefined;
        return q
          ? atLeast(
              favourable(q),
              threshold(`${m[1]}%`),
              n,
              `would probably or definitely ${act}${price ? ` at ${price}` : ""}`,
            )
          : missing(`whether people would ${act}`);
      },
    ],
    [
      /at least (\d+(?:\.\d+)?)% say they would probably or definitely use it/gi,
      (m) => {
        const q = findQuestion(
          results,
          (x) => isScale(x) && /\bhow likely would you be to use it\b/i.test(x.question_text),
        );
        return q
          ? atLeast(favourable(q), threshold(`${m[1]}%`), n, "would probably or definitely use it")
          : missing("about using it");
      },
    ],
    [
      new RegExp(
        String.raw`fewer than (\d+(?:\.\d+)?)% would probably or definitely buy it at (${moneySource()})`,
        "giu",
      ),
      (m) => {
        const q = intentAt(m[2] as string);
        // Named as the question writes it: the claim's own may end in the sentence's full stop ("595 kr.").
        const price = (q && priceIn(q.question_text, m[2] as string)) ?? (m[2] as string);
        return q
          ? fewerThan(favourable(q), threshold(`${m[1]}%`), n, `would probably or definitely buy it at ${price}`)
          : missing(`about buying it at ${price}`);
      },
    ],
    [
      new RegExp(`most [^.]*? find (${moneySource()})(?: [a-z ]{1,40}?)? acceptable`, "giu"),
      (m) => {
        const price = amountOf(m[1] as string);
        const share = price === null ? undefined : acceptableAt(results, price);
        if (share === undefined || price === null) return missing("all four Van Westendorp questions at that price");
        const ok = share > 0.5;
        const close = closeCall(share, 0.5, n);
        const range = acceptableRange(results, study.locale, study.currency);
        // The Van Westendorp range is the reading of "acceptable": a price outside it is not called acceptable,
        // however many find it neither too cheap nor too expensive.
        const outside = range !== undefined && (price < range.low || price > range.high);
        const where = !range
          ? ""
          : price < range.low
            ? `; but it lies below the acceptable range (${range.text})`
            : price > range.high
              ? `; but it lies above the acceptable range (${range.text})`
              : `; it lies within the acceptable range (${range.text})`;
        // Both readings agree: settled, even when the share alone is close; they disagree: inconclusive.
        const verdict: Verdict = !range
          ? close
            ? "inconclusive"
            : ok
              ? "supported"
              : "refuted"
          : ok === !outside
            ? ok
              ? "supported"
              : "refuted"
            : "inconclusive";
        return {
          verdict,
          evidence: `${percent(share)} find ${m[1]} neither too cheap nor too expensive, ${ok ? "more" : "not more"} than half${close}${ok ? where : where.replace("; but", ";")}`,
        };
      },
    ],
    [
      /"([^"]+)" is chosen as the most important feature more often than any other/gi,
      (m) => {
        feature = m[1] as string;
        const scores = itemScores(results, features.length ? features : [feature]);
        const measure = primaryMeasure(scores, [
          ["chosen", "first"],
          ["rated", "importance"],
        ]);
        return measure
          ? leads(
              measure.ranked,
              feature,
              measure.source === "chosen" ? "is chosen by" : "is rated important by",
              n,
              measure.source === "chosen" ? "one question" : "two questions",
            )
          : missing("which feature matters most");
      },
    ],
    // The plan's neutral claims: one item stands out, none named in advance.
    [
      /one feature is chosen as the most important clearly more often than any other/gi,
      () => {
        const judged = leaderStandsOut(features, ["first", "importance"], "is rated important by");
        if (!judged) return missing("which feature matters most");
        feature = judged.item;
        return judged.verdict;
      },
    ],
    [
      /one feature is picked as the most important of its set clearly more often than the others in that set/gi,
      () => {
        const sets = bestWorst(results, features);
        const top = sets ? [...sets].sort((a, b) => b.best - a.best)[0] : undefined;
        if (!sets || !top) return missing("the features in sets");
        feature = top.item;
        // Compared within its own set only: the other sets' features were never asked against it.
        const order = sets.filter((s) => s.set === top.set).map((s) => ({ item: s.item, score: s.best }));
        return standsOut(order, "is picked as most important in its set by", n);
      },
    ],
    [
      /one message is chosen as the most persuasive clearly more often than any other/gi,
      () => {
        const judged = leaderStandsOut(messages, ["persuasion", "persuasion"], "persuades (top-two box)");
        if (!judged) return missing("which message persuades most");
        // A clause about the winner ("without being rated less believable") has none to judge where none stands out.
        message = judged.verdict.verdict === "supported" ? judged.item : undefined;
        noLeader = message === undefined;
        return judged.verdict;
      },
    ],
    [
      /one answer to "([^"]+)" is chosen clearly more often than any other|one reason is given clearly more often than any other when asked "([^"]+)"/gi,
      (m) => {
        const asked = (m[1] ?? m[2]) as string;
        const q = findQuestion(results, (x) => x.question_text.replace(/"/g, "'") === asked);
        if (!q) return missing(`"${asked}"`);
        return standsOut(
          ranked(q).map((r) => ({ item: r.option, score: r.share })),
          "is chosen by",
          n,
        );
      },
    ],
    [
      /one of the \d+ items asked about\b.*? is rated clearly more favourably than the others/gi,
      () => {
        const set = study.designed ? itemSet(results) : undefined;
        if (!set) return missing("the items side by side");
        return standsOut(
          set.items.map((i) => ({ item: i.item, score: i.score })),
          "is rated favourably by",
          n,
          "two questions",
        );
      },
    ],
    [
      /at least half of [^.]*? rate it very important or essential/gi,
      () => {
        const q = feature
          ? findQuestion(results, (x) => quoteOf(x) === feature && /importan/i.test(x.question_text))
          : undefined;
        return q
          ? atLeast(favourable(q), 0.5, n, "rate it very important or essential")
          : missing("how important it is");
      },
    ],
    [
      /"([^"]+)" is picked as the most important feature of its set more often than any other feature/gi,
      (m) => {
        feature = m[1] as string;
        const sets = bestWorst(results, features);
        if (!sets) return missing("the features in sets");
        // Compared within its own set only: the other sets' features were never asked against it.
        const own = sets.find((s) => s.item.toLowerCase() === (feature as string).toLowerCase());
        const order = sets
          .filter((s) => own === undefined || s.set === own.set)
          .sort((a, b) => b.best - a.best)
          .map((s) => ({ item: s.item, score: s.best }));
        return leads(order, feature, "is picked as most important in its set by", n);
      },
    ],
    [
      /fewer than (\d+(?:\.\d+)?)% pick it as the least important/gi,
      (m) => {
        const entry = feature ? bestWorst(results, features)?.find((s) => s.item === feature) : undefined;
        return entry
          ? fewerThan(entry.worst, threshold(`${m[1]}%`), n, "pick it as the least important")
          : missing("which feature matters least");
      },
    ],
    [
      /"([^"]+)" is chosen as the most persuasive message more often than any other/gi,
      (m) => {
        message = m[1] as string;
        const measure = primaryMeasure(itemScores(results, messages.length ? messages : [message]), [
          ["chosen", "persuasion"],
          ["rated", "persuasion"],
        ]);
        return measure
          ? leads(
              measure.ranked,
              message,
              measure.source === "chosen" ? "is chosen by" : "persuades (top-two box)",
              n,
              measure.source === "chosen" ? "one question" : "two questions",
            )
          : missing("which message persuades most");
      },
    ],
    [
      /without being rated less believable/gi,
      () => {
        const measure = primaryMeasure(itemScores(results, messages), [
          ["rated", "believability"],
          ["chosen", "believability"],
        ]);
        if (noLeader)
          return {
            verdict: "inconclusive",
            evidence: "no message stands out on persuasion (a close call), so none is judged on believability",
          };
        const own = measure?.ranked.find((r) => r.item === message);
        if (!measure || !own) return missing("how believable each message is");
        // "Not rated less believable": no other message is believed more beyond the margin of error.
        const sampling = { kind: measure.source === "rated" ? "two questions" : "one question", n } as const;
        const above = measure.ranked.filter(
          (r) => r !== own && r.score > own.score && compare(r.score, own.score, sampling).call === "lead",
        );
        return {
          verdict: above.length === 0 ? "supported" : "refuted",
          evidence:
            above.length === 0
              ? `"${own.item}" ${percent(own.score)} on believability; no other message is believed more beyond the margin of error`
              : `${above.map((r) => `"${r.item}" (${percent(r.score)})`).join(" and ")} ${above.length === 1 ? "is" : "are"} believed more than "${own.item}" (${percent(own.score)}), beyond the margin of error`,
        };
      },
    ],
    // A compound claim about a brand is judged claim by claim: its association, then its first choice.
    [
      /(?<=^|\.\s)([^.]+?) is more strongly associated with "([^"]+)" than (?!any other (?:brand|organisation) the brief names)([^,.]+?)(?=, but|, and|\.|$)/gi,
      (m) => {
        const [brand, attribute, rival] = [m[1] as string, m[2] as string, m[3] as string].map((s) => s.trim()) as [
          string,
          string,
          string,
        ];
        associated = { brand, rival };
        const assoc = findQuestion(
          results,
          (q) => /\bassociate\b/i.test(q.question_text) && q.question_text.includes(attribute),
        );
        if (!assoc) return missing(`which brand people associate with "${attribute}"`);
        return leadOver(assoc, brand, rival, `with "${attribute}"`);
      },
    ],
    // "More people would pick it first than X" (what a brand hopes); "fewer" in plans written before claims were hopes.
    [
      /(more|fewer) people would pick it first than (?!any of them)([^.,]+)/gi,
      (m) => {
        const rival = (m[2] as string).trim();
        const first = firstChoice();
        if (!first) return missing("which brand people pick first");
        return /^more$/i.test(m[1] as string)
          ? leadOver(first.question, first.brand, rival, "as first choice")
          : leadOver(first.question, rival, first.brand, "as first choice");
      },
    ],
    [
      /at least (\d+(?:\.\d+)?)% of [^.]*? would definitely consider .+? or make it their first choice/gi,
      (m) => {
        const q = findQuestion(results, (x) => isScale(x) && /\bconsider\b/i.test(x.question_text));
        return q
          ? atLeast(
              favourable(q),
              threshold(`${m[1]}%`),
              n,
              "would definitely consider it or make it their first choice",
            )
          : missing("about considering it");
      },
    ],
    // "At least half are satisfied" (the hope); "fewer than half" in plans written before claims were hopes.
    [
      /(at least|fewer than) (half|a third|a quarter|\d+(?:\.\d+)?%) of respondents are satisfied with the options they have today/gi,
      (m) => {
        const q = findQuestion(results, (x) => isScale(x) && kindOf(x.question_text) === "satisfaction");
        return q
          ? threshold_(favourable(q), threshold(m[2] as string), n, "are satisfied", /^at least$/i.test(m[1] as string))
          : missing("how satisfied people are");
      },
    ],
    [
      /"([^"]+)" is the main driver of their choice|(\w+) is the main driver of their choice/gi,
      (m) => {
        const q = findQuestion(results, (x) => !isScale(x) && /\bmatters most\b/i.test(x.question_text));
        if (!q) return missing("what matters most");
        return leads(
          ranked(q).map((r) => ({ item: r.option, score: r.share })),
          (m[1] ?? m[2]) as string,
          "is chosen by",
          n,
        );
      },
    ],
    [
      /the reason given most often is "([^"]+)"/gi,
      (m) => {
        // The open question whose themes hold the reason named, however it was worded ("What holds you back?").
        const q =
          findQuestion(results, (x) => x.question_type === "open_text" && x.answer_options.includes(m[1] as string)) ??
          findQuestion(results, (x) => x.question_type === "open_text" && /\breason\b/i.test(x.question_text));
        if (!q) return missing("for the reason");
        return leads(
          ranked(q).map((r) => ({ item: r.option, score: r.share })),
          m[1] as string,
          "is given by",
          n,
        );
      },
    ],
    [
      /^"([^"]+)" is chosen more often than any other answer to "([^"]+)"/gi,
      (m) => {
        const q = findQuestion(results, (x) => x.question_text === m[2]);
        if (!q) return missing(`"${m[2]}"`);
        return leads(
          ranked(q).map((r) => ({ item: r.option, score: r.share })),
          m[1] as string,
          "is chosen by",
          n,
        );
      },
    ],
    [
      /^at least half of respondents answer "([^"]+)"(?: or "([^"]+)")? to "([^"]+)"/gi,
      (m) => {
        const q = findQuestion(results, (x) => x.question_text === m[3]);
        if (!q) return missing(`"${m[3]}"`);
        const answers = [m[1], m[2]].filter((a): a is string => a !== undefined);
        const share = answers.reduce((sum, a) => sum + (q.overall[a] ?? 0), 0);
        return atLeast(share, 0.5, n, `answer ${answers.map((a) => `"${a}"`).join(" or ")}`);
      },
    ],
    [
      // The whole claim, to the hypothesis's end: it names the items it is compared with.
      /^"([^"]+)" is rated more favourably than .+?(?=\.?$)/gi,
      (m) => {
        const set = study.designed ? itemSet(results) : undefined;
        if (!set) return missing("the items side by side");
        const order = [...set.items].sort((a, b) => b.score - a.score).map((i) => ({ item: i.item, score: i.score }));
        return leads(order, m[1] as string, "is rated favourably by", n, "two questions");
      },
    ],
  ];
}

function journeyShare(results: JourneyResults, count: (m: JourneyResults["by_user_model"][number]) => number) {
  const total = results.sessions;
  return total > 0 ? results.by_user_model.reduce((sum, m) => sum + count(m), 0) / total : 0;
}

function journeyJudges(results: JourneyResults): Array<[RegExp, Judge]> {
  const n = results.sessions;
  const success = journeyShare(results, (m) => m.drop_off_by_step.at(-1)?.reached ?? 0);
  const lost = results.steps.map((step, i) => ({
    item: step,
    score: journeyShare(results, (m) => m.drop_off_by_step[i]?.dropped ?? 0),
  }));
  const impressions = results.by_user_model.every((m) => m.impressions);
  const sessionsWith = (pick: (m: JourneyResults["by_user_model"][number]) => number) =>
    journeyShare(results, (m) => Math.round(pick(m) * m.sessions));
  return [
    [
      // A comma before a digit groups thousands ("MXN 20,000"): the claim runs on past it.
      /at least (\d+(?:\.\d+)?)% of simulated users (?:complete the task|who land on \S+ (?:[^,]|,(?=\d))+?)(?=,(?!\d)| within)/gi,
      (m) => atLeast(success, threshold(`${m[1]}%`), n, "of the sessions succeed", "sessions"),
    ],
    [
      /the (?:biggest|largest single) drop-off is at "([^"]+)"/gi,
      (m) => {
        const order = [...lost].sort((a, b) => b.score - a.score);
        if ((order[0]?.score ?? 0) === 0)
          return { verdict: "refuted", evidence: "no session was lost at any step" } as const;
        // A step's drop-off is the sessions that gave up at it (its row's `dropped`), as the report's method says.
        return leads(order, m[1] as string, "loses (gave up there)", n);
      },
    ],
    [
      /one step loses clearly more sessions than any other/gi,
      () => {
        if (lost.every((l) => l.score === 0))
          return { verdict: "refuted", evidence: "no session was lost at any step" } as const;
        return standsOut(lost, "loses (gave up there)", n);
      },
    ],
    [
      /most simulated users describe what .+? offers correctly/gi,
      () => {
        if (!impressions) return missing("what people think the page is for");
        const share = sessionsWith((m) =>
          (m.impressions?.understood_as ?? []).filter((u) => u.correct).reduce((s, u) => s + u.share, 0),
        );
        const ok = share > 0.5;
        return {
          verdict: ok ? "supported" : "refuted",
          evidence: `${percent(share)} say what the page offers, ${ok ? "more" : "not more"} than half${closeCall(share, 0.5, n, "sessions")}`,
        };
      },
    ],
    // "At least half name the next step" (the hope); "fewer than half" in plans written before claims were hopes.
    [
      /(at least|fewer than) half name the next step the page intends/gi,
      (m) => {
        if (!impressions) return missing("what people would click next");
        const share = sessionsWith((model) =>
          (model.impressions?.next_click ?? []).filter((c) => c.intended).reduce((s, c) => s + c.share, 0),
        );
        return threshold_(
          share,
          0.5,
          n,
          "would click the page's own main button next",
          /^at least$/i.test(m[1] as string),
          "sessions",
        );
      },
    ],
  ];
}

/**
 * The price `text` names at the amount a claim names, as `text` writes it: both read by money.ts's pattern, so a sign
 * written with a dot ("kr.") or a claim's price that takes the sentence's full stop still finds its question.
 */
function priceIn(text: string, claimed: string): string | undefined {
  const want = amountIn(claimed);
  if (want === null) return undefined;
  return [...text.matchAll(moneyPattern("g"))].find((m) => amountIn(m[0]) === want)?.[0];
}

/** Words that make a clause a claim the numbers could settle. */
const CHECKABLE = /\d|%|\b(?:most|more|fewer|less|half|third|quarter|majority|at least|at most|ahead of|than)\b/i;

/** The clauses of a hypothesis: its sentences, split again at ", and", "; " and ", but". */
function clausesOf(hypothesis: string): Array<{ text: string; at: number }> {
  const out: Array<{ text: string; at: number }> = [];
  const boundary =
    /(?<=[.!?])\s+|;\s+|,?\s+(?:and|but|while|whereas)\s+(?=(?:at least|at most|fewer|more|most|less|no more|the|one|"|\d))/gi;
  let start = 0;
  for (const match of [...hypothesis.matchAll(boundary), null]) {
    const end = match ? (match.index ?? 0) : hypothesis.length;
    const raw = hypothesis.slice(start, end);
    const text = raw.trim().replace(/[.]+$/, "");
    if (text) out.push({ text, at: start + raw.indexOf(text.charAt(0)) });
    if (match) start = end + match[0].length;
  }
  return out;
}

function judge(written: string, judges: Array<[RegExp, Judge]>): HypothesisVerdict {
  // The plan's label and the basis of its thresholds are no claims.
  const hypothesis = claimOf(written);
  const claims: Array<ClaimVerdict & { at: number }> = [];
  for (const [pattern, judgeClaim] of judges) {
    pattern.lastIndex = 0;
    for (const match of hypothesis.matchAll(pattern)) {
      const verdict = judgeClaim(match as RegExpExecArray);
      if (verdict) claims.push({ claim: match[0].replace(/\.$/, ""), at: match.index ?? 0, ...verdict });
    }
  }
  // A clause no judge read is a claim too: left out, the verdict would say "every claim" of a hypothesis it half read.
  if (claims.length > 0) {
    for (const clause of clausesOf(hypothesis)) {
      const end = clause.at + clause.text.length;
      const read = claims.some((c) => c.at < end && c.at + c.claim.length > clause.at);
      if (!read && CHECKABLE.test(clause.text))
        claims.push({
          claim: clause.text,
          at: clause.at,
          verdict: "inconclusive",
          evidence: "the results were not read against this claim; check it in the tables below",
        });
    }
  }
  claims.sort((a, b) => a.at - b.at);
  const list = claims.map(({ at: _at, ...claim }) => claim);
  if (list.length === 0)
    return {
      verdict: "inconclusive",
      claims: [
        {
          claim: hypothesis,
          verdict: "inconclusive",
          evidence:
            "it states no threshold or comparison the results can be checked against; read it against the results below",
        },
      ],
    };
  const verdict: Verdict = list.some((c) => c.verdict === "refuted")
    ? "refuted"
    : list.every((c) => c.verdict === "supported")
      ? "supported"
      : "inconclusive";
  return { verdict, claims: list };
}

export function judgeResearchHypothesis(hypothesis: string, study: Study, results: ResearchResults): HypothesisVerdict {
  return judge(hypothesis, researchJudges(study, results));
}

export function judgeJourneyHypothesis(hypothesis: string, results: JourneyResults): HypothesisVerdict {
  return judge(hypothesis, journeyJudges(results));
}
