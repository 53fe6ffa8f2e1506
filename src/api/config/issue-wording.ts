import type { z } from "zod";

// Zod issues in plain words, for the options (options.ts) and the control calls' arguments (mock-facade.ts):
// zod's own wording ("Invalid input: expected number, received NaN") reads oddly on a command line and in a thrown
// error; these say what a value must be and show the value given.

/**
 * How a message shows a value: `as-is` gives text as typed (the message quotes it: `invalid --port 'abc'`), `quoted`
 * as JavaScript writes it (`not "10"`). Anything else as JavaScript writes it (NaN, 1e16 as 10000000000000000), a
 * function by its kind, an object as JSON cut at 80 characters.
 */
export function shown(value: unknown, strings: "as-is" | "quoted"): string {
  if (typeof value === "string") return strings === "quoted" ? JSON.stringify(value) : value;
  if (typeof value === "function") return "a function";
  if (typeof value !== "object" || value === null) return String(value);
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    // A cycle or a bigint inside: said by its kind.
  }
  const text = json ?? (Array.isArray(value) ? "a list" : "an object");
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Of the issues at the first place, the one a caller can act on: the tightest bound (the route's year, not 2^53). */
export function issueToReport(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue {
  const [first] = issues as [z.core.$ZodIssue];
  const here = issues.filter((issue) => issue.path.join("\0") === first.path.join("\0"));
  const bound = (issue: z.core.$ZodIssue) =>
    issue.code === "too_big" ? Number(issue.maximum) : issue.code === "too_small" ? -Number(issue.minimum) : Infinity;
  return here.reduce((best, issue) => (bound(issue) < bound(best) ? issue : best), first);
}

const KINDS: Readonly<Record<string, string>> = {
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  string: "a string",
  array: "a list",
  record: "an object",
  object: "an object",
};

const FORMATS: Readonly<Record<string, string>> = {
  datetime: "a date-time such as 2026-01-01T09:00:00Z",
  date: "a date such as 2026-01-01",
  uuid: "a uuid",
};

/** "a string", "an integer", "a uuid" (said "you-you-id"). */
const article = (noun: string) => `${/^[aeio]/.test(noun) ? "an" : "a"} ${noun}`;

const plural = (count: unknown, noun: string) => `${count} ${noun}${Number(count) === 1 ? "" : "s"}`;

/**
 * What the value must be, as a noun phrase: "a number", "a whole number", "at most 100", "at least 1 character long",
 * "a uuid", "one of fast, instant", a union's choices joined with "or"; a refinement's own message as it is.
 */
export function expectedBy(issue: z.core.$ZodIssue, strings: "as-is" | "quoted"): string {
  switch (issue.code) {
    case "invalid_type":
      return KINDS[issue.expected] ?? article(issue.expected);
    case "invalid_union": {
      const choices = issue.errors.map((branch) => (branch[0] ? expectedBy(branch[0], strings) : "another value"));
      return [...new Set(choices)].join(" or ");
    }
    case "invalid_value":
      return `one of ${issue.values.map((value) => shown(value, strings)).join(", ")}`;
    case "too_big": {
      const most = issue.inclusive === false ? "less than" : "at most";
      if (issue.origin === "string") return `${most} ${plural(issue.maximum, "character")} long`;
      if (issue.origin === "array") return `${most} ${plural(issue.maximum, "item")}`;
      return `${most} ${issue.maximum}`;
    }
    case "too_small": {
      const least = issue.inclusive === false ? "more than" : "at least";
      if (issue.origin === "string") return `${least} ${plural(issue.minimum, "character")} long`;
      if (issue.origin === "array") return `${least} ${plural(issue.minimum, "item")}`;
      return `${least} ${issue.minimum}`;
    }
    case "invalid_format":
      return FORMATS[issue.format] ?? article(issue.format);
    default:
      return issue.message;
  }
}
