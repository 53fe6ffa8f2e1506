import { describe, expect, it } from "vitest";
import { refusalOf } from "./__fixtures__/domain-services.js";
import { Refusal } from "./errors.js";
import { checkSurveyDesign, questionCount } from "./survey-design.js";

const itemSet = (items: string[], scale = ["Low", "High"]) => ({ ask: "How important is it?", items, scale });
const custom = (answer_options: string[]) => ({ question_text: "Which?", answer_options });

describe("survey design (MOCK-SURVEY-DESIGN)", () => {
  it("should count one question per item in each item set plus one per custom question", () => {
    const design = { item_sets: [itemSet(["a", "b", "c"]), itemSet(["d"])], custom_questions: [custom(["x", "y"])] };
    expect(questionCount(design)).toBe(5);
  });

  it("should refuse a design with more questions than the cap, and take one at the cap", () => {
    const design = { item_sets: [itemSet(["a", "b", "c"])], custom_questions: [custom(["x", "y"])] };
    expect(() => checkSurveyDesign("research", design, 4)).not.toThrow();
    const refusal = refusalOf(() => checkSurveyDesign("research", design, 3));
    expect(refusal.kind).toBe("bad_request");
    expect(refusal.message).toContain("asks 4 questions");
  });

  it("should refuse a design for journey mode, and one with nothing to ask", () => {
    const design = { item_sets: [itemSet(["a"])] };
    expect(refusalOf(() => checkSurveyDesign("journey", design, 20)).message).toMatch(/research simulations only/);
    expect(refusalOf(() => checkSurveyDesign("research", { item_sets: [] }, 20)).message).toMatch(/nothing to ask/);
  });

  it("should refuse options that read as one label, whatever their spaces or case", () => {
    const repeated = { custom_questions: [custom(["Yes", " yes "])] };
    const refusal = refusalOf(() => checkSurveyDesign("research", repeated, 20));
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal.message).toContain("survey_design.custom_questions[0].answer_options repeats the option");
    const scale = { item_sets: [itemSet(["a"], ["Low", "Low"])] };
    expect(refusalOf(() => checkSurveyDesign("research", scale, 20)).message).toContain("item_sets[0].scale");
  });
});
