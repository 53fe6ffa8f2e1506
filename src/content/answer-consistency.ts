import { bandOf } from "./profile-answers.js";
import { shapeOf } from "./segments.js";

/** One question's answers as whole respondents per segment (rows) and option (columns), before they become shares. */
export interface AnsweredQuestion {
  text: string;
  options: readonly string[];
  /** Counts per segment, in the segments' order; `reconcile` moves respondents between options, never in or out. */
  counts: number[][];
}

/** Moves up to `n` respondents of a segment from option `from` to option `to`; returns how many moved. */
function move(row: number[], from: number, to: number, n: number): number {
  const moved = Math.max(0, Math.min(n, row[from] as number));
  row[from] = (row[from] as number) - moved;
  row[to] = (row[to] as number) + moved;
  return moved;
}

function ordered(options: readonly string[]): number[] | null {
  const shape = shapeOf(options);
  return shape.kind === "ordered" && options.length >= 4 ? shape.order : null;
}

/**
 * Stated purchase intent never exceeds appeal (black-box-8 F21): people who would buy a concept find it appealing, and
 * in real concept tests the top-two box of intent runs at most about 85% of appeal's. Excess buyers move to the
 * scale's middle ("Might or might not buy").
 */
function intentUnderAppeal(answered: AnsweredQuestion[]): void {
  const appeal = answered.find((q) => /\bappeal/i.test(q.text) && !/^which\b/i.test(q.text) && ordered(q.options));
  if (!appeal) return;
  const appealOrder = ordered(appeal.options) as number[];
  for (const intent of answered) {
    if (intent === appeal || !/\b(buy|purchase|subscribe)\b/i.test(intent.text) || /^which\b/i.test(intent.text))
      continue;
    const order = ordered(intent.options);
    if (!order) continue;
    const top = order.slice(-2).reverse();
    const middle = order[Math.floor(order.length / 2)] as number;
    intent.counts.forEach((row, s) => {
      const appealRow = appeal.counts[s] as number[];
      const appealing = appealOrder.slice(-2).reduce((sum, i) => sum + (appealRow[i] as number), 0);
      let excess = top.reduce((sum, i) => sum + (row[i] as number), 0) - Math.floor(0.85 * appealing);
      for (const i of top) if (excess > 0) excess -= move(row, i, middle, excess);
    });
  }
}

/**
 * "It would be my first choice" and picking the brand first among its competitors are the same statement: the two
 * shares agree person for person (black-box-8 F17). The difference moves between "my first choice" and the scale
 * point next to it.
 */
function firstChoiceAgrees(answered: AnsweredQuestion[], brand: string | null): void {
  if (!brand) return;
  const pick = answered.find(
    (q) =>
      /\b(pick|choose|choice)\b.*\bfirst\b|\bfirst\b.*\b(pick|choose|choice)\b/i.test(q.text) &&
      q.options.includes(brand),
  );
  if (!pick) return;
  const brandIndex = pick.options.indexOf(brand);
  for (const q of answered) {
    const firstChoice = q.options.findIndex((o) => /\bmy first choice\b/i.test(o));
    if (q === pick || firstChoice < 0) continue;
    const order = ordered(q.options);
    const at = order?.indexOf(firstChoice) ?? -1;
    const neighbour =
      order && at >= 0 ? order[at > 0 ? at - 1 : at + 1] : q.options.findIndex((_o, i) => i !== firstChoice);
    if (neighbour === undefined || neighbour < 0) continue;
    q.counts.forEach((row, s) => {
      const target = Math.min(
        (pick.counts[s] as number[])[brandIndex] as number,
        row.reduce((a, b) => a + b, 0),
      );
      const gap = target - (row[firstChoice] as number);
      if (gap > 0) {
        // Take from the neighbour first, then from the other options, largest first.
        let left = gap - move(row, neighbour, firstChoice, gap);
        const others = row
          .map((_c, i) => i)
          .filter((i) => i !== firstChoice)
          .sort((a, b) => (row[b] as number) - (row[a] as number));
        for (const i of others) if (left > 0) left -= move(row, i, firstChoice, left);
      } else if (gap < 0) move(row, firstChoice, neighbour, -gap);
    });
  }
}

/**
 * People who live alone decide their household's things themselves: "Me" is at least the share of one-person
 * households (black-box-8 F9). Respondents move to "Me" from the largest other answers.
 */
function aloneDecideThemselves(answered: AnsweredQuestion[]): void {
  const household = answered.find((q) => /\bhow many people\b.*\b(live|household|home)\b/i.test(q.text));
  if (!household) return;
  const alone = household.options.findIndex((o) => {
    const band = bandOf(o);
    return band !== null && band.low === 1 && band.high === 1;
  });
  if (alone < 0) return;
  for (const q of answered) {
    if (q === household || !/\bwho\b/i.test(q.text)) continue;
    const me = q.options.findIndex((o) => /^(me|myself|i do|just me|mostly me)\b/i.test(o.trim()));
    if (me < 0) continue;
    q.counts.forEach((row, s) => {
      let gap = ((household.counts[s] as number[])[alone] as number) - (row[me] as number);
      const others = row
        .map((_c, i) => i)
        .filter((i) => i !== me)
        .sort((a, b) => (row[b] as number) - (row[a] as number));
      for (const i of others) if (gap > 0) gap -= move(row, i, me, gap);
    });
  }
}

/**
 * Answers that must hold together in one sample, made to: each rule moves whole respondents between options of one
 * question, per segment, so totals and the segments' sizes never change.
 */
export function reconcile(answered: AnsweredQuestion[], brand: string | null): void {
  intentUnderAppeal(answered);
  firstChoiceAgrees(answered, brand);
  aloneDecideThemselves(answered);
}
