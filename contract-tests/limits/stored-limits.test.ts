/**
 * Stored state is bounded too: an organisation's contexts hold at most `--max-context-mb` of text.
 * A create past it is refused 413 `{"detail": …}` and stores nothing; other organisations are not affected.
 * In-process only: it needs a mock started with `--max-context-mb 1` (against a default mock, 64 MiB,
 * the third context fitted and `bss-mock contract` failed the mock itself); reaching 64 MiB would mean storing it.
 */
import { as } from "../support/client.js";
import { describe, expect, IN_PROCESS, it } from "../support/harness.js";
import { newCaller, useTarget } from "../support/target.js";

/** A mock started with --max-context-mb 1 (in-process only). */
const capped = useTarget({ maxContextMb: 1 });

const LIMIT_DETAIL =
  "The organisation's contexts would hold more than the mock's limit of 1 MiB of text (--max-context-mb); send a smaller body, or reset the organisation (POST /__mock/reset).";

describe("stored contexts", { ...IN_PROCESS, rules: ["MOCK-LIMITS"] }, () => {
  it("should refuse a context that would take the organisation past --max-context-mb with 413, storing nothing", async () => {
    const org = `limit-${Math.random().toString(36).slice(2)}`;
    const [alice, bob] = [newCaller(org), newCaller(org)];
    const half = "x".repeat(400 * 1024);
    await as(capped, alice).post("/v1/contexts", { name: "one", body: half }).expect(201);
    await as(capped, bob).post("/v1/contexts", { name: "two", body: half }).expect(201);

    const refused = await as(capped, alice).post("/v1/contexts", { name: "three", body: half });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ detail: LIMIT_DETAIL });
    const listed = await as(capped, bob).get("/v1/contexts").expect(200);
    expect((listed.body as Array<{ name: string }>).map((c) => c.name)).not.toContain("three");

    // A small one still fits; another organisation has its own allowance.
    await as(capped, alice).post("/v1/contexts", { name: "small", body: "x" }).expect(201);
    await as(capped, newCaller()).post("/v1/contexts", { name: "elsewhere", body: half }).expect(201);
  });
});
