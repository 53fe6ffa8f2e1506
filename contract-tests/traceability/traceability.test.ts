/**
 * The suite's own bookkeeping (not a contract test: it talks no HTTP, so it uses vitest directly): every unit of the
 * spec is traced to rule ids or says why it states none, every rule id has a test, every spec rule has one in profile
 * `spec`, and the bundled runner loads every contract test file.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bundleInputs, listSuite } from "../kit/bundle.js";
import { allRuleIds, ruleProfile, specRuleIds } from "./rules.js";
import { specUnits } from "./spec-units.js";
import { SPEC_TRACE } from "./trace.js";

const here = dirname(fileURLToPath(import.meta.url));
const spec = readFileSync(join(here, "behaviour-simulation-service.md"), "utf8");

describe("traceability", () => {
  it("should map every sentence, list item and table row of the spec, word for word and in order", () => {
    const units = specUnits(spec).map((u) => `${u.section} | ${u.text}`);
    const traced = SPEC_TRACE.map((e) => `${e.section} | ${e.text}`);
    expect(
      traced.filter((t) => !units.includes(t)),
      "traced but not in the spec",
    ).toEqual([]);
    expect(
      units.filter((u) => !traced.includes(u)),
      "in the spec but not traced",
    ).toEqual([]);
    expect(traced).toEqual(units);
  });

  it("should give every unit rule ids or the reason it states none, never both", () => {
    const wrong = SPEC_TRACE.filter((e) => (e.rules?.length ?? 0) > 0 === Boolean(e.none));
    expect(wrong.map((e) => e.text)).toEqual([]);
    const reasons = SPEC_TRACE.filter((e) => e.none).map((e) => e.none as string);
    for (const reason of reasons) expect(reason.trim().length).toBeGreaterThan(4);
  });

  it("should keep rule ids in one shape: upper-case words joined by hyphens", () => {
    for (const id of allRuleIds()) expect(id).toMatch(/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/);
  });
});

describe("the suite", async () => {
  const tests = await listSuite();

  it("should have a test for every rule id, and one in profile spec for every spec rule", () => {
    const named = new Set(tests.flatMap((t) => t.rules));
    expect(
      allRuleIds().filter((id) => !named.has(id)),
      "rule ids without a test",
    ).toEqual([]);
    const inSpec = new Set(tests.filter((t) => t.profile === "spec").flatMap((t) => t.rules));
    expect(
      specRuleIds().filter((id) => !inSpec.has(id)),
      "spec rules without a spec test",
    ).toEqual([]);
  });

  it("should keep each test's rules within its profile (a spec test checks no fastapi or mock rule)", () => {
    const order = ["spec", "fastapi", "mock"];
    const wrong = tests.filter((t) =>
      t.rules.some((rule) => order.indexOf(ruleProfile(rule)) > order.indexOf(t.profile)),
    );
    expect(wrong.map((t) => `${t.file} › ${t.name}`)).toEqual([]);
  });

  it("should bundle neither vitest nor supertest nor the mock itself into the runner", async () => {
    const inputs = await bundleInputs();
    expect(inputs.filter((input) => /node_modules\/(vitest|supertest|superagent|@hono|hono)\//.test(input))).toEqual(
      [],
    );
    // Of src/, only the runner and fixtures' data (the reader's check asks content/__fixtures__'s questions).
    expect(
      inputs.filter((input) => /^src\//.test(input) && !/^src\/(contract\/|.*__fixtures__\/)/.test(input)),
    ).toEqual([]);
    expect(inputs).toContain("contract-tests/support/harness.ts");
    expect(inputs).not.toContain("contract-tests/support/backend.ts");
  });

  it("should load every contract test file in the bundled runner", () => {
    const files = readdirSync(join(here, "..")).filter((f) => f.endsWith(".test.ts"));
    expect([...new Set(tests.map((t) => t.file))].sort()).toEqual(files.sort());
  });
});
