import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";

export { toBase64, toHex, uint32BE, uint32LE } from "./bytes.js";

const encoder = new TextEncoder();

/**
 * SHA-256 of a string's UTF-8 bytes, synchronously: every seeded id and generator starts here. One portable
 * implementation for Node and the browser (Web Crypto's digest is async), so a seed gives the same ids in both. In
 * Node it also spares a cold start loading node:crypto, now that Node's fetch, which loads it too, waits for a
 * request that needs it; for the short texts hashed here it is as fast as node:crypto's (docs/performance.md).
 */
export function sha256(text: string): Uint8Array {
  return nobleSha256(encoder.encode(text));
}
