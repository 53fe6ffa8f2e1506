// Child process for crash.test.ts: mutates a persisted world as fast as it can until it is SIGKILLed.
// Usage: node crash-writer.mjs <dir with the compiled persistence modules> <db file>
//
// Step n puts items/i<n>, deletes items/i<n-WINDOW> and sets meta/counter to n, synchronously, so every flush
// persists a whole number of steps. Every ACK_EVERY steps it awaits flush() and prints "acked <n>": that state must
// survive the kill.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const WINDOW = 20;
const ACK_EVERY = 50;
const [moduleDir, dbFile] = process.argv.slice(2);
const { openPersistence } = await import(pathToFileURL(join(moduleDir, "persistent-world.js")).href);
const world = await openPersistence(dbFile, {
  compactAfterOps: 300,
  compactMinBytes: 1,
  collections: ["items", "meta"],
  onWarning: () => {},
});
const { items, meta } = world.collections;
const stored = meta.get("counter");
// Records loaded from a snapshot are not parsed yet (Unparsed).
let n = (typeof stored?.parse === "function" ? stored.parse() : stored)?.n ?? 0;
process.stdout.write(`ready ${n}\n`);

for (;;) {
  n++;
  const item = { n, pad: "é".repeat(n % 40) };
  items.set(`i${n}`, item);
  world.changes.put("items", `i${n}`, item);
  items.delete(`i${n - WINDOW}`);
  world.changes.delete("items", `i${n - WINDOW}`);
  const counter = { n };
  meta.set("counter", counter);
  world.changes.put("meta", "counter", counter);
  if (n % ACK_EVERY === 0) {
    await world.flush();
    process.stdout.write(`acked ${n}\n`);
  } else if (n % 5 === 0) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}
