/**
 * A request the rules refuse. Domain code throws these with a sentence saying what is wrong and what to do; the HTTP
 * edge maps the kind to a status and writes it in the route's own error format.
 */
export type RefusalKind =
  | "bad_request"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unsupported_media_type"
  /** The change could not be saved (--db): nothing was changed. */
  | "unavailable";

export class Refusal extends Error {
  override readonly name = "Refusal";
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (resource: string) => new Refusal("not_found", `${resource} not found`);
export const conflict = (message: string) => new Refusal("conflict", message);
export const badRequest = (message: string) => new Refusal("bad_request", message);
export const forbidden = (message: string) => new Refusal("forbidden", message);
export const tooLarge = (message: string) => new Refusal("too_large", message);
export const unavailable = (message: string) => new Refusal("unavailable", message);
