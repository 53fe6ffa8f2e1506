/**
 * A goal's input schema (from fixtures, here a `--fixtures` folder of its own) is enforced in full on a simulation's
 * `inputs`: bounds on numbers and strings, closed objects, unique items. FastAPI keeps `inputs` free-form, so a
 * misfit is the service's own 400, naming the input.
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSettings } from "../../src/kit/contract/settings.js";
import { repositoryDir } from "../support/backend.js";
import { as } from "../support/client.js";
import { visibleUserModelId } from "../support/fixtures.js";
import { afterAll, beforeAll, describe, expect, IN_PROCESS, it } from "../support/harness.js";
import { newCaller, useTarget } from "../support/target.js";

const dir = join(tmpdir(), `bss-mock-goals-${randomUUID()}`);

/** The fixtures folder of this file's in-process mock (never written by the bundled runner, which has none). */
function writeFixtures() {
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(repositoryDir ?? ".", "fixtures", "populations.json"), join(dir, "populations.json"));
  writeFileSync(
    join(dir, "goals.json"),
    JSON.stringify({
      research: [
        {
          id: "price_check",
          name: "Price check",
          description: "How many would buy at a price",
          input_schema: {
            $schema: "https://json-schema.org/draft/2020-12/schema",
            type: "object",
            properties: {
              product: { type: "string", minLength: 1, maxLength: 40 },
              price: { type: "number", minimum: 1, maximum: 500 },
              seats: { type: "integer", exclusiveMinimum: 0, multipleOf: 5 },
              tiers: { type: "array", items: { type: "string" }, uniqueItems: true },
              launch: {
                type: "object",
                properties: { month: { type: "integer", minimum: 1, maximum: 12 } },
                required: ["month"],
                additionalProperties: false,
              },
            },
            required: ["product", "price"],
            additionalProperties: false,
          },
        },
      ],
      journey: [],
    }),
  );
}

// Before the target's own set-up, which starts the mock with these fixtures.
beforeAll(() => {
  if (runSettings().inProcess) writeFixtures();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const target = useTarget({ fixtures: dir });

async function create(inputs: Record<string, unknown>) {
  const auth = newCaller();
  const model = await visibleUserModelId(target, auth);
  return as(target, auth).post("/v1/simulations", {
    mode: "research",
    goal: "price_check",
    inputs,
    user_model_ids: [model],
  });
}

describe("a fixture goal's input schema on inputs", { ...IN_PROCESS, rules: ["MOCK-CREATE-REFUSALS"] }, () => {
  it("should accept inputs that fit every keyword", async () => {
    const res = await create({ product: "Kettle", price: 30, seats: 10, tiers: ["a", "b"], launch: { month: 3 } });
    expect(res.status).toBe(201);
  });

  for (const [inputs, detail] of [
    [{ product: "Kettle", price: 0.5 }, "Input 'price' of goal 'price_check' should be a number (1 to 500); got 0.5."],
    [{ product: "Kettle", price: 501 }, "Input 'price' of goal 'price_check' should be a number (1 to 500); got 501."],
    [
      { product: "K".repeat(41), price: 30 },
      `Input 'product' of goal 'price_check' should be a string (1 to 40 characters); got "${"K".repeat(41)}".`,
    ],
    [
      { product: "Kettle", price: 30, seats: 7 },
      "Input 'seats' of goal 'price_check' should be an integer (above 0, a multiple of 5); got 7.",
    ],
    [
      { product: "Kettle", price: 30, tiers: ["a", "a"] },
      `Input 'tiers' of goal 'price_check' should be an array of strings (no two the same); got ["a","a"].`,
    ],
    [
      { product: "Kettle", price: 30, launch: { month: 3, year: 2027 } },
      `Input 'launch' of goal 'price_check' should be an object with only the keys month; got {"month":3,"year":2027}.`,
    ],
    [
      { product: "Kettle", price: 30, colour: "red" },
      "Goal 'price_check' has no input 'colour'; its inputs are: product, price, seats, tiers, launch.",
    ],
  ] as const) {
    it(`should refuse ${JSON.stringify(inputs)} with 400 naming the input`, async () => {
      const res = await create(inputs);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail });
    });
  }
});
