// The typed client the README recommends (openapi-fetch over bss-mock/client's paths) as an application uses it: one
// envelope check for every envelope route, reading `errors` from a success as from a failure. Type-checked by
// `npm test`'s tsc (openapi-fetch drops a property typed only `null` from a success's type, so `data.errors` did not
// compile) and run against the mock in-process.
import createClient from "openapi-fetch";
import { afterAll, describe, expect, expectTypeOf, it } from "vitest";
import type { components, paths } from "../openapi/openapi.js";
import { createApp } from "../src/api/app.js";

type ErrorObject = { code: string; message: string };

const app = createApp({ quiet: true, clock: "manual" });
afterAll(() => app.close());
const api = createClient<paths>({
  baseUrl: "http://mock.test",
  fetch: async (request) => app.fetch(request),
  headers: { authorization: "Bearer typed@client" },
});

/** The check an application writes once: an envelope's errors, whatever the status. */
function envelopeErrors(envelope: { errors: ErrorObject[] | null } | undefined): ErrorObject[] {
  return envelope?.errors ?? [];
}

describe("envelopes through openapi-fetch", () => {
  it("should type errors as the spec does on every envelope success: an array of {code, message} or null", async () => {
    const list = await api.GET("/v1/populations");
    expectTypeOf(list.data?.errors).toEqualTypeOf<ErrorObject[] | null | undefined>();
    expect(list.data?.errors).toBeNull();
    const id = list.data?.data[0]?.id as string;

    const one = await api.GET("/v1/populations/{population_id}", { params: { path: { population_id: id } } });
    expect(envelopeErrors(one.data)).toEqual([]);
    const missing = await api.GET("/v1/populations/{population_id}", {
      params: { path: { population_id: "00000000-0000-4000-8000-000000000000" } },
    });
    expect(envelopeErrors(missing.error as components["schemas"]["EnvelopeError"])).toEqual([
      { code: "not_found", message: expect.any(String) },
    ]);
  });

  it("should give every envelope schema of the document the same errors type", () => {
    type Schemas = components["schemas"];
    const successes = [
      "AnswerResponse",
      "PredictionResponse",
      "DeprecatedAnswerResponse",
      "PredictionBatchResponse",
      "TestBatchResponse",
      "PopulationListResponse",
      "PopulationResponse",
    ] as const;
    expectTypeOf<Schemas[(typeof successes)[number]]["errors"]>().toEqualTypeOf<ErrorObject[] | null>();
    expect(successes).toHaveLength(7);
  });
});
