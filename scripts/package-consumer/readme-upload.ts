import type { paths } from "bss-mock/client";
import createClient from "openapi-fetch";

const api = createClient<paths>({
  baseUrl: process.env.BSS_URL ?? "http://127.0.0.1:4010",
  headers: { authorization: "Bearer ada@example-org" },
});

// Errors are typed by status: a 422's detail is a list, any other refusal's a string, a 500 plain text.
const { data: models = [], error } = await api.GET("/v1/user-models");
if (error) {
  if (typeof error === "string") throw new Error(error);
  throw new Error(typeof error.detail === "string" ? error.detail : error.detail.map((e) => e.msg).join("; "));
}

const project = await api.POST("/v1/projects", { body: { name: "Refill club" } });
if (!project.data) throw new Error(JSON.stringify(project.error));
const project_id = project.data.id;
const created = await api.POST("/v1/simulations", {
  // custom_survey asks for no inputs: `inputs` can be left out, as the body model defaults it to {}.
  body: { mode: "research", goal: "custom_survey", user_model_ids: [models[0]?.id ?? ""], project_id },
});
const round_id = created.data?.round_id ?? "";

// A FormData goes as it is; `{ file }` (a Blob or File) needs a bodySerializer that builds one.
const brief = new File(["# Brief\nRefills delivered monthly."], "brief.md", { type: "text/markdown" });
const uploaded = await api.POST("/v1/projects/{project_id}/rounds/{round_id}/artefact/file", {
  params: { path: { project_id, round_id } },
  body: { file: brief },
  bodySerializer: (body) => {
    if (body instanceof FormData) return body;
    const form = new FormData();
    form.append("file", body.file);
    return form;
  },
});
console.log(uploaded.data?.artefact_name);
