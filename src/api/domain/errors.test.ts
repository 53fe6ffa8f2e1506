import { describe, expect, it } from "vitest";
import { badRequest, conflict, forbidden, notFound, Refusal, tooLarge, unavailable } from "./errors.js";

describe("refusals (MOCK-ERROR-BODIES)", () => {
  it("should name the missing resource in a not-found refusal", () => {
    const refusal = notFound("Simulation");
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ kind: "not_found", message: "Simulation not found", name: "Refusal" });
  });

  it("should keep the sentence each refusal is given, under its own kind", () => {
    const made = [badRequest("b"), conflict("c"), forbidden("f"), tooLarge("t"), unavailable("u")];
    expect(made.map((r) => [r.kind, r.message])).toEqual([
      ["bad_request", "b"],
      ["conflict", "c"],
      ["forbidden", "f"],
      ["too_large", "t"],
      ["unavailable", "u"],
    ]);
  });
});
