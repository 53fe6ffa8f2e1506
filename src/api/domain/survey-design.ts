import { QUESTION_TYPES } from "../../content/index.js";
import type { JsonObject, SurveyDesign as SurveyDesignInput, SurveyQuestion } from "../../store/index.js";
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
 * mock refuses them (400) rather than merging or renaming what the caller wrote. Labels that differ only by spaces or
 * case ("a" and "a ", "Yes" and "yes") read as one to the people answering, so they count as repeats too.
 */
export function refuseRepeatedOptions(options: readonly string[] | null | undefined, where: string): void {
  if (!options) return;
  const seen = new Set<string>();
  for (const option of options) {
    const label = sameLabel(option);
    if (seen.has(label))
      throw badRequest(`${where} repeats the option ${JSON.stringify(option)}; options must be distinct.`);
    seen.add(label);
  }
}

const sameLabel = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** The most options an edited question may have: what a prediction's question may (the question writer's own 0-10 has 11). */
export const MAX_EDITED_OPTIONS = 20;

/** Plan fields a plan edit may replace (null clears; a field left out is kept). */
export interface PlanEdit {
  survey_questions?: SurveyQuestion[] | null;
  journey_task?: JsonObject | null;
}

/**
 * A plan edit that leaves a plan that cannot be run, or that would be answered on anything the plan does not show, is
 * a 400 in the words of the survey-design refusals: a research plan needs at least one question, each with a known
 * `question_type`, words to ask and at least two distinct options (the plan shows exactly what is answered; nothing is
 * supplied behind it); a journey plan needs a journey task with its steps. Questions belong to research plans and
 * journey tasks to journeys.
 */
export function checkPlanEdit(mode: "research" | "journey", edit: PlanEdit, maxQuestions: number): void {
  if ("survey_questions" in edit) {
    const questions = edit.survey_questions ?? [];
    if (mode === "journey") {
      if (questions.length > 0) {
        throw badRequest(
          "survey_questions apply to research simulations only; a journey is planned as its journey_task.",
        );
      }
    } else {
      if (questions.length === 0) {
        throw badRequest("survey_questions has nothing to ask; give at least one question.");
      }
      // The same cap as a survey design's: a plan the mock would not have made is not one it runs.
      if (questions.length > maxQuestions) {
        throw badRequest(`survey_questions has ${questions.length} questions; the most is ${maxQuestions}.`);
      }
      questions.forEach(checkQuestion);
      // Results are keyed by variable_name where it is given, so two questions cannot share one.
      const names = new Map<string, number>();
      questions.forEach((question, index) => {
        const name = question.variable_name;
        if (name === null || name === undefined) return;
        const first = names.get(name);
        if (first !== undefined)
          throw badRequest(
            `survey_questions[${index}].variable_name ${JSON.stringify(name)} repeats survey_questions[${first}]'s; variable names must be distinct.`,
          );
        names.set(name, index);
      });
    }
  }
  if ("journey_task" in edit) {
    const task = edit.journey_task;
    if (mode === "research") {
      if (task)
        throw badRequest(
          "journey_task applies to journey simulations only; a research plan asks its survey_questions.",
        );
    } else {
      const steps = task?.steps;
      if (!Array.isArray(steps) || steps.length < 2 || steps.some((s) => typeof s !== "string" || s.trim() === "")) {
        throw badRequest(
          "journey_task has nothing to walk; give its steps as at least two non-empty strings (the plan shows exactly what is walked).",
        );
      }
    }
  }
}

function checkQuestion(question: SurveyQuestion, index: number): void {
  const where = `survey_questions[${index}]`;
  if (!(QUESTION_TYPES as readonly string[]).includes(question.question_type)) {
    throw badRequest(
      `${where}.question_type ${JSON.stringify(question.question_type)} is not a question type; use one of: ${QUESTION_TYPES.join(", ")}.`,
    );
  }
  if (question.question_text.trim() === "") {
    throw badRequest(`${where}.question_text is empty; write the question people are asked.`);
  }
  const options = question.answer_options ?? [];
  if (options.length < 2) {
    throw badRequest(
      `${where} has ${options.length === 0 ? "no answer options" : "one answer option"}; ${/^[aeiou]/.test(question.question_type) ? "an" : "a"} ${question.question_type} question needs at least 2 (for open_text, the themes its answers are coded into), as the plan shows exactly what is answered.`,
    );
  }
  if (options.length > MAX_EDITED_OPTIONS) {
    throw badRequest(`${where}.answer_options has ${options.length} options; the most is ${MAX_EDITED_OPTIONS}.`);
  }
  if (options.some((option) => option.trim() === "")) {
    throw badRequest(`${where}.answer_options has an empty option; every option needs a label.`);
  }
  refuseRepeatedOptions(options, `${where}.answer_options`);
}
