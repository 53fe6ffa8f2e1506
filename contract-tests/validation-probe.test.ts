import { writeFileSync } from "node:fs";
import { it } from "vitest";
import { useTarget } from "./support/target.js";

const target = useTarget();
it("probe", async () => {
  const res = await target.http().get("/openapi.json");
  writeFileSync("/tmp/openapi.json", res.text);
  const docs = await target.http().get("/docs");
  writeFileSync("/tmp/docs.html", docs.text);
  console.log(res.status, docs.status, docs.headers["content-type"]);
});
