import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { hyphenate, parseUuid } from "./uuid.js";

it("should match pydantic uuid", () => {
  const cases = JSON.parse(readFileSync("/tmp/oracle/uuid_cases.json", "utf8")) as Array<{
    s: string;
    ok?: string;
    err?: string;
  }>;
  const bad = cases
    .filter((c) => {
      const r = parseUuid(c.s);
      return r.ok ? hyphenate(r.hex) !== c.ok : r.error !== c.err;
    })
    .map((c) => ({ ...c, got: parseUuid(c.s) }));
  expect(bad.slice(0, 5)).toEqual([]);
});
