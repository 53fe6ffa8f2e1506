import { readFileSync } from "node:fs";
import type { SurveyQuestion, UserModelRecord } from "../../store/records.js";

/** The fixture populations (UK adults, US adults, German small-business owners, US Gen Z, grocery shoppers, ITDM). */
export const populations = JSON.parse(
  readFileSync(new URL("../../../fixtures/populations.json", import.meta.url), "utf8"),
).populations as UserModelRecord[];

/** The fixture population whose name contains `part`. */
export function named(part: string): UserModelRecord {
  const found = populations.find((p) => p.name.includes(part));
  if (!found) throw new Error(`no fixture population named like ${part}`);
  return found;
}

/** A single-choice plan question with the given options, as a plan carries it. */
export const singleChoice = (question_text: string, answer_options: string[]): SurveyQuestion => ({
  question_text,
  question_type: "single_choice",
  answer_options,
  insight: null,
  variable_name: null,
});
