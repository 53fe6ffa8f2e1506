import type { Target } from "./target.js";

type Request = ReturnType<ReturnType<Target["http"]>["get"]>;

/**
 * One caller's requests to the target: each method sets the caller's authorization and returns supertest's request,
 * so a test awaits the response or chains `.expect(…)` as before. A body is sent only when one is given.
 */
export interface Client {
  get(path: string): Request;
  post(path: string, body?: string | object): Request;
  patch(path: string, body?: string | object): Request;
  put(path: string, body?: string | object): Request;
  delete(path: string): Request;
}

export function as(target: Target, auth: string): Client {
  const withBody = (request: Request, body: string | object | undefined) =>
    body === undefined ? request : request.send(body);
  return {
    get: (path) => target.http().get(path).set("authorization", auth),
    post: (path, body) => withBody(target.http().post(path).set("authorization", auth), body),
    patch: (path, body) => withBody(target.http().patch(path).set("authorization", auth), body),
    put: (path, body) => withBody(target.http().put(path).set("authorization", auth), body),
    delete: (path) => target.http().delete(path).set("authorization", auth),
  };
}
