import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parsed } from "../collection.js";
import { ChangeLog } from "./change-log.js";
import { JournalAdapter } from "./journal-adapter.js";

const BUNDLED = fileURLToPath(new URL("../../../dist/bss-mock-compact-worker.js", import.meta.url));

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-bundled-worker-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the built compaction worker (dist/, made by npm ci's prepare step)", () => {
  it("should merge journals into a snapshot that loads back the same records", async () => {
    expect(fs.existsSync(BUNDLED), "dist/ is missing: run npm run build").toBe(true);
    const file = path.join(dir, "world.json");
    const changes = new ChangeLog();
    const adapter = new JournalAdapter(file, changes, { compaction: "manual" });
    await adapter.read();
    for (let i = 0; i < 50; i++) changes.put("simulations", `id-${i}`, { id: `id-${i}`, n: i });
    changes.delete("simulations", "id-7");
    await adapter.write();
    await adapter.close();

    const result = await new Promise<{ ok: boolean; result?: { records: number } }>((resolve, reject) => {
      const worker = new Worker(BUNDLED, { workerData: { file, upToGeneration: 1_000 } });
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    expect(result.ok).toBe(true);

    const reloaded = await new JournalAdapter(file, new ChangeLog()).read();
    const simulations = reloaded?.simulations;
    expect(simulations?.size).toBe(49);
    expect(simulations?.get("id-7")).toBeUndefined();
    expect(parsed(simulations?.get("id-42"))).toEqual({ id: "id-42", n: 42 });
  });
});
