/**
 * The suite's own bookkeeping (not a contract test: it talks no HTTP, so it uses vitest directly): every unit of the
 * spec is traced to rule ids or says why it states none, every rule id has a test, every spec rule has one in profile
 * `spec`, and the bundled runner loads every contract test file.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { pretty, ruleResults } from "../../src/kit/contract/report.js";
import type { TestResult } from "../../src/kit/contract/run.js";
import { bundleInputs, listSuite } from "../kit/bundle.js";
import { allRuleIds, FASTAPI_RULES, MOCK_RULES, ruleProfile, ruleSentences, specRuleIds } from "./rules.js";
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
    const wrong = SPEC_TRACE.filter((e) => (e.rules?.length ?? 0) + (e.implies?.length ?? 0) > 0 === Boolean(e.none));
    expect(wrong.map((e) => e.text)).toEqual([]);
    const reasons = SPEC_TRACE.filter((e) => e.none).map((e) => e.none as string);
    for (const reason of reasons) expect(reason.trim().length).toBeGreaterThan(4);
  });

  it("should state every spec rule in a unit of its own, not only imply it", () => {
    const stated = new Set(SPEC_TRACE.flatMap((e) => e.rules ?? []));
    expect(specRuleIds().filter((id) => !stated.has(id))).toEqual([]);
  });

  it("should say a rule named for a status is stated only by a unit that names the status", () => {
    // "Delete is refused with 409 …" implies the 204 of a delete otherwise; it does not state it.
    const wrong = SPEC_TRACE.flatMap((e) =>
      (e.rules ?? [])
        .filter((id) => {
          const status = /-([1-5]\d\d)(?:-|$)/.exec(id)?.[1];
          return status !== undefined && !`${e.section} ${e.text}`.includes(status);
        })
        .map((id) => `${id}: ${e.text}`),
    );
    expect(wrong).toEqual([]);
  });

  it("should print every rule's own sentence on its report line: the first unit that states it", () => {
    const ids = allRuleIds();
    const tests: TestResult[] = ids.map((id) => ({
      file: "f.test.ts",
      path: [],
      name: id,
      meta: { rules: [id], profile: ruleProfile(id), needs: [], readOnly: true },
      outcome: "pass",
      ms: 1,
    }));
    const catalogue = { sentences: ruleSentences, profile: ruleProfile };
    const report = { header: { baseUrl: "", target: "", profile: "mock" as const, runId: "", notes: [] } };
    const lines = pretty({ ...report, rules: ruleResults(tests, catalogue), tests, ms: 1, cleanup: [] }).split("\n");
    const own = (id: string) =>
      SPEC_TRACE.find((e) => e.rules?.includes(id))?.text ?? FASTAPI_RULES[id] ?? MOCK_RULES[id];
    for (const id of ids) {
      const sentence = own(id) ?? "";
      const shown = sentence.length > 110 ? `${sentence.slice(0, 109)}…` : sentence;
      expect(lines, id).toContain(`PASS ${id}  ${shown}`);
    }
    expect(lines).toContain("PASS SIM-DELETE-204  | DELETE | /v1/simulations/{simulation_id} | none | 204, no body |");
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
    // Of src/, only the runner, the proxy and the offline check (which judge by the same catalogue), the HAR format
    // they share with the mock's journal, the "did you mean" the runner shares with the command line, and fixtures'
    // data (the reader's check asks content/__fixtures__'s questions).
    expect(
      inputs.filter(
        (input) => /^src\//.test(input) && !/^src\/(kit\/|platform\/(har|nearest)\.ts$|.*__fixtures__\/)/.test(input),
      ),
    ).toEqual([]);
    expect(inputs).toContain("contract-tests/support/harness.ts");
    expect(inputs).not.toContain("contract-tests/support/backend.ts");
  });

  it("should keep a file of mock tests only in mock-only/, or in a folder whose README.md says why", () => {
    // A section's folder may hold the mock's answers to what the section leaves open (contract-tests/README.md).
    const profiles = new Map<string, Set<string>>();
    for (const t of tests) profiles.set(t.file, (profiles.get(t.file) ?? new Set()).add(t.profile));
    const unexplained = [...profiles]
      .filter(([file, seen]) => !file.startsWith("mock-only/") && seen.size === 1 && seen.has("mock"))
      .map(([file]) => file)
      .filter((file) => {
        const readme = join(here, "..", dirname(file), "README.md");
        return !existsSync(readme) || !readFileSync(readme, "utf8").includes(`\`${basename(file)}\``);
      });
    expect(unexplained).toEqual([]);
  });

  it("should load every contract test file in the bundled runner", () => {
    // The suite's files sit in folders by spec section; kit/, support/ and traceability/ hold vitest's own tests.
    const root = join(here, "..");
    const files = readdirSync(root, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? ["kit", "support", "traceability"].includes(entry.name)
            ? []
            : readdirSync(join(root, entry.name)).map((file) => `${entry.name}/${file}`)
          : [entry.name],
      )
      .filter((file) => file.endsWith(".test.ts"));
    expect([...new Set(tests.map((t) => t.file))].sort()).toEqual(files.sort());
  });
});
