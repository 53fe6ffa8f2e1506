/**
 * Profile spec against implementations none of us wrote (independent.ts): strong (each spec-stated bug they can switch
 * on fails the rule it breaks, by id). That it is fair on them (no rule fails; the rules not applicable are few and
 * each says why) is proven by proxy.test.ts, whose one run of the whole suite against each goes through the proxy and
 * judges the suite and the proxy at once.
 */
import { afterAll, describe, expect, it } from "vitest";
import { BUG_RULES } from "./bug-rules.js";
import { implementation, type Started, specRunArgs, start } from "./independent.js";
import { contract, failures } from "./run-cli.js";

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
