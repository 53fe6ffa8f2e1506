/**
 * The public share page as an HTML report (docs/decisions/mock-choices.md#share-page). The page's layout is the mock's own
 * decision, so every test here is MOCK; expectations are derived from the JSON the API returns for the same
 * simulation, never copied from a rendered page.
 */
import { createHash } from "node:crypto";
import { as } from "../support/client.js";
import { conceptTestBody } from "../support/fixtures.js";
import { describe, expect, it, MOCK, unobservable } from "../support/harness.js";
import { runToCompletion, untilStatus } from "../support/simulations.js";
import { letTimePass, movesClock, newCaller, useTarget } from "../support/target.js";

const target = useTarget();

type Body = Record<string, unknown>;
type Distribution = Record<string, number>;

interface SimulationJson {
  id: string;
  title: string | null;
  status: string;
  progress: { completed: number; total: number; fraction: number } | null;
  results: Body | null;
}

interface ResearchResultsJson {
  respondents: number;
  segments: Array<{ user_model_id: string; name: string; respondents: number }>;
  questions: Array<{
    question_text: string;
    answer_options: string[];
    overall: Distribution;
    by_user_model: Record<string, Distribution>;
  }>;
}

interface JourneyResultsJson {
  by_user_model: Array<{
    name: string;
    sessions: number;
    task_success_rate: number;
    drop_off_by_step: Array<{ step: string; reached: number; dropped: number }>;
  }>;
}

/** A fraction rounded to one decimal of a percent, as the page is to show it. */
const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** Decodes the entities an HTML serialiser may use for text, so labels compare with the JSON whatever the escaping. */
function decode(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" }[lower] ?? "";
  });
}

/** The inner HTML of the chart with this id. */
function chart(html: string, id: string): string {
  const match = new RegExp(`<figure[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</figure>`).exec(html);
  if (!match) throw new Error(`no chart ${id} on the page`);
  return match[1] as string;
}

/** Each bar of a chart: its label and value text (decoded) and the width of its filled part. */
function bars(chartHtml: string): Array<{ label: string; value: string; width: string | undefined }> {
  return [...chartHtml.matchAll(/<li class="bar">([\s\S]*?)<\/li>/g)].map(([, bar]) => ({
    label: decode(/class="bar-label">([\s\S]*?)<\/span>/.exec(bar as string)?.[1] ?? ""),
    value: decode(/class="bar-value">([\s\S]*?)<\/span>/.exec(bar as string)?.[1] ?? ""),
    width: /class="bar-fill"[^>]*\bwidth="([^"]*)"/.exec(bar as string)?.[1],
  }));
}

