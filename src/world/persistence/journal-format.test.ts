/**
 * compactFiles() keeps records as byte ranges of the files instead of parsing them (to keep the worker small). These
 * tests hold it to the parsing implementation it replaced: loadWorld() + writeSnapshot() on a copy of the same files
 * must write the same snapshot byte for byte (for files in the layout bss-mock writes) and load the same records.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parsed, Unparsed } from "../collection.js";
import { startCompactionWorker } from "./compact-worker.js";
import {
  compactFiles,
  type FsDeps,
  journalPath,
  loadSnapshot,
  loadWorld,
  newCollections,
  type WorldCollections,
  writeSnapshot,
} from "./journal-format.js";

const deps: FsDeps = { fs, path };
let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-journal-format-"));
  fs.mkdirSync(path.join(dir, "db"));
  file = path.join(dir, "db", "world.json");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Journal lines exactly as JournalAdapter writes them (record lines), and puts as earlier versions wrote them. */
const recordLine = (collection: string, id: string, record: unknown, keys: unknown = null) =>
  `["put",${JSON.stringify(collection)},${JSON.stringify(id)},${JSON.stringify(keys)}]\t${JSON.stringify(record)}`;
const putLine = (collection: string, id: string, record: unknown) =>
  `["put",${JSON.stringify(collection)},${JSON.stringify(id)},${JSON.stringify(record)}]`;
const delLine = (collection: string, id: string) => `["del",${JSON.stringify(collection)},${JSON.stringify(id)}]`;

/** Appends one committed batch to journal `generation`. */
function batch(generation: number, lines: string[], at = file) {
  fs.appendFileSync(journalPath(at, generation), `${[...lines, `["commit",${lines.length}]`].join("\n")}\n`);
}

