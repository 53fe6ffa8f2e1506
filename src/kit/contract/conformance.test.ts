import { describe, expect, it } from "vitest";
import { conformanceRules, NonConforming } from "./conformance.js";

const exchange = {
  method: "GET",
  url: "/",
  requestHeaders: {},
  status: 200,
  responseHeaders: {},
  responseBody: "",
  ms: 0,
};
const known = new Set(["USER-MODEL-OWNED-BY-ORG", "SIM-FIELD-STATUS", "SIM-CREATE-201", "ENVELOPE-ERRORS-FIELD"]);
const has = (id: string) => known.has(id);
const broken = (problem: string) => new NonConforming(problem.split(": ")[0] as string, problem, exchange);

describe("the rule a response that breaks the OpenAPI document breaks", () => {
  it("should name the field's rule for a field it lacks", () => {
    const error = broken(
      'GET /v1/user-models -> 200: the body does not match the documented schema: /0 must have required property \'owned_by_org\' {"missingProperty":"owned_by_org"}',
    );
    expect(conformanceRules(error, has)).toEqual(["USER-MODEL-OWNED-BY-ORG"]);
    expect(
      conformanceRules(
        broken(
          "POST /v1/simulations -> 201: the body does not match the documented schema: (body) must have required property 'status' {}",
        ),
        has,
      ),
    ).toEqual(["SIM-FIELD-STATUS"]);
  });

  it("should name the operation's status rule and the listed codes for a status the document does not list", () => {
    const error = broken("POST /v1/simulations -> 200: the document does not list this status for the operation");
    expect(conformanceRules(error, has)).toEqual(["SIM-CREATE-201", "STATUS-CODES-AS-LISTED"]);
  });

  it("should fall back to JSON-BODIES for a field no rule names", () => {
    const error = broken(
      "GET /v1/contexts -> 200: the body does not match the documented schema: /0/x must be string {}",
    );
    expect(conformanceRules(error, has)).toEqual(["JSON-BODIES"]);
  });
});
