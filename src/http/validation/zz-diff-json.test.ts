import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { type PyValue, pyFloatRepr } from "./py-value.js";
import { decodeJsonBody } from "./python-json.js";

type T = { t: string; v?: unknown };
function tr(v: PyValue): T {
  switch (v.kind) {
    case "none":
      return { t: "none" };
    case "bool":
      return { t: "bool", v: v.value };
    case "int":
      return { t: "int", v: v.text };
    case "float":
      return { t: "float", v: Number.isNaN(v.value) ? "nan" : pyFloatRepr(v.value) };
    case "str":
      return { t: "str", v: [...v.value].map((c) => c.codePointAt(0)) };
    case "list":
      return { t: "list", v: v.items.map(tr) };
    case "dict":
      return { t: "dict", v: v.entries.map(([k, x]) => [[...k].map((c) => c.codePointAt(0)), tr(x)]) };
  }
}
it("should match CPython json.loads", () => {
  const cases = JSON.parse(readFileSync("/tmp/oracle/json_cases.json", "utf8")) as Array<{ b64: string; expect: any }>;
  const bad: unknown[] = [];
  for (const c of cases) {
    const r = decodeJsonBody(new Uint8Array(Buffer.from(c.b64, "base64")));
    const got = r.kind === "ok" ? { kind: "ok", value: tr(r.value) } : r;
    const exp = { ...c.expect };
    delete exp.why;
    if (JSON.stringify(got) !== JSON.stringify(exp))
      bad.push({ input: Buffer.from(c.b64, "base64").toString("utf8"), got, exp });
  }
  expect(bad.slice(0, 10)).toEqual([]);
});
