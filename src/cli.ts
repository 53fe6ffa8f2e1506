#!/usr/bin/env node
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  askedLogFormat,
  COVERAGE_USAGE,
  ConfigError,
  flagHelp,
  flagOf,
  MCP_USAGE,
  parseServeOptions,
} from "./api/index.js";
import { messageLine } from "./fastapi/index.js";
import { CHECK_USAGE, CONTRACT_USAGE, type CompareHooks, PROXY_USAGE } from "./kit/index.js";
import { deferWebGlobals } from "./platform/lazy-web-globals.js";
import { didYouMean } from "./platform/nearest.js";
import { packageRoot } from "./platform/package-root.js";

const USAGE = `bss-mock: mock server and contract tests for the Behaviour Simulation Service API

Usage:
  bss-mock [serve] [flags]            run the mock (default http://127.0.0.1:4010, docs at /docs)
  bss-mock openapi [--out FILE]       print (or write) the OpenAPI 3.1 document
  bss-mock contract --base-url URL    run the contract suite against a running implementation
  bss-mock proxy --upstream URL       judge a service's live traffic by the spec's rules (report at /__proxy/)
  bss-mock check FILE                 judge recorded traffic (HAR, or a mock's journal) by the same rules
  bss-mock coverage --base-url URL    what a client's run reached on a running mock, and what it never did
  bss-mock repair --db FILE           rewrite a damaged --db world from every record that passes its check
  bss-mock mcp [flags]                the control API as an MCP server over stdio, for AI coding tools
  bss-mock --version                  print the version
  bss-mock <command> --help           help for one command`;

const EXIT_CODES = `Exit codes: 0 ok, 1 runtime failure (for example the port is in use), 2 usage error (bad flag or value, bad
fixture or scenario file, unusable --db).`;

const COMMAND_HELP: Record<string, () => string> = {
  serve: () => `Usage: bss-mock [serve] [flags]

Runs the mock. Every flag can also be set by the environment variable beside it; a flag wins over its variable.

${flagHelp()}

${EXIT_CODES}`,
  openapi: () => `Usage: bss-mock openapi [--out FILE]

Prints the OpenAPI 3.1 document the server serves at /openapi.json, or writes it to FILE.

${EXIT_CODES}`,
  contract: () => CONTRACT_USAGE,
  proxy: () => PROXY_USAGE,
  check: () => CHECK_USAGE,
  coverage: () => COVERAGE_USAGE,
  repair: () => `Usage: bss-mock repair --db FILE

Rewrites the --db world FILE when a start refuses it as damaged (or as written by an earlier bss-mock, without
checksums): keeps every record whose line passes its check, not only those before the first bad line, and says
line by line what it dropped. The damaged files are copied to FILE.damaged-<time>/ first. Run it with the mock
stopped; a world that is not damaged is left as it is.

Exit codes: 0 repaired (or nothing to repair), 1 runtime failure, 2 usage error (no --db, a path it cannot use, a
world in use by a running mock).`,
  mcp: () => MCP_USAGE,
};

class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Exits with one line on stderr: plain text, or a JSON line when `serve --log-format json` asked for one. */
function fail(message: string, code: 1 | 2 = 2, format: "text" | "json" = "text"): never {
  process.stderr.write(`${messageLine(format, "error", message)}\n`);
  process.exit(code);
}

function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}

