import { describe, expect, it } from "vitest";
import { prefersJson } from "./simulations.handlers.js";

describe("prefersJson (share page negotiation)", () => {
  it.each([
    [undefined, false],
    ["*/*", false],
    ["application/json", true],
    ["application/json, text/plain, */*", true],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false],
    ["text/html,application/json;q=0.9", false],
    ["application/json;q=0.5, text/html;q=0.4", true],
    ["text/*;q=0.3, application/*", true],
    ["application/json;q=0", false],
  ])("should answer %j with JSON: %s", (accept, expected) => {
    expect(prefersJson(accept)).toBe(expected);
  });
});
