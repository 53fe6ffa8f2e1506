// A small app on the Behaviour Simulation Service: create a concept test, watch it plan, run it, read the result.
// The service is bss-mock/browser, running in this tab on real time.
import { createMock } from "bss-mock/browser";

// Phases slow enough to watch (the real service takes minutes; the mock's "realistic" preset ~15 s in all).
const mock = await createMock({ planningMs: 1500, runningMs: 5000 });

// ---- API client. Against the real service: `fetch` with its base URL and a token. Here: the mock's fetch. ----

async function api(method, path, body) {
  const init = { method };
  if (body !== undefined) {
    init.headers = { "content-type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const response = await mock.fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(data)}`);
  return data;
}

// ---- UI ----

const $ = (selector) => document.querySelector(selector);
const form = $("#new-simulation");
const card = $("#simulation");
const POLL_MS = 250;

function show(element, visible) {
  element.hidden = !visible;
}

function percent(fraction) {
  return `${(fraction * 100).toFixed(1)}%`;
}

async function loadPopulations() {
  const models = await api("GET", "/v1/user-models");
  const select = form.elements.population;
  select.replaceChildren(...models.map((model) => new Option(model.name, model.id)));
  select.disabled = false;
  form.querySelector("button").disabled = false;
}

async function loadRecent() {
  const simulations = await api("GET", "/v1/simulations");
  $("[data-testid=recent]").replaceChildren(
    ...simulations.slice(0, 6).map((simulation) => {
      const item = document.createElement("li");
      item.append(simulation.title ?? `${simulation.goal} (untitled)`, " ");
      const status = document.createElement("span");
      status.textContent = `· ${simulation.status}`;
      item.append(status);
      return item;
    }),
  );
}

let lastStatus;

function render(simulation) {
  const status = $("[data-testid=status]");
  status.textContent = simulation.status;
  status.dataset.status = simulation.status;
  $("#simulation-title").textContent = simulation.title ?? "New simulation";
  if (simulation.status !== lastStatus) {
    lastStatus = simulation.status;
    const step = document.createElement("li");
    step.textContent = simulation.status;
    step.dataset.status = simulation.status;
    $("[data-testid=timeline]").append(step);
  }

  const running = simulation.status === "running" && simulation.progress;
  show($(".progress"), simulation.status === "running" || simulation.status === "completed");
  if (running) {
    const { completed, total, fraction } = simulation.progress;
    $("[data-testid=progress]").value = fraction * 100;
    $("[data-testid=progress-label]").textContent = `${percent(fraction)} · ${completed} of ${total} respondents`;
  } else if (simulation.status === "completed") {
    $("[data-testid=progress]").value = 100;
    $("[data-testid=progress-label]").textContent = "100%";
  }

  show($(".plan"), simulation.status === "planned");
  if (simulation.status === "planned" && simulation.plan) {
    $("[data-testid=hypothesis]").textContent = simulation.plan.hypothesis_text;
    $("[data-testid=questions]").replaceChildren(
      ...simulation.plan.survey_questions.map((question) => {
        const item = document.createElement("li");
        item.textContent = question.question_text;
        return item;
      }),
    );
  }

  show($("[data-testid=summary]"), simulation.status === "completed");
  if (simulation.status === "completed") renderResult(simulation);
  if (simulation.status === "failed") fail(simulation.error ?? "The simulation failed.");
}

function renderResult(simulation) {
  const { results } = simulation;
  $("[data-testid=respondents]").textContent =
    `${results.respondents} simulated respondents across ${results.segments.length} user model(s).`;
  const headline = results.questions[0];
  const bars = Object.entries(headline.overall).map(([option, share]) => {
    const row = document.createElement("div");
    const meter = document.createElement("meter");
    meter.value = share;
    row.append(option, meter, percent(share));
    return row;
  });
  const title = document.createElement("p");
  title.textContent = headline.question_text;
  $("[data-testid=headline]").replaceChildren(title, ...bars);
  $("[data-testid=synthesis]").textContent = simulation.synthesis.replaceAll("**", "");
}

function fail(message) {
  const error = $("[data-testid=error]");
  error.textContent = message;
  show(error, true);
}

/** Polls the simulation until it waits for the user (planned) or is done. */
async function follow(id) {
  for (;;) {
    const simulation = await api("GET", `/v1/simulations/${id}`);
    render(simulation);
    if (["planned", "completed", "failed"].includes(simulation.status)) return loadRecent();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

let current;

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  form.querySelector("button").disabled = true;
  lastStatus = undefined;
  $("[data-testid=timeline]").replaceChildren();
  show($("[data-testid=error]"), false);
  show(card, true);
  try {
    current = await api("POST", "/v1/simulations", {
      mode: "research",
      goal: "concept_test",
      inputs: { concept: form.elements.concept.value },
      user_model_ids: [form.elements.population.value],
    });
    await loadRecent();
    await follow(current.id);
  } catch (error) {
    fail(error.message);
  } finally {
    form.querySelector("button").disabled = false;
  }
});

$("[data-testid=run]").addEventListener("click", async () => {
  try {
    render(await api("POST", `/v1/simulations/${current.id}/run`));
    await follow(current.id);
  } catch (error) {
    fail(error.message);
  }
});

await Promise.all([loadPopulations(), loadRecent()]);
document.body.dataset.ready = "true";
