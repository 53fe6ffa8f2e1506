import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodePercent, startPage } from "./readable-url.js";

describe("decodePercent", () => {
  it("should decode the escapes of UTF-8 text", () => {
    expect(decodePercent("shop.example/%C3%A9")).toBe("shop.example/é");
    expect(decodePercent("/caf%C3%A9%20cr%C3%A8me/%F0%9F%90%B6")).toBe("/café crème/🐶");
  });

  it("should keep as written what is no UTF-8, and never throw", () => {
    expect(decodePercent("/%E9")).toBe("/%E9");
    expect(decodePercent("/%C3")).toBe("/%C3");
    expect(decodePercent("/%C3%A9%E9%zz%")).toBe("/é%E9%zz%");
    expect(decodePercent("/%ED%A0%80")).toBe("/%ED%A0%80"); // a lone surrogate's bytes
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom("%", "%C3", "%A9", "%E2%80", "%F0", "%zz"), fc.string())),
        (parts) => {
          expect(typeof decodePercent(parts.join(""))).toBe("string");
        },
      ),
    );
  });

  it("should keep escaped what would break a report's lines or turn its text round", () => {
    expect(decodePercent("/a%0Ab%0D%09")).toBe("/a%0Ab%0D%09");
    expect(decodePercent("/%E2%80%AEevil")).toBe("/%E2%80%AEevil");
    expect(decodePercent("/%E2%80%A8")).toBe("/%E2%80%A8");
  });

  it("should give back any visible text it is given encoded", () => {
    const visible = fc.string({ unit: "grapheme" }).filter((s) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u.test(s));
    fc.assert(
      fc.property(visible, (text) => {
        expect(decodePercent(encodeURIComponent(text))).toBe(text);
      }),
    );
  });
});

describe("startPage", () => {
  it("should name the page by its readable path and the host as typed", () => {
    expect(startPage("https://shop.example/é")).toEqual({ host: "shop.example", page: "shop.example/é" });
    expect(startPage("https://shop.example/%C3%A9/")).toEqual({ host: "shop.example", page: "shop.example/é" });
    expect(startPage("https://Bücher.example:8443/a%20b")).toEqual({
      host: "bücher.example:8443",
      page: "bücher.example:8443/a b",
    });
    expect(startPage("https://user@shop.example/%E9")).toEqual({ host: "shop.example", page: "shop.example/%E9" });
    expect(startPage("not a url")).toBeUndefined();
  });
});
