import { sha256, toHex } from "../platform/sha256.js";

/** Formats 16 bytes of a digest as a lower-case, hyphenated UUID with the given version nibble (RFC 9562 variant). */
function formatUuid(digest: Uint8Array, version: 4 | 5): string {
  const b = digest.slice(0, 16);
  b[6] = ((b[6] as number) & 0x0f) | (version << 4);
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = toHex(b);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A stable id for a name (tenants, fixtures): the same name always gives the same id. */
export function uuidForName(name: string): string {
  return formatUuid(sha256(`bss-mock:${name}`), 5);
}

/**
 * Ids for new records: derived from the seed, the caller's stream and a per-stream counter, so the same requests by
 * the same caller give the same ids whatever other callers do.
 */
export function uuidForSequence(seed: number, stream: string, sequence: number): string {
  return formatUuid(sha256(`${seed}\u0000${stream}\u0000${sequence}`), 4);
}
