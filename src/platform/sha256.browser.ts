import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import type * as NodeSha256 from "./sha256.js";

/* sha256.ts for the browser bundle: Web Crypto's digest is async, so the digest is computed in JavaScript. */

export { toBase64, toHex, uint32BE, uint32LE } from "./bytes.js";

const encoder = new TextEncoder();

export const sha256: typeof NodeSha256.sha256 = (text) => nobleSha256(encoder.encode(text));
