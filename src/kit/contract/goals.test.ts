import { describe, expect, it } from "vitest";
import { BSS_MOCK_GOALS, discoverGoals, type GetJson, goalIds, inputSchemaOf, inputsFor } from "./goals.js";

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

describe("goal ids of a goal list whose shape the spec does not show", () => {
  it("reads them from strings, entries under any id-like key, an object keyed by goal, or a wrapped list", () => {
    expect(goalIds(["a", "b"])).toEqual(["a", "b"]);
    expect(goalIds([{ key: "pricing", label: "Pricing study" }])).toEqual(["pricing"]);
    expect(goalIds({ goals: [{ slug: "message_test", title: "Message test" }] })).toEqual(["message_test"]);
    expect(goalIds({ concept_test: { label: "Concept test" }, pricing: { label: "Pricing" } })).toEqual([
      "concept_test",
      "pricing",
    ]);
    // Display names with spaces are no ids; an id-like value under another key is tried after the known keys.
    expect(goalIds([{ title: "Concept test", ref: "ct-1" }])).toEqual(["ct-1"]);
  });

  it("finds the goal a target names under another key, trying candidates on the schema endpoint", async () => {
    const goals = await discoverGoals(
      serving({
        "/v1/simulation-schema?mode=research": { goals: [{ label: "Idea", key: "idea_check" }] },
        "/v1/simulation-schema?mode=research&goal=idea_check": {
          type: "object",
          properties: { idea: { type: "string" } },
          required: ["idea"],
        },
        "/v1/simulation-schema?mode=journey": { usability: { label: "Usability" } },
        "/v1/simulation-schema?mode=journey&goal=usability": { type: "object", properties: {} },
      }),
    );
    expect(goals.research).toEqual({ goal: "idea_check", inputs: { idea: expect.any(String) } });
    expect(goals.journey).toEqual({ goal: "usability", inputs: {} });
  });
});