/** Runs the parsing implementation on a copy of the db directory; returns the snapshot it wrote. */
function referenceSnapshot(upTo: number): Buffer {
  const copy = path.join(dir, "reference");
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(path.dirname(file), copy, { recursive: true });
  const copied = path.join(copy, "world.json");
  const world = loadWorld(deps, copied, upTo);
  writeSnapshot(deps, copied, world.collections, upTo);
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
      putLine("simulations", "a", { id: "a", v: 1, ...tricky }),
      putLine("simulations", "b", { id: "b", v: 1 }),
      putLine("simulations", "10", { id: "10" }),
      putLine("simulations", "2", { id: "2" }),
      putLine("projects", "p", { id: "p", text: '"],["put"' }),
      putLine("7", "x", { collection: "integer-like name" }),
    ]);
    batch(1, [
      putLine("simulations", "a", { id: "a", v: 2, ...tricky }), // last write wins, keeps its position
      delLine("simulations", "b"),
      putLine("simulations", 'id with "quotes" ],[ and 😀', { ok: "ü" }),
      putLine("simulations", "__proto__", { id: "__proto__" }),
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
    fs.appendFileSync(journalPath(file, 2), `${putLine("simulations", "a", { lost: true })}\n["put","simulations"`);

    const expected = referenceSnapshot(2);
    const result = compactFiles(deps, file, 2);
    expect(fs.readFileSync(file).equals(expected)).toBe(true);
    expect(result).toMatchObject({ generation: 2, mergedJournals: 2, records: 11, bytes: expected.length });

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
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual(["world.json"]);
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
    writeSnapshot(deps, file, base, 4);
    batch(3, [putLine("simulations", "old", { merged: "already" })]); // obsolete: generation <= 4
    batch(5, [putLine("simulations", "z", { id: "z", v: 2 }), delLine("simulations", "5"), putLine("new", "n", {})]);
    batch(6, [putLine("simulations", "5", { id: "5", back: true }), delLine("empty", "nothing")]);
    batch(7, [delLine("new", "absent")]);
    batch(8, [putLine("simulations", "later", {})]); // beyond upTo: kept

    const expected = referenceSnapshot(7);
    const result = compactFiles(deps, file, 7);
    expect(fs.readFileSync(file).equals(expected)).toBe(true);
    expect(result).toMatchObject({ generation: 7, mergedJournals: 4, records: 6 });
    expect(fs.existsSync(journalPath(file, 8))).toBe(true);

    // Again on top of the snapshot compactFiles wrote.
    batch(8, [putLine("simulations", "a", { id: "a", v: 3 })]);
    const again = referenceSnapshot(8);
    compactFiles(deps, file, 8);
    expect(fs.readFileSync(file).equals(again)).toBe(true);
    const loaded = loadWorld(deps, file, 8).collections;
    expect([...(loaded.simulations?.keys() ?? [])]).toEqual(["z", "a", "1", "5", "later"]);
  });

  it("should load the same records as the parsing implementation from hand-written files", () => {
    // A pretty-printed snapshot (not the layout writeSnapshot produces) and journal lines with extra whitespace and
    // escapes bss-mock does not write.
    const doc = {
      format: "bss-mock-world",
      version: 1,
      generation: 1,
      collections: { simulations: { a: { id: "a", s: tricky.injection }, "2": { id: "2" } }, other: {} },
    };
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    fs.writeFileSync(
      journalPath(file, 2),
      [
        '[ "put" , "simulations" , "\\u0062" , { "id" : "b" , "x" : [ 1 , 2 ] } ]',
        '["put","simulations","c",  {"id":"c","s":"\\u00e9"}  ]',
        "",
        '["del","simulations","a"]',
        '["commit",3]',
        "",
      ].join("\n"),
    );
    const expected = loadWorld(deps, file, 2).collections;
    compactFiles(deps, file, 2);
    const loaded = loadWorld(deps, file, 2);
    expect(loaded.snapshotGeneration).toBe(2);
    expect(records(loaded.collections)).toEqual(records(expected));
    expect(parsed(loaded.collections.simulations?.get("c"))).toEqual({ id: "c", s: "é" });
  });

  it("should refuse a journal with a line that is not JSON before later batches, as the parsing implementation does", () => {
    batch(1, [putLine("simulations", "a", { v: 1 })]);
    // Valid prefix, garbled record (a lost page), then a commit whose count matches and a later batch: dropping
    // everything from the bad line on would destroy that batch.
    fs.appendFileSync(journalPath(file, 1), '["put","simulations","b",{"v":\u0000\u0000}]\n["commit",1]\n');
    batch(1, [putLine("simulations", "c", { v: 3 })]);
    const before = fs.readFileSync(journalPath(file, 1));
    const refusal = /world\.json\.journal-1\.jsonl line 3 \(byte 47 of 142\) is damaged: not JSON .*truncate -s 47 /;
    expect(() => loadWorld(deps, file, 1)).toThrow(refusal);
    expect(() => compactFiles(deps, file, 1)).toThrow(refusal);
    // Also a record line whose head is whole but whose record lost a page, the count still matching.
    fs.writeFileSync(journalPath(file, 1), `${recordLine("simulations", "a", { v: 1 })}\n["commit",1]\n`);
    fs.appendFileSync(journalPath(file, 1), '["put","simulations","b",null]\t{"v":\u0000\u0000}\n["commit",1]\n');
    batch(1, [recordLine("simulations", "c", { v: 3 })]);
    const refusalOfRecord = /line 3 \(byte 52 of 157\) is damaged: not JSON/;
    expect(() => loadWorld(deps, file, 1)).toThrow(refusalOfRecord);
    expect(() => compactFiles(deps, file, 1)).toThrow(
      /line 3 \(byte 52 of 157\) is damaged: a record of simulations\/b/,
    );
    expect(fs.readdirSync(path.dirname(file))).toEqual(["world.json.journal-1.jsonl"]);
    expect(before.length).toBe(142);
  });

  it("should refuse to compact journals whose snapshot is gone rather than write a snapshot of them alone", () => {
    batch(1, [putLine("simulations", "a", { v: 1 })]);
    compactFiles(deps, file, 1);
    batch(2, [putLine("simulations", "b", { v: 2 })]);
    fs.rmSync(file); // deleted while the mock runs
    expect(() => compactFiles(deps, file, 2)).toThrow(
      /world\.json\.journal-2\.jsonl continues the snapshot of generation 1, but world\.json does not exist/,
    );
    expect(fs.readdirSync(path.dirname(file))).toEqual(["world.json.journal-2.jsonl"]);
  });

  it("should refuse a snapshot with a corrupt record and leave the files alone", () => {
    const base = newCollections();
    base.simulations = new Map([
      ["a", { v: 1 }],
      ["b", { v: 2 }],
    ]);
    writeSnapshot(deps, file, base, 1);
    const corrupt = fs.readFileSync(file, "utf8").replace('{"v":2}', '{"v":2');
    fs.writeFileSync(file, corrupt);
    batch(2, [putLine("simulations", "c", {})]);
    expect(() => compactFiles(deps, file, 2)).toThrow(/not a bss-mock world snapshot/);
    expect(fs.readFileSync(file, "utf8")).toBe(corrupt);
    expect(fs.existsSync(journalPath(file, 2))).toBe(true);
    expect(fs.readdirSync(path.dirname(file)).some((name) => name.endsWith(".tmp"))).toBe(false);
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
    expect(text.endsWith('["end",1]\n')).toBe(true);
    fs.writeFileSync(file, text.slice(0, text.lastIndexOf('["end"')));
    expect(() => loadSnapshot(deps, file)).toThrow(/not a bss-mock world snapshot: no end line/);
  });

  it("should copy records larger than its buffers", () => {
    const big = { id: "big", text: `${"😀".repeat(300_000)}"],["put"${"x".repeat(1_500_000)}` };
    const base = newCollections();
    base.simulations = new Map([["big", big]]);
    writeSnapshot(deps, file, base, 1);
    batch(2, [putLine("simulations", "big2", { ...big, id: "big2" }), putLine("simulations", "s", { v: 1 })]);
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
    batch(1, [putLine("simulations", "a", { id: "a", ...tricky }), putLine("s", "b", { t: tricky.injection })]);
    batch(2, [delLine("s", "b"), putLine("simulations", "a", { id: "a", v: 2, u: tricky.unicode })]);
    const expected = referenceSnapshot(2);
    const result = await startCompactionWorker(file, 2).result;
    expect(result).toMatchObject({ generation: 2, records: 1, mergedJournals: 2 });
    expect(fs.readFileSync(file).equals(expected)).toBe(true);
  });
});
