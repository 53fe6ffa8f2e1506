import { Unparsed } from "./collection.js";

/**
 * The fields of stored records that say when something happened: the times the mock's clock stamped. Not `due_at`
 * (a job's, in the future) nor `test_finishes_at` (a retest's, ahead of it).
 */
const HAPPENED = [
  "created_at",
  "updated_at",
  "planned_at",
  "started_at",
  "completed_at",
  "last_active_at",
  "prediction_started_at",
  "prediction_finished_at",
  "test_started_at",
  "test_finished_at",
];
const HAPPENED_SET = new Set(HAPPENED);
/** How the mock writes a time (isoTimestamp): such strings compare as text in time order. */
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * The latest time stamped on a record of `collections` (epoch ms), for a world whose files do not say when they were
 * last written (a bss-mock before the write time was kept, see World.keepWriteTime). Records not parsed yet are
 * searched as text, not parsed: one pass over their text, nothing kept.
 */
export function latestRecordTime(collections: Record<string, Map<string, unknown>>): number | undefined {
  // The latest in the mock's own format, compared as text; any other form is parsed.
  let latestIso = "";
  let latestOther = Number.NEGATIVE_INFINITY;
  const see = (value: unknown) => {
    if (typeof value !== "string") return;
    if (ISO_MS.test(value)) {
      if (value > latestIso) latestIso = value;
    } else {
      const ms = Date.parse(value);
      if (ms > latestOther) latestOther = ms;
    }
  };
  for (const [name, records] of Object.entries(collections)) {
    if (name === "jobs" || name === "clocks") continue;
    for (const record of records.values()) {
      if (record instanceof Unparsed) seeInText(record.bytes.toString("utf8", record.start, record.end), see);
      else if (record !== null && typeof record === "object") {
        for (const field of HAPPENED) see((record as Record<string, unknown>)[field]);
      }
    }
  }
  const latest = Math.max(latestIso === "" ? Number.NEGATIVE_INFINITY : Date.parse(latestIso), latestOther);
  return latest === Number.NEGATIVE_INFINITY ? undefined : latest;
}

/** Each `"<field>":"<text>"` of a HAPPENED field in a record's JSON text (a string value's quotes are escaped). */
function seeInText(text: string, see: (value: string) => void): void {
  const needle = '_at":"';
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    const key = text.slice(text.lastIndexOf('"', at) + 1, at + 3);
    if (!HAPPENED_SET.has(key)) continue;
    const start = at + needle.length;
    see(text.slice(start, text.indexOf('"', start)));
  }
}
