// The typed client (openapi-fetch over bss-mock/client's paths) telling the truth: every answer the mock can give is
// typed, so an error must be narrowed before it is read as the 422 body; fields with defaults may be left out of a
// request; an upload takes a FormData or `{ file: Blob }`; fixed sets are unions. The type assertions are checked by
// `npm test`'s tsc (a @ts-expect-error line fails the type-check when the error it expects is gone); the calls run
// against the mock in-process.
import createClient from "openapi-fetch";
import { afterAll, describe, expect, expectTypeOf, it } from "vitest";
import type { paths } from "../openapi/openapi.js";
import { createApp } from "../src/api/app.js";

const app = createApp({ quiet: true, clock: "manual" });
afterAll(() => app.close());
const clientAs = (token: string, headers: Record<string, string> = {}) =>
  createClient<paths>({
    baseUrl: "http://mock.test",
    fetch: async (request) => app.fetch(request),
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
const api = clientAs("types@client");

const listModels = () => api.GET("/v1/user-models");
type ListError = NonNullable<Awaited<ReturnType<typeof listModels>>["error"]>;

/** What an application writes: the 422's messages, or the one `detail` of any other refusal. */
function messages(error: ListError): string[] {
  if (typeof error === "string") return [error];
  return typeof error.detail === "string" ? [error.detail] : error.detail.map((item) => item.msg);
}

describe("the typed client's errors", () => {
  it("should type a 429 as a detail string, so mapping an error's detail needs narrowing first", async () => {
    const limited = clientAs("types@client", { "x-mock-scenario": "rate-limited" });
    let answer = await limited.GET("/v1/user-models");
    for (let i = 0; i < 25 && answer.response.status !== 429; i++) answer = await limited.GET("/v1/user-models");
    expect(answer.response.status).toBe(429);
    const { error } = answer;
    if (!error) throw new Error("a 429 without an error");
    // @ts-expect-error `detail` is a string on a 429, 401, 413 or 503 (and a 500 is text): narrow first.
    expect(() => error.detail.map((item: { msg: string }) => item.msg)).toThrow(TypeError);
    expect(messages(error)).toEqual([expect.stringMatching(/^Rate limit exceeded/)]);
  });

  it("should type a 500 of scenario server-error as the text Starlette answers", async () => {
    const failing = clientAs("types@client", { "x-mock-scenario": "server-error" });
    const { error, response } = await failing.GET("/v1/simulations");
    expect(response.status).toBe(500);
    expectTypeOf<"Internal Server Error">().toExtend<NonNullable<typeof error>>();
    expect(error).toBe("Internal Server Error");
  });
});

describe("the typed client's requests", () => {
  it("should take a create without inputs, a plan question without question_type, a prediction without it", async () => {
    const { data: models = [] } = await api.GET("/v1/user-models");
    const user_model_ids = models.slice(0, 1).map((model) => model.id);
    // custom_survey asks for no inputs: the body model's default {} is enough.
    const created = await api.POST("/v1/simulations", {
      body: { mode: "research", goal: "custom_survey", user_model_ids },
    });
    expect(created.response.status).toBe(201);
    const simulation = await api.POST("/v1/simulations", {
      body: { mode: "research", goal: "concept_test", inputs: { concept: "Refills by post" }, user_model_ids },
    });
    if (!simulation.data) throw new Error(JSON.stringify(simulation.error));
    await app.control.clock.runUntilIdle();
    const simulation_id = simulation.data.id;
    const plan = await api.PATCH("/v1/simulations/{simulation_id}/plan", {
      params: { path: { simulation_id } },
      body: { survey_questions: [{ question_text: "Would you buy it?", answer_options: ["Yes", "No"] }] },
    });
    expect(plan.data?.plan?.survey_questions?.[0]?.question_type).toBe("single_choice");

    const { data: populations } = await api.GET("/v1/populations");
    const population_id = populations?.data[0]?.id as string;
    const prediction = await api.POST("/v1/predictions", {
      body: { population_id, question: "Tea or coffee?", answer_options: ["Tea", "Coffee"] },
    });
    expect(prediction.response.status).toBe(201);
  });

  it("should type question_type and status_filter as the values the mock takes", async () => {
    type Question = NonNullable<paths["/v1/simulations/{simulation_id}/plan"]["patch"]["requestBody"]>["content"];
    type QuestionType = NonNullable<
      NonNullable<Question["application/json"]["survey_questions"]>[number]["question_type"]
    >;
    expectTypeOf<QuestionType>().toEqualTypeOf<"single_choice" | "ranking" | "open_text">();
    const running = await api.GET("/v1/simulations", { params: { query: { status_filter: "running" } } });
    expect(running.response.status).toBe(200);
    // @ts-expect-error "done" is no status: the mock would answer an empty list.
    await api.GET("/v1/simulations", { params: { query: { status_filter: "done" } } });
  });

  it("should upload a FormData, or `{ file: Blob }` with a bodySerializer", async () => {
    const { data: models = [] } = await api.GET("/v1/user-models");
    const project = await api.POST("/v1/projects", { body: { name: "Uploads" } });
    if (!project.data) throw new Error(JSON.stringify(project.error));
    const simulation = await api.POST("/v1/simulations", {
      body: {
        mode: "research",
        goal: "concept_test",
        inputs: { concept: "Refills by post" },
        user_model_ids: models.slice(0, 1).map((model) => model.id),
        project_id: project.data.id,
      },
    });
    const round_id = simulation.data?.round_id as string;
    const path = { project_id: project.data.id, round_id };

    const form = new FormData();
    form.append("file", new Blob(["# Brief\n"], { type: "text/markdown" }), "brief.md");
    const asForm = await api.POST("/v1/projects/{project_id}/rounds/{round_id}/artefact/file", {
      params: { path },
      body: form,
    });
    expect(asForm.data?.artefact_name).toBe("brief.md");

    const file = new File(["Plain notes"], "notes.txt", { type: "text/plain" });
    const asObject = await api.POST("/v1/projects/{project_id}/rounds/{round_id}/artefact/file", {
      params: { path },
      body: { file },
      bodySerializer: (body) => {
        if (body instanceof FormData) return body;
        const out = new FormData();
        out.append("file", body.file);
        return out;
      },
    });
    expect(asObject.data?.artefact_name).toBe("notes.txt");
    const upload = "/v1/projects/{project_id}/rounds/{round_id}/artefact/file";
    // @ts-expect-error A string is not a file: the upload takes a Blob.
    await api.POST(upload, { params: { path }, body: { file: "x" } });
  });
});
