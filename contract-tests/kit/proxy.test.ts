/**
 * `bss-mock proxy` proving itself: the contract suite run through it against bss-mock (every exchange counted, no
 * finding) and against the implementations written from the spec alone (no violation: fair; and the suite's own
 * fairness on them: no rule fails), and each of the node implementation's bug switches that traffic can show, exercised by a short client script through the proxy, reported
 * under the rule it breaks (strong).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ORDER_GAP_MS } from "../../src/kit/proxy/judge.js";
import type { ProxyReport } from "../../src/kit/proxy/report.js";
import { implementation, type Started, specRunArgs, start } from "./independent.js";
import { startJudgingProxy } from "./judging-proxy.js";
import { CLI, contract, failures, serve } from "./run-cli.js";

const NODE = implementation("node");
/** The most rules a run against an implementation may leave not applicable, each with its reason. */
const MAX_NOT_APPLICABLE = 5;
const started: Array<{ close(): Promise<unknown> }> = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

interface SpawnedProxy {
  readonly url: string;
  /** SIGTERM, then what it printed and its exit code. */
  stop(): Promise<{ code: number | null; stdout: string }>;
  close(): Promise<unknown>;
}

/** `bss-mock proxy --upstream URL --port 0 …` from the built package, once it listens. */
function spawnProxy(upstream: string, args: readonly string[]): Promise<SpawnedProxy> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [CLI, "proxy", "--upstream", upstream, "--port", "0", ...args],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return { code: await exited, stdout: out };
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ url: match[1] as string, stop, close: stop });
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    exited.then((code) => reject(new Error(`bss-mock proxy exited (${code}): ${out}`)));
  });
}

const summaryOf = (report: ProxyReport) =>
  `${report.exchanges} exchanges, ${report.violations.length} violations, ${report.suspects.length} suspects`;
const listed = (report: ProxyReport) =>
  [...report.violations, ...report.suspects]
    .slice(0, 10)
    .map((f) => `${f.level} ${f.rule}: ${f.message}`)
    .join("\n");

