import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createApp } from "./app.js";

/** Every operation the interface spec names, Versioning section included. */
const SPEC_OPERATIONS = [
  "get /v1/user-models",
  "get /v1/simulation-schema",
  "get /v1/simulations",
  "post /v1/simulations",
  "get /v1/simulations/{simulation_id}",
  "patch /v1/simulations/{simulation_id}",
  "delete /v1/simulations/{simulation_id}",
  "patch /v1/simulations/{simulation_id}/plan",
  "post /v1/simulations/{simulation_id}/run",
  "post /v1/simulations/{simulation_id}/share",
  "get /v1/projects",
  "post /v1/projects",
  "get /v1/projects/{project_id}",
  "patch /v1/projects/{project_id}",
  "post /v1/projects/{project_id}/rounds",
  "patch /v1/projects/{project_id}/rounds/{round_id}",
  "post /v1/projects/{project_id}/rounds/{round_id}/artefact",
  "post /v1/projects/{project_id}/rounds/{round_id}/artefact/file",
  "post /v1/projects/{project_id}/rounds/{round_id}/synthesis",
  "get /v1/context",
  "get /v1/contexts",
  "post /v1/contexts",
  "get /v1/contexts/{context_id}",
  "get /v1/answers/{answer_id}",
  "get /v1/predictions/{prediction_id}",
  "get /v1/populations/{population_id}",
  "post /v1/populations/{population_id}/retest",
  "post /v1/answers",
  "post /v1/answers/benchmark",
  "post /v1/predictions",
  "post /v1/tests",
  "get /v1/populations",
  "get /v1/predictions/batch/{batch_id}",
  "get /v1/tests/batch/{batch_id}",
];

type Paths = Record<string, Record<string, { deprecated?: boolean }>>;

describe("OpenAPI document", () => {
  const document = createApp({ quiet: true }).document();
  const paths = document.paths as Paths;

  it("should declare every operation of the spec", () => {
    const declared = Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`));
    expect(declared).toEqual(expect.arrayContaining(SPEC_OPERATIONS));
  });

  it("should mark the deprecated operations deprecated", () => {
    expect(paths["/v1/answers"]?.post?.deprecated).toBe(true);
    expect(paths["/v1/answers/benchmark"]?.post?.deprecated).toBe(true);
    expect(paths["/v1/predictions"]?.post?.deprecated).toBeUndefined();
  });

  it("should be an OpenAPI 3.1 document", () => {
    expect(document.openapi).toBe("3.1.0");
  });

  it("should match openapi/openapi.json (regenerate it with `npm run openapi`)", () => {
    const committed = JSON.parse(readFileSync(new URL("../../openapi/openapi.json", import.meta.url), "utf8"));
    expect(document).toEqual(committed);
  });
});
