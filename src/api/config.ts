import { z } from "zod";
import { ConfigError as UsageError } from "../platform/config-error.js";
import { didYouMean } from "../platform/nearest.js";

/**
 * Every option of `bss-mock serve`, as one zod schema. Flags and environment variables are parsed into this shape and
 * nothing else in the program reads `process.env`.
 */
export const TIMING_PRESETS = {
  realistic: { planningMs: 3000, runningMs: 12_000, synthesisMs: 4000, retestMs: 5000 },
  fast: { planningMs: 300, runningMs: 800, synthesisMs: 300, retestMs: 300 },
  instant: { planningMs: 0, runningMs: 0, synthesisMs: 0, retestMs: 0 },
} as const;

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

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * `--host`: an IPv4 address (each part 0..255: `999.1.1.1` is refused here rather than by the resolver), an IPv6
 * address, or a host name. Whether this machine can listen there is known only when it tries (server.ts).
 */
function isHostSyntax(host: string): boolean {
  if (/^[\d.]+$/.test(host)) {
    const parts = host.split(".");
    return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
  }
  if (host.includes(":")) return isIpv6(host);
  return (
    host.length <= 253 &&
    host
      .replace(/\.$/, "")
      .split(".")
      .every((label) => HOST_LABEL.test(label))
  );
}

function isIpv6(host: string): boolean {
  const [address = "", zone] = host.split("%");
  if (zone === "" || !/^[0-9a-f:.]+$/i.test(address)) return false;
  const halves = address.split("::");
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === "" ? [] : half.split(":")));
  const last = groups.at(-1) ?? "";
  const ipv4Tail = last.includes(".");
  if (ipv4Tail && !isHostSyntax(last)) return false;
  const hex = ipv4Tail ? groups.slice(0, -1) : groups;
  if (!hex.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const width = hex.length + (ipv4Tail ? 2 : 0);
  return halves.length === 2 ? width < 8 : width === 8;
}

/**
 * `--cors-origin`: `*`, or origins separated by commas (`"http://a, http://b"`; spaces and a trailing slash are
 * forgiven, case does not matter). Undefined when an entry is not an origin.
 */
export function corsOrigins(value: string): "*" | string[] | undefined {
  const parsed = parseCorsOrigins(value);
  return "origins" in parsed ? parsed.origins : undefined;
}

const CORS_EXAMPLE = "expected * or origins such as http://localhost:5173, separated by commas";
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: "80", https: "443" };
/**
 * Schemes whose pages have an opaque origin (sent as `null`), or that are no page's origin (a WebSocket's `Origin` is
 * its page's). Other schemes are kept: an app shell or extension sends its own (`capacitor://localhost`).
 */
const NEVER_SENT = new Set(["ftp", "file", "data", "blob", "about", "javascript", "mailto", "ws", "wss"]);

/**
 * The origins, or why one can never match: an entry is compared with the `Origin` a browser sends, which is always
 * `scheme://host[:port]` in lower case, without the scheme's default port, and never a pattern.
 */
