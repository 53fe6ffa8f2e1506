import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerOrders, isArrayIndex, type KeyOrders, resultOrders, stringifyInOrder } from "./ordered-json.js";

describe("stringifyInOrder", () => {
  it("should write the ordered objects' keys in the order given, integer-like ones included", () => {
    const overall = Object.fromEntries([
      ["2", 0.5],
      ["1", 0.25],
      ["10", 0.25],
    ]);
    expect(JSON.stringify(overall)).toBe('{"1":0.25,"2":0.5,"10":0.25}');
    const orders: KeyOrders = new Map([[overall, ["2", "1", "10"]]]);
    expect(stringifyInOrder({ q: [{ overall }] }, orders)).toBe('{"q":[{"overall":{"2":0.5,"1":0.25,"10":0.25}}]}');
    // Keys the order does not name follow it, in the object's own order; names it lacks are left out.
    const partial = { b: 1, "3": 2, a: 3 };
    expect(stringifyInOrder(partial, new Map([[partial, ["a", "missing"]]]))).toBe('{"a":3,"3":2,"b":1}');
  });

  it("should write anything else exactly as JSON.stringify does", () => {
    const tricky = {
      when: new Date(0),
      gone: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Number.NaN, -0, Number.POSITIVE_INFINITY, 'é\u2028"\\'],
      nested: { "2": "b", "1": "a" },
    };
    const orders: KeyOrders = new Map([[{}, ["x"]]]);
    expect(stringifyInOrder(tricky, orders)).toBe(JSON.stringify(tricky));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stringifyInOrder(value, orders)).toBe(JSON.stringify(value));
      }),
    );
  });
});

describe("isArrayIndex", () => {
  it("should tell the keys a JS object lists first", () => {
    for (const key of ["0", "1", "10", "4294967294"]) expect(isArrayIndex(key), key).toBe(true);
    for (const key of ["01", "-1", "1.5", "4294967295", " 1", "1e3", "", "Yes"])
      expect(isArrayIndex(key), key).toBe(false);
    // The rule JS itself follows: an index key comes before a key set earlier.
    for (const key of ["0", "7", "4294967294", "4294967295", "01"])
      expect(Object.keys({ a: 1, [key]: 2 })[0] === key, key).toBe(isArrayIndex(key));
  });
});

describe("the objects keyed by options", () => {
  it("should order a research question's distributions only when its options have integer-like labels", () => {
    const scrambled = { answer_options: ["2", "1"], overall: { "1": 0.5, "2": 0.5 }, by_user_model: { m: { "1": 1 } } };
    const plain = { answer_options: ["Yes", "No"], overall: { Yes: 1, No: 0 }, by_user_model: { m: { Yes: 1 } } };
    const orders = resultOrders({ questions: [scrambled, plain] });
    expect([...orders.keys()]).toEqual([scrambled.overall, scrambled.by_user_model.m]);
    expect(resultOrders({ steps: [] }).size).toBe(0);
    expect(resultOrders(null).size).toBe(0);
  });

  it("should order a prediction's, an answer's and a batch's percentages and counts", () => {
    const answer = {
      answer_options: ["10", "2"],
      simulated_answer_percentages: { "2": 0.5, "10": 0.5 },
      predicted_answer_percentages: { "2": 0.5, "10": 0.5 },
      ground_answer_counts: { "2": 1, "10": 1 },
      ground_answer_percentages: { "2": 0.5, "10": 0.5 },
    };
    expect(answerOrders(answer).size).toBe(4);
    expect(answerOrders({ answers: [answer] }).size).toBe(4);
    expect(answerOrders({ predictions: [{ ...answer, answer_options: ["a", "b"] }] }).size).toBe(0);
    expect(stringifyInOrder({ data: answer }, answerOrders(answer))).toContain('"ground_answer_counts":{"10":1,"2":1}');
  });
});
