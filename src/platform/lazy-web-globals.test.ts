import { describe, expect, it } from "vitest";
import { deferWebGlobals, REAL_MEMBERS } from "./lazy-web-globals.js";

// Node's lazy globals are loaded already in a test process, so each test builds a global object of its own whose
// Headers, Request and Response are lazy getters as Node defines them (counting the loads) over the real classes.
type WebClass = typeof Headers | typeof Request | typeof Response;
interface FakeGlobal {
  Headers: typeof Headers;
  Request: typeof Request;
  Response: typeof Response;
}

function lazyGlobal(): { target: FakeGlobal; loads: () => number } {
  const target = {} as FakeGlobal;
  let loads = 0;
  const reals: Record<string, WebClass> = { Headers, Request, Response };
  for (const name of ["Headers", "Request", "Response"]) {
    Object.defineProperty(target, name, {
      configurable: true,
      enumerable: false,
      get() {
        loads++;
        Object.defineProperty(target, name, { value: reals[name], writable: true, configurable: true });
        return reals[name];
      },
      set(value) {
        Object.defineProperty(target, name, { value, writable: true, configurable: true });
      },
    });
  }
  return { target, loads: () => loads };
}

const wellKnown = (key: PropertyKey) =>
  Object.getOwnPropertyNames(Symbol).some((name) => (Symbol as unknown as Record<string, unknown>)[name] === key);

function deferred() {
  const fake = lazyGlobal();
  expect(deferWebGlobals(fake.target as unknown as typeof globalThis)).toBe(true);
  return fake;
}

/** As @hono/node-server makes its lightweight requests: an object on a subclass's prototype, never constructed. */
function lightweight(target: FakeGlobal) {
  const state: unique symbol = Symbol("state");
  const Sub = class extends target.Request {};
  const instance = Object.create(Sub.prototype) as Request & Record<symbol, number | undefined>;
  return { instance, state, Sub };
}

describe("deferWebGlobals", () => {
  // Before the load a stand-in answers only the members it lists: one a Node version adds must be listed too.
  it("should list every member of the running Node's Headers, Request and Response", () => {
    const sharedOnly = (key: string | symbol) =>
      typeof key === "string" || Symbol.keyFor(key) !== undefined || wellKnown(key);
    for (const real of [Headers, Request, Response]) {
      const listed = REAL_MEMBERS[real.name as keyof typeof REAL_MEMBERS];
      const members = Reflect.ownKeys(real.prototype).filter((key) => key !== "constructor" && sharedOnly(key));
      expect(listed.prototype, real.name).toEqual(expect.arrayContaining(members));
      const statics = Reflect.ownKeys(real).filter((key) => !["length", "name", "prototype"].includes(String(key)));
      expect(listed.statics, real.name).toEqual(expect.arrayContaining(statics));
    }
  });

  it("should leave globals that are loaded already alone", () => {
    const target = { Headers, Request, Response };
    expect(deferWebGlobals(target as unknown as typeof globalThis)).toBe(false);
    expect(target.Headers).toBe(Headers);
  });

  it("should let a module extend the classes, as @hono/node-server does on import, without loading them", () => {
    const { target, loads } = deferred();
    const Sub = class extends target.Request {};
    const HeadersLike = class {};
    Object.setPrototypeOf(HeadersLike.prototype, target.Headers.prototype);
    Object.setPrototypeOf(Sub, target.Response);
    expect(target.Headers.name).toBe("Headers");
    expect(target.Request.length).toBe(1);
    expect(typeof target.Headers.bind).toBe("function");
    expect(loads()).toBe(0);
  });

  it("should answer state kept under private symbols, `then` and instanceof on lightweight objects without a load", async () => {
    const { target, loads } = deferred();
    const { instance, state, Sub } = lightweight(target);
    expect(instance[state]).toBeUndefined();
    instance[state] = 7;
    expect(instance[state]).toBe(7);
    expect(Object.hasOwn(instance, state)).toBe(true);
    expect(state in instance).toBe(true);
    expect((instance as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(instance)).toBe(instance);
    expect(instance instanceof target.Request).toBe(true);
    expect(instance instanceof Sub).toBe(true);
    expect({ "content-type": "text/plain" } instanceof target.Headers).toBe(false);
    expect(instance instanceof target.Headers).toBe(false);
    expect(Object.create(class extends target.Response {}.prototype) instanceof target.Request).toBe(false);
    expect((["text"] as unknown) instanceof target.Headers).toBe(false);
    expect(loads()).toBe(0);
  });

  it("should load the real classes on construction, and stay the same globals after", () => {
    const { target, loads } = deferred();
    const StandIn = target.Headers;
    const headers = new target.Headers({ "x-a": "1" });
    expect(loads()).toBe(3);
    expect(headers.get("x-a")).toBe("1");
    expect(headers instanceof Headers).toBe(true);
    expect(headers instanceof target.Headers).toBe(true);
    expect(target.Headers).toBe(StandIn);
    expect(Object.prototype.toString.call(headers)).toBe("[object Headers]");
    expect([...headers]).toEqual([["x-a", "1"]]);
    // A real instance made elsewhere is an instance of the stand-in too.
    expect(new Headers() instanceof target.Headers).toBe(true);
  });

  it("should leave a global that was replaced since (@hono/node-server's serve() puts its own Response there) as it is", () => {
    const { target, loads } = deferred();
    const Lightweight = class extends target.Response {};
    Object.defineProperty(target, "Response", { value: Lightweight, writable: true, configurable: true });
    new target.Headers();
    expect(loads()).toBe(3);
    expect(target.Response).toBe(Lightweight);
    expect(new Lightweight("x") instanceof Response).toBe(true);
  });

  it("should build a subclass's instance with the real constructor and the subclass's prototype", async () => {
    const { target } = deferred();
    class Named extends target.Request {
      readonly extra: string;
      constructor(input: string, init?: RequestInit) {
        super(input, init);
        this.extra = "kept";
      }
    }
    const request = new Named("http://example.test/a?b=1", { method: "POST", body: "hello" });
    expect(request.url).toBe("http://example.test/a?b=1");
    expect(request.method).toBe("POST");
    expect(request.extra).toBe("kept");
    expect(request instanceof Named).toBe(true);
    expect(request instanceof Request).toBe(true);
    expect(await request.text()).toBe("hello");
  });

  it("should load on a member looked up through a lightweight object, and answer it from the real prototype", () => {
    const { target, loads } = deferred();
    const { instance } = lightweight(target);
    expect(instance.clone).toBe(Request.prototype.clone);
    expect(loads()).toBe(3);
  });

  it("should load on a static member and answer the real one", async () => {
    const { target, loads } = deferred();
    const response = target.Response.json({ a: 1 }, { status: 201 });
    expect(loads()).toBe(3);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ a: 1 });
    expect("json" in target.Response).toBe(true);
  });

  it("should load when an object that names itself a Headers is tested with instanceof", () => {
    const { target, loads } = deferred();
    expect(new Headers() instanceof target.Headers).toBe(true);
    expect(loads()).toBe(3);
  });

  it("should refuse a call without new, as the real class does", () => {
    const { target } = deferred();
    expect(() => (target.Headers as unknown as () => unknown)()).toThrow(TypeError);
  });
});
