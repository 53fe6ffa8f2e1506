import { describe, expect, it } from "vitest";
import { WriteFailed } from "../collection.js";
import { ChangeLog } from "./change-log.js";

describe("ChangeLog", () => {
  it("should keep only the last change per (collection, id)", () => {
    const log = new ChangeLog();
    log.put("simulations", "a", { v: 1 });
    log.put("simulations", "a", { v: 2 });
    log.put("projects", "a", { v: 3 });
    log.put("simulations", "b", { v: 4 });
    log.delete("simulations", "b");
    expect(log.size).toBe(3);
    expect(log.drain()).toEqual([
      { kind: "put", collection: "simulations", id: "a", record: { v: 2 } },
      { kind: "delete", collection: "simulations", id: "b" },
      { kind: "put", collection: "projects", id: "a", record: { v: 3 } },
    ]);
  });

  it("should turn delete-then-put into a put", () => {
    const log = new ChangeLog();
    log.delete("jobs", "x");
    log.put("jobs", "x", { back: true });
    expect(log.drain()).toEqual([{ kind: "put", collection: "jobs", id: "x", record: { back: true } }]);
  });

  it("should add the store's write-time stamp to each drained batch that has changes, and to no empty one", () => {
    const log = new ChangeLog();
    let stamps = 0;
    log.stampWith(() => {
      stamps++;
      log.put("clocks", "written", { now_ms: stamps });
    });
    expect(log.drain()).toEqual([]);
    expect(stamps).toBe(0);
    log.put("simulations", "a", { v: 1 });
    expect(log.drain()).toEqual([
      { kind: "put", collection: "simulations", id: "a", record: { v: 1 } },
      { kind: "put", collection: "clocks", id: "written", record: { now_ms: 1 } },
    ]);
    expect(log.size).toBe(0);
  });

  it("should be empty after drain", () => {
    const log = new ChangeLog();
    log.put("a", "1", 1);
    expect(log.dirty).toBe(true);
    log.drain();
    expect(log.size).toBe(0);
    expect(log.dirty).toBe(false);
    expect(log.drain()).toEqual([]);
  });

  it("should answer written() once the drained batch is committed, and not before", async () => {
    const log = new ChangeLog();
    expect(log.written()).toBeUndefined();
    log.put("a", "1", { v: 1 });
    const waiting = log.written();
    let settled = false;
    waiting?.then(() => {
      settled = true;
    });
    const batch = log.drain();
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(log.written()).toBe(waiting);
    log.committed(batch);
    await waiting;
    expect(log.written()).toBeUndefined();
  });

  it("should undo every change not yet written when a write fails, back to what was last written", async () => {
    const log = new ChangeLog();
    const memory = new Map<string, unknown>([["1", "v1"]]);
    log.attach({
      restore: (_collection, id, record) => {
        if (record === undefined) memory.delete(id);
        else memory.set(id, record);
      },
      indexKeys: () => undefined,
    });
    const change = (id: string, record: unknown) => {
      const previous = memory.get(id);
      if (record === undefined) {
        memory.delete(id);
        log.delete("a", id, previous);
      } else {
        memory.set(id, record);
        log.put("a", id, record, previous);
      }
    };
    change("1", "v2");
    log.committed(log.drain()); // "v2" is on disk
    change("1", "v3");
    change("2", "new");
    const writing = log.drain();
    const firstWaiter = log.written();
    change("1", undefined); // made while the batch is written, on top of it
    change("3", "later");
    const secondWaiter = log.written();
    log.failed(new WriteFailed("disk full"));
    expect(memory).toEqual(new Map([["1", "v2"]]));
    expect(log.size).toBe(0);
    await expect(firstWaiter).rejects.toThrow("disk full");
    await expect(secondWaiter).rejects.toThrow("disk full");
    expect(writing).toHaveLength(2);
  });

  it("should tell its owner when the first change after a drain arrives, once", () => {
    const log = new ChangeLog();
    let calls = 0;
    log.onFirstChange = () => calls++;
    log.put("a", "1", 1);
    log.put("a", "2", 2);
    log.put("a", "1", 3);
    expect(calls).toBe(1);
    log.drain();
    log.delete("a", "1");
    expect(calls).toBe(2);
  });

  it("should ignore everything when disabled", () => {
    const log = new ChangeLog({ enabled: false });
    log.put("a", "1", 1);
    log.delete("a", "2");
    expect(log.size).toBe(0);
  });

  it("should reject undefined records and empty names", () => {
    const log = new ChangeLog();
    expect(() => log.put("a", "1", undefined)).toThrow(TypeError);
    expect(() => log.put("", "1", 1)).toThrow(TypeError);
    expect(() => log.delete("a", "")).toThrow(TypeError);
  });
});
