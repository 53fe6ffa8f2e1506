// Records the OpenAPI document's examples, src/api/routes/openapi-examples.json, from a real session with the mock: the
// demo world (fixtures/demo-world.json) read as the demo caller, and requests built from its contexts, projects,
// simulations and batches. Every example is therefore something the mock really answered (Redocly's
// no-invalid-media-type-examples also checks each one against its schema). `npm run openapi` runs it; scripts/record-examples.test.ts fails when the
// file drifts from what the mock now answers.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const EXAMPLES_FILE = "src/api/routes/openapi-examples.json";

const MAX_STRING = 400;
const MAX_ITEMS = 3;

/** Keeps examples readable on the docs page: long texts and lists are cut (a cut text ends with "…"). */
function trimmed(value) {
  if (typeof value === "string") return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(trimmed);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimmed(v)]));
  return value;
}

/**
 * Runs the session against `createApp` (the package's, or src/'s under test) and returns
 * `{ "<method> <path template>": { request?: body, responses: { "<status>": { "<name>": body } } } }`.
 */
export async function recordExamples(createApp) {
  const mock = createApp({ quiet: true, clock: "manual", now: "2026-03-02T09:30:00Z", timing: "fast", seed: 1 });
  const demoWorld = JSON.parse(readFileSync(new URL("../fixtures/demo-world.json", import.meta.url), "utf8"));
  const examples = {};

  async function call(
    method,
    template,
    { params = {}, query = "", body, form, name = "example", record = true, status } = {},
  ) {
    const path = template.replace(/\{(\w+)\}/g, (_, key) => params[key]);
    const init = { method, headers: {} };
    if (form) init.body = form;
    else if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await mock.fetch(new Request(`http://127.0.0.1:4010${path}${query}`, init));
    const text = await response.text();
    if (status ? response.status !== status : response.status >= 300)
      throw new Error(`${method} ${path}${query}: ${response.status} ${text.slice(0, 300)}`);
    const answer = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined;
    if (record) {
      const key = `${method.toLowerCase()} ${template}`;
      examples[key] ??= { responses: {} };
      const entry = examples[key];
      if (body !== undefined && record !== "response") entry.request = trimmed(body);
      if (answer !== undefined) {
        entry.responses[response.status] ??= {};
        entry.responses[response.status][name] = trimmed(answer);
      }
    }
    return answer;
  }
  const advance = (ms) => call("POST", "/__mock/clock/advance", { body: { ms }, record: false });

  try {
    // The demo world, as a frontend sees it on first start.
    const models = await call("GET", "/v1/user-models");
    await call("GET", "/v1/simulation-schema", { query: "?mode=research", name: "goals" });
    await call("GET", "/v1/simulation-schema", { query: "?mode=research&goal=concept_test", name: "input_schema" });
    const simulations = await call("GET", "/v1/simulations");
    for (const mode of ["research", "journey"]) {
      const done = simulations.find((s) => s.mode === mode && s.status === "completed");
      await call("GET", "/v1/simulations/{simulation_id}", { params: { simulation_id: done.id }, name: mode });
    }
    const projects = await call("GET", "/v1/projects");
    await call("GET", "/v1/projects/{project_id}", { params: { project_id: projects[0].id } });
    const contexts = await call("GET", "/v1/contexts");
    await call("GET", "/v1/contexts/{context_id}", { params: { context_id: contexts[0].id } });
    await call("GET", "/v1/context");
    const populations = (await call("GET", "/v1/populations")).data;
    await call("GET", "/v1/populations/{population_id}", { params: { population_id: populations[0].id } });
    await call("GET", "/healthz");
    // Refusals: FastAPI's validation body, and a detail.
    await call("POST", "/v1/simulations", {
      body: { mode: "research", goal: "concept_test", user_model_ids: [] },
      status: 422,
      record: "response",
    });
    await call("GET", "/v1/simulations/{simulation_id}", {
      params: { simulation_id: "00000000-0000-4000-8000-000000000000" },
      status: 404,
    });
    await call("GET", "/__mock/clock");

    // New work built from the fixtures' own texts.
    const fixtureContext = demoWorld.contexts[0];
    const context = await call("POST", "/v1/contexts", {
      body: { name: fixtureContext.name, body: fixtureContext.body },
    });
    const fixtureProject = demoWorld.projects[0];
    const project = await call("POST", "/v1/projects", { body: { name: fixtureProject.name, context_id: context.id } });
    const project_id = project.id;
    await call("PATCH", "/v1/projects/{project_id}", { params: { project_id }, body: { name: "Weeknight Flex" } });
    const fixtureRound = fixtureProject.rounds[0];
    const round = await call("POST", "/v1/projects/{project_id}/rounds", {
      params: { project_id },
      body: { title: fixtureRound.title },
    });
    const round_id = round.id;
    await call("PATCH", "/v1/projects/{project_id}/rounds/{round_id}", {
      params: { project_id, round_id },
      body: { title: `${fixtureRound.title} (round 1)` },
    });
    await call("POST", "/v1/projects/{project_id}/rounds/{round_id}/artefact", {
      params: { project_id, round_id },
      body: { name: fixtureRound.artefact.name, text: fixtureRound.artefact.text },
    });
    const file = new FormData();
    file.set("file", new Blob([fixtureRound.artefact.text], { type: "text/markdown" }), "concept-brief.md");
    await call("POST", "/v1/projects/{project_id}/rounds/{round_id}/artefact/file", {
      params: { project_id, round_id },
      form: file,
    });

    const fixtureSimulation = fixtureRound.simulations[0];
    const created = await call("POST", "/v1/simulations", {
      body: {
        mode: fixtureSimulation.mode,
        goal: fixtureSimulation.goal,
        inputs: fixtureSimulation.inputs,
        user_model_ids: [models[0].id, models[1].id],
        title: fixtureSimulation.title,
        project_id,
        round_id,
      },
    });
    const simulation_id = created.id;
    await advance(1000);
    const planned = await call("GET", "/v1/simulations/{simulation_id}", { params: { simulation_id }, record: false });
    const [first, ...rest] = planned.plan.survey_questions;
    await call("PATCH", "/v1/simulations/{simulation_id}/plan", {
      params: { simulation_id },
      body: {
        survey_questions: [
          { ...first, question_text: `${first.question_text.replace(/\?$/, "")}, for your household?` },
          ...rest,
        ].map(({ question_text, question_type, answer_options, insight, variable_name }) => ({
          question_text,
          question_type,
          answer_options,
          insight,
          variable_name,
        })),
      },
    });
    await call("POST", "/v1/simulations/{simulation_id}/run", { params: { simulation_id } });
    await advance(60_000);
    await call("POST", "/v1/simulations/{simulation_id}/share", { params: { simulation_id } });
    await call("POST", "/v1/projects/{project_id}/rounds/{round_id}/synthesis", { params: { project_id, round_id } });
    // A simulation outside any project, moved into one.
    const journeyFixture = [...demoWorld.simulations, ...fixtureProject.rounds.flatMap((r) => r.simulations)].find(
      (s) => s.mode === "journey",
    );
    const loose = await call("POST", "/v1/simulations", {
      body: {
        mode: journeyFixture.mode,
        goal: journeyFixture.goal,
        inputs: journeyFixture.inputs,
        user_model_ids: [models[0].id],
        title: journeyFixture.title,
      },
      record: false,
    });
    await call("PATCH", "/v1/simulations/{simulation_id}", {
      params: { simulation_id: loose.id },
      body: { project_id },
    });
    await advance(1000);
    await call("DELETE", "/v1/simulations/{simulation_id}", { params: { simulation_id: loose.id } });
    await call("POST", "/__mock/projects/{project_id}/planner-turn", { params: { project_id }, body: { ms: 5000 } });
    await call("POST", "/__mock/clock/advance", { body: { ms: 60_000 } });

    // Predictions, tests and populations, from the fixtures' test batch.
    const fixtureBatch = demoWorld.batches.find((b) => b.kind === "tests");
    const [question, second] = fixtureBatch.questions;
    const population_id = fixtureBatch.population;
    const asked = { population_id, question: question.question, answer_options: question.answer_options };
    const tested = {
      population_id,
      question: second.question,
      answer_options: second.answer_options,
      ground_answer_counts: second.ground_answer_counts,
    };
    const prediction = (
      await call("POST", "/v1/predictions", {
        body: { ...asked, batch_name: "Weeknight dinner habits" },
      })
    ).data;
    await call("GET", "/v1/predictions/{prediction_id}", { params: { prediction_id: prediction.id } });
    await call("GET", "/v1/predictions/batch/{batch_id}", { params: { batch_id: prediction.batch } });
    const test = (
      await call("POST", "/v1/tests", {
        body: { ...tested, batch_name: fixtureBatch.name },
      })
    ).data;
    await call("GET", "/v1/tests/batch/{batch_id}", { params: { batch_id: test.batch } });
    await call("POST", "/v1/populations/{population_id}/retest", { params: { population_id } });
    // A tested question is an answer.
    await call("GET", "/v1/answers/{answer_id}", { params: { answer_id: test.id } });
    await call("POST", "/v1/answers", { body: asked });
    await call("POST", "/v1/answers/benchmark", { body: tested });
  } finally {
    mock.close();
  }
  return Object.fromEntries(
    Object.entries(examples)
      .filter(([, entry]) => entry.request !== undefined || Object.keys(entry.responses).length > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export function examplesText(examples) {
  return `${JSON.stringify(examples, null, 2)}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { createApp } = await import("../dist/index.js");
  writeFileSync(EXAMPLES_FILE, examplesText(await recordExamples(createApp)));
  console.log(`wrote ${EXAMPLES_FILE}`);
}
