/**
 * CORS as a frontend on a dev server meets it: `--cors-origin` takes a list written the way people write lists, and
 * the headers the API sends for scripts to read (Deprecation, Link, Retry-After) are exposed to them.
 */
import { describe, expect, IN_PROCESS, it } from "../support/harness.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget({ corsOrigin: "http://a.test, http://b.test:5173/" });

describe("--cors-origin with a list of origins", { ...IN_PROCESS, rules: ["MOCK-SERVING"], readOnly: true }, () => {
  for (const origin of ["http://a.test", "http://b.test:5173"]) {
    it(`should allow ${origin}`, async () => {
      const res = await target.http().get("/v1/simulations").set("authorization", newCaller()).set("origin", origin);
      expect(res.headers["access-control-allow-origin"]).toBe(origin);
    });
  }

  it("should answer a preflight from a listed origin", async () => {
    const res = await target
      .http()
      .options("/v1/projects")
      .set("origin", "http://b.test:5173")
      .set("access-control-request-method", "POST")
      .set("access-control-request-headers", "authorization, content-type");
    // Starlette's CORSMiddleware answers a preflight itself: 200 text "OK".
    expect(res.status).toBe(200);
    expect(res.text).toBe("OK");
    expect(res.headers["access-control-allow-origin"]).toBe("http://b.test:5173");
  });

  it("should not allow an origin that is not listed", async () => {
    const res = await target.http().get("/v1/simulations").set("origin", "http://c.test");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("should let scripts read Deprecation, Link and Retry-After", async () => {
    const res = await target
      .http()
      .post("/v1/answers")
      .set("authorization", newCaller())
      .set("origin", "http://a.test")
      .send({});
    expect(res.headers.deprecation).toBe("true");
    const exposed = (res.headers["access-control-expose-headers"] ?? "").toLowerCase().split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(["deprecation", "link", "retry-after"]));
  });
});
