import { describe, expect, it } from "vitest";
import { messageOf } from "./run.js";

describe("messageOf", () => {
  it("should drop fast-check's verbose-mode hint, which a kit user cannot follow", () => {
    const error = new Error(
      'Property failed after 3 tests\n{ seed: 1, path: "2", endOnFailure: true }\nCounterexample: [1]\n\n' +
        "Hint: Enable verbose mode in order to have the list of all failing values encountered during the run",
    );
    expect(messageOf(error)).toBe(
      'Property failed after 3 tests\n{ seed: 1, path: "2", endOnFailure: true }\nCounterexample: [1]',
    );
  });
});
