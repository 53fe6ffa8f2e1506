/**
 * The request journal shows the path a client sent, the one routed (served over HTTP the mock routes the raw path, as
 * uvicorn does), not the path the URL parser would make of it: a filter on `path` finds what the client sent.
 */
import { describe, expect, it, MOCK } from "../support/harness.js";
import { sendRaw } from "../support/raw-http.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget();

describe("journal paths", { ...MOCK, rules: ["MOCK-CONTROL-API"], needs: ["control:journal"] }, () => {
  it("should record and filter the path as sent, dot segments and escapes kept", async () => {
    const token = newCaller().replace(/^Bearer /, "");
    const dotted = "/v1/simulations/../user-models";
    const sent = [dotted, "/v1/x/./%2e%2E/user-models"];
    for (const path of sent) {
      const request = `GET ${path}?limit=1 HTTP/1.1\r\nhost: x\r\nauthorization: ${token}\r\nconnection: close\r\n\r\n`;
      expect((await sendRaw(target.baseUrl, Buffer.from(request))).status, path).toBe(404);
    }
    const journal = await target.http().get("/__mock/requests").query({ caller: token }).expect(200);
    expect(journal.body.requests.map((e: { path: string; status: number }) => [e.path, e.status])).toEqual(
      sent.map((path) => [path, 404]),
    );
    expect(journal.body.requests[0].query).toEqual({ limit: "1" });
    const bySent = await target.http().get("/__mock/requests").query({ caller: token, path: dotted });
    expect(bySent.body.requests).toHaveLength(1);
    // The client never asked for the resolved path.
    const resolved = await target.http().get("/__mock/requests").query({ caller: token, path: "/v1/user-models" });
    expect(resolved.body.requests).toEqual([]);
  });
});
