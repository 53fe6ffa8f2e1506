// What the types say, as a strict user's compiler sees the installed package (skipLibCheck off), then run against its
// server: an error must be narrowed before it is read as the 422 body (a 429's detail is a string); fields with
// defaults may be left out; an upload takes a Blob or a FormData; the in-process control error and the zod schemas
// are exported. Type-checked and run by scripts/test-package.mjs.
import { ControlError, createMock, type Schema, type Simulation, schemas } from "bss-mock";
import type { paths } from "bss-mock/client";
import createClient from "openapi-fetch";

const baseUrl = process.argv[2] ?? "http://127.0.0.1:4010";
const token = `Bearer truth@consumer-${Date.now()}`;
const api = createClient<paths>({ baseUrl, headers: { authorization: token } });

// A rate limit is no 422: its detail is a string.
const limited = createClient<paths>({ baseUrl, headers: { authorization: token, "x-mock-scenario": "rate-limited" } });
let answer = await limited.GET("/v1/user-models");
for (let i = 0; i < 25 && answer.response.status !== 429; i++) answer = await limited.GET("/v1/user-models");
if (answer.response.status !== 429 || !answer.error) throw new Error(`no 429: ${answer.response.status}`);
const { error } = answer;
try {
  // @ts-expect-error Not every error is the 422 body: narrow before mapping its detail.
  error.detail.map((item: { msg: string }) => item.msg);
  throw new Error("a 429's detail mapped as a list");
} catch (thrown) {
  if (!(thrown instanceof TypeError)) throw thrown;
}
if (typeof error === "string" || typeof error.detail !== "string") throw new Error("a 429 without a detail string");

// A create without inputs, and a plan question without question_type.
const { data: models = [] } = await api.GET("/v1/user-models");
const user_model_ids = models.slice(0, 1).map((model) => model.id);
const created = await api.POST("/v1/simulations", {
  body: { mode: "research", goal: "custom_survey", user_model_ids },
});
if (!created.data) throw new Error(`create without inputs: ${JSON.stringify(created.error)}`);
const planQuestion: NonNullable<
  NonNullable<
    paths["/v1/simulations/{simulation_id}/plan"]["patch"]["requestBody"]
  >["content"]["application/json"]["survey_questions"]
>[number] = { question_text: "Would you try it?", answer_options: ["Yes", "No"] };
const prediction: NonNullable<paths["/v1/predictions"]["post"]["requestBody"]>["content"]["application/json"] = {
  population_id: "00000000-0000-4000-8000-000000000000",
  question: "Tea or coffee?",
  answer_options: ["Tea", "Coffee"],
};

// An upload with a Blob (and a bodySerializer), or a FormData.
const project = await api.POST("/v1/projects", { body: { name: "Uploads" } });
if (!project.data) throw new Error(JSON.stringify(project.error));
const inProject = await api.POST("/v1/simulations", {
  body: { mode: "research", goal: "custom_survey", user_model_ids, project_id: project.data.id },
});
const path = { project_id: project.data.id, round_id: inProject.data?.round_id ?? "" };
const upload = "/v1/projects/{project_id}/rounds/{round_id}/artefact/file";
const asBlob = await api.POST(upload, {
  params: { path },
  body: { file: new Blob(["notes"], { type: "text/plain" }) },
  bodySerializer: (body) => {
    if (body instanceof FormData) return body;
    const form = new FormData();
    form.append("file", body.file, "notes.txt");
    return form;
  },
});
const form = new FormData();
form.append("file", new Blob(["# Brief"], { type: "text/markdown" }), "brief.md");
const asForm = await api.POST(upload, { params: { path }, body: form });
if (asBlob.data?.artefact_name !== "notes.txt" || asForm.data?.artefact_name !== "brief.md") {
  throw new Error(`uploads: ${JSON.stringify([asBlob.error, asForm.error])}`);
}

// The control error and the schemas.
const simulationSchema: Schema<Simulation> = schemas.Simulation;
const parsed: Simulation = simulationSchema.parse(created.data);
const mock = await createMock();
try {
  await mock.clock.advance(1);
  throw new Error("a system clock moved");
} catch (thrown) {
  if (!(thrown instanceof ControlError) || thrown.status !== 409) throw thrown;
} finally {
  await mock.close();
}
console.log(
  `429: ${error.detail.slice(0, 40)}...; created ${parsed.status}; ${planQuestion.question_text}; ${prediction.question}`,
);
