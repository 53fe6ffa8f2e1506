/**
 * compactFiles() keeps records as byte ranges of the files instead of parsing them (to keep the worker small). These
 * tests hold it to the parsing implementation: loadWorld() + writeSnapshot() on a copy of the same files must write
 * the same snapshot byte for byte and load the same records. And the version 3 files prove themselves: a line that
 * fails its check refuses a start (with what a repair would drop), and a compaction leaves it out (quarantined).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parsed, Unparsed } from "../collection.js";
import { startCompactionWorker } from "./compact-worker.js";
import {
  checkedLine,
  compactFiles,
  type FsDeps,
  hex8,
  journalHeaderPayload,
  journalPath,
  loadSnapshot,
  loadWorld,
  newCollections,
  type WorldCollections,
  writeSnapshot,
} from "./journal-format.js";
import { repairDb } from "./repair.js";

const deps: FsDeps = { fs, path, zlib };
let dir: string;
let file: string;
/** The number of the last batch the helpers wrote. */
let seq: number;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-journal-format-"));
  fs.mkdirSync(path.join(dir, "db"));
  file = path.join(dir, "db", "world.json");
  seq = 0;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Journal lines exactly as JournalAdapter writes them, without their checksums. */
const recordLine = (collection: string, id: string, record: unknown, keys: unknown = null) =>
  `["put",${JSON.stringify(collection)},${JSON.stringify(id)},${JSON.stringify(keys)}]\t${JSON.stringify(record)}`;
const delLine = (collection: string, id: string) => `["del",${JSON.stringify(collection)},${JSON.stringify(id)}]`;
const line = (payload: string) => `${checkedLine(deps, payload)}\n`;

/**
 * Appends one committed batch to journal `generation`, as the adapter does: a new journal gets its header, and the one
 * before it the line naming it.
 */
function batch(generation: number, payloads: string[], at = file) {
  const journal = journalPath(at, generation);
  if (!fs.existsSync(journal)) {
    const previous = journalPath(at, generation - 1);
    if (fs.existsSync(previous)) fs.appendFileSync(previous, line(`["next",${generation}]`));
    fs.writeFileSync(journal, line(journalHeaderPayload(generation, seq)));
  }
  const lines = payloads.map(line);
  let digest = 0;
  for (const text of lines) digest = zlib.crc32(text.slice(-9, -1), digest);
  seq++;
  fs.appendFileSync(journal, [...lines, line(`["commit",${payloads.length},${seq},"${hex8(digest)}"]`)].join(""));
}

/** Runs the parsing implementation on a copy of the db directory; returns the snapshot it wrote. */
function referenceSnapshot(upTo: number): Buffer {
  const copy = path.join(dir, "reference");
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(path.dirname(file), copy, { recursive: true });
  const copied = path.join(copy, "world.json");
  const world = loadWorld(deps, copied, upTo);
  writeSnapshot(deps, copied, world.collections, upTo, world.seq);
  return fs.readFileSync(copied);
}

/** Non-empty collections, records parsed. */
function records(collections: WorldCollections): Record<string, [string, unknown][]> {
  const out: Record<string, [string, unknown][]> = {};
  for (const name of Object.keys(collections)) {
    const byId = collections[name];
    if (byId?.size) out[name] = [...byId].map(([id, value]) => [id, parsed(value)]);
  }
  return out;
}

const tricky = {
  injection: '"],["put","simulations","x",{}]\n["commit",1]',
  quotes: 'say "hi" \\ back\\slash \\"',
  unicode: "Zoë – «ünïcödé» 日本語 😀 \u2028\u2029 \u0000\u001f",
  loneSurrogates: "\ud800 and \udfff",
  nested: { "]": ["[", "]", { '"': '"' }], "": null, n: -0, big: 1e21, small: 5e-324, t: true },
  __proto__key: JSON.parse('{"__proto__":{"polluted":true}}'),
};

