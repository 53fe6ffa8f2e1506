/**
 * Spec "Versioning": the /v1 prefix and the deprecated names beside their replacements, with the batches whose reads
 * it names; and the introduction's "All request and response bodies are JSON". Batches and the deprecated create
 * operations are named by the spec without their bodies: the suite sends bss-mock's, and where a target refuses them
 * those rules are not applicable.
 */
import { as } from "../support/client.js";
import { visibleUserModelId } from "../support/fixtures.js";
import { describe, expect, forRule, it, unobservable } from "../support/harness.js";
import { createdId, type InsightRequest, insightBody } from "../support/insight-bodies.js";
import { named, newCaller, useTarget } from "../support/target.js";
import { stringsIn } from "../support/values.js";

const target = useTarget();

type Body = Record<string, unknown>;

describe("the service", { readOnly: true }, () => {
  it("should serve the API under /v1 only", { rules: ["PATH-PREFIX-V1"] }, async () => {
    const auth = newCaller();
    expect((await as(target, auth).get("/v1/user-models")).status).toBe(200);
    for (const path of ["/user-models", "/simulations", "/v2/user-models"]) {
      const res = await as(target, auth).get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it("should answer JSON bodies as JSON", { rules: ["JSON-BODIES"] }, async () => {
    const auth = newCaller();
    for (const path of [
      "/v1/user-models",
      "/v1/simulations",
      "/v1/projects",
      "/v1/contexts",
      "/v1/simulations/not-a-uuid",
    ]) {
      const res = await as(target, auth).get(path);
      expect(res.headers["content-type"], path).toMatch(/^application\/(.+\+)?json\b/);
      expect(() => JSON.parse(res.text), path).not.toThrow();
    }
  });
});

describe("versioning", () => {
  const OPTIONS = ["Yes", "No", "Not sure"];
  async function population(auth: string) {
    return visibleUserModelId(target, auth);
  }

  /** Sends the same request to the current and the deprecated path, each with its body from the target's document. */
  async function both(auth: string, current: string, old: string, request: InsightRequest) {
    const bodies = [insightBody(target, current, request), insightBody(target, old, request)];
    for (const body of bodies) if (typeof body === "string") unobservable(body);
    const now = await as(target, auth).post(current, bodies[0] as Body);
    if (now.status >= 300) unobservable(`POST ${current} refused the body (${now.status}): ${now.text.slice(0, 200)}`);
    return { now, deprecated: await as(target, auth).post(old, bodies[1] as Body) };
  }

  it("should accept the deprecated POST /v1/answers like POST /v1/predictions", {
    rules: ["DEPRECATED-ACCEPTED", "DEPRECATED-ANSWERS-ROUTE"],
  }, async () => {
    const auth = newCaller();
    const request = { population: await population(auth), question: "Would you try refills?", options: OPTIONS };
    const { now, deprecated } = await both(auth, "/v1/predictions", "/v1/answers", request);
    expect(deprecated.status).toBe(now.status);
    expect(Object.keys(deprecated.body as Body).sort()).toEqual(Object.keys(now.body as Body).sort());
  });

  it("should accept the deprecated POST /v1/answers/benchmark like POST /v1/tests, information_loss also under its old name", {
    rules: ["DEPRECATED-ACCEPTED", "DEPRECATED-BENCHMARK-ROUTE", "DEPRECATED-KL-NAME"],
  }, async () => {
    const auth = newCaller();
    const request = {
      population: await population(auth),
      question: "Do you recycle?",
      options: OPTIONS,
      counts: [5, 3, 2],
    };
    const { now, deprecated } = await both(auth, "/v1/tests", "/v1/answers/benchmark", request);
    await forRule("DEPRECATED-BENCHMARK-ROUTE", () => expect(deprecated.status).toBe(now.status));
    // The answer, read back: the deprecated field name carries what its replacement carries.
    const id = createdId(deprecated, request.question);
    const read = id ? await as(target, auth).get(`/v1/answers/${id}`) : deprecated;
    const data = ((read.body as { data?: Body }).data ?? (read.body as Body)) as Body;
    await forRule("DEPRECATED-KL-NAME", () => {
      expect(typeof data.information_loss).toBe("number");
      if ("kullback_leibler_divergence" in data) expect(data.kullback_leibler_divergence).toBe(data.information_loss);
    });
  });

  it("should group predictions made under one batch", { rules: ["BATCH-GROUPS"] }, async () => {
    const auth = newCaller();
    const populationId = await population(auth);
    const request = {
      population: populationId,
      question: "Would you try refills?",
      options: OPTIONS,
      batch: { name: named("Refills"), description: "Wave 1" },
    };
    const body = insightBody(target, "/v1/predictions", request);
    if (typeof body === "string") unobservable(body);
    const first = await as(target, auth).post("/v1/predictions", body);
    if (first.status >= 300)
      unobservable(`POST /v1/predictions refused the body (${first.status}): ${first.text.slice(0, 200)}`);
    const firstId = createdId(first, request.question);
    // The Answer field `batch` (shared by predictions) names the batch: read it back.
    const read = await as(target, auth).get(`/v1/predictions/${firstId}`).expect(200);
    const batch = (read.body as { data: { batch: string } }).data.batch;
    const secondBody = insightBody(target, "/v1/predictions", {
      ...request,
      question: "Where would you buy them?",
      batch: { id: batch },
    });
    if (typeof secondBody === "string") unobservable(secondBody);
    if (!JSON.stringify(secondBody).includes(batch))
      unobservable("the create body in the target's document names no batch to join");
    const second = await as(target, auth).post("/v1/predictions", secondBody);
    expect(second.status).toBeLessThan(300);
    const grouped = await as(target, auth).get(`/v1/predictions/batch/${batch}`).expect(200);
    const text = stringsIn(grouped.body);
    expect(text).toContain(named("Refills"));
    expect(text).toContain("Wave 1");
    expect(text).toContain(firstId);
    expect(text).toContain(createdId(second, "Where would you buy them?"));
  });
});
