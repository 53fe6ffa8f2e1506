import type { Plan } from "../../store/records.js";
import { defaultFixturesDir } from "../fixture-files.js";
import { findGoal, loadGoals } from "../goals.js";
import { generatePlan } from "../plans.js";

/**
 * The plan the writer makes for a first-impression test of `start_url` asking `questions`: land, take in the first
 * screen, answer each, choose what to click next.
 */
export function firstLookPlan(
  questions: readonly string[] = ["What is being offered?", "What would one week cost you?"],
  start_url = "https://www.weeknight.example/flex",
): Plan {
  const goal = findGoal(loadGoals(defaultFixturesDir()), "journey", "first_impression");
  if (!goal) throw new Error("no first_impression goal in the fixtures");
  const inputs = { start_url, ...(questions.length ? { questions: [...questions] } : {}) };
  return generatePlan({ id: "first-look", mode: "journey", inputs, survey_design: null }, goal, undefined, 1).plan;
}
