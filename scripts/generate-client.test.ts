import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_TYPES_FILE, clientTypes } from "./generate-client.mjs";

describe("the typed client's declarations", () => {
  it("should be what openapi-typescript makes of openapi/openapi.json (run `npm run openapi` when this fails)", async () => {
    const document: unknown = JSON.parse(readFileSync("openapi/openapi.json", "utf8"));
    expect(readFileSync(CLIENT_TYPES_FILE, "utf8")).toBe(await clientTypes(document));
  });
});
