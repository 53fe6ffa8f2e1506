import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../index.js";
import { packageRoot } from "../../platform/package-root.js";

// `bss-mock mcp` as an MCP client runs it: a process over stdio, driven with the official SDK's client. The command
// line and the MCP bundle are built from src/ here, as scripts/build.mjs builds them (dist/ may be stale);
// scripts/test-package.mjs runs the installed package's, with the client configurations of docs/testing.md.
const outDir = join(packageRoot(), "node_modules", ".cache", "bss-mock-mcp-test");
const cli = join(outDir, "cli.mjs");

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  const common = { bundle: true, platform: "node", packages: "external", logLevel: "error" } as const;
  await build({ ...common, entryPoints: ["src/cli.ts"], outfile: cli, format: "esm" });
  await build({
    ...common,
    entryPoints: ["src/api/mcp/main.ts"],
    outfile: join(outDir, "mcp.cjs"),
    format: "cjs",
    define: { "import.meta.url": "__bssImportMetaUrl" },
    banner: { js: 'var __bssImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
}, 60_000);

const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
});

/** `bss-mock mcp …args` over stdio, connected; `errors` collects what the client could not read on stdout. */
async function connect(args: string[]) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, "mcp", ...args],
    stderr: "pipe",
  });
  const errors: unknown[] = [];
  const client = new Client({ name: "bss-mock-test", version: "1.0.0" });
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  clients.push(client);
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: Array<{ type: string; text: string }>;
    };
    const text = result.content[0]?.text ?? "";
    return { error: result.isError === true, text, json: () => JSON.parse(text) };
  };
  return { client, call, errors };
}

describe("bss-mock mcp, starting a mock of its own", () => {
  it("should list the control API's tools, each with an object input schema from its route", async () => {
    const { client, errors } = await connect(["--port", "0", "--clock", "manual"]);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "mock_info",
      "list_organisations",
      "reset",
      "read_clock",
      "advance_clock",
      "list_scenarios",
      "use_scenarios",
      "clear_scenarios",
      "read_requests",
      "create_simulation",
    ]);
    for (const tool of tools) expect(tool.inputSchema.type, tool.name).toBe("object");
    const advance = tools.find((tool) => tool.name === "advance_clock");
    expect(advance?.inputSchema.properties).toEqual({
      ms: { type: "integer", minimum: 0, maximum: 31_536_000_000 },
      until: expect.objectContaining({ type: "string", enum: ["next", "idle"] }),
    });
    const create = tools.find((tool) => tool.name === "create_simulation");
    expect(create?.inputSchema.required).toEqual(["caller", "status", "simulation"]);
    expect(client.getInstructions()).toMatch(/^A bss-mock .* at http:\/\/127\.0\.0\.1:\d+: point the app under test/);
    expect(errors).toEqual([]);
  });

  it("should drive the mock: a simulation in a status, the clock, scenarios, the journal, organisations", async () => {
    const { client, call, errors } = await connect(["--port", "0", "--clock", "manual", "--seed", "3"]);
    const url = /at (http:\/\/\S+):/.exec(client.getInstructions() ?? "")?.[1] as string;
    const headers = { authorization: "Bearer ann@acme" };
    const models = (await (await fetch(`${url}/v1/user-models`, { headers })).json()) as Array<{ id: string }>;
    const simulation = {
      mode: "research",
      goal: "concept_test",
      inputs: { concept: "Refills by post" },
      user_model_ids: [models[0]?.id],
    };

    const planned = await call("create_simulation", { caller: "ann@acme", status: "planned", simulation });
    expect(planned.error).toBe(false);
    expect(planned.json()).toMatchObject({ status: "planned", mode: "research" });
    const id = planned.json().id as string;
    await fetch(`${url}/v1/simulations/${id}/run`, { method: "POST", headers });
    expect((await call("advance_clock", { until: "idle" })).json().kind).toBe("manual");
    const read = (await (await fetch(`${url}/v1/simulations/${id}`, { headers })).json()) as { status: string };
    expect(read.status).toBe("completed");

    expect((await call("use_scenarios", { scenarios: ["server-error"], org: "acme" })).json().active).toEqual({
      global: [],
      organisations: { acme: ["server-error"] },
    });
    expect((await fetch(`${url}/v1/simulations`, { headers })).status).toBe(500);
    expect((await call("clear_scenarios", { org: "acme" })).json().active.organisations).toEqual({});
    const journal = (await call("read_requests", { caller: "ann@acme", status: 500 })).json();
    expect(journal.requests).toEqual([expect.objectContaining({ method: "GET", path: "/v1/simulations" })]);

    expect((await call("list_organisations")).json().organisations).toEqual([
      expect.objectContaining({ kind: "shared", name: "acme", simulations: 1 }),
    ]);
    expect((await call("reset", { org: "acme" })).json()).toEqual({ reset: "acme" });
    expect((await call("list_organisations")).json().organisations).toEqual([]);
    expect((await call("read_clock")).json()).toMatchObject({ kind: "manual" });
    expect(errors).toEqual([]);
  });

  it("should answer a refusal as a tool error with the API's message", async () => {
    const { call } = await connect(["--port", "0"]);
    expect(await call("advance_clock", { ms: 10 })).toEqual({
      error: true,
      text: "The clock is the system clock; start the mock with --clock manual to move time by hand.",
      json: expect.any(Function),
    });
    const typo = await call("use_scenarios", { scenarios: ["flakey"] });
    expect(typo.error).toBe(true);
    expect(typo.text).toMatch(/^Unknown scenario 'flakey' in scenarios \(did you mean 'flaky'\?\)/);
    const invalid = await call("create_simulation", { caller: "x", status: "done", simulation: {} });
    expect(invalid.error).toBe(true);
    expect(invalid.text).toContain(
      "body.status: Input should be 'planning', 'planned', 'running', 'completed' or 'failed'",
    );
    expect((await call("no_such_tool")).text).toMatch(/^no tool is called no_such_tool; the tools are mock_info, /);
  });
});

