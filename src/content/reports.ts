import type { Plan, SimulationRecord } from "../world/records.js";
import { type JourneyResults, percent, type QuestionResult, type ResearchResults, shareOf } from "./results.js";
import { favourableLabel, favourableOptions } from "./segments.js";

/** Questions longer than this are named by their variable in running text (the tables still give them whole). */
const LONG_QUESTION = 80;

/** A question as running text names it: its words in quotes when short, else "the purchase intent question". */
function quoted(q: { question_text: string; variable_name: string }): string {
  return q.question_text.length <= LONG_QUESTION ? `"${q.question_text}"` : `the ${humanise(q.variable_name)} question`;
}

/** A question as a list item starts with it: its words when short, else its variable name in words. */
function shortName(q: { question_text: string; variable_name: string }): string {
  if (q.question_text.length <= LONG_QUESTION) return q.question_text;
  const name = humanise(q.variable_name);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function humanise(variableName: string): string {
  return variableName.replaceAll("_", " ").trim();
}

/**
 * Reports are written from `results` alone, and every share is printed with `percent` (one decimal), so any number a
 * reader sees in a synthesis, a report or a round synthesis is the results' fraction rounded the same way.
 */

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** The rounded percentage as a number, so a printed gap is exactly the difference of the two printed shares. */
const rounded = (fraction: number) => Number((fraction * 100).toFixed(1));
const points = (high: number, low: number) => `${(rounded(high) - rounded(low)).toFixed(1)} points`;

const cap = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

interface Scored {
  name: string;
  user_model_id: string;
  share: number;
}

/** The answer chosen most overall (first in option order on a tie). */
function topAnswer(q: QuestionResult): { option: string; share: number } {
  const option = q.answer_options.reduce((best, o) => ((q.overall[o] ?? 0) > (q.overall[best] ?? 0) ? o : best));
  return { option, share: q.overall[option] ?? 0 };
}

/** Segments by their favourable share on an ordered question, most favourable first. */
function segmentsByFavourable(results: ResearchResults, q: QuestionResult): Scored[] {
  const favourable = favourableOptions(q.answer_options);
  return results.segments
    .map((s) => ({
      name: s.name,
      user_model_id: s.user_model_id,
      share: shareOf(q.by_user_model[s.user_model_id] ?? {}, favourable),
    }))
    .sort((a, b) => b.share - a.share);
}

const isScale = (q: QuestionResult) => favourableOptions(q.answer_options).length > 0;

/** The question a reader looks at first: the first scale question (appeal, intent), else the first question. */
export function headlineQuestion(results: ResearchResults): QuestionResult | undefined {
  return results.questions.find(isScale) ?? results.questions[0];
}

/** One line on a question's overall result: favourable share and commonest answer, or the leading option. */
function questionLine(q: QuestionResult): string {
  const top = topAnswer(q);
  if (isScale(q)) {
    const favourable = shareOf(q.overall, favourableOptions(q.answer_options));
    return `${favourableLabel(q.answer_options)} ${percent(favourable)}, most common answer "${top.option}" (${percent(top.share)})`;
  }
  return `"${top.option}" chosen most (${percent(top.share)})`;
}

function rankedScales(results: ResearchResults): Array<{ q: QuestionResult; share: number }> {
  return results.questions
    .filter(isScale)
    .map((q) => ({ q, share: shareOf(q.overall, favourableOptions(q.answer_options)) }))
    .sort((a, b) => b.share - a.share);
}

/** The largest gap between user models on any scale question. */
function widestGap(results: ResearchResults): { q: QuestionResult; high: Scored; low: Scored } | undefined {
  let best: { q: QuestionResult; high: Scored; low: Scored } | undefined;
  if (results.segments.length < 2) return undefined;
  for (const q of results.questions.filter(isScale)) {
    const ranked = segmentsByFavourable(results, q);
    const high = ranked[0] as Scored;
    const low = ranked[ranked.length - 1] as Scored;
    if (!best || high.share - low.share > best.high.share - best.low.share) best = { q, high, low };
  }
  return best;
}

/** The short version: what a reader needs from the whole study in a few sentences. */
export function researchSynthesis(title: string, results: ResearchResults): string {
  const lines = [
    `**${title}**: ${results.respondents} simulated respondents across ${plural(results.segments.length, "user model")}.`,
  ];
  const headline = headlineQuestion(results);
  if (!headline) return [...lines, "- The plan had no questions, so there is nothing to report."].join("\n");
  lines.push(`- Headline, ${quoted(headline)}: ${questionLine(headline)}.`);
  const ranked = rankedScales(results);
  const strongest = ranked[0];
  const weakest = ranked[ranked.length - 1];
  if (strongest && weakest && ranked.length > 1) {
    lines.push(
      `- Strongest: ${quoted(strongest.q)} (${favourableLabel(strongest.q.answer_options)} ${percent(strongest.share)}); weakest: ${quoted(weakest.q)} (${favourableLabel(weakest.q.answer_options)} ${percent(weakest.share)}).`,
    );
  }
  const gap = widestGap(results);
  if (gap && gap.high.share > gap.low.share) {
    lines.push(
      `- User models differ most on ${quoted(gap.q)}: ${gap.high.name} ${percent(gap.high.share)} against ${gap.low.name} ${percent(gap.low.share)}.`,
    );
  }
  const choice = results.questions.find((q) => !isScale(q));
  if (choice && choice !== headline) lines.push(`- ${quoted(choice)}: ${questionLine(choice)}.`);
  return lines.join("\n");
}

function recommendations(plan: Plan, results: ResearchResults): string[] {
  const out: string[] = [];
  const ranked = rankedScales(results);
  const find = (pattern: RegExp) => ranked.find((r) => pattern.test(r.q.question_text));
  const headline = headlineQuestion(results);
  const headlineShare =
    headline && isScale(headline) ? shareOf(headline.overall, favourableOptions(headline.answer_options)) : null;
  if (headline && headlineShare !== null) {
    out.push(
      headlineShare >= 0.5
        ? `- The headline is encouraging (${favourableLabel(headline.answer_options)} ${percent(headlineShare)} on ${quoted(headline)}): take it forward, and check the hypothesis against a live sample before committing budget.`
        : `- The headline is soft (${favourableLabel(headline.answer_options)} ${percent(headlineShare)} on ${quoted(headline)}): rework the proposition before investing further, starting with the weakest scores below.`,
    );
  }
  const clarity = find(/clear|understand/i);
  if (clarity && clarity.share < 0.5)
    out.push(
      `- Make it clearer what it is: only ${percent(clarity.share)} found it clear, and unclear ideas cap appeal and intent.`,
    );
  const trust = find(/believ|trust|credib/i);
  if (trust && trust.share < 0.45)
    out.push(`- Back the claims with proof (reviews, guarantees, numbers): trust is at ${percent(trust.share)}.`);
  // Prices: the dearest one at which intent still holds, and where it falls away.
  const priced = ranked
    .filter((r) => /[£$€]\s?\d/.test(r.q.question_text) && /likely|buy/i.test(r.q.question_text))
    .map((r) => ({ ...r, price: Number(/[£$€]\s?(\d+(?:\.\d+)?)/.exec(r.q.question_text)?.[1]) }))
    .sort((a, b) => a.price - b.price);
  if (priced.length > 1) {
    const cheapest = priced[0] as (typeof priced)[number];
    const dearest = priced[priced.length - 1] as (typeof priced)[number];
    const holding = [...priced].reverse().find((p) => p.share >= cheapest.share * 0.8);
    if (holding)
      out.push(
        `- Price at or below ${/[£$€]\s?\d+(?:\.\d+)?/.exec(holding.q.question_text)?.[0]}: purchase intent holds at ${percent(holding.share)} there (${percent(cheapest.share)} at the lowest price) and falls to ${percent(dearest.share)} at the highest.`,
      );
  }
  const gap = widestGap(results);
  if (gap && gap.high.share - gap.low.share >= 0.15)
    out.push(
      `- Lead with ${gap.high.name}: ${percent(gap.high.share)} against ${percent(gap.low.share)} among ${gap.low.name} on ${quoted(gap.q)}; ${gap.low.name} need a different pitch or are not the market.`,
    );
  const weakest = ranked[ranked.length - 1];
  if (weakest && ranked.length > 1 && weakest.q !== headline)
    out.push(
      `- Investigate the weakest result: ${quoted(weakest.q)} (${favourableLabel(weakest.q.answer_options)} ${percent(weakest.share)}).`,
    );
  if (plan.hypothesis_text) out.push(`- Hypothesis to test with real customers next: ${plan.hypothesis_text}`);
  out.push("- Treat these as simulated answers: validate the headline numbers with a small live sample.");
  return out;
}

/** The full report, with every number taken from `results` so the two always agree. */
export function researchReport(title: string, plan: Plan, results: ResearchResults): string {
  const out: string[] = [`# ${title}`, ""];
  out.push("## Summary", "", researchSynthesis(title, results), "");
  out.push("## Method", "");
  if (plan.question_text) out.push(`Research question: ${plan.question_text}`, "");
  if (plan.hypothesis_text) out.push(`Hypothesis: ${plan.hypothesis_text}`, "");
  out.push(
    `${plural(results.questions.length, "question")} put to ${results.respondents} simulated respondents from ${plural(results.segments.length, "user model")}:`,
    "",
    "| User model | Respondents |",
    "|---|---|",
    ...results.segments.map((s) => `| ${s.name} | ${s.respondents} |`),
    "",
    'Shares are of the respondents in each column; "All" weights each user model by its respondents. On answer scales the top-two box is the share giving one of the two most favourable answers (the top box on three-point scales).',
    "",
  );
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
    const favourable = favourableOptions(q.answer_options);
    if (favourable.length > 0) {
      const cells = [
        `**${cap(favourableLabel(q.answer_options))}**`,
        percent(shareOf(q.overall, favourable)),
        ...results.segments.map((s) => percent(shareOf(q.by_user_model[s.user_model_id] ?? {}, favourable))),
      ];
      out.push(`| ${cells.join(" | ")} |`);
    }
    out.push("", q.insight, "");
  });
  if (results.segments.length > 1) {
    out.push("## Differences between user models", "");
    for (const q of results.questions) {
      if (isScale(q)) {
        const ranked = segmentsByFavourable(results, q);
        const high = ranked[0] as Scored;
        const low = ranked[ranked.length - 1] as Scored;
        out.push(
          `- ${shortName(q)}: ${favourableLabel(q.answer_options)} ${percent(high.share)} among ${high.name} against ${percent(low.share)} among ${low.name}, a gap of ${points(high.share, low.share)}.`,
        );
      } else {
        const leaders = results.segments.map((s) => {
          const d = q.by_user_model[s.user_model_id] ?? {};
          const lead = q.answer_options.reduce((best, o) => ((d[o] ?? 0) > (d[best] ?? 0) ? o : best));
          return `${s.name} "${lead}" (${percent(d[lead] ?? 0)})`;
        });
        out.push(`- ${shortName(q)}: first choice by user model: ${leaders.join("; ")}.`);
      }
    }
    // Who is warmest across the board: most often the most favourable on the scale questions.
    const scales = results.questions.filter(isScale);
    if (scales.length > 1) {
      const wins = new Map<string, number>();
      for (const q of scales) {
        const top = segmentsByFavourable(results, q)[0] as Scored;
        wins.set(top.name, (wins.get(top.name) ?? 0) + 1);
      }
      const [name, count] = [...wins.entries()].sort((a, b) => b[1] - a[1])[0] as [string, number];
      out.push("", `${name} are the most favourable user model on ${count} of ${scales.length} scale questions.`);
    }
    out.push("");
  }
  out.push("## Recommendations", "", ...recommendations(plan, results), "");
  return out.join("\n");
}

