import type { AnswerRecord } from "../../store/index.js";

/**
 * The answer and population metrics of docs/decisions/mock-choices.md#metrics, with p the
 * predicted and g the ground fractions over the k answer options:
 *
 * - `squared_error = sum (p_i - g_i)^2`
 * - `root_mean_squared_error = sqrt(squared_error / k)`
 * - `accuracy = 1 - 0.5 * sum |p_i - g_i|` (one minus the total variation distance)
 * - `information_loss = sum g_i ln(g_i / p_i)` (natural log, p floored at 1e-6, terms with g_i = 0 dropped)
 * - `normalised_information_loss = information_loss / ln(k)`
 * - `ground_answer_percentages = counts / total`
 *
 * Population averages are means over the population's answers, weighted by the questions each stands for (see
 * `populationAverages`). Distributions are keyed by answer option; the
 * option list decides which keys count (a missing key counts as 0).
 */
export type Distribution = Record<string, number>;

/** Predicted fractions below this are raised to it before the logarithm, so a confident miss stays finite. */
export const PREDICTED_FLOOR = 1e-6;

function at(distribution: Distribution, option: string): number {
  return Object.hasOwn(distribution, option) ? (distribution[option] ?? 0) : 0;
}

/** `counts / total`, keyed in option order. A total of 0 gives all zeros (callers refuse such counts earlier). */
export function groundPercentages(options: readonly string[], counts: Record<string, number>): Distribution {
  const total = options.reduce((sum, option) => sum + at(counts, option), 0);
  // fromEntries defines own properties, so an option called "__proto__" is a key like any other.
  return Object.fromEntries(options.map((option) => [option, total > 0 ? at(counts, option) / total : 0]));
}

export function squaredError(options: readonly string[], predicted: Distribution, ground: Distribution): number {
  return options.reduce((sum, option) => sum + (at(predicted, option) - at(ground, option)) ** 2, 0);
}

export function rootMeanSquaredError(
  options: readonly string[],
  predicted: Distribution,
  ground: Distribution,
): number {
  return Math.sqrt(squaredError(options, predicted, ground) / options.length);
}

export function accuracy(options: readonly string[], predicted: Distribution, ground: Distribution): number {
  const distance = options.reduce((sum, option) => sum + Math.abs(at(predicted, option) - at(ground, option)), 0);
  return 1 - 0.5 * distance;
}

export function informationLoss(options: readonly string[], predicted: Distribution, ground: Distribution): number {
  let loss = 0;
  for (const option of options) {
    const g = at(ground, option);
    if (g === 0) continue;
    const p = Math.max(at(predicted, option), PREDICTED_FLOOR);
    loss += g * Math.log(g / p);
  }
  return loss;
}

export function normalisedInformationLoss(
  options: readonly string[],
  predicted: Distribution,
  ground: Distribution,
): number {
  return informationLoss(options, predicted, ground) / Math.log(options.length);
}

export interface AnswerMetrics {
  readonly accuracy: number;
  readonly squared_error: number;
  readonly root_mean_squared_error: number;
  readonly information_loss: number;
  readonly normalised_information_loss: number;
  readonly ground_answer_percentages: Distribution;
}

/** Every metric of one tested answer, from its options, predicted fractions and ground-truth counts. */
export function answerMetrics(
  options: readonly string[],
  predicted: Distribution,
  counts: Record<string, number>,
): AnswerMetrics {
  const ground = groundPercentages(options, counts);
  return {
    accuracy: accuracy(options, predicted, ground),
    squared_error: squaredError(options, predicted, ground),
    root_mean_squared_error: rootMeanSquaredError(options, predicted, ground),
    information_loss: informationLoss(options, predicted, ground),
    normalised_information_loss: normalisedInformationLoss(options, predicted, ground),
    ground_answer_percentages: ground,
  };
}

/** The metrics of a stored tested answer (a record without ground truth scores as one with none). */
export function recordMetrics(
  record: Pick<AnswerRecord, "answer_options" | "predicted_answer_percentages" | "ground_answer_counts">,
): AnswerMetrics {
  return answerMetrics(record.answer_options, record.predicted_answer_percentages, record.ground_answer_counts ?? {});
}

export interface PopulationAverages {
  readonly average_accuracy: number;
  readonly average_squared_error: number;
  readonly average_normalised_information_loss: number;
}

/**
 * Means over a population's answers, each answer counting `weight` times (1 unless given): a population tested on
 * `question_count` questions, of which the fixture keeps a few as its benchmark, gives each benchmark answer the weight
 * of the questions it stands for, so one new answer moves it as one question among all of them. A population without
 * tested answers averages to 0 (JSON has no NaN).
 */
export function populationAverages(
  answers: ReadonlyArray<AnswerMetrics & { readonly weight?: number }>,
): PopulationAverages {
  const total = answers.reduce((sum, a) => sum + (a.weight ?? 1), 0);
  const mean = (value: (a: AnswerMetrics) => number) =>
    total > 0 ? answers.reduce((sum, a) => sum + (a.weight ?? 1) * value(a), 0) / total : 0;
  return {
    average_accuracy: mean((a) => a.accuracy),
    average_squared_error: mean((a) => a.squared_error),
    average_normalised_information_loss: mean((a) => a.normalised_information_loss),
  };
}