describe("compactFiles", () => {
  it("should write the snapshot the parsing implementation writes, byte for byte", () => {
    batch(1, [
      recordLine("simulations", "a", { id: "a", v: 1, ...tricky }),
      recordLine("simulations", "b", { id: "b", v: 1 }),
      recordLine("simulations", "10", { id: "10" }),
      recordLine("simulations", "2", { id: "2" }),
      recordLine("projects", "p", { id: "p", text: '"],["put"' }),
      recordLine("7", "x", { collection: "integer-like name" }),
    ]);
    batch(1, [
      recordLine("simulations", "a", { id: "a", v: 2, ...tricky }), // last write wins, keeps its position
      delLine("simulations", "b"),
      recordLine("simulations", 'id with "quotes" ],[ and 😀', { ok: "ü" }),
      recordLine("simulations", "__proto__", { id: "__proto__" }),
      delLine("nothing-here", "z"),
    ]);
    batch(2, [
      recordLine("simulations", "b", { id: "b", v: 3 }, { owner: 'o "1" ]\t' }), // re-put after delete: at the end
      delLine("projects", "p"), // collection becomes empty: not written
      recordLine("emptyish", "e", 0),
      recordLine("emptyish", "s", "string record", {}),
      recordLine("emptyish", "n", null),
      recordLine("emptyish", "arr", [1, "two", [3]], { a: null }),
    ]);
    // Not merged: an uncommitted batch and a torn line.
    fs.appendFileSync(
      journalPath(file, 2),
      `${line(recordLine("simulations", "a", { lost: true }))}["put","simulations"`,
    );

    const expected = referenceSnapshot(2);
    const result = compactFiles(deps, file, 2);
    expect(fs.readFileSync(file).equals(expected)).toBe(true);
    expect(result).toMatchObject({
      generation: 2,
      mergedJournals: 2,
      records: 11,
      bytes: expected.length,
      quarantined: [],
    });

    const loaded = loadWorld(deps, file, Number.POSITIVE_INFINITY).collections;
    expect(parsed(loaded.simulations?.get("a"))).toEqual(JSON.parse(JSON.stringify({ id: "a", v: 2, ...tricky })));
    expect(parsed(loaded.simulations?.get("b"))).toEqual({ id: "b", v: 3 });
    expect(loaded.simulations?.get("b")).toMatchObject({ keys: { owner: 'o "1" ]\t' } });
    expect(parsed(loaded.emptyish?.get("n"))).toBeNull();
    expect(loaded.projects).toBeUndefined();
    expect(loaded["nothing-here"]).toBeUndefined();
    const a = parsed(loaded.simulations?.get("a")) as { __proto__key: object };
    expect(Object.getPrototypeOf(a.__proto__key)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    // The snapshot is never the newest file: the next journal, holding only its header, follows it.
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(["world.json", "world.json.journal-3.jsonl"]);
  });

  it("should merge its own snapshot with newer journals as the parsing implementation does", () => {
    const base = newCollections();
    base.simulations = new Map<string, unknown>([
      ["z", { id: "z", text: tricky.injection }],
      ["5", { id: "5" }],
      ["a", { id: "a", ...tricky }],
      ["1", { id: "1" }],
    ]);
    base.empty = new Map();
    base["3"] = new Map([["k", { v: "é" }]]);
    fs.writeFileSync(journalPath(file, 3), "obsolete: generation <= 4, never read\n");
    writeSnapshot(deps, file, base, 4);
    batch(5, [
      recordLine("simulations", "z", { id: "z", v: 2 }),
      delLine("simulations", "5"),
      recordLine("new", "n", {}),
    ]);
    batch(6, [recordLine("simulations", "5", { id: "5", back: true }), delLine("empty", "nothing")]);
    batch(7, [delLine("new", "absent")]);
    batch(8, [recordLine("simulations", "later", {})]); // beyond upTo: kept

    const expected = referenceSnapshot(7);
    const result = compactFiles(deps, file, 7);
    expect(fs.readFileSync(file).equals(expected)).toBe(true);
    expect(result).toMatchObject({ generation: 7, mergedJournals: 4, records: 6 });
    expect(fs.existsSync(journalPath(file, 8))).toBe(true);

    // Again on top of the snapshot compactFiles wrote.
    batch(8, [recordLine("simulations", "a", { id: "a", v: 3 })]);
    const again = referenceSnapshot(8);
    compactFiles(deps, file, 8);
    expect(fs.readFileSync(file).equals(again)).toBe(true);
    const loaded = loadWorld(deps, file, Number.POSITIVE_INFINITY).collections;
    expect([...(loaded.simulations?.keys() ?? [])]).toEqual(["z", "a", "1", "5", "later"]);
  });

  it("should refuse to compact journals whose snapshot is gone rather than write a snapshot of them alone", () => {
    batch(1, [recordLine("simulations", "a", { v: 1 })]);
    compactFiles(deps, file, 1);
    batch(2, [recordLine("simulations", "b", { v: 2 })]);
    fs.rmSync(file); // deleted while the mock runs
    expect(() => compactFiles(deps, file, 2)).toThrow(
      /world\.json\.journal-2\.jsonl continues the snapshot of generation 1, but world\.json does not exist/,
    );
    expect(fs.readdirSync(path.dirname(file))).toEqual(["world.json.journal-2.jsonl"]);
  });

  it("should load a snapshot without parsing its records, and refuse one that lost its end", () => {
    const base = newCollections();
    base.simulations = new Map<string, unknown>([["a", { id: "a", ...tricky }]]);
    writeSnapshot(deps, file, base, 3);
    const loaded = loadSnapshot(deps, file);
    expect(loaded?.generation).toBe(3);
    expect(loaded?.collections.simulations?.get("a")).toBeInstanceOf(Unparsed);
    expect(parsed(loaded?.collections.simulations?.get("a"))).toEqual(
      JSON.parse(JSON.stringify({ id: "a", ...tricky })),
    );
    // The record is read from the file loaded, not from a copy of it in memory, and a compaction's rename over the
    // file does not change what it reads.
    const stored = loaded?.collections.simulations?.get("a");
    expect(stored).toBeInstanceOf(Unparsed);
    expect((stored as Unparsed).bytes).not.toBeInstanceOf(Buffer);
    fs.writeFileSync(`${file}.other`, "replaced");
    fs.renameSync(`${file}.other`, file);
    expect(parsed(loaded?.collections.simulations?.get("a"))).toEqual(
      JSON.parse(JSON.stringify({ id: "a", ...tricky })),
    );
    writeSnapshot(deps, file, base, 3);
    const text = fs.readFileSync(file, "utf8");
    expect(text).toMatch(/\n\["end",1,"[0-9a-f]{8}"\]\t[0-9a-f]{8}\n$/);
    fs.writeFileSync(file, text.slice(0, text.lastIndexOf('["end"')));
    expect(() => loadSnapshot(deps, file)).toThrow(/world\.json has no end line: it was cut short/);
  });

  it("should copy records larger than its buffers", () => {
    const big = { id: "big", text: `${"😀".repeat(300_000)}"],["put"${"x".repeat(1_500_000)}` };
    const base = newCollections();
    base.simulations = new Map([["big", big]]);
    writeSnapshot(deps, file, base, 1);
    batch(2, [recordLine("simulations", "big2", { ...big, id: "big2" }), recordLine("simulations", "s", { v: 1 })]);
    const expected = referenceSnapshot(2);
    compactFiles(deps, file, 2);
    expect(fs.readFileSync(file).equals(expected)).toBe(true);
    // Loading reads the file in chunks too: records across their edges and larger than them come back whole.
    const loaded = loadSnapshot(deps, file)?.collections.simulations;
    expect([...(loaded?.keys() ?? [])]).toEqual(["big", "big2", "s"]);
    expect(parsed(loaded?.get("big2"))).toEqual({ ...big, id: "big2" });
    expect(parsed(loaded?.get("s"))).toEqual({ v: 1 });
  });

  it("should write the same snapshot in the worker thread (run from source)", async () => {
    batch(1, [recordLine("simulations", "a", { id: "a", ...tricky }), recordLine("s", "b", { t: tricky.injection })]);
    batch(2, [delLine("s", "b"), recordLine("simulations", "a", { id: "a", v: 2, u: tricky.unicode })]);
    const expected = referenceSnapshot(2);
    const result = await startCompactionWorker(file, 2).result;
    expect(result).toMatchObject({ generation: 2, records: 1, mergedJournals: 2 });
    expect(fs.readFileSync(file).equals(expected)).toBe(true);
  });
});

describe("damage", () => {
  it("should refuse a line that fails its check, counting what a repair drops; a compaction leaves it out", () => {
    batch(1, [recordLine("simulations", "a", { v: 1 })]);
    batch(1, [recordLine("simulations", "b", { v: 2 }), recordLine("simulations", "c", { v: 3 })]);
    batch(1, [recordLine("simulations", "d", { v: 4 })]);
    const journal = journalPath(file, 1);
    const text = fs.readFileSync(journal, "utf8");
    const flipped = text.replace('{"v":2}', '{"v":7}');
    fs.writeFileSync(journal, flipped);
    const at = text.indexOf('["put","simulations","b"');
    expect(() => loadWorld(deps, file, Number.POSITIVE_INFINITY)).toThrow(
      `world.json.journal-1.jsonl line 4 (byte ${at}): the record simulations/b: its checksum does not match (the line was changed); a repair would drop 1 acknowledged record: \`bss-mock repair --db ${file}\` keeps every other, after copying the damaged files aside; nothing was changed`,
    );
    expect(fs.readFileSync(journal, "utf8")).toBe(flipped);
    // Changed after a start checked it: the compaction goes on without the line, and keeps it aside.
    const result = compactFiles(deps, file, 1);
    expect(result.quarantined).toEqual([
      `world.json.journal-1.jsonl line 4 (byte ${at}): the record simulations/b: its checksum does not match (the line was changed)`,
    ]);
    const loaded = loadWorld(deps, file, Number.POSITIVE_INFINITY).collections;
    expect(records(loaded)).toEqual({
      simulations: [
        ["a", { v: 1 }],
        ["c", { v: 3 }],
        ["d", { v: 4 }],
      ],
    });
    const kept = fs
      .readFileSync(`${file}.quarantine.jsonl`, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(kept[0]).toMatchObject({ file: "world.json.journal-1.jsonl", line: 4, byte: at });
    expect(kept[0].text).toContain('{"v":7}');
  });

  it("should refuse files of an earlier version, also laid out by hand, and a repair should keep their records", () => {
    const doc = {
      format: "bss-mock-world",
      version: 1,
      generation: 1,
      collections: { simulations: { a: { id: "a", s: tricky.injection }, "2": { id: "2" } }, other: {} },
    };
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    fs.writeFileSync(
      journalPath(file, 2),
      '[ "put" , "simulations" , "\\u0062" , { "id" : "b" } ]\n["del","simulations","a"]\n["commit",2]\n',
    );
    expect(() => loadWorld(deps, file, Number.POSITIVE_INFINITY)).toThrow(
      `world.json was written by an earlier bss-mock, without checksums: run \`bss-mock repair --db ${file}\``,
    );
    const report = repairDb(file);
    expect(report.lines).toContain(
      "rewrote world.json, world.json.journal-2.jsonl (written by an earlier bss-mock) with checksums",
    );
    expect(records(loadWorld(deps, file, Number.POSITIVE_INFINITY).collections)).toEqual({
      simulations: [
        ["2", { id: "2" }],
        ["b", { id: "b" }],
      ],
    });
  });
});
