import { z } from "zod";
import { ConfigError as UsageError } from "../../platform/config-error.js";
import { didYouMean } from "../../platform/nearest.js";
import { parseCorsOrigins } from "./cors-origins.js";
import { expectedBy, issueToReport, shown } from "./issue-wording.js";
import { isHostSyntax } from "./listen-address.js";

/**
 * Every option of `bss-mock serve`, as one zod schema. Flags and environment variables are parsed into this shape and
 * nothing else in the program reads `process.env`.
 */
// Numbers are numbers: the programmatic API takes typed values (`seed: "7"` is a mistake, as `quiet: "yes"` is), and
// parseServeOptions reads a flag's or variable's text into a number before the schema sees it.
const nonNegativeMs = z.number().int().min(0).max(86_400_000);

// Strict: a mistyped option (`prot: 0`) is refused rather than silently ignored.
export const optionsSchema = z.strictObject({
  port: z.number().int().min(0).max(65_535).default(4010),
  host: z.string().min(1).default("127.0.0.1").refine(isHostSyntax, {
    message: "expected an IP address or a host name, such as 127.0.0.1, 0.0.0.0, :: or localhost",
  }),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
  timing: z.enum(["realistic", "fast", "instant"]).default("realistic"),
  planningMs: nonNegativeMs.optional(),
  runningMs: nonNegativeMs.optional(),
  synthesisMs: nonNegativeMs.optional(),
  retestMs: nonNegativeMs.optional(),
  clock: z.enum(["system", "manual"]).default("system"),
  now: z.iso.datetime({ offset: true }).optional(),
  db: z.string().min(1).optional(),
  /** `always`: fdatasync each group of journal appends before answering (survives power loss, not only kill -9). */
  dbSync: z.enum(["always", "never"]).default("never"),
  auth: z.enum(["optional", "required"]).default("optional"),
  maxQuestions: z.number().int().min(1).max(1000).default(40),
  /** MiB of context text (names and bodies) one organisation may store; a create past it is refused 413. */
  maxContextMb: z.number().int().min(1).max(1_000_000).default(64),
  corsOrigin: z
    .string()
    .min(1)
    .default("*")
    .superRefine((value, ctx) => {
      const parsed = parseCorsOrigins(value);
      if ("problem" in parsed) ctx.addIssue({ code: "custom", message: parsed.problem });
    }),
  quiet: z.boolean().default(false),
  /** The request log: one text line per request, or one JSON object per line for log tools. */
  logFormat: z.enum(["text", "json"]).default("text"),
  /** A folder with goals.json, populations.json and (optionally) demo-world.json in place of the packaged ones. */
  fixtures: z.string().min(1).optional(),
  /**
   * Scenarios active for the whole mock from the start: names (`--scenario a,b`), or, programmatically, scenario
   * objects written out in full (checked by the scenario schema when the mock starts).
   */
  scenarios: z.array(z.union([z.string().min(1), z.record(z.string(), z.unknown())])).default([]),
  /**
   * The user's own scenario files, added to the shipped ones (a same-named scenario replaces one): a folder of them,
   * or one file.
   */
  scenariosDir: z.string().min(1).optional(),
  /** Requests the journal keeps (GET /__mock/requests); 0 turns it off. */
  journalSize: z.number().int().min(0).max(100_000).default(1000),
  /** No control API: /__mock is neither served nor documented. */
  noControl: z.boolean().default(false),
  /** The control API answers only requests with header `x-mock-control-token: <token>`. */
  controlToken: z.string().min(1).optional(),
});

export type MockOptions = z.output<typeof optionsSchema>;
export type MockOptionsInput = z.input<typeof optionsSchema>;

/**
 * A usage error: an option (flag) whose value the mock cannot use, or a fixture or scenario file. When one option is
 * at fault, `option` names it (camelCase, as the programmatic API spells it), with its `value` and the `problem`, so
 * the command line can say it with the flag's name.
 */
export type ConfigError = UsageError<keyof MockOptions>;
export const ConfigError: {
  new (message: string, option?: keyof MockOptions, value?: string, problem?: string): ConfigError;
  readonly prototype: ConfigError;
} = UsageError;

/** `invalid <name> '<value>': <problem>`, `name` being the option's (or, on the command line, the flag's). */
export function optionError(
  option: keyof MockOptions,
  value: string,
  problem: string,
  name: string = option,
): ConfigError {
  return new ConfigError(`invalid ${name} '${value}': ${problem}`, option, value, problem);
}

/**
 * The options of the programmatic API (`startServer`, `createApp`), checked by the same schema as the command line.
 * Throws ConfigError with the same one-line message, naming the option (`invalid port 'abc': expected a number`).
 */
export function validateOptions(
  input: unknown,
  source: Record<string, string> = {},
  text: Readonly<Record<string, unknown>> = {},
): MockOptions {
  // Options this function returned are valid as they are: `serve` hands them on to startServer and createApp, which
  // would otherwise slow a cold start checking them twice more.
  if (typeof input === "object" && input !== null && validated.has(input)) return input as MockOptions;
  const options = checkOptions(optionsSchema, input, {
    source,
    text,
    known: (keys) => `the options are those of 'bss-mock serve' in camelCase (${keys})`,
    example: "{ port: 0 }",
  });
  validated.add(options);
  return options;
}

/**
 * Checks options with `schema` (the serve options, or the browser's share of them): a ConfigError with a one-line
 * message naming the option otherwise. `source` names an option where it came from (a flag, a variable), and `text`
 * holds the value as typed there; `known` says which options there are, after an unknown one.
 */
export function checkOptions<S extends z.ZodObject>(
  schema: S,
  input: unknown,
  how: {
    source?: Readonly<Record<string, string>>;
    text?: Readonly<Record<string, unknown>>;
    known: (keys: string) => string;
    example: string;
  },
): z.output<S> {
  // The programmatic API is called from JavaScript too, where nothing stops `startServer(null)`.
  if (input === undefined) input = {};
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new ConfigError(`the options must be an object such as ${how.example}, not ${shown(input, "quoted")}`);
  }
  // Parsed once per start: zod's JIT-compiled object parser would cost more to compile than it could save.
  const parsed = schema.safeParse(input, { jitless: true });
  if (parsed.success) return parsed.data;
  const issue = issueToReport(parsed.error.issues);
  if (issue.code === "unrecognized_keys" && issue.path.length === 0) {
    const key = String(issue.keys[0]);
    const hint = didYouMean(key, Object.keys(schema.shape));
    throw new ConfigError(
      `unknown option '${key}'${hint ? ` (${hint})` : ""}; ${how.known(Object.keys(schema.shape).join(", "))}`,
    );
  }
  const key = String(issue.path[0] ?? "") as keyof MockOptions;
  const value = (input as Record<string, unknown>)[key];
  // A refinement's message is the whole sentence ("expected an IP address …", "it is a pattern …").
  const expected = issue.code === "custom" ? issue.message : `expected ${expectedBy(issue, "as-is")}`;
  // The value is quoted as typed, so a program's `seed: "7"` is told that the string is what is wrong.
  const problem = issue.code === "invalid_type" && typeof value === "string" ? `${expected}, not a string` : expected;
  throw optionError(key, shown(how.text?.[key] ?? value, "as-is"), problem, how.source?.[key] ?? key);
}

/** What validateOptions returned (and nobody else made): checked already. */
const validated = new WeakSet<object>();