async function serveCommand(argv: string[]) {
  // Log tools reading JSON lines get the start-up errors as JSON lines too.
  const format = askedLogFormat(argv, process.env);
  let options: ReturnType<typeof parseServeOptions>;
  try {
    options = parseServeOptions(argv, process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2, format);
    throw error;
  }
  // Before the server module: @hono/node-server reads fetch's classes when it is imported (lazy-web-globals.ts).
  deferWebGlobals();
  const { PortInUseError, startServer } = await import("./api/node.js");
  const server = await startServer(options).catch((error: Error) =>
    error instanceof PortInUseError
      ? fail(`${error.message}; pick another with --port N, or --port 0 for any free port`, 1, format)
      : fail(error instanceof ConfigError ? asFlag(error) : error.message, 2, format),
  );
  process.stdout.write(
    options.logFormat === "json"
      ? `${JSON.stringify({ time: new Date().toISOString(), event: "listening", url: server.url, docs: `${server.url}/docs` })}\n`
      : `bss-mock listening on ${server.url} (docs at ${server.url}/docs)\n`,
  );
  // As uvicorn: the first SIGTERM or SIGINT stops accepting and lets the requests in flight finish, then the state is
  // flushed; a second one closes what is still open and exits at once (what was acknowledged is written already).
  let signalled = false;
  const stop = () => {
    if (signalled) {
      server.abort();
      process.exit(1);
    }
    signalled = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/**
 * A usage error found once the mock starts, said with the flag's name (`--db FILE: …` as docs/persistence.md shows it).
 */
function asFlag(error: ConfigError): string {
  const { option, value, problem } = error;
  if (option === undefined || value === undefined || problem === undefined) return error.message;
  return option === "db" ? `--db ${value}: ${problem}` : `invalid ${flagOf(option)} '${value}': ${problem}`;
}

/** The value of a command's one flag `name` (`--name V` or `--name=V`); undefined when not given. */
function onlyFlag(argv: string[], command: string, name: string, needs: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === name) value = argv[++i];
    else if (arg.startsWith(`${name}=`)) value = arg.slice(name.length + 1);
    else throw new UsageError(`unknown argument '${arg}' for ${command}; see 'bss-mock ${command} --help'`);
    if (!value || value.startsWith("--")) throw new UsageError(`${name} needs ${needs}`);
  }
  return value;
}

