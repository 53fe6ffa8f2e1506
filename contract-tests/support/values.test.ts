import { describe, expect, it } from "vitest";
import { expectOrder } from "./values.js";

describe("expectOrder", () => {
  const a = { id: "a", created_at: "2026-01-01T00:00:01Z" };
  const b = { id: "b", created_at: "2026-01-01T00:00:05Z" };

  it("should pass when the ids stand in that order, whatever stands between them", () => {
    expect(() => expectOrder([b, { id: "x" }, a], ["b", "a"], "newest first")).not.toThrow();
  });

  it("should name both orders by id and created_at", () => {
    expect(() => expectOrder([a, b], ["b", "a"], "newest first")).toThrow(
      "expected newest first: [b (2026-01-01T00:00:05Z), a (2026-01-01T00:00:01Z)], got [a (2026-01-01T00:00:01Z), b (2026-01-01T00:00:05Z)]",
    );
  });
});