/** Sessions that reached the last step over all sessions, across user models. */
function overallSuccess(results: JourneyResults): { succeeded: number; sessions: number; rate: number } {
  const succeeded = results.by_user_model.reduce(
    (sum, m) => sum + (m.drop_off_by_step[m.drop_off_by_step.length - 1]?.reached ?? 0),
    0,
  );
  return { succeeded, sessions: results.sessions, rate: results.sessions > 0 ? succeeded / results.sessions : 0 };
}

/** The step before which most sessions were lost, across user models. */
function leakiestStep(results: JourneyResults): { step: string; dropped: number } | undefined {
  const lost = results.steps.map((step, i) => ({
    step,
    dropped: results.by_user_model.reduce((sum, m) => sum + (m.drop_off_by_step[i]?.dropped ?? 0), 0),
  }));
  const worst = lost.reduce<{ step: string; dropped: number } | undefined>(
    (w, d) => (d.dropped > (w?.dropped ?? 0) ? d : w),
    undefined,
  );
  return worst;
}

export function journeySynthesis(title: string, results: JourneyResults): string {
  const total = overallSuccess(results);
  const lines = [
    `**${title}**: ${results.sessions} simulated sessions; ${percent(total.rate)} completed the task (${total.succeeded} of ${total.sessions}).`,
  ];
  const worst = leakiestStep(results);
  if (worst) lines.push(`- Most sessions were lost before "${worst.step}" (${worst.dropped} of ${results.sessions}).`);
  for (const m of results.by_user_model) {
    lines.push(
      `- ${m.name}: ${percent(m.task_success_rate)} completed the task, in a median ${m.median_steps} steps and ${m.median_time_on_task_seconds} s.`,
    );
  }
  return lines.join("\n");
}