describe.concurrent("the contract suite through the proxy", () => {
  it("against bss-mock: every exchange counted, 0 violations, no suspect but a state's timing; the HAR holds every one", async () => {
    const mock = await serve(["--journal-size", "100000"]);
    started.push(mock);
    const dir = mkdtempSync(join(tmpdir(), "bss-proxy-"));
    const har = join(dir, "traffic.har");
    const out = join(dir, "report.json");
    const proxy = await spawnProxy(mock.url, ["--har", har, "--reporter", "json", "--out", out]);
    started.push(proxy);
    const lastId = async () =>
      ((await (await fetch(`${mock.url}/__mock/requests?limit=1`)).json()) as { requests: Array<{ id: number }> })
        .requests[0]?.id ?? 0;
    const before = await lastId();
    const run = await contract(["--base-url", proxy.url, "--profile", "spec", "--allow-writes"]);
    expect(run.report?.summary.rules.failed, failures(run)).toBe(0);
    const journaled = (await lastId()) - before - 1;
    const live = (await (await fetch(`${proxy.url}/__proxy/report`)).json()) as ProxyReport;
    const { code, stdout } = await proxy.stop();
    const report = JSON.parse(readFileSync(out, "utf8")) as ProxyReport;
    console.log(`bss-mock through the proxy: ${summaryOf(report)}, ${Object.keys(report.rules).length} rules checked`);
    expect(report.violations, listed(report)).toEqual([]);
    // A suspect is a timing the proxy cannot settle (a state seen moments before may have moved on by the next
    // request); on a loaded machine the suite's own requests can land so. Any other kind of suspect fails.
    const timing = /\(suspect: it may have become \w+ in those \d+ ms\)$/;
    expect(
      report.suspects.filter((s) => !timing.test(s.message)),
      listed(report),
    ).toEqual([]);
    expect(report.suspects.length, listed(report)).toBeLessThanOrEqual(5);
    // The proxy exits 1 on any suspect without --strict (docs/proxy.md, exit codes), 0 with none.
    expect(code, stdout).toBe(report.suspects.length > 0 ? 1 : 0);
    expect(live.exchanges).toBe(report.exchanges);
    const entries = (JSON.parse(readFileSync(har, "utf8")) as { log: { entries: Array<{ request: { url: string } }> } })
      .log.entries;
    expect(entries.length).toBe(report.exchanges);
    // The mock journals every request but its control API's: each one reached it through the proxy and was counted.
    const api = entries.filter((e) => !new URL(e.request.url).pathname.startsWith("/__mock"));
    expect(api.length).toBe(journaled);
    expect(report.exchanges).toBeGreaterThan(1000);
    expect(JSON.stringify(entries)).not.toMatch(/"authorization","value":"Bearer/i);
  });

  // One run of the whole suite against each implementation written from the spec alone proves two things at once:
  // profile spec is fair on it (no rule fails; the rules not applicable are few, each with its reason), and so is
  // the proxy (no violation).
  for (const impl of [NODE, implementation("fastapi")]) {
    it(`against the ${impl.name} implementation written from the spec alone: no rule fails, at most ${MAX_NOT_APPLICABLE} not applicable, 0 violations`, async () => {
      const server = await start(impl);
      started.push(server);
      const dir = mkdtempSync(join(tmpdir(), "bss-proxy-"));
      const out = join(dir, "report.json");
      const proxy = await spawnProxy(server.url, ["--reporter", "json", "--out", out, "--strict"]);
      started.push(proxy);
      const run = await contract(specRunArgs(impl, proxy.url));
      expect(run.report?.summary.rules.failed, failures(run)).toBe(0);
      expect(run.code, failures(run)).toBe(0);
      const notApplicable = (run.report?.rules ?? []).filter((r) => r.outcome === "not applicable");
      const reasons = notApplicable.map((rule) => {
        const why = (run.report?.tests ?? []).find(
          (t) => t.outcome === "not applicable" && t.rules.includes(rule.id) && t.message,
        )?.message;
        return `${rule.id}: ${why ?? "?"}`;
      });
      console.log(`${impl.name}: ${JSON.stringify(run.report?.summary.rules)} in ${(run.ms / 1000).toFixed(1)} s`);
      expect(notApplicable.length, reasons.join("\n")).toBeLessThanOrEqual(MAX_NOT_APPLICABLE);
      const { code, stdout } = await proxy.stop();
      const report = JSON.parse(readFileSync(out, "utf8")) as ProxyReport;
      console.log(`${impl.name} implementation through the proxy: ${summaryOf(report)}\n${listed(report)}`);
      expect(report.violations, listed(report)).toEqual([]);
      expect(code, stdout).toBe(0);
      expect(report.exchanges).toBeGreaterThan(500);
    });
  }
});

/** A caller of the node implementation (its harness's token form), and JSON requests through `base`. */
function caller(base: string, org = randomUUID().slice(0, 8), user = randomUUID().slice(0, 8)) {
  const token = NODE.harness.tokens.a.replace("{org}", org).replace("{user}", user);
  const call = async (method: string, path: string, body?: unknown, raw?: { data: Buffer; type: string }) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: token,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(raw ? { "content-type": raw.type } : {}),
      },
      body: raw ? raw.data : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json as Record<string, unknown> & { id: string } };
  };
  return { call, org };
}

type Call = ReturnType<typeof caller>["call"];

