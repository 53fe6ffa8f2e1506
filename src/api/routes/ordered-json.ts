/**
 * JSON for answers keyed by a question's options (`overall`, `predicted_answer_percentages`, …) with the keys in the
 * options' order. A JS object lists keys that read as array indexes ("2", "1", "10") first and ascending, whatever
 * order they were set in, so JSON.stringify sends {"1":…,"2":…,"10":…} for options ["2","1","10"]; the real service's
 * Python dicts keep the options' order, and a client drawing the keys in turn would show the scale scrambled. Only
 * such labels need this slower writer: everything else is written by JSON.stringify, as before.
 */

import { jsonText } from "../../fastapi/index.js";
import { isArrayIndex } from "../../platform/key-order.js";

/** Objects whose keys must come out in the order given (the options of their question). */
export type KeyOrders = Map<object, readonly string[]>;

export { isArrayIndex };

/** Whether objects keyed by these options would come out of JSON.stringify in another order. */
function reordered(options: unknown): options is string[] {
  return Array.isArray(options) && options.some((option) => typeof option === "string" && isArrayIndex(option));
}

/** `value` as JSON.stringify writes it, except that the objects in `orders` list their keys in the order given. */
export function stringifyInOrder(value: unknown, orders: KeyOrders): string {
  if (orders.size === 0) return JSON.stringify(value);
  return write("", value, orders) ?? "null";
}

/** JSON.stringify's algorithm (toJSON, undefined and functions left out of objects, null in arrays), keys ordered. */
function write(key: string, raw: unknown, orders: KeyOrders): string | undefined {
  const value =
    raw !== null && typeof raw === "object" && typeof (raw as { toJSON?: unknown }).toJSON === "function"
      ? (raw as { toJSON(key: string): unknown }).toJSON(key)
      : raw;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item, i) => write(String(i), item, orders) ?? "null").join(",")}]`;
  const record = value as Record<string, unknown>;
  const order = orders.get(value);
  const keys = order
    ? [...new Set([...order.filter((k) => Object.hasOwn(record, k)), ...Object.keys(record)])]
    : Object.keys(record);
  const members: string[] = [];
  for (const k of keys) {
    const member = write(k, record[k], orders);
    if (member !== undefined) members.push(`${JSON.stringify(k)}:${member}`);
  }
  return `{${members.join(",")}}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A research simulation's results: each question's `overall` and each of its `by_user_model` in its options' order. */
export function resultOrders(results: unknown, orders: KeyOrders = new Map()): KeyOrders {
  const questions = isObject(results) ? results.questions : undefined;
  if (!Array.isArray(questions)) return orders;
  for (const question of questions) {
    if (!isObject(question) || !reordered(question.answer_options)) continue;
    if (isObject(question.overall)) orders.set(question.overall, question.answer_options);
    if (isObject(question.by_user_model))
      for (const shares of Object.values(question.by_user_model))
        if (isObject(shares)) orders.set(shares, question.answer_options);
  }
  return orders;
}

/** Fields of a prediction or answer keyed by its options. */
const BY_OPTION = [
  "simulated_answer_percentages",
  "predicted_answer_percentages",
  "ground_answer_counts",
  "ground_answer_percentages",
] as const;

/** A prediction, an answer, or a batch of them: their percentages and counts in the options' order. */
export function answerOrders(data: unknown, orders: KeyOrders = new Map()): KeyOrders {
  if (!isObject(data)) return orders;
  for (const list of [data.predictions, data.answers])
    if (Array.isArray(list)) for (const item of list) answerOrders(item, orders);
  if (reordered(data.answer_options))
    for (const field of BY_OPTION) {
      const shares = data[field];
      if (isObject(shares)) orders.set(shares, data.answer_options);
    }
  return orders;
}

/** The envelope with a prediction's or answer's percentages and counts keyed in its options' order. */
export function byOptions(status: number, data: unknown): Response {
  return jsonText(status, stringifyInOrder({ data, errors: null }, answerOrders(data)));
}
