import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { MockOptions } from "../config/options.js";
import { CONTROL_TOOLS, type ControlRequest, inputJsonSchema, refusalMessage } from "./tools.js";
import { MCP_USAGE } from "./usage.js";

/**
 * `bss-mock mcp`: the control API as an MCP server over stdio, for AI coding tools. Its own bundle (dist/mcp.cjs,
 * with the MCP SDK), loaded by the command line for this command only; the command line hands it what starts a mock,
 * so the mock is not bundled twice.
 */

export interface McpDeps {
  readonly version: string;
  parseServeOptions(argv: readonly string[], env: NodeJS.ProcessEnv): MockOptions;
  startServer(options: MockOptions): Promise<{ readonly url: string; close(): Promise<void> }>;
}

class McpUsageError extends Error {
  override readonly name = "McpUsageError";
}

/** Where the tools send their requests: --base-url and --control-token, or undefined to start a mock here. */
function remoteTarget(argv: readonly string[]): { baseUrl: string; token: string | undefined } | undefined {
  const values = new Map<string, string>();
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (name !== "--base-url" && name !== "--control-token") {
      rest.push(arg);
      continue;
    }
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || value === "" || (eq === -1 && value.startsWith("--")))
      throw new McpUsageError(`${name} needs a value`);
    values.set(name, value);
  }
  const baseUrl = values.get("--base-url");
  if (baseUrl === undefined) return undefined;
  if (rest.length > 0) {
    throw new McpUsageError(
      `with --base-url the mock is already running: '${rest[0]}' is a flag for one this command starts; drop --base-url to start one`,
    );
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new McpUsageError(`--base-url ${baseUrl}: not a URL, such as http://127.0.0.1:4010`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new McpUsageError(`--base-url ${baseUrl}: not an http(s) URL`);
  }
  return { baseUrl: url.href.replace(/\/$/, ""), token: values.get("--control-token") };
}

function controlRequest(baseUrl: string, token: string | undefined): ControlRequest {
  return async (method, path, { query, body } = {}) => {
    const url = new URL(`${baseUrl}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {};
    if (token !== undefined) headers["x-mock-control-token"] = token;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    let parsed: unknown = null;
    if (text !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, body: parsed };
  };
}

const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });

/** Serves the tools on stdin and stdout until stdin closes; the exit code, or 2 with a usage error on stderr. */
export async function run(argv: readonly string[], deps: McpDeps): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${MCP_USAGE}\n`);
    return 0;
  }
  let remote: ReturnType<typeof remoteTarget>;
  let options: MockOptions | undefined;
  try {
    remote = remoteTarget(argv);
    // stdout is the MCP channel: the request log would corrupt it.
    if (!remote) options = { ...deps.parseServeOptions(argv, process.env), quiet: true };
  } catch (error) {
    process.stderr.write(`bss-mock: ${(error as Error).message}\n`);
    return 2;
  }
  let mock: Awaited<ReturnType<McpDeps["startServer"]>> | undefined;
  try {
    mock = options ? await deps.startServer(options) : undefined;
  } catch (error) {
    // Said as `serve` says it; the classes are the command line bundle's, known here by name.
    const { name, message } = error as Error;
    const portInUse = name === "PortInUseError";
    const hint = portInUse ? "; pick another with --port N, or --port 0 for any free port" : "";
    process.stderr.write(`bss-mock: ${message}${hint}\n`);
    return portInUse || name !== "ConfigError" ? 1 : 2;
  }
  const baseUrl = remote?.baseUrl ?? (mock?.url as string);
  const request = controlRequest(baseUrl, remote ? remote.token : options?.controlToken);

  const server = new Server(
    { name: "bss-mock", version: deps.version },
    {
      capabilities: { tools: {} },
      instructions: `A bss-mock (mock of the Behaviour Simulation Service API) at ${baseUrl}: point the app under test there. These tools drive its control API (/__mock); the API itself is under /v1 (OpenAPI at ${baseUrl}/openapi.json).`,
    },
  );
  const tools = new Map(CONTROL_TOOLS.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: CONTROL_TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: inputJsonSchema(tool),
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = tools.get(params.name);
    if (!tool) return toolError(`no tool is called ${params.name}; the tools are ${[...tools.keys()].join(", ")}`);
    try {
      const { status, body } = await tool.call(request, params.arguments ?? {});
      if (status >= 400) return toolError(refusalMessage(status, body));
      return { content: [{ type: "text", text: JSON.stringify(body, null, 2) }] };
    } catch (error) {
      const { cause } = error as { cause?: { code?: string; message?: string } };
      return toolError(
        `cannot reach the mock at ${baseUrl}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      );
    }
  });

  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    process.stdin.once("end", resolve);
    process.once("SIGTERM", resolve);
    process.once("SIGINT", resolve);
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await server.close();
  await mock?.close();
  return 0;
}
