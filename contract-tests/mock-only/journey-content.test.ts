/**
 * Journey and segment content a researcher reads, over HTTP: friction that fits the task and is never one quote from
 * different people, segments that differ when the product concerns one of them only, participants named for their own
 * country and language, and time on task that grows with the task. These are the mock's content choices
 * (docs/content.md), so the file runs only against the mock.
 */
import { randomUUID } from "node:crypto";
import { as } from "../support/client.js";
import { describe, expect, it, MOCK } from "../support/harness.js";
import { runToCompletion } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

interface Friction {
  step: string;
  issue: string;
  quote: string;
  participant: string;
}
interface JourneyModel {
  user_model_id: string;
  median_time_on_task_seconds: number;
  friction_points: Friction[];
}
interface Journey {
  id: string;
  plan: { journey_task: { steps: string[] } };
  results: { by_user_model: JourneyModel[] };
  markdown: string;
}
interface Research {
  id: string;
  results: {
    questions: Array<{
      variable_name: string;
      answer_options: string[];
      by_user_model: Record<string, Record<string, number>>;
    }>;
  };
}

/** The id of the public user model whose name starts with `name`. */
async function modelId(auth: string, name: string): Promise<string> {
  const models = (await as(target, auth).get("/v1/user-models").expect(200)).body as Array<{
    id: string;
    name: string;
  }>;
  const found = models.find((m) => m.name.startsWith(name));
  if (!found) throw new Error(`no user model named "${name}…" among ${models.map((m) => m.name).join(", ")}`);
  return found.id;
}

async function completed<T extends { id: string }>(auth: string, body: Record<string, unknown>): Promise<T> {
  const res = await as(target, auth).post("/v1/simulations", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return runToCompletion<T>(target, auth, res.body.id as string);
}

const usability = (user_model_ids: string[], inputs: Record<string, unknown>) => ({
  mode: "journey",
  goal: "usability_test",
  inputs,
  user_model_ids,
});

const ACCOUNT = {
  start_url: "https://www.examplebank.co.uk/",
  task: "Open a joint current account, add your partner and order a debit card",
  success_criteria: "Application confirmation page shows a reference number",
  device: "mobile",
};

describe("journey and segment content", { ...MOCK, rules: ["MOCK-CONTENT"] }, () => {
  it("should give friction that fits an account opening, each quote said by one participant", async () => {
    const auth = newCaller();
    const models = [await modelId(auth, "UK adults"), await modelId(auth, "US Gen Z")];
    const journey = await completed<Journey>(auth, usability(models, ACCOUNT));
    const friction = journey.results.by_user_model.flatMap((m) => m.friction_points);
    expect(friction.length).toBeGreaterThan(0);
    // A new debit card from your own bank has no card number to type, no price, no delivery charge; the bank's
    // customers know what it sells.
    for (const point of friction)
      expect(`${point.issue} ${point.quote}`).not.toMatch(
        /card number|invalid card|delivery cost|what it costs|price (?:is )?suddenly|express payment|actually sell|dearer plan|basket/i,
      );
    const saidBy = new Map<string, Set<string>>();
    for (const point of friction)
      saidBy.set(point.quote, (saidBy.get(point.quote) ?? new Set()).add(point.participant));
    for (const [quote, people] of saidBy) expect([...people], quote).toHaveLength(1);
    // The issue is said in words, not a step's title pasted in quotes.
    for (const point of friction) expect(point.issue).not.toContain(`"${point.step}"`);
  });

  it("should make a CNC maintenance tool relevant to IT buyers and hardly to the general public", async () => {
    const auth = newCaller();
    const it_buyers = await modelId(auth, "US IT decision makers");
    const public_ = await modelId(auth, "US adults");
    const research = await completed<Research>(auth, {
      mode: "research",
      goal: "concept_test",
      inputs: {
        concept:
          "Torqly listens to the vibration of every CNC spindle on your floor and texts your maintenance lead up to 3 weeks before a bearing fails.",
        product_name: "Torqly Spindle Guard",
        price_point: "$450 per machine per year",
      },
      user_model_ids: [it_buyers, public_],
    });
    const relevance = research.results.questions.find((q) => q.variable_name === "relevance");
    if (!relevance) throw new Error("the concept test asked no relevance question");
    const topTwo = (id: string) => {
      const shares = relevance.by_user_model[id] ?? {};
      return relevance.answer_options.slice(-2).reduce((sum, o) => sum + (shares[o] ?? 0), 0);
    };
    expect(topTwo(it_buyers) - topTwo(public_), "IT buyers minus the general public").toBeGreaterThan(0.25);
    expect(topTwo(public_), "the general public").toBeLessThan(0.15);
  });

  it("should name a Japanese population's participants as Japanese, translated from Japanese", async () => {
    const org = `org-${randomUUID()}`;
    const auth = newCaller(org);
    const created = await target
      .http()
      .post(`/__mock/orgs/${org}/user-models`)
      .send({
        name: "Japanese retirees",
        description: "Retired adults in Japan aged 65 to 85.",
        metadata: { country: "JP", age_range: "65-85", language: "ja-JP" },
      });
    expect(created.status).toBe(201);
    const journey = await completed<Journey>(
      auth,
      usability([created.body.id as string], {
        start_url: "https://www.example-pharmacy.jp/",
        task: "Reorder your regular blood pressure medication and choose home delivery",
        device: "tablet",
      }),
    );
    const participants = journey.results.by_user_model.flatMap((m) => m.friction_points.map((p) => p.participant));
    expect(participants.length).toBeGreaterThan(0);
    for (const participant of participants) {
      expect(participant).toMatch(/^[A-Z][a-z]+(?:-[a-z]+)?, (?:6[5-9]|7\d|8[0-5]), Japan; translated from Japanese$/);
      // English names such as "Joyce" or "Deborah" are what the finding saw.
      expect(participant).not.toMatch(
        /^(?:Joyce|Deborah|Sharon|Susan|Linda|Barbara|Patricia|Margaret|John|David|Robert|Michael)\b/,
      );
    }
  });

  it("should take longer on a long task than on a short one", async () => {
    const auth = newCaller();
    const uk = await modelId(auth, "UK adults");
    const short = await completed<Journey>(
      auth,
      usability([uk], {
        start_url: "https://www.examplebank.co.uk/",
        task: "Find the bank's phone number",
        device: "desktop",
      }),
    );
    const long = await completed<Journey>(auth, usability([uk], { ...ACCOUNT, device: "desktop" }));
    const seconds = (j: Journey) => j.results.by_user_model[0]?.median_time_on_task_seconds ?? 0;
    expect(seconds(short)).toBeGreaterThan(0);
    // Opening a joint account takes many minutes; finding a phone number, one or two.
    expect(seconds(long), `long ${seconds(long)} s, short ${seconds(short)} s`).toBeGreaterThan(3 * seconds(short));
    expect(seconds(long)).toBeGreaterThan(300);
  });
});
