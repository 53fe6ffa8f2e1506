import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Unparsed } from "./collection.js";
import { openPersistence, type Persistence } from "./persistence/index.js";
import type { ContextRecord, JobRecord } from "./records.js";
import { MANUAL_CLOCK_ID, World, WRITTEN_AT_ID } from "./world.js";

let dir: string;
let file: string;
const opened: Persistence[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-stored-time-"));
  file = path.join(dir, "world.json");
});

afterEach(async () => {
  for (const p of opened.splice(0)) await p.close().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<{ persistence: Persistence; world: World }> {
  const persistence = await openPersistence(file);
  opened.push(persistence);
  return { persistence, world: new World(1, persistence.collections, persistence.changes) };
}

const context = (id: string, updated: string): ContextRecord => ({
  id,
  orgId: "org",
  owner_id: "owner",
  scope: "user",
  name: id,
  body: `{"created_at":"2099-01-01T00:00:00.000Z"} is text, not a time`,
  created_at: "2026-05-01T00:00:00.000Z",
  updated_at: updated,
});

describe("World.storedTime", () => {
  it("should be the time of the last write, kept with each write, whatever the clock was", async () => {
    let now = Date.parse("2026-06-01T10:00:00Z");
    const first = await open();
    first.world.keepWriteTime(() => now);
    first.world.contexts.put(context("a", "2026-06-01T09:00:00.000Z"));
    await first.persistence.flush();
    now += 60_000;
    first.world.contexts.delete("a");
    await first.persistence.flush();
    expect(first.world.storedTime()).toBe(now);
    await first.persistence.close();

    const again = await open();
    expect(again.world.storedTime()).toBe(now);
    expect(again.world.clocks.get(WRITTEN_AT_ID)).toEqual({ id: WRITTEN_AT_ID, now_ms: now });
  });

  it("should not count the write time as a change of the request that wrote", async () => {
    const { persistence, world } = await open();
    world.keepWriteTime(() => 1);
    world.contexts.put(context("a", "2026-06-01T09:00:00.000Z"));
    const before = world.changeCount;
    await persistence.flush();
    expect(world.changeCount).toBe(before);
    expect(persistence.stats()?.activeJournalOps).toBe(2);
  });

  it("should read a world written before the write time was kept for its records' latest time", async () => {
    const legacy = await open();
    // No keepWriteTime: what a bss-mock before it wrote.
    legacy.world.contexts.put(context("a", "2026-06-01T12:00:00.000Z"));
    legacy.world.contexts.put(context("b", "2026-06-01T11:00:00.000Z"));
    legacy.world.jobs.put({ id: "j", subject: "a", due_at: Date.parse("2030-01-01T00:00:00Z") } as JobRecord);
    await legacy.persistence.close();

    const { persistence, world } = await open();
    // Read from the records' text: a start parses none of them.
    expect(persistence.collections.contexts?.get("a")).toBeInstanceOf(Unparsed);
    expect(world.storedTime()).toBe(Date.parse("2026-06-01T12:00:00.000Z"));
    expect(persistence.collections.contexts?.get("a")).toBeInstanceOf(Unparsed);
  });

  it("should take where a manual clock stood when it is later than the last write", async () => {
    const { world } = await open();
    expect(world.storedTime()).toBeUndefined();
    world.clocks.put({ id: WRITTEN_AT_ID, now_ms: 5 });
    world.clocks.put({ id: MANUAL_CLOCK_ID, now_ms: 7 });
    expect(world.storedTime()).toBe(7);
  });
});
