import { describe, expect, it } from "vitest";
import { inSentOrder, isArrayIndex, parseKeepingKeyOrder } from "./key-order.js";

describe("parseKeepingKeyOrder", () => {
  it("should read JSON as JSON.parse does, objects listing their keys in the order of the text", () => {
    const texts = [
      '{"concept":"A cup","2":"x","nested":{"z":1,"10":2,"1":3,"list":[{"y":0,"0":0},[{"b":"{\\"9\\":[","3":[]}]]}}',
      '{"a\\"b":{"k":1,"5":2},"\\u0032":{"q":0,"1":1},"s":"\\"7\\":{"}',
      '[{"b":1,"2":2},{"1":1,"2":2},"x",null,3]',
      '{"__proto__":{"b":1,"2":2},"1":0}',
    ];
    // A file written by hand (a scenario): spaces around the colons.
    expect(JSON.stringify(parseKeepingKeyOrder('{\n  "b" : 1,\n  "2": {"y": 0, "1": 1}\n}'))).toBe(
      '{"b":1,"2":{"y":0,"1":1}}',
    );
    for (const text of texts) {
      const value = parseKeepingKeyOrder(text);
      expect(value, text).toEqual(JSON.parse(text));
      // Written back as the text was (the escaped key as JSON.stringify writes it).
      expect(JSON.stringify(value), text).toBe(text.replace("\\u0032", "2"));
    }
  });

  it("should read a key repeated in one object as JSON.parse does (JSON.stringify never writes one)", () => {
    const text = '{"b":{"z":1,"3":2},"b":{"y":1,"4":2},"1":0}';
    expect(JSON.stringify(parseKeepingKeyOrder(text))).toBe(JSON.stringify(JSON.parse(text)));
  });

  it("should leave text with no integer-like key to JSON.parse", () => {
    const text = '{"b":1,"a":[{"c":"2"}]}';
    expect(JSON.stringify(parseKeepingKeyOrder(text))).toBe(text);
  });
});

/** A plain object with `keys` set in that order (each key's value its place). */
function built(keys: string[]): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [i, key] of keys.entries()) target[key] = i;
  return target;
}

describe("inSentOrder", () => {
  it("should list integer-like keys where they were sent, to JSON.stringify, Object.keys and for-in", () => {
    const keys = ["b", "2", "a", "10", "1"];
    const object = inSentOrder(built(keys), keys);
    expect(JSON.stringify(object)).toBe('{"b":0,"2":1,"a":2,"10":3,"1":4}');
    expect(Object.keys(object)).toEqual(keys);
    const seen: string[] = [];
    for (const key in object) seen.push(key);
    expect(seen).toEqual(keys);
    expect(object).toEqual({ 1: 4, 2: 1, 10: 3, a: 2, b: 0 });
  });

  it("should leave an object as it is when JS lists its keys in the order sent anyway", () => {
    for (const keys of [["a", "b"], ["1", "2", "b"], ["0"], [], ["4294967295", "x"]]) {
      const target = built(keys);
      expect(inSentOrder(target, keys), keys.join(",")).toBe(target);
    }
  });

  it("should keep a repeated key at its first place, as a Python dict does", () => {
    const object = inSentOrder(built(["b", "2"]), ["b", "2", "b"]);
    expect(Object.keys(object)).toEqual(["b", "2"]);
  });

  it("should still list every key after one is added or deleted", () => {
    const object = inSentOrder(built(["b", "2", "a"]), ["b", "2", "a"]);
    object["1"] = "new";
    delete object.a;
    expect(Object.keys(object)).toEqual(["b", "2", "1"]);
    expect(JSON.stringify(object)).toBe('{"b":0,"2":1,"1":"new"}');
  });
});

describe("isArrayIndex", () => {
  it("should take the keys JS lists first: 0 to 2^32 - 2, no leading zero or sign", () => {
    expect(["0", "1", "10", "4294967294"].every(isArrayIndex)).toBe(true);
    expect(["01", "-1", "1.0", "4294967295", " 1", "", "1e3"].some(isArrayIndex)).toBe(false);
  });
});
