import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { schemaProblem } from "./content/input-schema.js";
import { packageRoot } from "./platform/package-root.js";

/** The promises of docs/callers-and-demo-world.md about a goal's input_schema, checked against what a start accepts. */
const readme = readFileSync(join(packageRoot(), "docs", "callers-and-demo-world.md"), "utf8").replace(/\s+/g, " ");

describe("docs/callers-and-demo-world.md: a goal's input_schema subset", () => {
  it("should say that type lists and non-scalar const or enum values stop the start, as they do", () => {
    expect(readme).toContain('`type` is one name (not a list such as `["string","null"]`');
    expect(readme).toContain("`enum` and `const` take strings, numbers, booleans or null (not objects or arrays)");
    for (const refused of [
      { type: ["string", "null"] },
      { const: { k: [1, 2] } },
      { const: [1] },
      { enum: [{ a: 1 }] },
    ]) {
      expect(schemaProblem(refused), JSON.stringify(refused)).toBeDefined();
    }
    for (const accepted of [{ type: "string" }, { const: null }, { enum: ["a", 1, true, null] }]) {
      expect(schemaProblem(accepted), JSON.stringify(accepted)).toBeUndefined();
    }
  });
});
