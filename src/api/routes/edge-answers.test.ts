import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { createApp } from "../app.js";

interface Response0 {
  description: string;
  content?: Record<string, { schema: unknown }>;
}
type Paths = Record<string, Record<string, { requestBody?: unknown; responses: Record<string, Response0> }>>;

const document = createApp({ quiet: true }).document() as { paths: Paths };
const ajv = new Ajv2020({ strict: false, allErrors: true });
(formats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema(document, "openapi");

const pointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/** Whether the answer is one the document lists for the operation, with a body its schema takes. */
async function documented(method: string, template: string, response: Response): Promise<string | undefined> {
  const listed = document.paths[template]?.[method]?.responses[String(response.status)];
  if (!listed) return `${method} ${template} does not list ${response.status}`;
  const type = (response.headers.get("content-type") ?? "").split(";")[0] as string;
  if (!listed.content?.[type]) return `${method} ${template} -> ${response.status} lists no ${type} body`;
  const text = await response.text();
  const body = type === "application/json" ? (JSON.parse(text) as unknown) : text;
  const validate = ajv.compile({
    $ref: `openapi#/paths/${pointer(template)}/${method}/responses/${response.status}/content/${pointer(type)}/schema`,
  });
  return validate(body) ? undefined : `${method} ${template} -> ${response.status}: ${ajv.errorsText(validate.errors)}`;
}

const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  new Request(`http://mock.test${path}`, {
    ...init,
    headers: { authorization: "Bearer edge@answers", "content-type": "application/json", ...init.headers },
  });

describe("the answers the edge and the shipped scenarios give, in the OpenAPI document", () => {
  it("should list 401 (--auth required) with its detail body", async () => {
    const app = createApp({ quiet: true, auth: "required" });
    const response = await app.fetch(new Request("http://mock.test/v1/user-models"));
    expect(response.status).toBe(401);
    expect(await documented("get", "/v1/user-models", response)).toBeUndefined();
    app.close();
  });

  it("should list 413 for a JSON body over 1 MiB, and for contexts past --max-context-mb", async () => {
    const app = createApp({ quiet: true, maxContextMb: 1 });
    const big = JSON.stringify({ name: "n", body: "x".repeat(1024 * 1024) });
    const tooLarge = await app.fetch(request("/v1/simulations", { method: "POST", body: big }));
    expect(tooLarge.status).toBe(413);
    expect(await documented("post", "/v1/simulations", tooLarge)).toBeUndefined();
    const fits = JSON.stringify({ name: "n", body: "x".repeat(600 * 1024) });
    await app.fetch(request("/v1/contexts", { method: "POST", body: fits }));
    const past = await app.fetch(request("/v1/contexts", { method: "POST", body: fits }));
    expect(past.status).toBe(413);
    expect(await documented("post", "/v1/contexts", past)).toBeUndefined();
    app.close();
  });

  it("should list the 429 of rate-limited, the 503 of flaky and the plain-text 500 of server-error", async () => {
    const app = createApp({ quiet: true });
    const answers = async (scenario: string, path: string, status: number) => {
      for (let i = 0; i < 200; i++) {
        const response = await app.fetch(request(path, { headers: { "x-mock-scenario": scenario } }));
        if (response.status === status) return response;
      }
      throw new Error(`${scenario} never answered ${status}`);
    };
    expect(await documented("get", "/v1/projects", await answers("rate-limited", "/v1/projects", 429))).toBeUndefined();
    expect(await documented("get", "/v1/populations", await answers("flaky", "/v1/populations", 503))).toBeUndefined();
    const serverError = await answers("server-error", "/v1/simulations", 500);
    expect(await documented("get", "/v1/simulations", serverError)).toBeUndefined();
    app.close();
  });

  it("should list them on every operation they can reach", () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const expected = [
          ...(path.startsWith("/v1/") ? ["429", "500", "503"] : []),
          ...(path.startsWith("/v1/") && !path.startsWith("/v1/public/") ? ["401"] : []),
          ...(operation.requestBody ? ["413", "503"] : []),
        ];
        for (const status of expected) if (!operation.responses[status]) missing.push(`${method} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    // Envelope routes: a failed --db write is refused in the envelope, the edge's 503s are `{"detail"}`.
    const retest = document.paths["/v1/populations/{population_id}/retest"]?.post?.responses["503"];
    expect(JSON.stringify(retest?.content)).toContain("EnvelopeError");
    expect(JSON.stringify(retest?.content)).toContain("HTTPError");
    // The upload's own 413 keeps its words.
    const upload = document.paths["/v1/projects/{project_id}/rounds/{round_id}/artefact/file"]?.post;
    expect(upload?.responses["413"]?.description).toMatch(/^File too large; /);
  });
});
