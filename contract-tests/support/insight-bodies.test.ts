import { describe, expect, it } from "vitest";
import { bodyFromDocument, bssMockBody } from "./insight-bodies.js";

const REQUEST = {
  population: "3f6c2a1e-8b4d-4c7a-9e2f-5a1b7c9d0e11",
  question: "How often do you buy coffee out?",
  options: ["Often", "Rarely", "Never"],
  counts: [12, 7, 3],
  batch: { name: "Wave 1", description: "First wave" },
};

/** A FastAPI-style document: bodies behind $ref, optional fields as anyOf with null. */
const fastapiDocument = {
  paths: {
    "/v1/tests": {
      post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/TestIn" } } } } },
    },
    "/v1/predictions": {
      post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/PredIn" } } } } },
    },
  },
  components: {
    schemas: {
      PredIn: {
        type: "object",
        required: ["population", "prompt", "choices"],
        properties: {
          population: { type: "string", format: "uuid" },
          prompt: { type: "string" },
          choices: { type: "array", items: { type: "string" } },
          kind: { anyOf: [{ type: "string", enum: ["multi", "single"] }, { type: "null" }] },
          batch_label: { anyOf: [{ type: "string" }, { type: "null" }] },
          notes: { type: "string" },
        },
      },
      TestIn: {
        allOf: [
          { $ref: "#/components/schemas/PredIn" },
          {
            type: "object",
            required: ["observed"],
            properties: {
              observed: {
                type: "array",
                items: { type: "object", properties: { option: { type: "string" }, n: { type: "integer" } } },
              },
            },
          },
        ],
      },
    },
  },
};

describe("create bodies built from the target's own document", () => {
  it("should fill a prediction body whose names and nesting differ from bss-mock's", () => {
    const { counts: _none, ...prediction } = REQUEST;
    expect(bodyFromDocument(fastapiDocument, "/v1/predictions", prediction)).toEqual({
      population: REQUEST.population,
      prompt: REQUEST.question,
      choices: REQUEST.options,
      kind: "single",
      batch_label: "Wave 1",
    });
  });

  it("should give ground truth in the document's own form (a list of option and count)", () => {
    const body = bodyFromDocument(fastapiDocument, "/v1/tests", REQUEST) as Record<string, unknown>;
    expect(body.observed).toEqual([
      { option: "Often", n: 12 },
      { option: "Rarely", n: 7 },
      { option: "Never", n: 3 },
    ]);
  });

  it("should say why when the document has no such operation or no population in its body", () => {
    expect(bodyFromDocument(fastapiDocument, "/v1/answers", REQUEST)).toBe(
      "the target's /openapi.json has no POST /v1/answers",
    );
    expect(bodyFromDocument(undefined, "/v1/tests", REQUEST)).toBe("the target serves no /openapi.json");
    const noPopulation = {
      paths: {
        "/v1/predictions": {
          post: {
            requestBody: {
              content: {
                "application/json": { schema: { type: "object", properties: { prompt: { type: "string" } } } },
              },
            },
          },
        },
      },
    };
    expect(bodyFromDocument(noPopulation, "/v1/predictions", REQUEST)).toMatch(/has no population id/);
  });

  it("should send bss-mock's own body to a bss-mock", () => {
    expect(bssMockBody(REQUEST)).toEqual({
      population_id: REQUEST.population,
      question: REQUEST.question,
      answer_options: REQUEST.options,
      ground_answer_counts: { Often: 12, Rarely: 7, Never: 3 },
      batch_name: "Wave 1",
      batch_description: "First wave",
    });
  });
});
