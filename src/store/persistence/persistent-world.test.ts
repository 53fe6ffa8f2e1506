import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parsed } from "../collection.js";
import { DbUnusable, openPersistence, type Persistence, WriteTrouble } from "./persistent-world.js";

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
  const previous = p.collections[collection].get(id);
  p.collections[collection].set(id, record);
  p.changes.put(collection, id, record, previous);
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

  it("should write the changes of one event-loop turn with one append, before written() settles", async () => {
    const p = await openTracked(file);
    expect(p.mode).toBe("file");
    store(p, "simulations", "s1", { id: "s1" });
    store(p, "simulations", "s2", { id: "s2" });
    const written = p.changes.written();
    expect(written).toBeDefined();
    expect(fs.existsSync(`${file}.journal-1.jsonl`)).toBe(false);
    await written;
    expect(p.stats()?.flushes).toBe(1);
    expect(p.changes.size).toBe(0);
    const journal = fs.readFileSync(`${file}.journal-1.jsonl`, "utf8");
    expect(journal).toContain('"s1"');
    expect(journal).toContain('"s2"');
  });

  it("should not write when nothing changed", async () => {
    const p = await openTracked(file);
    store(p, "a", "1", 1);
    await p.changes.written();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(p.stats()?.flushes).toBe(1);
    expect(p.changes.written()).toBeUndefined();
  });

  it("should flush on close and reload the world with the named collections", async () => {
    const p = await openTracked(file, { collections: ["simulations", "jobs"] });
    store(p, "simulations", "s1", { id: "s1", name: "kept" });
    store(p, "simulations", "s2", { id: "s2" });
    p.collections.simulations?.delete("s2");
    p.changes.delete("simulations", "s2");
    await Promise.all([p.close(), p.close()]);

    const again = await openTracked(file, { collections: ["simulations", "jobs"] });
    expect([...(again.collections.simulations ?? [])].map(([id, value]) => [id, parsed(value)])).toEqual([
      ["s1", { id: "s1", name: "kept" }],
    ]);
    expect(again.collections.jobs).toEqual(new Map());
  });

  it("should reject written() and undo the change when the append fails, say so once, and work again after", async () => {
    const lines: string[] = [];
    const p = await openTracked(file, { log: (line) => lines.push(line), compaction: "manual", troubleQuietMs: 0 });
    const undone: string[] = [];
    p.changes.attach({ restore: (collection, id) => undone.push(`${collection}/${id}`), indexKeys: () => undefined });
    // Journals that cannot be appended to: writes to /dev/full fail with ENOSPC (created after the load, which would
    // read /dev/full's zeros forever).
    fs.symlinkSync("/dev/full", `${file}.journal-1.jsonl`);
    fs.symlinkSync("/dev/full", `${file}.journal-2.jsonl`);
    for (let attempt = 1; attempt <= 2; attempt++) {
      store(p, "a", `${attempt}`, { v: attempt });
      await expect(p.changes.written()).rejects.toThrow(/cannot write the journal \(ENOSPC\)/);
    }
    expect(undone).toEqual(["a/1", "a/2"]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/cannot write the journal \(ENOSPC\).*answered 503/);
    store(p, "a", "3", { v: 3 });
    await p.changes.written();
    await p.flush(); // the log line follows the acknowledgement
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/written again/);
    await p.close();
    // What the failing disk held: journals the appends could not write to (a missing one would be a gap).
    for (const generation of [1, 2]) {
      fs.unlinkSync(`${file}.journal-${generation}.jsonl`);
      fs.writeFileSync(`${file}.journal-${generation}.jsonl`, "");
    }
    const again = await openTracked(file);
    expect([...(again.collections.a ?? [])].map(([id, value]) => [id, parsed(value)])).toEqual([["3", { v: 3 }]]);
  });

  it("should not say writes work again after a turn whose changes a failure undid (nothing was written)", async () => {
    const lines: string[] = [];
    const p = await openTracked(file, { log: (line) => lines.push(line), troubleQuietMs: 0 });
    fs.mkdirSync(`${file}.journal-1.jsonl`); // opening the journal fails with EISDIR
    store(p, "a", "1", { v: 1 });
    const first = p.changes.written();
    await new Promise((resolve) => setImmediate(resolve)); // the first turn's append is under way
    store(p, "a", "2", { v: 2 }); // its failure undoes this one too: the second turn has nothing to write
    const second = p.changes.written();
    await expect(first).rejects.toThrow(/EISDIR/);
    await expect(second).rejects.toThrow(/EISDIR/);
    await p.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/cannot write the journal \(EISDIR\)/);
    fs.rmdirSync(`${file}.journal-1.jsonl`);
    store(p, "a", "3", { v: 3 });
    await p.changes.written();
    await p.flush();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/written again/);
  });

  it("should keep the world in the file a symlink names, also one not written yet, and leave the link a link", async () => {
    const link = path.join(dir, "link.json");
    fs.symlinkSync("world.json", link); // dangling until the first compaction writes world.json
    const viaLink = await openPersistence(link, { compaction: "manual" });
    store(viaLink, "simulations", "s1", { id: "s1" });
    await viaLink.changes.written();
    await expect(openPersistence(file)).rejects.toThrow(/is already open in this process/);
    await viaLink.adapter?.compact();
    await viaLink.close();
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("link.json"))).toEqual(["link.json"]);
    const direct = await openTracked(file);
    expect(direct.collections.simulations?.get("s1")).toBeDefined();
  });

  it("should refuse to start on a path it cannot use, with one line naming --db", async () => {
    await expect(openPersistence(dir)).rejects.toThrow(
      new DbUnusable(dir, "is a folder; give a file in it, e.g. --db state/world.json"),
    );
    const missing = path.join(dir, "nope", "world.json");
    await expect(openPersistence(missing)).rejects.toThrow(
      `--db ${missing}: its folder ${path.dirname(missing)} does not exist`,
    );
    fs.writeFileSync(path.join(dir, "plain"), "");
    const underFile = path.join(dir, "plain", "world.json");
    await expect(openPersistence(underFile)).rejects.toThrow(
      `--db ${underFile}: ${path.join(dir, "plain")} is not a folder`,
    );
    fs.writeFileSync(file, "not json");
    await expect(openPersistence(file)).rejects.toThrow(/^--db .*world\.json: .*is not a bss-mock world snapshot/);
    // JSON.parse quotes the text, newline and all: the one line the command line prints was cut at its quote.
    fs.writeFileSync(file, "garbage\nmore\n");
    await expect(openPersistence(file)).rejects.toThrow(
      new DbUnusable(file, `${file} is not a bss-mock world snapshot: not JSON (it starts "garbage\\nmore\\n")`),
    );
  });
});

describe("WriteTrouble", () => {
  it("should say each change of state once, at most one line per quiet time, and only what still holds", () => {
    const lines: string[] = [];
    let now = 0;
    vi.useFakeTimers({ now: 0 });
    try {
      const trouble = new WriteTrouble(
        (line) => lines.push(`${now}: ${line}`),
        1000,
        () => now,
      );
      trouble.failed("failing");
      trouble.failed("failing again");
      now = 10;
      trouble.worked("works"); // too soon after the last line: held back
      trouble.failed("failing");
      now = 1000;
      vi.advanceTimersByTime(1000);
      expect(lines).toEqual(["0: failing"]); // it failed again before the quiet time was over: nothing to say
      trouble.worked("works");
      now = 1500;
      trouble.failed("failing");
      trouble.worked("works");
      expect(lines).toEqual(["0: failing", "1000: works"]);
      now = 2000;
      trouble.failed("failing at last");
      vi.advanceTimersByTime(1000);
      expect(lines).toEqual(["0: failing", "1000: works", "2000: failing at last"]);
      trouble.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
