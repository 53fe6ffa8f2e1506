import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isRuleId, ruleSentences } from "../../../contract-tests/traceability/rules.js";
import document from "../../../openapi/openapi.json" with { type: "json" };
import { exchangesOf } from "./check.js";
import { HarRecorder } from "./har-recorder.js";
import type { Exchange } from "./judge.js";
import { type Catalogue, check } from "./main.js";

const CATALOGUE: Catalogue = { has: isRuleId, sentences: ruleSentences, document, version: "test" };
const SIM = "11111111-1111-4111-8111-111111111111";
const dir = () => mkdtempSync(join(tmpdir(), "bss-check-"));

const exchange = (over: Partial<Exchange>): Exchange => ({
  method: "GET",
  url: `/v1/simulations/${SIM}`,
  requestHeaders: { authorization: "Bearer secret-token", cookie: "session=1" },
  requestBody: "",
  status: 200,
  responseHeaders: { "content-type": "application/json", "set-cookie": "s=2" },
  responseBody: JSON.stringify({ id: SIM, status: "completed", title: "t", project_id: null }),
  started: 1_700_000_000_000,
  ms: 5,
  ...over,
});

/** A read that says completed, then a run accepted: a violation, certain whatever the timing. */
const brokenRun = [
  exchange({}),
  exchange({
    method: "POST",
    url: `/v1/simulations/${SIM}/run`,
    responseBody: JSON.stringify({ id: SIM, status: "running" }),
    started: 1_700_000_000_100,
  }),
];

async function recorded(exchanges: readonly Exchange[], limits?: { entries: number; bytes: number }) {
  const file = join(dir(), "traffic.har");
  const har = new HarRecorder(file, "test", new URL("http://service.test/"), limits);
  await har.opened();
  for (const e of exchanges) har.record(e);
  await har.close();
  return file;
}

describe("--har: HAR 1.2, streamed, redacted, bounded", () => {
  it("should write valid HAR with credentials replaced by a pseudonym per caller and no cookies", async () => {
    const file = await recorded([
      ...brokenRun,
      exchange({ requestHeaders: { authorization: "Bearer other" }, started: 1_700_000_000_200 }),
    ]);
    const text = readFileSync(file, "utf8");
    const har = JSON.parse(text);
    expect(har.log.version).toBe("1.2");
    expect(har.log.entries).toHaveLength(3);
    expect(text).not.toMatch(/secret-token|session=1|s=2/);
    const callers = har.log.entries.map(
      (e: { request: { headers: Array<{ name: string; value: string }> } }) =>
        e.request.headers.find((h) => h.name === "authorization")?.value,
    );
    expect(callers).toEqual(["redacted caller 1", "redacted caller 1", "redacted caller 2"]);
    expect(har.log.entries[0].request.url).toBe(`http://service.test/v1/simulations/${SIM}`);
  });

  it("should stop at its bound and say how many it left out, the file still valid", async () => {
    const file = await recorded(brokenRun, { entries: 1, bytes: 1_000_000 });
    const har = JSON.parse(readFileSync(file, "utf8"));
    expect(har.log.entries).toHaveLength(1);
    expect(har.log.comment).toMatch(/^1 later exchanges not recorded/);
  });

  it("should read back as the same exchanges, credentials as pseudonyms", async () => {
    const judged = exchangesOf(JSON.parse(readFileSync(await recorded(brokenRun), "utf8")));
    expect(judged?.map((j) => [j.exchange.method, j.exchange.url, j.exchange.status, j.exchange.responseBody])).toEqual(
      brokenRun.map((e) => [e.method, e.url, e.status, e.responseBody]),
    );
    expect(judged?.[0]?.exchange.requestHeaders.authorization).toBe("redacted caller 1");
  });
});

