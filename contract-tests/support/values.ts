/** Every string anywhere in a JSON value (object values and array items, depth first). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

/** Every object anywhere in a JSON value, the value itself included. */
export function objectsIn(value: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(value)) return value.flatMap(objectsIn);
  if (value !== null && typeof value === "object") {
    return [value as Record<string, unknown>, ...Object.values(value).flatMap(objectsIn)];
  }
  return [];
}

/**
 * The `loc` of each error item of a 422 body, or undefined when the body locates none (not the spec's `detail`
 * array): then where the error is cannot be told, and that is VALIDATION-422-BODY's failure, not the field's rule's.
 */
export function errorLocs(body: unknown): unknown[][] | undefined {
  const detail = (body as { detail?: unknown } | null | undefined)?.detail;
  if (!Array.isArray(detail)) return undefined;
  const locs = detail.map((item) => (item as { loc?: unknown } | null)?.loc).filter(Array.isArray);
  return locs.length > 0 ? locs : undefined;
}

/** The value without the keys named (at the top level): a response without the request's own echo. */
export function without(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export { ANSWER_ONLY_FIELDS } from "../../src/kit/contract/spec-fields.js";

/** An item of a list as a failure message shows it: its id and, when it has one, its created_at. */
function shown(item: { id: string; created_at?: unknown } | undefined, id: string): string {
  return typeof item?.created_at === "string" ? `${id} (${item.created_at})` : id;
}

/**
 * Fails unless the ids of `expected` appear in `list` in that order (other items may stand between them), with a
 * message that shows both orders by id and created_at: "expected newest first: [b (…05Z), a (…01Z)], got [a, b]".
 */
export function expectOrder(
  list: ReadonlyArray<{ id: string; created_at?: unknown }>,
  expected: readonly string[],
  what: string,
): void {
  const got = list.filter((item) => expected.includes(item.id)).map((item) => item.id);
  if (got.length === expected.length && got.every((id, i) => id === expected[i])) return;
  const byId = new Map(list.map((item) => [item.id, item]));
  const render = (ids: readonly string[]) => `[${ids.map((id) => shown(byId.get(id), id)).join(", ")}]`;
  throw new Error(`expected ${what}: ${render(expected)}, got ${render(got)}`);
}
