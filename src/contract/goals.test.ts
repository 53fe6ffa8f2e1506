import { describe, expect, it } from "vitest";
import { BSS_MOCK_GOALS, discoverGoals, type GetJson, inputSchemaOf, inputsFor } from "./goals.js";

/** A target whose schema endpoint answers from `answers` (path -> body), 404 for anything else. */
const serving =
  (answers: Record<string, unknown>): GetJson =>
  async (path) =>
    path in answers ? { status: 200, json: answers[path] } : { status: 404, json: { detail: "Not Found" } };

describe("goal discovery", () => {
  it("fills every required input of another service's goals from their schemas", async () => {
    const goals = await discoverGoals(
      serving({
        "/v1/simulation-schema?mode=research": [{ id: "concept_screening" }, { id: "open_survey" }],
        "/v1/simulation-schema?mode=research&goal=concept_screening": {
          type: "object",
          properties: { concept: { type: "string", minLength: 1 }, seats: { type: "integer", minimum: 3 } },
          required: ["concept", "seats"],
        },
        "/v1/simulation-schema?mode=journey": ["task_completion"],
        "/v1/simulation-schema?mode=journey&goal=task_completion": {
          input_schema: {
            type: "object",
            properties: {
              start_url: { type: "string", pattern: "^https?://" },
              task: { type: "string" },
              device: { enum: ["desktop", "mobile"] },
            },
            required: ["start_url", "task", "device"],
          },
        },
      }),
    );
    expect(goals.research).toEqual({
      goal: "concept_screening",
      inputs: { concept: BSS_MOCK_GOALS.research.inputs.concept, seats: 3 },
    });
    expect(goals.survey).toEqual(goals.research);
    expect(goals.journey).toEqual({
      goal: "task_completion",
      inputs: { ...BSS_MOCK_GOALS.journey.inputs, device: "desktop" },
    });
  });

  it("prefers bss-mock's own goals where the target offers them", async () => {
    const schema = (required: string[]) => ({ type: "object", properties: {}, required });
    const goals = await discoverGoals(
      serving({
        "/v1/simulation-schema?mode=research": ["pricing", "concept_test", "custom_survey"],
        "/v1/simulation-schema?mode=research&goal=concept_test": schema(["concept"]),
        "/v1/simulation-schema?mode=research&goal=custom_survey": schema([]),
        "/v1/simulation-schema?mode=research&goal=pricing": schema(["concept"]),
        "/v1/simulation-schema?mode=journey": [],
      }),
    );
    expect(goals.research).toMatchObject({ goal: "concept_test" });
    expect(goals.survey).toMatchObject({ goal: "custom_survey" });
    expect(goals.journey).toEqual({ missing: "GET /v1/simulation-schema?mode=journey lists no goal" });
  });

  it("says why when no goal can be used", async () => {
    const goals = await discoverGoals(
      serving({
        "/v1/simulation-schema?mode=research": [{ id: "weird" }],
        "/v1/simulation-schema?mode=research&goal=weird": {
          type: "object",
          properties: { blob: { type: "string", pattern: "^[0-9]{40}$" } },
          required: ["blob"],
        },
      }),
    );
    expect(goals.research).toEqual({
      missing: "no research goal of the target has an input schema the suite can fill (weird)",
    });
    expect(goals.journey).toEqual({
      missing: "GET /v1/simulation-schema?mode=journey answered 404: no journey goal to use",
    });
  });

  it("reads input schemas as a bare schema, under a key, or as a list of input descriptors", () => {
    const schema = { type: "object", properties: { topic: { type: "string" } }, required: ["topic"] };
    expect(inputSchemaOf(schema)).toBe(schema);
    expect(inputSchemaOf({ goal: "x", inputs_schema: schema })).toBe(schema);
    const listed = inputSchemaOf([{ id: "topic", type: "string", required: true }]);
    expect(inputsFor(listed ?? {})).toEqual({ topic: BSS_MOCK_GOALS.survey.inputs.objective });
  });
});
