import type { simulationView } from "./simulations.views.js";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** The read-only share page: self-contained HTML, no external assets. (Its full report layout comes with content.) */
export function renderSharePage(view: ReturnType<typeof simulationView>): string {
  const title = escapeHtml(view.title ?? "Untitled simulation");
  const questions = view.plan?.survey_questions ?? [];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
.status{display:inline-block;padding:.1rem .6rem;border-radius:1rem;background:#eef;font-size:.85rem}</style></head>
<body><header><h1>${title}</h1><p><span class="status">${escapeHtml(view.status)}</span>
${escapeHtml(view.mode)} · ${escapeHtml(view.goal)}</p></header>
${questions.length ? `<section><h2>Plan</h2><ol>${questions.map((q) => `<li>${escapeHtml(q.question_text)}</li>`).join("")}</ol></section>` : ""}
${view.synthesis ? `<section><h2>Summary</h2><p>${escapeHtml(view.synthesis)}</p></section>` : ""}
</body></html>`;
}