describe("bss-mock mcp --base-url", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, quiet: true, clock: "manual", controlToken: "s3cret" });
  });
  afterAll(() => server.close());

  it("should drive a mock already running, sending its control token", async () => {
    const { call } = await connect(["--base-url", server.url, "--control-token", "s3cret"]);
    expect((await call("read_clock")).json().kind).toBe("manual");
    const without = await connect(["--base-url", server.url]);
    const refused = await without.call("read_clock");
    expect(refused.error).toBe(true);
    expect(refused.text).toMatch(/x-mock-control-token/);
  });

  it("should say so in a tool error when nothing answers there", async () => {
    // A port that was just given up: nothing listens there.
    const probe = createNetServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const { call } = await connect(["--base-url", `http://127.0.0.1:${port}`]);
    expect(await call("read_clock")).toMatchObject({
      error: true,
      text: `cannot reach the mock at http://127.0.0.1:${port}: ECONNREFUSED`,
    });
  });
});

describe("bss-mock mcp's usage errors", () => {
  it("should refuse flags it cannot use with one line, exit 2, and show its help", () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [cli, "mcp", ...args], { encoding: "utf8" });
    const mixed = run("--base-url", "http://127.0.0.1:4010", "--port", "1");
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toMatch(/^bss-mock: with --base-url the mock is already running: '--port' is a flag /);
    expect(run("--base-url", "ftp://x").stderr).toBe("bss-mock: --base-url ftp://x: not an http(s) URL\n");
    const typo = run("--prot", "0");
    expect([typo.status, typo.stderr]).toEqual([
      2,
      "bss-mock: unknown flag --prot (did you mean --port?); see 'bss-mock --help'\n",
    ]);
    expect(run("--help").stdout).toMatch(/^Usage: bss-mock mcp \[serve flags\]/);
  });
});

describe("docs/testing.md: In AI coding tools (MCP)", () => {
  it("should show client configurations whose command lines start the MCP server", async () => {
    const testing = readFileSync(join(packageRoot(), "docs", "testing.md"), "utf8");
    const start = testing.indexOf("\n## In AI coding tools (MCP)\n");
    const section = testing.slice(start, testing.indexOf("\n## ", start + 1));
    const configs = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map(([, json]) => JSON.parse(json as string));
    expect(configs).toHaveLength(2);
    const server = await startServer({ port: 0, quiet: true });
    try {
      for (const config of configs) {
        const entry = (config.mcpServers ?? config.servers)["bss-mock"] as { command: string; args: string[] };
        expect([entry.command, ...entry.args.slice(0, 2)]).toEqual(["npx", "bss-mock", "mcp"]);
        // npx bss-mock is this source tree's command line here (the installed package's in test-package); a free port.
        const args = entry.args
          .slice(2)
          .map((arg) => (arg === "http://127.0.0.1:4010" ? server.url : arg))
          .concat(entry.args.includes("--base-url") ? [] : ["--port", "0"]);
        const { client } = await connect(args);
        expect((await client.listTools()).tools).toHaveLength(10);
      }
    } finally {
      await server.close();
    }
  });
});
