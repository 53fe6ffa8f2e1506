import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { Low } from "lowdb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parsed, Unparsed, WriteFailed } from "../collection.js";
import { ChangeLog } from "./change-log.js";
import { JournalAdapter, type JournalAdapterOptions, type WorldCollections } from "./journal-adapter.js";
import { checkedLine, compactFiles, journalPath, loadSnapshot, SNAPSHOT_FORMAT } from "./journal-format.js";

const deps = { fs, path, zlib };
/** A journal's lines without their checksums (each checked), its header left out. */
function payloads(text: string): string[] {
  const lines = text.split("\n");
  expect(lines.pop()).toBe("");
  return lines.slice(1).map((line) => {
    const payload = line.slice(0, -9);
    expect(checkedLine(deps, payload)).toBe(line);
    return payload;
  });
}

let dir: string;
let file: string;
const open: JournalAdapter[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-journal-"));
  file = path.join(dir, "world.json");
});

afterEach(async () => {
  for (const adapter of open.splice(0)) await adapter.close().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  adapter: JournalAdapter;
  changes: ChangeLog;
  data: WorldCollections;
  warnings: string[];
  errors: unknown[];
}

async function openDb(options: JournalAdapterOptions = {}, at = file): Promise<Opened> {
  const changes = new ChangeLog();
  const warnings: string[] = [];
  const errors: unknown[] = [];
  const adapter = new JournalAdapter(at, changes, {
    onWarning: (message) => warnings.push(message),
    onError: (error) => errors.push(error),
    ...options,
  });
  open.push(adapter);
  const db = new Low<WorldCollections>(adapter, {});
  await db.read();
  return { adapter, changes, data: db.data, warnings, errors };
}

/** Applies a put to the in-memory world and the change log, as the store does. */
function put(db: Opened, collection: string, id: string, record: unknown) {
  db.data[collection] ??= new Map();
  db.data[collection].set(id, record);
  db.changes.put(collection, id, record);
}

function del(db: Opened, collection: string, id: string) {
  db.data[collection]?.delete(id);
  db.changes.delete(collection, id);
}

/** Comparable view of a world: empty collections dropped. */
function plain(collections: WorldCollections | null): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, records] of Object.entries(collections ?? {})) {
    if (records.size > 0) {
      out[name] = Object.fromEntries(
        [...records].map(([id, value]) => [id, parsed(value)]).sort(([a], [b]) => String(a).localeCompare(String(b))),
      );
    }
  }
  return out;
}

async function reload(at = file): Promise<Opened> {
  return openDb({ compaction: "manual" }, at);
}

function journalFiles(at = dir): string[] {
  return fs
    .readdirSync(at)
    .filter((name) => name.includes(".journal-"))
    .sort();
}

/** A journal of two flushes (a/1, then a/2), closed: its path and its bytes. */
async function twoFlushes(): Promise<{ journal: string; full: Buffer }> {
  const db = await openDb();
  put(db, "a", "1", { v: 1 });
  await db.adapter.write(db.data);
  put(db, "a", "2", { v: 2 });
  await db.adapter.write(db.data);
  await db.adapter.close();
  const journal = journalPath(file, 1);
  return { journal, full: fs.readFileSync(journal) };
}

