import { describe, expect, it } from "vitest";
import { didYouMean, editDistance, nearest } from "./nearest.js";

describe("did you mean", () => {
  it("should count a swap of neighbours as one edit, as a typist makes it", () => {
    expect(editDistance("prot", "port")).toBe(1);
    expect(editDistance("srve", "serve")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });

  it("should offer the nearest names, best first, and nothing far", () => {
    expect(nearest("prot", ["post", "port", "host", "seed"])).toEqual(["port", "post"]);
    expect(nearest("flakey", ["flaky", "slow-network", "rate-limited"])).toEqual(["flaky"]);
    expect(nearest("RUN", ["run-fails", "stuck-running"])).toEqual(["run-fails", "stuck-running"]);
    expect(nearest("zzzzzz", ["port", "host"])).toEqual([]);
  });

  it("should say it as a question, or not at all", () => {
    expect(didYouMean("srve", ["serve", "openapi", "contract"])).toBe("did you mean 'serve'?");
    expect(didYouMean("prot", ["port", "post"], (name) => `--${name}`)).toBe("did you mean --port or --post?");
    expect(didYouMean("xyzzy", ["serve"])).toBeUndefined();
  });
});
