import { describe, expect, it } from "vitest";
import type { ContextRecord } from "../store/records.js";
import { contextFacts, joinList } from "./question-bank.js";

function context(name: string, body: string): ContextRecord {
  return {
    id: "ctx-1",
    orgId: "org-1",
    owner_id: "user-1",
    scope: "organisation",
    name,
    body,
    created_at: "2025-01-01T00:00:00.000Z",
    updated_at: "2025-01-01T00:00:00.000Z",
  };
}

describe("contextFacts", () => {
  it("should read the product, its audience and inline competitors from a one-paragraph context", () => {
    const facts = contextFacts(
      context("Cuppa", "# Cuppa\nA smart reusable cup for office workers. Competitors: KeepCup."),
    );
    expect(facts.name).toBe("Cuppa");
    expect(facts.description).toContain("smart reusable cup");
    expect(facts.audience).toBe("office workers");
    expect(facts.competitors).toEqual(["KeepCup"]);
  });

  it("should read sections: who uses it, and a bulleted list of competitors without their notes", () => {
    const body = [
      "# Acme",
      "",
      "Acme sells **project software** to agencies.",
      "",
      "## Who uses it",
      "Designers and studio managers.",
      "",
      "## Competitors",
      "- Asana: the big one",
      "- Trello",
      "- Monday.com (enterprise)",
      "- Acme",
    ].join("\n");
    const facts = contextFacts(context("Acme", body));
    expect(facts.description).toBe("Acme sells project software to agencies");
    expect(facts.audience).toBe("designers and studio managers");
    expect(facts.competitors).toEqual(["Asana", "Trello", "Monday.com"]);
  });

  it("should find nothing in a context that does not say it, and nothing without a context", () => {
    const facts = contextFacts(context("B", "b"));
    expect(facts.audience).toBeUndefined();
    expect(facts.competitors).toEqual([]);
    expect(contextFacts(undefined)).toEqual({
      name: undefined,
      description: undefined,
      audience: undefined,
      competitors: [],
    });
  });

  it("should split a comma list with a final 'and'", () => {
    const facts = contextFacts(context("Cuppa", "Cups. Competitors are KeepCup, Stojo and Ember."));
    expect(facts.competitors).toEqual(["KeepCup", "Stojo", "Ember"]);
  });
});

describe("joinList", () => {
  it("should join lists as a sentence would", () => {
    expect(joinList([])).toBe("");
    expect(joinList(["A"])).toBe("A");
    expect(joinList(["A", "B"], "or")).toBe("A or B");
    expect(joinList(["A", "B", "C"])).toBe("A, B and C");
  });
});
