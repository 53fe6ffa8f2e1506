/**
 * The dashboard at /__mock/ui: plain DOM over the control API (same origin; with --control-token the page was opened
 * with ?token= and a cookie carries it). Bundled by the build into dist/public/ui.js; it imports nothing at run time.
 */
import type { OrganisationResources as Resources } from "../control/resources.js";
import type { CoverageView } from "../coverage/coverage.js";

/** The fields the page reads of a journal entry (control/journal.ts, which needs Node's types, not the DOM's). */
interface Entry {
  id: number;
  at: string;
  method: string;
  path: string;
  template: string | null;
  caller: string;
  organisation: string | null;
  request_body: unknown;
  status: number | null;
  response_body: unknown;
  ms: number;
  scenarios: Array<{ scenario: string }>;
}
interface Scenarios {
  known: Array<{ name: string; description: string }>;
  active: { global: string[]; organisations: Record<string, string[]> };
}
interface Org {
  kind: string;
  name: string;
  simulations: number;
  projects: number;
}
const MAX_ENTRIES = 500;
const POLL_MS = 1000;

/** What each panel last showed: a panel is drawn again only when it changes, so focus and open details stay. */
const shown = new Map<string, string>();
function changed(panel: string, ...parts: unknown[]): boolean {
  const key = JSON.stringify(parts);
  if (shown.get(panel) === key) return false;
  shown.set(panel, key);
  return true;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function h(tag: string, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  return el;
}

class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? "GET",
    headers: init.body === undefined ? {} : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    throw new ApiError(res.status, typeof detail === "string" ? detail : `${res.status} ${text.slice(0, 200)}`);
  }
  return body as T;
}

function say(message: string, kind: "info" | "error" = "info") {
  const status = $("status");
  status.textContent = message;
  status.className = kind;
}

const entries: Entry[] = [];
let lastId = 0;
let scenarios: Scenarios | undefined;
let orgs: Org[] = [];

/** The organisation the scenarios, reset, organisation and coverage panels act on; "" is the whole mock. */
const scope = () => $<HTMLSelectElement>("scope").value;

function fillSelect(select: HTMLSelectElement, options: Array<[string, string]>) {
  const keep = select.value;
  const wanted = options.map(([v, l]) => `${v}\u0000${l}`).join("\u0001");
  if (select.dataset.options !== wanted) {
    select.replaceChildren(...options.map(([value, label]) => h("option", { value }, label)));
    select.dataset.options = wanted;
  }
  if (options.some(([v]) => v === keep)) select.value = keep;
}

// ---- request log ----

const operationOf = (e: Entry) => `${e.method} ${e.template ?? e.path}`;

function statusMatches(filter: string, status: number | null) {
  if (!filter) return true;
  const s = status === null ? "none" : String(status);
  return /^[1-5]xx$/i.test(filter) ? s[0] === filter[0] : s === filter;
}

function bodyBlock(label: string, body: unknown): HTMLElement {
  const text = body === null || body === undefined ? "(none)" : JSON.stringify(body, null, 2);
  return h("div", { class: "body" }, h("h4", {}, label), h("pre", {}, text));
}

function renderLog() {
  const org = $<HTMLSelectElement>("log-org").value;
  const op = $<HTMLSelectElement>("log-op").value;
  const status = $<HTMLInputElement>("log-status").value.trim();
  const rows = entries
    .filter(
      (e) => (!org || e.organisation === org) && (!op || operationOf(e) === op) && statusMatches(status, e.status),
    )
    .slice(-200)
    .reverse();
  const list = $("log");
  const open = new Set([...list.querySelectorAll("details[open]")].map((d) => (d as HTMLElement).dataset.id));
  list.replaceChildren(
    ...rows.map((e) => {
      const summary = h(
        "summary",
        {},
        h("span", { class: `code s${String(e.status ?? 0)[0]}` }, String(e.status ?? "—")),
        h("span", { class: "op" }, `${e.method} ${e.path}`),
        h("span", { class: "who" }, e.caller || "(demo)"),
        h("time", {}, e.at.slice(11, 19)),
      );
      const details = h(
        "details",
        { "data-id": String(e.id) },
        summary,
        h(
          "div",
          { class: "bodies" },
          bodyBlock("Request", e.request_body),
          bodyBlock("Response", e.response_body),
          ...(e.scenarios.length ? [h("p", {}, `Scenarios: ${e.scenarios.map((s) => s.scenario).join(", ")}`)] : []),
        ),
      );
      if (open.has(String(e.id))) details.setAttribute("open", "");
      return h("li", {}, details);
    }),
  );
  if (rows.length === 0) list.append(h("li", { class: "empty" }, "No request yet matches."));
  const organisations = [...new Set(entries.map((e) => e.organisation).filter((o): o is string => o !== null))];
  fillSelect($("log-org"), [["", "All organisations"], ...organisations.map((o): [string, string] => [o, o])]);
  const operations = [...new Set(entries.map(operationOf))].sort();
  fillSelect($("log-op"), [["", "All operations"], ...operations.map((o): [string, string] => [o, o])]);
}

