// A typed client as docs/serving.md shows it: openapi-fetch with bss-mock/client's paths. Creates a research and a
// journey simulation, runs them and reads their results, narrowing `results` by the simulation's mode. Type-checked and
// run against the installed package's server by scripts/test-package.mjs.

import type { components, paths } from "bss-mock/client";
import createClient from "openapi-fetch";

type Simulation = components["schemas"]["Simulation"];

const baseUrl = process.argv[2] ?? "http://127.0.0.1:4010";
const api = createClient<paths>({ baseUrl, headers: { authorization: `Bearer typed-client@consumer-${Date.now()}` } });

async function until(id: string, status: Simulation["status"]): Promise<Simulation> {
  for (let i = 0; i < 200; i++) {
    const { data, error } = await api.GET("/v1/simulations/{simulation_id}", {
      params: { path: { simulation_id: id } },
    });
    if (error) throw new Error(`get: ${JSON.stringify(error)}`);
    if (data.status === status) return data;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`simulation ${id} never reached ${status}`);
}

async function completed(body: components["schemas"]["CreateSimulationBody"]): Promise<Simulation> {
  const created = await api.POST("/v1/simulations", { body });
  if (!created.data) throw new Error(`create: ${JSON.stringify(created.error)}`);
  await until(created.data.id, "planned");
  const run = await api.POST("/v1/simulations/{simulation_id}/run", {
    params: { path: { simulation_id: created.data.id } },
  });
  if (!run.data) throw new Error(`run: ${JSON.stringify(run.error)}`);
  return until(created.data.id, "completed");
}

function describe(simulation: Simulation): string {
  // `mode` tells which results a simulation has: TypeScript narrows `results` with it.
  if (simulation.mode === "research") {
    const first = simulation.results?.questions[0];
    return `research: ${simulation.results?.respondents} respondents, first question "${first?.question_text}"`;
  }
  const model = simulation.results?.by_user_model[0];
  return `journey: ${simulation.results?.sessions} sessions, task success ${model?.task_success_rate}`;
}

const { data: models } = await api.GET("/v1/user-models");
if (!models?.[0]) throw new Error("no user models");
const user_model_ids = [models[0].id];

const research = await completed({
  mode: "research",
  goal: "concept_test",
  inputs: { concept: "Refills delivered monthly", price_point: "£6 a month" },
  user_model_ids,
});
const journey = await completed({
  mode: "journey",
  goal: "usability_test",
  inputs: { start_url: "https://refill.example", task: "Start a refill plan" },
  user_model_ids,
});
console.log(describe(research));
console.log(describe(journey));