export function journeyReport(title: string, plan: Plan, results: JourneyResults): string {
  const task = plan.journey_task ?? {};
  const out: string[] = [`# ${title}`, "", "## Summary", "", journeySynthesis(title, results), "", "## Method", ""];
  if (plan.question_text) out.push(`Research question: ${plan.question_text}`, "");
  if (plan.hypothesis_text) out.push(`Hypothesis: ${plan.hypothesis_text}`, "");
  out.push(
    `- Task: ${String(task.task ?? "")}`,
    `- Start: ${String(task.start_url ?? "")}`,
    `- Success: ${String(task.success_criteria ?? "")}`,
    `- Device: ${String(task.device ?? "desktop")}`,
    `- Steps: ${results.steps.join(" → ")}`,
    `- ${results.sessions} simulated sessions: ${results.by_user_model.map((m) => `${m.name} ${m.sessions}`).join(", ")}`,
    "",
    'A session succeeds when it reaches the last step. "Dropped" counts the sessions lost before a step; "Reached" those that got to it.',
    "",
  );
  out.push("## Results", "");
  for (const m of results.by_user_model) {
    out.push(
      `### ${m.name}`,
      "",
      `- Sessions: ${m.sessions}`,
      `- Task success: ${percent(m.task_success_rate)}`,
      `- Median steps: ${m.median_steps}`,
      `- Median time on task: ${m.median_time_on_task_seconds} s`,
      "",
      "| Step | Reached | Dropped |",
      "|---|---|---|",
      ...m.drop_off_by_step.map((d) => `| ${d.step} | ${d.reached} | ${d.dropped} |`),
      "",
      "Commonest paths:",
      "",
      ...m.common_paths.map((p) => `- ${p.path.join(" → ")} (${percent(p.share)})`),
      "",
      "Friction points:",
      "",
      ...m.friction_points.map((f) => `- ${f.step}: ${f.issue}. "${f.quote}" (${f.participant})`),
      "",
    );
  }
  if (results.by_user_model.length > 1) {
    const ranked = [...results.by_user_model].sort((a, b) => b.task_success_rate - a.task_success_rate);
    const best = ranked[0] as (typeof ranked)[number];
    const worst = ranked[ranked.length - 1] as (typeof ranked)[number];
    out.push(
      "## Differences between user models",
      "",
      `- Task success ranges from ${percent(best.task_success_rate)} (${best.name}) to ${percent(worst.task_success_rate)} (${worst.name}), a gap of ${points(best.task_success_rate, worst.task_success_rate)}.`,
      `- Median time on task: ${ranked.map((m) => `${m.name} ${m.median_time_on_task_seconds} s`).join(", ")}.`,
      "",
    );
  }
  out.push("## Recommendations", "");
  const leak = leakiestStep(results);
  if (leak) {
    const issue = results.by_user_model.flatMap((m) => m.friction_points).find((f) => f.step === leak.step);
    out.push(
      `- Fix "${leak.step}" first: ${leak.dropped} of ${results.sessions} sessions were lost there${issue ? `; the main complaint: ${issue.issue.charAt(0).toLowerCase()}${issue.issue.slice(1)}` : ""}.`,
    );
  }
  const weakest = [...results.by_user_model].sort((a, b) => a.task_success_rate - b.task_success_rate)[0];
  if (weakest && results.by_user_model.length > 1)
    out.push(
      `- Test the fix with ${weakest.name} in particular: only ${percent(weakest.task_success_rate)} of their sessions succeeded.`,
    );
  out.push("- Re-run the journey after each change to confirm the drop-off moves.", "");
  return out.join("\n");
}

