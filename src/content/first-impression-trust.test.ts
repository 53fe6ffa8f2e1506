import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { UserModelRecord } from "../store/records.js";
import { firstLookPlan } from "./__fixtures__/first-look.js";
import { journeyResults } from "./journeys.js";
import { SCALES } from "./scales.js";

const populations = JSON.parse(readFileSync(new URL("../../fixtures/populations.json", import.meta.url), "utf8"))
  .populations as UserModelRecord[];

describe("first-impression trust counts only those who saw the page and got to the question", () => {
  const questions = [
    "What does this company sell?",
    "Would you trust it with your card details?",
    "Who do you think it is for?",
  ];
  const plan = firstLookPlan(questions, "https://www.hiutdenim.co.uk/");
  const levels = new Set<string>(SCALES.trust);

  it("should give trust levels to exactly the sessions that answered the trust question, and count the rest where they left", () => {
    for (const id of ["t1", "t2", "t3"]) {
      const results = journeyResults({ id, goal: "first_impression" }, plan, populations.slice(0, 2), 1);
      for (const model of results.by_user_model) {
        const trust = model.impressions?.trust ?? [];
        const trusting = trust.filter((t) => levels.has(t.level)).reduce((sum, t) => sum + t.share, 0);
        // The trust question is asked of everyone who saw the page (a question, not a step anyone can drop out at).
        expect(model.impressions?.answers.map((a) => a.question)).toContain(questions[1]);
        expect(Math.round(trusting * model.sessions), id).toBe(model.drop_off_by_step[1]?.reached);
        const left = trust.find((t) => t.level === "Left before the page had shown")?.share ?? 0;
        expect(Math.round(left * model.sessions)).toBe(model.drop_off_by_step[1]?.dropped ?? 0);
        expect(Math.abs(trust.reduce((sum, t) => sum + t.share, 0) - 1)).toBeLessThan(1e-9);
      }
    }
  });
});
