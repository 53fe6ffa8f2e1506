/**
 * Memory stays bounded whatever a client sends: an artefact upload stops being read once it passes 10 MiB and a JSON
 * body once it passes 1 MiB (413 `{"detail": …}`); a declared Content-Length over the limit is refused before any of
 * the body is read. FastAPI itself reads everything
 * (docs/decisions/fastapi-behaviour.md#deliberate-differences).
 */
import { Agent, type ClientRequest, request } from "node:http";
import { as } from "../support/client.js";
import { beforeAll, describe, expect, IN_PROCESS, it, MOCK } from "../support/harness.js";
import { sendRaw } from "../support/raw-http.js";
import { createProject } from "../support/simulations.js";
import { newCaller, useTarget } from "../support/target.js";

const MIB = 1024 * 1024;
const FILE_LIMIT = 10 * MIB;
const JSON_LIMIT = MIB;
const FILE_TOO_LARGE = '{"detail":"File is larger than the limit of 10 MiB (10485760 bytes); upload a smaller file."}';
const JSON_TOO_LARGE =
  '{"detail":"Request body is larger than the limit of 1 MiB (1048576 bytes) for JSON; send a smaller body."}';

const target = useTarget();

const BOUNDARY = "limits-boundary";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const fileHead = (name = "big.md") =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`;
const fileTail = `\r\n--${BOUNDARY}--\r\n`;

interface Streamed {
  status: number;
  body: string;
  /** Body bytes the client managed to hand to its socket before it had the answer. */
  written: number;
  /** Largest growth of this process's resident memory while the request ran. */
  rssGrowth: number;
}

/**
 * POSTs `total` bytes (a head, then `x` filler) from a generator over a real socket, chunked unless `declare` sets
 * a Content-Length, stopping as soon as the answer arrives; samples the process's RSS meanwhile.
 */
function streamUpload(
  path: string,
  headers: Record<string, string>,
  head: string,
  total: number,
  declare: boolean,
): Promise<Streamed> {
  const { hostname, port } = new URL(target.baseUrl);
  const agent = new Agent({ keepAlive: true });
  const filler = Buffer.alloc(MIB, "x");
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req: ClientRequest = request(
      {
        hostname,
        port,
        path,
        method: "POST",
        agent,
        headers: declare ? { ...headers, "content-length": String(total) } : headers,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          clearInterval(sampler);
          peak = Math.max(peak, process.memoryUsage().rss);
          req.destroy();
          agent.destroy();
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            written,
            rssGrowth: peak - baseline,
          });
        });
      },
    );
    req.on("error", (error) => {
      if (!answered) {
        clearInterval(sampler);
        reject(error);
      }
    });
    const pump = () => {
      while (!answered && written < total) {
        const chunk = written === 0 ? Buffer.from(head) : filler.subarray(0, Math.min(MIB, total - written));
        written += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** The artefact upload path of a new round in a new project of the caller. */
async function uploadPath(auth: string): Promise<string> {
  const project = (await createProject(target, auth, { name: "Limits" })).id;
  const round = await as(target, auth).post(`/v1/projects/${project}/rounds`, {});
  return `/v1/projects/${project}/rounds/${round.body.id}/artefact/file`;
}

describe("artefact uploads", { ...MOCK, rules: ["MOCK-LIMITS"] }, () => {
  const auth = newCaller();
  let path = "";
  beforeAll(async () => {
    path = await uploadPath(auth);
  });

  const rawUpload = (contentLength: number, body = "") =>
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nhost: x\r\nauthorization: ${auth}\r\ncontent-type: ${MULTIPART}\r\n` +
        `content-length: ${contentLength}\r\nconnection: close\r\n\r\n${body}`,
    );

  it("should answer 413 to a declared 4 GiB upload at once, before any of it is sent", async () => {
    const res = await sendRaw(target.baseUrl, rawUpload(Math.floor(4.1 * 1024 * MIB)));
    expect(res.status).toBe(413);
    expect(res.text).toBe(FILE_TOO_LARGE);
  });

  it("should answer 413 to a declared length just over the file plus its envelope", async () => {
    const res = await sendRaw(target.baseUrl, rawUpload(FILE_LIMIT + 64 * 1024 + 1));
    expect(res.status).toBe(413);
  });

  it("should accept a file of exactly 10 MiB and refuse one byte more with 413", async () => {
    const exact = Buffer.concat([Buffer.from(fileHead()), Buffer.alloc(FILE_LIMIT, "a"), Buffer.from(fileTail)]);
    const ok = await as(target, auth).post(path).set("content-type", MULTIPART).send(exact);
    expect(ok.status).toBe(200);
    expect(ok.body.artefact_name).toBe("big.md");
    const over = Buffer.concat([Buffer.from(fileHead()), Buffer.alloc(FILE_LIMIT + 1, "a"), Buffer.from(fileTail)]);
    const refused = await as(target, auth).post(path).set("content-type", MULTIPART).send(over);
    expect(refused.status).toBe(413);
    expect(refused.text).toBe(FILE_TOO_LARGE);
  });
});

