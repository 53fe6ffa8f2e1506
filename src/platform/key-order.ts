/**
 * Objects that list their keys in the order a client sent them. A JS object lists keys that read as array indexes
 * ("2", "10") first and ascending, whatever order they were set in; a Python dict keeps the order it was given, so
 * FastAPI echoes a client's free-form `{"b":1,"2":2}` (a simulation's `inputs`, a journey task, metadata) as sent
 * where a plain JS object would come back `{"2":2,"b":1}`.
 *
 * Such an object is wrapped in a Proxy whose `ownKeys` lists the keys in the order sent: JSON.stringify,
 * Object.keys/entries and for-in follow it, so every writer echoes the client's order without knowing of it. Only
 * objects whose order JS would change are wrapped (rare), so everything else stays a plain object. A copy (spread,
 * JSON.parse of the JSON written) is a plain object again.
 */

/** An ECMAScript array index ("0" to "4294967294", no leading zero): a key JS objects list first, ascending. */
export function isArrayIndex(key: string): boolean {
  // Most keys are names: one character code settles them (every request body's keys pass through here).
  const first = key.charCodeAt(0);
  if (!(first >= 0x30 && first <= 0x39)) return false;
  return /^(?:0|[1-9][0-9]{0,9})$/.test(key) && Number(key) < 4_294_967_295;
}

/** Whether a plain object given `keys` in this order (no repeats) would list them in another order. */
function listedOtherwise(keys: readonly string[]): boolean {
  let other = false;
  let last = -1;
  for (const key of keys) {
    if (!isArrayIndex(key)) other = true;
    else {
      const index = Number(key);
      if (other || index < last) return true;
      last = index;
    }
  }
  return false;
}

const ordered = new WeakMap<object, readonly string[]>();

const handler: ProxyHandler<Record<string, unknown>> = {
  ownKeys(target) {
    const sent = ordered.get(target) ?? [];
    const own = Reflect.ownKeys(target);
    // Unchanged since it was made (records are replaced, not changed in place): the keys as sent.
    if (own.length === sent.length && sent.every((key) => Object.hasOwn(target, key))) return [...sent];
    // Changed after all: the keys still there in the order sent, then the ones added since.
    const kept = sent.filter((key) => Object.hasOwn(target, key));
    const seen = new Set<string | symbol>(kept);
    return [...kept, ...own.filter((key) => !seen.has(key))];
  },
};

/**
 * `target` (a plain object whose own keys are `keys`, set in the order a client sent them; a repeat keeps its first
 * place, as in a Python dict) listing them in that order. Returned as it is when JS lists them in that order anyway.
 */
export function inSentOrder<T extends Record<string, unknown>>(target: T, keys: readonly string[]): T {
  if (!listedOtherwise(keys)) return target;
  const unique = new Set(keys).size === keys.length ? keys : [...new Set(keys)];
  if (!listedOtherwise(unique)) return target;
  ordered.set(target, unique);
  return new Proxy(target, handler) as T;
}

/** A key that may read as an array index (`"2":`, `"2" :`): only then can an order be lost. */
const INDEX_KEY = /"(?:0|[1-9][0-9]{0,9})"\s*:/;

/**
 * `JSON.parse(text)`, its objects listing their keys in the order of the text where JS would list them otherwise: a
 * record stored with a client's `{"concept":…,"2":"x"}` reads back as sent, not `{"2":"x","concept":…}`. Text with a
 * key repeated in one object (never written by JSON.stringify) is read as JSON.parse reads it.
 */
export function parseKeepingKeyOrder(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!INDEX_KEY.test(text)) return value;
  const orders = keyOrdersOf(text);
  let next = 0;
  let repeated = false;
  // The objects of `value` in the order of their `{` in the text: the order keyOrdersOf lists them in.
  const visit = (item: unknown): unknown => {
    if (item === null || typeof item !== "object") return item;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) item[i] = visit(item[i]);
      return item;
    }
    const keys = orders[next++] ?? [];
    if (new Set(keys).size !== keys.length) repeated = true;
    if (repeated) return item;
    const record = item as Record<string, unknown>;
    for (const key of keys) {
      const child = visit(record[key]);
      // defineProperty: a `__proto__` key is an own property here, as JSON.parse made it.
      if (child !== record[key])
        Object.defineProperty(record, key, { value: child, writable: true, enumerable: true, configurable: true });
    }
    return inSentOrder(record, keys);
  };
  const ordered = visit(value);
  return repeated ? JSON.parse(text) : ordered;
}

/** The keys of each object of a JSON text, in the order they appear, objects in the order of their `{`. */
function keyOrdersOf(text: string): string[][] {
  const orders: string[][] = [];
  /** Per open object its keys and whether a key comes next; null for an open array. */
  const stack: Array<{ keys: string[]; keyNext: boolean } | null> = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c) {
          escaped = true;
          i++;
        } else if (c === 0x22) break;
      }
      const top = stack.at(-1);
      if (top?.keyNext) {
        top.keys.push(escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i));
        top.keyNext = false;
      }
    } else if (code === 0x7b) {
      const keys: string[] = [];
      orders.push(keys);
      stack.push({ keys, keyNext: true });
    } else if (code === 0x5b) stack.push(null);
    else if (code === 0x7d || code === 0x5d) stack.pop();
    else if (code === 0x2c) {
      const top = stack.at(-1);
      if (top) top.keyNext = true;
    }
  }
  return orders;
}
