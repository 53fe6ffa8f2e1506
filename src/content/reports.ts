import type { Plan } from "../world/records.js";
import type { JourneyResults, ResearchResults } from "./results.js";

const pct = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

function topTwo(options: string[], distribution: Record<string, number>): number {
  return options.slice(-2).reduce((sum, option) => sum + (distribution[option] ?? 0), 0);
}

/** The short version: what a reader needs from the whole study in a few sentences. */
export function researchSynthesis(title: string, results: ResearchResults): string {
  const lines = results.questions.slice(0, 3).map((q) => `- ${q.question_text}: ${q.insight}`);
  return [
    `**${title}**: ${results.respondents} simulated respondents across ${results.segments.length} user model${results.segments.length === 1 ? "" : "s"}.`,
    ...lines,
  ].join("\n");
}

/** The full report, with every number taken from `results` so the two always agree. */
export function researchReport(title: string, plan: Plan, results: ResearchResults): string {
  const out: string[] = [`# ${title}`, ""];
  out.push("## Summary", "", researchSynthesis(title, results), "");
  out.push("## Method", "");
  if (plan.question_text) out.push(`Research question: ${plan.question_text}`, "");
  if (plan.hypothesis_text) out.push(`Hypothesis: ${plan.hypothesis_text}`, "");
  out.push(
    `${results.questions.length} questions were put to ${results.respondents} simulated respondents:`,
    "",
    ...results.segments.map((s) => `- ${s.name}: ${s.respondents} respondents`),
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
        pct(q.overall[option] ?? 0),
        ...results.segments.map((s) => pct(q.by_user_model[s.user_model_id]?.[option] ?? 0)),
      ];
      out.push(`| ${cells.join(" | ")} |`);
    }
    out.push("", q.insight, "");
  });
  if (results.segments.length > 1) {
    out.push("## Differences between user models", "");
    for (const q of results.questions) {
      const shares = results.segments.map((s) => ({
        name: s.name,
        share: topTwo(q.answer_options, q.by_user_model[s.user_model_id] ?? {}),
      }));
      shares.sort((a, b) => b.share - a.share);
      const high = shares[0];
      const low = shares[shares.length - 1];
      if (high && low) {
        out.push(
          `- ${q.question_text}: top-two answers ${pct(high.share)} among ${high.name} against ${pct(low.share)} among ${low.name}.`,
        );
      }
    }
    out.push("");
  }
  out.push("## Recommendations", "");
  const ranked = [...results.questions].sort(
    (a, b) => topTwo(b.answer_options, b.overall) - topTwo(a.answer_options, a.overall),
  );
  const strongest = ranked[0];
  const weakest = ranked[ranked.length - 1];
  if (strongest)
    out.push(
      `- Build on the strongest result: "${strongest.question_text}" (top-two ${pct(topTwo(strongest.answer_options, strongest.overall))}).`,
    );
  if (weakest && weakest !== strongest)
    out.push(
      `- Investigate the weakest: "${weakest.question_text}" (top-two ${pct(topTwo(weakest.answer_options, weakest.overall))}).`,
    );
  out.push("- Validate the headline numbers with a small live sample before committing budget.", "");
  return out.join("\n");
}

export function journeySynthesis(title: string, results: JourneyResults): string {
  const parts = results.by_user_model.map(
    (m) => `${m.name}: ${pct(m.task_success_rate)} completed the task in a median ${m.median_steps} steps`,
  );
  return [`**${title}**: ${results.sessions} simulated sessions.`, ...parts.map((p) => `- ${p}`)].join("\n");
}

export function journeyReport(title: string, plan: Plan, results: JourneyResults): string {
  const task = plan.journey_task ?? {};
  const out: string[] = [`# ${title}`, "", "## Summary", "", journeySynthesis(title, results), "", "## Method", ""];
  out.push(
    `Task: ${String(task.task ?? "")}`,
    `Start: ${String(task.start_url ?? "")}`,
    `Success: ${String(task.success_criteria ?? "")}`,
    "",
  );
  out.push("## Results", "");
  for (const m of results.by_user_model) {
    out.push(
      `### ${m.name}`,
      "",
      `- Sessions: ${m.sessions}`,
      `- Task success: ${pct(m.task_success_rate)}`,
      `- Median steps: ${m.median_steps}`,
      `- Median time on task: ${m.median_time_on_task_seconds} s`,
      "",
    );
    out.push(
      "| Step | Reached | Dropped |",
      "|---|---|---|",
      ...m.drop_off_by_step.map((d) => `| ${d.step} | ${d.reached} | ${d.dropped} |`),
      "",
    );
    out.push("Friction points:", "", ...m.friction_points.map((f) => `- ${f.step}: ${f.issue}. "${f.quote}"`), "");
  }
  out.push("## Recommendations", "");
  const worst = results.by_user_model
    .flatMap((m) => m.drop_off_by_step)
    .reduce((a, b) => (b.dropped > a.dropped ? b : a), { step: "", reached: 0, dropped: -1 });
  if (worst.step) out.push(`- Fix the step that loses most users first: "${worst.step}".`);
  out.push("- Re-run the journey after each change to confirm the drop-off moves.", "");
  return out.join("\n");
}