describe("memory while a 1 GiB upload arrives", { ...IN_PROCESS, rules: ["MOCK-LIMITS"] }, () => {
  const auth = newCaller();
  let path = "";
  beforeAll(async () => {
    path = await uploadPath(auth);
  });

  for (const declare of [false, true]) {
    it(`should stop reading a 1 GiB ${declare ? "Content-Length" : "chunked"} upload near the limit, with RSS growth under 64 MB`, {
      timeout: 60_000,
    }, async () => {
      const res = await streamUpload(
        path,
        { authorization: auth, "content-type": MULTIPART },
        fileHead(),
        1024 * MIB,
        declare,
      );
      expect(res.status).toBe(413);
      expect(res.body).toBe(FILE_TOO_LARGE);
      // What the client got into its socket before the answer: the limit plus the sockets' buffers, not a gigabyte.
      expect(res.written).toBeLessThan(FILE_LIMIT + 64 * MIB);
      expect(res.rssGrowth).toBeLessThan(64 * 1000 * 1000);
    });
  }
});

describe("JSON bodies", { ...MOCK, rules: ["MOCK-LIMITS"] }, () => {
  const context = (bodyLength: number) => {
    const text = JSON.stringify({ name: "Big", body: "" });
    return JSON.stringify({ name: "Big", body: "b".repeat(bodyLength - text.length) });
  };

  it("should accept a JSON body of exactly 1 MiB", async () => {
    const body = context(JSON_LIMIT);
    expect(Buffer.byteLength(body)).toBe(JSON_LIMIT);
    const res = await as(target, newCaller()).post("/v1/contexts").set("content-type", "application/json").send(body);
    expect(res.status).toBe(201);
  });

  it("should answer 413 to a JSON body one byte over 1 MiB", async () => {
    const res = await as(target, newCaller())
      .post("/v1/contexts")
      .set("content-type", "application/json")
      .send(context(JSON_LIMIT + 1));
    expect(res.status).toBe(413);
    expect(res.text).toBe(JSON_TOO_LARGE);
    expect(res.headers["content-type"]).toBe("application/json");
  });

  it("should answer 413 to a declared 20 MB JSON body before reading it", async () => {
    const res = await sendRaw(
      target.baseUrl,
      Buffer.from(
        `POST /v1/contexts HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${20 * 1000 * 1000}\r\nconnection: close\r\n\r\n{"name":`,
      ),
    );
    expect(res.status).toBe(413);
    expect(res.text).toBe(JSON_TOO_LARGE);
  });

  it("should stop reading a chunked JSON body once it passes 1 MiB and answer 413", { timeout: 60_000 }, async () => {
    const res = await streamUpload(
      "/v1/contexts",
      { authorization: newCaller(), "content-type": "application/json" },
      '{"name":"Big","body":"',
      256 * MIB,
      false,
    );
    expect(res.status).toBe(413);
    expect(res.body).toBe(JSON_TOO_LARGE);
    expect(res.written).toBeLessThan(JSON_LIMIT + 64 * MIB);
  });

  it("should keep answering after refusing a large body", async () => {
    const auth = newCaller();
    await as(target, auth)
      .post("/v1/contexts")
      .set("content-type", "application/json")
      .send(context(2 * JSON_LIMIT));
    const res = await as(target, auth).post("/v1/contexts", { name: "Small", body: "fits" });
    expect(res.status).toBe(201);
  });
});
