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

/** The operations the spec names as deprecated (spec "Versioning": POST /answers and POST /answers/benchmark). */
export const DEPRECATED_OPERATIONS: ReadonlyArray<readonly [method: string, path: string]> = [
  ["post", "/v1/answers"],
  ["post", "/v1/answers/benchmark"],
];