async function until(call: Call, id: string, status: string) {
  for (let i = 0; i < 200; i++) {
    const res = await call("GET", `/v1/simulations/${id}`);
    if (res.body?.status === status) return res.body;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  throw new Error(`simulation ${id} never became ${status}`);
}

interface Ctx {
  readonly base: string;
  readonly a: Call;
  /** Another caller of A's organisation, and one of another organisation. */
  readonly c: Call;
  readonly b: Call;
  readonly model: string;
}

const research = (model: string, extra: Record<string, unknown> = {}) => ({
  mode: "research",
  goal: "concept_test",
  user_model_ids: [model],
  inputs: { concept: "a solar kettle" },
  ...extra,
});

async function simulation(ctx: Ctx, extra: Record<string, unknown> = {}) {
  return (await ctx.a("POST", "/v1/simulations", research(ctx.model, extra))).body;
}

async function plannedSimulation(ctx: Ctx) {
  const created = await simulation(ctx);
  return until(ctx.a, created.id, "planned");
}

async function roundOf(ctx: Ctx) {
  const project = (await ctx.a("POST", "/v1/projects")).body;
  await simulation(ctx, { project_id: project.id });
  const rounds = (await ctx.a("GET", `/v1/projects/${project.id}`)).body.rounds as Array<{ id: string }>;
  return { project: project.id, round: rounds[0]?.id as string };
}

function multipart(name: string, size: number) {
  const boundary = `----bssproxy${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    data: Buffer.concat([Buffer.from(head), Buffer.alloc(size, 97), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** For each bug: the finding it must give (level and rule), and the client script that shows it. */
const SCRIPTS: Record<string, { rule: string; level?: "suspect"; script: (ctx: Ctx) => Promise<unknown> }> = {
  plan_edit_running: {
    rule: "PLAN-EDIT-REFUSED-NOT-PLANNED",
    script: async (ctx) => {
      const s = await plannedSimulation(ctx);
      await ctx.a("POST", `/v1/simulations/${s.id}/run`);
      await ctx.a("PATCH", `/v1/simulations/${s.id}/plan`, { hypothesis_text: "late" });
    },
  },
  run_completed: {
    rule: "SIM-RUN-REFUSED-NOT-PLANNED",
    script: async (ctx) => {
      const s = await plannedSimulation(ctx);
      await ctx.a("POST", `/v1/simulations/${s.id}/run`);
      await until(ctx.a, s.id, "completed");
      await ctx.a("POST", `/v1/simulations/${s.id}/run`);
    },
  },
  delete_running: {
    rule: "SIM-DELETE-409-RUNNING",
    level: "suspect",
    script: async (ctx) => {
      const s = await plannedSimulation(ctx);
      await ctx.a("POST", `/v1/simulations/${s.id}/run`);
      await ctx.a("DELETE", `/v1/simulations/${s.id}`);
    },
  },
  move_reproject: {
    rule: "SIM-MOVE-409-HAS-PROJECT",
    script: async (ctx) => {
      const s = await simulation(ctx);
      for (let i = 0; i < 2; i++) {
        const p = (await ctx.a("POST", "/v1/projects")).body;
        await ctx.a("PATCH", `/v1/simulations/${s.id}`, { project_id: p.id });
      }
    },
  },
  move_no_round: {
    rule: "SIM-MOVE-ROUND-1",
    script: async (ctx) => {
      const s = await simulation(ctx);
      const p = (await ctx.a("POST", "/v1/projects")).body;
      await ctx.a("PATCH", `/v1/simulations/${s.id}`, { project_id: p.id });
    },
  },
  create_round_ignored: {
    rule: "SIM-CREATE-ROUND-ID",
    script: async (ctx) => {
      const { project, round } = await roundOf(ctx);
      await ctx.a("POST", `/v1/projects/${project}/rounds`);
      await simulation(ctx, { project_id: project, round_id: round });
    },
  },
  create_no_round1: {
    rule: "SIM-CREATE-PROJECT-ROUND-1",
    script: async (ctx) => {
      const p = (await ctx.a("POST", "/v1/projects")).body;
      await simulation(ctx, { project_id: p.id });
    },
  },
  round_rename_empty: {
    rule: "ROUND-RENAME-LENGTH",
    script: async (ctx) => {
      const { project, round } = await roundOf(ctx);
      await ctx.a("PATCH", `/v1/projects/${project}/rounds/${round}`, { title: "" });
    },
  },
  survey_journey_ok: {
    rule: "SD-400-JOURNEY",
    script: (ctx) =>
      ctx.a("POST", "/v1/simulations", {
        mode: "journey",
        goal: "task_completion",
        user_model_ids: [ctx.model],
        survey_design: { custom_questions: [{ question_text: "Q?" }] },
      }),
  },
  survey_extra_ok: {
    rule: "SD-ITEM-SET-UNKNOWN-REJECTED",
    script: (ctx) => simulation(ctx, { survey_design: { item_sets: [{ ask: "a", items: ["x", "y"], weight: 2 }] } }),
  },
  items_min_one: {
    rule: "SD-ITEMS-MIN-2",
    script: (ctx) => simulation(ctx, { survey_design: { item_sets: [{ ask: "a", items: ["only"] }] } }),
  },
  scale_eight: {
    rule: "SD-SCALE-2-TO-7",
    script: (ctx) =>
      simulation(ctx, { survey_design: { item_sets: [{ ask: "a", items: ["x", "y"], scale: Array(8).fill("s") }] } }),
  },
  custom_options_ten: {
    rule: "SD-CUSTOM-OPTIONS-2-TO-10",
    script: (ctx) =>
      simulation(ctx, {
        survey_design: {
          custom_questions: [{ question_text: "Q?", answer_options: Array.from({ length: 10 }, (_, i) => `o${i}`) }],
        },
      }),
  },
  loc_string: {
    rule: "VALIDATION-422-LOC",
    script: (ctx) => ctx.a("POST", "/v1/simulations", { mode: "research" }),
  },
  missing_field_400: {
    rule: "SIM-CREATE-USER-MODELS-REQUIRED",
    script: (ctx) => ctx.a("POST", "/v1/simulations", { mode: "research", goal: "concept_test" }),
  },
  path_uuid_404: { rule: "PATH-ID-UUID", script: (ctx) => ctx.a("GET", "/v1/simulations/not-a-uuid") },
  list_oldest_first: {
    rule: "SIM-LIST-NEWEST-FIRST",
    script: async (ctx) => {
      // A second apart: creations closer than that may share a timestamp, and the order of a tie is open.
      for (let i = 0; i < 3; i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, ORDER_GAP_MS));
        await simulation(ctx);
      }
      await ctx.a("GET", "/v1/simulations");
    },
  },
  page_size_25: {
    rule: "SIM-LIST-LIMIT-DEFAULT-20",
    script: async (ctx) => {
      for (let i = 0; i < 23; i++) await simulation(ctx);
      await ctx.a("GET", "/v1/simulations");
    },
  },
  list_org_sims: {
    rule: "SCOPE-OWN-SIMULATIONS",
    level: "suspect",
    script: async (ctx) => {
      await simulation(ctx);
      await ctx.c("GET", "/v1/simulations");
    },
  },
  sim_cross_caller: {
    rule: "SCOPE-CALLER",
    level: "suspect",
    script: async (ctx) => {
      const s = await simulation(ctx);
      await ctx.b("GET", `/v1/simulations/${s.id}`);
    },
  },
  default_context_oldest: {
    rule: "CONTEXT-DEFAULT",
    script: async (ctx) => {
      await ctx.a("POST", "/v1/contexts", { name: "first", body: "one" });
      await new Promise((resolve) => setTimeout(resolve, ORDER_GAP_MS));
      await ctx.a("POST", "/v1/contexts", { name: "second", body: "two" });
      await ctx.a("GET", "/v1/context");
    },
  },
  no_context_404: { rule: "CONTEXT-DEFAULT-NONE", script: (ctx) => ctx.a("GET", "/v1/context") },
  context_body_optional: {
    rule: "CONTEXT-CREATE-FIELDS-REQUIRED",
    script: (ctx) => ctx.a("POST", "/v1/contexts", { name: "n" }),
  },
  project_default_name: { rule: "PROJECT-NAME-DEFAULT", script: (ctx) => ctx.a("POST", "/v1/projects") },
  project_name_201: {
    rule: "PROJECT-RENAME-LENGTH",
    script: async (ctx) => {
      const p = (await ctx.a("POST", "/v1/projects")).body;
      await ctx.a("PATCH", `/v1/projects/${p.id}`, { name: "x".repeat(201) });
    },
  },
  envelope_errors_object: {
    rule: "ENVELOPE-ERROR-OBJECT",
    script: (ctx) => ctx.a("GET", `/v1/answers/${randomUUID()}`),
  },
  prediction_has_accuracy: {
    rule: "PREDICTION-NO-ANSWER-FIELDS",
    script: async (ctx) => {
      const made = await ctx.a("POST", "/v1/predictions", {
        population: ctx.model,
        batch: { name: "B", description: "d" },
        questions: [{ question: "q", answer_options: ["a", "b"] }],
      });
      const data = made.body.data as { items?: Array<{ id: string }>; id?: string };
      await ctx.a("GET", `/v1/predictions/${data.items?.[0]?.id ?? data.id}`);
    },
  },
  question_count_string: {
    rule: "POPULATION-FIELD-QUESTION-COUNT",
    script: (ctx) => ctx.a("GET", `/v1/populations/${ctx.model}`),
  },
  create_returns_200: { rule: "SIM-CREATE-201", script: (ctx) => simulation(ctx) },
  create_planned_sync: { rule: "SIM-CREATE-PLANNING", script: (ctx) => simulation(ctx) },
  title_not_set: { rule: "SIM-TITLE-AUTO", script: (ctx) => plannedSimulation(ctx) },
  delete_200_body: {
    rule: "SIM-DELETE-204",
    script: async (ctx) => {
      const s = await plannedSimulation(ctx);
      await ctx.a("DELETE", `/v1/simulations/${s.id}`);
    },
  },
  file_md_rejected: {
    rule: "ARTEFACT-FILE-TYPES",
    script: async (ctx) => {
      const { project, round } = await roundOf(ctx);
      await ctx.a(
        "POST",
        `/v1/projects/${project}/rounds/${round}/artefact/file`,
        undefined,
        multipart("notes.md", 10),
      );
    },
  },
  file_no_size_limit: {
    rule: "ARTEFACT-FILE-SIZE",
    level: "suspect",
    script: async (ctx) => {
      const { project, round } = await roundOf(ctx);
      const big = multipart("big.txt", 11 * 1024 * 1024);
      await ctx.a("POST", `/v1/projects/${project}/rounds/${round}/artefact/file`, undefined, big);
    },
  },
};

/** Runs `script` through an in-process proxy in front of the node implementation with `bug` switched on. */
async function judged(bug: string | undefined, script: (ctx: Ctx) => Promise<unknown>): Promise<ProxyReport> {
  const impl: Started = await start(NODE, bug);
  started.push(impl);
  try {
    const proxy = await startJudgingProxy(impl.url);
    try {
      const a = caller(proxy.url);
      const ctx: Ctx = {
        base: proxy.url,
        a: a.call,
        c: caller(proxy.url, a.org).call,
        b: caller(proxy.url).call,
        model: "",
      };
      const models = (await ctx.a("GET", "/v1/user-models")).body as unknown as Array<{
        id: string;
        owned_by_org: boolean;
      }>;
      await script({ ...ctx, model: (models.find((m) => !m.owned_by_org) ?? models[0])?.id ?? "" });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return proxy.report();
    } finally {
      await proxy.close();
    }
  } finally {
    await impl.close();
  }
}

describe.concurrent("each bug switch traffic can show gives its finding under the rule it breaks", () => {
  it("every script against the implementation without a bug: no violation (fair)", async () => {
    const fair = await judged(undefined, async (ctx) => {
      for (const { script } of Object.values(SCRIPTS)) await script(ctx);
    });
    console.log(`the bug scripts without a bug: ${summaryOf(fair)}\n${listed(fair)}`);
    expect(fair.violations, listed(fair)).toEqual([]);
  });

  for (const [bug, { rule, level = "violation", script }] of Object.entries(SCRIPTS)) {
    it(`node BUG=${bug} -> ${level} ${rule}`, async () => {
      const broken = await judged(bug, script);
      const findings = [...broken.violations, ...broken.suspects].map((f) => `${f.level} ${f.rule}`);
      expect(findings, listed(broken)).toContain(`${level} ${rule}`);
    });
  }
});
