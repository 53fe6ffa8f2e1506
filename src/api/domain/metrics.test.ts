import { describe, expect, it } from "vitest";
import {
  accuracy,
  answerMetrics,
  groundPercentages,
  informationLoss,
  normalisedInformationLoss,
  populationAverages,
  rootMeanSquaredError,
  squaredError,
} from "./metrics.js";

// Expected values were worked out by hand (and checked with python3's math module), never by calling this code.

const ABC = ["A", "B", "C"];
// p = (0.5, 0.3, 0.2), counts (40, 40, 20) -> g = (0.4, 0.4, 0.2)
const predicted3 = { A: 0.5, B: 0.3, C: 0.2 };
const counts3 = { A: 40, B: 40, C: 20 };
const ground3 = { A: 0.4, B: 0.4, C: 0.2 };

describe("groundPercentages", () => {
  it("should divide each count by the total, in option order", () => {
    const ground = groundPercentages(ABC, { C: 20, A: 40, B: 40 });
    expect(Object.keys(ground)).toEqual(ABC);
    expect(ground).toEqual(ground3);
  });

  it("should count a missing option as 0", () => {
    expect(groundPercentages(["Yes", "No"], { Yes: 3 })).toEqual({ Yes: 1, No: 0 });
  });
});

describe("answer metrics", () => {
  it("should compute squared error as the sum of squared differences", () => {
    // 0.1^2 + 0.1^2 + 0 = 0.02
    expect(squaredError(ABC, predicted3, ground3)).toBeCloseTo(0.02, 12);
  });

  it("should compute RMSE as sqrt(squared_error / k)", () => {
    // sqrt(0.02 / 3)
    expect(rootMeanSquaredError(ABC, predicted3, ground3)).toBeCloseTo(0.08164965809277261, 12);
  });

  it("should compute accuracy as 1 - half the L1 distance", () => {
    // 1 - 0.5 * (0.1 + 0.1 + 0)
    expect(accuracy(ABC, predicted3, ground3)).toBeCloseTo(0.9, 12);
  });

  it("should compute information loss as KL(g || p) in nats", () => {
    // 0.4 ln(0.4/0.5) + 0.4 ln(0.4/0.3) + 0.2 ln(1) = -0.0892574 + 0.1150728
    expect(informationLoss(ABC, predicted3, ground3)).toBeCloseTo(0.025815408455028527, 12);
  });

  it("should normalise information loss by ln(k)", () => {
    // 0.025815408455028527 / ln 3
    expect(normalisedInformationLoss(ABC, predicted3, ground3)).toBeCloseTo(0.023498197427161083, 12);
  });

  it("should floor a predicted 0 at 1e-6 instead of giving infinity", () => {
    // g = (0.75, 0.25), p = (1, 0): 0.75 ln 0.75 + 0.25 ln(0.25 / 1e-6)
    const loss = informationLoss(["Yes", "No"], { Yes: 1, No: 0 }, { Yes: 0.75, No: 0.25 });
    expect(loss).toBeCloseTo(2.89154249487226, 10);
  });

  it("should drop terms where the ground fraction is 0", () => {
    // g = (1, 0), p = (0.6, 0.4): only 1 * ln(1 / 0.6) remains
    const loss = informationLoss(["Yes", "No"], { Yes: 0.6, No: 0.4 }, { Yes: 1, No: 0 });
    expect(loss).toBeCloseTo(0.5108256237659907, 12);
    expect(Number.isFinite(loss)).toBe(true);
  });

  it("should compute every metric from counts in answerMetrics", () => {
    const metrics = answerMetrics(["Yes", "No"], { Yes: 0.6, No: 0.4 }, { Yes: 5, No: 0 });
    expect(metrics.ground_answer_percentages).toEqual({ Yes: 1, No: 0 });
    expect(metrics.squared_error).toBeCloseTo(0.32, 12); // 0.4^2 + 0.4^2
    expect(metrics.root_mean_squared_error).toBeCloseTo(0.4, 12); // sqrt(0.32 / 2)
    expect(metrics.accuracy).toBeCloseTo(0.6, 12); // 1 - 0.5 * 0.8
    expect(metrics.information_loss).toBeCloseTo(0.5108256237659907, 12);
    expect(metrics.normalised_information_loss).toBeCloseTo(0.7369655941662062, 12); // / ln 2
  });
});

describe("populationAverages", () => {
  it("should take plain means over the answers", () => {
    const first = answerMetrics(ABC, predicted3, counts3);
    const second = answerMetrics(["Yes", "No"], { Yes: 1, No: 0 }, { Yes: 3, No: 1 });
    const averages = populationAverages([first, second]);
    // accuracy (0.9 + 0.75) / 2; squared error (0.02 + 0.125) / 2; NIL (0.0234982 + 4.1716140) / 2
    expect(averages.average_accuracy).toBeCloseTo(0.825, 12);
    expect(averages.average_squared_error).toBeCloseTo(0.0725, 12);
    expect(averages.average_normalised_information_loss).toBeCloseTo(2.0975561076495355, 10);
  });

  it("should average an empty population to 0 rather than NaN", () => {
    expect(populationAverages([])).toEqual({
      average_accuracy: 0,
      average_squared_error: 0,
      average_normalised_information_loss: 0,
    });
  });
});