describe("recorded traffic in the order judged", () => {
  it("should order by the end of each answer and mark a write of the same caller still in flight", () => {
    const har = (entries: Array<{ method: string; at: number; ms: number; who: string }>) => ({
      log: {
        entries: entries.map((e) => ({
          startedDateTime: new Date(e.at).toISOString(),
          time: e.ms,
          request: {
            method: e.method,
            url: "http://x/v1/simulations",
            headers: [{ name: "Authorization", value: e.who }],
          },
          response: { status: 200, headers: [], content: { size: 0, mimeType: "" } },
        })),
      },
    });
    const judged = exchangesOf(
      har([
        { method: "POST", at: 1000, ms: 100, who: "a" },
        { method: "GET", at: 1010, ms: 10, who: "a" },
        { method: "GET", at: 1020, ms: 10, who: "b" },
      ]),
    );
    expect(judged?.map((j) => [j.exchange.method, j.exchange.requestHeaders.authorization, j.concurrentWrite])).toEqual(
      [
        ["GET", "a", true],
        ["GET", "b", false],
        ["POST", "a", false],
      ],
    );
  });

  it("should read a mock's journal export as one exchange after another", () => {
    const judged = exchangesOf({
      requests: [
        {
          method: "GET",
          path: "/v1/simulations",
          query: { limit: "5" },
          caller: "a@o",
          at: "2026-01-01T00:00:00Z",
          ms: 3,
          status: 200,
          request_body: null,
          response_body: [],
        },
        {
          method: "POST",
          path: "/v1/contexts",
          query: {},
          caller: "",
          at: "2026-01-01T00:00:00Z",
          ms: 3,
          status: 201,
          request_body: { name: "n" },
          response_body: "(70000 bytes, not recorded)",
        },
        { method: "GET", path: "/healthz", query: {}, caller: "", at: "2026-01-01T00:00:00Z", ms: 1, status: null },
      ],
    });
    expect(judged).toHaveLength(2);
    expect(judged?.[0]?.exchange).toMatchObject({
      url: "/v1/simulations?limit=5",
      requestHeaders: { authorization: "a@o" },
    });
    expect(judged?.[1]?.exchange).toMatchObject({ requestBody: '{"name":"n"}', responseBody: null });
    expect(judged?.[1]?.exchange.started).toBeGreaterThan((judged?.[0]?.exchange.started ?? 0) + 3);
  });

  it("should know neither shape otherwise", () => {
    expect(exchangesOf({ entries: [] })).toBeUndefined();
    expect(exchangesOf([1, 2])).toBeUndefined();
  });
});

describe("bss-mock check", () => {
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  afterEach(() => {
    out.mockClear();
    err.mockClear();
  });
  const printed = () => out.mock.calls.map((c) => String(c[0])).join("");

  it("should report a violation with the rule's id and sentence, and exit 1", async () => {
    const file = await recorded(brokenRun);
    expect(await check([file], CATALOGUE)).toBe(1);
    expect(printed()).toMatch(/VIOLATION SIM-RUN-REFUSED-NOT-PLANNED {2}POST \/v1\/simulations\/.*\/run -> 200/);
    expect(printed()).toMatch(/2 exchanges: 1 violation, 0 suspects/);
  });

  it("should exit 0 on fair traffic, and write the chosen reporter to --out", async () => {
    const file = await recorded([brokenRun[0] as Exchange]);
    const report = join(dir(), "report.xml");
    expect(await check([file, "--reporter", "junit", "--out", report], CATALOGUE)).toBe(0);
    expect(readFileSync(report, "utf8")).toMatch(
      /^<\?xml[\s\S]*<testcase classname="bss-mock.proxy" name="STATUS-CODES-AS-LISTED/,
    );
    expect(printed()).toMatch(/1 exchanges: 0 violations, 0 suspects.*report written to/);
  });

  it("should fail on a suspect unless --strict", async () => {
    const running = exchange({ responseBody: JSON.stringify({ id: SIM, status: "running", title: "t" }) });
    const deleted = exchange({ method: "DELETE", status: 204, responseBody: "", started: running.started + 10 });
    const file = await recorded([running, deleted]);
    expect(await check([file, "--reporter", "json"], CATALOGUE)).toBe(1);
    expect(JSON.parse(printed()).suspects[0].rule).toBe("SIM-DELETE-409-RUNNING");
    expect(await check([file, "--strict"], CATALOGUE)).toBe(0);
  });

  it.each([
    [[], /check needs a FILE/],
    [["a", "b"], /one FILE/],
    [["x.har", "--reporter", "tap"], /--reporter must be one of pretty, json, junit/],
    [["/nonexistent.har"], /cannot read it \(ENOENT\)/],
    [["x.har", "--frobnicate"], /unknown flag '--frobnicate'/],
    [["x.har", "--out", "/nonexistent/r.xml"], /--out \/nonexistent\/r.xml: its folder \/nonexistent does not exist/],
  ])("should refuse %j with exit 2 and one line", async (argv, message) => {
    expect(await check(argv, CATALOGUE)).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0])).join("")).toMatch(message);
  });

  it("should refuse a file of neither shape", async () => {
    const file = join(dir(), "other.json");
    writeFileSync(file, '{"hello": 1}');
    expect(await check([file], CATALOGUE)).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0])).join("")).toMatch(/neither a HAR file/);
  });
});
