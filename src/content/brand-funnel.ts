import { favourable } from "./analysis.js";
import { nameKey } from "./measures.js";
import { percent, type QuestionResult, type ResearchResults } from "./results.js";

/**
 * A brand study's funnel, every brand side by side: awareness, knowing it well, consideration
 * and first choice, each where the plan asked it of that brand ("not asked" elsewhere), all counted from the same
 * respondents as the results tables.
 */
export interface FunnelRow {
  brand: string;
  awareness: number | undefined;
  knowWell: number | undefined;
  consideration: number | undefined;
  firstChoice: number | undefined;
}

const WAY_OUT = /^(?:none of these|none|other|don't know|not sure)\b/i;

const names = (text: string, brand: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${nameKey(brand).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`,
    "iu",
  ).test(text);

/** The brands' first-choice question: a choice among two or more of them that is not an association. */
function firstChoiceOf(results: ResearchResults): QuestionResult | undefined {
  return results.questions.find(
    (q) =>
      /\bpick first\b|\bfirst choice\b|\bchoosing today\b/i.test(q.question_text) &&
      !/\bassociate\b/i.test(q.question_text) &&
      q.answer_options.filter((o) => !WAY_OUT.test(o)).length >= 2,
  );
}

/**
 * Who has the brand on their shortlist: would probably or definitely consider it, or would make it their first choice.
 * "Probably" is a step of consideration, not a doubt: leaving it out hides the people a brand can most easily win.
 */
const CONSIDERS = /^(?:would probably consider|would definitely consider|it would be my first choice)\b/i;
/** What the funnel's consideration counts, as a report says it. */
export const CONSIDERING_WORDS = "probably or definitely, or as their first choice";
export function considering(q: QuestionResult): number {
  const on = q.answer_options.filter((o) => CONSIDERS.test(o));
  return on.length ? on.reduce((sum, o) => sum + (q.overall[o] ?? 0), 0) : favourable(q);
}

export function brandFunnel(results: ResearchResults): FunnelRow[] {
  const first = firstChoiceOf(results);
  if (!first) return [];
  const brands = first.answer_options.filter((o) => !WAY_OUT.test(o));
  return brands.map((brand) => {
    const about = (q: QuestionResult) => {
      const others = brands.filter((b) => b !== brand && names(q.question_text, b));
      return names(q.question_text, brand) && others.length === 0;
    };
    const familiarity = results.questions.find(
      (q) => about(q) && q.answer_options.some((o) => /^never heard/i.test(o)),
    );
    const never = familiarity?.answer_options.find((o) => /^never heard/i.test(o));
    const consider = results.questions.find(
      (q) => about(q) && /\bconsider\b/i.test(q.question_text) && !/\bcompare\b/i.test(q.question_text),
    );
    return {
      brand,
      awareness: familiarity && never ? 1 - (familiarity.overall[never] ?? 0) : undefined,
      knowWell: familiarity ? favourable(familiarity) : undefined,
      consideration: consider ? considering(consider) : undefined,
      firstChoice: first.overall[brand] ?? 0,
    };
  });
}

/** The funnel as a report section: one row per brand, "not asked" where the plan did not ask a step of it. */
export function brandFunnelSection(results: ResearchResults): string[] {
  const rows = brandFunnel(results);
  if (rows.length < 2 || rows.every((r) => r.awareness === undefined)) return [];
  const cell = (x: number | undefined) => (x === undefined ? "not asked" : percent(x));
  return [
    "## Brand funnel",
    "",
    `Every brand side by side, of all respondents: heard of it, know it well (fairly or very well), would consider it (${CONSIDERING_WORDS}) and pick it first.`,
    "",
    "| Brand | Awareness | Know it well | Consideration | First choice |",
    "|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.brand} | ${cell(r.awareness)} | ${cell(r.knowWell)} | ${cell(r.consideration)} | ${cell(r.firstChoice)} |`,
    ),
    "",
  ];
}
