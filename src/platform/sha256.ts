import { createHash } from "node:crypto";

export { toBase64, toHex, uint32BE, uint32LE } from "./bytes.js";

/**
 * SHA-256 of a string's UTF-8 bytes, synchronously: every seeded id and generator starts here. Node's native hash
 * (node:crypto is loaded anyway: Node's fetch, which Hono's adapter reads, loads it); the browser bundle has the
 * portable twin (sha256.browser.ts), which gives the same bytes, so the same seed gives the same ids on both.
 */
export function sha256(text: string): Uint8Array {
  return createHash("sha256").update(text, "utf8").digest();
}