async function openapiCommand(argv: string[]) {
  const out = onlyFlag(argv, "openapi", "--out", "a file path");
  // Like --db: a missing folder is a mistyped path more often than a wish for new folders.
  const folder = out === undefined ? undefined : dirname(resolve(out));
  if (folder !== undefined && !existsSync(folder))
    throw new UsageError(`--out ${out}: its folder ${folder} does not exist`);
  const { createApp } = await import("./api/index.js");
  const text = `${JSON.stringify(createApp({ quiet: true }).document(), null, 2)}\n`;
  if (!out) {
    process.stdout.write(text);
    return;
  }
  try {
    writeFileSync(out, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    // A path that cannot take a file is the flag's fault (2); a full or failing disk is not (1).
    fail(`--out ${out}: cannot write it (${code})`, PATH_ERRORS.has(code) ? 2 : 1);
  }
  process.stdout.write(`wrote ${out}\n`);
}

async function repairCommand(argv: string[]) {
  const db = onlyFlag(argv, "repair", "--db", "the file of the world to repair");
  if (db === undefined) throw new UsageError("repair needs --db FILE, the world to repair");
  const { DbUnusable, repairDb } = await import("./store/node.js");
  let report: ReturnType<typeof repairDb>;
  try {
    report = repairDb(db);
  } catch (error) {
    if (error instanceof DbUnusable) fail(error.message, 2);
    fail(`--db ${db}: cannot repair it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, 1);
  }
  for (const line of report.lines) process.stdout.write(`bss-mock repair: ${line}\n`);
}

const PATH_ERRORS = new Set(["EACCES", "EPERM", "ENOENT", "ENOTDIR", "EISDIR", "EROFS", "ENAMETOOLONG", "ELOOP"]);

/**
 * The contract runner and suite are their own bundle (dist/contract.cjs, scripts/contract-bundle.mjs), loaded only for
 * this command so `serve` starts without them. Its exit code follows the runner's (0, 1 a rule failed, 2 usage or an
 * unreachable target).
 */
async function contractCommand(argv: string[]) {
  process.exitCode = await contractBundle().run(argv, {
    // The launcher beside this bundle (dist/cli.cjs alone runs nothing: dist/bss-mock.cjs starts it).
    cli: join(dirname(fileURLToPath(import.meta.url)), "bss-mock.cjs"),
    // --compare-mock: a mock in this process on a real clock with short phases, as `serve --timing fast` starts it.
    startMock: async () => {
      const { startServer } = await import("./api/node.js");
      const server = await startServer({ port: 0, host: "127.0.0.1", timing: "fast", quiet: true });
      return { url: server.url, version: version(), close: () => server.close({ graceMs: 1000 }) };
    },
  });
}

function contractBundle() {
  const bundle = join(dirname(fileURLToPath(import.meta.url)), "contract.cjs");
  return createRequire(import.meta.url)(bundle) as {
    run(argv: string[], hooks: CompareHooks): Promise<number>;
    proxy(argv: string[]): Promise<number>;
    check(argv: string[]): Promise<number>;
  };
}

/**
 * `bss-mock proxy` and `check` run from the contract bundle too: they judge by its rule catalogue. The proxy exits
 * once it has written its report, whatever connections clients keep open.
 */
async function proxyCommand(argv: string[]) {
  process.exit(await contractBundle().proxy(argv));
}

async function checkCommand(argv: string[]) {
  process.exitCode = await contractBundle().check(argv);
}

/**
 * `bss-mock mcp`: its own bundle (dist/mcp.cjs, with the MCP SDK), loaded for this command only; it is handed what
 * starts a mock rather than bundling the mock again.
 */
async function mcpCommand(argv: string[]) {
  const bundle = join(dirname(fileURLToPath(import.meta.url)), "mcp.cjs");
  const mcp = createRequire(import.meta.url)(bundle) as typeof import("./api/mcp/main.js");
  const { startServer } = await import("./api/node.js");
  process.exitCode = await mcp.run(argv, { version: version(), parseServeOptions, startServer });
}

/** `bss-mock coverage`: reads GET /__mock/coverage of a running mock; exit 1 under a --min-* threshold. */
async function coverageCommand(argv: string[]) {
  const { runCoverage } = await import("./api/node.js");
  process.exitCode = await runCoverage(
    argv,
    { write: (text) => process.stdout.write(text), error: (text) => process.stderr.write(text) },
    process.env,
  );
}

const isHelp = (arg: string) => arg === "--help" || arg === "-h";

function unknownCommand(command: string): UsageError {
  const hint = didYouMean(command, Object.keys(COMMAND_HELP));
  return new UsageError(`unknown command '${command}'${hint ? ` (${hint})` : ""}; see 'bss-mock --help'`);
}

async function main(argv: string[]) {
  const [first, ...rest] = argv;
  if (first === undefined || isHelp(first)) {
    if (first === undefined) return serveCommand([]);
    process.stdout.write(`${USAGE}\n\n${EXIT_CODES}\n`);
    return;
  }
  if (first === "--version" || first === "-v") {
    process.stdout.write(`${version()}\n`);
    return;
  }
  if (first === "help") {
    const topic = rest[0];
    if (topic === undefined) process.stdout.write(`${USAGE}\n\n${EXIT_CODES}\n`);
    else if (Object.hasOwn(COMMAND_HELP, topic)) process.stdout.write(`${COMMAND_HELP[topic]?.()}\n`);
    else throw unknownCommand(topic);
    return;
  }
  // Flags without a command are serve's.
  const [command, args] = first.startsWith("-") ? ["serve", argv] : [first, rest];
  if (!Object.hasOwn(COMMAND_HELP, command)) throw unknownCommand(command);
  if (args.some(isHelp)) {
    process.stdout.write(`${COMMAND_HELP[command]?.()}\n`);
    return;
  }
  if (command === "serve") await serveCommand(args);
  else if (command === "openapi") await openapiCommand(args);
  else if (command === "contract") await contractCommand(args);
  else if (command === "proxy") await proxyCommand(args);
  else if (command === "check") await checkCommand(args);
  else if (command === "coverage") await coverageCommand(args);
  else if (command === "repair") await repairCommand(args);
  else if (command === "mcp") await mcpCommand(args);
}

// A reader that stops early (`bss-mock openapi | head -c 10`) closes the pipe: that is the reader's choice, not a
// failure, so leave quietly instead of with an EPIPE stack trace. Any other write failure (`> /dev/full`) is a runtime
// failure, said in one line.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  fail(`cannot write to stdout (${error.code ?? error.message})`, 1);
});

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) fail(error.message, 2);
  process.stderr.write(`bss-mock: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
