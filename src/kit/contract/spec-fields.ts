/**
 * Field lists the spec states, shared by the contract suite and the proxy's judge so both check the same sentence.
 */

/** The Answer fields a Prediction does not have (spec "Prediction"). */
export const ANSWER_ONLY_FIELDS: readonly string[] = [
  "accuracy",
  "squared_error",
  "root_mean_squared_error",
  "information_loss",
  "normalised_information_loss",
  "test_started_at",
  "test_finished_at",
  "ground_answer_counts",
  "ground_answer_percentages",
];
