/**
 * Node 20 defines fetch's `Headers`, `Request` and `Response` as lazy globals: the first read loads undici (fetch, its
 * dispatchers, web sockets) and with it http2, tls, crypto, zlib and the web streams, ~16 ms of a ~115 ms start.
 * @hono/node-server reads all three when it is imported, only to extend them; its own Request and Response stay
 * lightweight until a body is read or a Headers object is asked for, and a plain JSON answer never needs undici.
 *
 * `deferWebGlobals()` runs before the server module is imported and puts a stand-in in place of each of the three. A
 * stand-in is the real class to anyone using it (`new`, `extends`, static members, `instanceof`, members on the
 * prototype chain) and loads undici the first time one of those needs the real class; from then on it is a thin
 * subclass of it. Stand-ins stay the globals after the load, so a module that compared a global with the value it read
 * at import (@hono/node-server does, for Headers) still sees the same value.
 */

const NAMES = ["Headers", "Request", "Response"] as const;
type WebName = (typeof NAMES)[number];

/** `length` of each constructor in the Fetch standard (undici agrees), known before the real one is loaded. */
const LENGTHS: Record<WebName, number> = { Headers: 0, Request: 1, Response: 0 };

/**
 * Keys the runtime looks up on any object it is handed (a returned Response is checked for `then` when a promise
 * resolves with it) that none of the three interfaces has: answered as an object without them answers, with no load.
 */
const ABSENT_MEMBERS = new Set<PropertyKey>(["then"]);

type AnyClass = abstract new (...args: never[]) => object;

/**
 * Replaces Node's lazy `Headers`, `Request` and `Response` globals with stand-ins that load undici on first real use.
 * Does nothing (and returns false) when any of them has been loaded already or is not Node's lazy getter.
 */
export function deferWebGlobals(target: typeof globalThis = globalThis): boolean {
  const descriptors = NAMES.map((name) => Object.getOwnPropertyDescriptor(target, name));
  if (descriptors.some((descriptor) => descriptor?.get === undefined || descriptor.configurable !== true)) return false;

  const reals = new Map<WebName, AnyClass>();
  const standIns = new Map<WebName, AnyClass>();
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    NAMES.forEach((name, index) => {
      const descriptor = descriptors[index] as PropertyDescriptor;
      // Node's getter loads undici and defines the global as the real class; the stand-in takes its place again.
      const real = (descriptor.get as () => AnyClass).call(target);
      const standIn = standIns.get(name) as AnyClass;
      reals.set(name, real);
      Object.setPrototypeOf(standIn, real);
      Object.setPrototypeOf(standIn.prototype, real.prototype);
      Object.defineProperty(target, name, {
        value: standIn,
        writable: true,
        configurable: true,
        enumerable: descriptor.enumerable === true,
      });
    });
  };
  const realOf = (name: WebName): AnyClass => {
    load();
    return reals.get(name) as AnyClass;
  };

  NAMES.forEach((name, index) => {
    const descriptor = descriptors[index] as PropertyDescriptor;
    const standIn = makeStandIn(name, realOf, () => loaded);
    standIns.set(name, standIn);
    Object.defineProperty(target, name, {
      value: standIn,
      writable: true,
      configurable: true,
      enumerable: descriptor.enumerable === true,
    });
  });
  return true;
}

function makeStandIn(name: WebName, realOf: (name: WebName) => AnyClass, isLoaded: () => boolean): AnyClass {
  // A class, so that calling it without `new` throws as the real one does; `new.target` is a subclass when one extends
  // it (@hono/node-server's Request), and the real constructor builds the instance with that subclass's prototype.
  const standIn = class {
    constructor(...args: unknown[]) {
      // biome-ignore lint/correctness/noConstructorReturn: the instance is the real class's, as a subclass would make it
      return Reflect.construct(realOf(name) as unknown as new (...args: unknown[]) => object, args, new.target);
    }
  };
  Object.defineProperty(standIn, Symbol.hasInstance, {
    configurable: true,
    value: function hasInstance(this: AnyClass, value: unknown): boolean {
      // A subclass inherits this method; for it, the ordinary check is what the real class gives too.
      if (this !== standIn) return ordinaryHasInstance(this, value);
      // The real class's prototype is under the stand-in's: this holds for the instances either one made.
      if (isLoaded()) return ordinaryHasInstance(realOf(name), value);
      // Before the load, only lightweight instances (made through a subclass, without the real constructor) exist,
      // unless undici was loaded another way (global fetch): an object that names itself so is checked for real.
      if (ordinaryHasInstance(standIn, value)) return true;
      if (typeof value !== "object" || value === null) return false;
      if (Object.prototype.toString.call(value) !== `[object ${name}]`) return false;
      return ordinaryHasInstance(realOf(name), value);
    },
  });
  Object.defineProperty(standIn, "name", { value: name });
  Object.defineProperty(standIn, "length", { value: LENGTHS[name] });
  // Until the load, a member looked up past the stand-in's own (static or on the prototype) is the real class's.
  Object.setPrototypeOf(
    standIn,
    loadOnMiss(Function.prototype, () => realOf(name)),
  );
  Object.setPrototypeOf(
    standIn.prototype,
    loadOnMiss(Object.prototype, () => realOf(name).prototype),
  );
  return standIn;
}

const ordinaryHasInstance = (klass: AnyClass, value: unknown): boolean =>
  Function.prototype[Symbol.hasInstance].call(klass, value);

const WELL_KNOWN_SYMBOLS = new Set<PropertyKey>(
  Object.getOwnPropertyNames(Symbol)
    .map((name) => (Symbol as unknown as Record<string, unknown>)[name])
    .filter((value) => typeof value === "symbol"),
);

/**
 * A symbol only the code that made it holds (`Symbol("x")`, neither well-known nor registered): a class not loaded yet
 * cannot have a member under it, so a lookup of one (@hono/node-server keeps its state under such symbols on the
 * instances it makes) is answered without a load.
 */
const isPrivateSymbol = (key: PropertyKey): boolean =>
  typeof key === "symbol" && !WELL_KNOWN_SYMBOLS.has(key) && Symbol.keyFor(key) === undefined;

/**
 * A prototype that stands for the real one until it is loaded: a lookup that reaches it loads undici (`load()`, which
 * also puts the real prototype in its place) and is answered from the real one. `base` is what the real one inherits
 * from (Function.prototype for the constructor, Object.prototype for instances), so the chain it reports is the real
 * one's. Answered from `base` without a load: private symbols, `then`, and static lookups of Function.prototype
 * members (`bind`, `call`), which none of the real classes has a static member of its own for.
 */
function loadOnMiss(base: object, real: () => object): object {
  const answersWithoutLoad = (key: PropertyKey) =>
    isPrivateSymbol(key) ||
    ABSENT_MEMBERS.has(key) ||
    (base === Function.prototype && key !== Symbol.hasInstance && key in base);
  return new Proxy(Object.create(base) as object, {
    get(_target, key, receiver) {
      return Reflect.get(answersWithoutLoad(key) ? base : real(), key, receiver);
    },
    has(_target, key) {
      return Reflect.has(answersWithoutLoad(key) ? base : real(), key);
    },
    set(_target, key, value, receiver) {
      return Reflect.set(answersWithoutLoad(key) ? base : real(), key, value, receiver);
    },
    getOwnPropertyDescriptor() {
      return undefined;
    },
    ownKeys() {
      return [];
    },
  });
}
