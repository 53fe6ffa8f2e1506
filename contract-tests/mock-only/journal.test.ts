/**
 * The request journal's filters. `since` is an entry id or a date-time (mock clock), read as FastAPI reads a query
 * parameter `since: int | datetime`: a value that is neither is a 422 with pydantic's union errors, never a filter
 * that quietly matches every entry. `path` is the path a client sent, the one routed (served over HTTP the mock routes
 * the raw path, as uvicorn does), not the path the URL parser would make of it.
 */
import { describe, expect, it, MOCK } from "../support/harness.js";
import { sendRaw } from "../support/raw-http.js";
import { newCaller, useTarget } from "../support/target.js";

const target = useTarget({ now: "2026-03-01T09:00:00Z" });

describe("journal since", { ...MOCK, rules: ["MOCK-CONTROL-API"], needs: ["control:journal"] }, () => {
  for (const path of ["/__mock/requests", "/__mock/requests/count"]) {
    it(`should refuse a since that is neither an entry id nor a date-time on ${path}`, async () => {
      const res = await target.http().get(path).query({ since: "garbage" }).expect(422);
      expect(res.body).toEqual({
        detail: [
          {
            type: "int_parsing",
            loc: ["query", "since", "int"],
            msg: "Input should be a valid integer, unable to parse string as an integer",
            input: "garbage",
          },
          {
            type: "datetime_from_date_parsing",
            loc: ["query", "since", "datetime"],
            msg: "Input should be a valid datetime or date, input is too short",
            input: "garbage",
            ctx: { error: "input is too short" },
          },
        ],
      });
    });
  }

  it("should give speedate's reason for a malformed date-time, and refuse an empty since", async () => {
    const month = await target.http().get("/__mock/requests").query({ since: "2026-13-01T00:00:00Z" }).expect(422);
    expect(month.body.detail[1]).toMatchObject({
      type: "datetime_from_date_parsing",
      msg: "Input should be a valid datetime or date, month value is outside expected range of 1-12",
    });
    const extra = await target.http().get("/__mock/requests").query({ since: "2026-03-01T09:00:00+25:00" });
    expect(extra.body.detail[1].ctx).toEqual({ error: "unexpected extra characters at the end of the input" });
    await target.http().get("/__mock/requests/count").query({ since: "" }).expect(422);
  });

  it("should take an id, a zoned or naive (UTC) date-time, and a bare date", async () => {
    const token = newCaller().replace(/^Bearer /, "");
    await target.http().get("/v1/user-models").set("authorization", `Bearer ${token}`).expect(200);
    const count = async (since: string) =>
      (await target.http().get("/__mock/requests/count").query({ caller: token, since }).expect(200)).body.count;
    const [entry] = (await target.http().get("/__mock/requests").query({ caller: token }).expect(200)).body.requests;
    const at = Date.parse(entry.at);
    expect(await count(String(entry.id - 1))).toBe(1);
    expect(await count(String(entry.id))).toBe(0);
    expect(await count(new Date(at).toISOString())).toBe(1);
    expect(await count(new Date(at + 1).toISOString())).toBe(0);
    // Naive date-times are on the mock clock's UTC timeline; +01:00 is an hour earlier in UTC.
    expect(await count(new Date(at + 1).toISOString().replace("Z", ""))).toBe(0);
    expect(await count(new Date(at + 1).toISOString().replace(/\.\d+Z$/, "+01:00"))).toBe(1);
    expect(await count(entry.at.slice(0, 10))).toBe(1);
  });
});

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
