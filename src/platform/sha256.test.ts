import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256, toBase64, toHex, uint32BE, uint32LE } from "./sha256.js";
import { utf8ByteLength } from "./utf8.js";

// Every seeded id and text derives from these digests: the portable code (Node and browser) must give node:crypto's
// bytes exactly, or a seed would give other ids than earlier versions gave (and --db files hold).
const samples = ["", "bss-mock:demo", '1\u0000["org","acme"]\u00007', "ünïcødé 🎲", "x".repeat(1000), "a\ud800b"];

describe("sha256", () => {
  it("should give node:crypto's digest for ASCII, multi-byte and long input", () => {
    for (const text of samples) {
      const expected = createHash("sha256").update(text, "utf8").digest();
      const digest = sha256(text);
      expect(toHex(digest)).toBe(expected.toString("hex"));
      expect(toBase64(digest)).toBe(expected.toString("base64"));
      expect(uint32LE(digest)).toBe(expected.readUInt32LE(0));
      expect(uint32BE(digest, 8)).toBe(expected.readUInt32BE(8));
    }
  });
});

describe("utf8ByteLength", () => {
  it("should count bytes as Buffer.byteLength does, lone surrogates included", () => {
    for (const text of [...samples, "\ud800", "a\udc00b", "\ud83c", "€", "\u07ff\u0800"]) {
      expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, "utf8"));
    }
  });
});
