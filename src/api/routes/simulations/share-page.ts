import { decodePercent, escapeHtml, markdownToHtml, percent } from "../../../content/index.js";
import { sha256, toBase64 } from "../../../platform/sha256.js";
import type { simulationView } from "./simulations.views.js";

/**
 * The public share page (mock decision): a self-contained, read-only HTML report of one simulation. One inline
 * stylesheet, no scripts, no external assets; every piece of user-supplied text is escaped, the markdown report goes
 * through the escaping renderer, and every number is the result rounded to one decimal, as the markdown report shows
 * it. Bars are inline SVG sized by attributes, so the Content-Security-Policy can forbid inline style attributes.
 */

type View = ReturnType<typeof simulationView>;

const CSS = `:root{color-scheme:light dark;--fg:#1d1d1f;--muted:#5f6368;--bg:#fff;--panel:#f6f7f9;--line:#dfe2e6;--bar:#3559c7;--bar-bg:#e3e7ef;--ok:#1e7b45;--warn:#8a5a00;--err:#b3261e}
@media (prefers-color-scheme:dark){:root{--fg:#e8eaed;--muted:#a0a5ab;--bg:#16181b;--panel:#1f2226;--line:#34383d;--bar:#8ab4f8;--bar-bg:#2c3036;--ok:#81c995;--warn:#fdd663;--err:#f28b82}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:56rem;margin:0 auto;padding:2rem 1.25rem 3rem}
h1{font-size:1.9rem;line-height:1.2;margin:.2rem 0 .6rem}
h2{font-size:1.35rem;margin:2.4rem 0 .8rem;padding-bottom:.3rem;border-bottom:1px solid var(--line)}
h3{font-size:1.1rem;margin:1.6rem 0 .5rem}
h4,h5,h6{font-size:1rem;margin:1.2rem 0 .4rem}
p,ul,ol,dl,table,pre,blockquote,figure{margin:0 0 1rem}
a{color:var(--bar)}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--panel);padding:.05rem .3rem;border-radius:.25rem}
pre{background:var(--panel);padding:.8rem;border-radius:.4rem;overflow-x:auto}
pre code{padding:0;background:none}
blockquote{margin-left:0;padding-left:1rem;border-left:3px solid var(--line);color:var(--muted)}
table{border-collapse:collapse;display:block;overflow-x:auto;max-width:100%}
th,td{border:1px solid var(--line);padding:.3rem .6rem;text-align:left;vertical-align:top}
th{background:var(--panel)}
.align-center{text-align:center}.align-right{text-align:right}
.kicker{margin:0;color:var(--muted);font-size:.85rem;text-transform:uppercase;letter-spacing:.06em}
.meta{margin:0 0 1rem;color:var(--muted)}
.status{display:inline-block;padding:.05rem .65rem;border-radius:1rem;font-size:.85rem;font-weight:600;background:var(--panel);border:1px solid var(--line);color:var(--fg)}
.status-completed{color:var(--ok)}.status-failed{color:var(--err)}.status-running,.status-planning{color:var(--warn)}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
.facts dt{color:var(--muted)}.facts dd{margin:0;overflow-wrap:anywhere}
.notice{padding:.8rem 1rem;border-radius:.4rem;background:var(--panel);border-left:4px solid var(--line)}
.notice-error{border-left-color:var(--err)}
.options{color:var(--muted);font-size:.9rem}
.question{margin-top:1.8rem}
.insight{padding:.5rem .8rem;background:var(--panel);border-radius:.4rem}
.chart{margin:0 0 1.2rem}
.chart figcaption{font-weight:600;margin-bottom:.4rem}
.chart .n{font-weight:400;color:var(--muted);white-space:nowrap}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:0 1.5rem}
.bars{list-style:none;padding:0;margin:0}
.bar{display:grid;grid-template-columns:minmax(6rem,14rem) minmax(4rem,1fr) 4.2rem;gap:.6rem;align-items:center;padding:.15rem 0}
.charts .bar{grid-template-columns:minmax(5rem,9rem) minmax(3rem,1fr) 4rem}
.bar-label{overflow-wrap:anywhere}
.bar-value{text-align:right;font-variant-numeric:tabular-nums}
.bar-note{grid-column:1/-1;margin-top:-.2rem;color:var(--muted);font-size:.85rem}
.bar-svg{display:block;width:100%;height:.8rem}
.bar-bg{fill:var(--bar-bg)}.bar-fill{fill:var(--bar)}
.quote{font-style:italic}
footer{margin-top:3rem;padding-top:1rem;border-top:1px solid var(--line);color:var(--muted);font-size:.85rem}
@media print{.bar-fill{fill:#333}.bar-bg{fill:#ddd}main{max-width:none}}`;

let headers: Readonly<Record<string, string>> | undefined;

