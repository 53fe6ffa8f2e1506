/**
 * Node 20 defines fetch's `Headers`, `Request` and `Response` as lazy globals: the first read loads undici (fetch, its
 * dispatchers, web sockets) and with it http2, tls, crypto, zlib and the web streams, a large share of a start.
 * @hono/node-server reads all three when it is imported, only to extend them; its own Request and Response stay
 * lightweight until a body is read or a Headers object is asked for, and a plain JSON answer never needs undici.
 *
 * `deferWebGlobals()` runs before the server module is imported and puts a stand-in in place of each of the three. A
 * stand-in is the real class to anyone using it (`new`, `extends`, static members, `instanceof`, the members of its
 * prototype) and loads undici the first time one of those needs the real class; from then on it is a thin subclass
 * of it. Loading changes no global: a stand-in stays where it was put (and so do @hono/node-server's own Request and
 * Response, which its serve() puts in their place), so a module that compared a global with the value it read at
 * import (@hono/node-server does, for Headers) still sees the same value.
 */

const NAMES = ["Headers", "Request", "Response"] as const;
type WebName = (typeof NAMES)[number];

/** `length` of each constructor in the Fetch standard (undici agrees), known before the real one is loaded. */
const LENGTHS: Record<WebName, number> = { Headers: 0, Request: 1, Response: 0 };

const INSPECT = Symbol.for("nodejs.util.inspect.custom");
const BODY_MEMBERS = ["body", "bodyUsed", "clone", "blob", "arrayBuffer", "text", "json", "formData", "bytes"];

/**
 * The members of the real classes' prototypes (Node 20's undici; lazy-web-globals.test.ts checks the running Node's
 * have no other) and their static members. Undici's own unregistered symbols are left out: no one else holds them.
 */
export const REAL_MEMBERS: Record<WebName, { prototype: readonly PropertyKey[]; statics: readonly PropertyKey[] }> = {
  Headers: {
    prototype: [
      ...["append", "delete", "get", "has", "set", "getSetCookie", "keys", "values", "entries", "forEach"],
      ...[Symbol.iterator, Symbol.toStringTag, INSPECT],
    ],
    statics: [],
  },
  Request: {
    prototype: [
      ...["method", "url", "headers", "destination", "referrer", "referrerPolicy", "mode", "credentials", "cache"],
      ...["redirect", "integrity", "keepalive", "isReloadNavigation", "isHistoryNavigation", "signal", "duplex"],
      // Node 20's undici defines an `attribute` member on Request.prototype too.
      "attribute",
      ...BODY_MEMBERS,
      ...[Symbol.toStringTag, INSPECT],
    ],
    statics: [],
  },
  Response: {
    prototype: [
      ...["type", "url", "redirected", "status", "ok", "statusText", "headers"],
      ...BODY_MEMBERS,
      ...[Symbol.toStringTag, INSPECT],
    ],
    statics: ["error", "json", "redirect"],
  },
};

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
      // Node's getter loads undici and defines the global as the real class. What the global is now (the stand-in, or
      // @hono/node-server's own Request and Response, which its serve() puts there) is put back: loading changes no
      // global, or every answer after the first load would be a real undici Response instead of a lightweight one.
      const current = Object.getOwnPropertyDescriptor(target, name) as PropertyDescriptor;
      const real = ((descriptors[index] as PropertyDescriptor).get as () => AnyClass).call(target);
      Object.defineProperty(target, name, current);
      const standIn = standIns.get(name) as AnyClass;
      reals.set(name, real);
      Object.setPrototypeOf(standIn, real);
      Object.setPrototypeOf(standIn.prototype, real.prototype);
    });
  };
  const realOf = (name: WebName): AnyClass => {
    load();
    return reals.get(name) as AnyClass;
  };

  /** Which stand-in's lightweight instances `value` is one of, if any (no member of it is looked up). */
  const lightweightKind = (value: object): WebName | undefined =>
    NAMES.find((name) => ordinaryHasInstance(standIns.get(name) as AnyClass, value));

  NAMES.forEach((name, index) => {
    const standIn = makeStandIn(name, realOf, () => loaded, lightweightKind);
    standIns.set(name, standIn);
    Object.defineProperty(target, name, {
      value: standIn,
      writable: true,
      configurable: true,
      enumerable: descriptors[index]?.enumerable === true,
    });
  });
  return true;
}

function makeStandIn(
  name: WebName,
  realOf: (name: WebName) => AnyClass,
  isLoaded: () => boolean,
  lightweightKind: (value: object) => WebName | undefined,
): AnyClass {
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
      if (typeof value !== "object" || value === null) return false;
      const kind = lightweightKind(value);
      // A lightweight Response is no Headers, and asking its name would load the real classes.
      if (kind !== undefined) return kind === name;
      if (Object.prototype.toString.call(value) !== `[object ${name}]`) return false;
      return ordinaryHasInstance(realOf(name), value);
    },
  });
  Object.defineProperty(standIn, "name", { value: name });
  Object.defineProperty(standIn, "length", { value: LENGTHS[name] });
  // Until the load, the real members (static and on the prototype) are looked up through these.
  Object.setPrototypeOf(
    standIn,
    membersThatLoad(Function.prototype, REAL_MEMBERS[name].statics, () => realOf(name)),
  );
  Object.setPrototypeOf(
    standIn.prototype,
    membersThatLoad(Object.prototype, REAL_MEMBERS[name].prototype, () => realOf(name).prototype),
  );
  return standIn;
}

const ordinaryHasInstance = (klass: AnyClass, value: unknown): boolean =>
  Function.prototype[Symbol.hasInstance].call(klass, value);

/**
 * What stands for a real prototype until it is loaded: an object on `base` (what the real one inherits from:
 * Function.prototype for the constructor, Object.prototype for instances) with the real one's members as accessors
 * that load it and answer from it. Any other key is looked up as the real chain would (state that @hono/node-server
 * keeps under its own symbols on its instances, or the `then` a promise checks for): an ordinary object, not a Proxy,
 * so that those lookups and property additions stay on V8's fast paths (a Proxy here cost a polled GET ~35 % of its
 * throughput, 14 traps a request).
 */
function membersThatLoad(base: object, members: readonly PropertyKey[], real: () => object): object {
  const stand = Object.create(base) as object;
  for (const key of members) {
    Object.defineProperty(stand, key, {
      configurable: true,
      get(this: object) {
        return Reflect.get(real(), key, this);
      },
      set(this: object, value: unknown) {
        // A refused assignment (a getter-only member) is ignored, as outside strict mode.
        Reflect.set(real(), key, value, this);
      },
    });
  }
  return stand;
}