type RoundSimulation = Pick<SimulationRecord, "title" | "mode" | "results">;

interface Finding {
  title: string;
  mode: "research" | "journey";
  /** The headline number, as a fraction (favourable share, leading answer share or task success). */
  score: number;
  /** User models from most to least favourable (or successful). */
  ranking: Scored[];
  line: string;
  next: string;
}

function findingOf(simulation: RoundSimulation): Finding {
  const title = simulation.title ?? "Untitled simulation";
  if (simulation.mode === "journey") {
    const results = simulation.results as unknown as JourneyResults;
    const total = overallSuccess(results);
    const worst = leakiestStep(results);
    const ranking = results.by_user_model
      .map((m) => ({ name: m.name, user_model_id: m.user_model_id, share: m.task_success_rate }))
      .sort((a, b) => b.share - a.share);
    const spread =
      ranking.length > 1
        ? ` ${(ranking[0] as Scored).name} did best (${percent((ranking[0] as Scored).share)}), ${(ranking[ranking.length - 1] as Scored).name} worst (${percent((ranking[ranking.length - 1] as Scored).share)}).`
        : "";
    return {
      title,
      mode: "journey",
      score: total.rate,
      ranking,
      line: `- **${title}** (journey, ${total.sessions} sessions): ${percent(total.rate)} completed the task${worst ? `; most sessions were lost before "${worst.step}" (${worst.dropped} of ${total.sessions})` : ""}.${spread}`,
      next: worst
        ? `- ${title}: fix "${worst.step}", then re-run the journey to confirm fewer sessions are lost there.`
        : `- ${title}: re-run with a harder task or other user models; nothing was lost along this one.`,
    };
  }
  const results = simulation.results as unknown as ResearchResults;
  const q = headlineQuestion(results);
  if (!q)
    return {
      title,
      mode: "research",
      score: 0,
      ranking: [],
      line: `- **${title}** (research, ${results.respondents} respondents): no questions were asked.`,
      next: `- ${title}: add questions to the plan and run it again.`,
    };
  const scale = isScale(q);
  const score = scale ? shareOf(q.overall, favourableOptions(q.answer_options)) : topAnswer(q).share;
  const ranking = scale ? segmentsByFavourable(results, q) : [];
  const spread =
    ranking.length > 1
      ? ` ${(ranking[0] as Scored).name} were the most favourable (${percent((ranking[0] as Scored).share)}), ${(ranking[ranking.length - 1] as Scored).name} the least (${percent((ranking[ranking.length - 1] as Scored).share)}).`
      : "";
  const ranked = rankedScales(results);
  const weakest = ranked[ranked.length - 1];
  return {
    title,
    mode: "research",
    score,
    ranking,
    line: `- **${title}** (research, ${results.respondents} respondents): on ${quoted(q)}, ${questionLine(q)}.${spread}`,
    next:
      scale && score < 0.5
        ? `- ${title}: the headline is soft; rework the proposition${ranking.length > 1 ? ` and re-test it with ${(ranking[ranking.length - 1] as Scored).name}` : ""}.`
        : weakest && weakest.q !== q
          ? `- ${title}: take it forward, and work on ${quoted(weakest.q)} (${favourableLabel(weakest.q.answer_options)} ${percent(weakest.share)}), its weakest score.`
          : `- ${title}: take it forward and check the headline with a small live sample.`,
  };
}