/**
 * Headers for the page: nothing but the one inline stylesheet (by hash) may apply, nothing may be loaded, framed
 * documents get no base URL or form target, and no referrer leaves with a followed link. Built on the first page
 * served: hashing the stylesheet in JavaScript would slow every start.
 */
export function sharePageHeaders(): Readonly<Record<string, string>> {
  headers ??= {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": [
      "default-src 'none'",
      `style-src 'sha256-${toBase64(sha256(CSS))}'`,
      "base-uri 'none'",
      "form-action 'none'",
    ].join("; "),
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
  };
  return headers;
}

// ---- Reading the loosely typed results defensively (they are stored JSON) ----

type Json = unknown;
const isRecord = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);
const arr = (v: Json): Json[] => (Array.isArray(v) ? v : []);
const rec = (v: Json): Record<string, Json> => (isRecord(v) ? v : {});
const str = (v: Json): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: Json): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** A fraction as the page and the markdown report show it: the report's own `percent` (one decimal). */
export function formatPercent(fraction: number | null): string {
  return fraction === null ? "–" : percent(fraction);
}

const e = escapeHtml;
const humanize = (id: string) => {
  const words = id
    .replace(/[_-]+/g, " ")
    .trim()
    .replace(/\burl\b/gi, "URL");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function time(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const label = Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `<time datetime="${e(iso)}">${e(label)}</time>`;
}

function facts(rows: Array<[string, string]>): string {
  const shown = rows.filter(([, html]) => html !== "");
  if (!shown.length) return "";
  return `<dl class="facts">${shown.map(([term, html]) => `<dt>${e(term)}</dt><dd>${html}</dd>`).join("")}</dl>`;
}

// ---- Bars ----

interface Bar {
  label: string;
  fraction: number | null;
  /** Extra text under the bar, e.g. counts. */
  note?: string;
}

function barSvg(fraction: number | null): string {
  const width = fraction === null ? 0 : Math.min(100, Math.max(0, fraction * 100));
  return (
    '<svg class="bar-svg" aria-hidden="true" focusable="false">' +
    '<rect class="bar-bg" width="100%" height="100%" rx="3"></rect>' +
    `<rect class="bar-fill" width="${width.toFixed(1)}%" height="100%" rx="3"></rect></svg>`
  );
}

/** A horizontal bar chart: label, bar, and the value as text (the bar itself is hidden from assistive tech). */
function barChart(id: string, caption: string, bars: Bar[]): string {
  const rows = bars.map(
    (bar) =>
      `<li class="bar"><span class="bar-label">${e(bar.label)}</span>${barSvg(bar.fraction)}` +
      `<span class="bar-value">${formatPercent(bar.fraction)}</span>` +
      (bar.note ? `<span class="bar-note">${e(bar.note)}</span>` : "") +
      "</li>",
  );
  return `<figure class="chart" id="${e(id)}"><figcaption>${caption}</figcaption><ul class="bars">${rows.join("")}</ul></figure>`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// ---- Sections ----

function statusSection(view: View): string {
  switch (view.status) {
    case "planning":
      return '<p class="notice">Planning: the plan for this simulation is being drafted. Results appear once it has been run.</p>';
    case "planned":
      return '<p class="notice">Planned: this simulation has a plan but has not been run yet.</p>';
    case "running": {
      const p = view.progress;
      if (!p) return '<p class="notice">Running: results appear when the run completes.</p>';
      const unit = view.mode === "journey" ? "sessions" : "respondents";
      return (
        '<section aria-labelledby="progress-heading"><h2 id="progress-heading">Progress</h2>' +
        barChart("progress", "Run progress", [
          { label: `${p.completed} of ${p.total} ${unit}`, fraction: num(p.fraction) },
        ]) +
        "</section>"
      );
    }
    case "failed":
      return `<div class="notice notice-error"><p><strong>This simulation failed.</strong></p>${
        view.error ? `<p>${e(view.error)}</p>` : ""
      }</div>`;
    default:
      return "";
  }
}

function inputValue(value: Json): string {
  if (Array.isArray(value)) {
    return value.every((v) => typeof v !== "object" || v === null)
      ? `<ul>${value.map((v) => `<li>${e(str(v) || String(v))}</li>`).join("")}</ul>`
      : `<code>${e(JSON.stringify(value))}</code>`;
  }
  if (isRecord(value)) return `<code>${e(JSON.stringify(value))}</code>`;
  // A URL (a journey's start) reads as the plan's steps name it: "shop.example/é", not "shop.example/%C3%A9".
  if (typeof value === "string" && /^https?:\/\//i.test(value)) return e(decodePercent(value));
  return e(value === null ? "" : String(value));
}

function briefSection(view: View): string {
  const entries = Object.entries(view.inputs ?? {});
  if (!entries.length) return "";
  return `<section aria-labelledby="brief-heading"><h2 id="brief-heading">Brief</h2>${facts(
    entries.map(([key, value]) => [humanize(key), inputValue(value)]),
  )}</section>`;
}

function whoSection(view: View): string {
  const results = rec(view.results);
  const total = view.mode === "journey" ? num(results.sessions) : num(results.respondents);
  const unit = view.mode === "journey" ? "session" : "respondent";
  const groups =
    view.mode === "journey"
      ? arr(results.by_user_model).map((m) => ({ name: str(rec(m).name), n: num(rec(m).sessions) }))
      : arr(results.segments).map((s) => ({ name: str(rec(s).name), n: num(rec(s).respondents) }));
  let body: string;
  if (groups.length) {
    body =
      `<p>${total !== null ? `${e(plural(total, `simulated ${unit}`))} from ` : ""}${e(plural(groups.length, "user model"))}:</p>` +
      `<ul>${groups
        .map(
          (g) =>
            `<li>${e(g.name || "Unnamed user model")}${
              g.n !== null ? ` (${e(plural(g.n, unit))}${total ? `, ${formatPercent(g.n / total)}` : ""})` : ""
            }</li>`,
        )
        .join("")}</ul>`;
  } else {
    body = `<p>${e(plural(view.user_model_ids.length, "user model"))} chosen for this simulation.</p>`;
  }
  const heading = groups.length ? "Who was simulated" : "Who is simulated";
  return `<section aria-labelledby="who-heading"><h2 id="who-heading">${heading}</h2>${body}</section>`;
}

function planSection(view: View): string {
  const plan = view.plan;
  if (!plan) return "";
  const parts: string[] = [
    facts([
      ["Research question", plan.question_text ? e(plan.question_text) : ""],
      ["Hypothesis", plan.hypothesis_text ? e(plan.hypothesis_text) : ""],
    ]),
  ];
  const questions = plan.survey_questions ?? [];
  if (questions.length) {
    parts.push(
      `<h3>Questions</h3><ol>${questions
        .map((q) => {
          const options = q.answer_options?.length
            ? `<br><span class="options">${e(humanize(q.question_type))}: ${q.answer_options.map(e).join(" · ")}</span>`
            : `<br><span class="options">${e(humanize(q.question_type))}</span>`;
          return `<li>${e(q.question_text)}${options}</li>`;
        })
        .join("")}</ol>`,
    );
  }
  const task = plan.journey_task ? rec(plan.journey_task) : null;
  if (task) {
    parts.push(
      "<h3>Journey task</h3>",
      facts([
        ["Task", e(str(task.task))],
        ["Start URL", task.start_url ? `<code>${e(decodePercent(str(task.start_url)))}</code>` : ""],
        ["Success criteria", e(str(task.success_criteria))],
        ["Device", e(str(task.device))],
        ["Step limit", e(str(task.max_steps))],
      ]),
    );
    const steps = arr(task.steps).map(str).filter(Boolean);
    if (steps.length) parts.push(`<h4>Expected steps</h4><ol>${steps.map((s) => `<li>${e(s)}</li>`).join("")}</ol>`);
  }
  return `<section aria-labelledby="plan-heading"><h2 id="plan-heading">Plan</h2>${parts.join("")}</section>`;
}

function researchResultsSection(results: Record<string, Json>): string {
  const segments = arr(results.segments).map((s) => ({
    id: str(rec(s).user_model_id),
    name: str(rec(s).name),
    n: num(rec(s).respondents),
  }));
  const respondents = num(results.respondents);
  const questions = arr(results.questions).map(rec);
  if (!questions.length) return "";
  const n = (count: number | null) => (count === null ? "" : ` <span class="n">(n = ${count})</span>`);
  const blocks = questions.map((q, index) => {
    const number = index + 1;
    const options = arr(q.answer_options).map(str);
    const overall = rec(q.overall);
    const byModel = rec(q.by_user_model);
    const bars = (distribution: Record<string, Json>) =>
      options.map((option) => ({ label: option, fraction: num(distribution[option]) }));
    let html =
      `<section class="question" id="question-${number}" aria-labelledby="question-${number}-heading">` +
      `<h3 id="question-${number}-heading">${number}. ${e(str(q.question_text))}</h3>` +
      barChart(`question-${number}-overall`, `All respondents${n(respondents)}`, bars(overall));
    if (segments.length > 1) {
      html += `<div class="charts">${segments
        .map((segment, k) =>
          barChart(
            `question-${number}-model-${k + 1}`,
            `${e(segment.name || segment.id)}${n(segment.n)}`,
            bars(rec(byModel[segment.id])),
          ),
        )
        .join("")}</div>`;
    }
    const insight = str(q.insight);
    if (insight) html += `<p class="insight">${e(insight)}</p>`;
    return `${html}</section>`;
  });
  return `<section aria-labelledby="results-heading"><h2 id="results-heading">Results</h2>${blocks.join("")}</section>`;
}

function journeyResultsSection(results: Record<string, Json>): string {
  const models = arr(results.by_user_model).map(rec);
  if (!models.length) return "";
  const success = barChart(
    "success-rate",
    "Task success rate by user model",
    models.map((m) => {
      const sessions = num(m.sessions);
      const steps = arr(m.drop_off_by_step).map(rec);
      const completed = num(steps[steps.length - 1]?.reached);
      return {
        label: str(m.name),
        fraction: num(m.task_success_rate),
        note: sessions !== null && completed !== null ? `${completed} of ${plural(sessions, "session")}` : "",
      };
    }),
  );
  const dropOff = models.map((m, k) => {
    const sessions = num(m.sessions);
    const steps = arr(m.drop_off_by_step).map(rec);
    return barChart(
      `drop-off-${k + 1}`,
      `${e(str(m.name))}: share of sessions reaching each step${sessions !== null ? ` <span class="n">(n = ${sessions})</span>` : ""}`,
      steps.map((step) => {
        const reached = num(step.reached);
        const dropped = num(step.dropped);
        return {
          label: str(step.step),
          fraction: reached !== null && sessions ? reached / sessions : null,
          note: [
            reached !== null ? `${reached} reached` : "",
            dropped !== null && dropped > 0 ? `${dropped} dropped here` : "",
          ]
            .filter(Boolean)
            .join(", "),
        };
      }),
    );
  });
  const details = models.map((m) => {
    const friction = arr(m.friction_points).map(rec);
    const paths = arr(m.common_paths).map(rec);
    return (
      `<h4>${e(str(m.name))}</h4>` +
      facts([
        ["Median steps", e(str(m.median_steps))],
        [
          "Median time on task",
          num(m.median_time_on_task_seconds) !== null ? `${num(m.median_time_on_task_seconds)} s` : "",
        ],
      ]) +
      (paths.length
        ? `<p>Commonest paths:</p><ul>${paths
            .map((p) => `<li>${arr(p.path).map(str).map(e).join(" → ")} (${formatPercent(num(p.share))})</li>`)
            .join("")}</ul>`
        : "") +
      (friction.length
        ? `<p>Friction points:</p><ul>${friction
            .map(
              (f) =>
                `<li><strong>${e(str(f.step))}</strong>: ${e(str(f.issue))}${
                  f.quote ? ` <q class="quote">${e(str(f.quote))}</q>` : ""
                }${f.participant ? ` (${e(str(f.participant))})` : ""}</li>`,
            )
            .join("")}</ul>`
        : "")
    );
  });
  return (
    '<section aria-labelledby="results-heading"><h2 id="results-heading">Results</h2>' +
    `<h3>Task success</h3>${success}<h3>Drop-off by step</h3>${dropOff.join("")}` +
    `<h3>By user model</h3>${details.join("")}</section>`
  );
}

function reportSection(view: View): string {
  if (view.markdown) {
    return `<section class="report" aria-labelledby="report-heading"><h2 id="report-heading">Full report</h2>${markdownToHtml(
      view.markdown,
      { headingOffset: 2 },
    )}</section>`;
  }
  if (view.synthesis) {
    return `<section class="report" aria-labelledby="report-heading"><h2 id="report-heading">Summary</h2>${markdownToHtml(
      view.synthesis,
      { headingOffset: 2 },
    )}</section>`;
  }
  return "";
}

/** The read-only share page: self-contained HTML, no scripts, no external assets. */
export function renderSharePage(view: View): string {
  const title = e(view.title ?? "Untitled simulation");
  const results = isRecord(view.results) ? view.results : null;
  const resultsHtml = results
    ? view.mode === "journey"
      ? journeyResultsSection(results)
      : researchResultsSection(results)
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · Simulation report</title>
<style>${CSS}</style>
</head>
<body>
<main>
<header>
<p class="kicker">Simulation report</p>
<h1>${title}</h1>
<p class="meta"><span class="status status-${e(view.status)}">${e(humanize(view.status))}</span> · ${e(humanize(view.mode))} · ${e(humanize(view.goal))}</p>
${facts([
  ["Created", time(view.created_at)],
  ["Planned", time(view.planned_at)],
  ["Started", time(view.started_at)],
  ["Completed", time(view.completed_at)],
])}
</header>
${[statusSection(view), whoSection(view), briefSection(view), planSection(view), resultsHtml, reportSection(view)]
  .filter(Boolean)
  .join("\n")}
<footer><p>A read-only shared view of simulation <code>${e(view.id)}</code>.</p></footer>
</main>
</body>
</html>
`;
}
