import { z } from "zod";
import { ConfigError } from "../platform/config-error.js";
import { joinPath, packagePath, readTextFile } from "../platform/files.js";

/** fixtures/ at the package root. */
export function defaultFixturesDir(): string {
  return packagePath("fixtures");
}

/** A fixture file the mock cannot use: a usage error, as a bad option is (exit 2; ConfigError in a program). */
export class FixtureError extends ConfigError {
  override readonly name = "FixtureError";
  static {
    Object.defineProperty(FixtureError, "name", { value: "FixtureError" }); // as ConfigError's
  }
  constructor(message: string) {
    super(message, "fixtures");
  }
}

// Fixtures are parsed once, at start-up: zod's JIT-compiled parsers only pay off on repeated parses, and compiling
// them is a measurable part of the cold start. (The request path never uses zod's parser.)
z.config({ jitless: true });

/** Reads and validates one fixture file; the error names the file and the field. */
export function readFixture<S extends z.ZodType>(dir: string, file: string, schema: S): z.output<S> {
  const path = joinPath(dir, file);
  let raw: unknown;
  try {
    raw = JSON.parse(readTextFile(path));
  } catch (error) {
    throw new FixtureError(`fixture ${path}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "(root)";
    throw new FixtureError(`fixture ${path}: field ${field}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/**
 * Something (a module's zod schemas) built on its first use rather than when the module is evaluated: a start reads
 * the packaged files as the build validated them (src/api/packaged-content.ts), so only a user's files need the schemas;
 * a route's schemas wait for the document or the route's first request (src/api/routes/define-route.ts).
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
