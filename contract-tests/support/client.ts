import type { HttpRequest } from "./http.js";
import type { Target } from "./target.js";

/**
 * One caller's requests to the target: each method sets the caller's authorization (none when the caller is "") and
 * returns the request, so a test awaits the response or chains `.expect(…)`. A body is sent only when one is given.
 */
export interface Client {
  get(path: string): HttpRequest;
  post(path: string, body?: unknown): HttpRequest;
  patch(path: string, body?: unknown): HttpRequest;
  put(path: string, body?: unknown): HttpRequest;
  delete(path: string): HttpRequest;
}

export function as(target: Target, auth: string): Client {
  const authorized = (request: HttpRequest) => (auth ? request.set("authorization", auth) : request);
  const withBody = (request: HttpRequest, body: unknown) => (body === undefined ? request : request.send(body));
  return {
    get: (path) => authorized(target.http().get(path)),
    post: (path, body) => withBody(authorized(target.http().post(path)), body),
    patch: (path, body) => withBody(authorized(target.http().patch(path)), body),
    put: (path, body) => withBody(authorized(target.http().put(path)), body),
    delete: (path) => authorized(target.http().delete(path)),
  };
}
