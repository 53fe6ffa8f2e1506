#!/usr/bin/env node
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, parseServeOptions } from "./config.js";

const HELP = `bss-mock: mock server and contract tests for the Behaviour Simulation Service API

Usage:
  bss-mock [serve] [flags]            run the mock (default http://127.0.0.1:4010, docs at /docs)
  bss-mock openapi [--out FILE]       print (or write) the OpenAPI 3.1 document
  bss-mock contract --base-url URL    run the contract suite against a running implementation
                                      (bss-mock contract --help for its options)

serve flags (environment variable in brackets):
  --port N (PORT, 4010)  --host H (HOST, 127.0.0.1)  --seed N (BSS_MOCK_SEED, 1)
  --timing realistic|fast|instant (BSS_MOCK_TIMING)  --planning-ms --running-ms --synthesis-ms --retest-ms
  --clock system|manual (BSS_MOCK_CLOCK)  --now ISO (BSS_MOCK_NOW, manual clock start)
  --db FILE (BSS_MOCK_DB; default: memory)  --auth optional|required (BSS_MOCK_AUTH)
  --max-questions N (BSS_MOCK_MAX_QUESTIONS, 40)  --cors-origin ORIGINS (BSS_MOCK_CORS_ORIGIN, *)  --quiet
  --fixtures DIR (BSS_MOCK_FIXTURES): goals.json, populations.json, demo-world.json from DIR`;

function fail(message: string): never {
  process.stderr.write(`bss-mock: ${message}\n`);
  process.exit(2);
}

async function serveCommand(argv: string[]) {
  let options: ReturnType<typeof parseServeOptions>;
  try {
    options = parseServeOptions(argv, process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const { startServer } = await import("./server.js");
  const server = await startServer(options).catch((error: Error) => fail(error.message));
  process.stdout.write(`bss-mock listening on ${server.url} (docs at ${server.url}/docs)\n`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

async function openapiCommand(argv: string[]) {
  const outIndex = argv.indexOf("--out");
  const out = outIndex === -1 ? undefined : argv[outIndex + 1];
  if (outIndex !== -1 && !out) fail("--out needs a file path");
  const { createApp } = await import("./app.js");
  const text = `${JSON.stringify(createApp({ quiet: true }).document(), null, 2)}\n`;
  if (!out) {
    process.stdout.write(text);
    return;
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  process.stdout.write(`wrote ${out}\n`);
}

/**
 * The contract runner and suite are their own bundle (dist/contract.cjs, scripts/contract-bundle.mjs), loaded only for
 * this command so `serve` starts without them.
 */
async function contractCommand(argv: string[]) {
  const bundle = join(dirname(fileURLToPath(import.meta.url)), "contract.cjs");
  const runner = createRequire(import.meta.url)(bundle) as { run(argv: string[]): Promise<number> };
  process.exitCode = await runner.run(argv);
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(`${HELP}\n`);
  } else if (command === undefined || command === "serve") {
    await serveCommand(rest);
  } else if (command.startsWith("--")) {
    await serveCommand([command, ...rest]);
  } else if (command === "openapi") {
    await openapiCommand(rest);
  } else if (command === "contract") {
    await contractCommand(rest);
  } else {
    fail(`unknown command '${command}'; see 'bss-mock --help'`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`bss-mock: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
