/**
 * `bss-mock contract --compare-mock`: the suite against a service and against a mock started in process, one table
 * of the rules whose verdicts differ. Against the node implementation written from the spec alone: no drift on the
 * rules selected; with its delete bug switched on, the rule it breaks, with both sides' exchanges.
 */
import { afterAll, describe, expect, it } from "vitest";
import { implementation, type Started, specRunArgs, start } from "./independent.js";
import { contract } from "./run-cli.js";

const NODE = implementation("node");
const ONLY = ["--only", "SIM-DELETE-409-RUNNING,SIM-DELETE-204,SIM-CREATE-201"];
const started: Started[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

describe.concurrent("contract --compare-mock", () => {
  it("should print no drift for an implementation that passes the selected rules, and exit 0", async () => {
    const service = await start(NODE);
    started.push(service);
    const run = await contract([...specRunArgs(NODE, service.url), "--compare-mock", ...ONLY], { json: false });
    expect(run.code, `${run.stderr}\n${run.stdout}`).toBe(0);
    expect(run.stdout).toMatch(/rules checked on both sides: (\d+) agree, 0 differ/);
    expect(run.stdout).toContain("No rule's verdict differs.");
    // Both sides ran, each line of their progress labelled.
    expect(run.stderr).toMatch(/^\[service\] bss-mock contract: http:\/\/127\.0\.0\.1/m);
    expect(run.stderr).toMatch(/^\[mock\] bss-mock contract: http:\/\/127\.0\.0\.1:\d+ \(bss-mock/m);
  });

  it("should name the rule a bug breaks, mock pass against service fail, with both sides' exchanges", async () => {
    const service = await start(NODE, "delete_running");
    started.push(service);
    const run = await contract([...specRunArgs(NODE, service.url), "--compare-mock", ...ONLY], { json: false });
    expect(run.code, `${run.stderr}\n${run.stdout}`).toBe(1);
    expect(run.stdout).toMatch(/^SIM-DELETE-409-RUNNING\s+pass\s+fail$/m);
    expect(run.stdout).toMatch(
      /mock: 409 DELETE \/v1\/simulations\/[0-9a-f-]+ .* \/ service: 204 DELETE \/v1\/simulations\//,
    );
    expect(run.stdout).toMatch(/service failed: /);
    expect(run.stdout).not.toMatch(/^SIM-CREATE-201\s/m);
  });

  it("should write the comparison as JSON with --reporter json --out", async () => {
    const service = await start(NODE, "delete_running");
    started.push(service);
    const { mkdtempSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const out = join(mkdtempSync(join(tmpdir(), "bss-compare-test-")), "drift.json");
    const run = await contract(
      [...specRunArgs(NODE, service.url), "--compare-mock", ...ONLY, "--reporter", "json", "--out", out],
      { json: false },
    );
    expect(run.code, `${run.stderr}\n${run.stdout}`).toBe(1);
    expect(run.stdout).toMatch(/^1 rules differ of \d+ checked on both sides\nreport written to /);
    const drift = JSON.parse(readFileSync(out, "utf8")) as {
      differ: Array<{ rule: string; mock: { outcome: string; exchange: string }; service: { outcome: string } }>;
    };
    expect(drift.differ.map((d) => [d.rule, d.mock.outcome, d.service.outcome])).toEqual([
      ["SIM-DELETE-409-RUNNING", "pass", "fail"],
    ]);
    expect(drift.differ[0]?.mock.exchange).toMatch(/^409 DELETE /);
  });
});
