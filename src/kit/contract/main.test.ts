import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Body, TestMeta } from "./backend-api.js";
import { main, parseArgs, type Suite } from "./main.js";
import { registerSuite, registerTest } from "./registry.js";
import { currentScope } from "./scope.js";

/** A target that answers 200 on /ok and 409 on /conflict (and nothing bss-mock-like). */
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const status = req.url === "/ok" ? 200 : req.url === "/conflict" ? 409 : 404;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A port nothing listens on (one that was free a moment ago). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const meta = (rules: string[], extra: Partial<TestMeta> = {}): TestMeta => ({
  rules,
  profile: "spec",
  needs: [],
  readOnly: true,
  ...extra,
});

/** A request the way the suite's client makes one: kept in the running test's scope. */
async function call(path: string) {
  const res = await fetch(`${baseUrl}${path}`);
  const text = await res.text();
  currentScope()?.exchanges.push({
    method: "GET",
    url: `${baseUrl}${path}`,
    requestHeaders: {},
    status: res.status,
    responseHeaders: {},
    responseBody: text,
    ms: 1,
  });
  return res.status;
}

function suite(register: () => void): Suite {
  return {
    files: [{ name: "fake.test.ts", load: async () => register() }],
    catalogue: {
      has: (id) => id.startsWith("R-") || id.startsWith("MOCK-"),
      ids: () => ["R-ONE", "R-TWO", "R-THREE", "MOCK-X"],
      sentences: (id) => [`spec § Fake: the sentence of ${id}.`],
      profile: (id) => (id.startsWith("MOCK-") ? "mock" : "spec"),
    },
  };
}

