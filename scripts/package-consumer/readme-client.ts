import type { paths } from "bss-mock/client";
import createClient from "openapi-fetch";

const api = createClient<paths>({
  baseUrl: process.env.BSS_URL ?? "http://127.0.0.1:4010",
  headers: { authorization: "Bearer ada@example-org" },
});

const { data: models = [] } = await api.GET("/v1/user-models");
const created = await api.POST("/v1/simulations", {
  body: {
    mode: "research",
    goal: "concept_test",
    inputs: { concept: "Refills delivered monthly", price_point: "£6 a month" },
    user_model_ids: models.slice(0, 2).map((model) => model.id),
  },
});
if (created.error) throw new Error(JSON.stringify(created.error));
const simulation_id = created.data.id;
const read = () => api.GET("/v1/simulations/{simulation_id}", { params: { path: { simulation_id } } });

while ((await read()).data?.status === "planning") await new Promise((resolve) => setTimeout(resolve, 200));
await api.POST("/v1/simulations/{simulation_id}/run", { params: { path: { simulation_id } } });
let { data: simulation } = await read();
while (simulation?.status === "running") {
  await new Promise((resolve) => setTimeout(resolve, 200));
  ({ data: simulation } = await read());
}

// `mode` tells TypeScript which results a simulation carries.
if (simulation?.mode === "research") {
  for (const question of simulation.results?.questions ?? []) console.log(question.question_text, question.overall);
}