async function pollLog() {
  const { requests } = await api<{ requests: Entry[] }>(`/__mock/requests?since=${lastId}&limit=${MAX_ENTRIES}`);
  if (requests.length === 0) return;
  entries.push(...requests);
  lastId = requests[requests.length - 1]?.id ?? lastId;
  entries.splice(0, Math.max(0, entries.length - MAX_ENTRIES));
  renderLog();
}

// ---- clock ----

function renderClock(clock: { kind: string; now: string }) {
  $("clock-now").textContent = `${clock.now.replace("T", " ").replace(/\.\d+Z$/, "Z")} (${clock.kind} clock)`;
  const system = clock.kind === "system";
  // Moving a system clock is refused with 409: the controls say why rather than send a request bound to fail.
  $("clock-note").textContent = system
    ? "The system clock moves by itself: the control API refuses to move it by hand (409). Start the mock with --clock manual to step time from here."
    : "";
  for (const control of document.querySelectorAll<HTMLButtonElement | HTMLInputElement>(
    "#clock-controls :is(button, input)",
  )) {
    control.disabled = system;
  }
}

async function moveClock(body: unknown) {
  try {
    renderClock(await api("/__mock/clock/advance", { method: "POST", body }));
    say("Clock moved.");
    await refreshAll();
  } catch (error) {
    const e = error as ApiError;
    say(e.status === 409 ? `409: ${e.message}` : e.message, "error");
  }
}

// ---- scenarios ----

function activeFor(org: string): string[] {
  if (!scenarios) return [];
  return org ? (scenarios.active.organisations[org] ?? []) : scenarios.active.global;
}

async function setScenarios(org: string, names: string[]) {
  scenarios = await api<Scenarios>("/__mock/scenarios", {
    method: "PUT",
    body: org ? { scenarios: names, org } : { scenarios: names },
  });
  renderScenarios();
  say(`Scenarios for ${org ? `organisation ${org}` : "the whole mock"}: ${names.join(", ") || "none"}.`);
}

function renderScenarios() {
  if (!scenarios) return;
  const org = scope();
  const active = activeFor(org);
  if (!changed("scenarios", org, scenarios)) return;
  $("scenario-scope").textContent = org ? `organisation ${org}` : "the whole mock";
  $("scenarios").replaceChildren(
    ...scenarios.known.map((s) => {
      const box = h("input", { type: "checkbox", id: `sc-${s.name}`, "data-scenario": s.name }) as HTMLInputElement;
      box.checked = active.includes(s.name);
      box.addEventListener("change", () => {
        const now = activeFor(org).filter((n) => n !== s.name);
        void setScenarios(org, box.checked ? [...now, s.name] : now).catch((e) => say(String(e.message), "error"));
      });
      return h(
        "li",
        {},
        box,
        h("label", { for: `sc-${s.name}` }, h("strong", {}, s.name), " ", h("span", {}, s.description)),
      );
    }),
  );
}

// ---- organisations ----

function timeline(t: Array<{ status: string; at: string }>): HTMLElement {
  return h(
    "ol",
    { class: "timeline" },
    ...t.map((step) => h("li", { class: `st-${step.status}` }, `${step.status} ${step.at.slice(11, 19)}`)),
  );
}