async function run(argv: string[], register: () => void) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, suite(register), {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

const passing: Body = async () => {
  expect(await call("/ok")).toBe(200);
};
const failing: Body = async () => {
  expect(await call("/conflict")).toBe(200);
};
const notApplicable: Body = (skip) => skip("needs --token-b");

describe("bss-mock contract (the runner)", () => {
  it("should exit 0 and report every rule passed when every test passes", async () => {
    const result = await run(["--base-url", baseUrl], () => {
      registerSuite("area", () => {
        registerTest("passes", meta(["R-ONE", "R-TWO"]), passing);
        registerTest("also passes", meta(["R-TWO"]), passing);
      });
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^PASS R-ONE {2}the sentence of R-ONE\.$/m);
    expect(result.stdout).toMatch(/^PASS R-TWO {2}/m);
    expect(result.stdout).toMatch(/2 rules: 2 passed, 0 failed, 0 not applicable/);
    expect(result.stdout).toMatch(/profile spec/);
  });

  it("should exit 1 and show the rule's sentence, the test and its last request and response for a failure", async () => {
    const result = await run(["--base-url", baseUrl], () => {
      registerSuite("area", () => {
        registerTest("passes", meta(["R-ONE"]), passing);
        registerTest("fails", meta(["R-ONE", "R-TWO"]), failing);
      });
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("FAIL R-ONE");
    expect(result.stdout).toContain("spec § Fake: the sentence of R-ONE.");
    expect(result.stdout).toContain("✗ fake.test.ts › area › fails");
    expect(result.stdout).toContain(`> GET ${baseUrl}/conflict`);
    expect(result.stdout).toContain("< 409");
    expect(result.stdout).toContain('{"path":"/conflict"}');
    expect(result.stdout).toMatch(/2 rules: 0 passed, 2 failed/);
  });

  it("should print the header before any test runs and a line per file as it finishes, naming its failed rules", async () => {
    const events: string[] = [];
    const io = { stdout: () => undefined, stderr: (text: string) => events.push(text) };
    const fake = suite(() => {
      registerTest("fails", meta(["R-ONE"]), async () => {
        events.push("test ran");
        expect(await call("/conflict")).toBe(200);
      });
    });
    await main(["--base-url", baseUrl], fake, io);
    expect(events[0]).toMatch(
      /^bss-mock contract: http:\/\/127\.0\.0\.1:\d+ \(not a bss-mock\), profile spec, run \w+: 1 tests in 1 files\n/,
    );
    expect(events[1]).toBe("test ran");
    expect(events[2]).toMatch(
      /^\[1\/1\] fake\.test\.ts: 0 passed, 1 failed, 0 not applicable \([\d.]+ s\) — failed: R-ONE\n$/,
    );
  });

  it("should report a rule whose tests cannot run as not applicable, never passed, and exit 1 when nothing passed", async () => {
    const result = await run(["--base-url", baseUrl], () => {
      registerTest("needs more", meta(["R-ONE"]), notApplicable);
    });
    expect(result.stdout).toMatch(/^N\/A {2}R-ONE: needs --token-b\n {5}the sentence of R-ONE\.$/m);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no rule could be checked");
    const withPass = await run(["--base-url", baseUrl], () => {
      registerTest("needs more", meta(["R-ONE"]), notApplicable);
      registerTest("passes", meta(["R-TWO"]), passing);
    });
    expect(withPass.code).toBe(0);
  });

  it("should leave tests of a higher profile out, and run them when asked", async () => {
    const register = () => {
      registerTest("spec", meta(["R-ONE"]), passing);
      registerTest("mock", meta(["MOCK-X"], { profile: "mock" }), failing);
    };
    const spec = await run(["--base-url", baseUrl], register);
    expect(spec.code).toBe(0);
    expect(spec.stdout).not.toContain("MOCK-X");
    const mock = await run(["--base-url", baseUrl, "--profile", "mock"], register);
    expect(mock.code).toBe(1);
    expect(mock.stdout).toContain("FAIL MOCK-X");
  });

  it("should select by rule id, id prefix and tag with --only", async () => {
    const register = () => {
      registerTest("one", meta(["R-ONE"]), passing);
      registerTest("two", meta(["R-TWO"]), failing);
    };
    expect((await run(["--base-url", baseUrl, "--only", "R-ONE"], register)).code).toBe(0);
    expect((await run(["--base-url", baseUrl, "--only", "R-T*"], register)).code).toBe(1);
    const tagged = await run(["--base-url", baseUrl, "--only", "spec"], register);
    expect(tagged.stdout).toContain("R-ONE");
    expect(tagged.stdout).toContain("R-TWO");
    const unknown = await run(["--base-url", baseUrl, "--only", "NOPE-RULE"], register);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no rule is 'NOPE-RULE': rule ids start with MOCK- R- \('bss-mock contract --list'/);
  });

  it("should name the closest rule ids when --only names none", async () => {
    const typo = await run(["--base-url", baseUrl, "--only", "R-TOW"], () => undefined);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("no rule is 'R-TOW': did you mean R-TWO");
    expect((await run(["--base-url", baseUrl, "--only", "r-one"], () => undefined)).stderr).toContain(
      "did you mean R-ONE?",
    );
    const prefix = await run(["--base-url", baseUrl, "--only", "Q-*"], () => undefined);
    expect(prefix.code).toBe(2);
    expect(prefix.stderr).toContain("no rule starts with 'Q-'");
  });

  it("should list every rule with its profile and sentence with --list, no target needed", async () => {
    const all = await run(["--list"], () => undefined);
    expect(all.code).toBe(0);
    expect(all.stdout.split("\n")).toEqual([
      "R-ONE    spec     the sentence of R-ONE.",
      "R-THREE  spec     the sentence of R-THREE.",
      "R-TWO    spec     the sentence of R-TWO.",
      "MOCK-X   mock     the sentence of MOCK-X.",
      "4 rules",
      "",
    ]);
    const spec = await run(["--list", "--profile", "spec", "--only", "R-T*"], () => undefined);
    expect(spec.stdout).toBe(
      "R-THREE  spec     the sentence of R-THREE.\nR-TWO    spec     the sentence of R-TWO.\n2 rules\n",
    );
  });

  it("should write JUnit XML with one test case per rule, failures and not-applicable ones marked", async () => {
    const result = await run(["--base-url", baseUrl, "--reporter", "junit"], () => {
      registerTest("passes", meta(["R-ONE"]), passing);
      registerTest("fails", meta(["R-TWO"]), failing);
      registerTest("cannot run", meta(["R-THREE"]), notApplicable);
    });
    const xml = result.stdout;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('tests="3" failures="1" skipped="1"');
    expect(xml).toMatch(
      /<testcase classname="bss-contract.spec" name="R-ONE: spec § Fake: the sentence of R-ONE." time="[\d.]+"\/>/,
    );
    expect(xml).toMatch(/<testcase[^>]*name="R-TWO[^>]*>\s*<failure message="expected 409 to be 200/);
    expect(xml).toContain("&lt; 409");
    expect(xml).toMatch(/<testcase[^>]*name="R-THREE[^>]*>\s*<skipped message="not applicable: needs --token-b"\/>/);
  });

  it("should write the JSON report with rules, tests and the failed exchange", async () => {
    const result = await run(["--base-url", baseUrl, "--reporter", "json"], () => {
      registerTest("fails", meta(["R-TWO"]), failing);
    });
    const report = JSON.parse(result.stdout);
    expect(report.summary.rules).toEqual({ total: 1, passed: 0, failed: 1, notApplicable: 0 });
    expect(report.rules[0]).toMatchObject({ id: "R-TWO", outcome: "fail", profile: "spec" });
    expect(report.tests[0].exchange).toMatchObject({ method: "GET", status: 409 });
    expect(report.target.baseUrl).toBe(baseUrl);
  });

  it("should exit 2 with one line when the target cannot be reached", async () => {
    const closed = await freePort();
    const result = await run(["--base-url", `http://127.0.0.1:${closed}`], () => {
      registerTest("passes", meta(["R-ONE"]), passing);
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`bss-mock: cannot connect to http://127.0.0.1:${closed}: ECONNREFUSED\n`);
    const blocked = await run(["--base-url", "http://127.0.0.1:6000"], () => undefined);
    expect(blocked.stderr).toMatch(
      /^bss-mock: cannot connect to http:\/\/127.0.0.1:6000: port 6000 is one fetch refuses/,
    );
  });

  it("should fail a test that outlives its time with a message saying so", async () => {
    const result = await run(["--base-url", baseUrl, "--timeout-ms", "60"], () => {
      registerTest("hangs", meta(["R-ONE"]), () => new Promise(() => undefined));
      registerTest("passes", meta(["R-TWO"]), passing);
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("the test did not finish within 300 ms");
  });
});

describe("bss-mock contract's options", () => {
  it("should read every option, in both --flag value and --flag=value forms", () => {
    const args = parseArgs([
      "--base-url=http://h:1/",
      "--token",
      "t1",
      "--token-b",
      "t2",
      "--token-same-org",
      "t3",
      "--profile",
      "fastapi",
      "--allow-writes",
      "--only",
      "A-B,C-D",
      "--only",
      "mock",
      "--timeout-ms",
      "5000",
      "--poll-ms=20",
      "--reporter",
      "junit",
      "--out",
      "r.xml",
      "--control-token",
      "s3cret",
      "--compare-mock",
    ]);
    expect(args).toEqual({
      baseUrl: "http://h:1",
      list: false,
      compareMock: true,
      tokens: { main: "t1", otherOrg: "t2", sameOrg: "t3" },
      profile: "fastapi",
      allowWrites: true,
      only: ["A-B", "C-D", "mock"],
      timeoutMs: 5000,
      pollMs: 20,
      concurrency: undefined,
      reporter: "junit",
      out: "r.xml",
      controlToken: "s3cret",
    });
  });

  it("should take the control token from BSS_MOCK_CONTROL_TOKEN, as serve does, unless --control-token is given", () => {
    const env = { BSS_MOCK_CONTROL_TOKEN: "from-env" };
    expect(parseArgs(["--base-url", "http://x"], env).controlToken).toBe("from-env");
    expect(parseArgs(["--base-url", "http://x", "--control-token", "flag"], env).controlToken).toBe("flag");
    expect(parseArgs(["--base-url", "http://x"], {}).controlToken).toBeUndefined();
  });

  it.each([
    [[], "contract needs --base-url"],
    [["--base-url", "ftp://x"], "contract needs --base-url"],
    [["--base-url", "http://x", "--profile", "strict"], "--profile must be spec, fastapi or mock"],
    [["--base-url", "http://x", "--reporter", "tap"], "--reporter must be pretty, json or junit"],
    [["--base-url", "http://x", "--timeout-ms", "0"], "--timeout-ms expects a whole number above 0"],
    [["--base-url", "http://x", "--token"], "--token needs a value"],
    [["--base-url", "http://x", "--token-same-org", "t"], "--token-same-org needs --token"],
    [["--base-url", "http://x", "--verbose"], "unknown option '--verbose'"],
  ])("should refuse %j: %s", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
