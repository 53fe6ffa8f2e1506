/**
 * The /docs page sends "Try it" requests and writes its code samples for the server of the document it loads
 * (/openapi.json). That server must be the mock the page came from, whatever port or host it runs on, never the
 * default 127.0.0.1:4010 (another mock, or nothing).
 */
import { describe, expect, it, MOCK } from "../support/harness.js";
import { useTarget } from "../support/target.js";

const target = useTarget();

describe("the served document's server is the mock it came from", {
  ...MOCK,
  rules: ["MOCK-SERVING"],
  readOnly: true,
}, () => {
  it("should name the address the document was fetched from", async () => {
    const res = await target.http().get("/openapi.json").expect(200);
    expect(res.body.servers).toEqual([{ url: target.baseUrl, description: expect.any(String) }]);
  });

  it("should load that document in the /docs page, by a URL relative to the page", async () => {
    const res = await target.http().get("/docs").expect(200);
    expect(res.text).toContain('"/openapi.json"');
    expect(res.text).not.toContain(":4010");
  });

  it("should give the /docs page a favicon of its own (no /favicon.ico, a 404, asked for)", async () => {
    const page = await target.http().get("/docs").expect(200);
    expect(page.text).toContain('"/docs/favicon.svg"');
    const icon = await target.http().get("/docs/favicon.svg").expect(200);
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
  });
});
