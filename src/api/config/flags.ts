import { z } from "zod";
import { didYouMean } from "../../platform/nearest.js";
import { ConfigError, type MockOptions, optionsSchema, validateOptions } from "./options.js";

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

export interface FlagSpec {
  key: keyof MockOptions;
  env: string;
  help: string;
  /** The argument's placeholder in the help; absent for a boolean flag. */
  value?: string;
  boolean?: true;
  default?: string;
}

type FlagName = keyof typeof FLAGS;

/** The flag that sets an option (`--host` for host). */
export function flagOf(option: keyof MockOptions): string {
  return `--${Object.entries(FLAGS).find(([, flag]) => flag.key === option)?.[0] ?? option}`;
}

function isFlagName(name: string): name is FlagName {
  return Object.hasOwn(FLAGS, name);
}

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

/**
 * Parses `serve` flags (`--port 4011`, `--port=4011`, `--quiet`) over environment defaults. Throws ConfigError with a
 * one-line message naming the offending flag.
 */
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