async function renderOrg() {
  const org = scope();
  const target = $("org");
  if (!org) {
    if (!changed("org", org)) return;
    target.replaceChildren(h("p", {}, "Choose an organisation above to see its simulations, projects and rounds."));
    return;
  }
  const r = await api<Resources>(`/__mock/orgs/${encodeURIComponent(org)}/resources`);
  if (!changed("org", org, r)) return;
  target.replaceChildren(
    h("h3", {}, `Simulations (${r.simulations.length})`),
    h(
      "ul",
      { class: "sims" },
      ...r.simulations.map((s) =>
        h(
          "li",
          { "data-simulation": s.id },
          h("span", { class: `pill st-${s.status}` }, s.status),
          " ",
          h("strong", {}, s.title ?? s.goal),
          " ",
          h("code", {}, s.id.slice(0, 8)),
          timeline(s.timeline),
          ...(s.error ? [h("p", { class: "error" }, s.error)] : []),
        ),
      ),
    ),
    h("h3", {}, `Projects (${r.projects.length})`),
    h(
      "ul",
      {},
      ...r.projects.map((p) =>
        h(
          "li",
          {},
          h("strong", {}, p.name),
          h(
            "ul",
            {},
            ...p.rounds.map((round) =>
              h(
                "li",
                {},
                `Round ${round.number}: ${round.title} — ${round.simulation_ids.length} simulations, synthesis ${round.synthesis_status ?? "none"}${round.synthesis_stale ? " (stale)" : ""}`,
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

// ---- coverage ----

async function renderCoverage() {
  const org = scope();
  const c = await api<CoverageView>(`/__mock/coverage${org ? `?org=${encodeURIComponent(org)}` : ""}`);
  if (!changed("coverage", org, activeFor(org), c)) return;
  const items = c.must_handle.map((item) => {
    const button = item.scenario
      ? [
          h(
            "button",
            { type: "button", "data-turn-on": item.scenario },
            activeFor(org).includes(item.scenario) ? `${item.scenario} is on` : `Turn on ${item.scenario}`,
          ),
        ]
      : [];
    for (const b of button) {
      const scenario = item.scenario as string;
      (b as HTMLButtonElement).disabled = activeFor(org).includes(scenario);
      b.addEventListener("click", () => {
        void setScenarios(org, [...activeFor(org), scenario])
          .then(renderCoverage)
          .catch((e) => say(String(e.message), "error"));
      });
    }
    return h(
      "li",
      { class: item.reached ? "reached" : "never", "data-item": item.id },
      h("span", { class: "mark", "aria-label": item.reached ? "reached" : "never reached" }, item.reached ? "✓" : "✗"),
      h("span", {}, item.title, h("small", {}, item.reached ? ` ×${item.count}` : ` — ${item.how}`)),
      ...button,
    );
  });
  const states = Object.entries(c.states).map(([kind, s]) =>
    h(
      "li",
      {},
      h("strong", {}, kind.replace(/_/g, " ")),
      `: read ${Object.keys(s.observed).join(", ") || "nothing"}`,
      ...(s.never.length ? [h("span", { class: "never-states" }, `; never ${s.never.join(", ")}`)] : []),
    ),
  );
  $("coverage").replaceChildren(
    h(
      "p",
      {},
      `${c.requests} requests since ${c.since.slice(0, 19).replace("T", " ")}: rules ${c.rules.percent} %, must-handle answers ${c.errors_percent} %.`,
    ),
    h("ul", { class: "must" }, ...items),
    h("h3", {}, "States read"),
    h("ul", {}, ...states),
    h("h3", {}, "Operations"),
    h(
      "ul",
      { class: "ops" },
      ...Object.entries(c.operations).map(([op, statuses]) =>
        h(
          "li",
          {},
          h("code", {}, op),
          ` ${Object.entries(statuses)
            .map(([s, n]) => `${s}×${n}`)
            .join(" ")}`,
        ),
      ),
    ),
  );
}

// ---- the whole page ----

async function refreshAll() {
  const [clock, orgList, sc] = await Promise.all([
    api<{ kind: string; now: string }>("/__mock/clock"),
    api<{ organisations: Org[] }>("/__mock/orgs"),
    api<Scenarios>("/__mock/scenarios"),
  ]);
  renderClock(clock);
  orgs = orgList.organisations.filter((o) => o.kind === "shared");
  scenarios = sc;
  fillSelect($("scope"), [["", "Whole mock"], ...orgs.map((o): [string, string] => [o.name, o.name])]);
  renderScenarios();
  await Promise.all([pollLog(), renderOrg(), renderCoverage()]);
}

let polling = false;
async function tick() {
  if (polling) return;
  polling = true;
  try {
    await refreshAll();
  } catch (error) {
    say(`Cannot reach the mock: ${(error as Error).message}`, "error");
  } finally {
    polling = false;
  }
}

function wire() {
  $("advance").addEventListener("submit", (event) => {
    event.preventDefault();
    void moveClock({ ms: Number($<HTMLInputElement>("advance-ms").value) });
  });
  $("next").addEventListener("click", () => void moveClock({ until: "next" }));
  $("idle").addEventListener("click", () => void moveClock({ until: "idle" }));
  $("reset").addEventListener("click", async () => {
    const org = scope();
    try {
      await api("/__mock/reset", { method: "POST", body: org ? { org } : {} });
      if (!org) {
        entries.length = 0;
        lastId = 0;
      }
      say(org ? `Organisation ${org} reset.` : "The mock is back to its start.");
      await tick();
      renderLog();
    } catch (error) {
      say((error as Error).message, "error");
    }
  });
  $("scope").addEventListener("change", () => void tick());
  for (const id of ["log-org", "log-op"]) $(id).addEventListener("change", renderLog);
  $("log-status").addEventListener("input", renderLog);
  void tick();
  setInterval(() => void tick(), POLL_MS);
}

wire();