function parseCorsOrigins(value: string): { origins: "*" | string[] } | { problem: string } {
  const entries = value
    .split(",")
    .map((entry) => entry.trim().replace(/\/$/, "").toLowerCase())
    .filter((entry) => entry !== "");
  if (entries.includes("*")) return entries.length === 1 ? { origins: "*" } : { problem: CORS_EXAMPLE };
  if (entries.length === 0) return { problem: CORS_EXAMPLE };
  for (const entry of entries) {
    if (entry === "null") continue;
    // The whole value is quoted before the message: name the entry only when there are several.
    const it = entries.length > 1 ? `'${entry}'` : "it";
    const match = /^([a-z][a-z0-9+.-]*):\/\/([^\s/?#@]+)$/.exec(entry);
    if (!match) return { problem: CORS_EXAMPLE };
    const [, scheme = "", authority = ""] = match;
    if (NEVER_SENT.has(scheme)) {
      return { problem: `${it} never matches: browsers send no ${scheme}: origin; list your pages' http(s) origins` };
    }
    if (authority.includes("*")) {
      return { problem: `${it} is a pattern, and browsers send one origin: list each one (no wildcards)` };
    }
    const parts = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)(?::(\d+))?$/.exec(authority);
    if (!parts) return { problem: `${it} is not an origin a browser sends (scheme://host[:port], the host in ASCII)` };
    const port = parts[2];
    if (port !== undefined && (!/^[1-9]\d{0,4}$/.test(port) || Number(port) > 65_535)) {
      return { problem: `${it} has no valid port (1 to 65535)` };
    }
    if (port !== undefined && DEFAULT_PORTS[scheme] === port) {
      return {
        problem: `${it} never matches: browsers leave out the default port, so write ${scheme}://${parts[1]}`,
      };
    }
  }
  return { origins: entries };
}

export type MockOptions = z.output<typeof optionsSchema>;
export type MockOptionsInput = z.input<typeof optionsSchema>;

/** The per-phase durations in effect: the preset, with any per-phase override applied. */
export function phaseDurations(options: MockOptions) {
  const preset = TIMING_PRESETS[options.timing];
  return {
    planningMs: options.planningMs ?? preset.planningMs,
    runningMs: options.runningMs ?? preset.runningMs,
    synthesisMs: options.synthesisMs ?? preset.synthesisMs,
    retestMs: options.retestMs ?? preset.retestMs,
  };
}

/**
 * Every `serve` flag (kebab-case, as typed): the option it sets, the environment variable that can also set it, and
 * its line of `bss-mock serve --help` (`value` names the argument; a boolean flag takes none). The help text is built
 * from this table, so a flag added here is documented by construction.
 */
export const FLAGS = {
  port: { key: "port", env: "PORT", value: "N", help: "port to listen on (0 = any free port)", default: "4010" },
  host: { key: "host", env: "HOST", value: "H", help: "interface to bind", default: "127.0.0.1" },
  seed: { key: "seed", env: "BSS_MOCK_SEED", value: "N", help: "seed of every generated id and text", default: "1" },
  timing: {
    key: "timing",
    env: "BSS_MOCK_TIMING",
    value: "realistic|fast|instant",
    help: "background phase durations",
    default: "realistic",
  },
  "planning-ms": { key: "planningMs", env: "BSS_MOCK_PLANNING_MS", value: "MS", help: "override the planning phase" },
  "running-ms": { key: "runningMs", env: "BSS_MOCK_RUNNING_MS", value: "MS", help: "override the running phase" },
  "synthesis-ms": {
    key: "synthesisMs",
    env: "BSS_MOCK_SYNTHESIS_MS",
    value: "MS",
    help: "override the round synthesis phase",
  },
  "retest-ms": { key: "retestMs", env: "BSS_MOCK_RETEST_MS", value: "MS", help: "override the population retest" },
  clock: {
    key: "clock",
    env: "BSS_MOCK_CLOCK",
    value: "system|manual",
    help: "manual: time moves only when told",
    default: "system",
  },
  now: { key: "now", env: "BSS_MOCK_NOW", value: "ISO", help: "start of the manual clock" },
  db: {
    key: "db",
    env: "BSS_MOCK_DB",
    value: "FILE",
    help: "persist state in FILE and the FILE.journal-N.jsonl files beside it",
    default: "memory",
  },
  "db-sync": {
    key: "dbSync",
    env: "BSS_MOCK_DB_SYNC",
    value: "always|never",
    help: "always: fsync the journal before answering a write",
    default: "never",
  },
  auth: {
    key: "auth",
    env: "BSS_MOCK_AUTH",
    value: "optional|required",
    help: "required: no authorization header gets 401",
    default: "optional",
  },
  "max-questions": {
    key: "maxQuestions",
    env: "BSS_MOCK_MAX_QUESTIONS",
    value: "N",
    help: "most questions in a survey design or plan",
    default: "40",
  },
  "max-context-mb": {
    key: "maxContextMb",
    env: "BSS_MOCK_MAX_CONTEXT_MB",
    value: "N",
    help: "MiB of context text one organisation may store",
    default: "64",
  },
  "cors-origin": {
    key: "corsOrigin",
    env: "BSS_MOCK_CORS_ORIGIN",
    value: "ORIGINS",
    help: "comma-separated allowed origins",
    default: "*",
  },
  quiet: { key: "quiet", env: "BSS_MOCK_QUIET", boolean: true, help: "no request log" },
  "log-format": {
    key: "logFormat",
    env: "BSS_MOCK_LOG_FORMAT",
    value: "text|json",
    help: "request log as text lines or JSON lines",
    default: "text",
  },
  fixtures: {
    key: "fixtures",
    env: "BSS_MOCK_FIXTURES",
    value: "DIR",
    help: "goals.json, populations.json, demo-world.json from DIR",
    default: "packaged",
  },
  scenario: { key: "scenarios", env: "BSS_MOCK_SCENARIO", value: "a,b", help: "scenarios active from the start" },
  scenarios: {
    key: "scenariosDir",
    env: "BSS_MOCK_SCENARIOS_DIR",
    value: "DIR|FILE",
    help: "your own scenario files (a folder, or one file), beside the shipped ones",
  },
  "journal-size": {
    key: "journalSize",
    env: "BSS_MOCK_JOURNAL_SIZE",
    value: "N",
    help: "requests the request journal keeps (0: off)",
    default: "1000",
  },
  "no-control": { key: "noControl", env: "BSS_MOCK_NO_CONTROL", boolean: true, help: "no /__mock control API" },
  "control-token": {
    key: "controlToken",
    env: "BSS_MOCK_CONTROL_TOKEN",
    value: "T",
    help: "the control API needs header x-mock-control-token: T",
  },
} as const satisfies Record<string, FlagSpec>;

interface FlagSpec {
  key: keyof MockOptions;
  env: string;
  help: string;
  /** The argument's placeholder in the help; absent for a boolean flag. */
  value?: string;
  boolean?: true;
  default?: string;
}

/** The flag table as the lines of `bss-mock serve --help`. */
export function flagHelp(): string {
  const specs: [string, FlagSpec][] = Object.entries(FLAGS);
  const rows = specs.map(([name, flag]) => [
    `--${name}${flag.value ? ` ${flag.value}` : ""}`,
    flag.env,
    `${flag.help}${flag.default ? ` (default ${flag.default})` : ""}`,
  ]);
  rows.push(["--help, -h", "", "this help"]);
  const width = (i: number) => Math.max(...rows.map((row) => (row[i] as string).length));
  return rows.map(([flag, env, help]) => `  ${flag?.padEnd(width(0))}  ${env?.padEnd(width(1))}  ${help}`).join("\n");
}

type FlagName = keyof typeof FLAGS;

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

/** The flag that sets an option (`--host` for host). */
export function flagOf(option: keyof MockOptions): string {
  return `--${Object.entries(FLAGS).find(([, flag]) => flag.key === option)?.[0] ?? option}`;
}

function isFlagName(name: string): name is FlagName {
  return Object.hasOwn(FLAGS, name);
}

/**
 * Parses `serve` flags (`--port 4011`, `--port=4011`, `--quiet`) over environment defaults. Throws ConfigError with a
 * one-line message naming the offending flag.
 */
/**
 * The log format the command line asks for (the flag wins over its variable), read on its own so that an error in any
 * other option is still written in it; anything but `json` is text.
 */
export function askedLogFormat(argv: readonly string[], env: NodeJS.ProcessEnv = {}): "text" | "json" {
  let asked = env[FLAGS["log-format"].env];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--log-format") asked = argv[++i];
    else if (arg.startsWith("--log-format=")) asked = arg.slice("--log-format=".length);
  }
  return asked === "json" ? "json" : "text";
}

