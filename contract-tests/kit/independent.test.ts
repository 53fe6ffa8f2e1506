/**
 * Profile spec against implementations none of us wrote (independent.ts): fair (no rule fails on any of them; the
 * rules not applicable are few and each says why) and strong (each spec-stated bug they can switch on fails the rule
 * it breaks, by id).
 */
import { afterAll, describe, expect, it } from "vitest";
import { BUG_RULES } from "./bug-rules.js";
import { implementation, type Started, specRunArgs, start } from "./independent.js";
import { contract, failures } from "./run-cli.js";

/** The most rules a run against an implementation may leave not applicable, each with its reason. */
const MAX_NOT_APPLICABLE = 5;

const IMPLEMENTATIONS = ["fastapi", "node"].map(implementation);
const started: Started[] = [];

afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

async function run(impl: (typeof IMPLEMENTATIONS)[number], bug?: string, only?: readonly string[]) {
  const server = await start(impl, bug);
  started.push(server);
  try {
    return await contract([...specRunArgs(impl, server.url), ...(only ? ["--only", only.join(",")] : [])]);
  } finally {
    await server.close();
  }
}

describe.concurrent("profile spec is fair on implementations written from the spec alone", () => {
  for (const impl of IMPLEMENTATIONS) {
    it(`${impl.name}: no rule fails, at most ${MAX_NOT_APPLICABLE} not applicable, each with its reason`, async () => {
      const result = await run(impl);
      expect(result.report?.summary.rules.failed, failures(result)).toBe(0);
      expect(result.code, failures(result)).toBe(0);
      const notApplicable = (result.report?.rules ?? []).filter((r) => r.outcome === "not applicable");
      const reasons = notApplicable.map((rule) => {
        const why = (result.report?.tests ?? []).find((t) => t.outcome === "not applicable" && t.message)?.message;
        return `${rule.id}: ${why ?? "?"}`;
      });
      console.log(
        `${impl.name}: ${JSON.stringify(result.report?.summary.rules)} in ${(result.ms / 1000).toFixed(1)} s`,
      );
      expect(notApplicable.length, reasons.join("\n")).toBeLessThanOrEqual(MAX_NOT_APPLICABLE);
    });
  }
});

describe("every bug switch of an implementation is in the table, with the rules it breaks or why none can show it", () => {
  for (const impl of IMPLEMENTATIONS) {
    it(`${impl.name}: ${impl.bugs.length} bugs`, () => {
      expect(Object.keys(BUG_RULES[impl.name] ?? {}).sort()).toEqual([...impl.bugs].sort());
    });
  }
});

describe.concurrent("profile spec is strong: each spec-stated bug fails the rule it breaks", () => {
  for (const impl of IMPLEMENTATIONS) {
    for (const [bug, expected] of Object.entries(BUG_RULES[impl.name] ?? {})) {
      if (typeof expected === "string") continue;
      it(`${impl.name} BUG=${bug} -> ${expected.join(", ")}`, async () => {
        const result = await run(impl, bug, expected);
        const failed = (result.report?.rules ?? []).filter((r) => r.outcome === "fail").map((r) => r.id);
        expect(failed, failures(result)).toEqual(expect.arrayContaining([...expected]));
      });
    }
  }
});