/** Values of every attribute that can make a browser fetch or navigate somewhere. */
function urlAttributes(html: string): string[] {
  return [
    ...html.matchAll(
      /\s(?:src|href|srcset|action|formaction|poster|data|xlink:href)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi,
    ),
  ].map(([, value]) => decode((value as string).replace(/^["']|["']$/g, "")));
}

async function userModelIds(auth: string, count: number): Promise<string[]> {
  const res = await as(target, auth).get("/v1/user-models").expect(200);
  const ids = (res.body as Array<{ id: string }>).slice(0, count).map((m) => m.id);
  expect(ids.length, `the target needs ${count} visible user models`).toBe(count);
  return ids;
}

function until(auth: string, id: string, status: string) {
  return untilStatus<SimulationJson>(target, auth, id, status);
}

async function create(auth: string, body: Body): Promise<SimulationJson> {
  const res = await as(target, auth).post("/v1/simulations", body);
  expect(res.status).toBe(201);
  return res.body as SimulationJson;
}

async function share(auth: string, id: string): Promise<void> {
  await as(target, auth).post(`/v1/simulations/${id}/share`).expect(200);
}

/** Creates, plans, runs and completes a simulation, shares it, and returns its JSON as its owner reads it. */
async function completedShared(auth: string, body: Body): Promise<SimulationJson> {
  const created = await create(auth, body);
  const done = await runToCompletion<SimulationJson>(target, auth, created.id);
  await share(auth, created.id);
  return done;
}

function page(id: string) {
  return target.http().get(`/v1/public/simulations/${id}`);
}

const TRICKY_TITLE = `Coffee <script>alert("x")</script> & 'friends'`;
const TRICKY_OPTIONS = ["<b>Yes</b>", "No & never", `"Maybe"`, "<img src=x onerror=alert(1)>"];

let research: Promise<{ sim: SimulationJson; html: string; headers: Record<string, string> }> | undefined;
/** One completed, shared research simulation with two user models and user-typed markup everywhere. */
function completedResearch() {
  research ??= (async () => {
    const auth = newCaller();
    const ids = await userModelIds(auth, 2);
    const sim = await completedShared(auth, {
      mode: "research",
      goal: "custom_survey",
      title: TRICKY_TITLE,
      inputs: { objective: "learn how <em>office</em> workers think about their coffee" },
      user_model_ids: ids,
      survey_design: {
        custom_questions: [
          { question_text: "Would you <i>really</i> buy it?", answer_options: TRICKY_OPTIONS },
          { question_text: "How often do you drink coffee?" },
        ],
      },
    });
    const res = await page(sim.id);
    expect(res.status).toBe(200);
    return { sim, html: res.text, headers: res.headers as Record<string, string> };
  })();
  return research;
}

describe("share page: a completed research simulation", { ...MOCK, rules: ["MOCK-SHARE-PAGE"] }, () => {
  it("should be an HTML document with a language, its title escaped in <title> and <h1>", async () => {
    const { sim, html, headers } = await completedResearch();
    expect(headers["content-type"]).toMatch(/^text\/html/);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toMatch(/<html lang="[a-z-]+"/);
    const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "";
    const h1 = /<h1>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "";
    expect(decode(title)).toContain(sim.title);
    expect(decode(h1)).toBe(sim.title);
    expect(sim.title).toBe(TRICKY_TITLE);
  });

  it("should escape user-typed markup: no script, img or other tag from the title, inputs, questions or options", async () => {
    const { html } = await completedResearch();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<b>Yes<\/b>|<i>really<\/i>|<em>office<\/em>/);
    expect(html).toContain("&lt;script&gt;");
    const tags = [...html.matchAll(/<[a-z][^>]*>/gi)].map(([tag]) => tag);
    expect(tags.filter((tag) => /\son[a-z]+\s*=/i.test(tag))).toEqual([]); // no event handler attribute on any tag
  });

  it("should show one overall bar per answer option, in order, with the result rounded to one decimal", async () => {
    const { sim, html } = await completedResearch();
    const results = sim.results as unknown as ResearchResultsJson;
    expect(results.questions.length).toBeGreaterThan(0);
    results.questions.forEach((q, i) => {
      const shown = bars(chart(html, `question-${i + 1}-overall`));
      expect(shown.map((b) => b.label)).toEqual(q.answer_options);
      expect(shown.map((b) => b.value)).toEqual(q.answer_options.map((o) => percent(q.overall[o] as number)));
      expect(shown.map((b) => b.width)).toEqual(q.answer_options.map((o) => percent(q.overall[o] as number)));
    });
    expect(results.questions[0]?.answer_options).toEqual(TRICKY_OPTIONS);
  });

  it("should show one chart per user model when there are several, labelled with the model's name", async () => {
    const { sim, html } = await completedResearch();
    const results = sim.results as unknown as ResearchResultsJson;
    expect(results.segments).toHaveLength(2);
    results.questions.forEach((q, i) => {
      results.segments.forEach((segment, k) => {
        const figure = chart(html, `question-${i + 1}-model-${k + 1}`);
        const caption = decode(/<figcaption>([\s\S]*?)<\/figcaption>/.exec(figure)?.[1] ?? "");
        expect(caption).toContain(segment.name);
        const distribution = q.by_user_model[segment.user_model_id] as Distribution;
        expect(bars(figure).map((b) => [b.label, b.value])).toEqual(
          q.answer_options.map((o) => [o, percent(distribution[o] as number)]),
        );
      });
    });
  });

  it("should be self-contained: no scripts, no external stylesheet, font or image, no absolute URL in any attribute", async () => {
    const { html } = await completedResearch();
    expect(html).not.toMatch(/<(script|link|iframe|object|embed|img)\b/i);
    expect(html).not.toMatch(/@import|url\(/i);
    for (const value of urlAttributes(html)) expect(value).not.toMatch(/^\s*([a-z][a-z0-9+.-]*:|\/\/)/i);
  });

  it("should send a Content-Security-Policy that loads nothing and admits exactly its own stylesheet", async () => {
    const { html, headers } = await completedResearch();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css as string);
    expect(styles).toHaveLength(1);
    const hash = createHash("sha256")
      .update(styles[0] as string, "utf8")
      .digest("base64");
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(html).not.toMatch(/\sstyle\s*=/i); // style attributes would be blocked by that policy
  });

  it("should render the markdown report as HTML, with headings below the page's own", async () => {
    const { html } = await completedResearch();
    const report = /<section class="report"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(report).toMatch(/<table>[\s\S]*<th/);
    expect(report).not.toMatch(/<h1[\s>]/);
    expect(report).not.toMatch(/^\s*#+ /m); // no markdown heading left as text
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });
});

describe("share page: a completed journey simulation", { ...MOCK, rules: ["MOCK-SHARE-PAGE"] }, () => {
  it("should chart task success per user model and the share of sessions reaching each step", async () => {
    const auth = newCaller();
    const ids = await userModelIds(auth, 2);
    const sim = await completedShared(auth, {
      mode: "journey",
      goal: "usability_test",
      inputs: { start_url: "https://shop.example.com/gift-cards", task: "Buy a <b>gift card</b>" },
      user_model_ids: ids,
    });
    const res = await page(sim.id);
    expect(res.status).toBe(200);
    const results = sim.results as unknown as JourneyResultsJson;
    expect(bars(chart(res.text, "success-rate")).map((b) => [b.label, b.value])).toEqual(
      results.by_user_model.map((m) => [m.name, percent(m.task_success_rate)]),
    );
    results.by_user_model.forEach((m, k) => {
      expect(bars(chart(res.text, `drop-off-${k + 1}`)).map((b) => [b.label, b.value])).toEqual(
        m.drop_off_by_step.map((d) => [d.step, percent(d.reached / m.sessions)]),
      );
    });
    expect(res.text).not.toContain("<b>gift card</b>");
    // The start URL is shown as text; it is never a link or a source.
    for (const value of urlAttributes(res.text)) expect(value).not.toMatch(/^\s*([a-z][a-z0-9+.-]*:|\/\/)/i);
  });
});

describe("share page: simulations not completed, and not shared", { ...MOCK, rules: ["MOCK-SHARE-PAGE"] }, () => {
  it("should show a planning simulation's status without results", async () => {
    const auth = newCaller();
    const [userModelId] = await userModelIds(auth, 1);
    const created = await create(auth, conceptTestBody(userModelId as string, { title: "Still <planning>" }));
    await share(auth, created.id);
    const res = await page(created.id);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(decode(/<h1>([\s\S]*?)<\/h1>/.exec(res.text)?.[1] ?? "")).toBe("Still <planning>");
    expect(res.text).toMatch(/planning/i);
    expect(res.text).not.toMatch(/<li class="bar">/);
  });

  it("should show a running simulation's plan and its progress as the API reports it", {
    needs: ["observable-states"],
  }, async () => {
    const auth = newCaller();
    const [userModelId] = await userModelIds(auth, 1);
    // On a running clock the simulation may complete between the reads (serve --timing fast runs for 800 ms): a few
    // tries with new simulations, then not applicable, as the lifecycle tests do.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const created = await create(auth, conceptTestBody(userModelId as string));
      const planned = await until(auth, created.id, "planned");
      await as(target, auth).post(`/v1/simulations/${created.id}/run`).expect(200);
      await share(auth, created.id);
      // Only a clock the suite moves: on a running one, waiting would let the run complete.
      if (movesClock(target)) await letTimePass(target, 1000);
      // On the manual clock no time passes between these requests; on a running clock the page must match the
      // progress read just before or just after it.
      const before = await page(created.id).set("accept", "application/json").expect(200);
      const res = await page(created.id).expect(200);
      const after = await page(created.id).set("accept", "application/json").expect(200);
      if (!movesClock(target) && (before.body.status !== "running" || after.body.status !== "running")) continue;
      expect(before.body.status, "the simulation's status read before its share page").toBe("running");
      const shown = bars(chart(res.text, "progress"));
      expect(shown).toHaveLength(1);
      const [first, last] = [before.body as SimulationJson, after.body as SimulationJson].map((sim) => {
        if (!sim.progress) throw new Error("a running simulation has progress");
        return sim.progress;
      }) as [NonNullable<SimulationJson["progress"]>, NonNullable<SimulationJson["progress"]>];
      const counts = /(\d+) of (\d+)/.exec(shown[0]?.label ?? "");
      const completed = Number(counts?.[1]);
      expect(Number(counts?.[2]), "the share page's total").toBe(first.total);
      // The page was rendered between the two reads: on a running clock its progress lies between theirs (on the
      // manual clock they are one value).
      expect(
        completed,
        `the share page's completed (API: ${first.completed}, then ${last.completed})`,
      ).toBeGreaterThanOrEqual(first.completed);
      expect(
        completed,
        `the share page's completed (API: ${first.completed}, then ${last.completed})`,
      ).toBeLessThanOrEqual(last.completed);
      const matching = completed === first.completed ? first : completed === last.completed ? last : undefined;
      expect(shown[0]?.value, "the share page's percentage").toBe(
        matching ? percent(matching.fraction) : percent(completed / first.total),
      );
      const plan = (planned as unknown as { plan: { survey_questions: Array<{ question_text: string }> } }).plan;
      for (const q of plan.survey_questions) expect(decode(res.text)).toContain(q.question_text);
      return;
    }
    unobservable(
      "the simulation completed while its share page was read, three times (the target runs about that fast)",
    );
  });

  it("should answer 404 for a simulation that was never shared, as before", async () => {
    const auth = newCaller();
    const [userModelId] = await userModelIds(auth, 1);
    const created = await create(auth, conceptTestBody(userModelId as string));
    const res = await page(created.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Simulation not found" });
  });
});