export function parseServeOptions(argv: readonly string[], env: NodeJS.ProcessEnv = {}): MockOptions {
  const raw: Record<string, unknown> = {};
  const source: Record<string, string> = {};
  for (const [name, flag] of Object.entries(FLAGS)) {
    const value = env[flag.env];
    if (value === undefined || value === "") continue;
    raw[flag.key] = "boolean" in flag ? !["0", "false", "no", "off"].includes(value.toLowerCase()) : value;
    source[flag.key] = `${flag.env} (--${name})`;
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith("--")) throw new ConfigError(`unexpected argument '${arg}'; flags look like --port 4010`);
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (!isFlagName(name)) {
      const hint = didYouMean(name, Object.keys(FLAGS), (flag) => `--${flag}`);
      throw new ConfigError(`unknown flag --${name}${hint ? ` (${hint})` : ""}; see 'bss-mock --help'`);
    }
    const flag = FLAGS[name];
    if ("boolean" in flag) {
      if (eq !== -1) throw new ConfigError(`--${name} takes no value`);
      raw[flag.key] = true;
    } else {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || (eq === -1 && value.startsWith("--")))
        throw new ConfigError(`--${name} needs a value`);
      raw[flag.key] = value;
    }
    source[flag.key] = `--${name}`;
  }
  const typed = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, fromText(key, value)]));
  return validateOptions(typed, source, raw);
}

/** A flag's or variable's text as the option's value: a number, a list of scenario names, or the text itself. */
function fromText(key: string, value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (key === "scenarios") {
    return value
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
  }
  // Number("") is 0: an empty `--port=` is not a port.
  if (NUMBER_OPTIONS.has(key)) return value.trim() === "" ? Number.NaN : Number(value);
  return value;
}

/** The options whose value is a number, as the schema says. */
const NUMBER_OPTIONS = new Set(
  Object.entries(optionsSchema.shape)
    .filter(([, schema]) => {
      let inner: z.ZodType = schema;
      while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
      return inner instanceof z.ZodNumber;
    })
    .map(([key]) => key),
);

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

// ---- zod issues in plain words, for the options here and the control calls' arguments (mock-facade.ts) ----
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

/** What validateOptions returned (and nobody else made): checked already. */
const validated = new WeakSet<object>();
