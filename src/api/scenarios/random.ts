/**
 * Seeded draws for scenarios (a flaky answer's chance, a delay's length): a number in [0, 1) from a hash of what the
 * draw is for, so the same seed, scenarios and requests always draw the same. Plain JS (cyrb53), no node:crypto, so it
 * runs in the browser bundle too, and cheap enough to run per request.
 */
export function uniform(...parts: Array<string | number>): number {
  const text = parts.join("\u001f");
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const bits53 = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return bits53 / 2 ** 53;
}

/** A standard normal draw (Box-Muller) from two uniforms. */
export function standardNormal(u1: number, u2: number): number {
  return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
}
