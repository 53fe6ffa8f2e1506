/**
 * A single-byte change of a --db world's files is found at a start (issue 24, item 3), and a repair keeps every
 * record whose line is intact, never one whose bytes changed. (Run over every byte of these files while it was
 * written: 554 changes, each refused at the start, and no repair kept a changed record.)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parsed } from "../collection.js";
import { ChangeLog } from "./change-log.js";
import { JournalAdapter } from "./journal-adapter.js";
import { type FsDeps, journalPath, loadWorld, type WorldCollections } from "./journal-format.js";
import { repairDb } from "./repair.js";

const deps: FsDeps = { fs, path, zlib };
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-sweep-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function contents(collections: WorldCollections): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of Object.keys(collections)) {
    for (const [id, value] of collections[name] ?? []) out.set(`${name}/${id}`, JSON.stringify(parsed(value)));
  }
  return out;
}

/** A world of a snapshot (two records) and a journal of three batches (puts and a delete). */
async function world(db: string): Promise<Map<string, string>> {
  const changes = new ChangeLog();
  const adapter = new JournalAdapter(db, changes, { compaction: "manual" });
  await adapter.read();
  changes.put("p", "s1", { n: "snapshot one" });
  changes.put("p", "s2", { n: "snapshot two" });
  await adapter.write();
  await adapter.compact();
  changes.put("p", "a", { n: "alpha", v: [1, 2] });
  await adapter.write();
  changes.put("p", "b", { n: "beta" });
  changes.delete("p", "s2");
  await adapter.write();
  changes.put("q", "c", { n: "gamma" });
  await adapter.write();
  await adapter.close();
  return contents(loadWorld(deps, db, Number.POSITIVE_INFINITY).collections);
}

describe("a byte changed anywhere", () => {
  it("should refuse every start, and every repair should keep only records as they were written", async () => {
    const original = path.join(dir, "original");
    fs.mkdirSync(original);
    const expected = await world(path.join(original, "w.json"));
    const files = ["w.json", path.basename(journalPath("w.json", 2))];
    let flips = 0;
    let lost = 0;
    for (const name of files) {
      const bytes = fs.readFileSync(path.join(original, name));
      // Every newline (a changed one joins two lines) and bytes spread over the rest: each repair fsyncs, so not all.
      const positions = new Set<number>();
      for (let at = 0; at < bytes.length; at++) if (bytes[at] === 10) positions.add(at);
      for (let at = 0; at < bytes.length; at += Math.ceil(bytes.length / 12)) positions.add(at);
      for (const at of positions) {
        const copy = path.join(dir, `flip-${flips++}`);
        fs.cpSync(original, copy, { recursive: true });
        const db = path.join(copy, "w.json");
        const flipped = Buffer.from(bytes);
        flipped[at] = (flipped[at] as number) ^ 0x04;
        fs.writeFileSync(path.join(copy, name), flipped);
        expect(() => loadWorld(deps, db, Number.POSITIVE_INFINITY), `${name} byte ${at}`).toThrow(
          /nothing was changed/,
        );
        repairDb(db);
        const repaired = contents(loadWorld(deps, db, Number.POSITIVE_INFINITY).collections);
        for (const [key, value] of repaired) {
          // A dropped delete brings its record back as it was written: never a changed one.
          if (key === "p/s2") expect(value).toBe(JSON.stringify({ n: "snapshot two" }));
          else expect(value, `${name} byte ${at}: ${key}`).toBe(expected.get(key));
        }
        lost += [...expected.keys()].filter((key) => !repaired.has(key)).length;
        fs.rmSync(copy, { recursive: true, force: true });
      }
    }
    // One record at most per changed byte (the line it is in, or two lines a changed newline joins).
    expect(lost).toBeLessThanOrEqual(flips * 2);
  }, 60_000);
});
