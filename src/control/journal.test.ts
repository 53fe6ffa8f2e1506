import { describe, expect, it } from "vitest";
import { MAX_RECORDED_BODY, MAX_RECORDED_BYTES, RequestJournal } from "./journal.js";

function entry(n: number, responseText: string | number | undefined = `{"n":${n}}`) {
  return {
    at: Date.parse("2026-01-01T00:00:00Z") + n,
    method: "GET",
    url: `http://mock.test/v1/simulations?n=${n}`,
    authorization: "Bearer ann@acme",
    template: "/v1/simulations",
    requestType: undefined,
    requestBody: undefined,
    status: 200,
    responseType: "application/json",
    responseText,
    ms: 1,
    applied: undefined,
    fault: undefined,
  };
}

describe("RequestJournal", () => {
  it("should keep the last `capacity` entries, oldest first", () => {
    const journal = new RequestJournal(3);
    for (let n = 1; n <= 5; n++) journal.record(entry(n));
    expect(journal.list().map((e) => e.response_body)).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }]);
    expect(journal.list({ limit: 1 }).map((e) => e.id)).toEqual([5]);
    expect(journal.list({ since: "2026-01-01T00:00:00.004Z" }).map((e) => e.id)).toEqual([4, 5]);
    expect(journal.list({ organisation: "acme", caller: "ann@acme" })).toHaveLength(3);
    expect(journal.list({ organisation: "globex" })).toEqual([]);
  });

  it("should stay within its byte budget whatever the bodies, dropping the oldest entries first", () => {
    const journal = new RequestJournal(100_000);
    const big = "x".repeat(MAX_RECORDED_BODY);
    const fits = Math.floor(MAX_RECORDED_BYTES / MAX_RECORDED_BODY);
    for (let n = 0; n < fits + 10; n++) journal.record(entry(n, big));
    expect(journal.size).toBe(fits);
    expect(journal.list({ limit: 1 })[0]?.id).toBe(fits + 10);
  });

  it("should show a body too large to record as its size", () => {
    const journal = new RequestJournal(1);
    journal.record(entry(1, MAX_RECORDED_BODY + 1));
    expect(journal.list()[0]?.response_body).toBe(`(${MAX_RECORDED_BODY + 1} bytes, not recorded)`);
  });
});
