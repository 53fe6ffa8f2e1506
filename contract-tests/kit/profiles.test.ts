/**
 * The packaged `bss-mock contract` (dist/, no vitest or supertest at run time) against `bss-mock serve` over HTTP, once
 * in each profile, with the exit codes and reports docs/contract-kit.md promises.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract, failures, type Served, serve } from "./run-cli.js";

let mock: Served;

beforeAll(async () => {
  mock = await serve(["--clock", "manual"]);
});

afterAll(async () => {
  await mock?.close();
});

describe("bss-mock contract against bss-mock serve", () => {
  for (const profile of ["spec", "fastapi", "mock"] as const) {
    it(`should pass every rule of profile ${profile} (exit 0), none failed`, async () => {
      const run = await contract(["--base-url", mock.url, "--profile", profile, "--allow-writes"]);
      expect(run.code, failures(run)).toBe(0);
      const summary = run.report?.summary.rules;
      expect(summary?.failed).toBe(0);
      expect(summary?.passed).toBeGreaterThan(profile === "spec" ? 150 : 180);
      // On a bss-mock with its manual clock, only what needs the in-process mock's own options is not applicable.
      const notApplicable = run.report?.tests.filter((t) => t.outcome === "not applicable") ?? [];
      // MOCK-AUTH-REQUIRED's tests need a target started with --auth required (the test below runs one).
      for (const test of notApplicable) {
        expect(test.message, test.name).toMatch(/in-process|owns no user model|requires authorization/);
      }
      console.log(`profile ${profile}: ${JSON.stringify(summary)} in ${(run.ms / 1000).toFixed(1)} s`);
    });
  }

  it("should test a mock started with --control-token as a bss-mock when given the token, and only then", async () => {
    const guarded = await serve(["--clock", "manual", "--control-token", "s3cret"]);
    try {
      // MOCK-PLANNER-TURN needs the control API (a planner turn, the manual clock): checkable only with the token.
      const args = ["--base-url", guarded.url, "--only", "MOCK-PLANNER-TURN", "--allow-writes", "--profile", "mock"];
      const withToken = await contract([...args, "--control-token", "s3cret"]);
      expect(withToken.code, failures(withToken)).toBe(0);
      expect(withToken.report?.summary.rules.passed).toBe(1);
      expect(withToken.report?.target.target).toMatch(/^bss-mock .*, manual clock$/);
      const without = await contract(args);
      expect(without.report?.summary.rules.passed).toBe(0);
      expect(without.report?.target.target).toBe("not a bss-mock");
    } finally {
      await guarded.close();
    }
  });

  it("should pass profile mock against a default serve (realistic timing, system clock) with default flags, its own phases short", async () => {
    const realistic = await serve([]);
    try {
      const run = await contract(["--base-url", realistic.url, "--allow-writes"]);
      expect(run.code, failures(run)).toBe(0);
      // The kit's POSTs carried fast-phases: the mock's journal shows the scenario applied to its creates.
      const journal = await fetch(`${realistic.url}/__mock/requests?template=/v1/simulations&method=POST&status=201`);
      const { requests } = (await journal.json()) as { requests: Array<{ scenarios: Array<{ scenario: string }> }> };
      expect(requests.length).toBeGreaterThan(0);
      for (const request of requests) expect(request.scenarios.map((s) => s.scenario)).toContain("fast-phases");
      console.log(
        `default serve, profile mock: ${JSON.stringify(run.report?.summary.rules)} in ${(run.ms / 1000).toFixed(1)} s`,
      );
    } finally {
      await realistic.close();
    }
  });

  it("should pass profile mock against serve --timing instant, the tests of states in between not applicable", async () => {
    const instant = await serve(["--timing", "instant"]);
    try {
      const run = await contract(["--base-url", instant.url, "--profile", "mock", "--allow-writes"]);
      expect(run.code, failures(run)).toBe(0);
      const unseen = (run.report?.tests ?? []).filter((t) => /--timing instant/.test(t.message ?? ""));
      // Seen as "planning", "running" or "generating" by the tests that need it: none can be.
      expect(unseen.map((t) => t.name)).toContain(
        "states/simulation-lifecycle.test.ts › plan editing › should refuse plan edits with 409 while planning, running and completed, leaving the plan as it was",
      );
      expect(unseen.every((t) => t.outcome === "not applicable")).toBe(true);
    } finally {
      await instant.close();
    }
  });

  it("should pass profile mock against serve --auth required --timing fast: the demo caller's tests N/A, MOCK-AUTH-REQUIRED checked", async () => {
    const required = await serve(["--auth", "required", "--timing", "fast"]);
    try {
      const run = await contract(["--base-url", required.url, "--profile", "mock", "--allow-writes"]);
      expect(run.code, failures(run)).toBe(0);
      const tests = run.report?.tests ?? [];
      const demo = tests.filter((t) => t.name.startsWith("mock-only/demo-world.test.ts › demo world"));
      expect(demo.length).toBeGreaterThan(0);
      for (const test of demo) {
        expect(test.outcome, test.name).toBe("not applicable");
        expect(test.message).toMatch(/requires authorization/);
      }
      expect(run.report?.rules.find((r) => r.id === "MOCK-AUTH-REQUIRED")?.outcome).toBe("pass");
    } finally {
      await required.close();
    }
  });

  it("should leave the demo world as it was: a second run against the same mock passes the demo world's rules", async () => {
    const again = await serve(["--clock", "manual"]);
    try {
      for (const run of [1, 2]) {
        const result = await contract([
          "--base-url",
          again.url,
          "--only",
          "MOCK-DEMO-WORLD,MOCK-STATE-409",
          "--allow-writes",
        ]);
        expect(result.code, `run ${run}: ${failures(result)}`).toBe(0);
        expect(result.report?.rules.find((r) => r.id === "MOCK-DEMO-WORLD")?.outcome, `run ${run}`).toBe("pass");
      }
    } finally {
      await again.close();
    }
  });

  it("should default to profile mock on a bss-mock and say so", async () => {
    const run = await contract(["--base-url", mock.url, "--only", "MOCK-SERVING", "--allow-writes"], { json: false });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/profile mock/);
    expect(run.stdout).toMatch(/^PASS MOCK-SERVING {2}Serving: /m);
  });

  it("should send only reads and refused writes without --allow-writes (the mock's request journal shows)", async () => {
    const watched = await serve(["--clock", "manual", "--journal-size", "100000"]);
    try {
      const run = await contract(["--base-url", watched.url]);
      expect(run.code, failures(run)).toBe(0);
      const skipped = run.report?.tests.filter((t) => /--allow-writes/.test(t.message ?? "")) ?? [];
      expect(skipped.length).toBeGreaterThan(100);
      const journal = await fetch(`${watched.url}/__mock/requests`);
      const { requests } = (await journal.json()) as {
        requests: Array<{ method: string; path: string; status: number }>;
      };
      expect(requests.length).toBeGreaterThan(500);
      const writes = requests.filter((r) => !["GET", "HEAD", "OPTIONS"].includes(r.method));
      // Validation refusals (4xx) and trailing-slash redirects (307, not followed) are sent: they cannot create
      // anything. Not one write was accepted.
      expect(writes.length).toBeGreaterThan(0);
      expect(writes.filter((r) => r.status < 300).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("should exit 2 with one line when the target cannot be reached", async () => {
    // A port that was just given up: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const run = await contract(["--base-url", `http://127.0.0.1:${port}`], { json: false });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(`bss-mock: cannot connect to http://127.0.0.1:${port}: ECONNREFUSED\n`);
  });
});
