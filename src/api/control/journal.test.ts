import { describe, expect, it } from "vitest";
import { BodyRing, MAX_RECORDED_BODY, parseInSentOrder, type Recorded, RequestJournal } from "./journal.js";

function entry(journal: RequestJournal, n: number, text = `{"n":${n}}`): Recorded {
  return {
    id: 0,
    at: Date.parse("2026-01-01T00:00:00Z") + n,
    method: "GET",
    path: "/v1/simulations",
    url: `http://mock.test/v1/simulations?n=${n}`,
    authorization: "Bearer ann@acme",
    template: "/v1/simulations",
    requestType: undefined,
    requestBody: undefined,
    status: 200,
    responseType: "application/json",
    responseBody: journal.bodies.writeText(text),
    ms: 1,
    applied: undefined,
    fault: undefined,
  };
}

describe("RequestJournal", () => {
  it("should keep the last `capacity` entries, oldest first", () => {
    const journal = new RequestJournal(3);
    for (let n = 1; n <= 5; n++) journal.record(entry(journal, n));
    expect(journal.list().map((e) => e.response_body)).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }]);
    expect(journal.list({ limit: 1 }).map((e) => e.id)).toEqual([5]);
    expect(journal.list({ since: "2026-01-01T00:00:00.004Z" }).map((e) => e.id)).toEqual([4, 5]);
    expect(journal.list({ organisation: "acme", caller: "ann@acme" })).toHaveLength(3);
    expect(journal.list({ organisation: "globex" })).toEqual([]);
  });

  it("should write a request without authorization's caller as the filter finds it: empty, not null", () => {
    const journal = new RequestJournal(3);
    journal.record({ ...entry(journal, 1), authorization: undefined });
    const [anonymous] = journal.list({ caller: "" });
    expect(anonymous?.caller).toBe("");
    expect(anonymous?.organisation).toBeNull();
  });

  it("should read since as the route does (id, else a date-time, a naive one UTC) and refuse anything else", () => {
    const journal = new RequestJournal(10);
    for (let n = 1; n <= 5; n++) journal.record(entry(journal, n));
    expect(journal.list({ since: " 3 " }).map((e) => e.id)).toEqual([4, 5]);
    expect(journal.list({ since: "2026-01-01 00:00:00.0031" }).map((e) => e.id)).toEqual([4, 5]);
    expect(journal.list({ since: "2026-01-01T01:00:00.003+01:00" }).map((e) => e.id)).toEqual([3, 4, 5]);
    for (const since of ["garbage", "", "2026-01-01T00:00:00+25:00"]) {
      expect(() => journal.list({ since }), since).toThrow(RangeError);
      expect(() => journal.count({ since }), since).toThrow(RangeError);
    }
  });

  it("should keep bodies in a fixed buffer: a body written over says so, the rest of its entry stays", () => {
    const journal = new RequestJournal(100, 64);
    for (let n = 1; n <= 10; n++) journal.record(entry(journal, n, `{"n":${n},"pad":"${"x".repeat(10)}"}`));
    const entries = journal.list();
    expect(entries).toHaveLength(10);
    expect(entries[0]?.response_body).toMatch(/^\(not kept/);
    expect(entries[0]?.status).toBe(200);
    expect(entries.at(-1)?.response_body).toEqual({ n: 10, pad: "x".repeat(10) });
  });

  it("should show a body too large to record as its size", () => {
    const journal = new RequestJournal(1);
    journal.record(entry(journal, 1, "y".repeat(MAX_RECORDED_BODY + 1)));
    expect(journal.list()[0]?.response_body).toBe(`(${MAX_RECORDED_BODY + 1} bytes, not recorded)`);
  });
});

describe("BodyRing", () => {
  it("should read back what it wrote, UTF-8 included, until it has come round to it again", () => {
    const ring = new BodyRing(16);
    const first = ring.writeText("Grüße");
    expect(ring.read(first as { at: number; length: number })).toBe("Grüße");
    const second = ring.writeBytes(new TextEncoder().encode("0123456789"));
    expect(ring.read(second as { at: number; length: number })).toBe("0123456789");
    ring.writeText("abc");
    expect(ring.read(first as { at: number; length: number })).toBeUndefined();
    expect(ring.read(second as { at: number; length: number })).toBe("0123456789");
  });

  it("should forget every body on clear, and read back what is written after it, mid-lap or not", () => {
    const ring = new BodyRing(16);
    const before = ring.writeText("01234") as { at: number; length: number };
    ring.clear();
    expect(ring.read(before)).toBeUndefined();
    const text = ring.writeText("abc") as { at: number; length: number };
    const bytes = ring.writeBytes(new TextEncoder().encode("defgh")) as { at: number; length: number };
    expect([ring.read(text), ring.read(bytes)]).toEqual(["abc", "defgh"]);
    ring.clear();
    ring.clear();
    const again = ring.writeText("xyz") as { at: number; length: number };
    expect([ring.read(text), ring.read(again)]).toEqual([undefined, "xyz"]);
  });

  it("should copy shared bytes once while the ring holds the copy, and again once it is written over", () => {
    const ring = new BodyRing(16);
    const answer = new TextEncoder().encode("abcde");
    const first = ring.writeShared(answer) as { at: number; length: number };
    expect(ring.writeShared(answer)).toBe(first); // no second copy
    ring.writeText("0123456789"); // 15 of 16 bytes used: the copy is still there
    expect(ring.writeShared(answer)).toBe(first);
    ring.writeText("xyz"); // a new lap: "xyz" is written over the copy
    const second = ring.writeShared(answer) as { at: number; length: number };
    expect(second).not.toBe(first);
    expect([ring.read(first), ring.read(second)]).toEqual([undefined, "abcde"]);
    ring.clear();
    const third = ring.writeShared(answer) as { at: number; length: number };
    expect(third).not.toBe(second);
    expect(ring.read(third)).toBe("abcde");
  });
});

describe("parseInSentOrder", () => {
  it("should read a recorded body's objects with their keys in the order of the text", () => {
    const text = '{"b":1,"2":2,"list":[{"z":null,"10":1.5,"1":"x"}],"big":12345678901234567890}';
    expect(JSON.stringify(parseInSentOrder(text))).toBe(
      '{"b":1,"2":2,"list":[{"z":null,"10":1.5,"1":"x"}],"big":12345678901234567000}',
    );
  });

  it("should read what JSON.parse reads and refuse what it refuses", () => {
    for (const text of ['{"a":[1,{"b":true}]}', '"text"', "[]", '{"a":1,"a":2,"1":0}'])
      expect(parseInSentOrder(text), text).toEqual(JSON.parse(text));
    for (const text of ['{"1":NaN}', "{", '{"1":1} x']) expect(() => parseInSentOrder(text), text).toThrow(SyntaxError);
  });
});
