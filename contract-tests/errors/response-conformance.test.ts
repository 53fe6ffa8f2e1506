/**
 * Every operation through its lifecycle, each answer with the status the operation documents. The harness's client
 * checks every response against the OpenAPI document (the target's, else bss-mock's), so these walks make sure each
 * operation is exercised at least once with real data, success paths included.
 */
import { as } from "../support/client.js";
import { conceptTestBody, journeyBody } from "../support/fixtures.js";
import { describe, expect, it, MOCK, SPEC } from "../support/harness.js";
import { untilStatus } from "../support/simulations.js";
import { letTimePass, named, newCaller, useTarget } from "../support/target.js";

const target = useTarget();

type Method = "get" | "post" | "patch" | "put" | "delete";

async function call(
  auth: string,
  method: Method,
  template: string,
  params: Record<string, string>,
  status: number | ((s: number) => boolean),
  body?: unknown,
): Promise<Record<string, unknown>> {
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? `{${name}}`);
  const client = as(target, auth);
  const res = await (method === "get" || method === "delete" ? client[method](path) : client[method](path, body));
  if (typeof status === "number") expect(res.status, `${method.toUpperCase()} ${path}`).toBe(status);
  else expect(status(res.status), `${method.toUpperCase()} ${path} -> ${res.status}`).toBe(true);
  return res.body as Record<string, unknown>;
}

const refused = (s: number) => s >= 400 && s < 500;

describe("every operation answers as documented", () => {
  it("should answer simulations, projects and contexts, through their lifecycles, with documented statuses and bodies", {
    ...SPEC,
    rules: ["STATUS-CODES-AS-LISTED", "JSON-BODIES"],
  }, async () => {
    const auth = newCaller();
    const c = (
      method: Method,
      template: string,
      params: Record<string, string>,
      status: number | ((s: number) => boolean),
      body?: unknown,
    ) => call(auth, method, template, params, status, body);

    const models = (await c("get", "/v1/user-models", {}, 200)) as unknown as Array<{ id: string }>;
    const userModelIds = models.slice(0, 2).map((m) => m.id);
    await c("get", "/v1/simulation-schema?mode=research", {}, 200);
    const context = await c("post", "/v1/contexts", {}, 201, { name: named("Refill club"), body: "Refills by post." });
    await c("get", "/v1/contexts", {}, 200);
    await c("get", "/v1/contexts/{context_id}", { context_id: String(context.id) }, 200);
    await c("get", "/v1/context", {}, 200);
    const project = await c("post", "/v1/projects", {}, 201, { name: named("Refills") });
    const project_id = String(project.id);

    const [first = ""] = userModelIds;
    const research = await c(
      "post",
      "/v1/simulations",
      {},
      201,
      conceptTestBody(first, { user_model_ids: userModelIds, project_id }),
    );
    const journey = await c("post", "/v1/simulations", {}, 201, journeyBody(first, { user_model_ids: userModelIds }));
    const ids = [String(research.id), String(journey.id)];
    for (const simulation_id of ids) await c("get", "/v1/simulations/{simulation_id}", { simulation_id }, 200);
    for (const simulation_id of ids) {
      await untilStatus(target, auth, simulation_id, "planned");
      await c("patch", "/v1/simulations/{simulation_id}/plan", { simulation_id }, 200, { hypothesis_text: "Yes." });
      await c("post", "/v1/simulations/{simulation_id}/run", { simulation_id }, 200);
      await c("get", "/v1/simulations/{simulation_id}", { simulation_id }, 200);
      await untilStatus(target, auth, simulation_id, "completed");
      await c("get", "/v1/simulations/{simulation_id}", { simulation_id }, 200);
      await c("post", "/v1/simulations/{simulation_id}/run", { simulation_id }, refused);
      await c("post", "/v1/simulations/{simulation_id}/share", { simulation_id }, 200);
    }
    await c("patch", "/v1/simulations/{simulation_id}", { simulation_id: ids[1] as string }, 200, { project_id });
    await c("get", "/v1/simulations", {}, 200);

    const withRounds = await c("get", "/v1/projects/{project_id}", { project_id }, 200);
    const round_id = String((withRounds.rounds as Array<{ id: string }>)[0]?.id);
    await c("patch", "/v1/projects/{project_id}", { project_id }, 200, { name: named("Refills 2") });
    await c("patch", "/v1/projects/{project_id}/rounds/{round_id}", { project_id, round_id }, 200, { title: "First" });
    await c("post", "/v1/projects/{project_id}/rounds/{round_id}/artefact", { project_id, round_id }, 200, {
      text: "A brief",
      name: "Brief",
    });
    await c("post", "/v1/projects/{project_id}/rounds/{round_id}/synthesis", { project_id, round_id }, 200);
    await letTimePass(target, 600_000);
    await c("get", "/v1/projects/{project_id}", { project_id }, 200);
    await c("post", "/v1/projects/{project_id}/rounds", { project_id }, 201, {});
    await c("get", "/v1/projects", {}, 200);

    await c("delete", "/v1/simulations/{simulation_id}", { simulation_id: ids[0] as string }, 204);
    await c("get", "/v1/simulations/{simulation_id}", { simulation_id: ids[0] as string }, refused);
    await c("post", "/v1/simulations", {}, 422, { mode: "research" });
  });

  it("should answer predictions, tests, batches and populations in the documented envelope", {
    ...MOCK,
    rules: ["MOCK-PREDICTIONS", "MOCK-POPULATIONS"],
  }, async () => {
    const auth = newCaller();
    const c = (method: Method, template: string, params: Record<string, string>, status: number, body?: unknown) =>
      call(auth, method, template, params, status, body);
    const populations = await c("get", "/v1/populations", {}, 200);
    const population_id = String((populations.data as Array<{ id: string }>)[0]?.id);
    await c("get", "/v1/populations/{population_id}", { population_id }, 200);
    const options = ["Yes", "No", "Not sure"];
    const prediction = await c("post", "/v1/predictions", {}, 201, {
      population_id,
      question: "Would you try refills?",
      answer_options: options,
    });
    const predicted = prediction.data as { id: string; batch: string };
    await c("get", "/v1/predictions/{prediction_id}", { prediction_id: predicted.id }, 200);
    const test = await c("post", "/v1/tests", {}, 201, {
      population_id,
      question: "Do you recycle?",
      answer_options: options,
      ground_answer_counts: { Yes: 5, No: 3, "Not sure": 2 },
    });
    const answer = test.data as { id: string; batch: string };
    await c("get", "/v1/answers/{answer_id}", { answer_id: answer.id }, 200);
    await c("post", "/v1/answers", {}, 201, { population_id, question: "Old route?", answer_options: options });
    await c("post", "/v1/answers/benchmark", {}, 201, {
      population_id,
      question: "Old benchmark?",
      answer_options: options,
      ground_answer_counts: { Yes: 1, No: 1, "Not sure": 1 },
    });
    await c("get", "/v1/predictions/batch/{batch_id}", { batch_id: predicted.batch }, 200);
    await c("get", "/v1/tests/batch/{batch_id}", { batch_id: answer.batch }, 200);
    await c("post", "/v1/populations/{population_id}/retest", { population_id }, 200);
    await c("get", "/v1/predictions/{prediction_id}", { prediction_id: "00000000-0000-4000-8000-000000000000" }, 404);
  });
});
