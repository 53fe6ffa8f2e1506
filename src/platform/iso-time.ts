/** A time in milliseconds as ISO 8601 in UTC, with milliseconds (`2026-01-01T00:00:00.000Z`). */
export function isoTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}
