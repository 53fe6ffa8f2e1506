import { randomUUID } from "node:crypto";
import { describe, expect, IN_PROCESS, it } from "../support/harness.js";
import { letTimePass, type Target, useTarget } from "../support/target.js";

// Fresh mocks on the manual clock: three with the default seed (one of them also serving a noisy neighbour),
// one with another seed. Determinism is a claim about a fresh world, so this runs in-process only.
const first = useTarget();
const second = useTarget();
const sameSeedAgain = useTarget();
const otherSeed = useTarget({ seed: 2 });

const AUTH = "Bearer ada@determinism-lab";

interface Step {
  method: "get" | "post" | "patch";
  path: string;
  body?: unknown;
  accept?: string;
}

/** One recorded exchange: status, content type and the exact bytes of the body. */
type Transcript = string[];

async function send(target: Target, auth: string, step: Step): Promise<string> {
  let req = target.http()[step.method](step.path).set("authorization", auth);
  if (step.accept) req = req.set("accept", step.accept);
  const res = step.body === undefined ? await req : await req.send(step.body as object);
  // Share URLs are built from the request's Host, which is each mock's own ephemeral port: the one allowed difference.
  const body = res.text.replaceAll(target.baseUrl, "{base}");
  return `${step.method.toUpperCase()} ${step.path} -> ${res.status} ${res.headers["content-type"]}\n${body}`;
}

/** Another organisation busy at the same time: creates things and reads lists, never touches the clock. */
async function noise(target: Target, userModelId: string): Promise<void> {
  const auth = `Bearer noise-${randomUUID()}@noise-${randomUUID()}`;
  await target.http().post("/v1/contexts").set("authorization", auth).send({ name: "Noise", body: "Unrelated" });
  await target.http().post("/v1/projects").set("authorization", auth).send({ name: "Noise project" });
  await target
    .http()
    .post("/v1/simulations")
    .set("authorization", auth)
    .send({ mode: "research", goal: "concept_test", inputs: { concept: "Noise" }, user_model_ids: [userModelId] });
  await target
    .http()
    .post("/v1/predictions")
    .set("authorization", auth)
    .send({ population_id: userModelId, question: "Noise?", answer_options: ["Yes", "No"] });
  await target.http().get("/v1/simulations").set("authorization", auth);
}

/**
 * A scripted session of one caller: context, project, a research and a journey simulation through their whole
 * lifecycles, the share page, a round synthesis, a prediction and a test. Later steps use ids from earlier answers,
 * so a difference anywhere shows up in the transcript.
 */
async function session(target: Target, withNoise: boolean): Promise<Transcript> {
  const transcript: Transcript = [];
  const models = await target.http().get("/v1/user-models").set("authorization", AUTH).expect(200);
  const [modelA, modelB] = (models.body as Array<{ id: string }>).map((m) => m.id);
  if (!modelA || !modelB) throw new Error("the mock needs two public user models");
  const step = async (s: Step) => {
    if (withNoise) await noise(target, modelA);
    const text = await send(target, AUTH, s);
    transcript.push(text);
    const body = text.slice(text.indexOf("\n") + 1);
    return body.startsWith("{") ? (JSON.parse(body) as Record<string, unknown>) : {};
  };
  const wait = async (ms: number) => {
    if (withNoise) await noise(target, modelA);
    await letTimePass(target, ms);
  };

  const context = await step({
    method: "post",
    path: "/v1/contexts",
    body: { name: "Refill club", body: "A refill subscription for household cleaning products." },
  });
  const project = await step({ method: "post", path: "/v1/projects", body: { name: "Refill launch" } });
  const research = await step({
    method: "post",
    path: "/v1/simulations",
    body: {
      mode: "research",
      goal: "concept_test",
      inputs: { concept: "Refills delivered monthly in compostable pouches", price_point: "£6 a month" },
      user_model_ids: [modelA, modelB],
      project_id: project.id,
      context_id: context.id,
    },
  });
  const journey = await step({
    method: "post",
    path: "/v1/simulations",
    body: {
      mode: "journey",
      goal: "usability_test",
      inputs: { start_url: "https://refill.example/shop", task: "Start a monthly refill plan" },
      user_model_ids: [modelA],
    },
  });
  // A pricing study (Van Westendorp analysis) and a first-impression test: the generators with the most derived text.
  const pricing = await step({
    method: "post",
    path: "/v1/simulations",
    body: {
      mode: "research",
      goal: "pricing",
      inputs: { product: "Refill club", price_points: [4, 6, 8, 10] },
      user_model_ids: [modelA, modelB],
    },
  });
  const firstLook = await step({
    method: "post",
    path: "/v1/simulations",
    body: {
      mode: "journey",
      goal: "first_impression",
      inputs: { start_url: "https://refill.example/", questions: ["What is being offered?"] },
      user_model_ids: [modelB],
    },
  });
  const all = [research.id, journey.id, pricing.id, firstLook.id];
  await wait(60_000);
  for (const id of all) await step({ method: "get", path: `/v1/simulations/${id}` });
  for (const id of all) await step({ method: "post", path: `/v1/simulations/${id}/run` });
  await wait(4_000);
  await step({ method: "get", path: `/v1/simulations/${research.id}` });
  await wait(600_000);
  for (const id of all) await step({ method: "get", path: `/v1/simulations/${id}` });
  await step({ method: "post", path: `/v1/simulations/${research.id}/share` });
  await step({ method: "get", path: `/v1/public/simulations/${research.id}`, accept: "text/html" });
  const withRounds = await step({ method: "get", path: `/v1/projects/${project.id}` });
  const round = (withRounds.rounds as Array<{ id: string }> | undefined)?.[0];
  if (round) {
    await step({ method: "post", path: `/v1/projects/${project.id}/rounds/${round.id}/synthesis` });
    await wait(600_000);
    await step({ method: "get", path: `/v1/projects/${project.id}` });
  }
  await step({
    method: "post",
    path: "/v1/predictions",
    body: { population_id: modelA, question: "Would you try refills?", answer_options: ["Yes", "Maybe", "No"] },
  });
  await step({
    method: "post",
    path: "/v1/tests",
    body: {
      population_id: modelB,
      question: "Do you recycle pouches?",
      answer_options: ["Always", "Sometimes", "Never"],
      ground_answer_counts: { Always: 41, Sometimes: 37, Never: 22 },
    },
  });
  await step({ method: "get", path: "/v1/simulations" });
  await step({ method: "get", path: "/v1/projects" });
  await step({ method: "get", path: "/v1/contexts" });
  return transcript;
}

describe("determinism", { ...IN_PROCESS, rules: ["MOCK-DETERMINISM"], timeout: 60_000 }, () => {
  it("should answer a scripted session byte for byte the same on a fresh mock with the same seed, whatever another organisation does meanwhile", async () => {
    const quiet = await session(first, false);
    const noisy = await session(second, true);
    expect(quiet.length).toBeGreaterThan(15);
    // Compare step by step so a failure names the first exchange that differs.
    for (const [i, exchange] of quiet.entries()) expect(noisy[i], `step ${i + 1}`).toBe(exchange);
    expect(noisy).toHaveLength(quiet.length);
  });

  it("should generate other ids and content with another seed", async () => {
    const seedOne = await session(sameSeedAgain, false);
    const seedTwo = await session(otherSeed, false);
    const created = (transcript: Transcript) => transcript.find((t) => t.startsWith("POST /v1/simulations ->"));
    expect(created(seedTwo)).not.toBe(created(seedOne));
  });
});