describe("JournalAdapter", () => {
  it("should return null from read() when nothing was persisted", async () => {
    const adapter = new JournalAdapter(file, new ChangeLog());
    open.push(adapter);
    expect(await adapter.read()).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("should refuse write() before read()", async () => {
    const adapter = new JournalAdapter(file, new ChangeLog());
    open.push(adapter);
    await expect(adapter.write({})).rejects.toThrow(/read\(\) must be called/);
    await adapter.close();
    await expect(adapter.write({})).rejects.toThrow(/closed/);
  });

  it("should round-trip puts and deletes across a reopen", async () => {
    const db = await openDb();
    put(db, "simulations", "s1", { id: "s1", name: "first" });
    put(db, "simulations", "s2", { id: "s2", name: "second" });
    put(db, "projects", "p1", { id: "p1", tags: ["a", "ü", "\n"] });
    await db.adapter.write(db.data);
    del(db, "simulations", "s1");
    put(db, "simulations", "s2", { id: "s2", name: "renamed" });
    await db.adapter.write(db.data);
    await db.adapter.close();

    const again = await reload();
    expect(plain(again.data)).toEqual({
      simulations: { s2: { id: "s2", name: "renamed" } },
      projects: { p1: { id: "p1", tags: ["a", "ü", "\n"] } },
    });
    expect(again.warnings).toEqual([]);
  });

  it("should append one line per changed record and one commit line per flush", async () => {
    const db = await openDb();
    for (let i = 0; i < 50; i++) put(db, "jobs", "j1", { n: i });
    put(db, "jobs", "j2", { n: 0 });
    del(db, "jobs", "j2");
    await db.adapter.write(db.data);
    const text = fs.readFileSync(journalPath(file, 1), "utf8");
    expect(text.split("\t")[0]).toBe('{"format":"bss-mock-journal","version":3,"generation":1,"after":0}');
    expect(payloads(text)).toEqual([
      '["put","jobs","j1",null]\t{"n":49}',
      '["del","jobs","j2"]',
      expect.stringMatching(/^\["commit",2,1,"[0-9a-f]{8}"\]$/),
    ]);
  });

  it("should write each record's index keys beside it, as the store gives them", async () => {
    const db = await openDb();
    db.changes.attach({
      restore: () => {},
      indexKeys: (_collection, record) => ({ owner: (record as { o: string }).o }),
    });
    put(db, "simulations", "s1", { o: "alice" });
    await db.adapter.write(db.data);
    const [line] = payloads(fs.readFileSync(journalPath(file, 1), "utf8"));
    expect(line).toBe('["put","simulations","s1",{"owner":"alice"}]\t{"o":"alice"}');
    await db.adapter.close();
    const value = (await reload()).data.simulations?.get("s1");
    expect(value).toBeInstanceOf(Unparsed);
    expect((value as Unparsed).keys).toEqual({ owner: "alice" });
    expect(parsed(value)).toEqual({ o: "alice" });
  });

  it("should not create or touch any file when nothing changed", async () => {
    const db = await openDb();
    await db.adapter.write(db.data);
    await db.adapter.write(db.data);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("should reload the same world after a worker compaction, including writes made while it ran", async () => {
    const db = await openDb({ compaction: "manual" });
    for (let i = 0; i < 500; i++) put(db, "simulations", `s${i}`, { id: `s${i}`, i });
    await db.adapter.write(db.data);
    for (let i = 0; i < 500; i += 3) del(db, "simulations", `s${i}`);
    put(db, "rounds", "r1", { id: "r1" });
    await db.adapter.write(db.data);
    const before = plain(db.data);

    const compaction = db.adapter.compact();
    while (!db.adapter.stats().compacting) await new Promise((resolve) => setImmediate(resolve));
    put(db, "rounds", "r2", { id: "r2", during: true });
    await db.adapter.write(db.data);
    const result = await compaction;

    expect(result).toMatchObject({ generation: 1, records: 333 + 1, mergedJournals: 1 });
    expect(journalFiles()).toEqual(["world.json.journal-2.jsonl"]);
    const header = JSON.parse(fs.readFileSync(file, "utf8").split("\t")[0] as string);
    expect(header).toEqual({ format: SNAPSHOT_FORMAT, version: 3, generation: 1, seq: 2 });
    expect(plain(loadSnapshot({ fs, path, zlib }, file)?.collections ?? null)).toEqual(before);

    await db.adapter.close();
    const again = await reload();
    expect(plain(again.data)).toEqual(plain(db.data));
    expect(plain(again.data).rounds).toEqual({ r1: { id: "r1" }, r2: { id: "r2", during: true } });
  });

  it("should compact in the background once the journal passes compactAfterOps", async () => {
    const db = await openDb({ compactAfterOps: 100 });
    for (let flush = 0; flush < 5; flush++) {
      for (let i = 0; i < 30; i++) put(db, "batches", `b${flush}-${i}`, { flush, i });
      await db.adapter.write(db.data);
    }
    await db.adapter.whenIdle();
    const stats = db.adapter.stats();
    expect(stats.compactions).toBe(1);
    expect(stats.snapshotGeneration).toBe(1);
    expect(stats.activeGeneration).toBe(2);
    expect(stats.activeJournalOps).toBe(30);
    expect(db.errors).toEqual([]);
    await db.adapter.close();
    expect(plain((await reload()).data)).toEqual(plain(db.data));
  });

  it("should wait for compactAfterOps until the journals are a quarter of a large snapshot", async () => {
    const db = await openDb({ compaction: "inline", compactAfterOps: 10, compactMinBytes: 1 });
    for (let i = 0; i < 100; i++) put(db, "big", `b${i}`, { text: "x".repeat(1_000) });
    await db.adapter.write(db.data);
    await db.adapter.whenIdle(); // compacted at once: larger than compactMinBytes
    expect(db.adapter.stats().compactions).toBe(1);
    const snapshotBytes = db.adapter.stats().snapshotBytes;
    expect(snapshotBytes).toBeGreaterThan(100_000);
    // 20 operations of ~40 bytes: past compactAfterOps, far from a quarter of the snapshot.
    for (let i = 0; i < 20; i++) put(db, "small", `s${i}`, { i });
    await db.adapter.write(db.data);
    await db.adapter.whenIdle();
    expect(db.adapter.stats().compactions).toBe(1);
    for (let i = 0; i < 30; i++) put(db, "big", `b${i}`, { text: "y".repeat(1_000) });
    await db.adapter.write(db.data);
    await db.adapter.whenIdle();
    expect(db.adapter.stats().compactions).toBe(2);
    expect(db.errors).toEqual([]);
  });

  it("should compact inline to the same files as the worker", async () => {
    const db = await openDb({ compaction: "inline", compactAfterOps: 10 });
    for (let i = 0; i < 10; i++) put(db, "users", `u${i}`, { i });
    await db.adapter.write(db.data);
    await db.adapter.whenIdle();
    expect(db.adapter.stats()).toMatchObject({ compactions: 1, snapshotGeneration: 1 });
    // Only the next generation's journal, created (its header alone) when the compaction rotated to it.
    expect(journalFiles()).toEqual(["world.json.journal-2.jsonl"]);
    expect(payloads(fs.readFileSync(journalPath(file, 2), "utf8"))).toEqual([]);
    await db.adapter.close();
    expect(plain((await reload()).data)).toEqual(plain(db.data));
  });

  it("should ignore a torn last line and truncate it before appending", async () => {
    const db = await openDb();
    put(db, "a", "1", { ok: 1 });
    await db.adapter.write(db.data);
    await db.adapter.close();
    fs.appendFileSync(journalPath(file, 1), '["put","a","2",{"ok":');

    const again = await reload();
    expect(plain(again.data)).toEqual({ a: { "1": { ok: 1 } } });
    expect(again.warnings.join()).toMatch(/ignored 21 bytes .*truncated/);
    put(again, "a", "3", { ok: 3 });
    await again.adapter.write(again.data);
    await again.adapter.close();

    const third = await reload();
    expect(plain(third.data)).toEqual({ a: { "1": { ok: 1 }, "3": { ok: 3 } } });
    expect(third.warnings).toEqual([]);
  });

  it("should load either the state before or after the last flush when the file is cut at any byte of it", async () => {
    const db = await openDb();
    put(db, "simulations", "keep", { v: "kept" });
    put(db, "simulations", "gone", { v: "deleted later" });
    await db.adapter.write(db.data);
    const before = plain(db.data);
    const journal = journalPath(file, 1);
    const committed = fs.readFileSync(journal);

    put(db, "simulations", "new", { v: "née", n: [1, 2, 3] });
    put(db, "projects", "p", { v: "project" });
    del(db, "simulations", "gone");
    await db.adapter.write(db.data);
    await db.adapter.close();
    const after = plain(db.data);
    const full = fs.readFileSync(journal);
    const lastWrite = full.length - committed.length;
    expect(lastWrite).toBeGreaterThan(80);

    for (let cut = 0; cut <= lastWrite; cut++) {
      fs.writeFileSync(journal, full.subarray(0, committed.length + cut));
      const loaded = await reload();
      expect(plain(loaded.data), `cut at ${cut}/${lastWrite}`).toEqual(cut === lastWrite ? after : before);
      // The next start appends after a clean tail.
      put(loaded, "x", "next", { cut });
      await loaded.adapter.write(loaded.data);
      await loaded.adapter.close();
      const next = await reload();
      expect(plain(next.data)).toEqual({ ...(cut === lastWrite ? after : before), x: { next: { cut } } });
      await next.adapter.close();
    }
  });

  it("should write a large flush in chunks but apply it only as a whole", async () => {
    const db = await openDb({ compaction: "manual" });
    put(db, "a", "before", { v: 0 });
    await db.adapter.write(db.data);
    const journal = journalPath(file, 1);
    const committed = fs.readFileSync(journal).length;
    for (let i = 0; i < 2_500; i++) put(db, "b", `r${i}`, { i, text: "x".repeat(i % 100) });
    await db.adapter.write(db.data);
    await db.adapter.close();
    const full = fs.readFileSync(journal);
    const lines = full.toString("utf8").trimEnd().split("\n");
    expect(lines.filter((line) => line.startsWith('["commit"')).map((line) => line.split(",").slice(0, 3))).toEqual([
      ['["commit"', "1", "1"],
      ['["commit"', "2500", "2"],
    ]);
    expect(plain((await reload()).data).b).toHaveProperty("r2499");

    // Killed after the first chunk or two reached the file: none of the batch is applied.
    for (const cutLine of [1_000, 2_000, 2_500]) {
      const cut = committed + Buffer.byteLength(lines.slice(3, 3 + cutLine).join("\n")) + 1;
      fs.writeFileSync(journal, full.subarray(0, cut));
      const loaded = await reload();
      expect(plain(loaded.data)).toEqual({ a: { before: { v: 0 } } });
      await loaded.adapter.close();
    }
  });

  it("should drop only what an interrupted append leaves after the last complete flush, and truncate it", async () => {
    const { journal, full } = await twoFlushes();
    const line = (payload: string) => `${checkedLine(deps, payload)}\n`;
    const put3 = line('["put","a","3",null]\t{"v":3}');
    const commit = checkedLine(deps, '["commit",1,3,"00000000"]');
    const torn = [
      Buffer.from(put3.slice(0, -1)), // a last line without its newline
      Buffer.from(put3.slice(0, -5)), // cut inside its checksum
      Buffer.from(`${put3}${commit.slice(0, -1)}`), // a batch without the end of its commit line
      Buffer.from(`${put3}${line('["del","a","1"]')}`), // a batch without its commit line
      Buffer.alloc(64), // NUL padding: space the file system allocated but a crash left unwritten
      Buffer.concat([Buffer.from(`${put3}["put","a"`), Buffer.alloc(4096)]),
    ];
    for (const tail of torn) {
      fs.writeFileSync(journal, Buffer.concat([full, tail]));
      const loaded = await reload();
      expect(plain(loaded.data), JSON.stringify(tail.toString())).toEqual({ a: { "1": { v: 1 }, "2": { v: 2 } } });
      expect(loaded.warnings).toEqual([
        `world.json.journal-1.jsonl: ignored ${tail.length} bytes after the last complete batch (truncated)`,
      ]);
      await loaded.adapter.close();
      expect(fs.readFileSync(journal)).toEqual(full);
    }
  });

  it("should refuse to start on a journal line an interrupted append cannot leave, and change no file", async () => {
    const { journal, full } = await twoFlushes();
    const firstBatch = full.indexOf("\n", full.indexOf('["commit"')) + 1;
    const later = full.subarray(firstBatch);
    const repair = `: \`bss-mock repair --db ${file}\` keeps every other, after copying the damaged files aside; nothing was changed`;
    // An extra line also leaves its batch with a line more than its commit counts: a second problem, and no record
    // is lost.
    const changed =
      "its checksum does not match (the line was changed) (and 1 more problem); a repair would drop 0 acknowledged records";
    const bad: Array<[Buffer, string]> = [
      [Buffer.from('{"oops"\n'), changed],
      [Buffer.from("garbage line\n"), changed],
      [Buffer.concat([Buffer.alloc(4096), Buffer.from("\n")]), changed],
      [Buffer.from([0xff, 0xfe, 0x0a]), changed],
      // A whole line too many in a batch: its commit no longer matches its lines.
      [
        Buffer.from(`${checkedLine(deps, '["put","a","x",null]\t{"v":0}')}\n`),
        "its batch does not hold the lines it was written with (lines added, moved or repeated); a repair would drop 0 acknowledged records",
      ],
    ];
    for (const [line, problem] of bad) {
      // In the middle, before a complete batch: dropping from there on would destroy that acknowledged batch.
      const damaged = Buffer.concat([full.subarray(0, firstBatch), line, later]);
      fs.writeFileSync(journal, damaged);
      const isPut = line.toString().startsWith('["put"');
      const at = isPut ? damaged.indexOf('["commit"', firstBatch) : firstBatch;
      await expect(reload()).rejects.toThrow(
        `world.json.journal-1.jsonl line ${isPut ? 6 : 4} (byte ${at}): ${problem}${repair}`,
      );
      expect(fs.readFileSync(journal)).toEqual(damaged);
      // And as the last line: a complete line, so not what an interrupted append leaves either (but for a put,
      // which an interrupted append does leave: see above).
      if (isPut) continue;
      fs.writeFileSync(journal, Buffer.concat([full, line]));
      await expect(reload()).rejects.toThrow(/its checksum does not match/);
      expect(fs.readFileSync(journal)).toEqual(Buffer.concat([full, line]));
    }
    expect(journalFiles()).toEqual(["world.json.journal-1.jsonl"]);
  });

  it("should refuse a journal entry a newer bss-mock may write rather than drop it", async () => {
    const db = await openDb();
    put(db, "a", "1", { v: 1 });
    await db.adapter.write(db.data);
    await db.adapter.close();
    const journal = journalPath(file, 1);
    const newer = Buffer.concat([
      fs.readFileSync(journal),
      Buffer.from(`${checkedLine(deps, '["merge","a","1",{"w":2}]')}\n${checkedLine(deps, '["commit",1,2,"0"]')}\n`),
    ]);
    fs.writeFileSync(journal, newer);
    await expect(reload()).rejects.toThrow(
      /^world\.json\.journal-1\.jsonl line 4 \(byte \d+ of \d+\) is an entry this bss-mock cannot read \(it starts "\[\\"merge\\",.*\): it was written by a newer bss-mock; start that version on it \(nothing was changed\)$/,
    );
    expect(fs.readFileSync(journal)).toEqual(newer);
  });

  it("should refuse journals whose snapshot or an earlier journal is missing, and change no file", async () => {
    const db = await openDb({ compaction: "manual" });
    put(db, "a", "1", { v: 1 });
    await db.adapter.write(db.data);
    await db.adapter.compact(); // snapshot generation 1
    const snapshot1 = fs.readFileSync(file);
    put(db, "a", "2", { v: 2 });
    await db.adapter.write(db.data);
    await db.adapter.compact(); // snapshot generation 2
    put(db, "a", "3", { v: 3 });
    await db.adapter.write(db.data); // journal 3
    await db.adapter.close();
    const snapshot2 = fs.readFileSync(file);
    const journal3 = fs.readFileSync(journalPath(file, 3));
    const files = () => fs.readdirSync(dir).sort();
    const fix = "restore the missing file, or to start afresh remove every world.json* file; nothing was changed";

    fs.rmSync(file);
    const before = files();
    await expect(reload()).rejects.toThrow(
      `world.json.journal-3.jsonl continues the snapshot of generation 2, but world.json does not exist: ${fix}`,
    );
    expect(files()).toEqual(before);
    fs.writeFileSync(file, ""); // a truncated copy
    await expect(reload()).rejects.toThrow(/continues the snapshot of generation 2, but world\.json is empty/);
    fs.writeFileSync(file, snapshot1); // an old backup of the snapshot alone
    await expect(reload()).rejects.toThrow(
      /continues the snapshot of generation 2, but world\.json holds generation 1/,
    );
    expect(fs.readFileSync(file)).toEqual(snapshot1);
    expect(fs.readFileSync(journalPath(file, 3))).toEqual(journal3);
    // A journal missing between two others.
    const line = (payload: string) => `${checkedLine(deps, payload)}\n`;
    const put2 = line('["put","a","2",null]\t{"v":2}');
    fs.writeFileSync(
      journalPath(file, 2),
      `${line('{"format":"bss-mock-journal","version":3,"generation":2,"after":1}')}${put2}${line(`["commit",1,2,"${zlib.crc32(put2.slice(-9, -1)).toString(16).padStart(8, "0")}"]`)}${line('["next",3]')}`,
    );
    fs.renameSync(journalPath(file, 3), journalPath(file, 4));
    await expect(reload()).rejects.toThrow(
      `world.json.journal-4.jsonl follows world.json.journal-2.jsonl, but world.json.journal-3.jsonl is missing: ${fix}`,
    );
    fs.renameSync(journalPath(file, 4), journalPath(file, 3));
    expect(plain((await reload()).data)).toEqual({ a: { "1": { v: 1 }, "2": { v: 2 }, "3": { v: 3 } } });
    fs.writeFileSync(file, snapshot2);
    expect(plain((await reload()).data)).toEqual({ a: { "1": { v: 1 }, "2": { v: 2 }, "3": { v: 3 } } });
  });

  it("should not resurrect deleted records when a compaction renamed the snapshot but did not delete its journals", async () => {
    const db = await openDb({ compaction: "manual" });
    put(db, "a", "x", { v: "x" });
    put(db, "a", "y", { v: "y" });
    await db.adapter.write(db.data);
    const journal1 = fs.readFileSync(journalPath(file, 1));
    await db.adapter.compact(); // snapshot generation 1
    del(db, "a", "x");
    await db.adapter.write(db.data); // journal 2 deletes x
    const journal2 = fs.readFileSync(journalPath(file, 2));
    await db.adapter.compact(); // snapshot generation 2, without x
    await db.adapter.close();
    // Crash between rename and unlink: both merged journals still there.
    fs.writeFileSync(journalPath(file, 1), journal1);
    fs.writeFileSync(journalPath(file, 2), journal2);

    const loaded = await reload();
    expect(plain(loaded.data)).toEqual({ a: { y: { v: "y" } } });
    expect(journalFiles()).toEqual(["world.json.journal-3.jsonl"]); // the empty active one
    expect(loaded.warnings).toHaveLength(2);
  });

  it("should ignore and remove a temp snapshot left by an interrupted compaction", async () => {
    const db = await openDb({ compaction: "manual" });
    put(db, "a", "1", { v: 1 });
    await db.adapter.write(db.data);
    await db.adapter.compact();
    put(db, "a", "2", { v: 2 });
    await db.adapter.write(db.data);
    await db.adapter.close();
    // Crash while writing the snapshot of generation 2: a partial temp file.
    const temp = `${file}.snapshot-2.tmp`;
    fs.writeFileSync(temp, '{"format":"bss-mock-world","version":1,"generation":2,"collections":{\n"a":{');

    const loaded = await reload();
    expect(plain(loaded.data)).toEqual({ a: { "1": { v: 1 }, "2": { v: 2 } } });
    expect(fs.existsSync(temp)).toBe(false);
    expect(loaded.warnings.join()).toMatch(/snapshot-2\.tmp/);
  });

  it("should undo the changes and stay on the same journal when the journal cannot be opened", async () => {
    const db = await openDb();
    put(db, "a", "1", { v: 1 });
    fs.mkdirSync(journalPath(file, 1)); // opening the journal fails with EISDIR
    await expect(db.adapter.write(db.data)).rejects.toThrow(WriteFailed);
    expect(db.changes.size).toBe(0);
    fs.rmdirSync(journalPath(file, 1));
    put(db, "a", "2", { v: 2 });
    await db.adapter.write(db.data);
    expect(db.adapter.stats().activeGeneration).toBe(1);
    await db.adapter.close();
    expect(plain((await reload()).data)).toEqual({ a: { "2": { v: 2 } } });
  });

  it("should keep the journals, report the error and retry later when a compaction fails", async () => {
    const db = await openDb({ compactAfterOps: 2, compactionRetryMs: 60_000 });
    put(db, "a", "1", { v: 1 });
    await db.adapter.write(db.data);
    // The worker cannot create its temp file (generation 1: background attempt, 2: explicit attempt).
    for (const generation of [1, 2]) fs.mkdirSync(`${file}.snapshot-${generation}.tmp`);
    put(db, "a", "2", { v: 2 });
    await db.adapter.write(db.data); // 2 ops: background compaction starts and fails
    await db.adapter.whenIdle();
    expect(db.errors).toHaveLength(1);
    expect(String(db.errors[0])).toMatch(/EISDIR/);
    expect(db.adapter.stats()).toMatchObject({ compactions: 0, snapshotGeneration: 0 });
    put(db, "a", "3", { v: 3 });
    await db.adapter.write(db.data); // within compactionRetryMs: no new attempt
    expect(db.adapter.stats().compacting).toBe(false);
    await expect(db.adapter.compact()).rejects.toThrow(/EISDIR/);
    for (const generation of [1, 2]) fs.rmdirSync(`${file}.snapshot-${generation}.tmp`);
    await expect(db.adapter.compact()).resolves.toMatchObject({ generation: 3, records: 3, mergedJournals: 3 }); // journal 3: empty, from the failed one
    expect(db.errors).toHaveLength(1);
    await db.adapter.close();
    expect(plain((await reload()).data)).toEqual({ a: { "1": { v: 1 }, "2": { v: 2 }, "3": { v: 3 } } });
  });

  it("should go on appending to the current journal when a compaction cannot create the next one", async () => {
    const db = await openDb({ compactAfterOps: 2, compactionRetryMs: 60_000 });
    fs.mkdirSync(journalPath(file, 2)); // as a folder made read-only would: the next journal cannot be created
    put(db, "a", "1", { v: 1 });
    put(db, "a", "2", { v: 2 });
    await db.adapter.write(db.data); // 2 ops: a compaction is due, and cannot rotate
    expect(db.errors.map(String)).toEqual([
      expect.stringMatching(/cannot create the next journal .*journal-2.*EISDIR/),
    ]);
    put(db, "a", "3", { v: 3 });
    await db.adapter.write(db.data); // still written, to journal 1
    expect(db.adapter.stats()).toMatchObject({ activeGeneration: 1, compactions: 0, activeJournalOps: 3 });
    await db.adapter.close();
    fs.rmdirSync(journalPath(file, 2));
    expect(plain((await reload()).data)).toEqual({ a: { "1": { v: 1 }, "2": { v: 2 }, "3": { v: 3 } } });
  });

  it("should drop a record that cannot be serialised, report it, and persist the rest", async () => {
    const db = await openDb();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    put(db, "a", "bad", circular);
    put(db, "a", "big", { n: 10n });
    put(db, "a", "good", { v: 1 });
    await db.adapter.write(db.data);
    expect(db.errors).toHaveLength(2);
    await db.adapter.close();
    expect(plain((await reload()).data)).toEqual({ a: { good: { v: 1 } } });
  });

  it("should refuse a file that is not a world snapshot and leave it alone", async () => {
    fs.writeFileSync(file, JSON.stringify({ simulations: [] }));
    await expect(reload()).rejects.toThrow(/not a bss-mock world snapshot/);
    fs.writeFileSync(file, "{ not json");
    await expect(reload()).rejects.toThrow(/not a bss-mock world snapshot/);
    expect(fs.readFileSync(file, "utf8")).toBe("{ not json");
  });

  it("should say a snapshot of a newer format version was written by a newer bss-mock, and leave it alone", async () => {
    const db = await openDb({ compaction: "manual" });
    put(db, "a", "1", { v: 1 });
    await db.adapter.write(db.data);
    await db.adapter.compact();
    await db.adapter.close();
    // As a newer bss-mock would write it: its header names version 4, and its checksum matches.
    const [header, ...rest] = fs.readFileSync(file, "utf8").split("\n");
    const newer = [
      checkedLine(deps, (header as string).slice(0, -9).replace('"version":3', '"version":4')),
      ...rest,
    ].join("\n");
    fs.writeFileSync(file, newer);
    const message = `${file} was written by a newer bss-mock (snapshot format version 4; this one reads version 3, and versions 1 and 2 through bss-mock repair): start that version on it`;
    await expect(reload()).rejects.toThrow(message);
    // Also in the worker, and as one JSON document (the version 1 layout) with a newer version.
    expect(() => compactFiles({ fs, path, zlib }, file, 2)).toThrow(message);
    fs.writeFileSync(file, JSON.stringify({ format: SNAPSHOT_FORMAT, version: 5, generation: 1, collections: {} }));
    await expect(reload()).rejects.toThrow(/written by a newer bss-mock \(snapshot format version 5; /);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).version).toBe(5);
  });

  it("should treat an empty snapshot file as an empty world", async () => {
    fs.writeFileSync(file, "");
    const db = await openDb({ compaction: "manual" });
    expect(plain(db.data)).toEqual({});
    put(db, "a", "1", 1);
    await db.adapter.write(db.data);
    await db.adapter.compact();
    await db.adapter.close();
    expect(plain((await reload()).data)).toEqual({ a: { "1": 1 } });
  });

  it("should fdatasync each append with fsync: true, and never without", async () => {
    const probe = await fs.promises.open(path.join(dir, "probe"), "w");
    const datasync = vi.spyOn(Object.getPrototypeOf(probe), "datasync");
    await probe.close();
    try {
      for (const fsync of [false, true]) {
        const db = await openDb({ fsync }, path.join(dir, `${fsync}.json`));
        put(db, "a", "1", 1);
        await db.adapter.write(db.data);
        put(db, "a", "2", 2);
        await db.adapter.write(db.data);
        expect(datasync).toHaveBeenCalledTimes(fsync ? 2 : 0);
      }
    } finally {
      datasync.mockRestore();
    }
  });

  it("should not create a folder that is gone (a write beside a lost snapshot would lose it silently)", async () => {
    const nested = path.join(dir, "deep", "world.json");
    fs.mkdirSync(path.dirname(nested));
    const db = await openDb({}, nested);
    fs.rmdirSync(path.dirname(nested));
    put(db, "a", "1", 1);
    await expect(db.adapter.write(db.data)).rejects.toThrow(/cannot write the journal \(ENOENT\)/);
    expect(fs.existsSync(path.dirname(nested))).toBe(false);
    await db.adapter.close();
  });

  it("should refuse to append once its journal was deleted while in use", async () => {
    const db = await openDb();
    put(db, "a", "1", 1);
    await db.adapter.write(db.data);
    fs.unlinkSync(journalPath(file, 1));
    put(db, "a", "2", 2);
    await expect(db.adapter.write(db.data)).rejects.toThrow(/journal-1\.jsonl was removed while in use/);
    put(db, "a", "3", 3);
    await expect(db.adapter.write(db.data)).rejects.toThrow(/was removed while in use/);
    expect(fs.readdirSync(dir)).toEqual([]);
    await db.adapter.close();
  });
});
