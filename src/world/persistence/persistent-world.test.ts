import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openPersistence, type Persistence } from "./persistent-world.js";

let dir: string;
let file: string;
const opened: Persistence[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-world-"));
  file = path.join(dir, "world.json");
});

afterEach(async () => {
  for (const p of opened.splice(0)) await p.close().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openTracked(...args: Parameters<typeof openPersistence>): Promise<Persistence> {
  const p = await openPersistence(...args);
  opened.push(p);
  return p;
}

function store(p: Persistence, collection: string, id: string, record: unknown) {
  p.collections[collection] ??= new Map();
  p.collections[collection].set(id, record);
  p.changes.put(collection, id, record);
}

async function waitFor(condition: () => boolean, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("openPersistence", () => {
  it("should keep everything in memory without a file", async () => {
    const p = await openTracked(undefined, { collections: ["simulations", "projects"] });
    expect(p.mode).toBe("memory");
    expect(Object.keys(p.collections)).toEqual(["simulations", "projects"]);
    store(p, "simulations", "s1", { id: "s1" });
    expect(p.changes.size).toBe(0);
    await p.flush();
    await p.close();
    expect(p.stats()).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("should flush pending changes on the interval", async () => {
    const p = await openTracked(file, { flushIntervalMs: 10 });
    expect(p.mode).toBe("file");
    store(p, "simulations", "s1", { id: "s1" });
    await waitFor(() => p.stats()?.flushes === 1);
    expect(p.changes.size).toBe(0);
    expect(fs.readFileSync(`${file}.journal-1.jsonl`, "utf8")).toContain('"s1"');
  });

  it("should not write when nothing changed", async () => {
    const p = await openTracked(file, { flushIntervalMs: 5 });
    store(p, "a", "1", 1);
    await p.flush();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(p.stats()?.flushes).toBe(1);
  });

  it("should flush on close and reload the world with the named collections", async () => {
    const p = await openTracked(file, { flushIntervalMs: 60_000, collections: ["simulations", "jobs"] });
    store(p, "simulations", "s1", { id: "s1", name: "kept" });
    store(p, "simulations", "s2", { id: "s2" });
    p.collections.simulations?.delete("s2");
    p.changes.delete("simulations", "s2");
    await Promise.all([p.close(), p.close()]);

    const again = await openTracked(file, { collections: ["simulations", "jobs"] });
    expect(again.collections.simulations).toEqual(new Map([["s1", { id: "s1", name: "kept" }]]));
    expect(again.collections.jobs).toEqual(new Map());
  });

  it("should let the interval retry after a failed flush", async () => {
    const errors: unknown[] = [];
    const p = await openTracked(file, { flushIntervalMs: 5, onError: (error) => errors.push(error) });
    fs.mkdirSync(`${file}.journal-1.jsonl`);
    store(p, "a", "1", { v: 1 });
    await waitFor(() => errors.length > 0 && p.stats()?.flushes === 1);
    expect(p.changes.size).toBe(0);
    await p.close();
    fs.rmdirSync(`${file}.journal-1.jsonl`);
    const again = await openTracked(file);
    expect(again.collections.a).toEqual(new Map([["1", { v: 1 }]]));
  });
});