/** Where the round's simulations point the same way, and where they do not. */
function comparisons(findings: Finding[]): string[] {
  if (findings.length < 2) return ["- Only one simulation so far, so there is nothing to compare it with yet."];
  const out: string[] = [];
  // The same user model coming out on top (or bottom) across simulations.
  const tops = new Map<string, { name: string; top: string[]; bottom: string[]; seen: number }>();
  for (const f of findings) {
    if (f.ranking.length < 2) continue;
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
  if (research.length > 1) {
    const sorted = [...research].sort((a, b) => b.score - a.score);
    const best = sorted[0] as Finding;
    const worst = sorted[sorted.length - 1] as Finding;
    out.push(
      `- On their headline questions ${best.title} scored highest (${percent(best.score)}) and ${worst.title} lowest (${percent(worst.score)}).`,
    );
  }
  const interest = research.find((f) => f.score >= 0.5);
  const journey = findings.filter((f) => f.mode === "journey").sort((a, b) => a.score - b.score)[0];
  if (interest && journey && journey.score < 0.7)
    out.push(
      `- Interest and experience pull apart: ${interest.title} found a favourable response (${percent(interest.score)}), but only ${percent(journey.score)} completed ${journey.title}, so the journey may waste demand.`,
    );
  else if (research.length > 0 && journey && research.every((f) => f.score < 0.5) && journey.score >= 0.7)
    out.push(
      `- The journey works (${percent(journey.score)} completed ${journey.title}) but interest is soft in the research, so the proposition is the constraint, not the site.`,
    );
  if (out.length === 0)
    out.push("- No user model leads or trails consistently, so the results do not point to one audience yet.");
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
    ...comparisons(findings),
    "",
    "### Next steps",
    "",
    ...findings.map((f) => f.next),
    findings.length > 1
      ? "- Start the next round with the changes above, and re-run the same user models so the rounds compare."
      : "- Add a second simulation to this round (another goal or user model) to see whether the result holds.",
  ].join("\n");
}
