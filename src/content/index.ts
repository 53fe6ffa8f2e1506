// The content generator's front door: the only module of src/content/ another part imports (src/content/README.md).
export { type DemoWorld, isEmptyDemoWorld, type SimulationSpec } from "./demo-world-file.js";
export { defaultFixturesDir, onFirstUse, readFixture } from "./fixture-files.js";
export { type Content, type FixtureFiles, readFixtureFiles } from "./fixtures.js";
export { checkGoalInputs } from "./goal-inputs.js";
export { findGoal } from "./goals.js";
/**
 * What content reads of the API's resources (inputs.ts): the API hands in its records, which have these fields.
 * @public: the API names none of them; TypeScript checks each record it passes against them.
 */
export type { Context, JsonObject, Plan, Simulation, SurveyDesign, SurveyQuestion, UserModel } from "./inputs.js";
export { journeyResults } from "./journeys.js";
export { escapeHtml, markdownToHtml } from "./markdown-html.js";
export { generatePlan } from "./plans.js";
export { type PopulationFixture, readPopulationFixtures } from "./populations.js";
export { guessedWeights, knownAnswerWeights } from "./predictions.js";
export { QUESTION_TYPES } from "./question-kinds.js";
export { Random } from "./random.js";
export { decodePercent } from "./readable-url.js";
export { journeyReport, journeySynthesis, researchReport, researchSynthesis, roundSynthesis } from "./reports.js";
export { percent, researchResults, sampleSizes, studyCurrency, studyLocale } from "./results.js";
export { traitsOf } from "./segments.js";
