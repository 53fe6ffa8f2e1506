/**
 * FastAPI's HTTP layer (uvicorn, Starlette, python-multipart), not only Pydantic's: multipart forms, paths, content
 * types. The expected answers were recorded from a real FastAPI 0.142 + Starlette 1.7 + uvicorn by
 * oracle/generate_fastapi_http.py (oracle/fastapi-http.json) with the same raw request bytes sent here.
 */
import recorded from "../oracle/fastapi-http.json" with { type: "json" };
import { as } from "../support/client.js";
import { beforeAll, describe, expect, it, MOCK } from "../support/harness.js";
import { type RawResponse, sendRaw } from "../support/raw-http.js";
import { createProject } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

interface RecordedCase {
  name: string;
  method: string;
  target: string;
  headers: Array<[string, string]>;
  body: Array<["t", string] | ["r", string, number]>;
  framing: "length" | "chunked";
  response: { status: number; headers: Record<string, string>; body: string };
}

const oracle = recorded as unknown as { project: string; round: string; cases: RecordedCase[] };

/**
 * Where the mock answers otherwise on purpose
 * (docs/decisions/fastapi-behaviour.md#deliberate-differences), or where the recording app has no
 * business rules: its upload endpoint accepts any file, the mock's wants pdf, docx, md or txt.
 */
const MOCK_ANSWERS: Record<string, { status: number; body?: string }> = {
  "body: invalid UTF-8 as a text body": {
    status: 422,
    body: '{"detail":[{"type":"model_attributes_type","loc":["body"],"msg":"Input should be a valid dictionary or object to extract fields from","input":"caf\uFFFD"}]}',
  },
  "multipart: an empty filename": { status: 415 },
};

/** The request bytes exactly as the generator built them, with the caller's own project, round and token. */
function rawRequest(c: RecordedCase, auth: string, project: string, round: string): Buffer {
  const body = Buffer.concat(
    c.body.map((segment) => Buffer.from(segment[0] === "t" ? segment[1] : segment[1].repeat(segment[2]), "latin1")),
  );
  const target = c.target.replace(oracle.project, project).replace(oracle.round, round);
  let head = `${c.method} ${target} HTTP/1.1\r\nhost: testserver\r\nauthorization: ${auth}\r\n`;
  head += c.headers.map(([name, value]) => `${name}: ${value}\r\n`).join("");
  let payload = body;
  if (c.framing === "chunked") {
    head += "transfer-encoding: chunked\r\n";
    const chunks: Buffer[] = [];
    for (let i = 0; i < body.length; i += 7) {
      const piece = body.subarray(i, i + 7);
      chunks.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
    }
    payload = Buffer.concat([...chunks, Buffer.from("0\r\n\r\n")]);
  } else {
    head += `content-length: ${body.length}\r\n`;
  }
  head += "connection: close\r\n\r\n";
  return Buffer.concat([Buffer.from(head, "latin1"), payload]);
}

function expectSuccess(c: RecordedCase, res: RawResponse) {
  const recorded = JSON.parse(c.response.body) as Record<string, unknown>;
  const answer = JSON.parse(res.text) as Record<string, unknown>;
  if (c.target.endsWith("/artefact/file")) {
    // The recording app answers with the UploadFile it received; the mock with the round it attached it to.
    expect(answer.artefact_type).toBe("file");
    expect(answer.artefact_name).toBe(recorded.filename);
  } else {
    expect(answer.name).toBe(recorded.name);
  }
}

const target = useTarget();

describe("FastAPI's HTTP layer, as recorded from a real FastAPI", { ...MOCK, rules: ["MOCK-HTTP-LAYER"] }, () => {
  const auth = newCaller();
  let project = "";
  let round = "";
  beforeAll(async () => {
    project = (await createProject(target, auth, { name: "Uploads" })).id;
    const created = await as(target, auth).post(`/v1/projects/${project}/rounds`, {});
    expect(created.status).toBe(201);
    round = created.body.id;
  });

  for (const c of oracle.cases) {
    it(`should answer ${c.name} as FastAPI does`, async () => {
      const res = await sendRaw(target.baseUrl, rawRequest(c, auth, project, round));
      const expected = MOCK_ANSWERS[c.name] ?? c.response;
      expect(res.status).toBe(expected.status);
      if (expected.body !== undefined && expected.status >= 400) {
        expect(res.text).toBe(expected.body);
        expect(res.headers["content-type"]).toBe("application/json");
      } else if (expected.status < 300) {
        expectSuccess(c, res);
      }
    });
  }
});
