import { describe, expect, it } from "vitest";
import { Collection, IdList, NO_CHANGES, RECENT_BYTES, Unparsed } from "./collection.js";

interface Item {
  id: string;
  owner: string;
}

/** Stored JSON text the way a loaded file holds it, counting how often it is parsed. */
function stored(records: Array<[Item, Record<string, string | null> | null]>) {
  let parses = 0;
  const text = records.map(([record]) => JSON.stringify(record)).join("\n");
  const bytes = {
    toString: (_encoding: "utf8", start: number, end: number) => {
      parses++;
      return text.slice(start, end);
    },
  };
  const byId = new Map<string, Item | Unparsed>();
  let start = 0;
  for (const [record, keys] of records) {
    const end = start + JSON.stringify(record).length;
    byId.set(record.id, new Unparsed(keys, bytes, start, end));
    start = end + 1;
  }
  return { byId, parses: () => parses };
}

describe("a collection loaded from storage", () => {
  it("should index records by their stored keys and parse each only when it is first read", () => {
    const { byId, parses } = stored([
      [{ id: "a", owner: "ann" }, { owner: "ann" }],
      [{ id: "b", owner: "bob" }, { owner: "bob" }],
      [{ id: "c", owner: "ann" }, { owner: "ann" }],
    ]);
    const items = new Collection<Item, "owner">("items", byId, NO_CHANGES, { owner: (r) => r.owner });
    expect(parses()).toBe(0);
    expect(items.idsBy("owner", "ann")).toEqual(["a", "c"]);
    expect(parses()).toBe(0);
    expect(items.get("c")).toEqual({ id: "c", owner: "ann" });
    expect(items.get("c")).toBe(items.get("c"));
    expect(parses()).toBe(1);
    expect(items.listBy("owner", "bob")).toEqual([{ id: "b", owner: "bob" }]);
    expect(parses()).toBe(2);
  });

  it("should keep only the most recently read records parsed, so reading every record once leaves few behind", () => {
    const records = Array.from({ length: 2_200 }, (_, i): [Item, Record<string, string>] => [
      { id: `r${i}`, owner: "ann" },
      { owner: "ann" },
    ]);
    const { byId, parses } = stored(records);
    const items = new Collection<Item, "owner">("items", byId, NO_CHANGES, { owner: (r) => r.owner });
    const first = items.get("r0");
    for (const [record] of records.slice(1, 500)) items.get(record.id);
    expect(items.get("r0")).toBe(first); // read again soon: the same object, not parsed again
    expect(parses()).toBe(500);
    for (const [record] of records.slice(500)) items.get(record.id);
    expect(parses()).toBe(2_200);
    const again = items.get("r0"); // read long ago: parsed again from storage
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(parses()).toBe(2_201);
    expect(byId.get("r0")).toBeInstanceOf(Unparsed);
  });

  it("should keep parsed no more than RECENT_BYTES of stored JSON, however few the records (large contexts)", () => {
    interface Big extends Item {
      body: string;
    }
    const body = "x".repeat(1024 * 1024);
    const records = Array.from({ length: 40 }, (_, i): [Item, Record<string, string>] => [
      { id: `r${i}`, owner: "ann", body } as Big,
      { owner: "ann" },
    ]);
    const { byId } = stored(records);
    const items = new Collection<Item, "owner">("items", byId, NO_CHANGES, { owner: (r) => r.owner });
    expect(items.listBy("owner", "ann")).toHaveLength(40);
    expect(items.recentBytes).toBeLessThanOrEqual(RECENT_BYTES);
    expect(items.recentBytes).toBeGreaterThan(RECENT_BYTES - 2 * body.length);
    const last = items.get("r39");
    expect(items.get("r39")).toBe(last); // the latest stays parsed
    items.delete("r39");
    items.delete("r38");
    expect(items.recentBytes).toBeLessThanOrEqual(RECENT_BYTES - 2 * body.length);
    // A record written over is no longer the stored JSON: its bytes leave the count too.
    const before = items.recentBytes;
    items.get("r37");
    items.put({ id: "r37", owner: "ann" });
    expect(items.recentBytes).toBeLessThanOrEqual(before - body.length);
  });

  it("should parse a record to index it when its keys were not stored (older files, a new index)", () => {
    const { byId, parses } = stored([
      [{ id: "a", owner: "ann" }, null],
      [{ id: "b", owner: "bob" }, { other: "x" }],
    ]);
    const items = new Collection<Item, "owner">("items", byId, NO_CHANGES, { owner: (r) => r.owner });
    expect(parses()).toBe(2);
    expect(items.idsBy("owner", "bob")).toEqual(["b"]);
    expect(items.indexKeys({ id: "z", owner: "zed" })).toEqual({ owner: "zed" });
  });
});

describe("an index key's ids", () => {
  it("should keep insertion order without duplicates, from either end, across removals", () => {
    const list = new IdList();
    const ids = Array.from({ length: 40 }, (_, i) => `id${i}`); // past the size where positions are indexed
    for (const id of ids) list.add(id);
    list.add("id3");
    for (const id of ids.filter((_, i) => i % 3 === 0)) expect(list.delete(id)).toBe(true);
    expect(list.delete("id0")).toBe(false);
    list.add("id0");
    const expected = [...ids.filter((_, i) => i % 3 !== 0), "id0"];
    expect([...list]).toEqual(expected);
    expect([...list.newestFirst()]).toEqual([...expected].reverse());
    expect(list.size).toBe(expected.length);
    for (const id of expected) list.delete(id);
    expect(list.size).toBe(0);
    expect([...list.newestFirst()]).toEqual([]);
  });

  it("should list a key's newest records first and follow records that move to another key", () => {
    const items = new Collection<Item, "owner">("items", new Map(), NO_CHANGES, { owner: (r) => r.owner });
    for (let i = 0; i < 30; i++) items.put({ id: `s${i}`, owner: i % 2 ? "ann" : "bob" });
    items.put({ id: "s29", owner: "bob" });
    items.delete("s27");
    const newest = [...items.newestIdsBy("owner", "ann")].slice(0, 3);
    expect(newest).toEqual(["s25", "s23", "s21"]);
    expect([...items.newestIdsBy("owner", "bob")].slice(0, 2)).toEqual(["s29", "s28"]);
    expect([...items.newestIdsBy("owner", "nobody")]).toEqual([]);
  });
});
