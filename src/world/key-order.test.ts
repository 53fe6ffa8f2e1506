import { describe, expect, it } from "vitest";
import { parseKeepingKeyOrder } from "./key-order.js";

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
