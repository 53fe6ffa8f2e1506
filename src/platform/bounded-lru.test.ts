import { describe, expect, it } from "vitest";
import { BoundedLru } from "./bounded-lru.js";

describe("BoundedLru", () => {
  it("should forget the least recently set or read entry past its entry count", () => {
    const lru = new BoundedLru<string>(2, 100);
    lru.set("a", "A", 1);
    lru.set("b", "B", 1);
    expect(lru.get("a")).toBe("A");
    lru.set("c", "C", 1);
    expect(lru.get("b")).toBeUndefined();
    expect([lru.get("a"), lru.get("c")]).toEqual(["A", "C"]);
    expect(lru.weight).toBe(2);
  });

  it("should forget the least recent entries past its weight, keeping the most recent whatever its weight", () => {
    const lru = new BoundedLru<string>(10, 10);
    lru.set("a", "A", 4);
    lru.set("b", "B", 4);
    lru.set("c", "C", 4);
    expect(lru.get("a")).toBeUndefined();
    expect(lru.weight).toBe(8);
    lru.set("huge", "H", 50);
    expect([lru.get("b"), lru.get("c"), lru.get("huge")]).toEqual([undefined, undefined, "H"]);
    expect(lru.weight).toBe(50);
  });

  it("should count a replaced entry's weight once", () => {
    const lru = new BoundedLru<string>(10, 100);
    lru.set("a", "A", 30);
    lru.set("a", "A2", 20);
    expect(lru.get("a")).toBe("A2");
    expect(lru.weight).toBe(20);
  });

  it("should peek without making an entry the most recent, and delete or clear entries with their weights", () => {
    const lru = new BoundedLru<string>(2, 100);
    lru.set("a", "A", 5);
    lru.set("b", "B", 7);
    expect(lru.peek("a")).toBe("A");
    lru.set("c", "C", 1);
    expect(lru.peek("a")).toBeUndefined();
    lru.delete("b");
    expect([lru.peek("b"), lru.weight]).toEqual([undefined, 1]);
    lru.clear();
    expect([lru.peek("c"), lru.weight]).toEqual([undefined, 0]);
  });
});
