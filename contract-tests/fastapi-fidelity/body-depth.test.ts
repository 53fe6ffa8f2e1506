/**
 * How deeply a JSON body may nest: recorded from a real FastAPI 0.142 + Starlette's CORSMiddleware on CPython 3.11 by
 * oracle/generate_fastapi_depth.py (oracle/fastapi-depth.json), the bodies sent here as the same bytes. From the
 * depth CPython's recursion limit stops `json.loads`, the answer is 400 whatever the route would say of the body,
 * even one never closed; one level less is parsed and answered by the route.
 */
import recorded from "../oracle/fastapi-depth.json" with { type: "json" };
import { beforeAll, describe, expect, it, MOCK } from "../support/harness.js";
import { sendRaw } from "../support/raw-http.js";
import { createProject } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

interface RecordedCase {
  name: string;
  depth: number;
  method: string;
  target: string;
  body: Array<["t", string] | ["r", string, number]>;
  response: { status: number; body: string };
}

const oracle = recorded as unknown as { project: string; deepest_parsed: number; cases: RecordedCase[] };
const target = useTarget();

describe("bodies nested to FastAPI's limit, as recorded from a real FastAPI", {
  ...MOCK,
  rules: ["MOCK-HTTP-LAYER"],
}, () => {
  const auth = newCaller();
  let project = "";
  beforeAll(async () => {
    project = (await createProject(target, auth, { name: "Deep" })).id;
  });

  it("should have recorded the limit inside the range it sent", () => {
    const depths = oracle.cases.map((c) => c.depth);
    expect(Math.min(...depths)).toBeLessThan(oracle.deepest_parsed);
    expect(Math.max(...depths)).toBeGreaterThan(oracle.deepest_parsed);
  });

  for (const c of oracle.cases) {
    it(`should answer ${c.name} as FastAPI does`, async () => {
      const body = Buffer.concat(c.body.map((s) => Buffer.from(s[0] === "t" ? s[1] : s[1].repeat(s[2]), "latin1")));
      // The recording app's project is one nobody can see: the test's own project is the caller's, so a rename of
      // it that parses is answered 200 (the recording's 404 is for a project it does not hold).
      const path = c.target.replace("{P}", project);
      const head =
        `${c.method} ${path} HTTP/1.1\r\nhost: testserver\r\nauthorization: ${auth}\r\n` +
        `content-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`;
      const res = await sendRaw(target.baseUrl, Buffer.concat([Buffer.from(head, "latin1"), body]));
      if (c.response.status === 400) {
        expect(res.status).toBe(400);
        expect(res.text).toBe(c.response.body);
      } else if (c.response.status === 500) {
        // FastAPI parses the body, then cannot encode the 422 that echoes it
        // (docs/decisions/fastapi-behaviour.md#deliberate-differences): the mock answers that 422.
        expect(c.depth).toBeLessThanOrEqual(oracle.deepest_parsed);
        expect(res.status).toBe(422);
      } else if (c.target.includes("{P}")) {
        expect(res.status).toBe(200);
      } else {
        expect(res.status).toBe(c.response.status);
        expect(res.text).toBe(c.response.body);
      }
    });
  }
});
