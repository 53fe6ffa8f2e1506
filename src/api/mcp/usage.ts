/** `bss-mock mcp --help`: shared by the command line (which answers --help itself) and the MCP server. */
export const MCP_USAGE = `Usage: bss-mock mcp [serve flags]
       bss-mock mcp --base-url URL [--control-token T]

An MCP server over stdio (for AI coding tools) whose tools drive the mock's control API: list and reset
organisations, read and advance the clock, list, use and clear scenarios, read the request journal, and create a
simulation in a given status for a caller.

Without --base-url it starts a mock itself, with the flags of 'bss-mock serve' (default http://127.0.0.1:4010; its
request log is off, as stdout is the MCP channel); with --base-url it drives a mock already running there
(--control-token T when that mock was started with one).

Exit codes: 0 ok (stdin closed), 1 runtime failure (for example the port is in use), 2 usage error.`;
