import { describe, expect, it } from "vitest";
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

  it("should be empty after drain", () => {
    const log = new ChangeLog();
    log.put("a", "1", 1);
    expect(log.dirty).toBe(true);
    log.drain();
    expect(log.size).toBe(0);
    expect(log.dirty).toBe(false);
    expect(log.drain()).toEqual([]);
  });

  it("should let changes made after a drain win over restored ones", () => {
    const log = new ChangeLog();
    log.put("a", "1", "old-1");
    log.put("a", "2", "old-2");
    const drained = log.drain();
    log.put("a", "1", "new-1");
    log.restore(drained);
    expect(log.size).toBe(2);
    expect(log.drain()).toEqual([
      { kind: "put", collection: "a", id: "1", record: "new-1" },
      { kind: "put", collection: "a", id: "2", record: "old-2" },
    ]);
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
