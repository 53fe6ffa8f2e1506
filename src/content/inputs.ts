/**
 * What the generator reads of the API's resources, named in the spec's words ("Resources and their fields"): plain
 * inputs with only the fields content reads. The API hands in what it stores, which has these fields and more; the
 * plan content writes is handed back the same way.
 */

/** A free-form object, as the spec's `inputs` and `journey_task`. */
export type JsonObject = { [key: string]: unknown };

/** A survey question of a plan (the spec's `SurveyQuestionIn`). */
export interface SurveyQuestion {
  question_text: string;
  question_type: string;
  answer_options: string[] | null;
  insight: string | null;
  variable_name: string | null;
}

/** A simulation's plan: what content writes for it, or what a client edited. */
export interface Plan {
  question_text: string | null;
  hypothesis_text: string | null;
  survey_questions: SurveyQuestion[] | null;
  journey_task: JsonObject | null;
}

/** The request's survey design (research mode only), as the edge validated it. */
export interface SurveyDesign {
  stimulus?: string | null;
  item_sets?: Array<{ ask: string; items: string[]; scale?: string[] | null }>;
  custom_questions?: Array<{ question_text: string; answer_options?: string[] | null }>;
}

/** A simulation: what it was asked (mode, goal, inputs, design), its title and, once completed, its results. */
export interface Simulation {
  id: string;
  mode: "research" | "journey";
  goal: string;
  inputs: JsonObject;
  title: string | null;
  survey_design: SurveyDesign | null;
  results: JsonObject | null;
}

/** A user model: who it stands for, in its name, description, metadata and reality target. */
export interface UserModel {
  id: string;
  name: string;
  description: string;
  metadata: JsonObject;
  reality_target?: string;
}

/** A context: the product's short name and the markdown body about the organisation or product. */
export interface Context {
  name: string;
  body: string;
}
