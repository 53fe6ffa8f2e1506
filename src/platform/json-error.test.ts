import { describe, expect, it } from "vitest";
import { jsonSyntaxError } from "./json-error.js";

const errorOf = (text: string) => {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonSyntaxError(text, error);
  }
  throw new Error("parsed");
};

describe("a JSON syntax error", () => {
  it("should say the line and column, counted from 1, and what is wrong", () => {
    expect(errorOf('{\n  "a": 1,\n  "b" 2\n}')).toBe(
      "line 3, column 7: unexpected \"2\": expected ':' after the property name",
    );
    expect(errorOf('{\n  "name": "broken",\n  "rules": [}\n')).toBe(
      'line 3, column 13: unexpected "}": expected a value',
    );
    expect(errorOf('{\n  "a": ')).toBe("line 2, column 8: the file ends before the JSON does");
    expect(errorOf("{ not json")).toBe('line 1, column 3: unexpected "n": expected a property name in double quotes');
    expect(errorOf('{"a": 1,}')).toBe('line 1, column 9: unexpected "}": expected a property name in double quotes');
    expect(errorOf('{"a": "x\ny"}')).toBe("line 1, column 9: a control character (a line break?) inside a string");
    expect(errorOf('{"a": tru}')).toBe('line 1, column 10: unexpected "}": expected true');
    expect(errorOf('{"a": 01}')).toBe("line 1, column 8: unexpected \"1\": expected ',' or '}'");
    expect(errorOf("[1] x")).toBe('line 1, column 5: unexpected "x" after the JSON value');
  });
});
