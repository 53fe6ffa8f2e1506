import type { SurveyDesign as SurveyDesignInput } from "../world/records.js";
import { badRequest } from "./errors.js";

/** One question per item in each item set plus one per custom question (the spec's count). */
export function questionCount(design: SurveyDesignInput): number {
  const items = (design.item_sets ?? []).reduce((sum, set) => sum + set.items.length, 0);
  return items + (design.custom_questions ?? []).length;
}

/** A well-formed design that cannot be used is a 400: journey mode, nothing to ask, too many questions. */
export function checkSurveyDesign(mode: "research" | "journey", design: SurveyDesignInput, maxQuestions: number): void {
  if (mode === "journey") {
    throw badRequest("survey_design applies to research simulations only; omit it for journey mode.");
  }
  const count = questionCount(design);
  if (count === 0) {
    throw badRequest("survey_design has nothing to ask; give at least one item set or custom question.");
  }
  for (const [index, set] of (design.item_sets ?? []).entries()) {
    refuseRepeatedOptions(set.scale, `survey_design.item_sets[${index}].scale`);
  }
  for (const [index, question] of (design.custom_questions ?? []).entries()) {
    refuseRepeatedOptions(question.answer_options, `survey_design.custom_questions[${index}].answer_options`);
  }
  if (count > maxQuestions) {
    throw badRequest(
      `survey_design asks ${count} questions (one per item in each item set plus one per custom question); the most is ${maxQuestions}.`,
    );
  }
}

/**
 * Answers are counted per option label, so two options with one label could not be told apart in the results: the
 * mock refuses them (400) rather than merging or renaming what the caller wrote.
 */
export function refuseRepeatedOptions(options: readonly string[] | null | undefined, where: string): void {
  if (!options) return;
  const seen = new Set<string>();
  for (const option of options) {
    if (seen.has(option))
      throw badRequest(`${where} repeats the option ${JSON.stringify(option)}; options must be distinct.`);
    seen.add(option);
  }
}
